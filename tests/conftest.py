"""Fixtures shared across test folders."""

import asyncio
from collections.abc import Iterator

import pytest

pytest_plugins = ["tests.server.postgres", "tests.server.cluster_nodes"]


@pytest.fixture(autouse=True)
def _outside_the_browsers_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test outside tests/web runs with no event loop marked running in its
    thread. Playwright's sync API, once a worker has started the session's
    browser, leaves its own loop marked so between its calls, and ``asyncio.run``
    in a server test the same worker runs afterwards refused to start (pytest-xdist
    may hand a worker server tests after browser tests). The mark is put back for
    the browser tests to come."""
    browsers = asyncio._get_running_loop()
    if browsers is None or request.path.is_relative_to(request.config.rootpath / "tests/web"):
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(browsers)
