"""What each attack of issue 17 gets from a real ``atout serve``: how many of its
requests are refused, and what the server's memory does meanwhile.

Starts ``atout serve`` on loopback with a fresh data directory, trusting
loopback as a proxy so that each attack comes from its own address, then runs:
a login flood (200 wrong passwords at once) sampling the server's RSS, a
registration flood, a guest flood, invitation-code guessing from new sockets,
a websocket flood, and 300 sockets trickling headers.

Run: ``uv run python bench/attacks.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import select
import socket
import time
from collections import Counter
from pathlib import Path

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from atout.server.protocol import PROTOCOL_VERSION
from bench.serving import served


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def login_flood(http: str, pid: int) -> None:
    httpx.post(f"{http}/api/register", json={"name": "victim", "password": "password123"})
    before, peak = rss_mib(pid), 0.0
    done = asyncio.Event()

    async def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, rss_mib(pid))
            await asyncio.sleep(0.02)

    sampler = asyncio.create_task(sample())
    start = time.perf_counter()
    limits = httpx.Limits(max_connections=60)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        body = {"name": "victim", "password": "wrong-password"}
        headers = {"X-Forwarded-For": "10.0.0.1"}
        replies = await asyncio.gather(
            *(client.post(f"{http}/api/login", json=body, headers=headers) for _ in range(200)),
            return_exceptions=True,
        )
    elapsed = time.perf_counter() - start
    done.set()
    await sampler
    codes = Counter(r.status_code if isinstance(r, httpx.Response) else "cut" for r in replies)
    print(
        f"login flood, 200 wrong passwords: {dict(codes)} in {elapsed:.1f} s; "
        f"server RSS {before:.0f} MiB before, peak {peak:.0f} MiB (+{peak - before:.0f})"
    )


def registration_flood(http: str) -> None:
    headers = {"X-Forwarded-For": "10.0.0.2"}
    codes = Counter(
        httpx.post(
            f"{http}/api/register",
            json={"name": f"bulk{n}", "password": "password123"},
            headers=headers,
        ).status_code
        for n in range(50)
    )
    print(f"registration flood, 50 from one address: {dict(codes)}")


async def hello(ws_url: str, address: str, extra: dict[str, object] | None = None) -> str:
    try:
        async with connect(ws_url, additional_headers={"X-Forwarded-For": address}) as ws:
            await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION}))
            answer = json.loads(await ws.recv())
            if answer["type"] != "welcome" or extra is None:
                return str(answer.get("message", answer["type"]))
            await ws.send(json.dumps(extra))
            reply = json.loads(await ws.recv())
            return str(reply.get("message", reply["type"]))
    except InvalidStatus as refused:
        return f"HTTP {refused.response.status_code}"


async def guest_flood(ws_url: str) -> None:
    outcomes = Counter([await hello(ws_url, "10.0.0.3") for _ in range(100)])
    print(f"guest flood, 100 hellos from one address: {dict(outcomes)}")


async def code_guessing(ws_url: str) -> None:
    async with connect(ws_url, additional_headers={"X-Forwarded-For": "10.0.0.4"}) as host:
        await host.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION}))
        await host.recv()
        await host.send(json.dumps({"type": "create", "options": {"private": True}}))
        table = ""
        while not table:
            message = json.loads(await host.recv())
            if message["type"] == "table":
                table = message["table"]["id"]
        outcomes = Counter(
            [
                (await hello(ws_url, "10.0.0.5", {"type": "sit", "table": table, "code": f"g{n}"}))[
                    :40
                ]
                for n in range(50)
            ]
        )
    print(f"invitation-code guessing, 50 new sockets from one address: {dict(outcomes)}")


async def socket_flood(ws_url: str) -> None:
    outcomes: Counter[str] = Counter()
    for _ in range(100):
        try:
            ws = await connect(ws_url, additional_headers={"X-Forwarded-For": "10.0.0.6"})
            outcomes["open"] += 1
            await ws.close()
        except InvalidStatus as refused:
            outcomes[f"HTTP {refused.response.status_code}"] += 1
    print(f"websocket flood, 100 connections from one address: {dict(outcomes)}")


def slow_headers(port: int) -> None:
    sockets = []
    for _ in range(300):
        try:
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        except OSError:
            break
    start = time.perf_counter()
    for s in sockets:
        with contextlib.suppress(OSError):
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # never finished
    closed_at: dict[socket.socket, float] = {}
    while len(closed_at) < len(sockets) and time.perf_counter() - start < 60:
        readable, _, _ = select.select([s for s in sockets if s not in closed_at], [], [], 0.1)
        for s in readable:  # readable with nothing to read: closed by the server
            with contextlib.suppress(OSError):
                s.recv(10)
            closed_at[s] = time.perf_counter() - start
    for s in sockets:
        s.close()
    at_once = sum(t < 1 for t in closed_at.values())
    print(
        f"slow headers, {len(sockets)} sockets: {at_once} closed at once (over the 64 an "
        f"address holds), all {len(closed_at)} closed within {max(closed_at.values()):.1f} s"
    )


def main() -> None:
    with served("--robot-cores", "1", "--forwarded-allow-ips", "127.0.0.1") as (port, pid):
        http, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
        asyncio.run(login_flood(http, pid))
        registration_flood(http)
        asyncio.run(guest_flood(ws_url))
        asyncio.run(code_guessing(ws_url))
        asyncio.run(socket_flood(ws_url))
    with served("--robot-cores", "1") as (
        port,
        _,
    ):  # no proxy: the sockets' own address is throttled
        slow_headers(port)


if __name__ == "__main__":
    main()
