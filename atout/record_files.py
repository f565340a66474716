"""Game record files: either form read by its content, written by its name
(``.json`` gives the JSON form, anything else the text form)."""

from __future__ import annotations

import json
from pathlib import Path

from atout.record_format import GameRecord
from atout.record_json import from_json_dict, load_json, not_json, read_json, write_json
from atout.record_text import read_text, write_text
from atout.records import FORMAT as LOG_FORMAT
from atout.records import Record, RecordError


def read_record(text: str) -> GameRecord:
    """A record in either form, checked on the engine; RecordError says what is
    wrong (RecordSyntaxError with a line and column, RecordPathError with a JSON
    path). JSON is told by its first character (a text record starts with a tag,
    a comment or a blank, never with ``{``) or by parsing as JSON: no text record
    is JSON, so ``null`` or ``[1]`` is refused as the JSON it is, not as text."""
    return read_json(text) if _is_json(text) else read_text(text)


def read_log(text: str) -> Record:
    """Any record form as the engine's log: an old log record as it is (no replay
    needed), a readable one checked and its deals made explicit actions."""
    if _is_json(text):
        try:
            data = load_json(text)
        except json.JSONDecodeError as error:  # "{" and no more: refused where it stops
            raise not_json(error) from None
        if isinstance(data, dict) and data.get("format", LOG_FORMAT) == LOG_FORMAT:
            return Record.from_dict(data)
        return from_json_dict(data).to_log()
    return read_text(text).to_log()


def _is_json(text: str) -> bool:
    if text.removeprefix("\ufeff").lstrip()[:1] == "{":
        return True
    try:
        load_json(text)
    except RecordError:
        return True  # JSON, too deep to read: its reader says so
    except ValueError:
        return False
    return True


def load_record(path: str | Path) -> GameRecord:
    """Read a record file (OSError when it cannot be read)."""
    return read_record(Path(path).read_text(encoding="utf-8"))


def record_text(record: GameRecord, json_form: bool) -> str:
    """The record in the form asked for."""
    return write_json(record) if json_form else write_text(record)


def save_record(record: GameRecord, path: str | Path) -> None:
    """Write a record file, JSON when its name ends in ``.json``."""
    Path(path).write_text(record_text(record, str(path).endswith(".json")), encoding="utf-8")
