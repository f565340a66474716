"""The friends endpoints: the list (with who is online, and at which table the
asker may join them), requests by name, acceptance, removal, blocks.

Registered players only: identity is the session's user id, never a name. A
request is throttled per account before anything is read (``Guards``), and
the requested player, a requester whose request is accepted or declined, and
a friend removed hear of it at once on their open sockets (``Hub.notify``);
a blocked player is told nothing, but is sent away from the blocker's private
tables (and the blocker from theirs: ``table_seats.part_at``). The store is
read and written in threads; refusals answer a code
(``atout.server.http_refusals``).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header
from pydantic import BaseModel, ConfigDict, Field

from atout.server import friends, members
from atout.server.friends import FriendRefused
from atout.server.http_refusals import HTTPRefusal
from atout.server.hub import Hub
from atout.server.store import Store
from atout.server.throttle import Guards

T = TypeVar("T")


class ByName(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=64)


class ById(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: int = Field(ge=1, le=2**63 - 1)


def friend_routes(store: Store, guards: Guards, hub: Hub) -> APIRouter:
    router = APIRouter()

    async def member(authorization: str) -> tuple[int, str]:
        """The registered player a Bearer token opens: (user id, name) (401; a guest: 403)."""
        me = await members.identity(store, authorization)
        if me.user_id is None:
            raise HTTPRefusal(403, "guests_no_friends")
        return me.user_id, me.name

    async def settled(change: Callable[..., T], *args: Any) -> T:
        """A friends function run in a thread; its refusal answers the request."""
        try:
            return await asyncio.to_thread(change, store, *args)
        except FriendRefused as refused:
            raise HTTPRefusal.of(refused.status, refused) from None

    @router.get("/api/friends")
    async def listing(authorization: Annotated[str, Header()] = "") -> dict[str, Any]:
        me, _ = await member(authorization)
        found = await asyncio.to_thread(friends.listing, store, me)
        presence = await hub.presence(me, [f.id for f in found.friends])
        return {
            "friends": [{"id": f.id, "name": f.name, **presence[f.id]} for f in found.friends],
            "incoming": [{"id": p.id, "name": p.name} for p in found.incoming],
            "outgoing": [{"id": p.id, "name": p.name} for p in found.outgoing],
            "blocked": [{"id": p.id, "name": p.name} for p in found.blocked],
        }

    @router.post("/api/friends/request")
    async def request(body: ByName, authorization: Annotated[str, Header()] = "") -> dict[str, Any]:
        me, my_name = await member(authorization)
        wait = await guards.try_friend_request(me)
        if wait > 0:
            seconds = math.ceil(wait)
            raise HTTPRefusal(
                429, "too_many_friend_requests", {"Retry-After": str(seconds)}, seconds=seconds
            )
        other, mutual = await settled(friends.request, me, body.name)
        kind = "friend_accepted" if mutual else "friend_request"
        hub.notify(other.id, {"type": kind, "from": my_name, "id": me})
        return {"id": other.id, "name": other.name, "friends": mutual}

    @router.post("/api/friends/accept")
    async def accept(body: ById, authorization: Annotated[str, Header()] = "") -> dict[str, Any]:
        me, my_name = await member(authorization)
        other = await settled(friends.accept, me, body.id)
        hub.notify(other.id, {"type": "friend_accepted", "from": my_name, "id": me})
        return {"id": other.id, "name": other.name, "friends": True}

    @router.post("/api/friends/remove")
    async def remove(body: ById, authorization: Annotated[str, Header()] = "") -> dict[str, bool]:
        """End a friendship, decline a request or withdraw one's own."""
        me, my_name = await member(authorization)
        ended = await settled(friends.remove, me, body.id)
        if ended != "withdrawn":
            kind = "friend_removed" if ended == "removed" else "friend_declined"
            hub.notify(body.id, {"type": kind, "from": my_name, "id": me})
        return {"ok": True}

    @router.post("/api/friends/block")
    async def block(body: ByName, authorization: Annotated[str, Header()] = "") -> dict[str, Any]:
        """Block a player by name: what was between you ends, silently for them,
        and your private tables and theirs send the other away (``Hub.blocked``: on every node)."""
        me, _ = await member(authorization)
        other = await settled(friends.block, me, body.name)
        hub.blocked((me, other.id))
        return {"id": other.id, "name": other.name}

    @router.post("/api/friends/unblock")
    async def unblock(body: ById, authorization: Annotated[str, Header()] = "") -> dict[str, bool]:
        me, _ = await member(authorization)
        await settled(friends.unblock, me, body.id)
        return {"ok": True}

    return router
