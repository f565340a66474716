"""The JSON form of a game record: the same content as the text form
(:mod:`atout.record_text`), so each converts to the other without loss.

Its JSON Schema is docs/record.schema.json (:mod:`atout.record_schema`). Old
records (``atout-record/1``: the engine's log, deals perhaps by seed) are still
read, converted by replaying them.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

from atout.cards import CardSyntaxError, hand_texts, parse_card
from atout.record_format import (
    FORMAT,
    DealRecord,
    GameRecord,
    RecordPathError,
    RecordSyntaxError,
    action_token,
    checked,
    first_dealer,
    from_log,
    new_state,
    tag_fault,
)
from atout.records import FORMAT as LOG_FORMAT
from atout.records import Part, Record, RecordError, RecordFault, json_kind_key, wrong_kind
from atout.refusals import Refusal


class DealJSON(TypedDict):
    """One deal: each seat's cards, the dog, the actions after the deal, the
    seats' scores once it is over, free tags."""

    hands: list[list[str]]
    dog: list[str]
    actions: list[str]
    score: list[int] | None
    tags: dict[str, str]


class RecordJSON(TypedDict):
    """A whole game record."""

    format: Literal["atout-record/2"]
    game: str
    variant: str
    players: int
    options: dict[str, Any]
    dealer: NotRequired[int]
    tags: dict[str, str]
    deals: list[DealJSON]
    result: list[int] | None


def to_json_dict(record: GameRecord) -> RecordJSON:
    """The record as JSON-ready data."""
    data: RecordJSON = {
        "format": FORMAT,
        "game": record.game,
        "variant": record.variant,
        "players": record.players,
        "options": dict(record.options),
        "tags": dict(record.tags),
        "deals": [
            {
                "hands": [hand_texts(hand) for hand in deal.hands],
                "dog": hand_texts(deal.dog),
                "actions": [action_token(text) for text in deal.actions],
                "score": None if deal.score is None else list(deal.score),
                "tags": dict(deal.tags),
            }
            for deal in record.deals
        ],
        "result": None if record.result is None else list(record.result),
    }
    with contextlib.suppress(RecordFault):  # a record the engine refuses is written as is
        data["dealer"] = first_dealer(new_state(record))
    return data


def write_json(record: GameRecord) -> str:
    """The record as JSON text: objects one field a line, lists of cards, actions
    or scores on one line each, so that a 78-card deal reads in a glance."""
    return _dump(to_json_dict(record), "") + "\n"


def _dump(value: Any, indent: str) -> str:
    inner = indent + " "
    if isinstance(value, dict) and value:
        fields = (f"{inner}{_scalar(k)}: {_dump(v, inner)}" for k, v in value.items())
        return "{\n" + ",\n".join(fields) + f"\n{indent}}}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        items = (f"{inner}{_dump(v, inner)}" for v in value)
        return "[\n" + ",\n".join(items) + f"\n{indent}]"
    return _scalar(value)


_scalar = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode


def read_json(text: str) -> GameRecord:
    """Read and check a JSON record (this form, or the old log form): a syntax
    error names its line and column, any other fault its place in the document."""
    try:
        data = load_json(text)
    except json.JSONDecodeError as error:
        raise not_json(error) from None
    return from_json_dict(data)


def not_json(error: json.JSONDecodeError) -> RecordSyntaxError:
    """A text that is no JSON, refused at the line and column where it stops being."""
    return RecordSyntaxError(Refusal("rec_json", detail=error.msg), error.lineno, error.colno)


def load_json(text: str) -> Any:
    """``json.loads``, but JSON nested deeper than Python's stack (``[[[...]]]``
    sent to the replay page) or holding a number too long for Python to read
    is a RecordError like any unreadable record, not a RecursionError or a
    bare ValueError. A byte order mark before it is skipped, as the text form skips it."""
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except RecursionError:
        raise RecordError(Refusal("rec_json_deep")) from None
    except json.JSONDecodeError:
        raise
    except ValueError:  # a number of over 4300 digits, which Python will not read
        raise RecordError(Refusal("rec_json", detail="a number too long to read")) from None


