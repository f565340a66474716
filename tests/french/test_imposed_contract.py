"""Duplicate's imposed contract: "le contrat est unique et imposé (Garde), le preneur
ne peut passer, ni demander un sur contrat : il n'y a pas d'enchère" (FFT, p. 15)."""

from __future__ import annotations

import random

import pytest

from atout.french.rules import FRENCH
from atout.french.state import CALL, DISCARD
from atout.french.variants import Contract, get_variant
from atout.french.worlds import Worlds
from atout.game import Event, IllegalAction
from atout.match import Match, seed_sequence
from atout.robots.levels import make_robot
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
    contracts: list[str] = []
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


MATCH = {"imposed_contract": "garde", "imposed_minimum": True}
"""The two-team match (p. 25): "Le preneur a le choix entre 3 contrats : Garde, Garde
Sans et Garde Contre. Il n'a pas le droit de passer"."""


def test_the_matchs_taker_chooses_garde_or_stronger_and_may_not_pass() -> None:
    state = FRENCH.new(4, options={**MATCH, "imposed_taker": 2})
    events = state.apply(explicit_deal(4, {}))
    # dealer 0: seat 1 passed for it; South (seat 2) is asked, no contract yet
    assert (state.turn, state.taker, state.bids) == (2, -1, [(1, Contract.PASS)])
    assert not [e for e in events if e.kind in ("bid", "contract")]
    offered = ["bid:garde", "bid:garde_sans", "bid:garde_contre"]
    assert [str(a) for a in state.legal_actions()] == offered
    assert state.view(2)["legal"] == offered
    for refused in ("bid:pass", "bid:prise"):
        before = state.clone()
        with pytest.raises(IllegalAction) as error:
            state.apply(FRENCH.parse_action(refused), 2)
        assert error.value.code == "imposed_minimum" and state == before
    events = state.apply(FRENCH.parse_action("bid:garde_contre"), 2)
    # the seats after South pass for it; no dog shown at a Garde Contre
    assert state.bids == [(1, 0), (2, Contract.GARDE_CONTRE), (3, 0), (0, 0)]
    assert (state.taker, state.contract) == (2, Contract.GARDE_CONTRE)
    assert [e.kind for e in events] == ["bid", "contract", "dog"]
    assert events[2].data["shown"] is False


def test_the_matchs_choice_plays_whole_games_at_every_dealer() -> None:
    rng = random.Random(5)
    state = FRENCH.new(4, options={**MATCH, "imposed_taker": 2, "deals": 4})
    match = Match(FRENCH, state, seed_sequence(range(300, 320)))
    chosen: list[tuple[int, int, str]] = []

    def watch(events: list[Event]) -> None:
        contracts = [e.data for e in events if e.kind == "contract"]
        chosen.extend((state.dealer, c["taker"], c["contract"]) for c in contracts)

    assert match.play(lambda seat: rng.choice(match.legal()), watch)
    assert {dealer for dealer, _, _ in chosen} == {0, 1, 2, 3}
    assert {taker for _, taker, _ in chosen} == {2}
    assert {c for _, _, c in chosen} <= {"garde", "garde_sans", "garde_contre"}


def test_robots_and_sampled_worlds_follow_the_matchs_choice() -> None:
    state = FRENCH.new(4, options={**MATCH, "imposed_taker": 3})
    state.apply(explicit_deal(4, {}))
    legal = [str(a) for a in state.legal_actions()]
    for level in ("heuristic", "strong"):
        assert make_robot(level, 0.05).choose(state.view(3), legal, 1) in legal
    state.apply(FRENCH.parse_action("bid:garde"), 3)
    seat = state.turn
    world = Worlds(state.view(seat)).sample(random.Random(2))
    assert world is not None and world.bids == state.bids and world.taker == 3


def test_without_an_imposed_contract_the_minimum_changes_nothing() -> None:
    plain = FRENCH.new(4)
    minimum = FRENCH.new(4, options={"imposed_minimum": True})
    deal = explicit_deal(4, {})
    plain.apply(deal)
    minimum.apply(deal)
    assert minimum.legal_actions() == plain.legal_actions()
    assert "bid:pass" in [str(a) for a in minimum.legal_actions()]
