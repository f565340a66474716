"""French Tarot actions: small frozen values with a canonical text form.

Every action prints as ``kind:argument`` and :func:`parse_action` reads it back,
so a deal is a list of lines. The fixed actions (the 78 plays, bids, calls,
discards...) are built once here and shared, which keeps ``legal_actions`` cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from atout.cards import DECK_SIZE, CardSyntaxError, card_text, hand_text, mask_of, parse_card
from atout.french.scoring import MISERE_KINDS, MisereKind
from atout.french.variants import Contract
from atout.game import ActionSyntaxError, read_cards


@dataclass(frozen=True, slots=True)
class DealSeed:
    """Chance action: shuffle with ``random.Random(seed)`` and deal like a dealer would."""

    seed: int

    def __str__(self) -> str:
        return f"deal:seed={self.seed}"


@dataclass(frozen=True, slots=True)
class DealCards:
    """Chance action: an explicit deal, one hand (bit set) per seat and the dog."""

    hands: tuple[int, ...]
    dog: int

    def __str__(self) -> str:
        hands = "|".join(hand_text(h) for h in self.hands)
        return f"deal:hands={hands};dog={hand_text(self.dog)}"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: ``Contract.PASS`` or a contract."""

    contract: Contract

    def __str__(self) -> str:
        return f"bid:{self.contract.text}"


@dataclass(frozen=True, slots=True)
class Call:
    """5 players: the card the taker calls to choose a partner."""

    card: int

    def __str__(self) -> str:
        return f"call:{card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """One card of the écart."""

    card: int

    def __str__(self) -> str:
        return f"discard:{card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class ChelemChoice:
    """The taker's answer to "do you announce a chelem?"."""

    announce: bool

    def __str__(self) -> str:
        return f"chelem:{'yes' if self.announce else 'no'}"


@dataclass(frozen=True, slots=True)
class Poignee:
    """A poignée shown before one's first card (``cards`` empty: none declared)."""

    cards: int

    def __str__(self) -> str:
        return f"poignee:{hand_text(self.cards) if self.cards else 'none'}"


@dataclass(frozen=True, slots=True)
class Misere:
    """Misère announcements made before one's first card (empty: none)."""

    kinds: tuple[MisereKind, ...]

    def __str__(self) -> str:
        return f"misere:{'+'.join(self.kinds) if self.kinds else 'none'}"


@dataclass(frozen=True, slots=True)
class Play:
    """Playing a card to the current trick."""

    card: int

    def __str__(self) -> str:
        return f"play:{card_text(self.card)}"


FrenchAction = DealSeed | DealCards | Bid | Call | Discard | ChelemChoice | Poignee | Misere | Play

CARD_TEXTS: Final = tuple(card_text(c) for c in range(DECK_SIZE))
"""The notation of every card, looked up rather than rebuilt when events are made."""
PLAYS: Final = tuple(Play(c) for c in range(DECK_SIZE))
DISCARDS: Final = tuple(Discard(c) for c in range(DECK_SIZE))
CALLS: Final = tuple(Call(c) for c in range(DECK_SIZE))
BIDS: Final = tuple(Bid(c) for c in Contract)
_CHUNKS: Final = ((0, 14), (14, 14), (28, 14), (42, 14), (56, 11), (67, 11))
"""(first card, width) of the look-up windows: one per suit, two for trumps and the Excuse."""
_CHUNK_OF: Final = tuple(
    next(i for i, (f, w) in enumerate(_CHUNKS) if f <= c < f + w) for c in range(DECK_SIZE)
)
_CHUNK_TABLES: Final[tuple[list[tuple[Play, ...] | None], ...]] = tuple(
    [None] * (1 << width) for _, width in _CHUNKS
)


def plays_of(mask: int) -> tuple[Play, ...]:
    """The Play actions of the cards in a bit set, lowest first, by per-suit table look-ups."""
    out: tuple[Play, ...] = ()
    while mask:
        index = _CHUNK_OF[(mask & -mask).bit_length() - 1]
        first, width = _CHUNKS[index]
        part = mask >> first & ((1 << width) - 1)
        found = _CHUNK_TABLES[index][part]
        if found is None:
            found = tuple(PLAYS[first + i] for i in range(width) if part >> i & 1)
            _CHUNK_TABLES[index][part] = found
        mask ^= part << first
        out = out + found if out else found
    return out


CHELEM_YES: Final = ChelemChoice(True)
CHELEM_NO: Final = ChelemChoice(False)
NO_POIGNEE: Final = Poignee(0)
NO_MISERE: Final = Misere(())


_KINDS: Final = ("deal", "bid", "call", "discard", "chelem", "poignee", "misere", "play")


def _card(text: str, kind: str) -> int:
    try:
        return parse_card(text)
    except CardSyntaxError:
        raise ActionSyntaxError("not_a_card", kind=kind, text=text) from None


def _parse_deal(arg: str) -> DealSeed | DealCards:
    if arg.startswith("seed="):
        try:
            return DealSeed(int(arg[5:]))
        except ValueError:
            raise ActionSyntaxError("bad_seed", text=arg[5:]) from None
    if not arg.startswith("hands=") or ";dog=" not in arg:
        raise ActionSyntaxError("french_deal_syntax")
    hands_text, dog_text = arg[6:].split(";dog=", 1)
    hands = tuple(mask_of(read_cards(h, "deal")) for h in hands_text.split("|"))
    return DealCards(hands, mask_of(read_cards(dog_text, "deal")))


def _parse_poignee(arg: str) -> Poignee:
    if arg == "none":
        return NO_POIGNEE
    cards = read_cards(arg, "poignee")
    for card in cards:
        if card < 56:
            raise ActionSyntaxError("not_a_trump", card=card_text(card))
    if not cards:
        raise ActionSyntaxError("poignee_syntax")
    return Poignee(mask_of(cards))


def _parse_misere(arg: str) -> Misere:
    if arg == "none":
        return NO_MISERE
    kinds: list[MisereKind] = []
    for word in arg.split("+"):
        kind = next((k for k in MISERE_KINDS if k == word), None)
        if kind is None or kind in kinds:
            raise ActionSyntaxError("misere_syntax", text=word)
        kinds.append(kind)
    return Misere(tuple(k for k in MISERE_KINDS if k in kinds))


def parse_action(text: str) -> FrenchAction:
    """Read an action's text form; raise ActionSyntaxError saying what is wrong."""
    kind, sep, arg = text.strip().partition(":")
    kind = kind.strip().lower()
    arg = arg.strip()
    if not sep or not arg:
        raise ActionSyntaxError("not_an_action", text=text, example="play:KH")
    if kind == "deal":
        return _parse_deal(arg)
    if kind == "bid":
        try:
            return BIDS[Contract[arg.upper()]]
        except KeyError:
            choices = [c.text for c in Contract]
            raise ActionSyntaxError("not_a_bid", text=arg, choices=choices) from None
    if kind == "call":
        return CALLS[_card(arg, kind)]
    if kind == "discard":
        return DISCARDS[_card(arg, kind)]
    if kind == "play":
        return PLAYS[_card(arg, kind)]
    if kind == "chelem":
        if arg.lower() in ("yes", "no"):
            return CHELEM_YES if arg.lower() == "yes" else CHELEM_NO
        raise ActionSyntaxError("chelem_syntax", text=arg)
    if kind == "poignee":
        return _parse_poignee(arg.lower() if arg.lower() == "none" else arg)
    if kind == "misere":
        return _parse_misere(arg.lower())
    raise ActionSyntaxError("unknown_kind", kind=kind, kinds=list(_KINDS))
