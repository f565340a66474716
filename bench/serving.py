"""A fresh ``atout serve`` on loopback for the benchmarks (imported by them as
``serving``: they run as scripts from this folder)."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator

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
