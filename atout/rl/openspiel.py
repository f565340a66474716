"""OpenSpiel Python games ``python_atout_french`` and ``python_atout_africain``,
registered when this module is imported (``pip install 'atout[openspiel]'``)::

    import pyspiel, atout.rl.openspiel
    game = pyspiel.load_game("python_atout_french(players=4,variant=fft)")

Chance deals one card at a time (outcome = card number), to the seats from the
dealer's right and then to the dog, so every deal is a uniform draw. A French
game is one deal, ending with no points when it is cancelled (all passed,
petit sec); an Africain game runs until at most one player has lives, or
``max_rounds``. Returns are the score changes (French points, Africain lives).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from atout.game import CHANCE, Action, GameState
from atout.registry import game_rules
from atout.rl.spec import GameSpec, legal_map, make_spec

_CHANCE_ACTIONS = 78
"""Chance outcomes are card numbers."""
_FRENCH_DECISIONS = 120
"""More than a French deal's decisions: 5 bids, a call, 6 discards, a chelem,
5 misères and 5 poignées, 78 cards."""
_AFRICAIN_ROUND = 60
"""More than a round's chance outcomes (22) and decisions (5 bids, 22 plays)."""


def _game_type(game: str, players: tuple[int, int], parameters: dict[str, Any]) -> Any:
    return pyspiel.GameType(
        short_name=f"python_atout_{game}",
        long_name=f"atout {game}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if game == "french"
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


FRENCH_TYPE = _game_type("french", (3, 5), {"players": 4, "variant": "fft"})
AFRICAIN_TYPE = _game_type(
    "africain", (2, 5), {"players": 3, "variant": "standard", "max_rounds": 100}
)


class AtoutGame(pyspiel.Game):  # type: ignore[misc]
    """One table of one game; its states wrap the engine's."""

    def __init__(self, game: str, game_type: Any, params: dict[str, Any] | None) -> None:
        params = {**game_type.parameter_specification, **(params or {})}
        self.atout_game = game
        self.atout_variant = str(params["variant"])
        players = int(params["players"])
        self.max_rounds = int(params.get("max_rounds", 1))
        self.spec: GameSpec = make_spec(game, players, self.atout_variant)
        if game == "french":
            bound = 4000.0 * (players - 1)
            low, high, total = -bound, bound, 0.0
            length = _CHANCE_ACTIONS + _FRENCH_DECISIONS
        else:
            lives = float(
                game_rules(game).new(players, self.atout_variant).view(0)["rules"]["lives"]
            )
            low, high, total = -(lives + 11.0), 1.0, None
            length = _AFRICAIN_ROUND * self.max_rounds
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.num_actions,
            max_chance_outcomes=_CHANCE_ACTIONS,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=length,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> AtoutState:
        return AtoutState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> AtoutObserver:
        return AtoutObserver(self.spec)


class AtoutState(pyspiel.State):  # type: ignore[misc]
    """The engine's state plus the cards of the deal being dealt."""

    def __init__(self, game: AtoutGame) -> None:
        super().__init__(game)
        self.spec = game.spec
        self.max_rounds = game.max_rounds
        self.engine: GameState = game_rules(game.atout_game).new(
            game.num_players(), game.atout_variant
        )
        self.slots: list[int] = []
        self.dealt: list[int] = []
        self.start = self.spec.score(self.engine)
        self.last = [0.0] * game.num_players()
        self._legal: dict[int, Action] | None = None

    def _over(self) -> bool:
        engine = self.engine
        if self.spec.episode_over(engine):
            return True
        rounds = getattr(engine, "round_number", 0)
        return bool(rounds >= self.max_rounds and engine.to_move == CHANCE)

    def current_player(self) -> int:
        if self._over():
            return int(pyspiel.PlayerId.TERMINAL)
        to_move = self.engine.to_move
        return int(pyspiel.PlayerId.CHANCE) if to_move == CHANCE else int(to_move or 0)

    def _legal_map(self) -> dict[int, Action]:
        if self._legal is None:
            self._legal = legal_map(self.spec, self.engine)
        return self._legal

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.slots:
            self.slots = self.spec.deal_slots(self.engine)
        left = sorted(set(self.spec.deck) - set(self.dealt))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        before = self.spec.score(self.engine)
        chance = self.engine.to_move == CHANCE
        if chance:
            if not self.slots:
                self.slots = self.spec.deal_slots(self.engine)
            self.dealt.append(action)
            if len(self.dealt) == len(self.slots):
                self.engine.step(self.spec.deal(self.engine, self.slots, self.dealt))
                self.slots, self.dealt = [], []
        else:
            self.engine.step(self._legal_map()[action])
        self._legal = None
        after = self.spec.score(self.engine)
        # Rewards since the last decision: a round scored by a card keeps showing
        # through the chance nodes that deal the next round (OpenSpiel sums them
        # at decision nodes).
        base = self.last if chance else [0.0] * len(after)
        self.last = [r + a - b for r, a, b in zip(base, after, before, strict=True)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal card {action}"
        return self.spec.action_name(action)

    def is_terminal(self) -> bool:
        return self._over()

    def rewards(self) -> list[float]:
        return self.last

    def returns(self) -> list[float]:
        score = self.spec.score(self.engine)
        return [a - b for a, b in zip(score, self.start, strict=True)]

    def __str__(self) -> str:
        return json.dumps(self.engine.view(-2), sort_keys=True)


class AtoutObserver:
    """OpenSpiel's observer: a seat's tensor (docs/rl.md) and its view as JSON."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.tensor = np.zeros(spec.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AtoutState, player: int) -> None:
        self.tensor[:] = self.spec.observe(state.engine.view(player))

    def string_from(self, state: AtoutState, player: int) -> str:
        return json.dumps(state.engine.view(player), sort_keys=True)


class FrenchGame(AtoutGame):
    """``python_atout_french``: parameters ``players`` (3-5) and ``variant``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("french", FRENCH_TYPE, params)


class AfricainGame(AtoutGame):
    """``python_atout_africain``: parameters ``players`` (2-5), ``variant``, ``max_rounds``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("africain", AFRICAIN_TYPE, params)


if "python_atout_french" not in pyspiel.registered_names():
    pyspiel.register_game(FRENCH_TYPE, FrenchGame)
    pyspiel.register_game(AFRICAIN_TYPE, AfricainGame)
