"""TarotClub's deal files read as our records (``atout import``).

TarotClub (Anthony Rabine's open-source French Tarot) saves a custom deal as a
JSON object, version "3": ``FirstPlayer`` (the place that bids and leads
first), ``Dog``, and one field per place ``South``, ``East``, ``North``,
``West``, ``Fifth`` (empty when that place is not at the table), each a list
of cards joined by ``;``. A card is its value on two digits, a dash and its
suit letter: ``01-S`` to ``14-S`` for spades (S, H, D, C; 11 jack, 12 knight,
13 queen, 14 king), ``01-T`` to ``21-T`` for trumps and ``00-T`` for the
Excuse. Places follow each other in playing order from South, as our seats do.
"""

from __future__ import annotations

import json
from typing import Any, Final

from atout.cards import EXCUSE, SUIT_LETTERS, mask_of, suit_card, trump
from atout.record_format import DealRecord, GameRecord, RecordSyntaxError, checked
from atout.records import RecordError, RecordFault

PLACES: Final = ("South", "East", "North", "West", "Fifth")
DEAL_FILE_VERSION: Final = "3"


def tarotclub_card(text: str) -> int:
    """One TarotClub card (``07-H``, ``21-T``, ``00-T``); ValueError when it is none."""
    value, dash, suit = text.strip().partition("-")
    if not (dash and len(value) == 2 and value.isascii() and value.isdigit() and len(suit) == 1):
        raise ValueError(f"{text!r} is not a TarotClub card (such as 07-H, 21-T, 00-T)")
    number = int(value)
    if suit == "T" and number <= 21:
        return EXCUSE if number == 0 else trump(number)
    if suit in SUIT_LETTERS and 1 <= number <= 14:
        return suit_card(SUIT_LETTERS.index(suit), number)
    raise ValueError(f"{text!r} is not a TarotClub card (such as 07-H, 21-T, 00-T)")


def _cards(data: dict[str, Any], field: str) -> list[int]:
    value = data.get(field)
    if not isinstance(value, str):
        raise RecordError(f"{field}: a TarotClub deal gives it as a text of cards")
    try:
        return [tarotclub_card(c) for c in value.split(";") if c.strip()]
    except ValueError as error:
        raise RecordError(f"{field}: {error}") from None


def read_tarotclub(text: str) -> GameRecord:
    """A TarotClub deal file as a French Tarot record of that one deal, seat 1 the
    file's first player (our first deal's dealer is seat 0). RecordError says what
    the file lacks; a deal that is no deal is named as the engine names it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordSyntaxError(f"not JSON: {error.msg}", error.lineno, error.colno) from None
    if not isinstance(data, dict):
        raise RecordError("a TarotClub deal file is a JSON object")
    if data.get("version") != DEAL_FILE_VERSION:
        version = data.get("version")
        raise RecordError(
            f'version: {version!r}, but this reads TarotClub deal files of "version": "3"'
        )
    hands = {place: _cards(data, place) for place in PLACES if data.get(place)}
    players = len(hands)
    places = [place for place in PLACES if place in hands]
    if places != list(PLACES[:players]):
        raise RecordError(f"the places at the table must be the first {players} of {PLACES}")
    first = data.get("FirstPlayer")
    if first not in places:
        raise RecordError(f"FirstPlayer: {first!r} is not one of {', '.join(places)}")
    start = places.index(first)
    order = [places[(start - 1 + seat) % players] for seat in range(players)]
    deal = DealRecord(
        hands=tuple(mask_of(hands[place]) for place in order),
        dog=mask_of(_cards(data, "Dog")),
        tags={"Source": "TarotClub deal file"},
    )
    tags = {f"Seat{seat}": place for seat, place in enumerate(order)}
    record = GameRecord("french", players, "fft", deals=(deal,), tags=tags)
    try:
        return checked(record)
    except RecordFault as fault:
        raise RecordError(fault.reason) from None
