"""A block keeps two players apart at either's private tables (docs/protocol.md,
`POST /api/friends/block`): one already there when it is made goes, a spectator
at once and a player between games, told why; a game under way is played out
by its players, the one sent away going at its end. A block between two
players at a third's table changes nothing there."""

from __future__ import annotations

import asyncio
from typing import Any

from atout.server import friends
from tests.server.conftest import (
    Player,
    Server,
    create_table,
    events_of,
    invite_code,
    play_until_over,
)
from tests.server.test_friends import call


async def block(server: Server, token: str, name: str) -> None:
    reply = await asyncio.to_thread(call, server, token, "/block", {"name": name})
    assert reply.status_code == 200, reply.text


async def connect(server: Server, *names: str) -> list[Player]:
    return [await Player.connect(server, token=server.register(name)) for name in names]


async def answer(player: Player, *types: str) -> dict[str, Any]:
    """The next error or message of one of ``types``."""
    return await player.expect(lambda m: m["type"] in ("error", *types))


async def refused(player: Player, message: dict[str, Any], code: str) -> None:
    await player.send(message)
    error = await answer(player, "table")
    assert (error["type"], error.get("code")) == ("error", code), error


async def sent_away(player: Player, table: str) -> dict[str, Any]:
    return await player.expect(lambda m: m["type"] == "left" and m["table"] == table)


async def chat_heard(speaker: Player, table: str, text: str, *others: Player) -> None:
    """``speaker`` says ``text``; it and ``others`` hear it."""
    await speaker.send({"type": "chat", "table": table, "text": text})
    for player in (speaker, *others):
        await player.expect(
            lambda m: (
                m["type"] == "event" and m["kind"] == "table.chat" and m["data"]["text"] == text
            )
        )


async def blocked_in_a_game(server: Server, rounds: int) -> tuple[Player, Player, str]:
    """Ann's private table, Ben seated with its code; their game starts, then Ann
    blocks Ben: (Ann, Ben, the table)."""
    ann, ben = await connect(server, "ann", "ben")
    table = await create_table(ann, private=True, players=3, rounds=rounds)
    await ben.send({"type": "sit", "table": table, "code": invite_code(ann)})
    await answer(ben, "table")
    await ann.send({"type": "start", "table": table})
    await ben.event("table.game_started")
    await block(server, ann.token or "", "ben")
    return ann, ben, table


async def close(*players: Player) -> None:
    for player in players:
        await player.close()


def test_a_blocked_spectator_is_sent_away_at_once_and_hears_no_more(server: Server) -> None:
    async def scenario() -> None:
        ann, ben, cat = await connect(server, "ann", "ben", "cat")
        table = await create_table(ann, private=True, players=3)
        code = invite_code(ann)
        for watcher in (ben, cat):
            await watcher.send({"type": "spectate", "table": table, "code": code})
            assert (await answer(watcher, "table"))["type"] == "table"
        await chat_heard(ann, table, "before", ben, cat)
        await block(server, ann.token or "", "ben")
        gone = await sent_away(ben, table)
        assert gone == {"type": "left", "table": table, "reason": "blocked_by_master"}
        await ann.expect(lambda m: m["type"] == "table_info" and m["table"]["spectators"] == 1)
        await chat_heard(ann, table, "after", cat)  # Cat still watches
        await asyncio.sleep(0.3)
        assert not [e for e in events_of(ben, "table.chat") if e["data"]["text"] == "after"]
        # Nor does a resume, the code or a watch link let him back.
        await refused(ben, {"type": "resume", "table": table, "last_seq": 0}, "blocked_by_master")
        await refused(ben, {"type": "spectate", "table": table, "code": code}, "blocked_by_master")
        await close(ann, ben, cat)

    asyncio.run(scenario())


def test_a_blocked_player_seated_between_games_loses_the_seat_at_once(server: Server) -> None:
    async def scenario() -> None:
        ann, ben = await connect(server, "ann", "ben")
        table = await create_table(ann, private=True, players=3)
        await ben.send({"type": "sit", "table": table, "code": invite_code(ann)})
        assert (await answer(ben, "table"))["seat"] == 1
        await block(server, ann.token or "", "ben")
        assert (await sent_away(ben, table))["reason"] == "blocked_by_master"
        info = await ann.expect(
            lambda m: m["type"] == "table_info" and m["table"]["seats"][1] is None
        )
        assert info["table"]["seats"][0]["name"] == "ann"
        left = await ann.event("table.left")
        assert left["data"] == {"seat": 1, "name": "ben", "abandoned": False}
        await refused(ben, {"type": "resume", "table": table, "last_seq": 0}, "blocked_by_master")
        await refused(
            ben, {"type": "sit", "table": table, "code": invite_code(ann)}, "blocked_by_master"
        )
        await close(ann, ben)

    asyncio.run(scenario())


