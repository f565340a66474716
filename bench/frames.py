"""CPU per websocket frame on the server, both ways, without the game around it.

Runs the real app under uvicorn in a thread of this process (``ws_per_message_deflate``
off, as ``atout serve`` runs it) and its clients in a child process (so their CPU is
not counted), then measures the CPU time of the server's event-loop thread:

- out: ``Client.send_text`` of an update-sized text to every client, four at a time
  as a table's action does, until each client has read them all;
- in: each client sends ``act`` messages for a table that does not exist: the
  socket's receive, ``protocol.parse_message``, ``Hub.dispatch`` and the refusal
  frame sent back;
- parse: ``protocol.parse_message`` of an ``act`` alone (this thread).

Run: ``uv run python bench/frames.py [--clients 400] [--frames 50] [--acts 50]
[--repeat 3]``; the least CPU of the runs is shown. A shared machine gives noisy
figures: compare runs made side by side (``PYTHONPATH`` at another checkout).
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import orjson
import uvicorn
from websockets.asyncio.client import connect

from atout.server import protocol
from atout.server.app import Settings, create_app
from atout.server.clients import Client
from atout.server.throttle import Backoff, Guards, Rate

PER_ACTION = 4
UPDATE = orjson.dumps(
    {"type": "update", "table": "t" * 8, "seq": 1, "events": [{"kind": "play", "x": "y" * 300}]}
).decode()
ACT = orjson.dumps({"type": "act", "table": "nosuchtable", "action": "KH"})


async def _clients(port: int, clients: int, frames: int, acts: int, repeat: int) -> None:
    """The child process: ``clients`` sockets; reads ``frames`` each, then sends
    ``acts`` each and reads their refusals, ``repeat`` times; says each phase's end
    on stdout."""
    hello = orjson.dumps({"type": "hello", "v": protocol.PROTOCOL_VERSION}).decode()
    sockets = [await connect(f"ws://127.0.0.1:{port}/ws", max_size=None) for _ in range(clients)]
    for ws in sockets:
        await ws.send(hello)
        await ws.recv()  # welcome
    print("ready", flush=True)

    async def read(ws: Any, count: int) -> None:
        for _ in range(count):
            await ws.recv()

    async def act(ws: Any) -> None:
        for _ in range(acts):
            await ws.send(ACT.decode())
        await read(ws, acts)

    for _ in range(repeat):
        await asyncio.gather(*(read(ws, frames) for ws in sockets))
        print("out done", flush=True)
        sys.stdin.readline()  # go
        await asyncio.gather(*(act(ws) for ws in sockets))
        print("in done", flush=True)
    for ws in sockets:
        await ws.close()


def _server(data_dir: Path) -> tuple[uvicorn.Server, threading.Thread, Any]:
    many = 10.0**9
    guards = Guards(
        registrations=Rate(many, many),
        guests=Rate(many, many),
        connections=Rate(many, many),
        login_address=Backoff(free=10**9),
        sockets_per_address=10**9,
    )
    settings = Settings(
        data_dir=data_dir, guards=guards, messages_per_second=many, message_burst=many
    )
    app = create_app(settings)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, log_level="warning", ws_per_message_deflate=False
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    return server, thread, app


def _cpu(thread: threading.Thread) -> float:
    assert thread.ident is not None
    return time.clock_gettime(time.pthread_getcpuclockid(thread.ident))


async def _pump(clients: list[Client], frames: int) -> None:
    """Each client gets ``frames`` texts, ``PER_ACTION`` clients per loop step."""
    for _ in range(frames):
        for first in range(0, len(clients), PER_ACTION):
            for client in clients[first : first + PER_ACTION]:
                client.send_text(UPDATE)
            await asyncio.sleep(0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=400)
    parser.add_argument("--frames", type=int, default=50, help="frames out per client")
    parser.add_argument("--acts", type=int, default=50, help="messages in per client")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the least CPU is shown")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        asyncio.run(_clients(args.child, args.clients, args.frames, args.acts, args.repeat))
        return
    with tempfile.TemporaryDirectory() as data_dir:
        server, thread, app = _server(Path(data_dir))
        port = server.servers[0].sockets[0].getsockname()[1]
        child = subprocess.Popen(
            [sys.executable, __file__, "--child", str(port), *_counts(args)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdin is not None and child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        hub = app.state.hub
        clients = list(hub.joined)
        loop = server_loop(server)
        out = incoming = float("inf")
        for _ in range(args.repeat):
            start = _cpu(thread)
            asyncio.run_coroutine_threadsafe(_pump(clients, args.frames), loop).result()
            assert child.stdout.readline().strip() == "out done"
            out = min(out, (_cpu(thread) - start) / (len(clients) * args.frames))
            start = _cpu(thread)
            child.stdin.write("go\n")
            child.stdin.flush()
            assert child.stdout.readline().strip() == "in done"
            incoming = min(incoming, (_cpu(thread) - start) / (len(clients) * args.acts))
        child.wait()
        server.should_exit = True
        thread.join(10)
    count, parse = 20_000, float("inf")
    for _ in range(args.repeat):
        began = time.thread_time()
        for _ in range(count):
            protocol.parse_message(ACT)
        parse = min(parse, (time.thread_time() - began) / count)
    print(f"{len(clients)} clients, {args.frames} frames out and {args.acts} acts in each,")
    print(f"least of {args.repeat} runs:")
    print(f"out: {out * 1e6:.1f} µs of server CPU per frame")
    print(f"in: {incoming * 1e6:.1f} µs per act refused (receive, parse, dispatch, reply)")
    print(f"parse: {parse * 1e6:.1f} µs per act (parse_message alone)")


def _counts(args: argparse.Namespace) -> list[str]:
    """The child process's arguments: the same counts."""
    names = ("clients", "frames", "acts", "repeat")
    return [word for name in names for word in (f"--{name}", str(getattr(args, name)))]


def server_loop(server: uvicorn.Server) -> asyncio.AbstractEventLoop:
    """The event loop uvicorn's thread runs."""
    return server.servers[0].get_loop()


if __name__ == "__main__":
    main()
