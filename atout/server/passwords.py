"""Password hashing with a fixed cost: argon2 in a small thread pool (argon2-cffi
releases the GIL), with a bounded queue in front of it.

Each argon2 hash holds 64 MiB while it runs, so a flood of logins could once
raise the server's memory by a gigabyte. Here at most ``WORKERS`` run at once
(128 MiB in all) and at most ``WAITING`` more wait; any further request is
refused at once (Busy), which the endpoints answer with 503.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Final, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from atout.refusals import Refusal

WORKERS: Final = 2
WAITING: Final = 16
MIN_LENGTH: Final = 8
MAX_LENGTH: Final = 128
_hasher = PasswordHasher()
T = TypeVar("T")


class Busy(Refusal, RuntimeError):
    """Too many password checks are already running or waiting."""


class Passwords:
    """The server's argon2 work."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="argon2")
        self._slots = asyncio.Semaphore(WORKERS + WAITING)
        self._unknown = _hasher.hash("no account has this password")

    async def hash(self, password: str) -> str:
        return await self._run(_hasher.hash, password)

    async def verify(self, password_hash: str | None, password: str) -> bool:
        """Whether ``password`` matches; an unknown account (None) costs a check
        too, so that timing does not tell which names exist."""
        matches = await self._run(_verify, password_hash or self._unknown, password)
        return matches and password_hash is not None

    async def _run(self, work: Callable[[str, str], T] | Callable[[str], T], *args: str) -> T:
        if self._slots.locked():
            raise Busy("passwords_busy")
        async with self._slots:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool, work, *args)  # type: ignore[arg-type]

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _verify(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False
