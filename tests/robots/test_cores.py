"""A decision's sampled deals spread over two cores: more deals, same answers, bounded time."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from atout.french.rules import FRENCH
from atout.french.variants import Contract
from atout.french.worlds import Worlds
from atout.robots import cores, french_contract
from atout.robots.french_contract import _bid, finish
from atout.robots.french_sampling import Task, score
from atout.robots.french_search import FrenchSearch


@pytest.fixture
def two_cores() -> Iterator[None]:
    assert cores.use_cores(2) == 2
    yield
    cores.stop()


def _bid_task(worlds: int) -> Task:
    state = FRENCH.new(4)
    state.apply(FRENCH.deal_action(state, 11))
    options = [Contract.PASS, Contract.PRISE, Contract.GARDE]
    return Task(Worlds(state.view(state.turn)), options, _bid, finish, worlds)


def test_a_helper_samples_its_own_share_of_deals(two_cores: None) -> None:
    task = _bid_task(worlds=3)
    spread = score(task, random.Random(5), seconds=30)
    cores.stop()
    alone = score(task, random.Random(5), seconds=30)
    assert [len(s) for s in alone] == [3, 3, 3]
    assert [len(s) for s in spread] == [6, 6, 6]
    # This process's share is the very deals it samples alone; the helper's are others.
    assert [s[:3] for s in spread] == alone
    assert [s[3:] for s in spread] != alone


def test_a_decision_on_two_cores_is_repeatable(
    two_cores: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Few deals for a long budget, so that the clock never cuts a share short."""
    monkeypatch.setattr(french_contract, "DEALS_PER_SECOND", 12)
    state = FRENCH.new(4)
    state.apply(FRENCH.deal_action(state, 3))
    view = state.view(state.turn)
    legal = [str(a) for a in state.legal_actions()]
    choices = {FrenchSearch(1.0).choose(view, legal, 9) for _ in range(3)}
    assert len(choices) == 1


def test_a_late_helper_share_is_left_out(two_cores: None) -> None:
    start = time.monotonic()
    results = cores.spread(time.sleep, [(0.0,), (2.0,)], deadline=start + 0.1)
    assert results == [None]
    assert time.monotonic() - start < 1.0
    assert cores.spread(abs, [(-1,), (-2,)], deadline=time.monotonic() + 5) == [1, 2]


def test_helpers_end_when_their_process_is_killed() -> None:
    """A server killed with SIGKILL leaves no helper process behind."""
    script = (
        "from atout.robots import cores; cores.use_cores(2); "
        "print(*cores._pool._processes, flush=True); import time; time.sleep(60)"
    )
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    helpers = [int(pid) for pid in process.stdout.readline().split()]
    assert helpers and all(_alive(pid) for pid in helpers)
    process.kill()
    process.wait()
    give_up = time.monotonic() + 10
    while any(_alive(pid) for pid in helpers) and time.monotonic() < give_up:
        time.sleep(0.2)
    assert not any(_alive(pid) for pid in helpers)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"  # a zombie is gone
