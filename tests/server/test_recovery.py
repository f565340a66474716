"""A real ``atout serve`` process killed with SIGKILL mid-game comes back with
every table rebuilt from its log: nothing lost, nothing applied twice, and the
player to move gets the time they had left. Stopped by SIGTERM, it ends its
robots' helper processes and leaves nothing behind."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select, update

from atout.records import Record
from atout.registry import game_rules
from atout.server.protocol import TableOptions
from atout.server.store import ActionRow, GameRow, Store
from atout.server.table import Context, Table
from atout.server.writer import Writer
from tests.server.conftest import (
    Player,
    Server,
    create_table,
    events_in,
    free_port,
    play_until_over,
    run_server,
    seat_at_new_table,
)


def start_serve(
    data_dir: Path, port: int, stderr: int = subprocess.DEVNULL
) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from atout.cli import main; main()", "serve"]
    command += ["--port", str(port), "--data-dir", str(data_dir), "--robot-delay", "0"]
    command += ["--lease-seconds", "2"]  # a restart after SIGKILL waits that long
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr)
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/leaderboard", timeout=1).raise_for_status()
            return process
        except httpx.HTTPError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise AssertionError("atout serve did not start") from None
            time.sleep(0.1)


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[bytes]]]:
    """Servers started by a test, all stopped at its end whatever happens."""
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait(10)


def test_sigkill_mid_game_then_restart_loses_nothing(
    tmp_path: Path, processes: list[subprocess.Popen[bytes]]
) -> None:
    port = free_port()
    server = Server(port, None, tmp_path)
    processes.append(start_serve(tmp_path, port))
    token = server.register("rita")

    async def before_kill() -> tuple[str, dict[str, object], int]:
        rita = await Player.connect(server, token=token)
        table = await create_table(rita, game="french", players=4, turn_seconds=8)
        await rita.send({"type": "start", "table": table})
        for _ in range(3):  # bid, then a couple of plays of hers
            turn = await rita.turn()
            await rita.send({"type": "act", "table": table, "action": turn["legal"][-1]})
        await rita.turn()
        await rita.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
        snapshot = await rita.expect(lambda m: m["type"] == "table")
        game = next(m["data"]["game"] for m in rita.log if m.get("kind") == "table.game_started")
        await asyncio.sleep(3)  # part of her time runs out before the crash
        # Killed while she is connected and to move: no robot may have played for her.
        os.kill(processes[0].pid, signal.SIGKILL)
        processes[0].wait()
        await rita.close()
        return table, snapshot["view"], game

    table, view_before, game = asyncio.run(before_kill())
    processes.append(start_serve(tmp_path, port))

    async def after_restart() -> dict[str, object]:
        rita = await Player.connect(server, token=token)
        await rita.send({"type": "resume", "table": table, "last_seq": 10**6, "epoch": "old"})
        snapshot = await rita.expect(lambda m: m["type"] == "table")
        assert snapshot["view"] == view_before
        turn = snapshot["turn"]
        # The 5 s she had left (8 less the 3 s before the crash), the downtime not
        # counted: the server knows its last second alive within 1 s.
        assert 4 < turn["seconds"] <= 6
        await rita.send({"type": "act", "table": table, "action": turn["legal"][0]})
        over = await play_until_over([rita], table)
        await rita.close()
        return over

    over = asyncio.run(after_restart())
    record = httpx.get(f"http://127.0.0.1:{port}/api/games/{game}").json()
    replayed = Record.from_dict({k: v for k, v in record.items() if k != "meta"}).replay()
    assert replayed.is_over and dict(replayed.result()) == over["data"]["result"]  # type: ignore[index]
    assert sum(a.startswith("deal:") for a in record["actions"]) >= 1


def test_a_table_whose_log_cannot_be_replayed_does_not_stop_the_others(tmp_path: Path) -> None:
    server, stop = run_server(tmp_path)

    async def make_tables_then_stop() -> tuple[str, str]:
        host = await Player.connect(server)
        broken = await create_table(host, players=3, turn_seconds=60)
        await host.send({"type": "start", "table": broken})
        await host.turn()
        other = await Player.connect(server)
        kept = await create_table(other, players=4)
        # Stopped with both connected: the tables stay open, nothing played in them.
        await asyncio.to_thread(stop)
        return broken, kept

    broken, kept = asyncio.run(make_tables_then_stop())
    break_log(tmp_path, broken)
    server, stop = run_server(tmp_path)
    assert set(server.app.state.hub.tables) == {kept}
    stop()


def break_log(data_dir: Path, table: str) -> int:
    """Make the log of ``table``'s game unreadable (its first action one no rule
    takes), in a stopped server's store: the game's id."""
    store = Store.in_dir(data_dir)
    with store.session.begin() as db:
        game = db.scalar(select(GameRow.id).where(GameRow.table_id == table))
        assert game is not None
        first = (ActionRow.game_id == game) & (ActionRow.index == 0)
        db.execute(update(ActionRow).where(first).values(text="play:nonsense"))
    store.close()
    return game


def _actions_stored(store: Store) -> int:
    with store.session() as db:
        return db.scalar(select(func.count(ActionRow.id))) or 0


def test_stopping_the_server_plays_nothing_for_the_players_it_disconnects(
    tmp_path: Path,
) -> None:
    """The shutdown closes every connection before it stops the tables: those
    closings must not hand the seats to robots (here without delay) meanwhile."""
    server, stop = run_server(tmp_path)

    async def stop_while_to_move() -> int:
        host = await Player.connect(server)
        table = await create_table(host, players=4, turn_seconds=60, rounds=50)
        await host.send({"type": "start", "table": table})
        await host.turn()  # every action so far is stored before a turn is sent
        before = _actions_stored(server.app.state.hub.store)
        await asyncio.to_thread(stop)
        return before

    before = asyncio.run(stop_while_to_move())
    store = Store.in_dir(tmp_path)
    assert _actions_stored(store) == before > 0
    store.close()


def test_sigterm_ends_the_server_and_its_robot_helpers_cleanly(
    tmp_path: Path, processes: list[subprocess.Popen[bytes]]
) -> None:
    port = free_port()
    processes.append(start_serve(tmp_path, port, stderr=subprocess.PIPE))
    server = processes[0]

    async def robots_think() -> None:
        alice = await Player.connect(Server(port, None, tmp_path))
        table = await create_table(alice, game="africain", players=3)
        await alice.send({"type": "start", "table": table})
        turn = await alice.turn()
        await alice.send({"type": "act", "table": table, "action": turn["legal"][0]})
        await alice.expect(  # a robot bids after her: the robots' worker runs
            lambda m: any(e["kind"] == "bid" and e["data"]["seat"] != 0 for e in events_in(m))
        )
        await alice.close()

    asyncio.run(robots_think())
    children = _descendants(str(server.pid))
    assert children  # the robots' worker, its helpers' process server...
    server.send_signal(signal.SIGTERM)
    _, errors = server.communicate(timeout=30)
    assert "Application shutdown complete" in errors.decode()
    assert "leaked" not in errors.decode()  # the helpers' semaphores were released
    deadline = time.monotonic() + 10  # the children see their parent end a moment later
    while not all(_ended(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all(_ended(pid) for pid in children)


def _descendants(pid: str) -> list[str]:
    """The processes started by ``pid``, and by those, and so on."""
    tasks = Path(f"/proc/{pid}/task").iterdir()
    children = [child for task in tasks for child in (task / "children").read_text().split()]
    return children + [grandchild for child in children for grandchild in _descendants(child)]


def _ended(pid: str) -> bool:
    """Whether the process is gone or has exited (a zombie waiting for init to reap it)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except FileNotFoundError:
        return True


