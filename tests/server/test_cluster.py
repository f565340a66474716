"""Several ``atout serve`` processes on one PostgreSQL and one Redis: players
connected to different nodes play one table; the table's owner killed or
paused mid-deal, another node carries the table on from its log, and the
former owner never writes again. The nodes are shared by the module's tests,
in order: the one killing a node comes last."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
from collections.abc import Callable
from typing import Any

import httpx
from sqlalchemy import select

from atout.match import Match
from atout.registry import game_rules
from atout.server.store import ActionRow, GameRow
from tests.server.cluster_nodes import ATOUT, Cluster, Node
from tests.server.conftest import (
    Player,
    Server,
    free_port,
    play_until_over,
    seat_at_new_table,
    turn_in,
)


def stored_game(cluster: Cluster, table: str) -> tuple[GameRow, list[str]]:
    """The table's last game and its log, as the database holds them."""
    store = cluster.store()
    with store.session() as db:
        game = db.scalars(
            select(GameRow).where(GameRow.table_id == table).order_by(GameRow.id.desc())
        ).first()
        assert game is not None
        log = db.scalars(
            select(ActionRow.text).where(ActionRow.game_id == game.id).order_by(ActionRow.index)
        ).all()
    store.close()
    return game, list(log)


def stored_views(game: GameRow, log: list[str]) -> dict[int, list[Any]]:
    """Per seat, its view after each prefix of the stored log (as JSON reads it)."""
    match = Match.new(game_rules(game.game), game.players, game.variant, game.engine_options)
    views = {seat: [_plain(match.view(seat))] for seat in range(game.players)}
    for _ in match.follow(log):
        for seat, seen in views.items():
            seen.append(_plain(match.view(seat)))
    return views


def _plain(view: Any) -> Any:
    return json.loads(json.dumps(view))


def assert_views_are_stored(players: list[tuple[Player, int]], views: dict[int, list[Any]]) -> None:
    """Every view a player received is one its seat had at some point of the
    stored log: nothing anyone saw was lost, doubled or made up."""
    for player, seat in players:
        seen = [m["view"] for m in player.log if m["type"] in ("table", "update")]
        assert seen, player.name
        for view in seen:
            if view is not None:
                assert view in views[seat], (player.name, _nearest(view, views[seat]))


def _nearest(view: dict[str, Any], stored: list[dict[str, Any]]) -> dict[str, Any]:
    """What a view seen differs in from the stored view nearest it (the fewest
    keys apart), for a failure to say what was seen that the log never had."""
    if not stored:
        return view
    apart = min(stored, key=lambda other: sum(view.get(k) != other.get(k) for k in view))
    return {k: (view.get(k), apart.get(k)) for k in view if view.get(k) != apart.get(k)}


async def play_some(players: list[Player], table: str, moves: int, seed: int) -> None:
    """The players answer their turns with random legal actions, ``moves`` in all."""
    rng = random.Random(seed)
    left = moves
    done = asyncio.Event()

    async def play(player: Player) -> None:
        nonlocal left
        while True:
            turn = await player.turn(timeout=30)
            if left <= 0:
                return
            left -= 1
            await player.send({"type": "act", "table": table, "action": rng.choice(turn["legal"])})
            if left <= 0:
                done.set()
                return

    tasks = [asyncio.create_task(play(p)) for p in players]
    await asyncio.wait_for(done.wait(), 60)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def resumed(player: Player) -> dict[str, Any]:
    """The snapshot a player at a table taken over gets from its new owner (left
    in its inbox too, for the turn it may give)."""
    snapshot = await player.expect(lambda m: m["type"] == "table" and m["view"] is not None, 15)
    player.inbox.put_nowait(snapshot)
    return snapshot


def test_a_redis_that_does_not_answer_is_told_in_one_line(
    new_database: Callable[[], str],
) -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    command = [str(ATOUT), "serve", "--redis-url", url, "--database-url", new_database()]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert done.stderr.startswith(f"atout serve: Redis at {url} cannot be reached")
    assert "Traceback" not in done.stderr


