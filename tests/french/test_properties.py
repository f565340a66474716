"""Invariants over random deals at 3, 4 and 5 players (hypothesis)."""

from __future__ import annotations

import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import (
    BOUTS,
    EXCUSE,
    FULL_DECK,
    HALF_POINTS,
    PETIT,
    TRUMPS,
    card_text,
    parse_card,
    parse_hand,
)
from atout.french.actions import PLAYS, FrenchAction
from atout.french.rules import FRENCH
from atout.french.state import PLAY, FrenchState
from atout.game import CHANCE, OMNISCIENT, SPECTATOR, Event, IllegalAction, filter_events

CARD_TEXT = re.compile(r"^(?:10|[1-9JNQK])[SHDC]$|^T(?:[1-9]|1\d|2[01])$|^EX$")

TABLES = st.sampled_from(
    [
        (3, "fft", {}),
        (4, "fft", {}),
        (5, "fft", {}),
        (4, "traditionnel", {}),
        (3, "fft", {"misere": True, "excuse_last_trick": "trick_winner"}),
        (5, "fft", {"dealer_sits_out": True}),
        (5, "fft", {"king_call_self": False}),
    ]
)


def card_tokens(value: Any) -> set[int]:
    """Every card named anywhere in a JSON-ready value."""
    found: set[int] = set()
    if isinstance(value, str):
        if CARD_TEXT.match(value):
            found.add(parse_card(value))
    elif isinstance(value, dict):
        for item in value.values():
            found |= card_tokens(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= card_tokens(item)
    return found


def hidden_from(state: FrenchState, viewer: int) -> int:
    """Cards ``viewer`` must not see, from the rules (not from the view code)."""
    if state.deal_over:
        return 0
    hidden = 0
    for seat in state.order:
        if seat != viewer:
            hidden |= state.hands[seat]
    if viewer != state.taker:
        hidden |= state.ecart & ~TRUMPS
    turned = state.taker >= 0 and state.contract in (1, 2, 3) and state.phase >= 3
    hidden |= state.dog
    if turned:
        hidden &= ~state.dog
    for _, shown in state.poignees:
        hidden &= ~shown
    if state.called >= 0:
        hidden &= ~(1 << state.called)  # the name of the called card is public
    return hidden


def check_conservation(state: FrenchState) -> None:
    if state.phase == 0 and not state.deal_over:
        return
    parts = [*state.hands, state.ecart, sum(1 << c for c in state.trick), *state.won]
    if not (state.contract in (1, 2, 3) and (state.phase >= 3 or state.deal_over)):
        parts.append(state.dog)
    total = 0
    for part in parts:
        assert not total & part
        total |= part
    assert total == FULL_DECK


def check_privacy(state: FrenchState, events: list[Event]) -> None:
    for viewer in (SPECTATOR, *state.order):
        hidden = hidden_from(state, viewer)
        seen = card_tokens(state.view(viewer))
        for event in filter_events(events, viewer):
            seen |= card_tokens(dict(event.data))
        leaked = [card_text(c) for c in seen if hidden >> c & 1]
        assert not leaked, f"viewer {viewer} sees {leaked}"


def expected_attack(state: FrenchState) -> tuple[int, int]:
    """Attack half points and bouts recomputed from the tricks, dog and écart."""
    attack = {state.taker, state.partner}
    owned: set[int] = set()
    for _, cards, winner in state.tricks:
        for card in cards:
            if winner in attack:
                owned.add(card)
    bonus = 0
    if EXCUSE in [c for _, cards, _ in state.tricks for c in cards]:
        index = next(i for i, t in enumerate(state.tricks) if EXCUSE in t[1])
        player = state.tricks[index][1].index(EXCUSE)
        leader = state.tricks[index][0]
        seat = leader
        for _ in range(player):
            seat = state.nxt[seat]
        owner, taken = seat in attack, state.tricks[index][2] in attack
        ends = owner  # the side the Excuse ends with
        # last trick of a deal where the side taking it did not take every trick
        if index == len(state.tricks) - 1 and any(
            (w in attack) != taken for _, _, w in state.tricks
        ):
            ends = {"owner": owner, "trick_winner": taken, "other_side": not owner}[
                state.variant.excuse_last_trick
            ]
        if ends != taken:
            owned.symmetric_difference_update({EXCUSE})
        if ends == owner != taken:
            bonus = -1 if owner else 1
    if state.contract in (1, 2, 3):
        owned |= set(c for c in range(78) if state.ecart >> c & 1)
    elif state.contract == 4:
        owned |= set(c for c in range(78) if state.dog >> c & 1)
    half = sum(HALF_POINTS[c] for c in owned) + bonus
    return half, sum(1 for c in owned if BOUTS >> c & 1)


@settings(max_examples=30, deadline=None)
@given(table=TABLES, seed=st.integers(0, 2**32 - 1))
def test_random_deals_keep_every_invariant(
    table: tuple[int, str, dict[str, Any]], seed: int
) -> None:
    players, variant, options = table
    rng = random.Random(seed)
    state = FRENCH.new(players, variant, {**options, "deals": 2})
    log: list[str] = []
    while not state.is_over:
        action: FrenchAction
        if state.to_move == CHANCE:
            action = FRENCH.deal_action(state, rng.getrandbits(32))
        else:
            action = rng.choice(list(state.legal_actions()))
        log.append(str(action))
        assert FRENCH.parse_action(str(action)) == action
        events = state.apply(action)
        check_conservation(state)
        check_privacy(state, events)
        if state.deal_over and events and events[-1].kind in ("deal_end", "game_end"):
            outcome, score = state.outcome, state.score
            assert outcome is not None and score is not None
            assert sum(score.scores) == 0
            assert (outcome.attack_half_points, outcome.bouts) == expected_attack(state)
            last = state.tricks[-1]
            if PETIT in last[1]:
                side = "attack" if last[2] in (state.taker, state.partner) else "defense"
                assert outcome.petit_au_bout == side
            if state.variant.dealer_sits_out:
                assert score.scores[state.dealer] == 0
    assert sum(state.totals) == 0
    assert state.result()["totals"] == state.totals
    replay = FRENCH.new(players, variant, {**options, "deals": 2})
    for text in log:
        replay.apply(FRENCH.parse_action(text))
    assert replay == state
    assert replay.view(OMNISCIENT) == state.view(OMNISCIENT)


@settings(max_examples=20, deadline=None)
@given(table=TABLES, seed=st.integers(0, 2**32 - 1))
def test_asking_the_legal_cards_never_changes_what_a_play_may_do(
    table: tuple[int, str, dict[str, Any]], seed: int
) -> None:
    """legal_cards keeps its mask for the Play that follows: asking it in any
    phase must leave every later play, legal or not, as it would have been."""
    players, variant, options = table
    rng = random.Random(seed)
    observed = FRENCH.new(players, variant, options)
    unobserved = FRENCH.new(players, variant, options)
    while not observed.is_over:
        if rng.random() < 0.3:  # sometimes, so that a mask may outlive its position
            observed.legal_cards()
        if observed.phase == PLAY:
            card = rng.randrange(len(PLAYS))
            outcomes: list[object] = []
            for state in (observed.clone(), unobserved.clone()):
                try:
                    state.step(PLAYS[card])
                    outcomes.append(state)
                except IllegalAction as refusal:
                    outcomes.append(refusal.code)
            assert outcomes[0] == outcomes[1]
        action: FrenchAction
        if observed.to_move == CHANCE:
            action = FRENCH.deal_action(observed, rng.getrandbits(32))
        else:
            action = rng.choice(list(unobserved.clone().legal_actions()))
        observed.step(action)
        unobserved.step(action)
        assert observed == unobserved


def test_hand_notation_helpers_agree() -> None:
    assert parse_hand("T1 EX") == (1 << PETIT) | (1 << EXCUSE)
