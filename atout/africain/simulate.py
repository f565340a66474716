"""Random Tarot Africain games: throughput and rule invariants.

Players choose uniformly among legal actions with a seeded generator, so a run
is reproducible. Each round is checked against the rules independently of how
the engine computes them: the 22 cards are conserved, the tricks won add up to
the cards in hand, and every change of lives is a loss for a missed bid or the
single remontée life.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from atout.africain.rules import AFRICAIN
from atout.africain.state import DECK, AfricainState
from atout.game import Event
from atout.match import Match, random_seeds


def _check_round(state: AfricainState, end: Mapping[str, Any], hand_size: int) -> list[str]:
    """Invariant violations of a finished round (an empty list when it kept the rules)."""
    problems = []
    dealt, held, played = state.cards_in_play()
    seats = state.round_seats
    if dealt & ~DECK or dealt.bit_count() != hand_size * len(seats) or held or played != dealt:
        problems.append(f"round {end['round']}: cards not conserved")
    if sum(end["tricks"]) != hand_size:
        problems.append(f"round {end['round']}: {sum(end['tricks'])} tricks for {hand_size} cards")
    loss_rule = state.variant.loss
    unscathed = []
    for s in range(state.players):
        bid, won = end["bids"][s], end["tricks"][s]
        if bid is None:
            expected = 0
        else:
            expected = abs(bid - won) if loss_rule == "difference" else max(0, bid - won)
            if expected == 0:
                unscathed.append(s)
        change = end["lives_before"][s] - end["lives"][s]
        if change != expected and not (change == expected - 1 and end["remontee"] == s):
            problems.append(f"round {end['round']}: seat {s} lives changed by {-change}")
    if end["remontee"] is not None and unscathed != [end["remontee"]]:
        problems.append(f"round {end['round']}: remontée given to seat {end['remontee']}")
    return problems


@dataclass
class RandomGame:
    """What one random game produced."""

    state: AfricainState
    rounds: int = 0
    lives_lost: int = 0
    """Lives lost for missed bids, summed over rounds and players (before remontées)."""
    problems: list[str] = field(default_factory=list)


def play_random_game(
    players: int,
    rng: random.Random,
    variant: str = "standard",
    options: Mapping[str, Any] | None = None,
) -> RandomGame:
    """Play one random game, checking every round's invariants."""
    state = AFRICAIN.new(players, variant, options)
    game = RandomGame(state)
    sizes: list[int] = []
    draw = random_seeds(rng)

    def chance() -> int:
        sizes.append(state.hand_size)  # the round's size, for its checks once it ends
        return draw()  # type: ignore[return-value]  # endless

    def listen(events: list[Event]) -> None:
        for event in events:
            if event.kind == "round_end":
                game.rounds += 1
                game.lives_lost += sum(event.data["losses"])
                game.problems.extend(_check_round(state, event.data, sizes[-1]))

    Match(AFRICAIN, state, chance).play(lambda seat: rng.choice(state.legal_actions()), listen)
    return game


def simulate(
    players: int,
    games: int,
    seed: int = 0,
    variant: str = "standard",
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` random games and return throughput, averages and invariant checks."""
    rng = random.Random(seed)
    rounds = 0
    lives_lost = 0
    problems: list[str] = []
    start = time.perf_counter()
    for _ in range(games):
        game = play_random_game(players, rng, variant, options)
        rounds += game.rounds
        lives_lost += game.lives_lost
        problems.extend(game.problems)
    seconds = time.perf_counter() - start
    return {
        "game": "africain",
        "players": players,
        "variant": variant,
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds else None,
        "rounds_per_second": round(rounds / seconds, 1) if seconds else None,
        "rounds_per_game": round(rounds / games, 2) if games else None,
        "lives_lost_per_round": round(lives_lost / rounds, 3) if rounds else None,
        "invariants_ok": not problems,
        "violations": problems[:20],
    }
