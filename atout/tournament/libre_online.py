"""A position of a tournoi libre played online: who sits at each server table, and
the sheet its game gives back.

A server table of a libre position seats the plan's players in the plan's seat
order and plays the position's deals as any game: dealt at random, bid freely
(FFT rules), robots taking the seats nobody holds. When its game ends, each deal's
outcome becomes a line of the table's sheet, scored as every sheet is
(:func:`atout.sheet.score_sheet`): no second scoring. The server runs these in its
worker processes (JSON in, JSON out), as :mod:`.documents` does for duplicates.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.french.rules import FRENCH
from atout.sheet import DealEntry
from atout.tournament.libre import Libre
from atout.tournament.libre_state import from_json, to_json
from atout.tournament.state import deal_json


def position_tables(document: dict[str, Any], position: int) -> list[dict[str, Any]]:
    """Every table of a position (from 0) to open online: its number, no boards (the
    deals are free), its rules (the FFT's as they are), the deals it plays, the
    player (number from 1) in each seat, and no lineups (the same players sit
    through every deal)."""
    libre = from_json(document)
    return [
        {
            "table": table,
            "boards": [],
            "rules": {},
            "rounds": libre.setup.deals,
            "players": [p + 1 for p in seats],
            "lineups": [],
        }
        for table, seats in enumerate(libre.tables(position))
    ]


def table_players(document: dict[str, Any], held: dict[str, Any]) -> dict[str, list[int]]:
    """The players (numbers from 1) in each seat of these server tables
    (``{table id: [position, table]}``, from 0)."""
    libre = from_json(document)
    return {
        table_id: [p + 1 for p in libre.seats(position, table)]
        for table_id, (position, table) in held.items()
    }


def game_deals(libre: Libre, position: int, table: int, actions: Sequence[str]) -> list[DealEntry]:
    """Each deal the table's game finished, as its sheet writes it (seats are the
    table's, the plan's seat order)."""
    players = len(libre.seats(position, table))
    state = FRENCH.new(players, "fft", FRENCH.rounds_options(libre.setup.deals))
    deals = []
    for text in actions:
        events = state.apply(FRENCH.parse_action(text))
        if any(e.kind == "deal_end" for e in events):
            assert state.outcome is not None
            written = {k: v for k, v in deal_json(state.outcome).items() if k != "players"}
            deals.append(DealEntry.model_validate(written, strict=False))
    return deals


def collect(job: tuple[dict[str, Any], list[tuple[int, int, list[str]]]]) -> dict[str, Any]:
    """The document with the sheets of finished online games entered:
    (document, [(position, table, actions)]) in."""
    document, games = job
    libre = from_json(document)
    for position, table, actions in games:
        libre.enter_deals(position, table, game_deals(libre, position, table, actions))
    return to_json(libre)
