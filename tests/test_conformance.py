"""The contract every registered game keeps, checked through the GameState and
GameRules protocols only: one suite run over each game, variant and player
count, so that a new game or variant is held to the same rules as the others.

Each test plays random games to the end with a seeded generator (hypothesis
draws the seeds) and checks a property at every position on the way.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.game import (
    CHANCE,
    OMNISCIENT,
    SPECTATOR,
    ActionSyntaxError,
    Event,
    GameRules,
    GameState,
    IllegalAction,
)
from atout.records import Record
from atout.registry import GAME_NAMES, game_rules


def _cases() -> list[tuple[str, str, int]]:
    """(game, variant, players) for every variant of every game and every player
    count its ``new`` accepts (the variants are ``atout.<game>.variants.VARIANTS``)."""
    cases = []
    for game in GAME_NAMES:
        rules = game_rules(game)
        for variant in importlib.import_module(f"atout.{game}.variants").VARIANTS:
            for players in range(1, 9):
                try:
                    rules.new(players, variant)
                except ValueError:
                    continue
                cases.append((game, variant, players))
    return cases


CASES = _cases()


def each_case(test: Callable[..., None]) -> Callable[..., None]:
    """Run ``test(game, variant, players, seed)`` for every case, on a few seeds."""
    played = settings(max_examples=5, deadline=None)(given(seed=st.integers(0, 2**32 - 1))(test))
    parametrized: Callable[..., None] = pytest.mark.parametrize(
        ("game", "variant", "players"), CASES
    )(played)
    return parametrized


def test_every_game_has_cases() -> None:
    assert {c[0] for c in CASES} == set(GAME_NAMES)


def viewers(state: GameState) -> list[int]:
    """Every seat, a spectator and the omniscient viewer."""
    return [*range(state.players), SPECTATOR, OMNISCIENT]


def views(state: GameState) -> dict[int, Mapping[str, Any]]:
    """The views of every viewer."""
    return {viewer: state.view(viewer) for viewer in viewers(state)}


def view_legal(view: Mapping[str, Any]) -> list[str] | None:
    """The legal action texts a view lists (None: not this viewer's turn)."""
    legal: list[str] | None = view["legal"]
    return legal


def legal_texts(state: GameState) -> list[str]:
    """The texts of the legal actions, in the engine's order."""
    return [str(a) for a in state.legal_actions()]


def next_text(rules: GameRules, state: GameState, rng: random.Random) -> str:
    """A random legal action's text: a deal from a seed at chance, else a legal action."""
    if state.to_move == CHANCE:
        return str(rules.deal_action(state, rng.getrandbits(32)))
    return rng.choice(legal_texts(state))


def play(game: str, variant: str, players: int, seed: int) -> Iterator[tuple[GameState, str]]:
    """Walk a random game: yields (state, text of the action about to be taken),
    then takes it with ``apply`` once the consumer resumes, until the end."""
    rules = game_rules(game)
    state = rules.new(players, variant)
    rng = random.Random(seed)
    while not state.is_over:
        text = next_text(rules, state, rng)
        yield state, text
        state.apply(rules.parse_action(text))


@each_case
def test_random_games_end_with_a_result(game: str, variant: str, players: int, seed: int) -> None:
    last: GameState | None = None
    for state, _ in play(game, variant, players, seed):
        result = json.loads(json.dumps(state.result()))
        assert result["over"] is False
        assert set(result["winners"]) <= set(range(players))
        assert state.legal_actions() or state.to_move == CHANCE
        last = state
    assert last is not None and last.is_over
    assert last.to_move is None
    assert list(last.legal_actions()) == []
    result = json.loads(json.dumps(last.result()))
    assert result["over"] is True
    assert result["winners"] and set(result["winners"]) <= set(range(players))


@each_case
def test_apply_and_step_reach_equal_states(
    game: str, variant: str, players: int, seed: int
) -> None:
    rules = game_rules(game)
    stepped = rules.new(players, variant)
    for state, text in play(game, variant, players, seed):
        assert stepped == state
        stepped.step(rules.parse_action(text))
    assert stepped.is_over


@each_case
def test_events_are_addressed_to_seats_of_the_table(
    game: str, variant: str, players: int, seed: int
) -> None:
    rules = game_rules(game)
    state = rules.new(players, variant)
    rng = random.Random(seed)
    while not state.is_over:
        action = rules.parse_action(next_text(rules, state, rng))
        for event in state.apply(action, state.to_move):  # the right seat is accepted
            assert isinstance(event, Event)
            assert event.to is None or event.to <= set(range(players))
            json.dumps(dict(event.data))


@each_case
def test_a_clone_is_independent(game: str, variant: str, players: int, seed: int) -> None:
    rules = game_rules(game)
    replica = rules.new(players, variant)  # built by replay, not by clone
    for state, text in play(game, variant, players, seed):
        before = views(state)
        clone = state.clone()
        assert clone == state
        clone.apply(rules.parse_action(text))
        assert state == replica
        assert views(state) == before
        replica.apply(rules.parse_action(text))


@each_case
def test_replaying_the_texts_gives_equal_states_and_views(
    game: str, variant: str, players: int, seed: int
) -> None:
    rules = game_rules(game)
    replica = rules.new(players, variant)
    texts: list[str] = []
    for state, text in play(game, variant, players, seed):
        assert replica == state
        assert views(replica) == views(state)
        texts.append(text)
        replica.apply(rules.parse_action(text))
    record = Record(game, players, variant, actions=tuple(texts))
    again = Record.from_json(record.to_json())
    assert again == record
    final = again.replay()
    assert final == replica and final.is_over
    assert views(final) == views(replica)


@each_case
def test_observing_changes_nothing(game: str, variant: str, players: int, seed: int) -> None:
    for state, _ in play(game, variant, players, seed):
        reference = state.clone()
        first = views(state)
        legal = legal_texts(state)
        state.result()
        assert state == reference
        assert views(state) == first
        assert legal_texts(state) == legal
        for viewer, view in first.items():
            json.dumps(view)
            if viewer == state.to_move:
                assert view_legal(view) == legal
            else:  # only the seat to move is shown its moves
                assert view_legal(view) is None


NOT_ACTIONS = ("", "pass", "play:", "play:XX", "bid:99", "deal:", "deal:seed=x", "play:T21:up")


@each_case
def test_refused_actions_change_nothing(game: str, variant: str, players: int, seed: int) -> None:
    rules = game_rules(game)
    rng = random.Random(seed)
    seen: set[str] = set(NOT_ACTIONS)
    deals: set[str] = set()  # any chance action is legal at a chance node
    for state, text in play(game, variant, players, seed):
        reference = state.clone()
        at_chance = state.to_move == CHANCE
        legal = (deals | {text}) if at_chance else set(legal_texts(state))
        other = rng.choice(sorted(seen - legal))
        with pytest.raises((IllegalAction, ActionSyntaxError)):
            state.apply(rules.parse_action(other))
        assert state == reference
        mover = state.to_move
        wrong = rng.choice([s for s in range(players) if s != mover])
        with pytest.raises(IllegalAction):
            state.apply(rules.parse_action(text), wrong)
        assert state == reference
        (deals if at_chance else seen).add(text)
