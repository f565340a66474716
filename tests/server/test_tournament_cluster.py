"""Online tournaments on several ``atout serve`` processes (one PostgreSQL, one
Redis): followers on any node hear every change, whichever node made it; the
tables a dead node wrote but never opened are opened by another; a table whose
owner is killed mid-game goes on at another node dealing the tournament's boards,
and the positions follow each other there. The nodes are shared by the module's
tests, in order: the one killing a node comes last."""

from __future__ import annotations

import asyncio
import signal
import time
from typing import Any

from sqlalchemy import insert, select, update

from atout.french.actions import DealCards
from atout.registry import game_rules
from atout.server.store import ActionRow, GameRow, TableLeaseRow, TableRow, TournamentRow
from atout.tournament.state import from_json
from tests.server.cluster_nodes import Cluster
from tests.server.conftest import Player, play_until_over
from tests.server.test_cluster import play_some, resumed
from tests.server.test_tournament_live import pushed, seat_of
from tests.server.test_tournaments import call, changed, garde


def games_of(cluster: Cluster, table: str) -> list[list[str]]:
    """The logs of the games played at ``table``, as the database holds them."""
    store = cluster.store()
    with store.session() as db:
        games = db.scalars(
            select(GameRow.id).where(GameRow.table_id == table).order_by(GameRow.id)
        ).all()
        logs = [
            list(
                db.scalars(
                    select(ActionRow.text)
                    .where(ActionRow.game_id == game)
                    .order_by(ActionRow.index)
                ).all()
            )
            for game in games
        ]
    store.close()
    return logs


def dealt(log: list[str]) -> list[tuple[frozenset[int], int] | str]:
    """The deals of a game's log: its hands (whoever holds them) and its dog, or the
    text of a deal that is not explicit cards (a seed: not a board)."""
    rules = game_rules("french")
    deals = [rules.parse_action(text) for text in log if text.startswith("deal:")]
    return [(frozenset(d.hands), d.dog) if isinstance(d, DealCards) else str(d) for d in deals]


def boards_of(cluster: Cluster, number: int) -> dict[str, list[tuple[frozenset[int], int] | str]]:
    """Per server table of the tournament, the boards its movement gives it, in order."""
    store = cluster.store()
    with store.session() as db:
        row = db.get(TournamentRow, number)
        assert row is not None
        state, tables = row.state, dict(row.tables)
    store.close()
    tournament = from_json(state)
    return {
        table_id: [
            (frozenset(tournament.board(b).hands), tournament.board(b).dog)
            for b in tournament.movement.at(position, table).boards
        ]
        for table_id, (position, table) in tables.items()
    }


def test_a_follower_on_one_node_hears_what_another_node_changed(cluster: Cluster) -> None:
    first, second, third = (node.server for node in cluster.nodes)
    ann, ben = first.register("ann"), third.register("ben")
    number = call(first, ann, "", {"name": "Club", "tables": 5}).json()["id"]

    async def main() -> None:
        follower = await Player.connect(second)
        try:
            await follower.send({"type": "tournament", "tournament": number})
            view = await pushed(follower, lambda v: True)
            assert view["results"] == [] and view["places"][0] is None
            entry = {"table": 2, "board": 1, "deal": garde(47)}
            assert call(first, ann, f"/{number}/results", entry).status_code == 200
            view = await pushed(follower, lambda v: len(v["results"]) == 1)
            result = view["results"][0]
            assert (result["table"], result["board"], result["contract"]) == (2, 1, "garde")
            assert call(third, ben, f"/{number}/places", {"player": 3}).status_code == 200
            view = await pushed(follower, lambda v: v["places"][2] is not None)
            assert view["places"][2]["name"] == "ben"
        finally:
            await follower.close()

    asyncio.run(main())


