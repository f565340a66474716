"""CPU per action of the update core: ``broadcast.update_all`` telling each
viewer of a table what one action did (views, patches, turn, encoding).

Many tables' games are stepped round-robin, one action each in turn, as a busy
server interleaves them, so that each update finds its table's state and views
as cold in the CPU's caches as they are there. Each table has 4 human players
(each a client; the seat to move is sent its turn) and ``--spectators``
spectators. Actions are random legal ones, applied as the server applies them
(``Match.prepare`` on a copy, then ``commit``); only ``update_all`` is timed,
with the thread's CPU clock. Prints µs of CPU per action.

Run: ``uv run python bench/updates.py [--tables 1000] [--actions 40000]``.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field
from typing import Any, cast

from atout.game import CHANCE, SPECTATOR, GameState
from atout.match import Match
from atout.registry import game_rules
from atout.server import broadcast
from atout.server.eventlog import EventLog
from atout.server.table import Table

PLAYERS = 4


class Receiver:
    """A client as ``update_all`` sees it: it is handed texts."""

    def __init__(self) -> None:
        self.bytes = 0

    def send_text(self, text: str) -> None:
        self.bytes += len(text)


@dataclass
class HumanSeat:
    client: Receiver
    robot_plays: bool = False


@dataclass
class BenchTable:
    """What ``update_all`` reads of a table."""

    id: str
    match: Match
    seats: list[HumanSeat]
    spectators: list[Receiver]
    events: EventLog = field(default_factory=EventLog)
    shown: dict[Any, Any] = field(default_factory=dict)

    @property
    def state(self) -> GameState:
        return self.match.state

    def audience(self) -> list[tuple[Receiver, int]]:
        seen = [(s.client, i) for i, s in enumerate(self.seats)]
        return seen + [(c, SPECTATOR) for c in self.spectators]

    def turn_left(self) -> float:
        return 29.5

    def turn_id(self) -> str:
        return f"{self.id}.{self.events.seq}"


def step(table: BenchTable, rng: random.Random) -> float:
    """Play one action on ``table`` and tell its viewers; the CPU seconds the telling took."""
    match = table.match
    rules = match.rules
    state = match.state
    if state.is_over:
        table.match = match = Match.new(rules, PLAYERS)
        state = match.state
    if state.to_move == CHANCE:
        action = rules.deal_action(state, rng.getrandbits(32))
    else:
        action = rng.choice(list(state.legal_actions()))
    events = match.commit(match.prepare(action, state.to_move))
    numbered = [table.events.number(e) for e in events]
    started = time.thread_time()
    broadcast.update_all(cast(Table, table), numbered)
    return time.thread_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=40000, help="actions timed in all")
    parser.add_argument("--spectators", type=int, default=0, help="per table")
    parser.add_argument("--game", default="french")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rules = game_rules(args.game)
    tables = [
        BenchTable(
            f"t{i}",
            Match.new(rules, PLAYERS),
            [HumanSeat(Receiver()) for _ in range(PLAYERS)],
            [Receiver() for _ in range(args.spectators)],
        )
        for i in range(args.tables)
    ]
    for table in tables:  # the deal: every client is given its whole view
        step(table, rng)
    spent = 0.0
    for done in range(args.actions):
        spent += step(tables[done % len(tables)], rng)
    sent = sum(s.client.bytes for t in tables for s in t.seats) / args.actions / PLAYERS
    print(
        f"{args.game}, {args.tables} tables of {PLAYERS} players"
        f" + {args.spectators} spectators: update_all {spent / args.actions * 1e6:.1f} µs"
        f" of CPU per action ({args.actions} actions, {sent:.0f} bytes per player's update)"
    )


if __name__ == "__main__":
    main()
