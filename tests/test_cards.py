"""The card numbering, bit sets, points and text notation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout import cards
from atout.cards import (
    EXCUSE,
    PETIT,
    CardSyntaxError,
    card_name,
    card_text,
    parse_card,
    parse_cards,
    parse_hand,
)


def test_the_deck_has_78_cards_worth_91_points() -> None:
    assert cards.FULL_DECK.bit_count() == 78
    assert cards.TOTAL_HALF_POINTS == 2 * 91


def test_card_values_follow_the_rulebook() -> None:
    # Bouts and Kings 4.5, Queens 3.5, Knights 2.5, Jacks 1.5, others 0.5.
    assert cards.half_points(parse_card("T21")) == 9
    assert cards.half_points(parse_card("T1")) == 9
    assert cards.half_points(EXCUSE) == 9
    assert cards.half_points(parse_card("KS")) == 9
    assert cards.half_points(parse_card("QH")) == 7
    assert cards.half_points(parse_card("ND")) == 5
    assert cards.half_points(parse_card("JC")) == 3
    assert cards.half_points(parse_card("10C")) == 1
    assert cards.half_points(parse_card("T20")) == 1


def test_masks_partition_the_deck() -> None:
    suits = cards.SUIT_MASKS
    assert sum(m.bit_count() for m in suits) == 56
    assert cards.TRUMPS.bit_count() == 21
    union = suits[0] | suits[1] | suits[2] | suits[3] | cards.TRUMPS | cards.EXCUSE_BIT
    assert union == cards.FULL_DECK
    assert cards.BOUTS.bit_count() == 3
    assert cards.KINGS.bit_count() == 4
    assert cards.HONOURS.bit_count() == 16


def test_stronger_cards_have_higher_numbers() -> None:
    assert parse_card("KH") > parse_card("QH") > parse_card("10H") > parse_card("1H")
    assert parse_card("T1") > parse_card("KC")
    assert parse_card("T21") > parse_card("T20") > PETIT


def test_trumps_above() -> None:
    above_19 = cards.trumps_above(parse_card("T19"))
    assert cards.cards_of(above_19) == [parse_card("T20"), parse_card("T21")]
    assert cards.trumps_above(parse_card("T21")) == 0
    assert cards.trumps_above(PETIT).bit_count() == 20


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KH", "KH"),
        ("kh", "KH"),
        ("K♥", "KH"),
        ("R♥", "KH"),
        ("D♠", "QS"),
        ("C♣", "NC"),
        ("V♦", "JD"),
        ("10s", "10S"),
        ("t21", "T21"),
        ("A1", "T1"),
        ("excuse", "EX"),
        ("ex", "EX"),
    ],
)
def test_notation_reads_common_spellings(text: str, expected: str) -> None:
    assert card_text(parse_card(text)) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("T22", "1 to 21"),
        ("11H", "1 to 10"),
        ("ZH", "unknown rank"),
        ("KX", "not a card"),
        ("T0S", "unknown rank"),
        ("T²", "not a card"),
        ("1０S", "unknown rank"),
        ("²H", "unknown rank"),
    ],
)
def test_bad_cards_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(CardSyntaxError, match=reason):
        parse_card(text)


def test_a_card_written_twice_is_refused() -> None:
    with pytest.raises(CardSyntaxError, match="twice"):
        parse_cards("KH QH kh")


@given(st.integers(min_value=0, max_value=cards.FULL_DECK))
def test_hand_text_round_trips(mask: int) -> None:
    assert parse_hand(cards.hand_text(mask)) == mask
    assert cards.mask_of(cards.cards_of(mask)) == mask
    assert cards.mask_points(mask) == sum(cards.half_points(c) for c in cards.cards_of(mask))


def test_hand_text_sorts_trumps_first_then_suits_high_to_low() -> None:
    assert cards.hand_text(parse_hand("1S T1 KS EX T21 QH")) == "EX T21 T1 KS 1S QH"


def test_names_in_both_languages() -> None:
    assert card_name(parse_card("QH"), "en") == "Queen of hearts"
    assert card_name(parse_card("QH"), "fr") == "Dame de cœur"
    assert card_name(PETIT, "fr") == "le Petit"
    assert card_name(parse_card("T12"), "fr") == "12 d'atout"
    assert card_name(EXCUSE, "en") == "the Excuse"
