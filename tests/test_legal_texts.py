"""The legal actions' texts an engine keeps per position (``legal_texts``):
always those of ``legal_actions()``, after actions, on copies (a copy acts
without changing the original's) and after a refused action."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.game import CHANCE, ActionSyntaxError, IllegalAction
from atout.registry import game_rules

GAMES = [("french", 3, {}), ("french", 5, {"misere": True}), ("africain", 4, {})]


@settings(max_examples=6, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
def test_legal_texts_are_those_of_the_legal_actions_at_every_position(
    game: tuple[str, int, dict[str, bool]], seed: int
) -> None:
    name, players, options = game
    rules = game_rules(name)
    state = rules.new(players, rules.default_variant, options)
    rng = random.Random(seed)
    for _ in range(200):
        if state.is_over:
            break
        assert list(state.legal_texts()) == [str(a) for a in state.legal_actions()]
        if state.to_move == CHANCE:
            state.apply(rules.deal_action(state, rng.getrandbits(32)))
            continue
        before = list(state.legal_texts())
        copy = state.clone()
        action = rng.choice(list(state.legal_actions()))
        copy.apply(action)
        assert list(copy.legal_texts()) == [str(a) for a in copy.legal_actions()]
        assert list(state.legal_texts()) == before  # the copy's move left it alone
        wrong = next(t for t in ("play:EX", "play:T21", "bid:99") if t not in before)
        try:
            state.apply(rules.parse_action(wrong))
        except (IllegalAction, ActionSyntaxError):
            pass  # refused: nothing changed, the texts still hold
        else:
            raise AssertionError(f"{wrong} was taken")
        assert list(state.legal_texts()) == [str(a) for a in state.legal_actions()]
        state.apply(action)
