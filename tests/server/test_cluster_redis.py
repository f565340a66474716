"""A cluster whose Redis restarts mid-deal: the game goes on across the nodes,
and no player is left holding a view the table never had (a message lost in
the restart, when it carried a patch, would have left one)."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.server.cluster_nodes import Cluster, start_nodes
from tests.server.conftest import Player, free_port, play_until_over, seat_at_new_table
from tests.server.test_cluster import assert_views_are_stored, stored_game, stored_views


@dataclass
class Redis:
    """A ``redis-server`` of the test's own, that it may kill and start again."""

    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        ping = ["redis-cli", "-p", str(self.port), "ping"]
        while subprocess.run(ping, capture_output=True, check=False).stdout.strip() != b"PONG":
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@pytest.fixture
def restartable(new_database: Callable[[], str]) -> Iterator[tuple[Cluster, Redis]]:
    redis = Redis(free_port())
    redis.start()
    url = new_database()
    cluster = Cluster(url, redis.url, start_nodes(url, redis.url, 2))
    yield cluster, redis
    for node in cluster.nodes:
        node.signal(signal.SIGTERM)
    for node in cluster.nodes:
        try:
            node.process.wait(10)
        except subprocess.TimeoutExpired:
            node.process.kill()
    redis.kill()


def test_a_game_across_nodes_goes_on_through_a_redis_restart(
    restartable: tuple[Cluster, Redis],
) -> None:
    """Ann plays at her table's node while Redis is down: the updates telling
    Bob and Cyd, at the other node, are lost. Once Redis is back they are given
    the game again, and play on from it."""
    cluster, redis = restartable
    first, second = (node.server for node in cluster.nodes)
    rng = random.Random(3)

    async def main() -> tuple[str, list[tuple[Player, int]]]:
        players = [
            await Player.connect(first, name="ann"),
            await Player.connect(second, name="bob"),
            await Player.connect(second, name="cyd"),
        ]
        table = await seat_at_new_table(players, players=3)
        await players[0].send({"type": "start", "table": table})
        turn = await _until_turn_of(players[0], players, table, rng, moves=8)
        redis.kill()
        await players[0].send({"type": "act", "table": table, "action": rng.choice(turn["legal"])})
        await asyncio.sleep(0.5)  # told to the other node while Redis is down
        await asyncio.to_thread(redis.start)
        over = await play_until_over(players, table, seed=4)
        assert over["kind"] == "table.game_over"
        for player in players:
            await player.close()
        return table, [(p, n) for n, p in enumerate(players)]

    table, seated = asyncio.run(main())
    game, log = stored_game(cluster, table)
    assert game.status == "over"
    assert_views_are_stored(seated, stored_views(game, log))


async def _until_turn_of(
    last: Player, players: list[Player], table: str, rng: random.Random, moves: int
) -> dict[str, Any]:
    """Play random legal moves, at least ``moves``, until ``last`` is to move: its turn."""
    played = 0
    while True:
        waiting = {asyncio.ensure_future(p.turn(30)): p for p in players}
        done, pending = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        (task,) = done
        player, turn = waiting[task], task.result()
        if player is last and played >= moves:
            return turn
        await player.send({"type": "act", "table": table, "action": rng.choice(turn["legal"])})
        played += 1
