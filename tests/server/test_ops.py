"""What the server tells whoever runs it: health checks, Prometheus metrics and
JSON logs; and the encoding of every message, which orjson now does."""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from subprocess import Popen
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import func, select
from websockets.asyncio.client import connect

from atout.game import CHANCE, SPECTATOR
from atout.registry import GAME_NAMES, game_rules
from atout.server import offload
from atout.server.app import Settings, create_app
from atout.server.clients import encode
from atout.server.logs import JsonFormatter
from atout.server.store import ActionRow
from tests.server.conftest import (
    Player,
    Server,
    create_table,
    free_port,
    play_until_over,
    run_server,
)
from tests.test_records import random_record


def scrape(server: Server) -> dict[str, float]:
    """The unlabelled samples of ``/metrics`` by name (a histogram's ``_count``, ``_sum``...)."""
    reply = httpx.get(f"{server.http}/metrics")
    reply.raise_for_status()
    assert reply.headers["content-type"].startswith("text/plain")
    return {
        sample.name: sample.value
        for family in text_string_to_metric_families(reply.text)
        for sample in family.samples
        if not sample.labels
    }


def ready(server: Server) -> httpx.Response:
    return httpx.get(f"{server.http}/health/ready", timeout=10)


def wait_until(test: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    """Poll until ``test`` holds (a bound against hanging, not a measurement)."""
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


# ----- health --------------------------------------------------------------------


def test_ready_only_between_start_and_stop(tmp_path: Path) -> None:
    app = create_app(Settings(data_dir=tmp_path, robot_cores=1))

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)  # runs no lifespan: the test does
        async with httpx.AsyncClient(transport=transport, base_url="http://atout") as client:
            assert (await client.get("/health/live")).status_code == 200
            before = await client.get("/health/ready")
            assert before.status_code == 503
            assert before.json()["reason"].startswith("starting")
            async with app.router.lifespan_context(app):
                started = await client.get("/health/ready")
                assert started.status_code == 200, started.text
                assert started.json() == {"status": "ready"}
            after = await client.get("/health/ready")
            assert after.status_code == 503
            assert after.json() == {"status": "unavailable", "reason": "stopping"}

    asyncio.run(scenario())


