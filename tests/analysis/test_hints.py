"""Hints: the suggestion is the best option found, it depends on the seat's view
only, and both games are served."""

from __future__ import annotations

import random

from atout.analysis.hints import hint
from atout.french.worlds import Worlds
from atout.registry import game_rules
from atout.robots.french import FrenchHeuristic
from tests.analysis.planted import PETIT_DEAL, scripted
from tests.french.deals import explicit_deal


def _position(upto: int) -> tuple[dict[str, object], list[str], object]:
    record, _ = scripted(PETIT_DEAL, {(1, 8): "play:T21"})
    state = record.replay(upto)
    view = dict(state.view(0))
    return view, [str(a) for a in state.legal_actions()], state


def test_the_hint_is_the_best_option_and_keeps_the_petit() -> None:
    # Seat 0 plays last to the taker's 21 with seven low trumps: never the Petit.
    view, legal, _ = _position(15)
    assert "play:T1" in legal
    advice = hint(view, legal, deals=16)
    assert advice.action != "play:T1" and advice.action in legal
    assert advice.options[0].action == advice.action
    expected = [o.expected for o in advice.options]
    assert expected == sorted(expected, reverse=True)


def test_the_hint_depends_on_the_seats_view_only() -> None:
    view, legal, _ = _position(15)
    # Another deal the seat cannot tell from the real one gives the same view, and the same hint.
    other = Worlds(view).sample(random.Random(3))
    assert other is not None and dict(other.view(0)) == view
    assert hint(dict(other.view(0)), legal, deals=8) == hint(view, legal, deals=8)


def test_a_poignee_gets_the_robots_answer_without_scores() -> None:
    rules = game_rules("french")
    state = rules.new(4, "fft")
    deal = explicit_deal(4, {0: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 2S 3S 2H 3H 2C"}, "")
    state.apply(deal)
    robot = FrenchHeuristic()
    while state.to_move != 0 or not str(state.legal_actions()[0]).startswith("poignee"):
        seat = state.to_move
        assert seat is not None and seat >= 0
        legal = [str(a) for a in state.legal_actions()]
        state.apply(rules.parse_action(robot.choose(state.view(seat), legal, 0)))
    legal = [str(a) for a in state.legal_actions()]
    advice = hint(state.view(0), legal)
    assert advice.action in legal and advice.options == [] and advice.deals == 0


def test_tarot_africain_hints_score_the_bids() -> None:
    rules = game_rules("africain")
    state = rules.new(3)
    state.apply(rules.deal_action(state, 5))
    seat = state.to_move
    assert seat is not None and seat >= 0
    legal = [str(a) for a in state.legal_actions()]
    advice = hint(state.view(seat), legal, deals=8)
    assert advice.action in legal
    assert {o.action for o in advice.options} <= set(legal) and advice.deals == 8
