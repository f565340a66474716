"""The text form of a game record, read like PGN or PBN (docs/records.md):
``[Name "value"]`` tag pairs, each deal's hands and dog as tags, its actions in
the engine's notation, ``;`` comments. Every fault is reported with its line
and column (:class:`~atout.record_format.RecordSyntaxError`).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from atout import cards
from atout.cards import CardSyntaxError, parse_card
from atout.record_format import (
    HAND_TAG,
    RESERVED_TAGS,
    TAG_NAME,
    DealRecord,
    GameRecord,
    RecordSyntaxError,
    action_token,
    check,
    checked,
    first_dealer,
    new_state,
)
from atout.records import Part, RecordFault, game_for
from atout.refusals import Refusal

STRUCTURAL: Final = frozenset({"Game", "Variant", "Players", "Options", "Dealer", "Result"})
"""Header tags that are the record's structure, not free information."""
FIRST_TAGS: Final = ("Event", "Site", "Date", "Round")
"""Free tags written first, in this order, as PGN's roster does."""
DEAL_TAGS: Final = RESERVED_TAGS - STRUCTURAL
_LINE_WIDTH: Final = 78


# --- Writing --------------------------------------------------------------------------


def write_text(record: GameRecord) -> str:
    """The record as text; reading it back gives an equal record."""
    lines = ["; atout game record: see docs/records.md"]
    tags = dict(record.tags)
    for name in FIRST_TAGS:
        if name in tags:
            lines.append(_tag(name, tags.pop(name)))
    lines += [
        _tag("Game", record.game),
        _tag("Variant", record.variant),
        _tag("Players", str(record.players)),
    ]
    if record.options:
        lines.append(_tag("Options", options_text(record.options)))
    with contextlib.suppress(RecordFault):  # a record the engine refuses is written as is
        lines.append(_tag("Dealer", str(first_dealer(new_state(record)))))
    lines += [_tag(name, value) for name, value in tags.items()]
    if record.result is not None or not _over(record):
        lines.append(_tag("Result", _scores(record.result)))
    for number, deal in enumerate(record.deals, 1):
        lines += ["", _tag("Deal", str(number))]
        lines += [_tag(name, value) for name, value in deal.tags.items()]
        lines += [_tag(f"Hand{seat}", hand_text(hand)) for seat, hand in enumerate(deal.hands)]
        if deal.dog:
            lines.append(_tag("Dog", hand_text(deal.dog)))
        lines += _wrapped(tuple(map(action_token, deal.actions)))
        if deal.score is not None:
            lines.append(_tag("Score", _scores(deal.score)))
    return "\n".join(lines) + "\n"


def _over(record: GameRecord) -> bool:
    """Whether the record's game is over: a game without a result is written ``*``
    (not over) only when it is not, as a reader refuses ``*`` for a finished game."""
    try:
        return check(record).is_over
    except RecordFault:  # written as is
        return False


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _scores(scores: tuple[int, ...] | None) -> str:
    return "*" if scores is None else " ".join(map(str, scores))


def hand_text(hand: int) -> str:
    """Cards as the record writes them, space-separated; ``-`` for none."""
    return cards.hand_text(hand) or "-"


def options_text(options: Mapping[str, Any]) -> str:
    """``key=value`` pairs, each value compact JSON (a plain word may stay bare)."""
    return " ".join(f"{key}={_option_value(value)}" for key, value in options.items())


