"""What an arbiter prints for a club night: the boards (étuis) and the score slips.

Each board shows its number, dealer, the taker's orientation (the rulebook's
coloured label), the imposed contract and every hand with the dog, so the deal
can be laid out and checked. Each table gets a slip per position: who sits
where and the boards to play, with room for the contract, points, bouts and
the score that North writes on the travelling slip (fiche ambulante).
"""

from __future__ import annotations

from html import escape

from atout.cards import hand_text
from atout.tournament.boards import ORIENTATIONS, Board
from atout.tournament.event import Tournament

SLIP_COLUMNS = ("Board", "Contract", "Taker", "Points", "Bouts", "Bonuses", "Score +", "Score -")
_STYLE = """
body { font-family: sans-serif; font-size: 11pt; }
section { page-break-inside: avoid; border: 1px solid #444; margin: 0 0 1em; padding: .5em; }
table { border-collapse: collapse; }
td, th { border: 1px solid #888; padding: .2em .5em; text-align: left; }
.taker { font-weight: bold; background: #fde68a; }
.slip td { height: 1.6em; min-width: 4em; }
"""


def _board_lines(board: Board) -> list[str]:
    labels = ORIENTATIONS[board.players]
    contract = board.contract.text.replace("_", " ").title() if board.contract else "free"
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


def _seats(tournament: Tournament, seats: tuple[int, ...]) -> list[tuple[str, str]]:
    labels = ORIENTATIONS[tournament.setup.players]
    return [(labels[seat], tournament.setup.names[player]) for seat, player in enumerate(seats)]


def slips_text(tournament: Tournament) -> str:
    blocks = []
    for seating in tournament.movement.seatings:
        who = "  ".join(f"{label}: {name}" for label, name in _seats(tournament, seating.seats))
        boards = ", ".join(str(b) for b in seating.boards)
        where = f"Position {seating.position + 1}, table {seating.table + 1}"
        blocks.append(f"{where}\n  {who}\n  boards {boards}")
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
        contract = board.contract.text.replace("_", " ").title() if board.contract else "free"
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
        who = ", ".join(
            f"{label}: {escape(name)}" for label, name in _seats(tournament, seating.seats)
        )
        lines = "".join(
            f"<tr><td>{board}</td>" + "<td></td>" * (len(SLIP_COLUMNS) - 1) + "</tr>"
            for board in seating.boards
        )
        body.append(
            f"<section><h2>Position {seating.position + 1}, table {seating.table + 1}</h2>"
            f'<p>{who}</p><table class="slip"><tr>{header}</tr>{lines}</table></section>'
        )
    return _page("Score slips", body)
