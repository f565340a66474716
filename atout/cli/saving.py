"""``atout play --save``: the game just played written as a record (docs/records.md)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from atout.cli.app import write_whole
from atout.record_files import record_text
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
    ``level`` elsewhere, today's date (JSON when the name ends in ``.json``), whole
    or not at all: the refusal of :func:`atout.cli.app.write_whole` when it cannot be."""
    tags = {
        "Event": "atout terminal game",
        "Site": "atout play",
        "Date": datetime.date.today().strftime("%Y.%m.%d"),
        "Seat0": "player",
        **{f"Seat{seat}": f"robot {level}" for seat in range(1, players)},
    }
    record = Record(game, players, variant, options, tuple(log))
    write_whole(path, record_text(from_log(record, tags), path.endswith(".json")))
