"""Every robot answers every decision of both games with a legal action, from the view only."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.africain.rules import AFRICAIN
from atout.french.rules import FRENCH
from atout.french.worlds import sample_world
from atout.game import CHANCE, GameState
from atout.robots import make_robot
from atout.robots.french_sampling import fits_bids


def _legal(state: GameState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def _play_with(state: GameState, rules: object, level: str, seed: int, budget: float) -> set[str]:
    """Play ``state`` to its end with robots of ``level``; the decision kinds met."""
    robots = {s: make_robot(level, budget) for s in range(state.players)}
    rng = random.Random(seed)
    kinds: set[str] = set()
    steps = 0
    while not state.is_over and steps < 400:
        mover = state.to_move
        assert mover is not None
        if mover == CHANCE:
            state.apply(rules.deal_action(state, rng.getrandbits(32)))  # type: ignore[attr-defined]
            continue
        legal = _legal(state)
        choice = robots[mover].choose(state.view(mover), legal, seed + steps)
        kind = choice.split(":")[0]
        kinds.add(kind)
        if kind != "poignee":  # a poignée may show other trumps than the canonical ones
            assert choice in legal, (choice, legal)
        state.apply(rules.parse_action(choice))  # type: ignore[attr-defined]
        steps += 1
    return kinds


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]))
def test_french_heuristic_plays_legal_games(seed: int, players: int) -> None:
    state = FRENCH.new(players, "fft", {"deals": 2})
    kinds = _play_with(state, FRENCH, "heuristic", seed, 0.0)
    assert "bid" in kinds


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]))
def test_french_strong_plays_a_legal_deal(seed: int, players: int) -> None:
    state = FRENCH.new(players, "fft")
    _play_with(state, FRENCH, "strong", seed, 0.005)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_africain_robots_play_legal_games(seed: int, players: int) -> None:
    for level in ("heuristic", "strong"):
        state = AFRICAIN.new(players, "standard", {"lives": 2})
        kinds = _play_with(state, AFRICAIN, level, seed, 0.01)
        assert {"bid", "play"} <= kinds


def test_french_misere_and_poignee_answers_are_accepted() -> None:
    """With misères in the variant, robots answer every question the engine asks."""
    for seed in range(6):
        state = FRENCH.new(4, "fft", {"misere": True, "deals": 2})
        _play_with(state, FRENCH, "heuristic", seed, 0.0)


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    table=st.sampled_from([(3, {}), (4, {}), (5, {}), (5, {"dealer_sits_out": True})]),
    stop=st.integers(0, 70),
)
def test_sampled_worlds_agree_with_the_view(
    seed: int, table: tuple[int, dict[str, bool]], stop: int
) -> None:
    """Where the heuristic robots lead a deal, a world shows the seat to move its own view."""
    players, options = table
    state = FRENCH.new(players, "fft", options)
    robots = {s: make_robot("heuristic") for s in range(players)}
    state.apply(FRENCH.deal_action(state, seed))
    for step in range(stop):
        if state.is_over or state.to_move is None or state.to_move < 0:
            return
        mover = state.to_move
        state.apply(
            FRENCH.parse_action(robots[mover].choose(state.view(mover), _legal(state), step))
        )
    if state.to_move is None or state.to_move < 0:
        return
    view = state.view(state.to_move)
    world = sample_world(view, random.Random(seed), fits=fits_bids)
    assert world is not None
    assert world.view(state.to_move) == view


def test_robots_are_deterministic_for_a_seed() -> None:
    state = FRENCH.new(4, "fft")
    state.apply(FRENCH.deal_action(state, 11))
    robot = make_robot("heuristic")
    while state.phase != 7 and state.to_move is not None and state.to_move >= 0:
        state.apply(FRENCH.parse_action(robot.choose(state.view(state.to_move), _legal(state), 1)))
    if state.phase != 7:
        return
    view = state.view(state.to_move)  # type: ignore[arg-type]
    picks = {make_robot("strong", 0.02).choose(view, _legal(state), 5) for _ in range(3)}
    assert len(picks) == 1
