"""The game record others can read (docs/records.md): tags, then every deal with
all its cards shown, its actions and its score, then the result.

A deal is kept as its hands and dog, never as a seed: a seed's deal depends on
CPython's ``random.shuffle``, which Python does not promise to keep. The text
(:mod:`atout.record_text`) and JSON (:mod:`atout.record_json`) forms both read
into :class:`GameRecord`, and :func:`check` replays one on the engine, so a
record is accepted only when its deals are deals and its actions legal.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from atout.game import CHANCE, OMNISCIENT, ActionSyntaxError, GameRules, GameState, IllegalAction
from atout.records import (
    Part,
    Record,
    RecordError,
    RecordFault,
    because,
    game_for,
    shown_text,
    start,
    unknown_game,
)
from atout.refusals import Refusal
from atout.registry import game_rules

FORMAT: Final = "atout-record/2"

TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
RESERVED_TAGS: Final = frozenset(
    {"Game", "Variant", "Players", "Options", "Dealer", "Result", "Deal", "Dog", "Score"}
)
"""Tags that are the record's structure; ``Hand0``, ``Hand1``... too."""
HAND_TAG: Final = re.compile(r"Hand(0|[1-9][0-9]?)")


class RecordSyntaxError(RecordError):
    """A record text that cannot be read or replayed, with the line and column
    (from 1) of the fault. The reason may be a refusal (its code for clients)."""

    def __init__(self, reason: str | Refusal, line: int, column: int) -> None:
        super().__init__(reason)
        self.args = (f"line {line}, column {column}: {reason}",)
        self.reason, self.line, self.column = str(reason), line, column

    def __reduce__(self) -> tuple[type, tuple[str | Refusal, int, int]]:
        """Pickled as its parts: the server's replay workers send it back."""
        return type(self), (self.why or self.reason, self.line, self.column)


class RecordPathError(RecordError):
    """A JSON record whose content cannot be read or replayed, with the JSON path
    of the fault (``deals[0].actions[2]``; empty for the document as a whole)."""

    def __init__(self, reason: str | Refusal, path: str) -> None:
        super().__init__(reason)
        self.args = (f"{path}: {reason}" if path else str(reason),)
        self.reason, self.path = str(reason), path

    def __reduce__(self) -> tuple[type, tuple[str | Refusal, str]]:
        """Pickled as its parts, as :class:`RecordSyntaxError` is."""
        return type(self), (self.why or self.reason, self.path)


def record_refusal(error: ValueError) -> Refusal:
    """Why a record cannot be read, as the refusal a client words in its reader's
    language: where (the line and column of a text, the path in a JSON document)
    and why, the reason's own code along when it has one (``rule``)."""
    reason = getattr(error, "reason", str(error))
    if isinstance(error, RecordSyntaxError):
        told = Refusal("bad_record_at", line=error.line, column=error.column, reason=reason)
    elif isinstance(error, RecordPathError) and error.path:
        told = Refusal("bad_record_in", path=error.path, reason=reason)
    else:
        told = Refusal("bad_record", reason=str(error))
    why = getattr(error, "why", None)
    return because(told, why) if isinstance(why, Refusal) else told


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal: each seat's cards (a bit set, 0 for a seat out of it), the dog
    (0 in a game without one), the actions after the deal, the seats' scores
    once it is over (None when not shown) and free tags (such as ``Seed``)."""

    hands: tuple[int, ...]
    dog: int = 0
    actions: tuple[str, ...] = ()
    score: tuple[int, ...] | None = None
    tags: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_tags(self.tags)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: its rules, free tags (Event, Site, Date, Seat0...), its deals
    and the final scores (None while the game is not over)."""

    game: str
    players: int
    variant: str
    options: Mapping[str, Any] = field(default_factory=dict)
    deals: tuple[DealRecord, ...] = ()
    result: tuple[int, ...] | None = None
    tags: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_tags(self.tags)

    def to_log(self) -> Record:
        """The game as the engine's log, deals as explicit chance actions; the
        header's seat names (``Seat0``...) become the log's ``meta.names`` (None
        for a seat without one), as a server's log holds them and
        :func:`meta_tags` reads them back, so a replay names the players."""
        rules = game_rules(self.game)
        actions: list[str] = []
        for deal in self.deals:
            actions.append(str(rules.deal_cards(deal.hands, deal.dog)))
            actions.extend(deal.actions)
        names = [self.tags.get(f"Seat{seat}") for seat in range(self.players)]
        meta = {"names": names} if any(names) else {}
        return Record(self.game, self.players, self.variant, self.options, tuple(actions), meta)

    def replay(self) -> GameState:
        """The state at the end of the record, every part checked (RecordFault)."""
        return check(self)


