"""Cards as the person reads them: short faces with suit symbols and colours.

A hand is shown one line per suit, trumps first, in the order of
:func:`atout.cards.sort_key`. Cards the person may choose carry a number
(type it to choose) and stand out; the others are dimmed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rich.text import Text

from atout.cards import (
    DIAMONDS,
    EXCUSE,
    HEARTS,
    SUIT_SYMBOLS,
    TRUMP,
    Language,
    card_face,
    parse_card,
    sort_key,
    suit_name,
    suit_of,
)


def face(card: int, lang: Language) -> str:
    """A card's short face: ``K♥``/``R♥``, ``10♠``, ``T21``/``A21``, ``Excuse``
    (:func:`atout.cards.card_face`, the printouts' too)."""
    return card_face(card, lang)


def style_of(card: int) -> str:
    """Red hearts and diamonds, cyan trumps, magenta Excuse, plain spades and clubs."""
    if card == EXCUSE:
        return "magenta"
    suit = suit_of(card)
    if suit == TRUMP:
        return "cyan"
    return "red" if suit in (HEARTS, DIAMONDS) else "default"


def styled(card: int, lang: Language, extra: str = "") -> Text:
    """One card's face in its colour (``extra``: e.g. ``bold`` or ``dim``)."""
    return Text(face(card, lang), style=f"{style_of(card)} {extra}".strip())


def faces(texts: Iterable[str], lang: Language) -> Text:
    """Cards given in the notation, as coloured faces separated by spaces."""
    line = Text()
    for i, text in enumerate(texts):
        if i:
            line.append(" ")
        line.append_text(styled(parse_card(text), lang))
    return line


def sorted_cards(texts: Iterable[str]) -> list[int]:
    """Cards in the notation, as numbers in reading order (trumps first)."""
    return sorted((parse_card(t) for t in texts), key=sort_key)


def hand_lines(
    hand: Sequence[str], numbers: Mapping[int, int], lang: Language, title: str, trumps: str
) -> list[Text]:
    """The hand one line per suit; ``numbers`` maps choosable cards to their number.

    With no numbers every card is shown plainly; otherwise cards without a
    number are dimmed.
    """
    groups: dict[int, list[int]] = {}
    for card in sorted_cards(hand):
        groups.setdefault(suit_of(card), []).append(card)
    lines = [Text(f"{title} ({len(hand)})", style="bold")]
    for suit, cards in groups.items():
        label = trumps if suit == TRUMP else f"{SUIT_SYMBOLS[suit]} {suit_name(suit, lang)}"
        line = Text(f"  {label:<10}")
        for card in cards:
            number = numbers.get(card)
            if number is not None:
                line.append(f" {number}:", style="bold yellow")
                line.append_text(styled(card, lang, "bold"))
            else:
                line.append(" ")
                line.append_text(styled(card, lang, "dim" if numbers else ""))
        lines.append(line)
    return lines