def _option_value(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    bare = isinstance(value, str) and TAG_NAME.fullmatch(value) and value not in _JSON_WORDS
    return value if bare else text


_JSON_WORDS: Final = frozenset({"true", "false", "null", "NaN", "Infinity"})


def _wrapped(actions: tuple[str, ...]) -> list[str]:
    lines: list[str] = []
    line = ""
    for text in actions:
        if line and len(line) + 1 + len(text) > _LINE_WIDTH:
            lines.append(line)
            line = text
        else:
            line = f"{line} {text}" if line else text
    return [*lines, line] if line else lines


# --- Reading --------------------------------------------------------------------------


@dataclass(slots=True)
class _Tag:
    name: str
    value: str
    line: int
    column: int
    value_column: int


@dataclass(slots=True)
class _Deal:
    tag: _Tag
    tags: dict[str, _Tag] = field(default_factory=dict)
    actions: list[tuple[str, int, int]] = field(default_factory=list)


def read_text(text: str) -> GameRecord:
    """Read and check a record text: RecordSyntaxError names the line and column of
    the first fault, be it of syntax, a deal that is no deal or an illegal action."""
    header: dict[str, _Tag] = {}
    deals: list[_Deal] = []
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
        for item in _items(line, number):
            if isinstance(item, _Tag):
                _take_tag(item, header, deals)
            elif not deals:
                raise RecordSyntaxError(Refusal("rec_action_first"), *item[1:])
            else:
                deals[-1].actions.append(item)
    record, places, unfinished = _build(header, deals)
    try:
        return checked(record, unfinished)
    except RecordFault as fault:
        raise RecordSyntaxError(fault.why or fault.reason, *places(fault.part)) from None


def _take_tag(tag: _Tag, header: dict[str, _Tag], deals: list[_Deal]) -> None:
    if tag.name == "Deal":
        if tag.value != str(len(deals) + 1):
            raise _at(tag, Refusal("rec_deal_number", next=len(deals) + 1))
        deals.append(_Deal(tag))
        return
    scope = header if not deals or tag.name == "Result" else deals[-1].tags
    if tag.name in scope:
        raise _at(tag, Refusal("rec_tag_twice", tag=tag.name))
    if deals and tag.name in STRUCTURAL - {"Result"}:
        raise _at(tag, Refusal("rec_tag_header", tag=tag.name))
    if not deals and (tag.name in DEAL_TAGS or HAND_TAG.fullmatch(tag.name)):
        raise _at(tag, Refusal("rec_tag_deal", tag=tag.name))
    scope[tag.name] = tag


def _at(tag: _Tag, reason: str | Refusal, offset: int | None = None) -> RecordSyntaxError:
    column = tag.column if offset is None else tag.value_column + offset
    return RecordSyntaxError(reason, tag.line, column)


_SPACES: Final = re.compile(r"\s*")
_TOKEN: Final = re.compile(r"[^\s;\[]+")
_TAG_START: Final = re.compile(r"\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+\"")
_VALUE: Final = re.compile(r'(?:[^"\\]|\\.)*')
_ESCAPE: Final = re.compile(r"\\(.)")
_TAG_END: Final = re.compile(r"[ \t]*\]")


def _items(line: str, number: int) -> Iterator[_Tag | tuple[str, int, int]]:
    """A line's tags and action tokens (with their line and column), comments left out."""
    position = _skip(line, 0)
    while position < len(line):
        char = line[position]
        if char == ";":
            return
        if char == "[":
            tag, position = _read_tag(line, number, position)
            yield tag
        else:
            token = _TOKEN.match(line, position)
            assert token is not None  # neither a space, ";" nor "["
            yield token.group(), number, position + 1
            position = token.end()
        position = _skip(line, position)


def _skip(line: str, position: int) -> int:
    """The position of the first character from ``position`` on that is no space."""
    spaces = _SPACES.match(line, position)
    assert spaces is not None  # it matches the empty string
    return spaces.end()


def _read_tag(line: str, number: int, start: int) -> tuple[_Tag, int]:
    match = _TAG_START.match(line, start)
    if match is None:
        raise RecordSyntaxError(Refusal("rec_tag_syntax"), number, start + 1)
    value = _VALUE.match(line, match.end())
    assert value is not None  # it matches the empty string
    for escape in _ESCAPE.finditer(line, match.end(), value.end()):
        if escape.group(1) not in '"\\':
            raise RecordSyntaxError(Refusal("rec_escape"), number, escape.start() + 1)
    if value.end() >= len(line) or line[value.end()] != '"':  # the end, or a lone "\"
        raise RecordSyntaxError(Refusal("rec_quote"), number, len(line) + 1)
    close = _TAG_END.match(line, value.end() + 1)
    if close is None:
        column = _skip(line, value.end() + 1) + 1
        raise RecordSyntaxError(Refusal("rec_bracket"), number, column)
    text = _ESCAPE.sub(r"\1", value.group())
    tag = _Tag(match.group(1), text, number, start + 1, match.end() + 1)
    return tag, close.end()


def _build(
    header: dict[str, _Tag], deals: list[_Deal]
) -> tuple[GameRecord, Callable[[Part], tuple[int, int]], list[Part]]:
    """The record the tags and actions make, where each of its parts was read and
    the scores it writes ``*`` (not over: checked as the rest)."""
    for name in ("Game", "Variant", "Players"):
        if name not in header:
            raise RecordSyntaxError(Refusal("rec_no_tag", tag=name), 1, 1)
    players = _integer(header["Players"])
    try:  # before anything is made per seat (a record may say 20,000,000)
        game_for(header["Game"].value, players)
    except RecordFault as fault:
        raise _at(header[fault.part[1]], fault.why or fault.reason) from None
    game_deals = tuple(_deal(deal, players) for deal in deals)
    record = GameRecord(
        game=header["Game"].value,
        players=players,
        variant=header["Variant"].value,
        options=_options(header["Options"]) if "Options" in header else {},
        deals=game_deals,
        result=_score_tag(header["Result"], players) if "Result" in header else None,
        tags={n: t.value for n, t in header.items() if n not in STRUCTURAL},
    )
    if "Dealer" in header:
        _check_dealer(record, header)
    unfinished: list[Part] = [
        ("score", number)
        for number, (deal, read) in enumerate(zip(game_deals, deals, strict=True))
        if deal.score is None and "Score" in read.tags
    ]
    if record.result is None and "Result" in header:
        unfinished.append(("result",))

    def places(part: Part) -> tuple[int, int]:
        kind = part[0]
        tag: _Tag | None = None
        if kind == "header":
            tag = header.get(part[1]) or header.get("Game")
        elif kind == "result":
            tag = header["Result"]
        elif kind == "action":
            _, line, column = deals[part[1]].actions[part[2]]
            return line, column
        elif kind == "score":
            tag = deals[part[1]].tags["Score"]
        elif kind == "hand":
            tag = deals[part[1]].tags.get(f"Hand{part[2]}")
        tag = tag or deals[part[1]].tag
        return tag.line, tag.column

    return record, places, unfinished


def _check_dealer(record: GameRecord, header: Mapping[str, _Tag]) -> None:
    tag = header["Dealer"]
    try:
        dealer = first_dealer(new_state(record))
    except RecordFault:
        return  # the header's fault is reported where it lies
    if _integer(tag) != dealer:
        raise _at(tag, Refusal("rec_dealer", dealer=dealer, given=tag.value))


def _integer(tag: _Tag) -> int:
    try:
        return int(tag.value)
    except ValueError:
        raise _at(tag, Refusal("rec_tag_number", tag=tag.name, value=repr(tag.value)), 0) from None


def _deal(deal: _Deal, players: int) -> DealRecord:
    hands = [0] * players
    dog = 0
    tags: dict[str, str] = {}
    score = None
    for name, tag in deal.tags.items():
        seat = HAND_TAG.fullmatch(name)
        if seat is not None:
            if int(seat.group(1)) >= players:
                raise _at(tag, Refusal("rec_no_seat", place=seat.group(1), players=players))
            hands[int(seat.group(1))] = _cards(tag)
        elif name == "Dog":
            dog = _cards(tag)
        elif name == "Score":
            score = _score_tag(tag, players)
        else:
            tags[name] = tag.value
    if not any(hands):
        raise _at(deal.tag, Refusal("rec_no_hands"))
    actions = tuple(text for text, _, _ in deal.actions)
    return DealRecord(tuple(hands), dog, actions, score, tags)


def _cards(tag: _Tag) -> int:
    """A hand's cards as a bit set; a bad or repeated card named at its column."""
    mask = 0
    if tag.value.strip() == "-":
        return mask
    for match in re.finditer(r"[^\s,]+", tag.value):
        try:
            card = parse_card(match.group())
        except CardSyntaxError:
            raise _at(tag, Refusal("rec_card", token=repr(match.group())), match.start()) from None
        if mask >> card & 1:
            raise _at(tag, Refusal("rec_card_twice", token=match.group()), match.start())
        mask |= 1 << card
    return mask


def _score_tag(tag: _Tag, players: int) -> tuple[int, ...] | None:
    if tag.value.strip() == "*":
        return None
    scores: list[int] = []
    for match in re.finditer(r"\S+", tag.value):
        try:
            scores.append(int(match.group()))
        except ValueError:
            reason = Refusal("rec_score_number", value=repr(match.group()))
            raise _at(tag, reason, match.start()) from None
    if len(scores) != players:
        reason = Refusal("rec_score_count", tag=tag.name, scores=len(scores), players=players)
        raise _at(tag, reason, 0)
    return tuple(scores)


def _options(tag: _Tag) -> dict[str, Any]:
    """``key=value`` pairs; a value is JSON, or a bare word read as a string."""
    options: dict[str, Any] = {}
    text, position = tag.value, 0
    decoder = json.JSONDecoder()
    while position < len(text):
        if text[position].isspace():
            position += 1
            continue
        key = TAG_NAME.match(text, position)
        if key is None or key.end() >= len(text) or text[key.end()] != "=":
            raise _at(tag, Refusal("rec_option_syntax"), position)
        start = key.end() + 1
        try:
            value, position = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            end = start
            while end < len(text) and not text[end].isspace():
                end += 1
            value, position = text[start:end], end
        except ValueError:  # JSON Python will not read: a number of over 4300 digits
            raise _at(tag, Refusal("rec_option_value", option=key.group()), start) from None
        if key.group() in options:
            raise _at(tag, Refusal("rec_option_twice", option=key.group()), key.start())
        if position < len(text) and not text[position].isspace():
            raise _at(tag, Refusal("rec_option_spaces"), position)
        options[key.group()] = value
    return options
