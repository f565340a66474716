"""Tarot Africain actions and their canonical text forms.

* ``deal:seed=42``: the chance action dealing a round from a seed;
* ``deal:T1,T5,EX/T2,T3,T21/-``: an explicit deal, one hand per seat in seat
  order separated by ``/``, ``-`` for a seat that is out of the game;
* ``bid:2``: bid two tricks;
* ``play:T17``, ``play:EX:high``, ``play:EX:low``: play a card, the Excuse
  declared highest or lowest.

An explicit deal's text shows every card: it belongs in records, never in what
a player is sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from atout.cards import (
    EXCUSE,
    FIRST_TRUMP,
    CardSyntaxError,
    card_text,
    cards_of,
    mask_of,
    parse_cards,
)
from atout.game import ActionSyntaxError, read_cards


@dataclass(frozen=True, slots=True)
class Deal:
    """Deal a round: from ``seed``, or the explicit ``hands`` (a bit set per seat)."""

    seed: int | None = None
    hands: tuple[int, ...] | None = None

    def __str__(self) -> str:
        if self.hands is None:
            return f"deal:seed={self.seed}"
        groups = (",".join(card_text(c) for c in cards_of(h)) or "-" for h in self.hands)
        return "deal:" + "/".join(groups)


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid to win ``tricks`` tricks in the round."""

    tricks: int

    def __str__(self) -> str:
        return f"bid:{self.tricks}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``; ``high`` says whether the Excuse counts as highest (None otherwise)."""

    card: int
    high: bool | None = None

    def __str__(self) -> str:
        if self.high is None:
            return f"play:{card_text(self.card)}"
        return f"play:{card_text(self.card)}:{'high' if self.high else 'low'}"


AfricainAction = Deal | Bid | Play

BIDS: Final = tuple(Bid(n) for n in range(12))
"""Shared Bid objects, so that listing legal bids allocates nothing."""
PLAYS: Final = {c: Play(c) for c in range(FIRST_TRUMP, EXCUSE)}
EXCUSE_PLAYS: Final = (Play(EXCUSE, True), Play(EXCUSE, False))


def _parse_deal(body: str) -> Deal:
    if body.startswith("seed="):
        digits = body[5:]
        if not (digits.isascii() and digits.lstrip("-").isdigit()):
            raise ActionSyntaxError("bad_seed", text=digits)
        return Deal(seed=int(digits))
    hands = []
    for group in body.split("/"):
        group = group.strip()
        if group == "-":
            hands.append(0)
            continue
        cards = read_cards(group, "deal")
        if not cards:
            raise ActionSyntaxError("africain_empty_seat")
        hands.append(mask_of(cards))
    return Deal(hands=tuple(hands))


def _parse_play(body: str) -> Play:
    card_part, _, excuse = body.partition(":")
    excuse = excuse.strip().lower()
    try:
        (card,) = parse_cards(card_part)
    except (CardSyntaxError, ValueError):
        raise ActionSyntaxError("not_one_card", text=card_part) from None
    if card < FIRST_TRUMP:
        raise ActionSyntaxError("trumps_only", text=card_part)
    if card == EXCUSE:
        if excuse not in ("", "high", "low"):
            raise ActionSyntaxError("excuse_syntax")
        return Play(card, None if not excuse else excuse == "high")
    if excuse:
        raise ActionSyntaxError("only_excuse_declared")
    return Play(card)


def parse_action(text: str) -> AfricainAction:
    """Read an action's text form; ActionSyntaxError says what is wrong."""
    kind, sep, body = text.strip().partition(":")
    kind = kind.lower()
    if not sep or not body:
        raise ActionSyntaxError("not_an_action", text=text, example="play:T17")
    if kind == "deal":
        return _parse_deal(body.strip())
    if kind == "bid":
        if not (body.isascii() and body.strip().isdigit()):
            raise ActionSyntaxError("bid_syntax", text=text)
        return Bid(int(body))
    if kind == "play":
        return _parse_play(body.strip())
    raise ActionSyntaxError("unknown_kind", kind=kind, kinds=["deal", "bid", "play"])
