"""A throwaway PostgreSQL cluster from Debian's packages (installed by
``scripts/install-services.sh``) on a free loopback port, for the tests that need
a real one: each test gets a database of its own."""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from tests.server.conftest import free_port

BINARIES = sorted(Path("/usr/lib/postgresql").glob("*/bin"))


def _as_postgres(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as Debian's ``postgres`` user then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.getuid() == 0 else command


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """The URL of a running cluster's ``postgres`` database (user ``postgres``, trust)."""
    if not BINARIES:
        raise RuntimeError("PostgreSQL is missing: run scripts/install-services.sh")
    binaries = BINARIES[-1]
    home = Path(tempfile.mkdtemp(prefix="atout-pg-"))
    if os.getuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(home, user.pw_uid, user.pw_gid)
    data, port = home / "data", free_port()
    subprocess.run(
        _as_postgres([str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"]),
        check=True,
        capture_output=True,
    )
    options = f"-F -p {port} -k {home} -c listen_addresses=127.0.0.1"
    ctl = [str(binaries / "pg_ctl"), "-D", str(data)]
    start = _as_postgres([*ctl, "-o", options, "-w", "start", "-l", str(home / "log")])
    subprocess.run(start, check=True)
    global _running
    _running = _Running(data, _as_postgres([*ctl, "-m", "fast", "stop"]), start)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        _running = None
        stop = [*ctl, "-m", "immediate", "stop"]
        subprocess.run(_as_postgres(stop), check=False, capture_output=True)
        shutil.rmtree(home, ignore_errors=True)


@dataclass(frozen=True)
class _Running:
    """The running tests' PostgreSQL: its data directory, how to stop and start it."""

    data: Path
    stop: list[str]
    start: list[str]


_running: _Running | None = None


def restart_postgres(down_for: float) -> None:
    """Stop the tests' PostgreSQL as an administrator would (its sessions ended),
    and start it again ``down_for`` seconds later."""
    assert _running is not None, "the postgres fixture is not running"
    subprocess.run(_running.stop, check=True, capture_output=True)
    time.sleep(down_for)
    subprocess.run(_running.start, check=True, capture_output=True)


@pytest.fixture
def new_database(postgres: str) -> Callable[[], str]:
    """Makes empty databases on the cluster: the URL of a new one at each call."""
    made = 0

    def make() -> str:
        nonlocal made
        made += 1
        name = f"t{os.getpid()}_{made}_{free_port()}"
        with psycopg.connect(f"{postgres}/postgres", autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return f"{postgres}/{name}"

    return make


def pause_postgres(paused_for: float) -> None:
    """Stop the tests' PostgreSQL answering, as a hung host would: its
    processes stopped (not their sockets), and resumed ``paused_for`` seconds later."""
    assert _running is not None, "the postgres fixture is not running"
    postmaster = int((_running.data / "postmaster.pid").read_text().split()[0])
    children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True)
    pids = [postmaster, *map(int, children.stdout.split())]
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    time.sleep(paused_for)
    for pid in pids:
        os.kill(pid, signal.SIGCONT)
