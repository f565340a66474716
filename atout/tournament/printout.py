"""What an arbiter prints for a club night: the boards (étuis) and the score slips.

Each board shows its number, dealer, the taker's orientation (the rulebook's
coloured label), the imposed contract (or the match's choice) and every hand
with the dog, so the deal can be laid out and checked. Each table gets a slip
per position: who sits where (teams in triplettes and the match) and the boards
to play, with room for the contract, points, bouts and the score that North
writes on the travelling slip (fiche ambulante); in triplettes the slip names
each board's attacker, by the badges' rotation.

Every word is in English or French (``lang``: the page's language, the CLI's
``--lang``), from :data:`WORDS`; the rulebook's French terms (Garde, Bouts) stay
French in both, and French letters West as O (Ouest) and the cards as French
cards are written (R♥ D♠ C♦ V♣, A21 for an atout).
"""

from __future__ import annotations

from html import escape
from typing import Final

from atout.cards import Language, hand_faces, hand_text
from atout.tournament.boards import ORIENTATIONS, Board, orientation_text
from atout.tournament.event import CHOSEN, Tournament
from atout.tournament.movement import Seating
from atout.tournament.report import LINES

WORDS: Final[dict[Language, dict[str, str]]] = {
    "en": {
        "boards_title": "Boards",
        "slips_title": "Score slips",
        "board": "Board {n}",
        "board_line": "dealer {dealer}  lead {lead}  taker {taker}  contract {contract}",
        "board_html": "Dealer {dealer}, lead {lead}, taker <b>{taker}</b>, contract {contract}",
        "dog": "Dog",
        "or": " or ",
        "choice": " (taker's choice)",
        "position": "Position {n}, table {table}",
        "quarter": "Quarter {n}, table {table}",
        "attack": "{seat} (attack)",
        "defence": "{seats} (defence)",
        "team": "team {n}: {names}",
        "labelled": "{label}: {value}",
        "boards": "boards {boards}",
        "columns": "Board|Contract|Taker|Points|Bouts|Bonuses|Score +|Score -",
    },
    "fr": {
        "boards_title": "Étuis",
        "slips_title": "Feuilles de marque",
        "board": "Étui {n}",
        "board_line": "donneur {dealer}  entame {lead}  preneur {taker}  contrat {contract}",
        "board_html": "Donneur {dealer}, entame {lead}, preneur <b>{taker}</b>, contrat {contract}",
        "dog": "Chien",
        "or": " ou ",
        "choice": " (au choix du preneur)",
        "position": "Position {n}, table {table}",
        "quarter": "Quart temps {n}, table {table}",
        "attack": "{seat} (attaque)",
        "defence": "{seats} (défense)",
        "team": "équipe {n}\u00a0: {names}",
        "labelled": "{label}\u00a0: {value}",
        "boards": "étuis {boards}",
        "columns": "Étui|Contrat|Preneur|Points|Bouts|Primes|Marque +|Marque -",
    },
}
"""Every word of the boards and slips, by language; a ``{name}`` takes a value."""

_STYLE = """
body { font-family: sans-serif; font-size: 11pt; }
section { page-break-inside: avoid; border: 1px solid #444; margin: 0 0 1em; padding: .5em; }
table { border-collapse: collapse; }
td, th { border: 1px solid #888; padding: .2em .5em; text-align: left; }
.taker { font-weight: bold; background: #fde68a; }
.slip td { height: 1.6em; min-width: 4em; }
"""


def _contract(board: Board, lang: Language) -> str:
    """The imposed contract, or the match's choice (French names in both languages)."""
    if board.contract is not None:
        return _title(board.contract.text)
    words = WORDS[lang]
    return words["or"].join(_title(c.text) for c in CHOSEN) + words["choice"]


def _title(text: str) -> str:
    return text.replace("_", " ").title()


def _labels(players: int, lang: Language) -> list[str]:
    """The orientations by seat, as a reader of ``lang`` writes them."""
    return [orientation_text(label, lang) for label in ORIENTATIONS[players]]


def _marks(board: Board, lang: Language) -> dict[str, str]:
    """A board's dealer, lead, taker and contract, for its line of text."""
    labels = _labels(board.players, lang)
    return {
        "dealer": labels[board.dealer],
        "lead": labels[board.leader],
        "taker": labels[board.taker],
        "contract": _contract(board, lang),
    }


def _hand(hand: int, lang: Language) -> str:
    """A hand as the arbiter of ``lang`` reads it: in English the notation (``KH 10C
    T21 EX``), in French the French letters with the suits' symbols (``R♥ 10♣ A21
    Excuse``: roi, dame, cavalier, valet), since the notation's D (diamonds) reads as a
    dame and its C (clubs) as cœur or cavalier."""
    return hand_faces(hand, lang) if lang == "fr" else hand_text(hand)


