"""Who is connected, as each node of a cluster tells it: a node keeps a stand-in
for another node's client only while that client is at one of its tables (not
once the table was taken over from it, nor after the client left before its
last command was forwarded), counts only its own sockets in its metrics, and
tells a player's friends that the player left only once no node has a socket
of theirs open, or, when their node goes silent, once the others find it so.
The module's nodes are shared; the test pausing a table's owner comes last."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.server.cluster_nodes import Cluster
from tests.server.conftest import Player, Server, create_table, invite_code
from tests.server.test_ops import scrape


def _befriend(asker: tuple[Server, str], asked: tuple[Server, str], name: str) -> None:
    """``asker``'s account asks ``asked``'s (named ``name``), who accepts."""
    (server, token), (other, their) = asker, asked
    httpx.post(
        f"{server.http}/api/friends/request",
        json={"name": name},
        headers={"Authorization": f"Bearer {token}"},
    ).raise_for_status()
    incoming = httpx.get(
        f"{other.http}/api/friends", headers={"Authorization": f"Bearer {their}"}
    ).json()["incoming"]
    httpx.post(
        f"{other.http}/api/friends/accept",
        json={"id": incoming[0]["id"]},
        headers={"Authorization": f"Bearer {their}"},
    ).raise_for_status()


def _friends(server: Server, token: str) -> list[dict[str, Any]]:
    reply = httpx.get(f"{server.http}/api/friends", headers={"Authorization": f"Bearer {token}"})
    reply.raise_for_status()
    friends: list[dict[str, Any]] = reply.json()["friends"]
    return friends


async def _spectators(server: Server, table: str) -> int:
    """How many watch ``table``, as the lobby of ``server`` lists it."""
    looker = await Player.connect(server, name="looker")
    await looker.send({"type": "lobby", "subscribe": False})
    listed = (await looker.expect(lambda m: m["type"] == "lobby"))["tables"]
    await looker.close()
    count: int = next(t for t in listed if t["id"] == table)["spectators"]
    return count


def test_a_client_leaving_right_after_a_command_leaves_no_stand_in(cluster: Cluster) -> None:
    """A ``resume`` sent through a node that does not know the table's owner yet
    is forwarded once the owner is looked up; the client closing meanwhile must
    not leave its stand-in at the owner, watching the table for good."""
    owner, through = cluster.nodes[0].server, cluster.nodes[1].server

    async def main() -> None:
        master = await Player.connect(owner, name="host")
        table = await create_table(master, players=3)
        for _ in range(5):
            passer = await Player.connect(through, name="passer")
            await passer.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
            await passer.close()  # before the owner is found and the resume forwarded
        deadline = time.monotonic() + 10
        while (watching := await _spectators(through, table)) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        assert watching == 0  # each passer's stand-in went with it
        await master.close()

    asyncio.run(main())


def test_friends_hear_a_player_left_once_no_node_holds_a_socket_of_theirs(
    cluster: Cluster,
) -> None:
    first, second, third = (node.server for node in cluster.nodes)
    una, vic = first.register("una"), second.register("vic")
    _befriend((second, vic), (first, una), "una")

    async def main() -> None:
        watcher = await Player.connect(second, token=vic)
        here = await Player.connect(first, token=una)
        await asyncio.sleep(2.5)  # every node heard, in a beat, that una is on the first
        heard = len(watcher.log)  # her coming online
        elsewhere = await Player.connect(third, token=una)  # a second tab, at another node
        await elsewhere.close()
        await asyncio.sleep(6)  # she is still connected, to the first node
        assert [m for m in watcher.log[heard:] if m["type"] == "presence"] == []
        await here.close()
        told = await watcher.expect(lambda m: m["type"] == "presence" and not m["online"], 15)
        assert told["name"] == "una"
        await watcher.close()

    asyncio.run(main())


def test_a_block_made_at_one_node_sends_the_blocked_away_from_another_s_table(
    cluster: Cluster,
) -> None:
    """Ann's private table is the first node's; she blocks Ben, who watches it
    through the second node, by asking the third: he is sent away at once, not
    at his next coming (the block reaches every node's tables)."""
    first, second, third = (node.server for node in cluster.nodes)

    async def main() -> None:
        ann = await Player.connect(first, token=first.register("blocking_ann"))
        ben = await Player.connect(second, token=second.register("blocked_ben"))
        table = await create_table(ann, private=True, players=3)
        await ben.send({"type": "spectate", "table": table, "code": invite_code(ann)})
        await ben.expect(lambda m: m["type"] == "table")
        blocked = await asyncio.to_thread(
            httpx.post,
            f"{third.http}/api/friends/block",
            json={"name": "blocked_ben"},
            headers={"Authorization": f"Bearer {ann.token}"},
        )
        assert blocked.status_code == 200, blocked.text
        gone = await ben.expect(lambda m: m["type"] == "left", timeout=5)
        assert gone == {"type": "left", "table": table, "reason": "blocked_by_master"}
        await ann.close()
        await ben.close()

    asyncio.run(main())


@pytest.mark.parametrize("paused", ["first", "last"])
def test_friends_hear_of_a_node_gone_silent_and_heard_again(cluster: Cluster, paused: str) -> None:
    """A node silent past its beats (paused here; a dead one is silent alike):
    its players' friends at the other nodes hear them offline, once, though no
    socket of theirs closed; once it is heard again, online. The node paused
    comes first, then last, by name: the others choose who speaks by name (the
    first paused, its return went unsaid)."""
    by_name = sorted(cluster.nodes, key=lambda node: node.name())
    third = by_name.pop(0 if paused == "first" else -1)
    second = by_name[0]
    wes, xia = second.server.register(f"wes{paused}"), third.server.register(f"xia{paused}")
    _befriend((second.server, wes), (third.server, xia), f"xia{paused}")

    def presence(online: bool) -> Callable[[dict[str, Any]], bool]:
        return lambda m: m["type"] == "presence" and m["online"] is online

    async def main() -> None:
        watcher = await Player.connect(second.server, token=wes)
        away = await Player.connect(third.server, token=xia)  # in the lobby, at no table
        await asyncio.sleep(2.5)  # every node heard, in a beat, that xia is on the third
        heard = len(watcher.log)
        third.signal(signal.SIGSTOP)
        try:
            told = await watcher.expect(presence(False), 30)
            assert (told["id"], told["name"]) == (away.user, f"xia{paused}")
            await asyncio.sleep(3)  # time for the first node to say it too, if it would
        finally:
            third.signal(signal.SIGCONT)
        back = await watcher.expect(presence(True), 30)
        assert back["id"] == away.user
        said = [m for m in watcher.log[heard:] if m["type"] == "presence"]
        assert [m["online"] for m in said] == [False, True]
        await away.close()
        await watcher.close()

    asyncio.run(main())


def test_a_node_that_lost_a_table_forgets_the_other_nodes_clients_there(
    cluster: Cluster,
) -> None:
    """The owner is paused past its lease: once it wakes and finds its table taken
    over, the stand-ins it kept for the other nodes' players there go (their
    nodes tell the new owner when they leave, never it): it neither counts them
    as its clients nor shows them online to their friends."""
    paused, other = cluster.nodes[0], cluster.nodes[1]
    ada, bea = paused.server.register("ada"), other.server.register("bea")
    _befriend((other.server, bea), (paused.server, ada), "ada")

    async def main() -> None:
        master = await Player.connect(paused.server, token=ada)
        table = await create_table(master, players=3)
        guest = await Player.connect(other.server, token=bea)
        await guest.send({"type": "sit", "table": table})
        first = await guest.expect(lambda m: m["type"] == "table")
        assert scrape(paused.server)["atout_clients_connected"] == 1  # her own socket only
        paused.signal(signal.SIGSTOP)
        try:
            await guest.expect(lambda m: m["type"] == "table" and m["epoch"] != first["epoch"], 30)
        finally:
            paused.signal(signal.SIGCONT)
        await master.expect(lambda m: m["type"] == "table" and m["epoch"] != first["epoch"], 30)
        await guest.close()
        deadline = time.monotonic() + 10
        while _friends(paused.server, ada)[0]["online"] and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        assert _friends(paused.server, ada)[0]["online"] is False
        assert scrape(paused.server)["atout_clients_connected"] == 1
        await master.close()

    asyncio.run(main())
