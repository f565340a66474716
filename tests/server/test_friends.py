"""Friends: requests by name, acceptance, removal, who is online and where, the
live messages of a request and of an invitation, and a private table open to
its master's friends."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from atout.server import friends
from atout.server.throttle import Rate
from tests.server.conftest import (
    Player,
    Server,
    create_table,
    invite_code,
    run_server,
    unthrottled,
)


def call(server: Server, token: str | None, path: str, body: Any = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if body is None:
        return httpx.get(f"{server.http}/api/friends{path}", headers=headers)
    return httpx.post(f"{server.http}/api/friends{path}", json=body, headers=headers)


def listing(server: Server, token: str) -> dict[str, Any]:
    reply = call(server, token, "")
    assert reply.status_code == 200, reply.text
    found: dict[str, Any] = reply.json()
    return found


def refused(reply: httpx.Response, status: int, code: str) -> None:
    assert reply.status_code == status, reply.text
    assert reply.json()["code"] == code


def test_a_request_accepted_makes_friends_and_removal_ends_it(server: Server) -> None:
    ann, ben = server.register("ann"), server.register("ben")
    asked = call(server, ann, "/request", {"name": "BEN"})  # a name in any case
    assert asked.status_code == 200 and asked.json()["friends"] is False
    ben_id = asked.json()["id"]
    assert listing(server, ann) == {
        "friends": [],
        "incoming": [],
        "outgoing": [{"id": ben_id, "name": "ben"}],
        "blocked": [],
    }
    incoming = listing(server, ben)["incoming"]
    assert [p["name"] for p in incoming] == ["ann"]
    ann_id = incoming[0]["id"]
    assert call(server, ben, "/accept", {"id": ann_id}).status_code == 200
    for token, other in ((ann, ("ben", ben_id)), (ben, ("ann", ann_id))):
        mine = listing(server, token)
        assert [(f["name"], f["id"]) for f in mine["friends"]] == [other]
        assert mine["incoming"] == mine["outgoing"] == []
    assert call(server, ann, "/remove", {"id": ben_id}).status_code == 200
    assert listing(server, ann)["friends"] == listing(server, ben)["friends"] == []
    refused(call(server, ann, "/remove", {"id": ben_id}), 404, "not_friends")


def test_declining_and_asking_back_and_every_refusal_changes_nothing(server: Server) -> None:
    ann, ben, cat = server.register("ann"), server.register("ben"), server.register("cat")
    ben_id = call(server, ann, "/request", {"name": "ben"}).json()["id"]
    before = {t: listing(server, t) for t in (ann, ben, cat)}
    refused(call(server, ann, "/request", {"name": "ann"}), 400, "friend_self")
    refused(call(server, ann, "/request", {"name": "nobody"}), 404, "no_such_player")
    refused(call(server, ann, "/request", {"name": "ben"}), 409, "friend_already_requested")
    refused(call(server, cat, "/accept", {"id": ben_id}), 404, "no_friend_request")
    refused(call(server, ann, "/accept", {"id": ben_id}), 404, "no_friend_request")  # her own
    refused(call(server, cat, "/remove", {"id": ben_id}), 404, "not_friends")
    refused(call(server, None, "", None), 401, "sign_in_first")
    refused(call(server, "forged", "/request", {"name": "ben"}), 401, "sign_in_first")
    assert {t: listing(server, t) for t in (ann, ben, cat)} == before
    ann_id = listing(server, ben)["incoming"][0]["id"]
    # Ben declines; then he asks her himself, and she asks back: friends at once.
    assert call(server, ben, "/remove", {"id": ann_id}).status_code == 200
    assert listing(server, ann)["outgoing"] == listing(server, ben)["incoming"] == []
    assert call(server, ben, "/request", {"name": "ann"}).json()["friends"] is False
    assert call(server, ann, "/request", {"name": "ben"}).json()["friends"] is True
    assert [f["name"] for f in listing(server, ben)["friends"]] == ["ann"]
    assert listing(server, ben)["outgoing"] == []
    refused(call(server, ann, "/request", {"name": "ben"}), 409, "already_friends")


def test_guests_have_no_friends(server: Server) -> None:
    async def scenario() -> None:
        guest = await Player.connect(server, name="visitor")
        server.register("ben")
        refused(call(server, guest.token, "", None), 403, "guests_no_friends")
        reply = call(server, guest.token, "/request", {"name": "ben"})
        refused(reply, 403, "guests_no_friends")
        await guest.close()

    asyncio.run(scenario())


def test_requests_are_throttled_per_account(tmp_path: Path) -> None:
    guards = unthrottled()
    guards.friend_requests = Rate(burst=3, per_second=1 / 3600)
    server, stop = run_server(tmp_path, guards=guards)
    try:
        ann = server.register("ann")
        for name in ("ben", "cat", "dan"):
            server.register(name)
        for name in ("ben", "cat", "nobody"):  # a name not found counts too
            call(server, ann, "/request", {"name": name})
        reply = call(server, ann, "/request", {"name": "dan"})
        refused(reply, 429, "too_many_friend_requests")
        assert int(reply.headers["Retry-After"]) > 0
        assert [p["name"] for p in listing(server, ann)["outgoing"]] == ["ben", "cat"]
    finally:
        stop()


def test_requests_waiting_are_bounded_on_each_side(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The requests waiting for an answer are bounded (here at 3, 50 in use)
    for the asker and for the one asked: many askers cannot flood one player.
    Six askers at once leave Ben three requests; the others are told he has
    too many waiting. His answer to one makes room; asking back (Ben asks one
    who asked him) is no new request, and never refused for it."""
    monkeypatch.setattr(friends, "PENDING_LIMIT", 3)
    ben = server.register("ben")
    askers = [server.register(f"asker{n}") for n in range(6)]

    async def ask_at_once() -> list[httpx.Response]:
        return await asyncio.gather(
            *(asyncio.to_thread(call, server, a, "/request", {"name": "ben"}) for a in askers)
        )

    replies = asyncio.run(ask_at_once())
    assert sorted(r.status_code for r in replies) == [200] * 3 + [409] * 3
    for reply in (r for r in replies if r.status_code == 409):
        assert reply.json()["code"] == "friend_requests_full"
        assert reply.json()["params"] == {"name": "ben", "limit": 3}
    incoming = listing(server, ben)["incoming"]
    assert len(incoming) == 3
    assert call(server, ben, "/request", {"name": incoming[0]["name"]}).json()["friends"] is True
    turned_away = [a for a, r in zip(askers, replies, strict=True) if r.status_code == 409]
    assert call(server, turned_away[0], "/request", {"name": "ben"}).status_code == 200
    refused(call(server, turned_away[1], "/request", {"name": "ben"}), 409, "friend_requests_full")
    # The asker's own side: three waiting, a fourth refused.
    cat = server.register("cat")
    for n in range(3, 6):
        assert call(server, cat, "/request", {"name": f"asker{n}"}).status_code == 200
    refused(call(server, cat, "/request", {"name": "asker0"}), 429, "friend_requests_pending")


