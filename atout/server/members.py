"""Who an HTTP request speaks for: the identity its ``Authorization: Bearer`` token
opens, or 401 ``sign_in_first``. Endpoints kept for registered players (friends,
score sheets) refuse a guest's identity with their own code. The store is read
in a thread."""

from __future__ import annotations

import asyncio

from atout.server import accounts
from atout.server.http_refusals import HTTPRefusal
from atout.server.store import Store


async def identity(store: Store, authorization: str) -> accounts.Identity:
    """The account or guest the header's token opens (401 when none does)."""
    token = authorization.removeprefix("Bearer ")
    known = await asyncio.to_thread(accounts.identify, store, token) if token else None
    if known is None:
        raise HTTPRefusal(401, "sign_in_first")
    return known.identity
