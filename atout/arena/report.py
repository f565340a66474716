"""An arena run: deals played on every core, then one report per robot.

The score advantage of a robot on a deal is, averaged over the seats, its mean
result in that seat minus the other robots' mean result in the same seat, so
the cards cancel out; its 95% interval is taken over deals. The advantage by
role (games with contracts) pairs the same way: where the robot took (or defended), its
score minus what the others scored in that seat with the same cards, whatever
they bid; that says whether it gains both when it takes and when it defends.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from atout.arena.duplicate import DealResult, Setup, play_deal, seatings
from atout.arena.stats import latency, mean_ci
from atout.registry import game_rules


def _seat_means(deal: DealResult, robot: int, players: int, key: str) -> float | None:
    """``robot``'s advantage on ``deal`` for the per-seat value ``key``."""
    diffs = []
    for seat in range(players):
        mine = [getattr(g[seat], key) for g in deal.games if g[seat].robot == robot]
        others = [getattr(g[seat], key) for g in deal.games if g[seat].robot != robot]
        if mine and others:
            diffs.append(sum(mine) / len(mine) - sum(others) / len(others))
    return sum(diffs) / len(diffs) if diffs else None


def _role_advantages(deal: DealResult, robot: int, players: int) -> dict[str, float]:
    """``robot``'s paired advantage on ``deal`` for each role it played there."""
    by_role: dict[str, list[float]] = {}
    for seat in range(players):
        others = [g[seat].score for g in deal.games if g[seat].robot != robot]
        if not others:
            continue
        base = sum(others) / len(others)
        for game in deal.games:
            mine = game[seat]
            if mine.robot == robot and mine.role:
                by_role.setdefault(mine.role, []).append(mine.score - base)
    return {role: sum(diffs) / len(diffs) for role, diffs in by_role.items()}


def summarize(setup: Setup, deals: Sequence[DealResult]) -> dict[str, Any]:
    """The report of a run: per robot advantage, roles, contracts, wins, latency."""
    deals = sorted(deals, key=lambda d: d.index)
    contracts = game_rules(setup.game).contracts
    robots = []
    for index, name in enumerate(setup.bots):
        advantage = [_seat_means(d, index, setup.players, "score") for d in deals]
        seats = [s for d in deals for g in d.games for s in g if s.robot == index]
        entry: dict[str, Any] = {
            "robot": name,
            "advantage": mean_ci([a for a in advantage if a is not None]),
            "latency": latency([t for d in deals for t in d.times.get(index, ())]),
        }
        if contracts:
            taking = [s for s in seats if s.role == "taker"]
            roles = [_role_advantages(d, index, setup.players) for d in deals]
            for role in ("taker", "defender", "partner"):
                entry[f"{role}_advantage"] = mean_ci([r[role] for r in roles if role in r])
            entry["as_taker"] = mean_ci([s.score for s in taking])
            entry["as_defender"] = mean_ci([s.score for s in seats if s.role == "defender"])
            entry["as_partner"] = mean_ci([s.score for s in seats if s.role == "partner"])
            entry["contract_rate"] = len(taking) / len(seats) if seats else None
            entry["contract_success"] = (
                sum(bool(s.made) for s in taking) / len(taking) if taking else None
            )
            entry["mean_score"] = mean_ci([s.score for s in seats])
        else:
            entry["lives_lost_per_round"] = mean_ci([s.score for s in seats])
            entry["win_rate"] = mean_ci([s.won for s in seats])
            wins = [_seat_means(d, index, setup.players, "won") for d in deals]
            entry["win_advantage"] = mean_ci([w for w in wins if w is not None])
        robots.append(entry)
    return {
        "game": setup.game,
        "unit": game_rules(setup.game).arena_unit,
        "contracts": contracts,
        "players": setup.players,
        "variant": setup.variant,
        "deals": len(deals),
        "seatings_per_deal": len(seatings(len(setup.bots), setup.players)),
        "seed": setup.seed,
        "budget": setup.budget,
        "bots": list(setup.bots),
        "robots": robots,
    }


def run(
    setup: Setup,
    deals: int,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals on ``workers`` processes and summarize them.

    Results depend only on the setup and the deal count, never on the number of
    workers or the order in which deals finish.
    """
    workers = workers or os.cpu_count() or 1
    results: list[DealResult] = []
    if workers == 1:
        for index in range(deals):
            results.append(play_deal(setup, index))
            if progress:
                progress(1)
        return summarize(setup, results)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_deal, setup, index) for index in range(deals)]
        for future in as_completed(futures):
            results.append(future.result())
            if progress:
                progress(1)
    return summarize(setup, results)
