"""The store's writer (``atout.server.writer``), its own process on SQLite:
an action the store already holds (a commit that reported failure but
happened) is accepted when it is the same and refused when it differs, the
other actions of its batch are stored all the same, a failed job leaves the
writer writing, a writer process that dies is replaced, and the lease is
renewed by the server's event loop, not by its writer."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from atout.server import lease, tablestore
from atout.server.store import ActionRow, Store, TableRow
from atout.server.writer import StorageError, Writer
from atout.server.writer_process import Frames, frame

OPTIONS = {"game": "french", "players": 3, "variant": "fft", "competitive": False, "bet": 0}


def _divide_by_zero(db: Session) -> float:
    return 1 / 0


def _counted_table(db: Session, table_id: str) -> tuple[int, int]:
    """Open table ``table_id``; then the actions and the tables stored."""
    tablestore.create_table(db, table_id, OPTIONS, "g:x", "x", "c")
    db.flush()
    actions = db.scalar(select(func.count()).select_from(ActionRow)) or 0
    return actions, db.scalar(select(func.count()).select_from(TableRow)) or 0


async def _started(store: Store, writer: Writer | None = None) -> tuple[Writer, int]:
    """A started writer, with a table and a game to write to."""
    writer = writer or Writer(store, "node")
    await writer.start()
    await writer.call(tablestore.create_table, "t", OPTIONS, "g:x", "x", "c")
    game: int = await writer.call(tablestore.start_game, "t", OPTIONS, {}, [None] * 3)
    return writer, game


def test_an_action_stored_twice_is_kept_once_and_a_different_one_refused(tmp_path: Path) -> None:
    store = Store.in_dir(tmp_path)
    lease.acquire(store, "node", 60.0)

    async def main() -> None:
        writer, game = await _started(store)
        await writer.append(game, 0, "KH")
        await asyncio.gather(writer.append(game, 1, "QH"), writer.append(game, 0, "KH"))
        with pytest.raises(StorageError):
            await writer.append(game, 1, "JH")
        with pytest.raises(ZeroDivisionError):  # a failed job: the next starts afresh
            await writer.call(_divide_by_zero)
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
        writer, first = await _started(store)
        games = [first, await writer.call(tablestore.start_game, "t", OPTIONS, {}, [None] * 3)]
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

    async def main() -> list[tuple[int, int]]:
        writer, game = await _started(store)
        first, second, _ = await asyncio.gather(
            writer.call(_counted_table, "first"),
            writer.call(_counted_table, "second"),
            writer.append(game, 0, "KH"),
        )
        await writer.stop()
        return [first, second]

    assert asyncio.run(main()) == [(1, 2), (1, 3)]


def test_a_job_that_cannot_travel_fails_alone(tmp_path: Path) -> None:
    """A job's work goes to the writer's process: a lambda cannot, and fails at
    once with a TypeError; the jobs given with it are stored all the same."""
    store = Store.in_dir(tmp_path)
    lease.acquire(store, "node", 60.0)

    async def main() -> None:
        writer, game = await _started(store)
        results = await asyncio.gather(
            writer.call(lambda db: None),
            writer.append(game, 0, "KH"),
            writer.call(_counted_table, "other"),
            return_exceptions=True,
        )
        assert isinstance(results[0], TypeError)
        # gather gives a list, typed as a tuple: compare the items, not the container
        assert list(results[1:]) == [None, (1, 2)]
        await writer.stop()

    asyncio.run(main())


def test_a_writer_process_that_dies_is_replaced(tmp_path: Path) -> None:
    """Killed, the writer's process takes nothing stored with it: the server's
    writes fail with StorageError (their tables try again) until another
    process, started at once, takes them."""
    store = Store.in_dir(tmp_path)
    lease.acquire(store, "node", 60.0)

    async def main() -> None:
        writer, game = await _started(store)
        await writer.append(game, 0, "KH")
        (process,) = [p for p in multiprocessing.active_children() if p.name == "store-writer"]
        assert process.pid is not None
        os.kill(process.pid, signal.SIGKILL)
        for _ in range(200):  # about ten seconds
            try:
                await writer.append(game, 1, "QH")
                break
            except StorageError:
                await asyncio.sleep(0.05)
        else:
            pytest.fail("no writer process came back")
        assert not process.is_alive()
        assert writer.running and not writer.failing
        await writer.stop()
        assert not writer.running

    asyncio.run(main())
    with store.session() as db:
        stored = db.execute(select(ActionRow.index, ActionRow.text).order_by(ActionRow.index))
        assert [tuple(row) for row in stored] == [(0, "KH"), (1, "QH")]


def test_a_server_whose_event_loop_stops_loses_its_lease(tmp_path: Path) -> None:
    """The lease says the server is alive: renewed while its event loop runs
    (another server is refused), it expires when the loop stops (a paused
    process), however idle and well the writer's process is; another server
    then takes it, and the first one's writes are refused."""
    store = Store.in_dir(tmp_path)
    lease.acquire(store, "node", 1.0)

    async def main() -> None:
        writer = Writer(store, "node", renew_every=0.2)
        writer, game = await _started(store, writer)
        with pytest.raises(lease.LeaseHeld):  # the loop runs on meanwhile
            await asyncio.to_thread(lease.acquire, store, "other", 1.0)
        assert lease.acquire(store, "other", 1.0) is not None  # the loop waits for it
        with pytest.raises(StorageError):
            await writer.append(game, 0, "KH")
        await writer.stop()

    asyncio.run(main())
    with store.session() as db:
        assert db.scalar(select(func.count()).select_from(ActionRow)) == 0


@given(
    st.lists(st.lists(st.tuples(st.integers(), st.text(max_size=300)), max_size=5), max_size=8),
    st.lists(st.integers(min_value=1, max_value=400), max_size=20),
)
def test_messages_come_out_of_any_pieces_whole_once_and_in_order(
    messages: list[list[tuple[int, str]]], cuts: list[int]
) -> None:
    """What travels between the server and its writer: however the stream is
    cut into reads, each message comes out once, whole, in order."""
    stream = b"".join(frame(message) for message in messages)
    frames, got, at = Frames(), [], 0
    for size in [*cuts, len(stream)]:
        got += frames.feed(stream[at : at + size])
        at += size
    assert got == messages
