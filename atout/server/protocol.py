"""The client-to-server messages of the protocol, validated on the way in.

Every incoming websocket message is one JSON object with a ``type``; anything
else is refused with an error naming the problem (never echoing game state).
See ``docs/protocol.md`` for the whole protocol, server messages included.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from atout.refusals import Refusal, message
from atout.refusals_fields import carrying, field_path, field_reason
from atout.registry import GAME_NAMES, game_rules, table_sizes
from atout.text import PlainText
from atout.variant_options import NUMBER_LIMIT, OptionError

PROTOCOL_VERSION: Final = 4
"""2: an action reaches each viewer as one ``update`` (events, view, turn);
4: an update patches the view its client holds (``diff``) instead of resending it."""
MAX_MESSAGE_BYTES: Final = 8192
MAX_CHAT_CHARS: Final = 300

TableId = Annotated[str, Field(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9_\-]+$")]

RuleNumber = Annotated[int, Field(ge=-NUMBER_LIMIT, le=NUMBER_LIMIT)]
"""A number of a table's rule: refused here, as the engine refuses it."""
RuleValue = bool | RuleNumber | str | list[RuleNumber] | dict[str, list[RuleNumber]]
"""A variant option's value as a table's master sets it (checked by the engine)."""


class _Strict(BaseModel):
    """Unknown fields refused, and no conversion: the string "10" is not a number."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


_OWN_CHECKS: Final = frozenset(
    ("unknown_game", "unknown_variant", "players_range", "rules_option", "bet_competitive")
)
"""The codes of this module's own checks of a message, among pydantic's."""


def _refused(code: str, **params: str | int) -> PydanticCustomError:
    """One of this module's checks refusing a message, by its code and parameters
    (see ``invalid``)."""
    return PydanticCustomError(code, message(code, params), params)


class TableOptions(_Strict):
    """What the table's master chooses; any of it may change during a game
    (game-shaping fields then apply from the next game)."""

    game: str = Field(default="french", max_length=32)
    """One of the registry's games (``atout.registry.GAME_NAMES``)."""
    players: int = 4
    """Bounded by the game's variant, which says its range (``players_range``)."""
    variant: str | None = Field(default=None, max_length=32)
    """None: the game's default variant."""
    turn_seconds: float = Field(default=30.0, ge=0.05, le=600)
    competitive: bool = False
    bet: int = Field(default=0, ge=0, le=1_000_000)
    private: bool = False
    spectators: bool = True
    rounds: int = Field(default=1, ge=1, le=50)
    """The deals of a French Tarot partie; 1 for a game that has no such option
    (Tarot Africain lasts until one player is left), whatever was asked, as the
    winners' XP counts the rounds."""
    robot_level: Literal["random", "heuristic", "strong"] = "heuristic"
    rules: dict[str, RuleValue] = Field(default_factory=dict, max_length=40)
    """Variant fields the master changes (``{"dealer_sits_out": true}`` for the
    five-seat mort form), as the engine's ``options``; checked by the engine."""

    @model_validator(mode="after")
    def _players_fit_game(self) -> TableOptions:
        """The game, variant and number of players must be a game the engine can
        deal: the rules say which (``atout.registry.table_sizes``)."""
        if self.game not in GAME_NAMES:
            raise _refused("unknown_game", game=self.game)
        sizes = table_sizes(self.game)
        if self.variant is None:
            object.__setattr__(self, "variant", game_rules(self.game).default_variant)
        assert self.variant is not None
        if self.variant not in sizes:
            raise _refused("unknown_variant", variant=self.variant, known=", ".join(sizes))
        allowed = sizes[self.variant]
        if self.players not in allowed:
            raise _refused("players_range", min=allowed[0], max=allowed[-1])
        if not game_rules(self.game).rounds_options(2):  # a game of no set length: one game
            object.__setattr__(self, "rounds", 1)
        if self.rules:
            self._check_rules()
        if not self.competitive and self.bet:
            raise _refused("bet_competitive")
        return self

    def _check_rules(self) -> None:
        """Refuse, naming it, the variant option the engine will not deal with: the
        engine's own check, which names it (``OptionError``; both options of a
        combination), as a record's options are checked (``atout.records.start``)."""
        assert self.variant is not None
        rules = game_rules(self.game)
        set_by_rounds = rules.rounds_options(2).keys()  # ``rounds``, with its bounds, sets these
        for name in sorted(self.rules):
            if name in set_by_rounds:
                raise _refused("rules_option", option=name)
        try:
            rules.new(self.players, self.variant, self.rules)
        except ValueError as error:
            names = error.options if isinstance(error, OptionError) else sorted(self.rules)
            raise _refused("rules_option", option=", ".join(sorted(names))[:100]) from None

    def engine_options(self) -> dict[str, Any]:
        """What the engine builds this table's game with: the master's rules and
        the number of rounds where the game has such an option."""
        return {**self.rules, **game_rules(self.game).rounds_options(self.rounds)}


