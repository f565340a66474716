"""Sampled worlds show their viewer the very observation they were sampled from,
under every variant and option, at every seat, at random points of random games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import EXCUSE, FULL_DECK
from atout.french.rules import FRENCH
from atout.french.state import BID, CALL, CHELEM, DISCARD, PLAY, POIGNEE, FrenchState
from atout.french.worlds import Worlds, sample_world

TABLES: list[tuple[int, str, dict[str, Any]]] = [
    (3, "fft", {}),
    (4, "fft", {}),
    (5, "fft", {}),
    (4, "traditionnel", {}),
    (5, "traditionnel", {}),
    (5, "fft", {"dealer_sits_out": True}),
    (5, "traditionnel", {"dealer_sits_out": True, "king_call_self": False}),
    (5, "fft", {"king_call_self": False}),
    (4, "fft", {"misere": True, "poignee_trumps": {"4": [6, 8, 10]}}),
    (3, "fft", {"misere": True, "poignee_trumps": {"3": [7, 9, 11]}}),
    (5, "fft", {"poignee_trumps": {"5": [5, 7, 9]}, "excuse_last_trick": "owner"}),
    (4, "fft", {"petit_sec_redeal": False, "chelem_announcer_leads": False}),
]
POSITIONS = 24
"""Random positions per table (each tried from every seat)."""


def random_position(players: int, variant: str, options: dict[str, Any], seed: int) -> FrenchState:
    """A deal in progress after random legal actions, in the first or second deal of
    a partie, one time in two during the auction, call or écart."""
    rng = random.Random(seed)
    state = FRENCH.new(players, variant, {**options, "deals": 2})
    second = rng.random() < 0.5
    stop = rng.randrange(1, players + 4) if rng.random() < 1 / 2 else rng.randrange(1, 90)
    steps = 0
    while True:
        if state.to_move is not None and state.to_move < 0:
            state.apply(FRENCH.deal_action(state, rng.randrange(2**32)))
            steps = 0
            continue
        if state.is_over:
            return random_position(players, variant, options, seed + 10**6)
        if steps >= stop and (state.deals_played > 0 or not second):
            return state
        # Few announcements at random: take poignées and misères when offered.
        state.apply(rng.choice(list(state.legal_actions())))
        steps += 1


def _positions(players: int, variant: str, options: dict[str, Any]) -> list[FrenchState]:
    return [random_position(players, variant, options, seed) for seed in range(POSITIONS)]


@pytest.mark.parametrize(("players", "variant", "options"), TABLES)
def test_every_seat_finds_a_world_showing_it_the_same_observation(
    players: int, variant: str, options: dict[str, Any]
) -> None:
    for number, state in enumerate(_positions(players, variant, options)):
        for seat in range(players):
            view = state.view(seat)
            world = sample_world(view, random.Random(number))
            assert world is not None, (number, seat, view["phase"])
            assert world.view(seat) == view
            if state.to_move == seat:  # what a seat may do follows from what it sees
                assert world.legal_texts() == state.legal_texts(), (number, seat)
            # Every card is somewhere, once; each seat holds as many as in the real deal.
            placed = sum(world.hands) | world.dog | world.ecart
            for won in world.won:
                placed |= won
            placed |= sum(1 << c for c in world.trick)
            assert placed == FULL_DECK
            assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in state.hands]
            assert world.ecart.bit_count() == state.ecart.bit_count()


def test_a_chelem_s_taker_is_not_told_its_partner_by_what_it_may_play() -> None:
    # At five the taker's Excuse is kept for the last trick while the attack may
    # have every trick: may, as the taker sees it, not as the hidden deal is. Each
    # deal announces a chelem; at each of the taker's turns with the Excuse, a world
    # of its view gives it the same choices.
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = FRENCH.new(5, "fft", {})
        state.apply(FRENCH.deal_action(state, rng.randrange(2**32)))
        while not state.deal_over:
            mover = state.to_move
            assert mover is not None
            if state.phase == PLAY and mover == state.taker and state.hands[mover] >> EXCUSE & 1:
                world = sample_world(state.view(mover), rng)
                assert world is not None and world.legal_texts() == state.legal_texts(), seed
                checked += 1
            legal = state.legal_texts()
            text = "chelem:yes" if "chelem:yes" in legal else rng.choice(legal)
            state.apply(FRENCH.parse_action(text))
    assert checked >= 20  # the seeds reach the taker's turns with the Excuse


def test_the_positions_cover_every_phase_of_a_deal() -> None:
    phases = {s.phase for table in TABLES for s in _positions(*table)}
    assert phases >= {BID, CALL, DISCARD, CHELEM, POIGNEE, PLAY}


def test_worlds_vary_the_hidden_cards() -> None:
    """Not the real deal over and over: the hidden hands differ between samples."""
    state = random_position(4, "fft", {}, 3)
    worlds = Worlds(state.view(state.order[0]))
    rng = random.Random(1)
    samples = [worlds.sample(rng) for _ in range(10)]
    others = {tuple(w.hands) for w in samples if w is not None}
    assert len(others) > 5


def test_the_mort_forms_dealer_holds_nothing_in_every_world() -> None:
    for state in _positions(5, "fft", {"dealer_sits_out": True}):
        seat = state.order[1]
        world = sample_world(state.view(seat), random.Random(0))
        assert world is not None
        assert world.hands[state.dealer] == 0 and world.dealt[state.dealer] == 0
        assert world.active == 4


def test_a_fits_predicate_narrows_the_worlds() -> None:
    state = FRENCH.new(4)
    state.apply(FRENCH.deal_action(state, 7))
    seat = next(s for s in state.order if not state.hands[s] >> EXCUSE & 1)
    other = next(s for s in state.order if s != seat)
    worlds = Worlds(state.view(seat))
    rng = random.Random(2)
    for _ in range(10):  # the Excuse is with ``other`` in about one world in three
        world = worlds.sample(rng, fits=lambda _known, dealt: bool(dealt[other] >> EXCUSE & 1))
        assert world is not None and world.hands[other] >> EXCUSE & 1


def test_a_spectator_or_a_finished_deal_has_no_worlds_to_sample() -> None:
    state = random_position(4, "fft", {}, 1)
    with pytest.raises(ValueError):
        Worlds(state.view(-1))
    fresh = FRENCH.new(4)
    with pytest.raises(ValueError):
        Worlds(fresh.view(0))
