"""What an arbiter prints for a club night: the boards (étuis) and the score slips.

Each board shows its number, dealer, the taker's orientation (the rulebook's
coloured label), the imposed contract (or the match's choice) and every hand
with the dog, so the deal can be laid out and checked. Each table gets a slip
per position: who sits where (teams in triplettes and the match) and the boards
to play, with room for the contract, points, bouts and the score that North
writes on the travelling slip (fiche ambulante); in triplettes the slip names
each board's attacker, by the badges' rotation.
"""

from __future__ import annotations

from html import escape

from atout.cards import hand_text
from atout.tournament.boards import ORIENTATIONS, Board
from atout.tournament.event import CHOSEN, Tournament
from atout.tournament.movement import Seating
from atout.tournament.report import LINES

SLIP_COLUMNS = ("Board", "Contract", "Taker", "Points", "Bouts", "Bonuses", "Score +", "Score -")
_STYLE = """
body { font-family: sans-serif; font-size: 11pt; }
section { page-break-inside: avoid; border: 1px solid #444; margin: 0 0 1em; padding: .5em; }
table { border-collapse: collapse; }
td, th { border: 1px solid #888; padding: .2em .5em; text-align: left; }
.taker { font-weight: bold; background: #fde68a; }
.slip td { height: 1.6em; min-width: 4em; }
"""


def _contract(board: Board) -> str:
    """The imposed contract, or the match's choice."""
    if board.contract is not None:
        return _title(board.contract.text)
    return " or ".join(_title(c.text) for c in CHOSEN) + " (taker's choice)"


def _title(text: str) -> str:
    return text.replace("_", " ").title()


def _board_lines(board: Board) -> list[str]:
    labels = ORIENTATIONS[board.players]
    contract = _contract(board)
    lines = [
        f"Board {board.number}  dealer {labels[board.dealer]}  lead {labels[board.leader]}  "
        f"taker {labels[board.taker]}  contract {contract}"
    ]
    for seat, hand in enumerate(board.hands):
        mark = "*" if seat == board.taker else " "
        lines.append(f" {mark}{labels[seat]:<2} {hand_text(hand)}")
    lines.append(f"  dog {hand_text(board.dog)}")
    return lines


def boards_text(tournament: Tournament) -> str:
    return "\n\n".join("\n".join(_board_lines(board)) for board in tournament.boards) + "\n"


def _seats(tournament: Tournament, seating: Seating) -> list[tuple[str, str]]:
    """Who sits where: a name by orientation, or in the team forms a team by line
    (triplettes) or by side (the match's attacker in South, defence in N, W, E)."""
    setup = tournament.setup
    seats = seating.seats
    if setup.form == "individual" or setup.form == "quadrettes":
        labels = ORIENTATIONS[setup.players]
        return [(labels[seat], setup.names[player]) for seat, player in enumerate(seats)]
    if setup.form == "triplettes":
        sides = list(zip(LINES, seats[:2], strict=True))
    else:
        sides = [("S (attack)", seats[2]), ("N W E (defence)", seats[0])]
    return [
        (label, f"team {team + 1}: " + ", ".join(setup.names[p] for p in setup.members(team)))
        for label, team in sides
    ]


def _where(tournament: Tournament, seating: Seating) -> str:
    step = "Quarter" if tournament.setup.form == "teams" else "Position"
    return f"{step} {seating.position + 1}, table {seating.table + 1}"


def _attacker(tournament: Tournament, seating: Seating, board: int) -> str:
    """Triplettes: who attacks the board, by the badges' rotation (empty otherwise)."""
    player = tournament.rotation.get((seating.position, seating.table, board))
    return "" if player is None else tournament.setup.names[player]


def slips_text(tournament: Tournament) -> str:
    blocks = []
    for seating in tournament.movement.seatings:
        who = "  ".join(f"{label}: {name}" for label, name in _seats(tournament, seating))
        boards = ", ".join(
            f"{b} ({_attacker(tournament, seating, b)})" if tournament.rotation else str(b)
            for b in seating.boards
        )
        blocks.append(f"{_where(tournament, seating)}\n  {who}\n  boards {boards}")
    return "\n\n".join(blocks) + "\n"


def _page(title: str, body: list[str]) -> str:
    return (
        f'<!doctype html>\n<html><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{_STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )


def boards_html(tournament: Tournament) -> str:
    body = []
    for board in tournament.boards:
        labels = ORIENTATIONS[board.players]
        contract = _contract(board)
        rows = "".join(
            f"<tr{' class=taker' if seat == board.taker else ''}><th>{labels[seat]}</th>"
            f"<td>{escape(hand_text(hand))}</td></tr>"
            for seat, hand in enumerate(board.hands)
        )
        body.append(
            f"<section><h2>Board {board.number}</h2><p>Dealer {labels[board.dealer]}, "
            f"lead {labels[board.leader]}, taker <b>{labels[board.taker]}</b>, "
            f"contract {contract}</p><table>{rows}<tr><th>Dog</th>"
            f"<td>{escape(hand_text(board.dog))}</td></tr></table></section>"
        )
    return _page("Boards", body)


def slips_html(tournament: Tournament) -> str:
    body = []
    header = "".join(f"<th>{c}</th>" for c in SLIP_COLUMNS)
    for seating in tournament.movement.seatings:
        who = ", ".join(f"{label}: {escape(name)}" for label, name in _seats(tournament, seating))
        lines = "".join(
            f"<tr><td>{board}</td><td></td><td>{escape(_attacker(tournament, seating, board))}"
            "</td>" + "<td></td>" * (len(SLIP_COLUMNS) - 3) + "</tr>"
            for board in seating.boards
        )
        body.append(
            f"<section><h2>{_where(tournament, seating)}</h2>"
            f'<p>{who}</p><table class="slip"><tr>{header}</tr>{lines}</table></section>'
        )
    return _page("Score slips", body)
