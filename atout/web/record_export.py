"""A finished game exported as the readable record (docs/records.md), text or
JSON: ``GET /api/games/{id}?format=text|json``.

The store keeps the game's log, deals by seed; showing every deal's cards means
replaying it, seconds of CPU for a long game, so this runs in a worker process
(``atout.server.offload``): top-level, no web framework, bytes out.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from typing import Final

from atout.record_files import record_text
from atout.record_format import from_log
from atout.records import Record

FORMS: Final = ("text", "json")
MEDIA_TYPES: Final = {"text": "text/plain; charset=utf-8", "json": "application/json"}


def export_record(request: tuple[str, Mapping[str, str], str]) -> bytes:
    """(the log record's JSON text, its tags, ``text`` or ``json``) in; the record
    in that form out, UTF-8. RecordError (a ValueError) if the log does not replay."""
    log, tags, form = request
    record = from_log(Record.from_dict(json.loads(log)), tags)
    return record_text(record, form == "json").encode()


def record_tags(
    game_id: int, started: float, status: str, names: list[str | None]
) -> dict[str, str]:
    """The tags of a server game's record: which game, when, who sat where."""
    date = datetime.datetime.fromtimestamp(started, datetime.UTC).strftime("%Y.%m.%d")
    tags = {"Event": f"atout online game {game_id}", "Site": "atout server", "Date": date}
    tags |= {f"Seat{seat}": name for seat, name in enumerate(names) if name}
    return tags | {"Status": status}
