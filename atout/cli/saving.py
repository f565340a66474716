"""``atout play --save``: the game just played written as a record (docs/records.md)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from atout.record_files import save_record
from atout.record_format import from_log
from atout.records import Record


def save_played(
    path: str,
    game: str,
    variant: str,
    options: Mapping[str, Any],
    log: Sequence[str],
    level: str,
    players: int,
) -> None:
    """Write the game (finished or not) to ``path``: the person at seat 0, robots of
    ``level`` elsewhere, today's date (JSON when the name ends in ``.json``)."""
    tags = {
        "Event": "atout terminal game",
        "Site": "atout play",
        "Date": datetime.date.today().strftime("%Y.%m.%d"),
        "Seat0": "player",
        **{f"Seat{seat}": f"robot {level}" for seat in range(1, players)},
    }
    record = Record(game, players, variant, options, tuple(log))
    save_record(from_log(record, tags), path)