def from_json_dict(data: Any) -> GameRecord:
    """A record from parsed JSON, every field's type and the game checked:
    RecordPathError names the JSON path of the first fault (the old log form's
    faults are RecordError, naming its field or action)."""
    if isinstance(data, dict) and data.get("format", LOG_FORMAT) == LOG_FORMAT:
        return from_log(Record.from_dict(data))
    if not isinstance(data, dict):
        raise RecordPathError(Refusal("rec_object_kind", json_given=json_kind_key(type(data))), "")
    record = _record(data)
    try:
        record = checked(record)
    except RecordFault as fault:
        raise RecordPathError(fault.why or fault.reason, _path(fault.part)) from None
    dealer = data.get("dealer")
    if dealer is not None:
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            reason = Refusal("rec_seat_kind", json_given=json_kind_key(type(dealer)))
            raise RecordPathError(reason, "dealer")
        first = first_dealer(new_state(record))
        if dealer != first:
            raise RecordPathError(Refusal("rec_dealer", dealer=first, given=dealer), "dealer")
    return record


def _path(part: Part) -> str:
    kind = part[0]
    if kind == "header":
        return {"Game": "game", "Variant": "variant", "Players": "players"}.get(part[1], "options")
    if kind == "action":
        return f"deals[{part[1]}].actions[{part[2]}]"
    if kind == "hand":
        return f"deals[{part[1]}].hands[{part[2]}]"
    if kind == "score":
        return f"deals[{part[1]}].score"
    if kind == "deal":
        return f"deals[{part[1]}]"
    return "result"


def _record(data: Any) -> GameRecord:
    top = _object(data, "")
    if top.get("format") != FORMAT:
        known = f"{FORMAT} or {LOG_FORMAT}"
        reason = Refusal("rec_format", given=repr(top.get("format")), wanted=known)
        raise RecordPathError(reason, "format")
    deals = _list(top, "deals", "")
    return GameRecord(
        game=_typed(top, "game", str, ""),
        players=_typed(top, "players", int, ""),
        variant=_typed(top, "variant", str, ""),
        options=_object(top.get("options", {}), "options"),
        deals=tuple(_deal(d, f"deals[{i}]") for i, d in enumerate(deals)),
        result=_scores(top.get("result"), "result"),
        tags=_tags(top.get("tags", {}), "tags"),
    )


def _deal(data: Any, where: str) -> DealRecord:
    deal = _object(data, where)
    hands = _list(deal, "hands", where)
    return DealRecord(
        hands=tuple(_cards(h, f"{where}.hands[{i}]") for i, h in enumerate(hands)),
        dog=_cards(deal.get("dog", []), f"{where}.dog"),
        actions=tuple(_strings(deal.get("actions", []), f"{where}.actions")),
        score=_scores(deal.get("score"), f"{where}.score"),
        tags=_tags(deal.get("tags", {}), f"{where}.tags"),
    )


def _member(where: str, key: str) -> str:
    """The JSON path of field ``key`` of the object at ``where`` ("" the record)."""
    return f"{where}.{key}" if where else key


def _object(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise RecordPathError(wrong_kind(dict, data), where)
    return data


def _typed(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        missing = Refusal("rec_no_field" if where else "rec_no_top_field", key=repr(key))
        raise RecordPathError(missing, where)
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordPathError(wrong_kind(kind, value), _member(where, key))
    return value


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = _typed(data, key, list, where)
    assert isinstance(value, list)
    return value


def _strings(data: Any, where: str) -> list[str]:
    if not isinstance(data, list):
        raise RecordPathError(wrong_kind(list, data), where)
    for index, value in enumerate(data):
        if not isinstance(value, str):
            raise RecordPathError(wrong_kind(str, value), f"{where}[{index}]")
    return data


def _cards(data: Any, where: str) -> int:
    mask = 0
    for index, text in enumerate(_strings(data, where)):
        try:
            card = parse_card(text)
        except CardSyntaxError:
            raise RecordPathError(
                Refusal("rec_card", token=repr(text)), f"{where}[{index}]"
            ) from None
        if mask >> card & 1:
            raise RecordPathError(Refusal("rec_card_twice", token=text), f"{where}[{index}]")
        mask |= 1 << card
    return mask


def _scores(data: Any, where: str) -> tuple[int, ...] | None:
    if data is None:
        return None
    if not isinstance(data, list):
        reason = Refusal("rec_scores_kind", json_given=json_kind_key(type(data)))
        raise RecordPathError(reason, where)
    for index, value in enumerate(data):
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordPathError(wrong_kind(int, value), f"{where}[{index}]")
    return tuple(data)


def _tags(data: Any, where: str) -> dict[str, str]:
    tags = _object(data, where)
    for name, value in tags.items():
        fault = tag_fault(name, value)
        if fault:
            raise RecordPathError(fault, f"{where}.{name}")
    return tags
