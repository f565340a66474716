"""Jobs anyone may ask for over HTTP (a record replayed, a game exported), run
in the worker processes with the public places (``offload``), one at a time
per client address: an address the server trusts (``Guards.exempt``, a proxy
that checks its own clients) is not counted."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from starlette.requests import Request

from atout.server import offload
from atout.server.http_refusals import HTTPRefusal
from atout.server.throttle import Guards

Argument = TypeVar("Argument")
Result = TypeVar("Result")


async def run_public(
    request: Request, work: Callable[[Argument], Result], argument: Argument
) -> Result:
    """``work(argument)`` in a worker; 429 ``jobs_at_once`` while the client's
    address has another job running or waiting, 503 ``server_busy`` when the
    public places are full (both with ``Retry-After``)."""
    guards: Guards = request.app.state.hub.guards
    holder = guards.holder(request)
    try:
        return await offload.workers.run(work, argument, public=True, holder=holder)
    except offload.JobsAtOnce as error:
        raise HTTPRefusal.of(429, error, {"Retry-After": "1"}) from None
    except offload.Busy as error:
        raise HTTPRefusal.of(503, error, {"Retry-After": "1"}) from None