def test_players_on_three_nodes_play_one_table_and_see_one_lobby(cluster: Cluster) -> None:
    async def main() -> None:
        watcher = await Player.connect(cluster.nodes[2].server, name="watcher")
        await watcher.send({"type": "lobby", "subscribe": True})
        await watcher.expect(lambda m: m["type"] == "lobby")
        players = [
            await Player.connect(node.server, name=f"p{n}") for n, node in enumerate(cluster.nodes)
        ]
        table = await seat_at_new_table(players, players=3)
        names = [p.name for p in players]
        seated = await watcher.expect(
            lambda m: (
                m["type"] == "lobby_update"
                and [s and s["name"] for s in m["table"]["seats"]] == names
            )
        )
        assert seated["table"]["id"] == table
        for node in cluster.nodes:  # every node lists the table, as it stands
            looker = await Player.connect(node.server, name="looker")
            await looker.send({"type": "lobby", "subscribe": False})
            listed = (await looker.expect(lambda m: m["type"] == "lobby"))["tables"]
            assert [[s["name"] for s in t["seats"]] for t in listed if t["id"] == table] == [names]
            await looker.close()
        await players[1].send({"type": "chat", "table": table, "text": "bonjour"})
        chat = await players[2].event("table.chat")
        said = dict(chat["data"])
        assert isinstance(said.pop("time"), int)  # when it was said
        assert said == {"name": players[1].name, "text": "bonjour", "user": None}
        # A page drawn anew on another node than the owner's is given the chat too.
        await players[2].send({"type": "resume", "table": table, "last_seq": 0})
        again = await players[2].expect(lambda m: m["type"] == "table")
        assert again["chat"] == [chat["data"]]
        await players[0].send({"type": "start", "table": table})
        over = await play_until_over(players, table, seed=1)
        assert over["kind"] == "table.game_over"
        game, log = stored_game(cluster, table)
        assert game.status == "over"
        assert_views_are_stored([(p, n) for n, p in enumerate(players)], stored_views(game, log))
        for player in [*players, watcher]:
            await player.close()

    asyncio.run(main())


def test_friends_hear_of_each_other_across_nodes(cluster: Cluster) -> None:
    first, second, third = (node.server for node in cluster.nodes)
    ana, bruno = first.register("ana"), second.register("bruno")

    def post(server: Server, path: str, token: str, body: dict[str, Any]) -> None:
        headers = {"Authorization": f"Bearer {token}"}
        httpx.post(f"{server.http}{path}", json=body, headers=headers).raise_for_status()

    async def main() -> None:
        at_table = await Player.connect(third, token=ana)  # ana's socket is on the third node
        post(second, "/api/friends/request", bruno, {"name": "ana"})
        asked = await at_table.expect(lambda m: m["type"] == "friend_request")
        assert asked["from"] == "bruno"
        post(first, "/api/friends/accept", ana, {"id": asked["id"]})
        table = await seat_at_new_table([at_table], players=3)
        headers = {"Authorization": f"Bearer {bruno}"}
        for _ in range(100):  # the nodes tell each other who is where every 2 s
            listing = httpx.get(f"{first.http}/api/friends", headers=headers).json()
            if listing["friends"][0]["table"] is not None:
                break
            await asyncio.sleep(0.1)
        assert listing["friends"] == [
            {"id": listing["friends"][0]["id"], "name": "ana", "online": True, "table": table}
        ]
        await at_table.close()

    asyncio.run(main())