def test_ready_turns_503_while_the_database_is_locked_and_back(tmp_path: Path) -> None:
    # A short lease: the idle writer renews it five times a second, so it meets the lock soon.
    server, stop = run_server(tmp_path, lease_seconds=1.0)
    try:
        assert ready(server).status_code == 200
        assert scrape(server)["atout_store_failing"] == 0
        lock = sqlite3.connect(tmp_path / "atout.sqlite3", timeout=10, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")  # another process's write lock, as a backup tool takes
        try:
            wait_until(lambda: ready(server).status_code == 503, "not ready under the lock")
            answer = ready(server)
            assert answer.json()["status"] == "unavailable"
            assert "store writes are failing" in answer.json()["reason"]
            assert httpx.get(f"{server.http}/health/live").status_code == 200
            assert scrape(server)["atout_store_failing"] == 1
        finally:
            lock.execute("COMMIT")
            lock.close()
        wait_until(lambda: ready(server).status_code == 200, "ready again after the lock")
        assert scrape(server)["atout_store_failing"] == 0
    finally:
        stop()


# ----- metrics -------------------------------------------------------------------


def test_metrics_after_a_game(server: Server) -> None:
    async def scenario() -> dict[str, Any]:
        alice = await Player.connect(server, name="alice")
        bob = await Player.connect(server, name="bob")
        table = await create_table(alice, game="french", players=3)  # a robot in the third seat
        await bob.send({"type": "sit", "table": table})
        await bob.expect(lambda m: m["type"] == "table")
        silent = await connect(server.ws)  # a socket that has not said hello: not a client
        counts = await asyncio.to_thread(scrape, server)
        assert counts["atout_tables_open"] == 1
        assert counts["atout_tables_playing"] == 0
        assert counts["atout_websockets_open"] == 3
        assert counts["atout_clients_connected"] == 2
        assert counts["atout_actions_total"] == 0
        await silent.close()
        await alice.send({"type": "start", "table": table})
        await alice.event("table.game_started")
        playing = await asyncio.to_thread(scrape, server)
        assert playing["atout_tables_playing"] == 1
        over = await play_until_over([alice, bob], table)
        assert over["kind"] == "table.game_over"
        await alice.close()
        await bob.close()
        return over

    over = asyncio.run(scenario())
    with server.app.state.hub.store.session() as db:
        stored = db.scalar(
            select(func.count(ActionRow.id)).where(ActionRow.game_id == over["data"]["game"])
        )
    assert stored > 20  # the deal, the bids, 24 cards at least
    after = scrape(server)
    # Players', the robot's and the deal's actions, each counted once where it was applied.
    assert after["atout_actions_total"] == stored
    assert after["atout_update_seconds_count"] == stored
    assert after["atout_update_seconds_sum"] > 0
    # Every action was a write of its own, besides the table's and the game's.
    assert after["atout_store_write_seconds_count"] > stored
    assert after["atout_store_write_seconds_sum"] > 0
    # Group commits hold every action once, in at most as many transactions.
    assert after["atout_store_batch_actions_sum"] == stored
    assert 1 <= after["atout_store_batch_actions_count"] <= stored
    assert after["atout_tables_open"] == 1
    assert after["atout_tables_playing"] == 0
    assert after["atout_loop_lag_seconds_count"] > 0  # the loop's clock ticked meanwhile
    assert after["process_resident_memory_bytes"] > 0

    def gone() -> bool:
        now = scrape(server)
        return now["atout_websockets_open"] == 0 and now["atout_clients_connected"] == 0

    wait_until(gone, "the closed sockets counted out")


def test_each_app_has_its_own_registry(tmp_path: Path) -> None:
    first = create_app(Settings(data_dir=tmp_path / "a", robot_cores=1))
    second = create_app(Settings(data_dir=tmp_path / "b", robot_cores=1))
    first.state.metrics.actions.inc(3)
    assert first.state.metrics.registry.get_sample_value("atout_actions_total") == 3
    assert second.state.metrics.registry.get_sample_value("atout_actions_total") == 0
    assert "atout_actions_total 3.0" in first.state.metrics.exposition().decode()

    async def start_and_stop() -> None:  # which closes their stores
        async with first.router.lifespan_context(first), second.router.lifespan_context(second):
            pass

    asyncio.run(start_and_stop())


# ----- logs ----------------------------------------------------------------------


def start_serve(
    tmp_path: Path, *options: str, group: bool = False
) -> tuple[Popen[bytes], Path, str]:
    """``atout serve`` in a process of its own (with ``group``, in a process group of
    its own too, as a terminal runs a command): the process, its stderr's file, its URL."""
    port = free_port()
    command = [sys.executable, "-c", "from atout.cli import main; main()", "serve"]
    command += ["--port", str(port), "--data-dir", str(tmp_path / "data"), *options]
    errors = tmp_path / "stderr"
    with errors.open("wb") as output:
        process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=output, start_new_session=group
        )
    return process, errors, f"http://127.0.0.1:{port}"


def wait_answering(process: Popen[bytes], errors: Path, url: str) -> None:
    """Wait until ``url`` answers 200 (a served process that ended fails at once)."""

    def answers() -> bool:
        assert process.poll() is None, errors.read_text()
        try:
            return httpx.get(url).status_code == 200
        except httpx.HTTPError:
            return False

    wait_until(answers, "atout serve answering", timeout=60)


def test_json_logs_parse_line_by_line(tmp_path: Path) -> None:
    process, errors, base = start_serve(tmp_path, "--robot-cores", "1", "--log-format", "json")
    try:
        wait_answering(process, errors, f"{base}/health/ready")
        assert httpx.get(f"{base}/health/live").status_code == 200
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(30) == 0
    lines = errors.read_text().splitlines()
    entries = [json.loads(line) for line in lines]  # every line, or this fails
    assert all(set(e) == {"time", "level", "logger", "message"} for e in entries), lines
    loggers = {e["logger"] for e in entries}
    assert {"atout.server.app", "uvicorn.error", "uvicorn.access"} <= loggers
    assert any("GET /health/live" in e["message"] for e in entries)
    assert any(e["message"] == "Application shutdown complete." for e in entries)


