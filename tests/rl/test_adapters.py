"""The PettingZoo, Gymnasium and OpenSpiel adapters pass their libraries' own checks."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import atout.rl.openspiel  # noqa: F401  (registers the games)
from atout.french.state import FrenchState
from atout.rl.gym import AtoutEnv
from atout.rl.pettingzoo import AtoutAEC
from atout.rl.vector import VectorGames, sample


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "players"), [("french", 4), ("french", 5), ("africain", 3)])
def test_pettingzoo_api(game: str, players: int) -> None:
    api_test(AtoutAEC(game, players), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "players"), [("french", 3), ("africain", 4)])
def test_gymnasium_checker(game: str, players: int) -> None:
    check_env(AtoutEnv(game, players, opponents="heuristic", illegal_reward=-1.0))


def test_gymnasium_episode_pays_the_deal_to_the_learner() -> None:
    env = AtoutEnv("french", 4, opponents="random", seat=2)
    rng = np.random.default_rng(3)
    for _ in range(5):
        _, info = env.reset(seed=int(rng.integers(1000)))
        total, done = 0.0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, done, _, info = env.step(action)
            total += float(reward)
        state = env.episode.state
        assert isinstance(state, FrenchState)
        assert total == (state.score.scores[2] if state.score else 0)
        with pytest.raises(ValueError, match="over"):
            env.step(0)


@pytest.mark.parametrize(
    "name",
    [
        "python_atout_french(players=3)",
        "python_atout_french(players=4,variant=traditionnel)",
        "python_atout_french(players=5)",
        "python_atout_africain(players=2)",
        "python_atout_africain(players=5,variant=cinq)",
    ],
)
def test_openspiel_random_simulation(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    del game


def test_vector_games_step_and_reset() -> None:
    games = VectorGames(8, "french", 4, seed=5)
    obs, masks, seats = games.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(200):
        obs, masks, seats, rewards, done = games.step(sample(masks, rng))
        assert masks.any(axis=1).all() and ((seats >= 0) & (seats < 4)).all()
        assert np.allclose(rewards.sum(axis=1), 0.0)  # French points are zero-sum
        for row in np.flatnonzero(rewards.any(axis=1)):
            assert done[row]
        ended += int(done.sum())
        assert obs.shape == (8, games.spec.obs_size)
    assert ended > 0


@pytest.mark.parametrize("seat", [-1, 4, 9])
def test_gymnasium_refuses_a_seat_not_at_the_table(seat: int) -> None:
    with pytest.raises(ValueError, match=f"no seat {seat} at a table of 4: seats are 0 to 3"):
        AtoutEnv("french", 4, seat=seat)


def test_gymnasium_refuses_an_unknown_robot_level_at_once() -> None:
    with pytest.raises(ValueError, match="unknown robot level 'bogus'"):
        AtoutEnv("french", 4, opponents="bogus")


def test_gymnasium_learner_sits_at_the_seat_asked() -> None:
    env = AtoutEnv("africain", 3, seat=2)
    obs, _ = env.reset(seed=3)
    assert env.seat == 2 and obs.shape == (env.episode.spec.obs_size,)


@pytest.mark.parametrize("compiled", [False, None])
@pytest.mark.parametrize("n", [0, -1])
def test_vector_games_refuse_fewer_than_one_game(n: int, compiled: bool | None) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        VectorGames(n, "french", 4, compiled=compiled)


@pytest.mark.parametrize("compiled", [False, None])
def test_vector_games_refuse_an_illegal_action_changing_nothing(compiled: bool | None) -> None:
    games, twin = (VectorGames(3, "french", 4, seed=8, compiled=compiled) for _ in range(2))
    _, masks, _ = games.reset()
    twin.reset()
    legal = sample(masks, np.random.default_rng(1))
    wrong = legal.copy()
    wrong[2] = int(np.flatnonzero(~masks[2])[0])
    with pytest.raises(ValueError, match="not legal now"):
        games.step(wrong)
    with pytest.raises(ValueError, match=r"one action per (game|deal)"):
        games.step(legal[:2])
    # games 0 and 1 were not played by the refusals: each array of the batch is the twin's
    np.testing.assert_equal(games.step(legal), twin.step(legal))
