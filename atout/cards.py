"""The 78 Tarot cards as small integers and hands as bit sets.

Card numbers are chosen so that rules become bit operations:

* suit cards: ``suit * 14 + rank - 1`` with suits spades, hearts, diamonds,
  clubs (0-3) and ranks 1-10, Jack 11, Knight 12, Queen 13, King 14 (0-55);
* trumps 1 to 21: ``55 + n`` (56-76), so a higher trump is a higher number;
* the Excuse: 77.

Within a suit and among trumps a stronger card has a higher number, and every
trump is above every suit card, so the winner of a trick is a ``max``.
A hand is an ``int`` whose bit ``c`` is set when card ``c`` is held.
Points are counted in half points so that all scoring stays in integers.

Text notation (English, case-insensitive on input): suit cards are the rank
then the suit letter, ``KH`` (King of hearts), ``NS`` (Knight of spades),
``10D``, ``1C``; trumps are ``T1`` to ``T21``; the Excuse is ``EX``. A hand is
cards separated by spaces or commas. The parser also takes the suit symbols
(``K♥``), French rank letters (``R`` roi, ``D`` dame, ``C`` cavalier,
``V`` valet) before a suit symbol, and ``A1``-``A21`` for atouts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, Literal

Language = Literal["en", "fr"]

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
TRUMP: Final = 4
"""The pseudo-suit of trumps (and, for following purposes, of nothing else)."""

SUITS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_LETTERS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"

JACK: Final = 11
KNIGHT: Final = 12
QUEEN: Final = 13
KING: Final = 14

FIRST_TRUMP: Final = 56
PETIT: Final = 56
VINGT_ET_UN: Final = 76
EXCUSE: Final = 77
DECK_SIZE: Final = 78

FULL_DECK: Final = (1 << DECK_SIZE) - 1
SUIT_MASKS: Final = tuple(((1 << 14) - 1) << (14 * s) for s in SUITS)
TRUMPS: Final = ((1 << 21) - 1) << FIRST_TRUMP
"""The 21 numbered trumps (not the Excuse)."""
EXCUSE_BIT: Final = 1 << EXCUSE
PETIT_BIT: Final = 1 << PETIT
BOUTS: Final = (1 << PETIT) | (1 << VINGT_ET_UN) | EXCUSE_BIT
KINGS: Final = sum(1 << (s * 14 + KING - 1) for s in SUITS)

_RANK_HALF_POINTS: Final = {KING: 9, QUEEN: 7, KNIGHT: 5, JACK: 3}


def suit_card(suit: int, rank: int) -> int:
    """The card of ``rank`` (1-14) in ``suit`` (0-3)."""
    return suit * 14 + rank - 1


def trump(number: int) -> int:
    """The trump numbered ``number`` (1-21)."""
    return FIRST_TRUMP + number - 1


def suit_of(card: int) -> int:
    """The suit of a card: 0-3, or TRUMP for trumps and the Excuse."""
    return card // 14 if card < FIRST_TRUMP else TRUMP


def rank_of(card: int) -> int:
    """The rank of a suit card (1-14), the number of a trump (1-21), 0 for the Excuse."""
    if card < FIRST_TRUMP:
        return card % 14 + 1
    return 0 if card == EXCUSE else card - FIRST_TRUMP + 1


def is_trump(card: int) -> bool:
    """True for the 21 numbered trumps (the Excuse is not a trump for following)."""
    return FIRST_TRUMP <= card < EXCUSE


def half_points(card: int) -> int:
    """The card's value in half points: bouts and Kings 9, Queens 7 ... others 1."""
    if card >= FIRST_TRUMP:
        return 9 if (1 << card) & BOUTS else 1
    return _RANK_HALF_POINTS.get(card % 14 + 1, 1)


HALF_POINTS: Final = tuple(half_points(c) for c in range(DECK_SIZE))
TOTAL_HALF_POINTS: Final = sum(HALF_POINTS)
"""182 half points: the 91 points of a deck."""