def _board_lines(board: Board, lang: Language) -> list[str]:
    words = WORDS[lang]
    labels = _labels(board.players, lang)
    head = words["board"].format(n=board.number)
    lines = [f"{head}  {words['board_line'].format(**_marks(board, lang))}"]
    for seat, hand in enumerate(board.hands):
        mark = "*" if seat == board.taker else " "
        lines.append(f" {mark}{labels[seat]:<2} {_hand(hand, lang)}")
    lines.append(f"  {words['dog'].lower()} {_hand(board.dog, lang)}")
    return lines


def boards_text(tournament: Tournament, lang: Language = "en") -> str:
    return "\n\n".join("\n".join(_board_lines(board, lang)) for board in tournament.boards) + "\n"


def _seats(tournament: Tournament, seating: Seating, lang: Language) -> list[tuple[str, str]]:
    """Who sits where: a name by orientation, or in the team forms a team by line
    (triplettes) or by side (the match's attacker in South, defence in N, W, E)."""
    setup = tournament.setup
    seats = seating.seats
    words = WORDS[lang]
    if setup.form == "individual" or setup.form == "quadrettes":
        labels = _labels(setup.players, lang)
        return [(labels[seat], setup.names[player]) for seat, player in enumerate(seats)]
    if setup.form == "triplettes":
        lines = ["".join(orientation_text(label, lang) for label in line) for line in LINES]
        sides = list(zip(lines, seats[:2], strict=True))
    else:
        south, north, west, east = (orientation_text(label, lang) for label in "SNWE")
        sides = [
            (words["attack"].format(seat=south), seats[2]),
            (words["defence"].format(seats=f"{north} {west} {east}"), seats[0]),
        ]
    return [
        (
            label,
            words["team"].format(
                n=team + 1, names=", ".join(setup.names[p] for p in setup.members(team))
            ),
        )
        for label, team in sides
    ]


def _who(tournament: Tournament, seating: Seating, lang: Language) -> list[str]:
    """Each seat's label and who holds it, as a reader of ``lang`` writes it."""
    labelled = WORDS[lang]["labelled"]
    return [
        labelled.format(label=label, value=name)
        for label, name in _seats(tournament, seating, lang)
    ]


def _where(tournament: Tournament, seating: Seating, lang: Language) -> str:
    step = "quarter" if tournament.setup.form == "teams" else "position"
    return WORDS[lang][step].format(n=seating.position + 1, table=seating.table + 1)


def _attacker(tournament: Tournament, seating: Seating, board: int) -> str:
    """Triplettes: who attacks the board, by the badges' rotation (empty otherwise)."""
    player = tournament.rotation.get((seating.position, seating.table, board))
    return "" if player is None else tournament.setup.names[player]


def slips_text(tournament: Tournament, lang: Language = "en") -> str:
    blocks = []
    for seating in tournament.movement.seatings:
        who = "  ".join(_who(tournament, seating, lang))
        boards = ", ".join(
            f"{b} ({_attacker(tournament, seating, b)})" if tournament.rotation else str(b)
            for b in seating.boards
        )
        line = WORDS[lang]["boards"].format(boards=boards)
        blocks.append(f"{_where(tournament, seating, lang)}\n  {who}\n  {line}")
    return "\n\n".join(blocks) + "\n"


def _page(title: str, body: list[str], lang: Language) -> str:
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )


def boards_html(tournament: Tournament, lang: Language = "en") -> str:
    words = WORDS[lang]
    body = []
    for board in tournament.boards:
        labels = _labels(board.players, lang)
        rows = "".join(
            f"<tr{' class=taker' if seat == board.taker else ''}><th>{labels[seat]}</th>"
            f"<td>{escape(_hand(hand, lang))}</td></tr>"
            for seat, hand in enumerate(board.hands)
        )
        body.append(
            f"<section><h2>{words['board'].format(n=board.number)}</h2>"
            f"<p>{words['board_html'].format(**_marks(board, lang))}</p><table>{rows}"
            f"<tr><th>{words['dog']}</th><td>{escape(_hand(board.dog, lang))}</td></tr>"
            "</table></section>"
        )
    return _page(words["boards_title"], body, lang)


def slips_html(tournament: Tournament, lang: Language = "en") -> str:
    words = WORDS[lang]
    columns = words["columns"].split("|")
    body = []
    header = "".join(f"<th>{escape(c)}</th>" for c in columns)
    for seating in tournament.movement.seatings:
        who = ", ".join(escape(text) for text in _who(tournament, seating, lang))
        lines = "".join(
            f"<tr><td>{board}</td><td></td><td>{escape(_attacker(tournament, seating, board))}"
            "</td>" + "<td></td>" * (len(columns) - 3) + "</tr>"
            for board in seating.boards
        )
        body.append(
            f"<section><h2>{_where(tournament, seating, lang)}</h2>"
            f'<p>{who}</p><table class="slip"><tr>{header}</tr>{lines}</table></section>'
        )
    return _page(words["slips_title"], body, lang)