def new_state(record: GameRecord) -> GameState:
    """The state before the first deal; RecordFault names the header tag at fault."""
    return start(record.game, record.players, record.variant, record.options)


def first_dealer(state: GameState) -> int:
    """Who deals the first deal, as the observation tells it."""
    dealer = state.view(OMNISCIENT)["dealer"]
    assert isinstance(dealer, int)
    return dealer


def check(record: GameRecord, unfinished: Collection[Part] = ()) -> GameState:
    """Replay ``record`` on the engine: each deal must be a deal of its game and come
    when one is due, each action legal, each score and the result those the engine
    counts. ``unfinished`` are the scores the record writes ``*`` (("score", i) or
    ("result",)), whose deal or game must not be over. The state at the end;
    RecordFault names the first part refused."""
    rules = game_for(record.game, record.players)
    state = new_state(record)
    for number, deal in enumerate(record.deals):
        if state.to_move != CHANCE:
            why = Refusal(
                "rec_deal_game_over" if state.is_over else "rec_deal_early", in_deal=number + 1
            )
            raise RecordFault(("deal", number), why)
        try:
            state.apply(rules.deal_cards(deal.hands, deal.dog))
        except (IllegalAction, ActionSyntaxError) as error:
            seat = error.params.get("seat")
            part = ("hand", number, seat) if isinstance(seat, int) else ("deal", number)
            told = Refusal("rec_deal", in_deal=number + 1, reason=str(error))
            raise RecordFault(part, because(told, error)) from None
        for index, text in enumerate(deal.actions):
            where = ("action", number, index)
            if state.to_move == CHANCE or state.is_over:
                over = Refusal("rec_move_deal_over", move=shown_text(text), in_deal=number + 1)
                raise RecordFault(where, over)
            try:
                state.apply(rules.parse_action(text))
            except (IllegalAction, ActionSyntaxError) as error:
                told = Refusal("rec_move", move=shown_text(text), reason=str(error))
                raise RecordFault(where, because(told, error)) from None
        part = ("score", number)
        if deal.score is not None or part in unfinished:
            _check_scores(rules, state, deal.score, part, number + 1)
    if record.result is not None or ("result",) in unfinished:
        _check_scores(rules, state, record.result, ("result",), None)
    return state


def checked(record: GameRecord, unfinished: Collection[Part] = ()) -> GameRecord:
    """``record`` checked (:func:`check`), its actions in the engine's canonical text."""
    check(record, unfinished)
    parse = game_rules(record.game).parse_action
    deals = tuple(
        replace(deal, actions=tuple(str(parse(text)) for text in deal.actions))
        for deal in record.deals
    )
    return replace(record, deals=deals)


def _check_scores(
    rules: GameRules, state: GameState, shown: tuple[int, ...] | None, part: Part, deal: int | None
) -> None:
    """The scores ``shown`` (None: ``*``, not over) against the engine's, of deal
    number ``deal`` (from 1), or of the game when None."""
    over = state.is_over if part == ("result",) else state.to_move == CHANCE or state.is_over
    if shown is None:
        if over:
            counted_text = " ".join(map(str, rules.standing(state)))
            why = (
                Refusal("rec_game_over_star", counted=counted_text)
                if deal is None
                else Refusal("rec_deal_over_star", in_deal=deal, counted=counted_text)
            )
            raise RecordFault(part, why)
        return
    if not over:
        why = (
            Refusal("rec_game_not_over")
            if deal is None
            else Refusal("rec_deal_not_over", in_deal=deal)
        )
        raise RecordFault(part, why)
    counted = rules.standing(state)
    if tuple(shown) != counted:
        shown_text, counted_text = " ".join(map(str, shown)), " ".join(map(str, counted))
        why = (
            Refusal("rec_game_score", counted=counted_text, shown=shown_text)
            if deal is None
            else Refusal("rec_deal_score", in_deal=deal, counted=counted_text, shown=shown_text)
        )
        raise RecordFault(part, why)


