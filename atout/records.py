"""A game is its log: (game, players, variant, options, actions).

Everything else is derived by replaying the actions on a fresh state, so this
one format serves for saving, replays, regression tests and server recovery.
Actions are stored in their canonical text form, readable in the file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from atout.game import GameState
from atout.match import BadLog, Match
from atout.registry import game_rules

FORMAT: Final = "atout-record/1"


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


_JSON_KINDS: Final[Mapping[type, str]] = {
    str: "a string",
    int: "a whole number",
    float: "a number",
    bool: "a boolean",
    list: "a list",
    dict: "a JSON object",
    type(None): "null",
}


def json_kind(kind: type) -> str:
    """A JSON value's type as a message names it: "a whole number", not "a int"."""
    return _JSON_KINDS.get(kind, kind.__name__)


def wrong_kind(kind: type, value: object) -> str:
    """Why ``value`` is refused where a JSON value of ``kind`` is expected."""
    return f"must be {json_kind(kind)}, not {json_kind(type(value))}"


@dataclass(frozen=True, slots=True)
class Record:
    """The log of one game. ``meta`` holds free information (player names, date)."""

    game: str
    players: int
    variant: str
    options: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)

    def new_state(self) -> GameState:
        """The state before any action."""
        try:
            return game_rules(self.game).new(self.players, self.variant, dict(self.options))
        except ValueError as error:
            raise RecordError(str(error)) from error

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all by default)."""
        match = Match(game_rules(self.game), self.new_state())
        try:
            for _ in match.follow(self.actions[:upto]):
                pass
        except BadLog as error:
            raise RecordError(str(error)) from error
        return match.state

    def with_action(self, text: str) -> Record:
        """This record with one more action appended."""
        return Record(
            self.game, self.players, self.variant, self.options, (*self.actions, text), self.meta
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "variant": self.variant,
            "options": dict(self.options),
            "actions": list(self.actions),
            "meta": dict(self.meta),
        }

    def to_json(self) -> str:
        """The record as JSON text, one action per line for readable diffs."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a record, checking every field's type; RecordError names the bad one."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"unsupported format {data.get('format')!r} (expected {FORMAT})")
        try:  # JSON may spell a lone surrogate, which no message or store could hold
            json.dumps(data, ensure_ascii=False).encode()
        except (UnicodeEncodeError, ValueError):
            raise RecordError("a record's text must be valid Unicode") from None
        checks: tuple[tuple[str, type], ...] = (
            ("game", str),
            ("players", int),
            ("variant", str),
            ("options", dict),
            ("actions", list),
            ("meta", dict),
        )
        unknown = sorted(set(data) - {"format"} - {key for key, _ in checks})
        if unknown:  # a readable record that lost its "format" would lose its deals
            raise RecordError(f"unknown field(s) {', '.join(map(repr, unknown))} for {FORMAT}")
        for key, kind in checks:
            if key not in data and key in ("game", "players", "variant"):
                raise RecordError(f"missing field {key!r}")
            if key in data and not isinstance(data[key], kind):
                raise RecordError(f"field {key!r} {wrong_kind(kind, data[key])}")
        actions = data.get("actions", [])
        if not all(isinstance(a, str) for a in actions):
            raise RecordError("field 'actions' must be a list of strings")
        return cls(
            game=data["game"],
            players=data["players"],
            variant=data["variant"],
            options=data.get("options", {}),
            actions=tuple(actions),
            meta=data.get("meta", {}),
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not JSON: {error}") from error
        return cls.from_dict(data)


def load(path: str | Path) -> Record:
    """Read a record file."""
    return Record.from_json(Path(path).read_text(encoding="utf-8"))


def save(record: Record, path: str | Path) -> None:
    """Write a record file."""
    Path(path).write_text(record.to_json(), encoding="utf-8")
