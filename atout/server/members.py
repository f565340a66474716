"""Who an HTTP request speaks for: the identity its ``Authorization: Bearer`` token
opens, or 401 ``sign_in_first``. Endpoints kept for registered players (friends,
score sheets) refuse a guest's identity with their own code. The store is read
in a thread."""

from __future__ import annotations

import asyncio

from atout.server import accounts
from atout.server.http_refusals import HTTPRefusal
from atout.server.store import Store


def bearer_token(authorization: str) -> str:
    """The token of an ``Authorization`` header. The scheme's case does not
    matter (RFC 9110, 11.1); a bare token is taken as it is."""
    scheme, _, credentials = authorization.partition(" ")
    return credentials.strip() if scheme.lower() == "bearer" else authorization


async def identity(store: Store, authorization: str) -> accounts.Identity:
    """The account or guest the header's token opens (401 when none does)."""
    token = bearer_token(authorization)
    known = await asyncio.to_thread(accounts.identify, store, token) if token else None
    if known is None:
        raise HTTPRefusal(401, "sign_in_first")
    return known.identity
