"""The server never loses or forks a game, whatever befalls it: real ``atout
serve`` processes SIGKILLed at random moments, a write lock held by another
process, a full disk, damaged files, a second server on the same database.

After each, every stored game must replay, every view a client was shown must
be one its seat had in a stored game (nothing told before it was stored, and
nothing stored differently from what was told), and the chips ledger must
balance with no chips left in an ended game's pot.
"""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select, update

from atout.server.store import ActionRow, GameRow, LedgerEntry, Store
from tests.server.faults import (
    Bot,
    Serve,
    WriteLock,
    check,
    chips,
    close_all,
    crash_while_playing,
    fill,
    lobby,
    open_table,
    register,
    wind_down,
)

CYCLES = 5
"""SIGKILLs at random moments, each a restart (12 made this the suite's longest
test, 8 still the longest by twice the next)."""


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    """A data directory for ``atout serve`` processes, the last one killed at the end."""
    served = Serve(tmp_path / "data", tmp_path / "logs")
    yield served
    served.kill()


@pytest.fixture
def rng() -> random.Random:
    seed = int.from_bytes(os.urandom(4))
    print(f"seed {seed}")  # shown by pytest when the test fails
    return random.Random(seed)


def kind_is(kind: str) -> Any:
    return lambda message: message.get("kind") == kind


def storage_is(ok: bool) -> Any:
    return lambda m: m.get("kind") == "table.storage" and m["data"]["ok"] is ok


def test_sigkill_at_random_moments_loses_and_forks_nothing(
    serve: Serve, rng: random.Random
) -> None:
    serve.start()
    bots = asyncio.run(crash_while_playing(serve, CYCLES, rng))
    serve.stop()
    result = check(serve.data_dir, bots)
    assert result.problems() == []
    assert result.views > 1000
    # Every game started was played to its end through the crashes: none is
    # left playing with chips in its pot, none had to be cancelled.
    assert set(result.games.values()) == {"over"}
    tables = {table for bot in bots for table in bot.tables}
    assert len(tables) == 5
    assert all(any("table.game_over" in bot.kinds(t) for bot in bots) for t in tables)
    assert all(bot.connections >= 2 and bot.failure is None for bot in bots)
    assert not [e for bot in bots for e in bot.errors if "internal" in e]
    store = Store.in_dir(serve.data_dir)
    with store.session() as db:
        bets = db.scalar(select(func.count()).where(LedgerEntry.reason.startswith("bets game")))
        games = db.scalars(select(GameRow)).all()
    store.close()
    assert bets  # chips did move at the competitive table
    competitive = [game for game in games if game.table_options["competitive"]]
    # Its players came from several addresses: its games were scored.
    assert competitive and not any(game.shared_ip for game in competitive)
    assert serve.tracebacks() == []


def test_a_write_lock_held_elsewhere_stalls_tables_not_the_server(
    serve: Serve, rng: random.Random, tmp_path: Path
) -> None:
    serve.start()

    async def lock_while_playing() -> list[Bot]:
        pinger = await Bot(serve, name="pinger").start()
        _, bots = await open_table(
            serve, rng, 1, think=0.05, players=4, rounds=6, robot_level="random"
        )  # a game of several seconds: it is still on when the lock comes
        lock = await asyncio.to_thread(WriteLock.hold, serve.database, 6, tmp_path / "releasing")
        await bots[0].expect(storage_is(False))  # the table's writes now fail
        for _ in range(5):
            await pinger.ping()
        assert lock.held  # the pongs came while the lock was still held
        await bots[0].expect(storage_is(True))
        assert not lock.held
        await bots[0].expect(kind_is("table.game_over"))
        await asyncio.to_thread(lock.wait)
        await close_all([pinger, *bots])
        return bots

    bots = asyncio.run(lock_while_playing())
    serve.stop()
    kinds = [k for k in bots[0].kinds() if k in ("table.storage", "table.game_over")]
    assert kinds[:3] == ["table.storage", "table.storage", "table.game_over"]
    assert bots[0].storage() == [False, True]
    result = check(serve.data_dir, bots)
    assert result.problems() == []
    assert list(result.games.values()) == ["over"]
    assert serve.tracebacks() == []


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 10 MiB file system of its own (tmpfs; the tests run as root)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=10m", "tmpfs", str(disk)]
    done = subprocess.run(mount, capture_output=True, text=True)
    assert done.returncode == 0, f"cannot mount a tmpfs for the full-disk test: {done.stderr}"
    try:
        yield disk
    finally:
        subprocess.run(["umount", "--lazy", str(disk)], check=True)