def befriend(server: Server, one: str, other: str, other_name: str) -> None:
    assert call(server, one, "/request", {"name": other_name}).status_code == 200
    asker = listing(server, other)["incoming"][0]["id"]
    assert call(server, other, "/accept", {"id": asker}).status_code == 200


def test_a_request_and_an_invitation_reach_the_sockets_at_once(server: Server) -> None:
    async def scenario() -> None:
        ann_token, ben_token = server.register("ann"), server.register("ben")
        ann = await Player.connect(server, token=ann_token)
        ben = await Player.connect(server, token=ben_token)
        ben_tab = await Player.connect(server, token=ben_token)  # a second tab
        await asyncio.to_thread(call, server, ann_token, "/request", {"name": "ben"})
        for socket in (ben, ben_tab):
            told = await socket.expect(lambda m: m["type"] == "friend_request", timeout=5)
            assert told["from"] == "ann"
        ann_id = told["id"]
        await asyncio.to_thread(call, server, ben_token, "/accept", {"id": ann_id})
        accepted = await ann.expect(lambda m: m["type"] == "friend_accepted", timeout=5)
        assert accepted["from"] == "ben"
        table = await create_table(ann, private=True, players=3)
        code = invite_code(ann)
        await ann.send({"type": "invite", "table": table, "name": "ben"})
        invitation = await ben.expect(lambda m: m["type"] == "invitation", timeout=5)
        assert invitation == {"type": "invitation", "table": table, "from": "ann", "code": code}
        assert not [m for m in ann.log if m["type"] == "invitation"]
        for player in (ann, ben, ben_tab):
            await player.close()

    asyncio.run(scenario())


