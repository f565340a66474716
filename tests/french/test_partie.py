"""A partie of several deals, the rules object, action texts, rendering and simulation."""

from __future__ import annotations

import pytest

from atout.cards import parse_card
from atout.french.actions import DealSeed, Play, Poignee, parse_action
from atout.french.render import render_deal
from atout.french.rules import FRENCH
from atout.french.simulate import simulate
from atout.game import CHANCE, OMNISCIENT, SPECTATOR, ActionSyntaxError, IllegalAction
from tests.french.deals import act, explicit_deal, play_out


def test_partie_rotates_the_dealer_and_adds_up_scores() -> None:
    state = FRENCH.new(4, options={"deals": 2})
    act(state, str(explicit_deal(4, {})), "bid:garde", "bid:pass", "bid:pass", "bid:pass")
    first = play_out(state)
    assert first[-1].kind == "deal_end" and not state.is_over
    assert state.to_move == CHANCE and state.deals_played == 1
    scores = list(state.score.scores) if state.score else []
    assert state.totals == scores
    state.apply(DealSeed(9))
    assert state.dealer == 1 and state.to_move == 2
    assert state.view(SPECTATOR)["deal"] is None
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass")
    play_out(state)
    assert state.is_over and state.to_move is None
    result = state.result()
    assert result["totals"] == [a + b for a, b in zip(*result["deals"], strict=True)]
    assert sum(result["totals"]) == 0
    assert result["winners"] == [s for s in range(4) if state.totals[s] == max(state.totals)]
    with pytest.raises(IllegalAction, match="the game is over"):
        act(state, "bid:pass")


def test_finished_deal_is_visible_to_everyone() -> None:
    state = FRENCH.new(4)
    act(state, "deal:seed=11", "bid:garde", "bid:pass", "bid:pass", "bid:pass")
    dealt = state.dealt
    play_out(state)
    view = state.view(SPECTATOR)
    deal = view["deal"]
    assert deal is not None  # a finished deal is summed up for everyone
    assert {parse_card(c) for c in deal["hands"]["3"]} == {
        c for c in range(78) if dealt[3] >> c & 1
    }
    assert view["ecart"] is not None and view["dog"] is not None
    assert state.view(OMNISCIENT)["deal"] == deal


def test_new_refuses_bad_tables_and_options() -> None:
    with pytest.raises(ValueError, match="3, 4 or 5"):
        FRENCH.new(6)
    with pytest.raises(ValueError, match="'dealer_sits_out' does not fit a table of 4"):
        FRENCH.new(4, options={"dealer_sits_out": True})
    with pytest.raises(ValueError, match="unknown option"):
        FRENCH.new(4, options={"colour": 1})
    with pytest.raises(ValueError, match="'deals' expects an integer"):
        FRENCH.new(4, options={"deals": "2"})
    with pytest.raises(ValueError, match="no variant called nope"):
        FRENCH.new(4, "nope")


@pytest.mark.parametrize(
    "text",
    [
        "deal:seed=5",
        "bid:pass",
        "bid:garde_contre",
        "call:KH",
        "discard:5H",
        "chelem:yes",
        "chelem:no",
        "poignee:none",
        "poignee:EX T21 T20",
        "misere:none",
        "misere:sans_atouts+sans_points",
        "play:10S",
        "play:T1",
    ],
)
def test_action_texts_round_trip(text: str) -> None:
    assert str(parse_action(text)) == text


def test_action_parsing_is_case_tolerant_and_shares_singletons() -> None:
    assert parse_action("PLAY:kh") is parse_action("play:KH")
    assert parse_action("play:KH") == Play(parse_card("KH"))
    assert parse_action("poignee: T2 T1") == Poignee((1 << 56) | (1 << 57))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("play", "kind:argument"),
        ("jump:KH", "unknown action kind 'jump'"),
        ("play:ZZ", "play: 'ZZ' is not a card"),
        ("bid:grande", "'grande' is not a bid"),
        ("chelem:maybe", "answer yes or no"),
        ("poignee:KH T21", "KH is not a trump"),
        ("misere:sans_tout", "'sans_tout' is not one of"),
        ("deal:seed=x", "seed must be an integer"),
        ("deal:KH", "write deal:seed=N"),
        ("deal:hands=KH KH|;dog=", "written twice"),
    ],
)
def test_bad_action_text_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(ActionSyntaxError) as error:
        parse_action(text)
    assert reason in str(error.value)


def test_render_a_finished_deal() -> None:
    state = FRENCH.new(5)
    act(state, "deal:seed=3", "bid:garde", *["bid:pass"] * 4)
    act(state, str(state.legal_actions()[0]))
    play_out(state)
    text = render_deal(state)
    assert "Contract: garde by seat 1, called" in text
    assert text.count(" -> seat ") == 15
    assert "Scores: seat 0 " in text and "Breakdown: " in text
    assert "Roi" in render_deal(state, "fr") or "Dame" in render_deal(state, "fr")
    with pytest.raises(ValueError, match="dealt"):
        render_deal(FRENCH.new(4))


def test_render_a_deal_dealt_again_and_one_under_way() -> None:
    state = FRENCH.new(4)
    act(state, "deal:seed=3", *["bid:pass"] * 4)
    again = render_deal(state)
    assert "Dealt again: everyone passed" in again and again.count("  seat ") == 4
    # seat 0 dealt it (the next deal is seat 1's): its hands from its right, seat 1
    assert "dealer seat 0\nHands:\n  seat 1: " in again
    assert "Bids: seat 1 pass, seat 2 pass, seat 3 pass, seat 0 pass" in again
    act(state, "deal:seed=4", "bid:garde", *["bid:pass"] * 3)
    while state.trick == [] or len(state.tricks) < 2:  # two tricks and a card
        act(state, str(state.legal_actions()[0]))
    text = render_deal(state)
    assert text.count(" -> seat ") == 2 and "\n   3. " in text
    assert text.endswith("Not finished") and "Scores" not in text


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulation_reports_no_violation(players: int) -> None:
    stats = simulate(players, 30, seed=players)
    assert stats["deals"] == 30 and stats["violations"] == {}
    assert sum(stats["contracts"].values()) == 30
    assert 0.0 <= stats["made"] <= 1.0 and stats["deals_per_second"] > 0
    assert simulate(players, 5, seed=1)["contracts"] == simulate(players, 5, seed=1)["contracts"]
