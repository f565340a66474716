"""How the web client's files travel: compressed, and checked again at every load.

The client is plain ES modules that import each other by fixed names
(``./table.js``), with no build step to put a version in those names: a long
max-age would let a browser keep an old module after an upgrade, next to new
ones. So every file goes with ``Cache-Control: no-cache``: the browser keeps it
but asks each time with its ETag, and an unchanged file costs a 304 without a
body. Compression (the app's GZip middleware, for every answer from
GZIP_MINIMUM_BYTES) brings a first load's page, CSS and JavaScript from 100 KB
to 35 KB.
"""

from __future__ import annotations

import os
from typing import Final

from starlette.responses import Response
from starlette.routing import Match, Mount
from starlette.staticfiles import PathLike, StaticFiles
from starlette.types import Scope

GZIP_MINIMUM_BYTES: Final = 1024
"""Smaller answers fit a network packet as they are: compressing them gains nothing."""
GZIP_LEVEL: Final = 6
"""zlib's default: within a few percent of level 9 on these files, and much
faster on a long game's record or replay, which the middleware compresses too."""


class RevalidatedStaticFiles(StaticFiles):
    """Static files the browser may keep but must revalidate before each use."""

    def file_response(
        self,
        full_path: PathLike,
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = "no-cache"  # a 304 too: it renews the rule
        return response


class ClientMount(Mount):
    """The client's files at the root, for every address but the API's: an API
    address that names nothing is the router's 404, and one with another method
    the router's 405 naming the methods it takes (found, at the root, it was a
    405 saying ``GET, HEAD``, and a GET of a POST address a 404)."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        path = scope.get("path", "")
        if path == "/api" or path.startswith("/api/"):
            return Match.NONE, {}
        return super().matches(scope)