def test_a_paused_owner_cannot_write_after_its_lease_is_taken(cluster: Cluster) -> None:
    async def main() -> None:
        creator = await Player.connect(cluster.nodes[0].server, name="owner")
        players = [await Player.connect(cluster.nodes[1 + n % 2].server) for n in range(3)]
        table = await seat_at_new_table(
            [creator, *players], players=4, turn_seconds=120.0
        )  # node 0 owns it; its creator plays there, the others through nodes 1 and 2
        await creator.send({"type": "start", "table": table})
        everyone = [creator, *players]
        turns = [asyncio.create_task(p.turn()) for p in everyone]
        first, _ = await asyncio.wait(turns, return_when=asyncio.FIRST_COMPLETED)
        mover = everyone[turns.index(first.pop())]
        for task in turns:
            task.cancel()
        if mover is creator:  # the next seat bids, at another node
            await creator.send({"type": "act", "table": table, "action": "bid:pass"})
            mover = players[0]
            await mover.turn()
        legal = turn_in(mover.log[-1])
        assert legal is not None and len(legal["legal"]) > 1  # a bid: several choices
        stale, fresh = legal["legal"][0], legal["legal"][1]
        cluster.nodes[0].signal(signal.SIGSTOP)
        await mover.send({"type": "act", "table": table, "action": stale})  # reaches node 0 only
        snapshot = await resumed(mover)  # another node took the table over
        assert turn_in(snapshot) is not None  # the bid sent to the paused owner was not stored
        _, log = stored_game(cluster, table)
        await asyncio.sleep(4)  # paused past a silent link's 5 s: it keeps its link, bid waiting
        cluster.nodes[0].signal(signal.SIGCONT)  # the former owner wakes up with the bid to store
        # it learns it lost the table from its refused write, or from the takeover's
        # message read after the bid: its own player goes on at the new owner
        await resumed(creator)
        assert stored_game(cluster, table)[1] == log
        await mover.send({"type": "act", "table": table, "action": fresh})
        await mover.expect(lambda m: m["type"] == "update")
        assert stored_game(cluster, table)[1] == [*log, fresh]
        told = await creator.expect(lambda m: m["type"] == "update")
        assert told["events"][0]["data"]["seat"] == players.index(mover) + 1
        for player in [creator, *players]:
            await player.close()

    asyncio.run(main())


async def started_across(seats: list[tuple[Node, str]]) -> tuple[list[Player], str]:
    """A game started at a table of the first node, each seat's player (named)
    connected to its node: the players in seat order, and the table."""
    players = [await Player.connect(node.server, name=name) for node, name in seats]
    table = await seat_at_new_table(players, players=len(players), turn_seconds=600.0)
    await players[0].send({"type": "start", "table": table})
    for player in players:
        await player.expect(lambda m: m["type"] == "update" and m["view"] is not None)
    return players, table


def test_a_paused_node_s_client_does_not_take_back_a_seat_resumed_elsewhere(
    cluster: Cluster,
) -> None:
    """Pia plays through the second node, which is paused past the owner's
    patience: the owner lets her go, and she resumes from another node. When
    the paused node wakes, the owner hears of her old socket again; her seat is
    held by the socket she resumed from, which keeps it, and the old one, which
    never sat or resumed since, is told ``elsewhere`` and nothing more."""
    first, paused, owner = cluster.nodes

    async def main() -> None:
        (master, pia, third), table = await started_across(
            [(owner, "pm"), (paused, "pia"), (first, "pt")]
        )
        paused.signal(signal.SIGSTOP)
        try:
            gone = await master.event("table.disconnected", timeout=20)  # the owner let her go
            assert gone["data"]["seat"] == 1
            back = await Player.connect(first.server, token=pia.token)
            await back.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
            await back.expect(lambda m: m["type"] == "table")
            assert (await master.event("table.returned"))["data"]["seat"] == 1
            woke = len(pia.log)
        finally:
            paused.signal(signal.SIGCONT)
        told = await pia.expect(lambda m: m["type"] in ("table", "error"))
        assert (told["type"], told.get("code"), told.get("table")) == ("error", "elsewhere", table)
        await back.send({"type": "chat", "table": table, "text": "still here"})
        assert (await master.event("table.chat"))["data"]["text"] == "still here"
        await pia.send({"type": "chat", "table": table, "text": "stale"})
        refused = await pia.expect(lambda m: m["type"] == "error")
        assert refused["code"] == "elsewhere"
        over = await play_until_over([master, back, third], table, seed=5)
        assert over["kind"] == "table.game_over"  # her turns came to the socket she uses
        assert not [m for m in pia.log[woke:] if m["type"] in ("table", "update", "event")]
        game, log = stored_game(cluster, table)
        assert_views_are_stored([(master, 0), (back, 1), (third, 2)], stored_views(game, log))
        for player in [master, pia, back, third]:
            await player.close()

    asyncio.run(main())


