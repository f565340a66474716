"""A session's end closes every socket it opened, whichever came first: a hello
whose token is still being checked when its session ends (a logout, a password
change) is refused or closed, never left open to act after the end
(docs/security.md, Identity)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator

import pytest

from atout.server import accounts, hub
from atout.server.store import SessionToken, Store
from tests.server.conftest import Player, Server
from tests.server.revocation import logouts, password_change

ROUNDS = 12
SOCKETS = 16


@pytest.fixture
def store(server: Server) -> Iterator[Store]:
    """The server's own database, to open sessions without hashing a password each."""
    opened = Store.in_dir(server.data_dir)
    yield opened
    opened.close()


@pytest.fixture
def slow_identify(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each hello's token is read, then its answer comes back late (a busy
    database, a loaded machine): half of them only once their session has ended
    (or half a second has passed), the others up to 20 ms later. A logout or a
    password change may pass any of them."""

    def identify(store: Store, token: str) -> accounts.Known | None:
        known = accounts.identify(store, token)
        if known is not None and random.random() < 0.5:
            deadline = time.monotonic() + 0.5
            while time.monotonic() < deadline and _alive(store, token):
                time.sleep(0.005)
        time.sleep(random.uniform(0, 0.02))
        return known

    monkeypatch.setattr(hub, "identify", identify)


def _alive(store: Store, token: str) -> bool:
    with store.session() as db:
        return db.get(SessionToken, accounts.token_hash(token)) is not None


def _sessions(store: Store, user: int, count: int) -> list[str]:
    return [accounts.open_session(store, user) for _ in range(count)]


@pytest.mark.usefixtures("slow_identify")
def test_no_socket_outlives_a_logout_racing_its_hello(server: Server, store: Store) -> None:
    """Hellos and the logouts of their tokens at random moments, 16 at once,
    12 times: each hello is refused (``unknown_session``) or its socket, welcomed,
    is told ``signed_out`` and closed; none stays open after its logout."""
    server.register("racer")
    user_id = accounts.account_named(store, "racer")
    assert user_id is not None

    async def rounds() -> tuple[int, list[str]]:
        welcomed, wrong = 0, []
        for _ in range(ROUNDS):
            tokens = await asyncio.to_thread(_sessions, store, user_id[0], SOCKETS)
            sockets, round_wrong = await logouts(server, server, tokens)
            welcomed += sum(s.welcomed for s in sockets)
            wrong += round_wrong
        return welcomed, wrong

    welcomed, wrong = asyncio.run(rounds())
    assert wrong == []
    assert 0 < welcomed < ROUNDS * SOCKETS  # both orders happened


@pytest.mark.usefixtures("slow_identify")
def test_no_socket_outlives_a_password_change_racing_its_hello(
    server: Server, store: Store
) -> None:
    """Hellos with every session of an account while its password changes, at
    random moments: none outlives the change; a socket opened with the new
    session's token stays open."""
    password = "password123"
    server.register("changer", password)
    user_id = accounts.account_named(store, "changer")
    assert user_id is not None

    async def rounds() -> tuple[int, list[str]]:
        nonlocal password
        welcomed, wrong = 0, []
        for turn in range(ROUNDS // 2):
            tokens = await asyncio.to_thread(_sessions, store, user_id[0], SOCKETS)
            new_password = f"another-secret-{turn}"
            sockets, round_wrong, fresh = await password_change(
                server, server, tokens, password, new_password, spread=0.3
            )
            password = new_password
            welcomed += sum(s.welcomed for s in sockets)
            wrong += round_wrong
            kept = await Player.connect(server, token=fresh)
            await asyncio.sleep(0.2)
            assert kept.reader is not None and not kept.reader.done()
            await kept.close()
        return welcomed, wrong

    welcomed, wrong = asyncio.run(rounds())
    assert wrong == []
    assert welcomed > 0
