"""A cluster whose Redis or PostgreSQL restarts mid-deal, or stops answering for
a while, or whose Redis vanishes (for every node, or one node cut off from it):
the game goes on across the nodes, nothing is lost or doubled, and no player
is left holding a view the table never had (a message lost in a Redis
restart, or carried twice, when it carried a patch, would have left one)."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

import httpx
import pytest

from atout.server.bus import IO_SECONDS
from atout.server.store import TableLeaseRow
from atout.server.writer_process import CHECK_SECONDS
from tests.server.cluster_nodes import (
    LEASE_SECONDS,
    Cluster,
    Node,
    Redis,
    start_nodes,
    stop_nodes,
)
from tests.server.conftest import (
    Player,
    create_table,
    free_port,
    play_until_over,
    seat_at_new_table,
)
from tests.server.postgres import pause_postgres, restart_postgres
from tests.server.relay import Relay
from tests.server.test_cluster import assert_views_are_stored, stored_game, stored_views
from tests.server.test_ops import scrape, wait_until


@dataclass
class Services:
    cluster: Cluster
    redis: Redis
    relay: Relay
    """What the nodes reach Redis through: it passes everything until it vanishes."""
    relayed: list[Node]
    """The nodes that reach Redis through the relay."""


@pytest.fixture
def services(new_database: Callable[[], str], request: pytest.FixtureRequest) -> Iterator[Services]:
    """Two nodes on a new database and a Redis of their own, to restart, pause or
    make vanish. Both reach it through the relay, or (param ``"second"``) the
    second node alone, as when a network cuts one node off."""
    redis = Redis(free_port())
    redis.start()
    relay = Relay(redis.port)
    relay.start()
    url = new_database()
    if getattr(request, "param", "both") == "second":
        first, relayed = start_nodes(url, redis.url, 1), start_nodes(url, relay.url, 1)
        nodes = first + relayed
    else:
        nodes = relayed = start_nodes(url, relay.url, 2)
    cluster = Cluster(url, relay.url, nodes)
    yield Services(cluster, redis, relay, relayed)
    stop_nodes(cluster.nodes)
    relay.stop()
    redis.kill()


def test_a_game_across_nodes_goes_on_through_a_redis_restart(
    services: Services,
) -> None:
    """Ann plays at her table's node while Redis is down: the updates telling
    Bob and Cyd, at the other node, are lost. Once Redis is back they are given
    the game again, and play on from it."""
    cluster, redis = services.cluster, services.redis

    async def restart() -> None:
        redis.kill()
        await asyncio.sleep(0.5)  # Ann's move is told to the other node meanwhile
        await asyncio.to_thread(redis.start)

    _play_through(cluster, restart)


def test_a_game_across_nodes_goes_on_through_a_redis_pause(
    services: Services,
) -> None:
    """Redis stops answering (a hung host) for longer than a node waits on it
    while Ann moves: what the nodes sent meanwhile is lost, not queued without
    end nor sent twice, and once Redis answers Bob and Cyd are given the game
    again."""
    cluster, redis = services.cluster, services.redis

    async def pause() -> None:
        redis.pause()
        try:
            await asyncio.sleep(IO_SECONDS + 3)
        finally:
            redis.resume()

    _play_through(cluster, pause)


@pytest.mark.parametrize("services", ["both", "second"], indirect=True)
def test_a_game_across_nodes_goes_on_after_redis_vanishes(
    services: Services,
) -> None:
    """Redis's host vanishes as Ann moves, for both nodes or for Bob and Cyd's
    alone (cut off by the network): no link to it answers or closes, and when
    it is back only new links are answered. A node finds its links dead by
    waiting and opens new ones; once both hear again Bob and Cyd, whom Ann's
    node let go meanwhile, are seated again and given the game, and play on
    from it."""
    cluster, relay = services.cluster, services.relay

    async def vanish() -> None:
        relay.vanish()
        await asyncio.sleep(IO_SECONDS + 3)
        for node in services.relayed:  # each tells its operator it does not hear
            assert scrape(node.server)["atout_redis_hearing"] == 0
        relay.come_back()

    _play_through(cluster, vanish)
    for node in cluster.nodes:
        assert scrape(node.server)["atout_redis_hearing"] == 1


def test_a_node_paused_past_its_link_s_patience_reads_what_came_meanwhile(
    services: Services,
) -> None:
    """Bob and Cyd's node is paused (a frozen VM) for longer than a listening
    link may hear nothing, as Ann moves: its link to Redis is alive, Ann's move
    waiting in it. Waking, the node reads what came meanwhile before it counts
    any silence: it replaces no link (``atout_bus_reconnects_total``, its log),
    forgets no other node, and the game goes on to its end. A Redis that then hangs is still found
    silent: the link is replaced, and heard again once Redis answers."""
    cluster, redis = services.cluster, services.redis
    paused = cluster.nodes[1]
    woke = 0.0

    async def pause() -> None:
        nonlocal woke
        paused.signal(signal.SIGSTOP)
        try:
            await asyncio.sleep(IO_SECONDS + 2)
        finally:
            paused.signal(signal.SIGCONT)
            woke = time.monotonic()

    _play_through(cluster, pause)
    time.sleep(max(0.0, woke + IO_SECONDS + 2 - time.monotonic()))  # any silence found by now
    assert scrape(paused.server)["atout_bus_reconnects_total"] == 0
    assert "cannot listen" not in paused.log.read_text()
    # Nor did it take the other node for gone (its players briefly disconnected).
    assert "went silent" not in paused.log.read_text()

    def replaced() -> bool:
        return scrape(paused.server)["atout_bus_reconnects_total"] > 0

    redis.pause()
    try:
        wait_until(replaced, "a link to a hung Redis replaced", timeout=IO_SECONDS + 20)
        assert scrape(paused.server)["atout_redis_hearing"] == 0
    finally:
        redis.resume()
    wait_until(lambda: scrape(paused.server)["atout_redis_hearing"] == 1, "Redis heard again")


def test_a_node_answers_its_lobby_while_redis_does_not(
    services: Services,
) -> None:
    """The lobby is kept in Redis; while Redis is paused a node answers with its
    own tables, rather than never, and with them when Redis has just restarted
    empty (it once answered none for a second or two)."""
    cluster, redis = services.cluster, services.redis
    server = cluster.nodes[0].server

    async def main() -> None:
        ann = await Player.connect(server, name="ann")
        table = await create_table(ann, players=3)
        bob = await Player.connect(server, name="bob")
        redis.pause()
        try:
            await bob.send({"type": "lobby"})
            lobby = await bob.expect(lambda m: m["type"] == "lobby", timeout=IO_SECONDS + 10)
        finally:
            redis.resume()
        assert [t["id"] for t in lobby["tables"]] == [table]
        redis.kill()  # a restarted Redis lists no table until the nodes hear it again
        await asyncio.to_thread(redis.start)
        await bob.send({"type": "lobby"})
        lobby = await bob.expect(lambda m: m["type"] == "lobby", timeout=IO_SECONDS + 10)
        assert [t["id"] for t in lobby["tables"]] == [table]
        for player in (ann, bob):
            await player.close()

    asyncio.run(main())


@pytest.mark.parametrize("fault", [restart_postgres, pause_postgres], ids=["restart", "pause"])
def test_a_game_across_nodes_goes_on_through_a_postgres_fault(
    services: Services, fault: Callable[[float], None]
) -> None:
    """PostgreSQL stops (restarted as an administrator would), or stops
    answering (a hung host), for longer than a table's lease while Ann moves:
    once it is back her move is stored once (or refused, the table taken over,
    and played again) and the game goes on."""
    cluster = services.cluster

    async def down() -> None:
        await asyncio.to_thread(fault, 3 * LEASE_SECONDS / 2)

    _play_through(cluster, down)
    for node in cluster.nodes:
        assert httpx.get(f"{node.server.http}/health/ready").status_code == 200


def test_a_postgres_pause_longer_than_a_lease_moves_no_table(services: Services) -> None:
    """PostgreSQL stops answering for longer than a lease, and the node owning
    Ann's table is slower than the other to come back (its process paused half
    a lease more): every lease looked lapsed once the database was back, but the
    table stays with its live owner, its fencing token unchanged (the other node
    took it over at once, before: a needless move of every live node's tables)."""
    cluster = services.cluster
    first, second = cluster.nodes

    async def main() -> str:
        players = [
            await Player.connect(first.server, name="ann"),
            await Player.connect(second.server, name="bob"),
            await Player.connect(second.server, name="cyd"),
        ]
        table = await seat_at_new_table(players, players=3)
        await players[0].send({"type": "start", "table": table})
        await _until_turn_of(players[0], players, table, random.Random(5), moves=2)
        for player in players:
            await player.close()
        return table

    table = asyncio.run(main())
    before = _lease_of(cluster, table)
    first.signal(signal.SIGSTOP)
    try:
        pause_postgres(3 * LEASE_SECONDS / 2)
        time.sleep(LEASE_SECONDS / 4)
    finally:
        first.signal(signal.SIGCONT)
    time.sleep(2 * LEASE_SECONDS)  # a takeover, if any, is long done
    assert _lease_of(cluster, table) == before


def _lease_of(cluster: Cluster, table: str) -> tuple[str, int]:
    """The table's owner node and fencing token, as the database holds them."""
    store = cluster.store()
    with store.session() as db:
        row = db.get(TableLeaseRow, table)
        assert row is not None
        lease = (row.owner, row.token)
    store.close()
    return lease


def _play_through(cluster: Cluster, fault: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Ann (at the node owning the table), Bob and Cyd (at the other) play a
    deal; the fault happens as Ann moves. Every view they were given must be
    one the stored log's game had."""
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
        faulty = asyncio.create_task(fault())
        await asyncio.sleep(0.1)
        await players[0].send({"type": "act", "table": table, "action": rng.choice(turn["legal"])})
        await faulty
        over = await play_until_over(players, table, seed=4, first_end=True)
        assert over["kind"] == "table.game_over"
        for player in players:  # each given the game to its end, if not told it
            await _told_up_to(player, over["seq"])
        for player in players:
            await player.close()
        return table, [(p, n) for n, p in enumerate(players)]

    table, seated = asyncio.run(main())
    game, log = stored_game(cluster, table)
    assert game.status == "over"
    assert_views_are_stored(seated, stored_views(game, log))


async def _told_up_to(player: Player, seq: int) -> None:
    """Wait until the player holds the table as it stood at ``seq`` or later."""
    async with asyncio.timeout(30):
        while max((m.get("seq", 0) for m in player.log), default=0) < seq:
            await asyncio.sleep(0.1)


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


def test_a_guests_hello_after_a_postgres_restart_is_stored_on_every_node(
    services: Services,
) -> None:
    """Each node's writer kept its connection between jobs: after PostgreSQL
    restarted, its first job failed however late it came (a guest's hello refused
    storage_unavailable 15 s on, on every node: an outside fault probe)."""
    cluster = services.cluster

    async def main() -> None:
        for node in cluster.nodes:  # each writer holds a connection
            await (await Player.connect(node.server)).close()
        await asyncio.to_thread(restart_postgres, 0.5)
        await asyncio.sleep(CHECK_SECONDS + 1)
        for node in cluster.nodes:
            guest = await Player.connect(node.server)
            assert guest.name.startswith("guest_")
            await guest.close()

    asyncio.run(main())


def test_lobby_reads_after_a_redis_restart_list_every_nodes_tables(services: Services) -> None:
    """A node's pooled connections to a Redis that restarted were used once more
    and failed: its lobby then listed its own tables only (here none), however
    late the read came (2 reads of 12, 20 s on: an outside fault probe)."""
    cluster, redis = services.cluster, services.redis
    first, second = (node.server for node in cluster.nodes)

    async def read(readers: list[Player]) -> list[list[str]]:
        for reader in readers:  # at once: as many of the node's connections
            await reader.send({"type": "lobby"})
        lobbies = [
            await reader.expect(lambda m: m["type"] == "lobby", timeout=IO_SECONDS + 10)
            for reader in readers
        ]
        return [[table["id"] for table in lobby["tables"]] for lobby in lobbies]

    async def main() -> None:
        ann = await Player.connect(first, name="ann")
        table = await create_table(ann, players=3)
        readers = [await Player.connect(second, name=f"reader{n}") for n in range(12)]
        assert await read(readers) == [[table]] * 12
        redis.kill()
        await asyncio.to_thread(redis.start)
        for node in (first, second):
            heard = partial(lambda server: scrape(server)["atout_redis_hearing"] == 1, node)
            await asyncio.to_thread(wait_until, heard, "Redis heard again")
        await asyncio.sleep(1)  # the owner lists its table again once it hears
        assert await read(readers) == [[table]] * 12
        for player in (ann, *readers):
            await player.close()

    asyncio.run(main())