def test_online_status_and_only_tables_the_asker_may_enter(server: Server) -> None:
    async def scenario() -> None:
        ann_token, ben_token = server.register("ann"), server.register("ben")
        cat_token, dan_token = server.register("cat"), server.register("dan")
        befriend(server, ann_token, ben_token, "ben")
        befriend(server, ann_token, cat_token, "cat")

        def status() -> dict[str, tuple[bool, str | None]]:
            found = listing(server, ann_token)["friends"]
            return {f["name"]: (f["online"], f["table"]) for f in found}

        assert status() == {"ben": (False, None), "cat": (False, None)}
        ben = await Player.connect(server, token=ben_token)
        public = await create_table(ben, players=3)
        assert await asyncio.to_thread(status) == {"ben": (True, public), "cat": (False, None)}
        # Cat sits at Dan's private table: Ann is no friend of Dan's, nor invited.
        cat = await Player.connect(server, token=cat_token)
        dan = await Player.connect(server, token=dan_token)
        private = await create_table(dan, private=True, players=3)
        await dan.send({"type": "invite", "table": private, "name": "cat"})
        await dan.expect(lambda m: m["type"] == "invited")
        await cat.send({"type": "sit", "table": private})
        await cat.expect(lambda m: m["type"] == "table")
        assert (await asyncio.to_thread(status))["cat"] == (True, None)
        await dan.send({"type": "invite", "table": private, "name": "DAN"})  # himself
        refused = await dan.expect(lambda m: m["type"] in ("invited", "error"))
        assert (refused["type"], refused.get("code")) == ("error", "invite_self")
        await dan.send({"type": "invite", "table": private, "name": "ann"})
        await dan.expect(lambda m: m["type"] == "invited")
        assert (await asyncio.to_thread(status))["cat"] == (True, private)
        await ben.close()
        await asyncio.sleep(0.2)
        assert (await asyncio.to_thread(status))["ben"][0] is False
        for player in (cat, dan):
            await player.close()

    asyncio.run(scenario())


def test_no_table_is_offered_whose_master_has_a_block_with_the_asker(server: Server) -> None:
    """Ann is invited to Dan's private table, where her friend Cat sits: offered,
    until a block between Ann and Dan (either way) would refuse her there."""

    async def scenario() -> None:
        ann_token, cat_token = server.register("ann"), server.register("cat")
        dan_token = server.register("dan")
        befriend(server, ann_token, cat_token, "cat")
        cat = await Player.connect(server, token=cat_token)
        dan = await Player.connect(server, token=dan_token)
        private = await create_table(dan, private=True, players=3)
        for name in ("cat", "ann"):
            await dan.send({"type": "invite", "table": private, "name": name})
            await dan.expect(lambda m: m["type"] == "invited")
        await cat.send({"type": "sit", "table": private})
        await cat.expect(lambda m: m["type"] == "table")

        def cats_table() -> str | None:
            found = listing(server, ann_token)["friends"]
            table: str | None = found[0]["table"]
            return table

        assert await asyncio.to_thread(cats_table) == private
        for blocker, name in ((dan_token, "ann"), (ann_token, "dan")):
            made = await asyncio.to_thread(call, server, blocker, "/block", {"name": name})
            assert made.status_code == 200, made.text
            assert await asyncio.to_thread(cats_table) is None
            lifted = await asyncio.to_thread(
                call, server, blocker, "/unblock", {"id": made.json()["id"]}
            )
            assert lifted.status_code == 200, lifted.text
            assert await asyncio.to_thread(cats_table) == private
        for player in (cat, dan):
            await player.close()

    asyncio.run(scenario())


