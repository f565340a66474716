"""The writer's group commit of actions (``atout.server.writer``), on SQLite:
an action the store already holds (a commit that reported failure but
happened) is accepted when it is the same and refused when it differs, the
other actions of its batch are stored all the same, and a failed job leaves
the writer writing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from atout.server import lease, tablestore
from atout.server.store import ActionRow, Store
from atout.server.writer import StorageError, Writer

OPTIONS = {"game": "french", "players": 3, "variant": "fft", "competitive": False, "bet": 0}


def test_an_action_stored_twice_is_kept_once_and_a_different_one_refused(tmp_path: Path) -> None:
    store = Store.in_dir(tmp_path)
    lease.acquire(store, "node", 60.0)

    async def main() -> None:
        writer = Writer(store, "node")
        writer.start()
        await writer.call(lambda db: tablestore.create_table(db, "t", OPTIONS, "g:x", "x", "c"))
        game = await writer.call(lambda db: tablestore.start_game(db, "t", OPTIONS, {}, [None] * 3))
        await writer.append(game, 0, "KH")
        await asyncio.gather(writer.append(game, 1, "QH"), writer.append(game, 0, "KH"))
        with pytest.raises(StorageError):
            await writer.append(game, 1, "JH")
        with pytest.raises(ZeroDivisionError):  # a failed job: the next starts afresh
            await writer.call(lambda db: 1 / 0)
        await writer.append(game, 2, "10H")
        await writer.stop()

    asyncio.run(main())
    with store.session() as db:
        stored = db.execute(select(ActionRow.index, ActionRow.text).order_by(ActionRow.index))
        assert [tuple(row) for row in stored] == [(0, "KH"), (1, "QH"), (2, "10H")]


def test_a_turn_of_many_actions_is_stored_whole(tmp_path: Path) -> None:
    """Actions given in one turn of the event loop go in batches of many rows
    (more than one transaction's worth here): every one is stored, each under
    its own game and index."""
    store = Store.in_dir(tmp_path)
    lease.acquire(store, "node", 60.0)
    texts = {(g, i): f"{g}-{i}-é" for g in range(2) for i in range(350)}

    async def main() -> list[int]:
        writer = Writer(store, "node")
        writer.start()
        await writer.call(lambda db: tablestore.create_table(db, "t", OPTIONS, "g:x", "x", "c"))
        games = [
            await writer.call(lambda db: tablestore.start_game(db, "t", OPTIONS, {}, [None] * 3))
            for _ in range(2)
        ]
        await asyncio.gather(*(writer.append(games[g], i, t) for (g, i), t in texts.items()))
        await writer.stop()
        return games

    games = asyncio.run(main())
    with store.session() as db:
        stored = db.execute(select(ActionRow.game_id, ActionRow.index, ActionRow.text))
        assert {(games.index(g), i): t for g, i, t in stored} == texts


def test_actions_go_before_the_other_jobs_given_with_them(tmp_path: Path) -> None:
    """A game ending at one table holds up no other table's action: given in the
    same turn of the event loop, the action is stored before the other jobs run,
    and those run in the order they came."""
    store = Store.in_dir(tmp_path)
    lease.acquire(store, "node", 60.0)
    ran: list[str] = []

    def count(name: str) -> Callable[[Session], int]:
        def work(db: Session) -> int:
            ran.append(name)
            return db.scalar(select(func.count()).select_from(ActionRow)) or 0

        return work

    async def main() -> list[int]:
        writer = Writer(store, "node")
        writer.start()
        await writer.call(lambda db: tablestore.create_table(db, "t", OPTIONS, "g:x", "x", "c"))
        game = await writer.call(lambda db: tablestore.start_game(db, "t", OPTIONS, {}, [None] * 3))
        first, second, _ = await asyncio.gather(
            writer.call(count("first")), writer.call(count("second")), writer.append(game, 0, "KH")
        )
        await writer.stop()
        return [first, second]

    assert asyncio.run(main()) == [1, 1]
    assert ran == ["first", "second"]