def test_a_table_cancelled_as_a_message_arrives_still_stops(tmp_path: Path) -> None:
    """The server's shutdown cancels every table's task; a command queued at that
    very moment (a closing connection's) must not keep the task alive."""

    async def cancel_as_a_message_arrives() -> bool:
        context = Context(Writer(Store.in_dir(tmp_path), "test"), game_rules)
        table = Table(context, "t1", TableOptions(), master="m", invite_code="c")
        task = asyncio.create_task(table.run())
        await asyncio.sleep(0.01)  # the table now waits for a command
        table.queue.put((None, lambda: asyncio.sleep(0)))
        task.cancel()
        done, _ = await asyncio.wait([task], timeout=2)
        context.pool.shutdown()
        context.writer.store.close()
        return task in done and task.cancelled()

    assert asyncio.run(cancel_as_a_message_arrives())


def test_a_guest_and_a_pending_vote_survive_a_restart(tmp_path: Path) -> None:
    """A guest is stored like an account: after a restart the same token is the
    same guest, at the same seat; a vote for the amicable end still counts, so
    the other player's yes now ends the game."""
    server, stop = run_server(tmp_path, grace_seconds=60.0)

    async def before() -> tuple[str, str, str]:
        ann, bea = await Player.connect(server, name="ann"), await Player.connect(server)
        table = await seat_at_new_table([ann, bea], players=3, turn_seconds=60)
        await ann.send({"type": "start", "table": table})
        await ann.event("table.game_started")
        await ann.send({"type": "vote", "table": table, "agree": True})
        await bea.event("table.vote")
        assert ann.token and bea.token
        await asyncio.to_thread(stop)
        return table, ann.token, bea.token

    table, ann_token, bea_token = asyncio.run(before())
    server, stop = run_server(tmp_path, grace_seconds=60.0)

    async def after() -> None:
        ann = await Player.connect(server, token=ann_token)
        assert ann.name.startswith("guest_ann_")
        await ann.send({"type": "sit", "table": table})
        snapshot = await ann.expect(lambda m: m["type"] in ("table", "error"))
        assert snapshot["seat"] == 0 and snapshot["table"]["votes"] == [0]
        bea = await Player.connect(server, token=bea_token)
        await bea.send({"type": "resume", "table": table, "last_seq": 0, "epoch": None})
        await bea.expect(lambda m: m["type"] == "table")
        await bea.send({"type": "vote", "table": table, "agree": True})
        await ann.event("table.game_cancelled")

    asyncio.run(after())
    stop()
