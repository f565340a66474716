"""The integer action spaces and observation tensors over random play (hypothesis)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import TRUMPS, parse_card
from atout.french.actions import Bid, Call, ChelemChoice, Play, Poignee
from atout.french.state import BID, CALL, DEAL, FrenchState
from atout.french.variants import Contract
from atout.registry import game_rules
from atout.rl import make_spec
from atout.rl.africain import AfricainSpec
from atout.rl.french import FrenchSpec
from atout.rl.spec import legal_map, legal_texts_map, mask_of

FRENCH_TABLES = st.sampled_from(
    [
        (3, "fft", {}),
        (4, "fft", {}),
        (5, "fft", {}),
        (4, "traditionnel", {}),
        (3, "fft", {"misere": True}),
        (5, "fft", {"dealer_sits_out": True}),
        (5, "fft", {"king_call_self": False}),
    ]
)
AFRICAIN_TABLES = st.sampled_from([(2, "standard"), (3, "standard"), (4, "standard"), (5, "cinq")])


def _knowable(state: FrenchState, seat: int) -> int:
    """The cards ``seat`` may know of, worked out from the state (not from the view)."""
    known = state.hands[seat] | state.ecart & TRUMPS
    for _, cards, _ in state.tricks:
        known |= sum(1 << c for c in cards)
    known |= sum(1 << c for c in state.trick)
    for _, shown in state.poignees:
        known |= shown
    if state.called >= 0:
        known |= 1 << state.called
    if Contract(state.contract).sees_dog and state.phase not in (DEAL, BID, CALL):
        known |= state.dog
    if seat == state.taker:
        known |= state.ecart
    return known


@settings(max_examples=12, deadline=None)
@given(FRENCH_TABLES, st.integers(0, 2**32))
def test_french_actions_and_tensors(table: tuple[int, str, dict[str, bool]], seed: int) -> None:
    players, variant, options = table
    rules = game_rules("french")
    state = rules.new(players, variant, options)
    assert isinstance(state, FrenchState)
    spec = make_spec("french", players, variant, options)
    assert isinstance(spec, FrenchSpec)
    rng = random.Random(seed)
    state.step(rules.deal_action(state, seed))
    while not spec.episode_over(state):
        seat = state.to_move
        assert seat is not None and seat >= 0
        legal = state.legal_actions()
        by_index = legal_map(spec, state)
        assert len(by_index) == len(legal)  # one integer per legal action
        assert all(0 <= i < spec.num_actions for i in by_index)
        for index, action in by_index.items():
            if not isinstance(action, Poignee):
                assert spec.action_name(index) == str(action)
            assert spec.index(str(action)) == index  # the engine's text, a poignée's cards too
        view = state.view(seat)
        offered = view["legal"]
        assert offered is not None  # the seat to move is told its legal actions
        assert legal_texts_map(spec, offered).keys() == by_index.keys()
        obs = spec.observe(view)
        assert obs.shape == (spec.obs_size,) and obs.dtype == np.float32
        cards = obs[: spec.layout.at["phase"]].reshape(-1, 78).max(axis=0)
        shown = sum(1 << int(c) for c in np.flatnonzero(cards))
        assert shown & ~_knowable(state, seat) == 0, "a card the seat may not know"
        hand = obs[:78]
        assert sum(1 << int(c) for c in np.flatnonzero(hand)) == state.hands[seat]
        state.step(by_index[rng.choice(sorted(by_index))])


@settings(max_examples=10, deadline=None)
@given(AFRICAIN_TABLES, st.integers(0, 2**32))
def test_africain_actions_and_tensors(table: tuple[int, str], seed: int) -> None:
    players, variant = table
    rules = game_rules("africain")
    state = rules.new(players, variant)
    spec = make_spec("africain", players, variant)
    assert isinstance(spec, AfricainSpec)
    rng = random.Random(seed)
    while not state.is_over:
        if state.to_move == -3:
            state.step(rules.deal_action(state, rng.getrandbits(32)))
            continue
        by_index = legal_map(spec, state)
        assert len(by_index) == len(state.legal_actions())
        for index, action in by_index.items():
            assert spec.action_name(index) == str(action)
        seat = state.to_move
        assert seat is not None
        obs = spec.observe(state.view(seat))
        assert obs.shape == (spec.obs_size,)
        assert obs[spec.layout.at["to_move"]] == 1.0  # the viewer is seat 0 of its tensor
        state.step(by_index[rng.choice(sorted(by_index))])


def test_the_documented_french_integers() -> None:
    spec = make_spec("french", 5)
    assert spec.index(Play(parse_card("KH"))) == 14 + 13
    assert spec.index(Play(parse_card("EX"))) == 77
    assert spec.index(Bid(Contract.PASS)) == 172
    assert spec.index(Bid(Contract.GARDE)) == 175
    assert spec.index(Call(parse_card("KS"))) == 156
    assert spec.index(Call(parse_card("QS"))) == 157
    assert spec.index(Call(parse_card("JC"))) == 171
    assert spec.index(ChelemChoice(True)) == 179
    assert spec.index(Poignee(0)) == 180
    assert spec.num_actions == 188
    assert mask_of(spec, [0, 187]).sum() == 2


def test_the_documented_africain_integers() -> None:
    spec = make_spec("africain", 3)
    parse = game_rules("africain").parse_action
    assert spec.index(parse("play:T1")) == 0
    assert spec.index(parse("play:T21")) == 20
    assert spec.index(parse("play:EX:high")) == 21
    assert spec.index(parse("play:EX:low")) == 22
    assert spec.index(parse("bid:0")) == 23
    assert spec.index(parse("bid:11")) == 34
    assert spec.num_actions == 35


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("french", 3, {"misere": True}), ("french", 5, {}), ("africain", 2, {}), ("africain", 4, {})],
)
def test_index_takes_the_text_action_name_gives(
    game: str, players: int, options: dict[str, bool]
) -> None:
    spec = make_spec(game, players, options=options)
    for index in range(spec.num_actions):
        assert spec.index(spec.action_name(index)) == index


def test_index_reads_the_documented_texts_and_refuses_what_is_no_choice() -> None:
    spec = make_spec("french", 4)
    assert spec.index("bid:garde") == 175  # docs/rl.md: bids from 172, pass prise pousse garde
    assert spec.index("play:KH") == 14 + 13
    assert spec.index("poignee:double") == 182
    assert spec.index("poignee:" + ",".join(f"T{n}" for n in range(1, 11))) == 181
    assert make_spec("africain", 3).index("bid:2") == 23 + 2
    with pytest.raises(ValueError, match="chance actions are dealt"):
        spec.index("deal:seed=1")
    with pytest.raises(ValueError, match="is not an action"):
        spec.index("garde")
    with pytest.raises(ValueError, match="its text"):
        spec.index(5)
    with pytest.raises(ValueError, match="10, 13, 15 trumps"):
        spec.index("poignee:T1,T2")
