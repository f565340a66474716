"""Two nodes of a cluster and one account: a session ended at one node closes
the sockets it opened at the other, even a socket whose hello was being
checked at that moment, or while Redis lost the sign-out; and the limit of
open tables a player leads is the cluster's, not each node's, whatever the
order and timing of their creations."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import psycopg
import pytest

from atout.server import accounts
from atout.server.hub import TABLES_PER_MASTER
from atout.server.store import Store
from tests.server.cluster_nodes import Node, Redis, start_nodes, stop_nodes
from tests.server.conftest import Player, Server, create_table, free_port
from tests.server.relay import Relay
from tests.server.revocation import hello, logouts, password_change
from tests.server.test_ops import scrape, wait_until

ROUNDS = 15
SOCKETS = 24


LATE_SECONDS = 0.05
"""How late what the second node and Redis say to each other arrives."""


class LateRelay(Relay):
    """A relay to Redis whose every byte arrives ``seconds`` late, in order (a
    node farther away, or busier): another node's sign-out may reach it after a
    hello that came later."""

    seconds = 0.0

    @staticmethod
    async def _pipe(link: Any, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        due: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                at, data = await due.get()
                await asyncio.sleep(max(0.0, at - loop.time()))
                if not data:
                    sink.close()
                    return
                sink.write(data)
                await sink.drain()

        delivering = asyncio.create_task(deliver())
        try:
            while data := await source.read(65536):
                due.put_nowait((loop.time() + LateRelay.seconds, data))
        finally:
            due.put_nowait((loop.time() + LateRelay.seconds, b""))
            await delivering


@dataclass
class Pair:
    first: Server
    second: Server
    """The node that may hear Redis late (``LateRelay``)."""
    nodes: list[Node]
    redis: Redis
    store: Store


@pytest.fixture(scope="module")
def pair(postgres: str) -> Iterator[Pair]:
    """Two nodes on a new database and a Redis of their own (the last test kills
    it), the second reaching it through a ``LateRelay``."""
    redis = Redis(free_port())
    redis.start()
    relay = LateRelay(redis.port)
    relay.start()
    name = f"accounts{os.getpid()}_{free_port()}"
    with psycopg.connect(f"{postgres}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = f"{postgres}/{name}"
    store = Store(url)  # migrated once, before the nodes start
    nodes = start_nodes(url, redis.url, 1) + start_nodes(url, relay.url, 1)
    yield Pair(nodes[0].server, nodes[1].server, nodes, redis, store)
    stop_nodes(nodes)
    relay.stop()
    store.close()
    redis.kill()


def _account(pair: Pair, name: str, password: str = "password123") -> int:
    reply = httpx.post(
        f"{pair.first.http}/api/register", json={"name": name, "password": password}, timeout=60
    )
    assert reply.status_code == 200, reply.text
    found = accounts.account_named(pair.store, name)
    assert found is not None
    return found[0]


def _sessions(pair: Pair, user: int, count: int) -> list[str]:
    return [accounts.open_session(pair.store, user) for _ in range(count)]


# ----- sessions ended at another node --------------------------------------------


def test_no_socket_outlives_a_logout_at_another_node_racing_its_hello(pair: Pair) -> None:
    """Hellos at the second node and the logouts of their tokens at the first, at
    random moments, 24 at once, 15 times: each hello is refused or its socket is
    told ``signed_out`` and closed; none stays open after its logout."""
    user = _account(pair, "racer")

    async def rounds() -> tuple[int, list[str]]:
        welcomed, wrong = 0, []
        for _ in range(ROUNDS):
            tokens = await asyncio.to_thread(_sessions, pair, user, SOCKETS)
            sockets, round_wrong = await logouts(pair.second, pair.first, tokens, spread=0.03)
            welcomed += sum(s.welcomed for s in sockets)
            wrong += round_wrong
        return welcomed, wrong

    welcomed, wrong = asyncio.run(rounds())
    assert wrong == []
    assert 0 < welcomed < ROUNDS * SOCKETS  # both orders happened


def test_a_password_change_at_another_node_ends_its_hellos_but_not_the_new_session(
    pair: Pair,
) -> None:
    """Hellos with every session of an account at the second node while its
    password changes at the first: none outlives the change. A socket opened at
    the second node with the new session's token as soon as the change answers
    (before that node may have heard of it) stays open."""
    password = "password123"
    user = _account(pair, "changer", password)

    async def rounds() -> tuple[int, list[str]]:
        nonlocal password
        welcomed, wrong = 0, []
        for turn in range(ROUNDS // 3):
            tokens = await asyncio.to_thread(_sessions, pair, user, SOCKETS)
            new_password = f"another-secret-{turn}"
            sockets, round_wrong, _ = await password_change(
                pair.second, pair.first, tokens, password, new_password, spread=0.3
            )
            password = new_password
            welcomed += sum(s.welcomed for s in sockets)
            wrong += round_wrong
        return welcomed, wrong

    welcomed, wrong = asyncio.run(rounds())
    assert wrong == []
    assert welcomed > 0

    async def fresh_sockets() -> list[str]:
        nonlocal password
        closed = []
        LateRelay.seconds = LATE_SECONDS
        for turn in range(8):
            tokens = await asyncio.to_thread(_sessions, pair, user, 1)
            body = {"password": password, "new_password": f"third-secret-{turn}"}
            headers = {"Authorization": f"Bearer {tokens[0]}"}
            async with httpx.AsyncClient(timeout=60) as http:
                reply = await http.post(
                    f"{pair.first.http}/api/password", json=body, headers=headers
                )
            assert reply.status_code == 200, reply.text
            password = body["new_password"]
            socket = await hello(pair.second, reply.json()["token"], 0)
            assert socket.welcomed, socket.first
            try:
                async with asyncio.timeout(1.0):
                    closed.append(str(await socket.ws.recv()))
            except TimeoutError:
                pass
            await socket.ws.close()
        return closed

    try:
        assert asyncio.run(fresh_sockets()) == []
    finally:
        LateRelay.seconds = 0.0


# ----- tables per master -------------------------------------------------------------


async def _answers(player: Player, count: int) -> list[dict[str, Any]]:
    """The answers to ``count`` creations: a snapshot or an error each."""
    return [
        await player.expect(lambda m: m["type"] == "table" or m["type"] == "error", 30)
        for _ in range(count)
    ]


def test_the_tables_a_player_leads_are_counted_over_every_node(pair: Pair) -> None:
    """Ann leads 3 tables at the first node and 2 at the second: a sixth is
    refused at either. Once she leaves one (it closes), she may open another,
    at the other node."""
    token = httpx.post(
        f"{pair.first.http}/api/register", json={"name": "ann", "password": "password123"}
    ).json()["token"]

    async def main() -> None:
        at_first = await Player.connect(pair.first, token)
        at_second = await Player.connect(pair.second, token)
        tables = [await create_table(at_first, players=3) for _ in range(3)]
        tables += [await create_table(at_second, players=3) for _ in range(2)]
        for player in (at_first, at_second):
            await player.send({"type": "create", "options": {"players": 3}})
            refused = await player.expect(lambda m: m["type"] in ("table", "error"))
            assert refused.get("code") == "too_many_tables", refused
            assert refused["params"] == {"limit": TABLES_PER_MASTER}
        await at_second.send({"type": "leave", "table": tables[-1]})
        await at_second.expect(lambda m: m["type"] == "left")
        deadline = time.monotonic() + 5  # its closing is told to Redis after the answer
        while True:
            await at_first.send({"type": "create", "options": {"players": 3}})
            answer = await at_first.expect(lambda m: m["type"] in ("table", "error"))
            if answer["type"] == "table":
                break
            assert answer["code"] == "too_many_tables" and time.monotonic() < deadline, answer
            await asyncio.sleep(0.1)
        for player in (at_first, at_second):
            await player.close()

    asyncio.run(main())


def test_creations_at_once_on_two_nodes_meet_one_limit(pair: Pair) -> None:
    """A guest (and an account) sends 5 creations at each node at the same
    moment, 3 times over with fresh identities: 5 tables open in all, the
    others are refused with ``too_many_tables``."""

    async def main() -> list[int]:
        opened = []
        for turn in range(3):
            if turn == 1:
                at_first = await Player.connect(pair.first, pair.first.register(f"bo{turn}"))
            else:
                at_first = await Player.connect(pair.first, name=f"g{turn}")
            assert at_first.token is not None
            at_second = await Player.connect(pair.second, at_first.token)
            create = {"type": "create", "options": {"players": 3}}
            sends = [p.send(create) for p in (at_first, at_second) for _ in range(5)]
            random.shuffle(sends)
            await asyncio.gather(*sends)
            answers = await _answers(at_first, 5) + await _answers(at_second, 5)
            tables = [a for a in answers if a["type"] == "table"]
            refused = [a for a in answers if a["type"] == "error"]
            assert all(a["code"] == "too_many_tables" for a in refused), refused
            opened.append(len(tables))
            for player in (at_first, at_second):
                await player.close()
        return opened

    assert asyncio.run(main()) == [TABLES_PER_MASTER] * 3


# ----- last: Redis killed ----------------------------------------------------------


def test_a_logout_while_redis_is_away_closes_the_sockets_at_other_nodes_once_back(
    pair: Pair,
) -> None:
    """Dan's socket is at the second node; he logs out at the first while Redis is
    away, so the sign-out is lost. Once the nodes hear Redis again the second
    finds his session ended and closes the socket (``signed_out``)."""
    user = _account(pair, "dan")
    (token,) = _sessions(pair, user, 1)

    async def main() -> list[dict[str, Any]]:
        dan = await Player.connect(pair.second, token)
        pair.redis.kill()
        try:
            headers = {"Authorization": f"Bearer {token}"}
            async with httpx.AsyncClient(timeout=30) as http:
                reply = await http.post(f"{pair.first.http}/api/logout", headers=headers)
            assert reply.status_code == 200
        finally:
            await asyncio.to_thread(pair.redis.start)
        assert dan.reader is not None
        await asyncio.wait_for(dan.reader, 30)  # closed by the second node
        return [m for m in dan.log if m["type"] == "error"]

    told = asyncio.run(main())
    assert [m["code"] for m in told] == ["signed_out"]
    wait_until(
        lambda: all(scrape(node.server)["atout_redis_hearing"] == 1 for node in pair.nodes),
        "the nodes hear Redis again",
    )