def test_a_full_disk_stalls_tables_until_space_returns(
    small_disk: Path, tmp_path: Path, rng: random.Random
) -> None:
    serve = Serve(small_disk / "data", tmp_path / "logs")
    serve.start()
    try:
        bots = asyncio.run(_fill_the_disk_while_playing(serve, rng, small_disk / "filler"))
        serve.stop()
    finally:
        serve.kill()
    assert any(bot.storage() for bot in bots)
    assert all(recovered(bot.storage()) for bot in bots)
    result = check(serve.data_dir, bots)
    assert result.problems() == []
    assert set(result.games.values()) == {"over"}
    assert serve.tracebacks() == []


async def _fill_the_disk_while_playing(serve: Serve, rng: random.Random, filler: Path) -> list[Bot]:
    accounts = [(name, register(serve, name)) for name in ("anna", "bruno", "chloe")]
    _, rivals = await open_table(
        serve, rng, 3, accounts=accounts, game="french", players=4, competitive=True, bet=20
    )
    _, guests = await open_table(
        serve, rng, 2, game="french", players=4, robot_level="random", think=0.01
    )
    bots = rivals + guests
    rivals[0].starts = guests[0].starts = True  # games go on until the disk is freed
    # The WAL may take some writes in space it already has: the tables play on
    # until one needs more.
    waits = [asyncio.create_task(bot.expect(storage_is(False), 120)) for bot in bots]
    await asyncio.to_thread(fill, filler)
    done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    assert any(not task.exception() for task in done), "no table said its writes failed"
    for task in waits:
        task.cancel()
    reply = await asyncio.to_thread(
        httpx.post, f"{serve.http}/api/register", json={"name": "dora", "password": "secret123"}
    )
    assert reply.status_code == 503 or 400 <= reply.status_code < 500, reply.text
    assert reply.json()["detail"]
    filler.unlink()  # the tables go on by themselves
    await wind_down(serve, bots)
    await close_all(bots)
    return bots