def test_a_blocked_player_plays_the_game_out_then_goes(server: Server) -> None:
    """Seated when the game started, Ben keeps his seat to its end, even coming
    back after a lost connection: a block hands nobody's seat, bet and rating to
    a robot. Once the game is over he is sent away, told why."""

    async def scenario() -> None:
        ann, ben, table = await blocked_in_a_game(server, rounds=1)
        await chat_heard(ann, table, "still here?", ben)  # told after the block: not sent away
        await ben.close()
        ben = await Player.connect(server, token=ben.token)
        await ben.send({"type": "resume", "table": table, "last_seq": 0})
        back = await answer(ben, "table", "update")
        assert back["type"] == "table" and back["seat"] == 1, back
        assert not [m for m in ben.log if m["type"] == "left"]
        over = await play_until_over([ann, ben], table)
        assert over["kind"] == "table.game_over"
        assert (await sent_away(ben, table))["reason"] == "blocked_by_master"
        left = await ann.event("table.left")
        assert left["data"]["name"] == "ben"
        await refused(ben, {"type": "resume", "table": table, "last_seq": 0}, "blocked_by_master")
        await close(ann, ben)

    asyncio.run(scenario())


def test_a_blocked_player_who_leaves_the_game_may_not_watch_it(server: Server) -> None:
    async def scenario() -> None:
        ann, ben, table = await blocked_in_a_game(server, rounds=3)
        await ben.send({"type": "leave", "table": table})
        await sent_away(ben, table)
        await refused(ben, {"type": "spectate", "table": table}, "blocked_by_master")
        await refused(ben, {"type": "resume", "table": table, "last_seq": 0}, "blocked_by_master")
        await close(ann, ben)

    asyncio.run(scenario())


def test_the_blocker_leaves_and_may_not_enter_the_blocked_masters_table(server: Server) -> None:
    """The other way round: Ann, at Ben's private table, blocks him; she is sent
    away (told that she blocked its master), and his code no longer lets her in."""

    async def scenario() -> None:
        ann, ben = await connect(server, "ann", "ben")
        table = await create_table(ben, private=True, players=3)
        code = invite_code(ben)
        await ann.send({"type": "sit", "table": table, "code": code})
        await answer(ann, "table")
        await block(server, ann.token or "", "ben")
        assert (await sent_away(ann, table))["reason"] == "master_blocked"
        assert (await ben.event("table.left"))["data"]["name"] == "ann"
        await refused(ann, {"type": "sit", "table": table, "code": code}, "master_blocked")
        await refused(ann, {"type": "spectate", "table": table, "code": code}, "master_blocked")
        await close(ann, ben)

    asyncio.run(scenario())


def test_a_block_between_two_players_at_a_third_players_table_changes_nothing(
    server: Server,
) -> None:
    async def scenario() -> None:
        ann, ben, cat = await connect(server, "ann", "ben", "cat")
        table = await create_table(cat, private=True, players=3)
        for player in (ann, ben):
            await player.send({"type": "sit", "table": table, "code": invite_code(cat)})
            await answer(player, "table")
        await block(server, ann.token or "", "ben")
        await chat_heard(cat, table, "still three", ann, ben)
        await cat.send({"type": "start", "table": table})
        for player in (ann, ben):
            await player.event("table.game_started")
        assert not [m for m in ann.log + ben.log if m["type"] == "left"]
        await close(ann, ben, cat)

    asyncio.run(scenario())


def test_the_new_masters_blocks_keep_their_table(server: Server) -> None:
    """Ann leaves her table between games: Cat, its new master, blocked Ben, who
    came with Ann's code; he is sent away."""

    async def scenario() -> None:
        ann, ben, cat = await connect(server, "ann", "ben", "cat")
        await block(server, cat.token or "", "ben")
        table = await create_table(ann, private=True, players=3)
        for player in (cat, ben):
            await player.send({"type": "sit", "table": table, "code": invite_code(ann)})
            await answer(player, "table")
        await ann.send({"type": "leave", "table": table})
        assert (await cat.event("table.master"))["data"]["name"] == "cat"
        assert (await sent_away(ben, table))["reason"] == "blocked_by_master"
        await close(ann, ben, cat)

    asyncio.run(scenario())


def test_a_block_the_table_was_not_told_of_turns_the_player_away_when_next_heard(
    server: Server,
) -> None:
    """A block made where the table is not (in a cluster, by a node that does not
    own it; here written straight to the store) still holds: the blocked
    spectator is turned away at his next resume, the blocked player's seat is
    freed when the master starts the next game."""

    async def scenario() -> None:
        ann, ben, cat = await connect(server, "ann", "ben", "cat")
        table = await create_table(ann, private=True, players=3)
        await ben.send({"type": "spectate", "table": table, "code": invite_code(ann)})
        await answer(ben, "table")
        await cat.send({"type": "sit", "table": table, "code": invite_code(ann)})
        await answer(cat, "table")
        store, ann_id = server.app.state.hub.store, ann.user
        assert ann_id is not None
        for name in ("ben", "cat"):
            await asyncio.to_thread(friends.block, store, ann_id, name)
        await refused(ben, {"type": "resume", "table": table, "last_seq": 0}, "blocked_by_master")
        await ann.send({"type": "start", "table": table})
        assert (await sent_away(cat, table))["reason"] == "blocked_by_master"
        await ann.event("table.game_started")
        snapshot = await ann.expect(lambda m: m["type"] == "table")
        assert [s and s["name"] for s in snapshot["table"]["seats"]] == ["ann", None, None]
        await close(ann, ben, cat)

    asyncio.run(scenario())
