"""The account endpoints: register, login, logout, password change and the
daily chips.

Each is throttled before it costs anything (per client address, and per
account name for logins, with a doubling wait after repeated failures);
password hashing runs in the bounded pool of ``Passwords``; the store is read
and written in threads. Logout and a password change close at once every
socket of the sessions they end. Refusals answer ``detail`` (English) with
their ``code`` and ``params`` (``atout.server.http_refusals``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Annotated, Final, TypeVar

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel, ConfigDict

from atout.server import accounts, ledger, names, passwords
from atout.server.http_refusals import HTTPRefusal, throttled
from atout.server.members import bearer_token
from atout.server.passwords import Passwords
from atout.server.store import Store
from atout.server.throttle import Guards, client_address
from atout.text import Encodable, name_key

T = TypeVar("T")


class Credentials(BaseModel):
    """A name and a password of any length (the body's limit bounds them): each
    route refuses the lengths its rules do not allow by their own codes."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Encodable
    password: Encodable


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    password: Encodable
    new_password: Encodable


class Nothing(BaseModel):
    """A body of no fields (``{}``, or none): asking for an amount of chips is
    refused, not silently ignored."""

    model_config = ConfigDict(extra="forbid", strict=True)


LONGEST_NAME: Final = 64
"""No account's name was ever over 24 characters (64 leaves room for other ways of
typing one): a sign-in with a longer name is refused before a throttle keeps it as a key."""


def account_routes(
    store: Store,
    passwords_pool: Passwords,
    guards: Guards,
    revoke: Callable[[str | None, int | None, str | None], None],
) -> APIRouter:
    """The routes; ``revoke(session, user, keep)`` closes the sockets of a session,
    or of every session of a user but ``keep``."""
    router = APIRouter()

    async def _try_address(address: str) -> float:
        return await guards.take_address(guards.login_address, "login_address", address)

    async def _forgive_address(address: str) -> None:
        await guards.forgive_address(guards.login_address, "login_address", address)

    @router.post("/api/register")
    async def register(body: Credentials, request: Request) -> dict[str, str]:
        try:
            name = names.display_name(body.name)
        except names.InvalidName as error:
            raise HTTPRefusal.of(400, error) from None
        _check_length(body.password)
        address = client_address(request)
        wait = await guards.take_address(guards.registrations, "registrations", address)
        throttled(wait, "too_many_registrations")
        hashed = await _hashing(passwords_pool.hash(body.password))
        try:
            _, token = await asyncio.to_thread(accounts.create, store, name, hashed)
        except accounts.AccountError as error:
            raise HTTPRefusal.of(400, error) from None
        return {"name": name, "token": token}

    @router.post("/api/login")
    async def login(body: Credentials, request: Request) -> dict[str, str]:
        if len(body.name) > LONGEST_NAME or len(body.password) > passwords.MAX_LENGTH:
            raise HTTPRefusal(401, "wrong_credentials")  # no account has them: no hash to check
        address, key = client_address(request), name_key(body.name)
        throttled(await _try_address(address), "too_many_sign_ins")  # failed until proved right
        name_wait = await guards.try_sign_in(key)  # counted as failed as well, if let try
        if name_wait:
            await _forgive_address(address)  # not tried after all
            throttled(name_wait, "too_many_sign_ins")
        found = await asyncio.to_thread(accounts.password_of, store, body.name)
        if not await _hashing(passwords_pool.verify(found[2] if found else None, body.password)):
            raise HTTPRefusal(401, "wrong_credentials")
        assert found is not None
        await _forgive_address(address)
        await guards.signed_in(key)
        token = await asyncio.to_thread(accounts.open_session, store, found[0])
        return {"name": found[1], "token": token}

    @router.post("/api/logout")
    async def logout(authorization: Annotated[str, Header()] = "") -> dict[str, bool]:
        token = bearer_token(authorization)
        if token:
            revoke(await asyncio.to_thread(accounts.end_session, store, token), None, None)
        return {"ok": True}

    @router.post("/api/password")
    async def change_password(
        body: NewPassword, request: Request, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, str]:
        """A new password ends every session of the account; the answer holds a new one."""
        token = bearer_token(authorization)
        known = await asyncio.to_thread(accounts.identify, store, token) if token else None
        if known is None or known.identity.user_id is None:
            raise HTTPRefusal(401, "sign_in_first")
        user_id, address = known.identity.user_id, client_address(request)
        throttled(await _try_address(address), "too_many_sign_ins")  # failed until proved right
        found = await asyncio.to_thread(accounts.password_of, store, known.identity.name)
        if (
            found is None
            or len(body.password) > passwords.MAX_LENGTH  # no account has it: no hash to check
            or not await _hashing(passwords_pool.verify(found[2], body.password))
        ):
            raise HTTPRefusal(401, "wrong_password")
        await _forgive_address(address)
        _check_length(body.new_password)
        hashed = await _hashing(passwords_pool.hash(body.new_password))
        new_token = await asyncio.to_thread(
            accounts.change_password, store, user_id, found[2], hashed
        )
        if new_token is None:  # changed meanwhile by a request that knew it as well
            raise HTTPRefusal(401, "wrong_password")
        # Not the new session's sockets: one may open before every node hears this.
        revoke(None, user_id, accounts.token_hash(new_token))
        return {"name": known.identity.name, "token": new_token}

    @router.post("/api/chips/allowance")
    async def allowance(
        body: Nothing | None = None, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, int]:
        """The daily chips of a player below the floor (``ledger.ALLOWANCE_FLOOR``)."""
        token = bearer_token(authorization)
        known = await asyncio.to_thread(accounts.identify, store, token) if token else None
        if known is None or known.identity.user_id is None:
            raise HTTPRefusal(401, "sign_in_first")
        day = datetime.now(UTC).date().isoformat()
        try:
            granted, chips = await asyncio.to_thread(
                accounts.take_allowance, store, known.identity.user_id, day
            )
        except ledger.AllowanceRefused as refusal:
            raise HTTPRefusal.of(409, refusal) from None
        return {"granted": granted, "chips": chips}

    return router


def _check_length(password: str) -> None:
    if not passwords.MIN_LENGTH <= len(password) <= passwords.MAX_LENGTH:
        raise HTTPRefusal(
            400, "password_length", min=passwords.MIN_LENGTH, max=passwords.MAX_LENGTH
        )


async def _hashing(work: Awaitable[T]) -> T:
    """A password hash or check; 503 when the pool is full."""
    try:
        return await work
    except passwords.Busy as error:
        raise HTTPRefusal.of(503, error, {"Retry-After": "2"}) from None
