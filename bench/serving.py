"""A fresh ``atout serve`` on loopback for the benchmarks (imported by them as
``serving``: they run as scripts from this folder)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def served(*options: str) -> Iterator[tuple[int, int]]:
    """``atout serve`` with ``options`` on a free port and a temporary data
    directory, once it answers: (port, pid). Stopped on leaving."""
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        command = [sys.executable, "-c", "from atout.cli import main; main()", "serve"]
        command += ["--port", str(port), "--data-dir", data, *options]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    httpx.get(f"http://127.0.0.1:{port}/health/live", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            yield port, server.pid
        finally:
            server.terminate()
            server.wait(30)


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive free ports (``scripts/cluster.sh`` takes such)."""
    while True:
        first = free_port()
        try:
            with contextlib.ExitStack() as held:
                for port in range(first, first + count):
                    sock = held.enter_context(socket.socket())
                    sock.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue


@contextlib.contextmanager
def cluster(nodes: int, *options: str) -> Iterator[tuple[list[int], int]]:
    """A throwaway cluster from ``scripts/cluster.sh`` (PostgreSQL, Redis and
    ``nodes`` nodes started with ``options``), once every node answers: their
    ports, and the pid of the script every process of the cluster descends from.
    Stopped on leaving."""
    script = Path(__file__).resolve().parent.parent / "scripts" / "cluster.sh"
    with tempfile.TemporaryDirectory() as data:
        env = os.environ | {
            "ATOUT_CLUSTER_DIR": data,
            "ATOUT_PG_PORT": str(free_port()),
            "ATOUT_REDIS_PORT": str(free_port()),
            "ATOUT_NODE_OPTIONS": " ".join(options),
        }
        command = ["sh", str(script), str(nodes), str(free_ports(nodes))]
        running = subprocess.Popen(command, stdout=subprocess.PIPE, env=env, text=True)
        try:
            assert running.stdout is not None
            ports: list[int] = []
            while len(ports) < nodes:
                line = running.stdout.readline()
                if not line:
                    raise RuntimeError("scripts/cluster.sh stopped before its nodes started")
                ports += [int(p) for p in re.findall(r"^node \d+: http://127.0.0.1:(\d+)", line)]
            for port in ports:
                for _ in range(1200):
                    try:
                        if httpx.get(f"http://127.0.0.1:{port}/health/ready", timeout=1).is_success:
                            break
                    except httpx.HTTPError:
                        pass
                    time.sleep(0.1)
            yield ports, running.pid
        finally:
            running.send_signal(signal.SIGTERM)
            running.wait(60)
