"""A French view's card lists (``atout.french.view.cards_json``), made from
each hand's parts, read in the order of ``atout.cards.hand_texts``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import hand_texts
from atout.french.view import cards_json


@settings(max_examples=300, deadline=None)
@given(mask=st.integers(0, (1 << 78) - 1))
def test_a_hands_texts_are_its_cards_in_reading_order(mask: int) -> None:
    assert cards_json(mask) == hand_texts(mask)
    assert cards_json(mask) is not cards_json(mask)  # each view its own list
