"""Duplicate's imposed contract: "le contrat est unique et imposé (Garde), le preneur
ne peut passer, ni demander un sur contrat : il n'y a pas d'enchère" (FFT, p. 15)."""

from __future__ import annotations

import random

import pytest

from atout.french.rules import FRENCH
from atout.french.state import CALL, DISCARD
from atout.french.variants import Contract, get_variant
from atout.game import Event
from atout.match import Match, seed_sequence
from tests.french.deals import explicit_deal, new_state


def test_the_player_right_of_the_dealer_takes_without_an_auction() -> None:
    state = FRENCH.new(4, options={"imposed_contract": "garde"})
    events = state.apply(explicit_deal(4, {1: "T21 T20 T19 EX"}))
    # dealer seat 0: seat 1 speaks first and takes; the dog is shown, the écart is due
    assert (state.taker, state.contract, state.phase, state.turn) == (1, Contract.GARDE, DISCARD, 1)
    assert state.bids == [(1, Contract.GARDE), (2, 0), (3, 0), (0, 0)]
    kinds = [e.kind for e in events]
    assert kinds.index("contract") < kinds.index("dog")
    assert not [a for a in state.legal_actions() if str(a).startswith("bid:")]


def test_at_five_the_taker_calls_a_king_next() -> None:
    state = new_state(5, explicit_deal(5, {}), imposed_contract="garde_sans")
    assert (state.taker, state.contract, state.phase) == (1, Contract.GARDE_SANS, CALL)


def test_a_contract_the_variant_lacks_cannot_be_imposed() -> None:
    with pytest.raises(ValueError, match="imposed_contract"):
        get_variant("fft", {"imposed_contract": "pousse"})
    with pytest.raises(ValueError, match="imposed_contract"):
        get_variant("fft", {"imposed_contract": "passe"})


def test_games_at_an_imposed_garde_play_to_the_end() -> None:
    rng = random.Random(1)
    state = FRENCH.new(4, options={"imposed_contract": "garde", "deals": 3})
    match = Match(FRENCH, state, seed_sequence(range(100, 110)))
    contracts = []
    assert match.play(
        lambda seat: rng.choice(match.legal()),
        lambda events: contracts.extend(e.data["contract"] for e in events if e.kind == "contract"),
    )
    # three deals (a petit sec would deal again), each at Garde, each scored to zero
    assert contracts == ["garde"] * 3 and len(state.score_log) == 3
    assert all(sum(deal) == 0 for deal in state.score_log)


def test_an_imposed_taker_takes_whoever_deals_and_the_dealers_right_leads() -> None:
    # quadrettes: "Le preneur est toujours en Sud [...] Le joueur qui entame est
    # conformément à l'étui le joueur placé à droite du donneur" (p. 22)
    rng = random.Random(3)
    options = {"imposed_contract": "garde", "imposed_taker": 2, "deals": 4}
    state = FRENCH.new(4, options=options)
    match = Match(FRENCH, state, seed_sequence(range(200, 220)))
    auctions: list[tuple[int, int, list[tuple[int, int]]]] = []
    leads: list[tuple[int, int]] = []

    def play(seat: int) -> str:
        action = rng.choice(match.legal())
        if action.startswith("play:") and not state.trick and not state.tricks:
            leads.append((state.dealer, seat))
        return action

    def watch(events: list[Event]) -> None:
        if any(event.kind == "contract" for event in events):
            auctions.append((state.dealer, state.taker, list(state.bids)))

    assert match.play(play, watch)
    assert len(auctions) >= 4 and {taker for _, taker, _ in auctions} == {2}
    for dealer, _, bids in auctions:  # each speaks once from the dealer's right
        assert [seat for seat, _ in bids] == [(dealer + k) % 4 for k in range(1, 5)]
        assert [c for seat, c in bids if seat != 2] == [Contract.PASS] * 3
    assert [seat for _, seat in leads] == [(dealer + 1) % 4 for dealer, _ in leads]
    assert {dealer for dealer, _ in leads} == {0, 1, 2, 3}


def test_an_imposed_taker_is_a_seat_of_the_table() -> None:
    with pytest.raises(ValueError, match="imposed_taker"):
        get_variant("fft", {"imposed_taker": 5})
    with pytest.raises(ValueError, match="imposed_taker"):
        get_variant("fft", {"imposed_taker": 1, "dealer_sits_out": True})
    with pytest.raises(ValueError, match="imposed_taker"):
        FRENCH.new(3, options={"imposed_contract": "garde", "imposed_taker": 3})