def from_log(record: Record, tags: Mapping[str, str] | None = None) -> GameRecord:
    """A log (the engine's actions, deals perhaps by seed) as a readable record:
    every deal's cards shown, a seed kept as the informative ``Seed`` tag, the
    scores filled in. RecordError when the log does not replay."""
    try:
        rules = game_rules(record.game)
    except ValueError:
        raise RecordError(unknown_game(record.game)) from None
    state = record.new_state()
    deals: list[DealRecord] = []
    actions: list[str] = []
    for number, text in enumerate(record.actions, 1):
        try:
            action = rules.parse_action(text)
            if state.to_move == CHANCE:
                if deals:
                    deals[-1] = _closed(deals[-1], actions, rules, state)
                hands, dog = rules.dealt(state, action)
                seed = text.removeprefix("deal:seed=")
                deals.append(DealRecord(hands, dog, tags={"Seed": seed} if seed != text else {}))
                actions = []
            else:
                actions.append(text)
            state.apply(action)
        except (IllegalAction, ActionSyntaxError) as error:
            told = Refusal("rec_log_action", index=number, move=shown_text(text), reason=str(error))
            raise RecordError(because(told, error)) from None
    if deals:
        deals[-1] = _closed(deals[-1], actions, rules, state)
    for deal, names in _lineups(record.meta.get("lineups"), len(deals), record.players):
        deals[deal] = _seated(deals[deal], names)
    return GameRecord(
        record.game,
        record.players,
        record.variant,
        dict(record.options),
        tuple(deals),
        rules.standing(state) if state.is_over else None,
        dict(tags if tags is not None else meta_tags(record.meta)),
    )


def _closed(deal: DealRecord, actions: list[str], rules: GameRules, state: GameState) -> DealRecord:
    """``deal`` with its actions, and its score when ``state`` shows it over."""
    over = state.to_move == CHANCE or state.is_over
    score = rules.standing(state) if over else None
    return DealRecord(deal.hands, deal.dog, tuple(actions), score, deal.tags)


def _lineups(value: object, deals: int, players: int) -> list[tuple[int, list[str | None]]]:
    """(deal from 0, each seat's name) of a log's ``lineups`` (free information:
    an entry not of that shape is left out)."""
    found = []
    for entry in value if isinstance(value, list) else []:
        deal = entry.get("deal") if isinstance(entry, dict) else None
        names = entry.get("names") if isinstance(entry, dict) else None
        if (
            isinstance(deal, int)
            and 1 <= deal <= deals
            and isinstance(names, list)
            and len(names) == players
            and all(name is None or isinstance(name, str) for name in names)
        ):
            found.append((deal - 1, names))
    return found


def _seated(deal: DealRecord, names: Sequence[str | None]) -> DealRecord:
    """``deal`` saying who sits at each seat from it on (``Seat0``...; a robot's
    seat as ``robot``): a log's ``lineups``, when a game's players change."""
    seats = {f"Seat{seat}": " ".join((name or "robot").split()) for seat, name in enumerate(names)}
    return DealRecord(deal.hands, deal.dog, deal.actions, deal.score, {**deal.tags, **seats})


def meta_tags(meta: Mapping[str, Any]) -> dict[str, str]:
    """An old record's free information as tags: seat names as ``Seat0``...,
    other values as their text (JSON for what is not a string)."""
    tags: dict[str, str] = {}
    for key, value in meta.items():
        if key == "lineups":  # the deals' own Seat tags
            continue
        if key == "names" and isinstance(value, list):
            tags |= {
                f"Seat{seat}": " ".join(str(name).split())
                for seat, name in enumerate(value)
                if name
            }
            continue
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        name = tag_name(key)
        if tag_fault(name, ""):  # a structural tag's name: kept apart
            name = f"Meta{name}"
        tags[name] = " ".join(text.split())
    return tags


def action_token(text: str) -> str:
    """An action as both forms write it: one token, a list of cards inside it
    joined by commas (the engine writes ``poignee:T21 T20 ...``; readers take both)."""
    return text.replace(" ", ",")


def tag_fault(name: str, value: object) -> Refusal | None:
    """Why ``name`` and ``value`` cannot be a free tag, or None."""
    if not TAG_NAME.fullmatch(name):
        return Refusal("rec_tag_name")
    if name in RESERVED_TAGS or HAND_TAG.fullmatch(name):
        return Refusal("rec_tag_reserved", tag=name)
    if not isinstance(value, str) or value.splitlines() not in ([], [value]):
        return Refusal("rec_tag_value")
    return None


def check_tags(tags: Mapping[str, str]) -> None:
    """RecordError naming the first tag that cannot be a free tag."""
    for name, value in tags.items():
        fault = tag_fault(name, value)
        if fault:
            told = Refusal("rec_tag", tag=shown_text(name), reason=str(fault))
            raise RecordError(because(told, fault))


def tag_name(key: str) -> str:
    """A free-form key as a tag name: words joined, each capitalised (``shared_ip``
    becomes ``SharedIp``)."""
    words = [w for w in "".join(c if c.isalnum() else " " for c in key).split() if w]
    name = "".join(w[:1].upper() + w[1:] for w in words)
    return name if name[:1].isalpha() else f"X{name}"