def test_a_friend_of_the_master_sits_at_a_private_table_without_the_code(
    server: Server,
) -> None:
    async def scenario() -> None:
        ann_token, ben_token = server.register("ann"), server.register("ben")
        befriend(server, ann_token, ben_token, "ben")
        ann = await Player.connect(server, token=ann_token)
        ben = await Player.connect(server, token=ben_token)
        stranger = await Player.connect(server, token=server.register("stranger"))
        guest = await Player.connect(server, name="visitor")
        table = await create_table(ann, private=True, players=3)
        for outsider in (stranger, guest):
            await outsider.send({"type": "sit", "table": table})
            error = await outsider.expect(lambda m: m["type"] in ("error", "table"))
            assert error["type"] == "error" and error["code"] == "table_private"
        await ben.send({"type": "sit", "table": table})
        snapshot = await ben.expect(lambda m: m["type"] in ("error", "table"))
        assert snapshot["type"] == "table" and snapshot["seat"] is not None
        # A friend of a seated player who is not the master is still a stranger.
        sue_token = server.register("sue")
        befriend(server, ben_token, sue_token, "sue")
        sue = await Player.connect(server, token=sue_token)
        await sue.send({"type": "sit", "table": table})
        error = await sue.expect(lambda m: m["type"] in ("error", "table"))
        assert error["type"] == "error" and error["code"] == "table_private"
        for player in (ann, ben, stranger, guest, sue):
            await player.close()

    asyncio.run(scenario())


def test_friends_hear_live_when_a_player_comes_and_goes(server: Server) -> None:
    """Only the first socket opening and the last one closing are news, and only
    to friends."""

    async def scenario() -> None:
        ann_token, ben_token = server.register("ann"), server.register("ben")
        stranger = await Player.connect(server, token=server.register("cat"))
        befriend(server, ann_token, ben_token, "ben")
        ann = await Player.connect(server, token=ann_token)
        ben = await Player.connect(server, token=ben_token)
        came = await ann.expect(lambda m: m["type"] == "presence", timeout=5)
        assert (came["name"], came["online"]) == ("ben", True)
        ben_tab = await Player.connect(server, token=ben_token)
        await ben_tab.close()  # a second tab coming and going: Ben stays online
        await ben.close()
        went = await ann.expect(lambda m: m["type"] == "presence", timeout=5)
        assert (went["id"], went["online"]) == (came["id"], False)
        await asyncio.sleep(0.2)
        assert [m["online"] for m in ann.log if m["type"] == "presence"] == [True, False]
        assert not [m for m in stranger.log if m["type"] == "presence"]
        for player in (ann, stranger):
            await player.close()

    asyncio.run(scenario())


def test_a_declined_request_and_a_removed_friend_are_told(server: Server) -> None:
    async def scenario() -> None:
        ann_token, ben_token = server.register("ann"), server.register("ben")
        ann = await Player.connect(server, token=ann_token)
        await asyncio.to_thread(call, server, ann_token, "/request", {"name": "ben"})
        ann_id = (await asyncio.to_thread(listing, server, ben_token))["incoming"][0]["id"]
        await asyncio.to_thread(call, server, ben_token, "/remove", {"id": ann_id})
        declined = await ann.expect(lambda m: m["type"].startswith("friend_"), timeout=5)
        assert (declined["type"], declined["from"]) == ("friend_declined", "ben")
        await asyncio.to_thread(befriend, server, ann_token, ben_token, "ben")
        await asyncio.to_thread(call, server, ben_token, "/remove", {"id": ann_id})
        removed = await ann.expect(lambda m: m["type"] == "friend_removed", timeout=5)
        assert removed["from"] == "ben"
        await ann.close()

    asyncio.run(scenario())