def test_ctrl_c_in_a_terminal_stops_every_process_without_a_traceback(tmp_path: Path) -> None:
    """A terminal's Ctrl-C goes to every process of the command: the server, its
    store writer, its robot worker and that worker's helpers, its replay workers.
    The server stops them all; they once each printed a KeyboardInterrupt."""
    process, errors, base = start_serve(tmp_path, "--robot-cores", "2", group=True)
    try:
        wait_answering(process, errors, f"{base}/health/ready")
        record = random_record("africain", 3, 5).to_json()  # replayed in a worker process
        assert httpx.post(f"{base}/api/replay", content=record, timeout=60).status_code == 200
        group = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, text=True)
        assert len(group.stdout.split()) >= 5, group.stdout  # server, writer, workers, helper
    finally:
        os.killpg(process.pid, signal.SIGINT)
        assert process.wait(30) == 0
    wait_until(
        lambda: subprocess.run(["pgrep", "-g", str(process.pid)]).returncode == 1,
        "every process of the group ended",
        timeout=30,
    )
    said = errors.read_text()
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said
    assert "Application shutdown complete." in said


def test_ctrl_c_while_the_workers_start_prints_no_traceback(tmp_path: Path) -> None:
    """Ctrl-C as soon as the server answers: its robot worker is still importing
    the robots (seconds), where no initializer has run yet."""
    process, errors, base = start_serve(tmp_path, group=True)
    try:
        wait_answering(process, errors, f"{base}/health/live")
    finally:
        os.killpg(process.pid, signal.SIGINT)
        assert process.wait(30) == 0
    said = errors.read_text()
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said


@pytest.mark.parametrize("thread", ["main", "another"])
def test_a_process_started_deaf_to_ctrl_c_survives_one_at_birth(thread: str) -> None:
    """A Ctrl-C in a worker's first instant (its imports) leaves it running, whether
    the main thread started it or another (the replay workers start from one);
    the starting thread hears Ctrl-C again afterwards."""

    def start() -> tuple[multiprocessing.process.BaseProcess, set[int | signal.Signals]]:
        with offload.deaf_to_ctrl_c():
            child = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(30,))
            child.start()
        return child, signal.pthread_sigmask(signal.SIG_BLOCK, [])

    if thread == "main":
        child, mask = start()
    else:
        with ThreadPoolExecutor(1) as pool:
            child, mask = pool.submit(start).result()
    assert child.pid is not None
    try:
        os.kill(child.pid, signal.SIGINT)  # still starting Python: a traceback if it heard
        child.join(1)
        assert child.is_alive(), child.exitcode
        assert signal.SIGINT not in mask
    finally:
        child.terminate()
        child.join()


def test_a_json_log_line_carries_the_exception() -> None:
    logger = logging.getLogger("atout.test")
    try:
        1 / 0  # noqa: B018
    except ZeroDivisionError:
        record = logger.makeRecord(
            logger.name, logging.ERROR, __file__, 1, "table %s: %s", ("t1", "é"), sys.exc_info()
        )
    line = JsonFormatter().format(record)
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["level"] == "ERROR" and entry["logger"] == "atout.test"
    assert entry["message"] == "table t1: é"
    assert entry["exception"].startswith("Traceback")
    assert "ZeroDivisionError: division by zero" in entry["exception"]
    assert entry["time"].endswith("+00:00")


# ----- encoding ------------------------------------------------------------------


def test_encode_is_compact_utf8() -> None:
    message = {"type": "chat", "text": "écart, poignée ✓", "seq": 3, "score": -2.5, "x": None}
    expected = '{"type":"chat","text":"écart, poignée ✓","seq":3,"score":-2.5,"x":null}'
    assert encode(message) == expected
    assert type(json.loads(encode({"seq": 3}))["seq"]) is int


def _former_encode(message: Any) -> str:
    """What the server sent before orjson."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_view_event_and_result_encodes_as_before(game: str) -> None:
    """Random games of every variant and player count: each view (every seat and
    the spectator's), each event and the result give the former text exactly
    (orjson would refuse an int key, which json turned into a string)."""
    rules = game_rules(game)
    rng = random.Random(7)
    games = 0
    for players in range(2, 6):
        for variant in ("fft", "traditionnel") if game == "french" else ("standard", "cinq"):
            try:
                state = rules.new(players, variant)
            except ValueError:  # not played by this many
                continue
            games += 1
            while not state.is_over:
                if state.to_move == CHANCE:
                    action = rules.deal_action(state, rng.getrandbits(63))
                else:
                    action = rng.choice(state.legal_actions())
                messages: list[Any] = [
                    {"kind": e.kind, "data": dict(e.data)} for e in state.apply(action)
                ]
                messages += [state.view(v) for v in (SPECTATOR, *range(players))]
                for message in messages:
                    assert encode(message) == _former_encode(message)
            assert encode(dict(state.result())) == _former_encode(dict(state.result()))
    assert games >= 3
