"""Random French Tarot deals for statistics and as a smoke test of the engine.

Every action is drawn uniformly among the legal ones with a seeded generator, so
a run is reproducible; each finished deal is checked for the invariants that
must always hold (78 cards, 91 points, scores summing to zero).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from atout.cards import FULL_DECK, TOTAL_HALF_POINTS, mask_points
from atout.french.actions import DealSeed, FrenchAction
from atout.french.rules import FRENCH
from atout.french.state import FrenchState
from atout.french.variants import Contract
from atout.match import Match, random_seeds


def _broken_invariants(state: FrenchState) -> list[str]:
    """Names of the invariants a finished deal breaks (normally none)."""
    broken = []
    piles = [*state.won, state.ecart]
    if not Contract(state.contract).sees_dog:
        piles.append(state.dog)
    union = 0
    for pile in piles:
        union |= pile
    if union != FULL_DECK or sum(p.bit_count() for p in piles) != 78:
        broken.append("cards")
    outcome, score = state.outcome, state.score
    assert outcome is not None and score is not None
    total = sum(mask_points(p) for p in piles)
    if total != TOTAL_HALF_POINTS or not 0 <= outcome.attack_half_points <= total:
        broken.append("points")
    if sum(score.scores) != 0:
        broken.append("zero_sum")
    return broken


def _random_choice(
    legal_actions: Callable[[], Sequence[FrenchAction]], random: Callable[[], float], seat: int
) -> FrenchAction:
    """A legal action drawn uniformly (``int(random() * n)``: faster than ``choice``)."""
    legal = legal_actions()
    return legal[int(random() * len(legal))]


def simulate(
    players: int,
    deals: int,
    seed: int = 0,
    variant: str = "fft",
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``deals`` random deals and return JSON-ready statistics.

    Keys: ``game``, ``players``, ``variant``, ``deals``, ``redeals`` (petit sec, all passed),
    ``actions``, ``seconds``, ``deals_per_second``, ``contracts`` (deals per
    contract), ``made`` (share of contracts made), ``chelems``, ``petits_au_bout``,
    ``invariants_ok`` and ``violations`` (invariant name -> deals breaking it).
    """
    rng = random.Random(seed)
    contracts: Counter[str] = Counter()
    violations: Counter[str] = Counter()
    made = chelems = petits = redeals = actions = 0
    start = time.perf_counter()
    for _ in range(deals):
        match = Match.new(FRENCH, players, variant, options, random_seeds(rng))
        state = match.state
        assert isinstance(state, FrenchState)

        match.play(partial(_random_choice, state.legal_actions, rng.random))
        actions += len(match.actions)
        redeals += sum(isinstance(a, DealSeed) for a in match.actions) - 1
        outcome, score = state.outcome, state.score
        assert outcome is not None and score is not None
        contracts[outcome.contract.text] += 1
        made += score.made
        chelems += outcome.chelem is not None
        petits += outcome.petit_au_bout is not None
        violations.update(_broken_invariants(state))
    seconds = time.perf_counter() - start
    return {
        "game": "french",
        "players": players,
        "variant": variant,
        "deals": deals,
        "redeals": redeals,
        "actions": actions,
        "seconds": round(seconds, 3),
        "deals_per_second": round(deals / seconds, 1) if seconds else 0.0,
        "contracts": dict(contracts),
        "made": round(made / deals, 4) if deals else 0.0,
        "chelems": chelems,
        "petits_au_bout": petits,
        "invariants_ok": not violations,
        "violations": dict(violations),
    }
