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

from atout.game import GameRules, GameState
from atout.match import BadLog, Match
from atout.refusals import CATALOGUE, Refusal, carried
from atout.registry import GAME_NAMES, game_rules, table_sizes

FORMAT: Final = "atout-record/1"

_SHOWN_TEXT: Final = 80
"""The longest user text a refusal repeats whole."""


def shown_text(value: object) -> str:
    """A person's text as a refusal's parameter repeats it, the catalogue quoting
    it the reader's way (« x » / 'x'): any character that does not print (a
    control, an escape, a reordering mark) written as its escape, so the text
    cannot act on the terminal or the page that shows it, and cut when long."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(value))
    return text if len(text) <= _SHOWN_TEXT else text[: _SHOWN_TEXT - 1] + "…"


def _json_spelled(value: object) -> str:
    """A record's value as a refusal repeats it: in JSON, as the reader wrote it
    (``"atout-record/2"``, ``3``) in any language, escaped and cut as
    ``shown_text`` does (Python's ``repr`` read ``'x'``)."""
    return shown_text(json.dumps(value, ensure_ascii=False))


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where and why.

    ``why`` is the reason as a refusal (a code and parameters, :mod:`atout.refusals`)
    when it was given as one, for a client to word in its reader's language."""

    def __init__(self, reason: str | Refusal = "") -> None:
        super().__init__(str(reason))
        self.why = reason if isinstance(reason, Refusal) else None


def unknown_game(name: str) -> Refusal:
    """The refusal of a record's game that atout does not have."""
    return Refusal("rec_unknown_game", game=shown_text(name), known=", ".join(GAME_NAMES))


def bad_action(error: BadLog) -> Refusal:
    """A log's action that the game refuses, as a refusal: its number, its text and why."""
    outer = Refusal(
        "rec_log_action", index=error.number, move=shown_text(error.text), reason=str(error.error)
    )
    return because(outer, error.error)


def because(outer: Refusal, inner: Refusal) -> Refusal:
    """``outer``, whose ``reason`` is ``inner``'s message, carrying ``inner``'s code
    and parameters: ``rule`` lists the codes from the outermost in, for a client to
    word each in turn from the innermost (atout/web/static/js/i18n.js)."""
    wrapped = carried(inner)
    outer.params = {**wrapped, **outer.params, "rule": wrapped["rule"]}
    return outer


Part = tuple[Any, ...]
"""Where in a record a fault lies: ("header", tag), ("deal", i), ("hand", i, seat),
("action", i, j), ("score", i) or ("result",); each form turns it into a place."""


class RecordFault(RecordError):
    """A record whose content the engine refuses: the part at fault and why."""

    def __init__(self, part: Part, reason: str | Refusal) -> None:
        super().__init__(reason)
        self.part, self.reason = part, str(reason)

    def __reduce__(self) -> tuple[type, tuple[Part, str | Refusal]]:
        """Pickled as its parts, as :class:`RecordSyntaxError` is."""
        return type(self), (self.part, self.why or self.reason)


def game_for(game: str, players: int) -> GameRules:
    """The rules of ``game`` if it is played by ``players``, else RecordFault
    naming the header tag at fault (checked before anything is made per seat)."""
    try:
        rules = game_rules(game)
    except ValueError:
        raise RecordFault(("header", "Game"), unknown_game(game)) from None
    if not rules.min_players <= players <= rules.max_players:
        reason = Refusal(
            "rec_players_range", game=rules.name, min=rules.min_players, max=rules.max_players
        )
        raise RecordFault(("header", "Players"), reason)
    return rules


def start(game: str, players: int, variant: str, options: Mapping[str, Any] | None) -> GameState:
    """The state before the first deal, the same for a log and a readable record;
    RecordFault names the header tag at fault, its reason coded: an option the
    engine refuses is ``rec_options`` whose reason is the engine's refusal
    (:class:`atout.variant_options.OptionError`, its code in ``rule``)."""
    rules = game_for(game, players)
    if variant not in rules.variants:
        known = ", ".join(sorted(rules.variants))
        reason = Refusal("rec_variant", variant=shown_text(variant), known=known)
        raise RecordFault(("header", "Variant"), reason)
    sizes = table_sizes(rules.name)[variant]
    if players not in sizes:
        reason = Refusal("rec_variant_players", variant=variant, min=sizes[0], max=sizes[-1])
        raise RecordFault(("header", "Variant"), reason)
    try:
        return rules.new(players, variant, dict(options) if options else None)
    except ValueError as error:
        told = Refusal("rec_options", reason=str(error))
        reason = because(told, error) if isinstance(error, Refusal) else told
        raise RecordFault(("header", "Options"), reason) from None


_JSON_KINDS: Final[Mapping[type, str]] = {
    str: "string",
    int: "integer",
    float: "number",
    bool: "boolean",
    list: "list",
    dict: "object",
    type(None): "null",
}
"""Each JSON type's word in the refusals' catalogue (their kind ``json_kind``)."""


def json_kind_key(kind: type) -> str:
    """A JSON value's type as the catalogue's terms name it (``integer``)."""
    return _JSON_KINDS.get(kind, kind.__name__)


def json_kind(kind: type) -> str:
    """A JSON value's type as a message names it: "a whole number", not "a int"."""
    key = json_kind_key(kind)
    return str(CATALOGUE["terms"]["en"]["json_kind"].get(key, key))


def wrong_kind(kind: type, value: object) -> Refusal:
    """Why ``value`` is refused where a JSON value of ``kind`` is expected."""
    return Refusal(
        "rec_kind", json_wanted=json_kind_key(kind), json_given=json_kind_key(type(value))
    )


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
        return start(self.game, self.players, self.variant, self.options)

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all by default)."""
        state = self.new_state()  # first: an unknown game is refused with its code
        match = Match(game_rules(self.game), state)
        try:
            for _ in match.follow(self.actions[:upto]):
                pass
        except BadLog as error:
            raise RecordError(bad_action(error)) from error
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
            raise RecordError(Refusal("rec_object"))
        if data.get("format", FORMAT) != FORMAT:
            given = _json_spelled(data.get("format"))
            raise RecordError(Refusal("rec_log_format", given=given, wanted=FORMAT))
        try:  # JSON may spell a lone surrogate, which no message or store could hold
            json.dumps(data, ensure_ascii=False).encode()
        except (UnicodeEncodeError, ValueError):
            raise RecordError(Refusal("rec_unicode")) from None
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
            fields = ", ".join(map(_json_spelled, unknown))
            raise RecordError(Refusal("rec_log_fields", fields=fields, wanted=FORMAT))
        for key, kind in checks:
            if key not in data and key in ("game", "players", "variant"):
                raise RecordError(Refusal("rec_log_missing", key=key))
            if key in data and not isinstance(data[key], kind):
                wanted, given = json_kind_key(kind), json_kind_key(type(data[key]))
                wrong = Refusal("rec_log_kind", key=key, json_wanted=wanted, json_given=given)
                raise RecordError(wrong)
        actions = data.get("actions", [])
        if not all(isinstance(a, str) for a in actions):
            raise RecordError(Refusal("rec_log_actions"))
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
            raise RecordError(Refusal("rec_json", detail=error.msg)) from error
        return cls.from_dict(data)


def load(path: str | Path) -> Record:
    """Read a record file."""
    return Record.from_json(Path(path).read_text(encoding="utf-8"))


def save(record: Record, path: str | Path) -> None:
    """Write a record file."""
    Path(path).write_text(record.to_json(), encoding="utf-8")
