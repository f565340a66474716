"""Invitations by name cannot flood anyone (docs/protocol.md, `invite`): one
invitation to a table at a time per invited player, and a per-sender allowance
(per account, a guest's per address), whatever the names are."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from atout.server.table_seats import INVITATION_SECONDS
from atout.server.throttle import Guards, Rate
from tests.server.conftest import Player, Server, create_table, invite_code, run_server, unthrottled
from tests.server.test_blocks import block, connect


async def invite(player: Player, table: str, name: str) -> dict[str, Any]:
    """The answer to an invitation: ``invited`` or an error."""
    await player.send({"type": "invite", "table": table, "name": name})
    return await player.expect(lambda m: m["type"] in ("invited", "error"))


def outcome(answer: dict[str, Any]) -> str:
    """``invited``, or the refusal's code."""
    return str(answer["code"] if answer["type"] == "error" else answer["type"])


def invitations(player: Player) -> list[dict[str, Any]]:
    return [m for m in player.log if m["type"] == "invitation"]


def test_a_hundred_invitations_reach_the_invited_player_once(tmp_path: Path) -> None:
    """The probe's flood: 100 invitations of Ben from one seat, at the real
    allowance. The first reaches both his sockets; the next 99 are refused, each
    saying when he may be invited there again, and take nothing of Ann's
    allowance. Cat, seated at the same table, may not invite him again either;
    Ann's other table may."""
    guards = unthrottled()
    guards.invitations = Guards().invitations
    server, stop = run_server(tmp_path, guards=guards)

    async def scenario() -> None:
        ann, ben, cat = await connect(server, "ann", "ben", "cat")
        ben_tab = await Player.connect(server, token=ben.token)
        table = await create_table(ann, private=True, players=3)
        await cat.send({"type": "sit", "table": table, "code": invite_code(ann)})
        await cat.expect(lambda m: m["type"] == "table")
        for _ in range(100):
            await ann.send({"type": "invite", "table": table, "name": "ben"})
        answers = [
            await ann.expect(lambda m: m["type"] in ("invited", "error")) for _ in range(100)
        ]
        assert answers[0]["type"] == "invited"
        assert {outcome(a) for a in answers[1:]} == {"invitation_pending"}
        seconds = [a["params"]["seconds"] for a in answers[1:]]
        assert all(0 < s <= INVITATION_SECONDS for s in seconds)
        assert answers[1]["params"]["name"] == "ben"
        assert outcome(await invite(cat, table, "BEN")) == "invitation_pending"  # any spelling
        other = await create_table(ann, private=True, players=3)
        assert (await invite(ann, other, "ben"))["type"] == "invited"
        for socket in (ben, ben_tab):
            await socket.expect(lambda m: m["type"] == "invitation" and m["table"] == other)
        await asyncio.sleep(0.3)
        for socket in (ben, ben_tab):
            assert [m["table"] for m in invitations(socket)] == [table, other]
        for player in (ann, ben, ben_tab, cat):
            await player.close()

    try:
        asyncio.run(scenario())
    finally:
        stop()


def test_each_sender_has_an_allowance_of_invitations(tmp_path: Path) -> None:
    """Three invitations at once, then one an hour (here): names not found count
    too (no probing names); Ann's fourth is refused saying how long to wait,
    Cat's own allowance is untouched. Guests are counted by address: a new guest
    from the same address gets none, one from another address its own."""
    guards = unthrottled()
    guards.invitations = Rate(burst=3, per_second=1 / 3600)
    server, stop = run_server(tmp_path, guards=guards)

    async def scenario() -> None:
        ann, cat, _ben, _dan = await connect(server, "ann", "cat", "ben", "dan")
        table = await create_table(ann, private=True, players=3)
        await cat.send({"type": "sit", "table": table, "code": invite_code(ann)})
        await cat.expect(lambda m: m["type"] == "table")
        answers = [await invite(ann, table, name) for name in ("ben", "nobody1", "nobody2")]
        assert [outcome(a) for a in answers] == [
            "invited",
            "no_such_name",
            "no_such_name",
        ]
        refused = await invite(ann, table, "dan")
        assert outcome(refused) == "too_many_invitations"
        assert 3000 < refused["params"]["seconds"] <= 3600
        assert (await invite(cat, table, "dan"))["type"] == "invited"
        guests = [await Player.connect(server, name=f"g{n}", ip="10.1.2.3") for n in range(2)]
        tables = [await create_table(guest, players=3) for guest in guests]
        for name in ("nobody1", "nobody2", "nobody3"):
            assert outcome(await invite(guests[0], tables[0], name)) == "no_such_name"
        assert outcome(await invite(guests[1], tables[1], "ben")) == "too_many_invitations"
        elsewhere = await Player.connect(server, name="g2", ip="10.9.9.9")
        table = await create_table(elsewhere, players=3)
        assert (await invite(elsewhere, table, "ben"))["type"] == "invited"
        for player in (ann, cat, *guests, elsewhere):
            await player.close()

    try:
        asyncio.run(scenario())
    finally:
        stop()


def test_an_invitation_to_someone_a_block_keeps_from_the_master_is_sent_nobody(
    server: Server,
) -> None:
    """Ann blocked Dan. Cat, seated at Ann's private table, invites him: Cat is
    answered as for anyone (nothing tells Cat of a block between others) and Dan
    is told nothing, as he may not come in; Ben, invited the same way, is told."""

    async def scenario() -> None:
        ann, ben, cat, dan = await connect(server, "ann", "ben", "cat", "dan")
        await block(server, ann.token or "", "dan")
        table = await create_table(ann, private=True, players=3)
        await cat.send({"type": "sit", "table": table, "code": invite_code(ann)})
        await cat.expect(lambda m: m["type"] == "table")
        for name in ("dan", "ben"):
            answer = await invite(cat, table, name)
            assert answer["type"] == "invited" and answer["name"] == name
        await ben.expect(lambda m: m["type"] == "invitation")
        await asyncio.sleep(0.3)
        assert invitations(dan) == []
        await dan.send({"type": "sit", "table": table})
        refused = await dan.expect(lambda m: m["type"] in ("error", "table"))
        assert refused["code"] == "blocked_by_master"
        for player in (ann, ben, cat, dan):
            await player.close()

    asyncio.run(scenario())