def test_a_paused_owner_s_client_does_not_take_back_a_seat_resumed_elsewhere(
    cluster: Cluster,
) -> None:
    """Pia plays at the node that owns her table, which is paused past its lease:
    another node takes the table over, and she resumes from there, as the protocol
    advises. When the former owner wakes, it sends its clients at the table to the
    new owner: her old socket, which never sat or resumed since, is told
    ``elsewhere``, and the one she plays from keeps the seat. (It was the other way
    round: the seat went to the dead socket and a robot played it, the live one
    told ``elsewhere``: an outside fault probe, three times out of three.)"""
    owner, first, second = cluster.nodes

    async def main() -> None:
        (pia, po, pt), table = await started_across([(owner, "pia"), (first, "po"), (second, "pt")])
        owner.signal(signal.SIGSTOP)
        try:
            await resumed(po)  # another node took the table over
            back = await Player.connect(first.server, token=pia.token)
            await back.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
            await back.expect(lambda m: m["type"] == "table")
            woke = len(back.log)
        finally:
            owner.signal(signal.SIGCONT)
        told = await pia.expect(lambda m: m["type"] in ("table", "error"), timeout=20)
        assert (told["type"], told.get("code"), told.get("table")) == ("error", "elsewhere", table)
        await back.send({"type": "chat", "table": table, "text": "still here"})
        assert (await po.event("table.chat"))["data"]["text"] == "still here"
        assert not [m for m in back.log[woke:] if m.get("code") == "elsewhere"]
        for player in (back, po, pt):  # the turns skipped above given again
            await player.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
            snapshot = await player.expect(lambda m: m["type"] == "table")
            player.inbox.put_nowait(snapshot)
        seat = snapshot["table"]["seats"][0]
        assert seat["name"] == back.name and not seat["robot"], seat
        over = await play_until_over([back, po, pt], table, seed=5)
        assert over["kind"] == "table.game_over"  # her turns came to the socket she uses
        for player in (pia, back, po, pt):
            await player.close()

    asyncio.run(main())


def test_a_killed_owner_s_table_goes_on_at_another_node(cluster: Cluster) -> None:
    async def main() -> None:
        players = [
            await Player.connect(node.server, name=f"k{n}") for n, node in enumerate(cluster.nodes)
        ]
        table = await seat_at_new_table(players, players=3)  # owned by node 0, its creator's
        await players[0].send({"type": "start", "table": table})
        await play_some(players, table, 12, seed=2)
        before = len(stored_game(cluster, table)[1])
        cluster.nodes[0].signal(signal.SIGKILL)
        await asyncio.gather(*(resumed(p) for p in players[1:]))
        back = await Player.connect(cluster.nodes[1].server, token=players[0].token)
        await back.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
        await resumed(back)
        over = await play_until_over([back, *players[1:]], table, seed=3)
        assert over["kind"] == "table.game_over"
        game, log = stored_game(cluster, table)
        assert game.status == "over" and len(log) > before
        seats = [(players[0], 0), (back, 0), (players[1], 1), (players[2], 2)]
        assert_views_are_stored(seats, stored_views(game, log))
        for player in [back, *players]:
            await player.close()

    asyncio.run(main())
