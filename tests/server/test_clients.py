"""A client's way out: frames written at once when the socket takes them, else
queued in order for its writer; a client whose queue fills is disconnected."""

from __future__ import annotations

import asyncio
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.server.accounts import Identity
from atout.server.clients import OUTGOING_CHARACTERS, OUTGOING_LIMIT, Client


class Socket:
    """An ASGI ``send`` as uvicorn's: it waits while its transport is paused
    (not writable), else writes at once, without suspending."""

    def __init__(self) -> None:
        self.written: list[dict[str, Any]] = []
        self.writable = asyncio.Event()
        self.writable.set()
        self.gone = False

    async def send(self, message: dict[str, Any]) -> None:
        await self.writable.wait()
        if self.gone:
            raise OSError("the peer went away")
        self.written.append(message)

    def texts(self) -> list[str]:
        return [m["text"] for m in self.written if m["type"] == "websocket.send"]

    def closes(self) -> list[int]:
        return [m["code"] for m in self.written if m["type"] == "websocket.close"]


def _client() -> Client:
    return Client(Identity(None, "guest_x"), "127.0.0.1", "g:x")


async def _served(socket: Socket) -> tuple[Client, asyncio.Task[None]]:
    client = _client()
    writer = asyncio.create_task(client.drain(socket.send))
    await asyncio.sleep(0)  # the writer starts
    return client, writer


steps = st.lists(st.sampled_from(["send", "send", "send", "pause", "resume", "yield"]), max_size=60)


@settings(max_examples=60, deadline=None)
@given(steps)
def test_texts_arrive_in_order_whichever_way_each_went_out(plan: list[str]) -> None:
    """Sent at once or queued behind a paused transport, every text arrives once,
    in the order sent, then the close; a text sent with nothing waiting before it
    to a writable socket is written before ``send_text`` returns."""

    async def run() -> tuple[list[str], list[str], list[int]]:
        socket = Socket()
        client, writer = await _served(socket)
        sent: list[str] = []
        for step in plan:
            if step == "send":
                text = str(len(sent))
                at_once = socket.writable.is_set() and not client.out
                client.send_text(text)
                sent.append(text)
                if at_once:
                    assert socket.texts()[-1:] == [text]
            elif step == "pause":
                socket.writable.clear()
            elif step == "resume":
                socket.writable.set()
            else:
                await asyncio.sleep(0)
        socket.writable.set()
        client.close()
        await asyncio.wait_for(writer, 5)
        return sent, socket.texts(), socket.closes()

    sent, written, closes = asyncio.run(run())
    assert written == sent
    assert closes == [1000]


def test_a_client_whose_queue_holds_too_many_characters_is_closed() -> None:
    """Fewer texts than ``OUTGOING_LIMIT``, but large ones (a table's snapshot with a
    long chat, asked for again and again without reading): a client held 70 MB."""

    async def run() -> None:
        socket = Socket()
        client, writer = await _served(socket)
        socket.writable.clear()
        shared = "s" * (OUTGOING_CHARACTERS // 10)  # one text for many: held once
        big = [f"{n}".ljust(OUTGOING_CHARACTERS // 10, "x") for n in range(11)]
        for text in [shared] * 20 + big[:9]:
            client.send_text(text)
        assert not client.closed and client.waiting <= OUTGOING_CHARACTERS
        client.send_text(big[9])
        assert client.closed and len(client.out) < OUTGOING_LIMIT
        socket.writable.set()
        await asyncio.wait_for(writer, 5)
        assert socket.texts() == [shared] * 20 + big[:9] and client.waiting == 0
        assert socket.closes() == [1000]

    asyncio.run(run())


def test_a_client_that_lets_its_queue_fill_is_closed_after_what_it_holds() -> None:
    async def run() -> None:
        socket = Socket()
        client, writer = await _served(socket)
        socket.writable.clear()
        sent = [str(n) for n in range(OUTGOING_LIMIT - 1)]
        for text in sent:
            client.send_text(text)
        assert not client.closed  # below the limit: it may still catch up
        while not client.closed:
            sent.append(str(len(sent)))
            client.send_text(sent[-1])
        assert len(sent) > OUTGOING_LIMIT
        client.send_text("after")  # dropped: the client is closed
        socket.writable.set()
        await asyncio.wait_for(writer, 5)
        written = socket.texts()
        assert written == sent[: len(written)] and len(written) >= OUTGOING_LIMIT - 1
        assert socket.closes() == [1000]

    asyncio.run(run())


def test_a_flood_close_code_follows_the_queued_texts() -> None:
    async def run() -> None:
        socket = Socket()
        client, writer = await _served(socket)
        socket.writable.clear()
        client.send_text("a")
        client.send_text("b")
        client.close(1008)
        socket.writable.set()
        await asyncio.wait_for(writer, 5)
        assert socket.texts() == ["a", "b"] and socket.closes() == [1008]

    asyncio.run(run())


def test_texts_queued_before_the_writer_starts_go_first() -> None:
    async def run() -> None:
        socket = Socket()
        client = _client()
        client.send_text("welcome")
        writer = asyncio.create_task(client.drain(socket.send))
        client.send_text("next")  # the writer has not run yet: queued behind
        await asyncio.sleep(0)
        client.send_text("then")
        client.close()
        await asyncio.wait_for(writer, 5)
        assert socket.texts() == ["welcome", "next", "then"]

    asyncio.run(run())


def test_a_socket_gone_fails_no_sender_and_ends_the_writer() -> None:
    """The table sending to a vanished client is not hurt: the error stays here,
    and the writer ends when the reader closes the client."""

    async def run() -> None:
        socket = Socket()
        client, writer = await _served(socket)
        client.send_text("seen")
        socket.gone = True
        client.send_text("lost")  # at once: fails inside, not in the caller
        client.send_text("queued")
        socket.writable.clear()
        client.send_text("waits")
        socket.writable.set()
        client.close()
        await asyncio.wait_for(writer, 5)
        assert socket.texts() == ["seen"]

    asyncio.run(run())


def test_a_writer_cancelled_while_a_send_waits_cancels_that_send() -> None:
    async def run() -> None:
        socket = Socket()
        client, writer = await _served(socket)
        socket.writable.clear()
        client.send_text("stuck")
        await asyncio.sleep(0)  # the writer now waits for the unfinished send
        writer.cancel()
        done, _ = await asyncio.wait([writer], timeout=5)
        assert writer in done and writer.cancelled()
        socket.writable.set()
        await asyncio.sleep(0)
        assert socket.texts() == []  # the cancelled send wrote nothing later

    asyncio.run(run())
