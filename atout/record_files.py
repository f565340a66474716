"""Game record files: either form read by its content, written by its name
(``.json`` gives the JSON form, anything else the text form)."""

from __future__ import annotations

from pathlib import Path

from atout.record_format import GameRecord
from atout.record_json import read_json, write_json
from atout.record_text import read_text, write_text


def read_record(text: str) -> GameRecord:
    """A record in either form (JSON starts with ``{``), checked on the engine;
    RecordError (RecordSyntaxError with a line and column) says what is wrong."""
    return read_json(text) if text.lstrip().startswith("{") else read_text(text)


def load_record(path: str | Path) -> GameRecord:
    """Read a record file (OSError when it cannot be read)."""
    return read_record(Path(path).read_text(encoding="utf-8"))


def record_text(record: GameRecord, json_form: bool) -> str:
    """The record in the form asked for."""
    return write_json(record) if json_form else write_text(record)


def save_record(record: GameRecord, path: str | Path) -> None:
    """Write a record file, JSON when its name ends in ``.json``."""
    Path(path).write_text(record_text(record, str(path).endswith(".json")), encoding="utf-8")