HONOURS: Final = sum(1 << suit_card(s, r) for s in SUITS for r in (JACK, KNIGHT, QUEEN, KING))


def mask_points(mask: int) -> int:
    """Half points of every card in a bit set."""
    total = 0
    while mask:
        low = mask & -mask
        total += HALF_POINTS[low.bit_length() - 1]
        mask ^= low
    return total


def bit(card: int) -> int:
    """The bit set holding just ``card``."""
    return 1 << card


def cards_of(mask: int) -> list[int]:
    """The cards of a bit set, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: int) -> Iterator[int]:
    """Iterate over the cards of a bit set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    """The bit set of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def count(mask: int) -> int:
    """Number of cards in a bit set."""
    return mask.bit_count()


def highest(mask: int) -> int:
    """The highest-numbered card in a non-empty bit set."""
    return mask.bit_length() - 1


def trumps_above(card: int) -> int:
    """The numbered trumps strictly stronger than trump ``card``."""
    return TRUMPS & ~((2 << card) - 1)


# --- Text notation --------------------------------------------------------

_RANK_TEXT: Final = {JACK: "J", KNIGHT: "N", QUEEN: "Q", KING: "K"}
_RANK_INPUT: Final = {"J": JACK, "N": KNIGHT, "Q": QUEEN, "K": KING}
_RANK_INPUT_FR: Final = {"V": JACK, "C": KNIGHT, "D": QUEEN, "R": KING}


class CardSyntaxError(ValueError):
    """Raised for text that is not a card, hand or deal in the notation."""


def card_text(card: int) -> str:
    """The compact notation of a card: ``KH``, ``10S``, ``T21``, ``EX``."""
    if not 0 <= card < DECK_SIZE:
        raise ValueError(f"{card} is not a card number (0-77)")
    if card == EXCUSE:
        return "EX"
    if card >= FIRST_TRUMP:
        return f"T{rank_of(card)}"
    rank = rank_of(card)
    return f"{_RANK_TEXT.get(rank, str(rank))}{SUIT_LETTERS[suit_of(card)]}"


def _parse_rank(text: str, table: dict[str, int], original: str) -> int:
    if text.isascii() and text.isdigit():
        rank = int(text)
        if 1 <= rank <= 10:
            return rank
        raise CardSyntaxError(f"{original!r}: suit cards are numbered 1 to 10")
    if text in table:
        return table[text]
    raise CardSyntaxError(f"{original!r}: unknown rank {text!r} (1-10, J, N, Q, K)")


def parse_card(text: str) -> int:
    """Read one card in the notation; raise CardSyntaxError with the reason."""
    original = text
    text = text.strip().upper()
    if not text:
        raise CardSyntaxError("empty card")
    if text in ("EX", "E", "EXCUSE", "0"):
        return EXCUSE
    if text[0] in "TA" and text[1:].isascii() and text[1:].isdigit():
        number = int(text[1:])
        if 1 <= number <= 21:
            return trump(number)
        raise CardSyntaxError(f"{original!r}: trumps are numbered 1 to 21")
    last = text[-1]
    if last in SUIT_SYMBOLS or last in ("♤", "♡", "♢", "♧"):
        suit = (SUIT_SYMBOLS + "♤♡♢♧").index(last) % 4
        table = {**_RANK_INPUT, **_RANK_INPUT_FR}
        return suit_card(suit, _parse_rank(text[:-1], table, original))
    if last in SUIT_LETTERS and len(text) >= 2:
        return suit_card(SUIT_LETTERS.index(last), _parse_rank(text[:-1], _RANK_INPUT, original))
    raise CardSyntaxError(f"{original!r} is not a card: write e.g. KH, 10S, NC, T21 or EX")


def parse_cards(text: str) -> list[int]:
    """Read cards separated by spaces or commas, refusing a card written twice."""
    cards: list[int] = []
    seen = 0
    for token in text.replace(",", " ").split():
        card = parse_card(token)
        if seen >> card & 1:
            raise CardSyntaxError(f"{token!r} is written twice")
        seen |= 1 << card
        cards.append(card)
    return cards


def parse_hand(text: str) -> int:
    """Read a hand (cards separated by spaces or commas) as a bit set."""
    return mask_of(parse_cards(text))


def sort_key(card: int) -> tuple[int, int]:
    """Display order: trumps first (Excuse, then 21 down to 1), then each suit high to low."""
    if card == EXCUSE:
        return (0, 0)
    if card >= FIRST_TRUMP:
        return (1, -card)
    return (2 + (SPADES, HEARTS, CLUBS, DIAMONDS).index(suit_of(card)), -card)


def hand_text(mask: int) -> str:
    """A hand in the notation, sorted for reading (trumps, then suits high to low)."""
    return " ".join(card_text(c) for c in sorted(cards_of(mask), key=sort_key))


# --- Names for display ----------------------------------------------------

_SUIT_NAMES: Final = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "fr": ("pique", "cœur", "carreau", "trèfle"),
}
_HONOUR_NAMES: Final = {
    "en": {JACK: "Jack", KNIGHT: "Knight", QUEEN: "Queen", KING: "King", 1: "Ace"},
    "fr": {JACK: "Valet", KNIGHT: "Cavalier", QUEEN: "Dame", KING: "Roi", 1: "As"},
}


def card_name(card: int, language: Language = "en") -> str:
    """The full name of a card for display: ``King of hearts``, ``Roi de cœur``."""
    if card == EXCUSE:
        return "the Excuse" if language == "en" else "l'Excuse"
    if card >= FIRST_TRUMP:
        number = rank_of(card)
        if language == "en":
            return "the Petit (trump 1)" if number == 1 else f"trump {number}"
        return "le Petit" if number == 1 else f"{number} d'atout"
    rank = rank_of(card)
    suit = _SUIT_NAMES[language][suit_of(card)]
    word = _HONOUR_NAMES[language].get(rank, str(rank))
    if language == "en":
        return f"{word} of {suit}"
    return f"{word} de {suit}"


_FACE_HONOURS: Final = {
    "en": {JACK: "J", KNIGHT: "N", QUEEN: "Q", KING: "K"},
    "fr": {JACK: "V", KNIGHT: "C", QUEEN: "D", KING: "R"},
}
_TRUMP_LETTER: Final = {"en": "T", "fr": "A"}


def card_face(card: int, language: Language = "en") -> str:
    """A card's short face as a reader of ``language`` writes it, with its suit's
    symbol: ``K♥`` / ``R♥`` (roi, dame, cavalier, valet: R, D, C, V), ``10♠``,
    ``T21`` / ``A21`` (atout), ``Excuse``. The notation's letters are English ones: a
    French reader takes its D for a dame and its C for cœur or cavalier."""
    if card == EXCUSE:
        return "Excuse"
    if card >= FIRST_TRUMP:
        return f"{_TRUMP_LETTER[language]}{rank_of(card)}"
    rank = rank_of(card)
    return f"{_FACE_HONOURS[language].get(rank, str(rank))}{SUIT_SYMBOLS[suit_of(card)]}"


def hand_faces(mask: int, language: Language = "en") -> str:
    """A hand's faces (:func:`card_face`), sorted for reading as :func:`hand_text`."""
    return " ".join(card_face(c, language) for c in sorted(cards_of(mask), key=sort_key))


def suit_name(suit: int, language: Language = "en") -> str:
    """Name of a suit (0-3) or of the trumps (4)."""
    if suit == TRUMP:
        return "trumps" if language == "en" else "atout"
    return _SUIT_NAMES[language][suit]


def hand_texts(mask: int) -> list[str]:
    """A hand's cards in the notation, sorted for reading as in :func:`hand_text`,
    as a list: JSON-ready, for the parameters of a refusal."""
    return [card_text(c) for c in sorted(cards_of(mask), key=sort_key)]
