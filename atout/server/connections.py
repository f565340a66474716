"""Limits uvicorn does not have: a deadline for a request's headers, and a
bound on the connections one address holds open; and its refusals of what is
not HTTP, or not a websocket upgrade, coded as the application's refusals are.

Without them, 300 sockets trickling their headers a byte at a time stayed open
for as long as they liked. uvicorn already closes idle keep-alive connections
(``timeout_keep_alive``); a socket upgraded to a websocket leaves this count
and is counted by the hub instead (``Hub.admit``).
"""

from __future__ import annotations

import asyncio
import binascii
from base64 import b64decode
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from atout.refusals import Refusal
from atout.server.http_refusals import response


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a header deadline and a per-address count."""

    header_seconds: ClassVar[float] = 10.0
    per_address: ClassVar[int] = 64
    exempt: ClassVar[frozenset[str]] = frozenset()
    _open: ClassVar[Counter[str]] = Counter()
    _deadline: asyncio.TimerHandle | None = None
    _counted: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "unknown"
        if address not in self.exempt:
            if self._open[address] >= self.per_address:
                transport.close()
                return
            self._open[address] += 1
            self._counted = address
        self._start_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._uncount()
        self._stop_deadline()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:  # the next request of a kept-alive connection
            self._start_deadline()

    def on_headers_complete(self) -> None:
        self._stop_deadline()
        super().on_headers_complete()

    def handle_websocket_upgrade(self) -> None:
        self._uncount()
        refused = upgrade_refusal(self.scope["method"], self.headers)
        if refused is not None:
            self._refuse(*refused)
            return
        super().handle_websocket_upgrade()

    def send_400_response(self, msg: str) -> None:
        """What the parser refuses (a bad method, a NUL in a header, two
        ``Content-Length``) answered 400 ``bad_http_request`` in JSON, as every
        refusal: uvicorn answered it in plain, uncoded English itself."""
        self._refuse(400, Refusal("bad_http_request"))

    def _refuse(self, status: int, refusal: Refusal, headers: Sequence[bytes] = ()) -> None:
        """Answer ``refusal`` with ``status`` (and ``headers``, each a whole
        ``name: value`` line) and close the connection."""
        body = response(refusal, status).body
        head = [STATUS_LINE[status]]
        for name, value in self.server_state.default_headers:
            head += [name, b": ", value, b"\r\n"]
        head += [line + b"\r\n" for line in headers]
        head += [
            b"content-type: application/json\r\n",
            b"content-length: %d\r\n" % len(body),
            b"connection: close\r\n\r\n",
        ]
        self.transport.write(b"".join(head) + body)
        self.transport.close()

    def _start_deadline(self) -> None:
        self._deadline = self.loop.call_later(self.header_seconds, self.transport.close)

    def _stop_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _uncount(self) -> None:
        if self._counted is not None:
            self._open[self._counted] -= 1
            if not self._open[self._counted]:
                del self._open[self._counted]
            self._counted = None


class RefusingSocket(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, its handshake over once the application
    starts a denial response (a 429 before the upgrade, a 404): uvicorn 0.54
    took the handshake for unfinished, and logged an error at every refusal."""

    _initial: tuple[int, list[tuple[str, str]], bytes] | None = None

    @property
    def initial_response(self) -> tuple[int, list[tuple[str, str]], bytes] | None:
        return self._initial

    @initial_response.setter
    def initial_response(self, response: tuple[int, list[tuple[str, str]], bytes] | None) -> None:
        self._initial = response
        if response is not None:  # no accept may follow: the answer is a refusal
            self.handshake_complete = True


def upgrade_refusal(
    method: str, headers: Sequence[tuple[bytes, bytes]]
) -> tuple[int, Refusal, list[bytes]] | None:
    """Why a websocket upgrade is not one RFC 6455 allows (section 4.2.1), as
    the status, refusal and headers to answer: a method other than GET (405
    with ``Allow``), a version other than 13 (426 naming it), a key that is not
    16 bytes in base64 (400); None when it is one. uvicorn's websocket library
    said these in plain English."""
    if method != "GET":
        return 405, Refusal("method_not_allowed"), [b"allow: GET"]
    versions = [value for name, value in headers if name == b"sec-websocket-version"]
    if versions != [b"13"]:
        refusal = Refusal("bad_websocket_upgrade", header="Sec-WebSocket-Version")
        return 426, refusal, [b"sec-websocket-version: 13"]
    keys = [value for name, value in headers if name == b"sec-websocket-key"]
    if len(keys) != 1 or not _sixteen_bytes(keys[0]):
        return 400, Refusal("bad_websocket_upgrade", header="Sec-WebSocket-Key"), []
    return None


def _sixteen_bytes(key: bytes) -> bool:
    try:
        return len(b64decode(key.strip(), validate=True)) == 16
    except binascii.Error:
        return False


def guarded_http(
    header_seconds: float, per_address: int, exempt: frozenset[str]
) -> type[GuardedHttp]:
    """The protocol class for one server's settings (uvicorn takes a class)."""
    settings: dict[str, Any] = {
        "header_seconds": header_seconds,
        "per_address": per_address,
        "exempt": exempt,
        "_open": Counter(),
    }
    return type("ServerHttp", (GuardedHttp,), settings)
