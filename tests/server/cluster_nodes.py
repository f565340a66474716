"""A real cluster for the tests: Debian's ``redis-server`` (installed by
``scripts/install-services.sh``) on a free loopback port, and real ``atout
serve`` processes sharing it and a PostgreSQL database (``tests.server.postgres``)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg
import pytest

from atout.server.store import Store
from tests.server.conftest import Server, free_port

ATOUT = Path(sys.executable).parent / "atout"
LEASE_SECONDS = 2.0
"""Short leases: a dead node's tables are taken over within about 3 s."""


@dataclass
class Redis:
    """A ``redis-server`` of the test's own, that it may kill and start again."""

    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        ping = ["redis-cli", "-p", str(self.port), "ping"]
        while subprocess.run(ping, capture_output=True, check=False).stdout.strip() != b"PONG":
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def pause(self) -> None:
        """Stop answering without closing a socket, as a hung host would."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    """A Redis of the test's own (channels are shared by every database of a server)."""
    redis = Redis(free_port())
    redis.start()
    yield redis.url
    redis.kill()


@dataclass
class Node:
    """One ``atout serve`` process of the cluster."""

    server: Server
    process: subprocess.Popen[bytes]
    log: Path

    def signal(self, number: signal.Signals) -> None:
        os.kill(self.process.pid, number)

    def name(self) -> str:
        """The node's name in the cluster, as its log says it joined."""
        found = re.search(r"joined the cluster as node (\w+)", self.log.read_text())
        assert found is not None, self.log.read_text()
        return found[1]


@dataclass
class Cluster:
    database_url: str
    redis_url: str
    nodes: list[Node] = field(default_factory=list)

    def store(self) -> Store:
        return Store(self.database_url)


def start_nodes(database_url: str, redis_url: str, count: int) -> list[Node]:
    """Start ``count`` nodes at once and wait until each is ready."""
    logs = Path(tempfile.mkdtemp(prefix="atout-cluster-"))
    nodes = []
    for _ in range(count):
        port = free_port()
        log = logs / f"node-{port}.log"
        command = [str(ATOUT), "serve", "--port", str(port), "--database-url", database_url]
        command += ["--redis-url", redis_url, "--lease-seconds", str(LEASE_SECONDS)]
        command += ["--robot-delay", "0", "--trick-pause", "0", "--robot-cores", "1"]
        command += ["--throttle-exempt", "127.0.0.1", "--grace", "60"]
        # A test may speak as another address (X-Forwarded-For), not exempt.
        command += ["--forwarded-allow-ips", "127.0.0.1"]
        with log.open("wb") as out:
            process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        nodes.append(Node(Server(port, None, logs), process, log))
    deadline = time.monotonic() + 180  # a loaded machine imports slowly
    try:
        for node in nodes:
            while True:
                assert node.process.poll() is None, node.log.read_text()
                try:
                    if httpx.get(f"{node.server.http}/health/ready").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, node.log.read_text()
                time.sleep(0.1)
    except BaseException:
        for node in nodes:
            node.process.kill()
        raise
    return nodes


@pytest.fixture(scope="module")
def cluster(postgres: str, redis_url: str) -> Iterator[Cluster]:
    """Three nodes on a new database (migrated once, before they start), shared by
    a module's tests: each test plays its own tables, and one that kills a node
    comes last."""
    name = f"cluster{os.getpid()}_{free_port()}"
    with psycopg.connect(f"{postgres}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = f"{postgres}/{name}"
    Store(url).close()  # ``atout db upgrade``'s work
    running = Cluster(url, redis_url, start_nodes(url, redis_url, 3))
    yield running
    stop_nodes(running.nodes)


def stop_nodes(nodes: list[Node]) -> None:
    """Stop the nodes still running (a paused one resumed first), killed if slow,
    and remove their logs (a fresh run used to leave a directory per cluster)."""
    for node in nodes:
        if node.process.poll() is None:
            node.signal(signal.SIGCONT)
            node.process.terminate()
    for node in nodes:
        try:
            node.process.wait(10)
        except subprocess.TimeoutExpired:
            node.process.kill()
            node.process.wait()
    for logs in {node.log.parent for node in nodes}:
        shutil.rmtree(logs, ignore_errors=True)
