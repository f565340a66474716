"""What an arbiter prints for a tournoi libre: the table plan and the score slips.

The plan says, position by position, who sits at which table and seat. Each table
gets a slip per position shaped like the rulebook's sample sheet (p. 10): the
players' names by seat, a line per deal (contract, taker, each player's + or -),
the totals and the bilan, which "chaque joueur doit s'assurer" adds up to zero,
and the four signatures before the slip goes to the arbiter.
"""

from __future__ import annotations

from html import escape

from atout.tournament.libre import SEATS, Libre

_STYLE = """
body { font-family: sans-serif; font-size: 11pt; }
section { page-break-inside: avoid; border: 1px solid #444; margin: 0 0 1em; padding: .5em; }
table { border-collapse: collapse; }
td, th { border: 1px solid #888; padding: .2em .5em; text-align: left; }
.slip td { height: 1.6em; min-width: 4em; }
"""


def _tables(libre: Libre, position: int) -> list[tuple[int, list[tuple[str, str]]]]:
    """Each table of a position: its number (from 1) and (seat, name) in seat order."""
    names = libre.setup.names
    return [
        (table + 1, list(zip(SEATS[len(players)], (names[p] for p in players), strict=True)))
        for table, players in enumerate(libre.plan[position])
    ]


def plan_text(libre: Libre) -> str:
    lines = []
    for position in range(libre.setup.positions):
        lines.append(f"Position {position + 1}")
        for table, seats in _tables(libre, position):
            lines.append(f"  table {table}: " + ", ".join(f"{s} {n}" for s, n in seats))
    return "\n".join(lines) + "\n"


def slips_text(libre: Libre) -> str:
    out = []
    for position in range(libre.setup.positions):
        for table, seats in _tables(libre, position):
            head = "  ".join(f"{s} {n}" for s, n in seats)
            rows = [f"Position {position + 1}, table {table}: {head}"]
            blanks = " ".join(f"{s} ____" for s, _ in seats)
            rows += [
                f"  deal {d + 1}: contract ____ taker ____ {blanks}"
                for d in range(libre.setup.deals)
            ]
            rows.append(f"  bilan: {blanks}  (sum = 0)")
            out.append("\n".join(rows))
    return "\n\n".join(out) + "\n"


def plan_html(libre: Libre) -> str:
    sections = []
    for position in range(libre.setup.positions):
        rows = "".join(
            f"<tr><th>{table}</th>"
            + "".join(f"<td>{escape(s)} {escape(n)}</td>" for s, n in seats)
            + "</tr>"
            for table, seats in _tables(libre, position)
        )
        sections.append(f"<section><h2>Position {position + 1}</h2><table>{rows}</table></section>")
    return _page("Table plan", sections)


def slips_html(libre: Libre) -> str:
    sections = []
    for position in range(libre.setup.positions):
        for table, seats in _tables(libre, position):
            head = "".join(f"<th colspan=2>{escape(s)} {escape(n)}</th>" for s, n in seats)
            signs = "".join("<th>+</th><th>-</th>" for _ in seats)
            blank = "<td></td>" * (2 * len(seats))
            bilan = "<td colspan=2></td>" * len(seats)
            deals = "".join(
                f"<tr><th>{d + 1}</th><td></td><td></td>{blank}</tr>"
                for d in range(libre.setup.deals)
            )
            sections.append(
                f"<section><h2>Position {position + 1}, table {table}</h2>"
                f'<table class="slip"><tr><th></th><th>Contract</th><th>Taker</th>{head}</tr>'
                f"<tr><th>Deal</th><th></th><th></th>{signs}</tr>{deals}"
                f"<tr><th>Total</th><td></td><td></td>{blank}</tr>"
                f"<tr><th>Bilan</th><td colspan=2>sum = 0</td>{bilan}</tr>"
                f"<tr><th>Signed</th><td></td><td></td>{blank}</tr></table></section>"
            )
    return _page("Score slips", sections)


def _page(title: str, sections: list[str]) -> str:
    return (
        f"<!doctype html><html><head><meta charset=utf-8><title>{title}</title>"
        f"<style>{_STYLE}</style></head><body>{''.join(sections)}</body></html>\n"
    )
