"""What an arbiter prints for a tournoi libre: the table plan and the score slips.

The plan says, position by position, who sits at which table and seat. Each table
gets a slip per position shaped like the rulebook's sample sheet (p. 10): the
players' names by seat, a line per deal (contract, taker, each player's + or -),
the totals and the bilan, which "chaque joueur doit s'assurer" adds up to zero,
and the four signatures before the slip goes to the arbiter.

Every word is in English or French (``lang``), from :data:`WORDS`; the rulebook's
"bilan" stays French in both.
"""

from __future__ import annotations

from html import escape
from typing import Final

from atout.cards import Language
from atout.tournament.boards import orientation_text
from atout.tournament.libre import SEATS, Libre

WORDS: Final[dict[Language, dict[str, str]]] = {
    "en": {
        "plan_title": "Table plan",
        "slips_title": "Score slips",
        "position": "Position {n}",
        "table": "Position {n}, table {table}",
        "plan_table": "table {table}",
        "contract": "Contract",
        "taker": "Taker",
        "deal": "Deal",
        "deal_line": "deal {n}: contract ____ taker ____",
        "total": "Total",
        "bilan": "Bilan",
        "sum": "sum = 0",
        "signed": "Signed",
        "colon": ": ",
    },
    "fr": {
        "plan_title": "Plan de table",
        "slips_title": "Feuilles de marque",
        "position": "Position {n}",
        "table": "Position {n}, table {table}",
        "plan_table": "table {table}",
        "contract": "Contrat",
        "taker": "Preneur",
        "deal": "Donne",
        "deal_line": "donne {n}\u00a0: contrat ____ preneur ____",
        "total": "Total",
        "bilan": "Bilan",
        "sum": "somme = 0",
        "signed": "Signatures",
        "colon": "\u00a0: ",
    },
}
"""Every word of the plan and slips, by language; a ``{name}`` takes a value."""

_STYLE = """
body { font-family: sans-serif; font-size: 11pt; }
section { page-break-inside: avoid; border: 1px solid #444; margin: 0 0 1em; padding: .5em; }
table { border-collapse: collapse; }
td, th { border: 1px solid #888; padding: .2em .5em; text-align: left; }
.slip td { height: 1.6em; min-width: 4em; }
"""


def _tables(libre: Libre, position: int, lang: Language) -> list[tuple[int, list[tuple[str, str]]]]:
    """Each table of a position: its number (from 1) and (seat, name) in seat order."""
    names = libre.setup.names
    return [
        (
            table + 1,
            [
                (orientation_text(seat, lang), names[player])
                for seat, player in zip(SEATS[len(players)], players, strict=True)
            ],
        )
        for table, players in enumerate(libre.plan[position])
    ]


def plan_text(libre: Libre, lang: Language = "en") -> str:
    words = WORDS[lang]
    lines = []
    for position in range(libre.setup.positions):
        lines.append(words["position"].format(n=position + 1))
        for table, seats in _tables(libre, position, lang):
            head = words["plan_table"].format(table=table) + words["colon"]
            lines.append("  " + head + ", ".join(f"{s} {n}" for s, n in seats))
    return "\n".join(lines) + "\n"


def slips_text(libre: Libre, lang: Language = "en") -> str:
    words = WORDS[lang]
    out = []
    for position in range(libre.setup.positions):
        for table, seats in _tables(libre, position, lang):
            head = "  ".join(f"{s} {n}" for s, n in seats)
            where = words["table"].format(n=position + 1, table=table)
            rows = [where + words["colon"] + head]
            blanks = " ".join(f"{s} ____" for s, _ in seats)
            rows += [
                f"  {words['deal_line'].format(n=d + 1)} {blanks}" for d in range(libre.setup.deals)
            ]
            rows.append(f"  {words['bilan'].lower()}{words['colon']}{blanks}  ({words['sum']})")
            out.append("\n".join(rows))
    return "\n\n".join(out) + "\n"


def plan_html(libre: Libre, lang: Language = "en") -> str:
    words = WORDS[lang]
    sections = []
    for position in range(libre.setup.positions):
        rows = "".join(
            f"<tr><th>{table}</th>"
            + "".join(f"<td>{escape(s)} {escape(n)}</td>" for s, n in seats)
            + "</tr>"
            for table, seats in _tables(libre, position, lang)
        )
        title = words["position"].format(n=position + 1)
        sections.append(f"<section><h2>{title}</h2><table>{rows}</table></section>")
    return _page(words["plan_title"], sections, lang)


def slips_html(libre: Libre, lang: Language = "en") -> str:
    words = WORDS[lang]
    sections = []
    for position in range(libre.setup.positions):
        for table, seats in _tables(libre, position, lang):
            head = "".join(f"<th colspan=2>{escape(s)} {escape(n)}</th>" for s, n in seats)
            signs = "".join("<th>+</th><th>-</th>" for _ in seats)
            blank = "<td></td>" * (2 * len(seats))
            bilan = "<td colspan=2></td>" * len(seats)
            deals = "".join(
                f"<tr><th>{d + 1}</th><td></td><td></td>{blank}</tr>"
                for d in range(libre.setup.deals)
            )
            sections.append(
                f"<section><h2>{words['table'].format(n=position + 1, table=table)}</h2>"
                f'<table class="slip"><tr><th></th><th>{words["contract"]}</th>'
                f"<th>{words['taker']}</th>{head}</tr>"
                f"<tr><th>{words['deal']}</th><th></th><th></th>{signs}</tr>{deals}"
                f"<tr><th>{words['total']}</th><td></td><td></td>{blank}</tr>"
                f"<tr><th>{words['bilan']}</th><td colspan=2>{words['sum']}</td>{bilan}</tr>"
                f"<tr><th>{words['signed']}</th><td></td><td></td>{blank}</tr></table></section>"
            )
    return _page(words["slips_title"], sections, lang)


def _page(title: str, sections: list[str], lang: Language) -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset=utf-8><title>{title}</title>'
        f"<style>{_STYLE}</style></head><body>{''.join(sections)}</body></html>\n"
    )