def test_a_blocked_player_cannot_ask_invite_or_sit_at_the_blockers_private_tables(
    server: Server,
) -> None:
    async def scenario() -> None:
        ann_token, ben_token = server.register("ann"), server.register("ben")
        befriend(server, ann_token, ben_token, "ben")
        ann = await Player.connect(server, token=ann_token)
        ben = await Player.connect(server, token=ben_token)
        private = await create_table(ann, private=True, players=3)
        code = invite_code(ann)
        blocked = await asyncio.to_thread(call, server, ann_token, "/block", {"name": "BEN"})
        assert blocked.status_code == 200 and blocked.json()["name"] == "ben"
        ben_id = blocked.json()["id"]
        mine = await asyncio.to_thread(listing, server, ann_token)
        assert mine["friends"] == [] and mine["blocked"] == [{"id": ben_id, "name": "ben"}]
        assert (await asyncio.to_thread(listing, server, ben_token))["friends"] == []
        for asker, name in ((ben_token, "ann"), (ann_token, "ben")):
            reply = await asyncio.to_thread(call, server, asker, "/request", {"name": name})
            refused(reply, 403, "player_blocked")
        refused(
            await asyncio.to_thread(call, server, ann_token, "/block", {"name": "ben"}),
            409,
            "already_blocked",
        )
        refused(
            await asyncio.to_thread(call, server, ann_token, "/block", {"name": "ann"}),
            400,
            "block_self",
        )
        # Not even the invitation's code seats him, nor lets him watch.
        for message in (
            {"type": "sit", "table": private, "code": code},
            {"type": "spectate", "table": private, "code": code},
        ):
            await ben.send(message)
            error = await ben.expect(lambda m: m["type"] in ("error", "table"))
            assert error["type"] == "error" and error["code"] == "blocked_by_master"
        # Ben cannot invite Ann to his own table, nor Ann him to hers.
        his = await create_table(ben, private=True, players=3)
        for inviter, table, name in ((ben, his, "ann"), (ann, private, "ben")):
            await inviter.send({"type": "invite", "table": table, "name": name})
            error = await inviter.expect(lambda m: m["type"] in ("error", "invited"))
            assert error["type"] == "error" and error["code"] == "player_blocked"
        assert not [m for m in ann.log + ben.log if m["type"] == "invitation"]
        # Lifted, the code seats him again.
        unblocked = await asyncio.to_thread(call, server, ann_token, "/unblock", {"id": ben_id})
        assert unblocked.status_code == 200
        refused(
            await asyncio.to_thread(call, server, ann_token, "/unblock", {"id": ben_id}),
            404,
            "not_blocked",
        )
        await ben.send({"type": "sit", "table": private, "code": code})
        seated = await ben.expect(lambda m: m["type"] in ("error", "table"))
        assert seated["type"] == "table" and seated["seat"] is not None
        for player in (ann, ben):
            await player.close()

    asyncio.run(scenario())


def test_chat_names_its_sender_by_id_so_that_a_blocker_may_hide_it(server: Server) -> None:
    async def scenario() -> None:
        ann = await Player.connect(server, token=server.register("ann"))
        table = await create_table(ann, players=3)
        await ann.send({"type": "chat", "table": table, "text": "hello"})
        chat = await ann.event("table.chat")
        ann_id = httpx.get(f"{server.http}/api/profile/ann").json()["id"]
        assert isinstance(chat["data"].pop("time"), int)  # when it was said
        assert chat["data"] == {"name": "ann", "user": ann_id, "text": "hello"}
        await ann.close()

    asyncio.run(scenario())


def test_friends_hear_live_when_a_player_sits_down_and_leaves(server: Server) -> None:
    """The friends page shows the table a friend sits at: sitting down and
    leaving are news to friends as coming online is."""

    async def scenario() -> None:
        ann_token, ben_token = server.register("ann"), server.register("ben")
        befriend(server, ann_token, ben_token, "ben")
        ann = await Player.connect(server, token=ann_token)
        ben = await Player.connect(server, token=ben_token)
        await ann.expect(lambda m: m["type"] == "presence", timeout=5)  # ben came online

        def ben_table() -> Any:
            listed = call(server, ann_token, "").json()["friends"]
            return next(f["table"] for f in listed if f["name"] == "ben")

        assert await asyncio.to_thread(ben_table) is None
        table = await create_table(ben, players=4)
        sat = await ann.expect(lambda m: m["type"] == "presence", timeout=5)
        assert (sat["name"], sat["online"]) == ("ben", True)
        assert await asyncio.to_thread(ben_table) == table
        await ben.send({"type": "leave", "table": table})
        await ann.expect(lambda m: m["type"] == "presence", timeout=5)
        assert await asyncio.to_thread(ben_table) is None
        for player in (ann, ben):
            await player.close()

    asyncio.run(scenario())
