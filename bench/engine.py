"""Random full French Tarot deals per second on one core, at 3, 4 and 5 players.

Three paths: ``apply`` (legality checks plus events, what a server runs),
``step`` (the same rules without building events) and ``mask`` (``step`` with
cards drawn from the legal bit set instead of an action list, what rollouts
use). Each picks uniformly among the legal actions. Run with
``uv run python bench/engine.py [seconds per figure]``.

``--vs-openspiel`` also prints decisions (actions chosen by a player, deals
not counted) per second of the same random play next to OpenSpiel's C++
``tarok`` (Slovenian Tarok) driven from Python in the same process, at 3 and 4
players (needs the ``openspiel`` extra).

With the ``fast`` extra (numba) it prints the compiled path's decisions per
second too, counting every action chosen by a player across the batch:
``batch`` (256 deals, each choice drawn uniformly from the legal list inside
compiled code, deals dealt at random there), ``vector`` (VectorGames with
``observe=False``: the choices drawn by numpy over the batch's masks, deals by
the engine's seeded dealer in Python) and ``single`` (one deal stepped by one
Python call per decision, the choice drawn in Python from its mask). The first
line says how long the first compiled call took (compiling, or loading
numba's cache).
"""

from __future__ import annotations

import argparse
import random
import time
from importlib.util import find_spec

from atout.french.actions import plays_of
from atout.french.rules import FRENCH
from atout.french.state import DEAL, PLAY, FrenchState

PATHS = ("apply", "step", "mask")


def random_deal(state: FrenchState, rng: random.Random, path: str) -> int:
    """Play one deal from a fresh seed with uniformly random legal actions; the
    number of decisions taken."""
    act = state.apply if path == "apply" else state.step
    act(FRENCH.deal_action(state, rng.getrandbits(32)))
    decisions = 0
    while state.phase != DEAL and not state.is_over:
        if path == "mask" and state.phase == PLAY:
            mask = state.legal_cards()
            act(plays_of(mask)[int(rng.random() * mask.bit_count())])
        else:
            actions = state.legal_actions()
            act(actions[int(rng.random() * len(actions))])
        decisions += 1
    return decisions


def rates(players: int, path: str, seconds: float) -> tuple[float, float]:
    """Completed deals (redeals not counted) and decisions per second of CPU time."""
    rng = random.Random(players)
    done = decisions = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(20):
            state = FRENCH.new(players)
            while not state.is_over:
                decisions += random_deal(state, rng, path)
            done += 1
        elapsed = time.process_time() - start
    return done / elapsed, decisions / elapsed


def openspiel_rate(players: int, seconds: float) -> float:
    """Decisions per second of random play of OpenSpiel's tarok."""
    import pyspiel

    game = pyspiel.load_game(f"tarok(players={players})")
    rng = random.Random(players)
    decisions = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(20):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(rng.random() * len(actions))])
                    decisions += 1
        elapsed = time.process_time() - start
    return decisions / elapsed


def compiled_rates(players: int, seconds: float) -> list[tuple[str, float]]:
    """Decisions per second of CPU time of the compiled path: batch, vector, single."""
    import numpy as np

    from atout.french.dealing import deal_from_seed
    from atout.rl.fast.batch import FrenchBatch
    from atout.rl.vector import VectorGames, sample

    figures = []
    batch = FrenchBatch(256, players)
    made, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        made += batch.play_random(200_000, seed=made)[0]
    figures.append(("batch", made / (time.process_time() - start)))

    games = VectorGames(256, "french", players, observe=False)
    _, masks, _ = games.reset()
    rng = np.random.default_rng(players)
    made, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        masks = games.step(sample(masks, rng))[1]
        made += len(masks)
    figures.append(("vector", made / (time.process_time() - start)))

    single, deals = FrenchBatch(1, players), random.Random(players)
    made, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            if single.to_move[0] < 0:
                single.deal([0], [deal_from_seed(deals.getrandbits(48), single.order, players)])
                continue
            legal = np.flatnonzero(single.masks[0])
            single.step([legal[int(deals.random() * len(legal))]])
            made += 1
    figures.append(("single", made / (time.process_time() - start)))
    return figures


def first_compiled_call() -> float:
    """Seconds of the first compiled call: compiling, or loading numba's cache."""
    start = time.perf_counter()
    from atout.rl.fast.batch import FrenchBatch

    FrenchBatch(1, 4).play_random(1)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", nargs="?", type=float, default=3.0)
    parser.add_argument("--vs-openspiel", action="store_true")
    args = parser.parse_args()
    if args.vs_openspiel and find_spec("pyspiel") is None:
        raise SystemExit("--vs-openspiel needs open_spiel: python3 -m uv sync --extra openspiel")
    fast = find_spec("numba") is not None
    if fast:
        print(f"compiled path: first call {first_compiled_call():.2f} s (compile or cache load)")
    for players in (3, 4, 5):
        figures = [(path, *rates(players, path, args.seconds)) for path in PATHS]
        deals = ", ".join(f"{d:6.0f} ({p})" for p, d, _ in figures)
        print(f"{players} players, deals/s: {deals}")
        if args.vs_openspiel:
            line = ", ".join(f"{r:8.0f} ({p})" for p, _, r in figures)
            if players < 5:  # tarok seats 3 or 4
                line += f", {openspiel_rate(players, args.seconds):8.0f} (openspiel tarok)"
            print(f"{players} players, decisions/s: {line}")
        if fast:
            line = ", ".join(f"{r:9.0f} ({p})" for p, r in compiled_rates(players, args.seconds))
            print(f"{players} players, compiled decisions/s: {line}")


if __name__ == "__main__":
    main()
