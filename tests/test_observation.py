"""Observations: the typed shape, its JSON Schema in docs/, and the rules block."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typing_extensions import is_typeddict

from atout.africain.observation import AfricainObservation
from atout.africain.variants import variant_of_rules as africain_variant
from atout.french.observation import FrenchObservation
from atout.french.variants import variant_of_rules as french_variant
from atout.game import CHANCE, OMNISCIENT, SPECTATOR, GameState
from atout.observation_schema import OBSERVATION, schema_text
from atout.registry import game_rules
from atout.robots import make_robot

SCHEMA_FILE = Path(__file__).parents[1] / "docs" / "observation.schema.json"

GAMES: list[tuple[str, int, str, dict[str, Any]]] = [
    ("french", 3, "fft", {}),
    ("french", 4, "traditionnel", {}),
    ("french", 5, "fft", {}),
    ("french", 5, "fft", {"dealer_sits_out": True, "misere": True}),
    ("french", 4, "fft", {"poignee_trumps": {"4": [9, 12, 14]}, "deals": 2}),
    ("africain", 2, "standard", {}),
    ("africain", 4, "standard", {"loss": "difference", "lives": 3}),
    ("africain", 5, "cinq", {}),
]


def _played(
    game: str, players: int, variant: str, options: dict[str, Any], seed: int
) -> list[GameState]:
    """The successive states of one random game (capped), from the first deal on."""
    rules = game_rules(game)
    state = rules.new(players, variant, options)
    rng = random.Random(seed)
    states: list[GameState] = []
    while not state.is_over and len(states) < 400:
        if state.to_move == CHANCE:
            state.apply(rules.deal_action(state, rng.randrange(2**32)))
        else:
            state.apply(rng.choice(list(state.legal_actions())))
        states.append(state.clone())
    return states


def test_the_schema_in_docs_is_generated_from_the_types() -> None:
    assert SCHEMA_FILE.read_text() == schema_text(), (
        "run: uv run python -m atout.observation_schema > docs/observation.schema.json"
    )


def test_the_schema_says_what_a_documented_key_holds() -> None:
    """A key's docstring is its description in the schema: a reader of the schema
    alone saw types only (a robot's author took the all-seeing view for a leak)."""
    defs = json.loads(SCHEMA_FILE.read_text())["$defs"]
    for model in (FrenchObservation, AfricainObservation):
        described = [p for p in defs[model.__name__]["properties"].values() if "description" in p]
        assert described, model.__name__
    assert defs["FrenchRulesBlock"]["properties"]["poignee_trumps"]["description"].startswith(
        "Trumps to show"
    )


@pytest.mark.parametrize(("game", "players", "variant", "options"), GAMES)
def test_every_view_has_the_typed_keys_and_validates(
    game: str, players: int, variant: str, options: dict[str, Any]
) -> None:
    typed = FrenchObservation if game == "french" else AfricainObservation
    assert is_typeddict(typed)
    for state in _played(game, players, variant, options, seed=players)[::7]:
        for viewer in (*range(players), SPECTATOR, OMNISCIENT):
            view = dict(state.view(viewer))
            assert (
                typed.__required_keys__
                <= set(view)
                <= typed.__required_keys__ | typed.__optional_keys__
            )
            OBSERVATION.validate_python(view, strict=True)
            assert view["version"] == 2 and view["game"] == game and view["players"] == players


@pytest.mark.parametrize(("game", "players", "variant", "options"), GAMES)
def test_the_rules_block_rebuilds_the_variant(
    game: str, players: int, variant: str, options: dict[str, Any]
) -> None:
    state = game_rules(game).new(players, variant, options)
    rules = state.view(SPECTATOR)["rules"]
    rebuild = french_variant if game == "french" else africain_variant
    assert rebuild(rules) == state.variant  # type: ignore[attr-defined]
    assert rules["variant"] == variant and rules["players"] == players


def test_the_rules_block_gives_the_sizes_of_the_table() -> None:
    fives = game_rules("french").new(5, "fft").view(0)["rules"]
    assert (fives["dog_size"], fives["ecart_size"], fives["hand_size"]) == (3, 3, 15)
    assert fives["poignee_trumps"] == [8, 10, 13]
    mort = game_rules("french").new(5, "fft", {"dealer_sits_out": True}).view(0)["rules"]
    assert (mort["active_players"], mort["dog_size"], mort["ecart_size"], mort["hand_size"]) == (
        4,
        6,
        6,
        18,
    )
    assert mort["poignee_trumps"] == [10, 13, 15]
    traditionnel = game_rules("french").new(3, "traditionnel").view(0)["rules"]
    assert traditionnel["contracts"] == ["prise", "pousse", "garde", "garde_sans", "garde_contre"]
    assert traditionnel["multipliers"]["pousse"] == 2
    assert game_rules("africain").new(5, "cinq").view(0)["rules"]["hand_sizes"] == [4, 3, 2, 1]


@pytest.mark.parametrize(("game", "players", "variant", "options"), GAMES)
def test_a_rules_block_built_once_stays_the_variants_after_robots_read_it(
    game: str, players: int, variant: str, options: dict[str, Any]
) -> None:
    """Views share one rules block per variant (atout.rules_cache): a robot or a
    viewer changing it in place would change every later view's rules."""
    rules = game_rules(game)
    fresh = rules.new(players, variant, options).view(0)["rules"]
    expected = json.dumps(fresh, sort_keys=True)
    robots = [make_robot("heuristic") for _ in range(players)]
    played = _played(game, players, variant, options, seed=7)
    for later in played[:: max(1, len(played) // 20)]:
        if later.to_move is not None and later.to_move >= 0:
            legal = [str(a) for a in later.legal_actions()]
            robots[later.to_move].choose(later.view(later.to_move), legal, 1)
        for viewer in (*range(players), SPECTATOR):
            block = later.view(viewer)["rules"]
            assert json.dumps(block, sort_keys=True) == expected
            assert block is not fresh  # each view has its own top level
