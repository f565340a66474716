"""Robots think in a worker process (``atout.server.robots``): real processes
here, killed for real."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
from pathlib import Path

import pytest

from atout.game import CHANCE
from atout.registry import game_rules
from atout.server.robots import RobotBusy, Thinking
from tests.server.conftest import Player, create_table, play_until_over, run_server


def a_decision() -> tuple[dict[str, object], list[str]]:
    """A French seat's view and legal actions at its first bid."""
    rules = game_rules("french")
    state = rules.new(4)
    state.apply(rules.deal_action(state, 7))
    assert state.to_move is not None and state.to_move != CHANCE
    return dict(state.view(state.to_move)), [str(a) for a in state.legal_actions()]


def test_a_robot_thinks_in_the_worker_and_a_dead_worker_is_replaced() -> None:
    view, legal = a_decision()

    async def scenario() -> None:
        others = set(multiprocessing.active_children())  # of other tests, if any
        thinking = Thinking()
        try:
            first = await thinking.think(("t", 0), "game", "heuristic", view, legal, 1)
            assert first in legal
            [worker] = set(multiprocessing.active_children()) - others
            # Killed while deciding: that decision fails (the table then plays a
            # random legal move), and the next one has a new worker.
            deciding = thinking.think(("t", 1), "game", "strong", view, legal, 2)
            await asyncio.sleep(0.3)
            assert worker.pid is not None  # a started process has one
            os.kill(worker.pid, signal.SIGKILL)
            with pytest.raises(Exception, match="terminated abruptly"):
                await deciding
            again = await thinking.think(("t", 1), "game", "heuristic", view, legal, 3)
            assert again in legal
            [new] = set(multiprocessing.active_children()) - others
            assert new.pid != worker.pid
        finally:
            thinking.shutdown()
        assert set(multiprocessing.active_children()) <= others

    asyncio.run(scenario())


def test_decisions_beyond_the_bound_are_refused_at_once() -> None:
    view, legal = a_decision()

    async def scenario() -> None:
        thinking = Thinking(waiting=1)
        try:
            slow = thinking.think(("t", 0), "game", "strong", view, legal, 1)
            with pytest.raises(RobotBusy):
                await thinking.think(("t", 1), "game", "heuristic", view, legal, 2)
            assert await slow in legal
            assert await thinking.think(("t", 1), "game", "heuristic", view, legal, 3) in legal
        finally:
            thinking.shutdown()

    asyncio.run(scenario())


def test_a_server_plays_its_robots_in_the_worker_and_stops_it(tmp_path: Path) -> None:
    others = set(multiprocessing.active_children())
    server, stop = run_server(tmp_path)

    async def scenario() -> None:
        alice = await Player.connect(server)
        table = await create_table(alice, game="africain", players=3)
        await alice.send({"type": "start", "table": table})
        over = await play_until_over([alice], table)
        assert over["data"]["result"]["winners"]
        await alice.close()

    try:
        asyncio.run(scenario())
        assert set(multiprocessing.active_children()) - others, "robots think in a worker"
    finally:
        stop()
    assert set(multiprocessing.active_children()) <= others
