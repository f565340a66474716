"""Sampled hands agree with what a seat's observation shows, under every variant and
option, at every seat in the round, at random points of random games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.africain.rules import AFRICAIN
from atout.africain.state import AfricainState
from atout.africain.worlds import DECK, Worlds, sample_hands
from atout.cards import mask_of, parse_card
from atout.game import OMNISCIENT

TABLES: list[tuple[int, str, dict[str, Any]]] = [
    (2, "standard", {}),
    (3, "standard", {}),
    (4, "standard", {"loss": "difference"}),
    (4, "standard", {"lives": 3, "remontee": False}),
    (5, "cinq", {}),
    (3, "cinq", {"hand_sizes": [7, 3, 1], "loss": "difference"}),
]
POSITIONS = 30


def random_position(
    players: int, variant: str, options: dict[str, Any], seed: int
) -> AfricainState:
    """A round in progress after random legal actions; one time in three a one-card round."""
    rng = random.Random(seed)
    state = AFRICAIN.new(players, variant, options)
    one_card = rng.random() < 1 / 3
    stop = rng.randrange(1, 120)
    steps = 0
    while not state.is_over:
        if state.to_move is not None and state.to_move < 0:
            state.apply(AFRICAIN.deal_action(state, rng.randrange(2**32)))
            continue
        if one_card and state.hand_size == 1 and rng.random() < 0.4:
            return state
        if not one_card and steps >= stop:
            return state
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return random_position(players, variant, options, seed + 10**6)


def _cards(texts: list[str] | None) -> int:
    return mask_of(parse_card(c) for c in texts or ())


@pytest.mark.parametrize(("players", "variant", "options"), TABLES)
def test_every_seat_draws_hands_agreeing_with_its_observation(
    players: int, variant: str, options: dict[str, Any]
) -> None:
    sizes = set()
    for seed in range(POSITIONS):
        state = random_position(players, variant, options, seed)
        truth = [_cards(h) for h in state.view(OMNISCIENT)["hands"]]
        sizes.add(state.hand_size)
        for seat in range(players):
            view = state.view(seat)
            if not view["in_round"][seat]:
                continue
            gone = _cards([p["card"] for p in (*view["trick"], *view["last_trick"])])
            hands = sample_hands(view, random.Random(seed))
            seen = 0
            for other, shown in enumerate(view["hands"]):
                assert hands[other].bit_count() == truth[other].bit_count()
                if shown is not None:  # the seat's own hand, or the others' in a one-card round
                    assert hands[other] == _cards(shown) == truth[other]
                assert not hands[other] & seen and not hands[other] & gone
                assert not hands[other] & ~DECK
                seen |= hands[other]
            hidden = Worlds(view).pool
            assert all(truth[s] & ~hidden == 0 for s, h in enumerate(view["hands"]) if h is None)
    assert 1 in sizes and len(sizes) > 1  # the one-card round and ordinary ones


def test_the_one_card_round_hides_the_seats_own_card_only() -> None:
    state = AfricainState(3, AFRICAIN.new(3, "standard", {"hand_sizes": [1]}).variant)
    state.apply(
        AFRICAIN.deal_cards([1 << parse_card("T1"), 1 << parse_card("T2"), 1 << parse_card("EX")])
    )
    view = state.view(0)
    draws = {sample_hands(view, random.Random(seed))[0] for seed in range(60)}
    # Seat 0 sees T2 and the Excuse: its own card is any of the 20 other trumps.
    assert draws <= {1 << c for c in range(56, 77)} - {1 << parse_card("T2")}
    assert len(draws) > 10
    assert all(sample_hands(view, random.Random(s))[1:] == [1 << 57, 1 << 77] for s in range(5))


def test_cards_a_seat_remembers_are_never_dealt() -> None:
    state = random_position(4, "standard", {}, 2)
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    remembered = Worlds(view).pool & -Worlds(view).pool  # one card it saw played earlier
    for s in range(20):
        hands = sample_hands(view, random.Random(s), played=remembered)
        assert not any(h & remembered for h in hands)


@pytest.mark.parametrize(("players", "variant", "options"), TABLES)
def test_a_rounds_change_of_lives_is_the_engines(
    players: int, variant: str, options: dict[str, Any]
) -> None:
    """``Variant.round_change``, which the searching robot scores with, agrees with the
    lives the engine takes and gives back (loss rule and remontée)."""
    rng = random.Random(players)
    state = AFRICAIN.new(players, variant, options)
    rounds = 0
    while not state.is_over:
        if state.to_move is not None and state.to_move < 0:
            state.apply(AFRICAIN.deal_action(state, rng.randrange(2**32)))
            continue
        for event in state.apply(rng.choice(state.legal_actions())):
            if event.kind != "round_end":
                continue
            data = event.data
            seats = [s for s, b in enumerate(data["bids"]) if b is not None]
            change = state.variant.round_change(
                seats, data["bids"], data["tricks"], data["lives_before"]
            )
            assert [data["lives_before"][s] + change[s] for s in seats] == [
                data["lives"][s] for s in seats
            ]
            rounds += 1
    assert rounds > 3
