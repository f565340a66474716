"""The match driver: the one seat check, write-ahead steps, logs and chance."""

from __future__ import annotations

import random

import pytest

from atout.africain.rules import AFRICAIN
from atout.french.rules import FRENCH
from atout.game import CHANCE, OMNISCIENT, SPECTATOR, Event, GameRules, IllegalAction
from atout.match import BadLog, Match, random_seeds, seed_sequence
from atout.robots import make_robot


def _deal(match: Match) -> list[Event]:
    action = match.deal_action()
    assert action is not None
    return match.act(action, CHANCE)


@pytest.mark.parametrize("rules", [FRENCH, AFRICAIN], ids=lambda r: r.name)
def test_only_the_seat_to_move_may_act_in_either_game(rules: GameRules) -> None:
    match = Match.new(rules, 4, chance=seed_sequence([7]))
    with pytest.raises(IllegalAction) as refused:
        match.act(rules.deal_action(match.state, 1), seat=0)
    assert refused.value.code == "deal_due"
    _deal(match)
    mover = match.to_move
    assert mover is not None and mover >= 0
    other = (mover + 1) % 4
    before = match.view(OMNISCIENT)
    with pytest.raises(IllegalAction) as refused:
        match.act(match.legal()[0], seat=other)
    assert refused.value.code == "not_your_turn"
    assert match.view(OMNISCIENT) == before and len(match.log) == 1
    match.act(match.legal()[0], seat=mover)
    assert len(match.log) == 2 and match.to_move != mover


def test_a_prepared_step_changes_nothing_until_committed() -> None:
    match = Match.new(FRENCH, 4, chance=seed_sequence([3]))
    _deal(match)
    seat = match.to_move
    assert seat is not None
    before = match.view(OMNISCIENT)
    step = match.prepare("bid:garde", seat)
    assert match.view(OMNISCIENT) == before and match.log == ["deal:seed=3"]
    events = match.commit(step)
    assert [e.kind for e in events] == ["bid"] and match.log[-1] == "bid:garde"
    assert match.view(OMNISCIENT) != before


def test_play_stops_when_the_seed_sequence_runs_out_and_replays_to_the_same_game() -> None:
    robots = {s: make_robot("random") for s in range(3)}
    match = Match.new(AFRICAIN, 3, chance=seed_sequence([11, 12]))
    rng = random.Random(5)
    over = match.play(lambda seat: match.robot_action(robots, rng.getrandbits(32), None))
    assert not over and match.to_move == CHANCE
    assert sum(t.startswith("deal") for t in match.log) == 2
    again = Match.replay(AFRICAIN, 3, None, None, match.log)
    assert again.view(OMNISCIENT) == match.view(OMNISCIENT)


def test_play_with_endless_chance_runs_to_the_end() -> None:
    rng = random.Random(1)
    match = Match.new(FRENCH, 3, chance=random_seeds(rng))
    assert match.play(lambda seat: rng.choice(match.legal()))
    assert match.is_over and match.legal() == []


def test_a_refused_log_names_its_first_bad_action() -> None:
    with pytest.raises(BadLog) as bad:
        Match.replay(FRENCH, 4, "fft", None, ["deal:seed=1", "play:KH"])
    assert bad.value.number == 2 and bad.value.text == "play:KH"


def test_updates_give_each_viewer_once_only_what_it_may_see() -> None:
    match = Match.new(FRENCH, 4, chance=seed_sequence([9]))
    events = _deal(match)
    updates = list(match.updates(events, [0, SPECTATOR, 0, 2]))
    assert [viewer for viewer, _, _ in updates] == [0, SPECTATOR, 2]
    hands = {
        viewer: [e.data["seat"] for e in seen if e.kind == "hand"] for viewer, seen, _ in updates
    }
    assert hands == {0: [0], SPECTATOR: [], 2: [2]}