def test_the_tables_a_dead_node_wrote_but_never_opened_are_opened(cluster: Cluster) -> None:
    first, second, _ = (node.server for node in cluster.nodes)
    ann = first.register("ann2")
    made = call(first, ann, "", {"name": "Orphans", "tables": 2, "per_position": 1})
    number = made.json()["id"]
    # a node wrote the first position's tables, claimed one, and died before opening them
    store = cluster.store()
    with store.session.begin() as db:
        db.execute(
            update(TournamentRow)
            .where(TournamentRow.id == number)
            .values(tables={"deadxtable1": [0, 0], "deadxtable2": [0, 1]}, version=2)
        )
        gone = {"owner": "gone", "token": 1, "renewed": time.time() - 60}
        db.execute(insert(TableLeaseRow).values(table_id="deadxtable1", **gone))
    store.close()

    async def main() -> dict[str, Any]:
        follower = await Player.connect(second)
        try:
            await follower.send({"type": "tournament", "tournament": number})
            # no one holds a place: robots play both positions, opened by themselves
            return await pushed(follower, lambda v: v["over"])
        finally:
            await follower.close()

    view = asyncio.run(main())
    assert len(view["results"]) == 4 and {r["position"] for r in view["results"]} == {1, 2}
    boards = boards_of(cluster, number)
    assert len(boards) == 4  # two tables a position: none opened twice
    for table_id, expected in boards.items():
        assert [dealt(log) for log in games_of(cluster, table_id)] == [expected], table_id
    store = cluster.store()
    with store.session() as db:
        opened = set(db.scalars(select(TableRow.id).where(TableRow.id.in_(boards))))
    store.close()
    assert opened == set(boards)


def test_a_replacement_made_at_one_node_reaches_the_table_at_another(cluster: Cluster) -> None:
    first, second, third = (node.server for node in cluster.nodes)
    ann, ben = first.register("ann4"), second.register("ben4")
    made = call(first, ann, "", {"name": "Replaced", "tables": 1, "per_position": 1})
    number = made.json()["id"]
    call(second, ben, f"/{number}/places", {"player": 1})
    opened = changed(first, ann, f"/{number}/online", {"position": 1})  # node 0 owns it
    table, seat = seat_of(opened, 1, 1)

    async def main() -> None:
        player = await Player.connect(second, ben)
        try:
            await player.send({"type": "sit", "table": table})
            await player.expect(lambda m: m["type"] == "table" and m["seat"] == seat)
            freed = call(third, ann, f"/{number}/seating", {"action": "free", "player": 1})
            assert freed.status_code == 200, freed.text
            told = await player.expect(lambda m: m["type"] == "error")
            assert told["code"] == "tournament_replaced"
        finally:
            await player.close()

    asyncio.run(main())


def test_a_tournament_table_whose_owner_is_killed_goes_on_with_its_boards(
    cluster: Cluster,
) -> None:
    first, second, third = (node.server for node in cluster.nodes)
    ann, ben = first.register("ann3"), second.register("ben3")
    made = call(first, ann, "", {"name": "Killed", "tables": 2, "per_position": 2})
    number = made.json()["id"]
    assert call(second, ben, f"/{number}/places", {"player": 1}).status_code == 200

    async def main() -> dict[str, Any]:
        watcher = await Player.connect(third)
        player = await Player.connect(second, ben)
        try:
            await watcher.send({"type": "tournament", "tournament": number})
            await pushed(watcher, lambda v: True)
            opened = changed(first, ann, f"/{number}/online", {"position": 1})  # node 0 owns them
            table, _ = seat_of(opened, 1, 1)
            await player.send({"type": "sit", "table": table})
            await play_some([player], table, 3, seed=4)  # in the first of its two boards
            cluster.nodes[0].signal(signal.SIGKILL)
            await resumed(player)
            over = await play_until_over([player], table, seed=5)
            assert over["kind"] == "table.game_over"
            view = await pushed(watcher, lambda v: any(o["position"] == 2 for o in v["online"]))
            table, _ = seat_of(view, 2, 1)
            await player.send({"type": "sit", "table": table})  # open once told
            await player.expect(lambda m: m["type"] == "table" and m["table"]["id"] == table)
            await play_until_over([player], table, seed=6)
            return await pushed(watcher, lambda v: v["over"])
        finally:
            await watcher.close()
            await player.close()

    view = asyncio.run(main())
    assert len(view["results"]) == 8 and {r["position"] for r in view["results"]} == {1, 2}
    boards = boards_of(cluster, number)
    assert len(boards) == 4
    for table_id, expected in boards.items():
        assert [dealt(log) for log in games_of(cluster, table_id)] == [expected], table_id
