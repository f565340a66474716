"""How many tournaments one client address may make: a guest is cheap to make
(a new one every 6 s), and each may keep 100 tournaments."""

from __future__ import annotations

from starlette.requests import Request

from atout.server.http_refusals import throttled
from atout.server.throttle import Guards, client_address


async def created_here(request: Request) -> None:
    """A dependency of the routes making a new tournament (duplicate or libre): 429
    ``too_many_tournaments_here`` (``seconds``, ``Retry-After``) once the client's
    address made 10 lately, then one every 6 minutes."""
    guards: Guards = request.app.state.hub.guards
    wait = await guards.take_address(guards.tournaments, "tournaments", client_address(request))
    throttled(wait, "too_many_tournaments_here")