def recovered(reports: list[bool]) -> bool:
    """Whether ``table.storage`` reports alternate from failing to working, ending well."""
    return reports == [False, True] * (len(reports) // 2)


def test_a_damaged_database_file_is_refused_without_a_traceback(serve: Serve) -> None:
    serve.start()
    register(serve, "emma")
    serve.stop()
    with serve.database.open("r+b") as database:
        database.write(b"this is not SQLite at all" * 4)  # over the 100-byte header
    status, output = serve.attempt()
    assert status == 1
    assert "atout serve: the database cannot be used" in output
    assert "Traceback" not in output


def test_a_database_locked_at_start_is_told_as_busy_not_damaged(
    serve: Serve, tmp_path: Path
) -> None:
    serve.start()
    serve.stop()
    lock = WriteLock.hold(serve.database, 8, tmp_path / "releasing")
    status, output = serve.attempt()
    assert lock.held  # refused while the lock was still held
    lock.wait()
    assert status == 1 and "atout serve: the database cannot be opened now" in output
    assert "restore it from a backup" not in output and "Traceback" not in output
    serve.start()  # once the lock is gone, the same files serve again
    serve.stop()


def test_an_unreplayable_game_is_cancelled_and_its_bets_returned(
    serve: Serve, rng: random.Random
) -> None:
    serve.start()
    names = ("fanny", "gaston", "hugo")
    accounts = [(name, register(serve, name)) for name in names]
    before = {name: chips(serve, name) for name in names}

    async def break_a_game() -> tuple[str, str, list[Bot], list[Bot], list[str]]:
        broken, rivals = await open_table(
            serve, rng, 3, accounts=accounts, budget=2, competitive=True, bet=30, turn_seconds=600
        )
        kept, guests = await open_table(serve, rng, 3, budget=2, players=3, turn_seconds=600)
        async with asyncio.timeout(60):
            while not any(b.declined for b in rivals) or not any(b.declined for b in guests):
                await asyncio.sleep(0.05)  # both games then wait for a human: nothing moves
        assert all(chips(serve, name) == before[name] - 30 for name in names)
        await asyncio.to_thread(serve.stop)
        await asyncio.to_thread(_replace_last_action, serve.data_dir, broken, "nonsense")
        for bot in guests:
            bot.budget = None  # they play the game to its end once back
        over = asyncio.create_task(guests[0].expect(kind_is("table.game_over")))
        await asyncio.to_thread(serve.start)
        listed = [table["id"] for table in await lobby(serve)]
        await over
        await close_all(rivals + guests)
        return broken, kept, rivals, guests, listed

    broken, kept, rivals, guests, listed = asyncio.run(break_a_game())
    assert listed == [kept]  # the other table was restored, the broken one closed
    assert {name: chips(serve, name) for name in names} == before
    serve.stop()
    result = check(serve.data_dir, guests, tables={kept})
    assert result.problems() == []
    assert list(result.games.values()) == ["over"]
    result = check(serve.data_dir, rivals, tables={broken})
    assert list(result.games.values()) == ["cancelled"]
    assert list(result.unreplayable) == list(result.games)
    assert result.audit == []


def _replace_last_action(data_dir: Path, table: str, text: str) -> None:
    """Overwrite the last stored action of the table's game (the server being stopped)."""
    store = Store.in_dir(data_dir)
    with store.session.begin() as db:
        game = db.scalar(select(GameRow.id).where(GameRow.table_id == table))
        last = db.scalar(select(func.max(ActionRow.index)).where(ActionRow.game_id == game))
        assert game is not None and last is not None and last > 0
        at_last = (ActionRow.game_id == game) & (ActionRow.index == last)
        db.execute(update(ActionRow).where(at_last).values(text=text))
    store.close()


def test_a_second_server_is_refused_and_takes_over_after_the_first_dies(
    serve: Serve, rng: random.Random
) -> None:
    serve.lease_seconds = 2
    serve.start()

    async def two_servers() -> list[Bot]:
        table, bots = await open_table(
            serve, rng, 1, players=4, robot_level="random", think=0.05, turn_seconds=120
        )
        bots[0].starts = True
        status, output = await asyncio.to_thread(serve.attempt)
        assert status == 1
        assert "atout serve: another atout server is using this database" in output
        assert "Traceback" not in output
        await bots[0].expect(kind_is("table.game_over"))  # the first server goes on
        epoch = bots[0].tables[table].epoch
        restored = asyncio.create_task(
            bots[0].expect(lambda m: m["type"] == "table" and m["epoch"] != epoch)
        )
        await asyncio.to_thread(serve.kill)
        await asyncio.to_thread(serve.start)
        snapshot = await restored  # the answer to its resume, from the new server
        assert snapshot["table"]["id"] == table and snapshot["seat"] == 0
        await bots[0].expect(kind_is("table.game_over"))  # and so does the second
        await wind_down(serve, bots)
        await close_all(bots)
        return bots

    bots = asyncio.run(two_servers())
    serve.stop()
    result = check(serve.data_dir, bots)
    assert result.problems() == []
    assert set(result.games.values()) == {"over"}
    assert serve.tracebacks() == []