class OptionsPatch(_Strict):
    """A partial change of options: only the given fields change."""

    game: str | None = Field(default=None, max_length=32)
    players: int | None = None
    variant: str | None = Field(default=None, max_length=32)
    turn_seconds: float | None = Field(default=None, ge=0.05, le=600)
    competitive: bool | None = None
    bet: int | None = Field(default=None, ge=0, le=1_000_000)
    private: bool | None = None
    spectators: bool | None = None
    rounds: int | None = Field(default=None, ge=1, le=50)
    robot_level: Literal["random", "heuristic", "strong"] | None = None
    rules: dict[str, RuleValue] | None = Field(default=None, max_length=40)

    def apply_to(self, options: TableOptions) -> TableOptions:
        """The options with this patch applied; ValidationError if the result is invalid."""
        changed = {k: v for k, v in self.model_dump().items() if k in self.model_fields_set}
        if self.game not in (None, options.game) and "variant" not in changed:
            changed["variant"] = None
        if {"game", "variant"} & changed.keys() and "rules" not in changed:
            changed["rules"] = {}  # another rule set: its own defaults
        return TableOptions.model_validate({**options.model_dump(), **changed})


class Hello(_Strict):
    type: Literal["hello"]
    v: int
    token: str | None = Field(default=None, max_length=128)
    name: str | None = Field(
        default=None, min_length=1, max_length=24, pattern=r"^[A-Za-z0-9_\-]+$"
    )


class Lobby(_Strict):
    type: Literal["lobby"]
    subscribe: bool = True


class Create(_Strict):
    type: Literal["create"]
    options: TableOptions = TableOptions()


class Sit(_Strict):
    type: Literal["sit"]
    table: TableId
    seat: int | None = Field(default=None, ge=0, le=4)
    code: str | None = Field(default=None, max_length=32)


class Spectate(_Strict):
    type: Literal["spectate"]
    table: TableId
    code: str | None = Field(default=None, max_length=32)


class Leave(_Strict):
    type: Literal["leave"]
    table: TableId


class Invite(_Strict):
    type: Literal["invite"]
    table: TableId
    name: PlainText = Field(min_length=1, max_length=24)


class Chat(_Strict):
    type: Literal["chat"]
    table: TableId
    text: PlainText = Field(min_length=1, max_length=MAX_CHAT_CHARS)


class Options(_Strict):
    type: Literal["options"]
    table: TableId
    options: OptionsPatch


class Start(_Strict):
    type: Literal["start"]
    table: TableId


class Act(_Strict):
    type: Literal["act"]
    table: TableId
    action: str = Field(min_length=1, max_length=200)
    turn: str | None = Field(default=None, max_length=40)
    """The ``id`` of the ``turn`` answered: refused (``turn_passed``) once the
    game has moved on, rather than taken as the seat's next decision."""


class Vote(_Strict):
    type: Literal["vote"]
    table: TableId
    agree: bool


class Hint(_Strict):
    """Ask the strong robot's suggestion for one's own decision (practice tables only)."""

    type: Literal["hint"]
    table: TableId


class Resume(_Strict):
    type: Literal["resume"]
    table: TableId
    last_seq: int = Field(ge=0)
    epoch: str | None = Field(default=None, max_length=32)


class Ping(_Strict):
    type: Literal["ping"]


class Follow(_Strict):
    """Follow a tournament's results and ranking as they change (one at a time), or stop."""

    type: Literal["tournament"]
    tournament: int = Field(ge=1, le=2**63 - 1)
    follow: bool = True


ClientMessage = Annotated[
    Hello
    | Lobby
    | Create
    | Sit
    | Spectate
    | Leave
    | Invite
    | Chat
    | Options
    | Start
    | Act
    | Vote
    | Hint
    | Resume
    | Ping
    | Follow,
    Field(discriminator="type"),
]
TableMessage = Sit | Spectate | Leave | Invite | Chat | Options | Start | Act | Vote | Hint | Resume

_adapter: TypeAdapter[Any] = TypeAdapter(ClientMessage)


class ProtocolError(Refusal, ValueError):
    """A refused hello or an incoming message that is not valid; safe to send back."""


def invalid(error: ValidationError) -> ProtocolError:
    """The refusal of the first thing wrong in a message: one of this module's
    checks by its own code, anything else as ``invalid_message`` with
    pydantic's reason coded (:func:`atout.refusals_fields.field_reason`). Of a
    value of several possible types, the reason given is the one its own type
    failed (a number too big), not that it is not the first type tried (a
    boolean)."""
    errors = error.errors(include_url=False, include_input=False)
    first = next((e for e in errors if not e["type"].endswith("_type")), errors[0])
    if first["type"] in _OWN_CHECKS:
        return ProtocolError(first["type"], **first.get("ctx", {}))
    where = first["loc"]
    if "rules" in where[:-1]:  # a rule's value: the option named, as the engine's refusal
        return ProtocolError("rules_option", option=str(where[where.index("rules") + 1])[:40])
    why = field_reason(first)
    told = ProtocolError("invalid_message", field=field_path(first), reason=str(why))
    return carrying(told, why)


def parse_message(text: str | bytes) -> Any:
    """Validate one incoming message; ProtocolError with a short, safe reason."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("message_too_long", limit=MAX_MESSAGE_BYTES)
    try:
        return _adapter.validate_json(text)
    except ValidationError as error:
        raise invalid(error) from None


def error(refusal: Refusal, table: str | None = None) -> str:
    """The ``error`` message telling one client why it was refused: the code and
    parameters of ``refusal`` and its English message, with the table concerned.
    In ASCII, as every refusal: what it repeats of the input comes escaped."""
    sent = {"type": "error", **refusal.wire()}
    if table is not None:
        sent["table"] = table
    return json.dumps(sent, separators=(",", ":"))
