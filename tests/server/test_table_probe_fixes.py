"""What a table tells of its past and of its end, found by a desktop probe of the
web client: the names of a finished game's players (its seats are freed after
it), a repeated vote told once, a closed table's spectators told, and a player
whose grace time ran out told it was that (not that they left)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.server.conftest import (
    Player,
    Server,
    create_table,
    events_of,
    play_until_over,
    run_server,
)


async def _a_game_of_two(server: Server) -> tuple[Player, Player, str]:
    """Ann's table of three, Bob seated at it, its game started."""
    ann = await Player.connect(server, name="ann")
    bob = await Player.connect(server, name="bob")
    table = await create_table(ann, game="french", players=3, turn_seconds=600)
    await bob.send({"type": "sit", "table": table})
    await bob.expect(lambda m: m["type"] == "table")
    await ann.send({"type": "start", "table": table})
    await ann.event("hand")
    return ann, bob, table


def test_a_game_s_end_names_its_players_though_one_left_it(tmp_path: Path) -> None:
    """The seat of a player who left a game is freed at its end: the page, which
    named the results by the seats as they then were, called him 'robot 2'. The
    end names each seat's player as the game had them."""
    server, stop = run_server(tmp_path)

    async def scenario() -> None:
        ann, bob, table = await _a_game_of_two(server)
        await bob.send({"type": "leave", "table": table})
        await ann.event("table.left")
        over = await play_until_over([ann], table)
        assert over["kind"] == "table.game_over"
        assert over["data"]["names"] == [ann.name, bob.name, None]
        # A newcomer's snapshot after the end names them too, not the seats now.
        cy = await Player.connect(server, name="cy")
        await cy.send({"type": "sit", "table": table, "seat": 1})
        snapshot = await cy.expect(lambda m: m["type"] == "table")
        assert snapshot["table"]["seats"][1]["name"] == cy.name
        assert snapshot["ended"]["names"] == [ann.name, bob.name, None]
        for player in (ann, bob, cy):
            await player.close()

    asyncio.run(scenario())
    stop()


def test_a_vote_given_again_is_counted_and_told_once(tmp_path: Path) -> None:
    """A second 'agree' from the player who proposed the end told the table
    again (a second notice); a 'refuse' with no vote to clear is nothing either."""
    server, stop = run_server(tmp_path)

    async def scenario() -> None:
        ann, bob, table = await _a_game_of_two(server)
        await bob.send({"type": "vote", "table": table, "agree": False})  # nothing to refuse
        await ann.send({"type": "vote", "table": table, "agree": True})
        await ann.send({"type": "vote", "table": table, "agree": True})
        await ann.send({"type": "chat", "table": table, "text": "after"})
        await bob.event("table.chat")
        votes = events_of(bob, "table.vote")
        assert [v["data"]["agree"] for v in votes] == [True], votes
        # bob's agreement still ends the game: ann's vote was counted
        await bob.send({"type": "vote", "table": table, "agree": True})
        await bob.event("table.game_cancelled")
        await ann.close()
        await bob.close()

    asyncio.run(scenario())
    stop()


def test_a_closed_table_tells_its_spectators(tmp_path: Path) -> None:
    """The last player leaving closes the table; its spectator was told nothing and
    its page offered seats at a table that no longer was."""
    server, stop = run_server(tmp_path)

    async def scenario() -> None:
        ann = await Player.connect(server, name="ann")
        eve = await Player.connect(server, name="eve")
        table = await create_table(ann, game="french", players=3, turn_seconds=600)
        await eve.send({"type": "spectate", "table": table})
        await eve.expect(lambda m: m["type"] == "table")
        await ann.send({"type": "leave", "table": table})
        told = await eve.expect(lambda m: m["type"] == "left")
        assert told == {"type": "left", "table": table, "reason": "table_closed"}
        await eve.send({"type": "resume", "table": table, "last_seq": 0})
        refused = await eve.expect(lambda m: m["type"] == "error")
        assert refused["code"] == "no_table"
        await ann.close()
        await eve.close()

    asyncio.run(scenario())
    stop()


def test_a_player_away_past_the_grace_is_told_so_not_that_they_left(tmp_path: Path) -> None:
    """Back after the grace time, a player was told 'you left this game': the
    refusal keeps its code (``seat_left``) and says why (``why: away``); one who
    did leave is told as before."""
    server, stop = run_server(tmp_path, grace_seconds=0.3)

    async def scenario() -> None:
        dora = await Player.connect(server, name="dora")
        token = dora.token
        leo = await Player.connect(server, name="leo")
        friend = await Player.connect(server, name="friend")
        table = await create_table(dora, game="french", players=4, turn_seconds=600)
        for player in (leo, friend):
            await player.send({"type": "sit", "table": table})
            await player.expect(lambda m: m["type"] == "table")
        await dora.send({"type": "start", "table": table})
        await dora.event("hand")
        await leo.send({"type": "leave", "table": table})
        await friend.event("table.left")
        await dora.close()
        await friend.event("table.abandoned")
        dora = await Player.connect(server, token=token)
        await dora.send({"type": "resume", "table": table, "last_seq": 0})
        told = await dora.expect(lambda m: m["type"] == "error")
        assert told["code"] == "seat_left" and told["params"] == {"why": "away"}, told
        await leo.send({"type": "resume", "table": table, "last_seq": 0})
        told = await leo.expect(lambda m: m["type"] == "error")
        assert told["code"] == "seat_left" and told["params"] == {}, told
        for player in (dora, leo, friend):
            await player.close()

    asyncio.run(scenario())
    stop()
