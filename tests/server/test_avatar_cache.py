"""How long an avatar may be kept: its versioned address for good, its bare one
asked again at each use, so that a player's new avatar never hides behind the old
one in a cache (theirs, or another player's)."""

from __future__ import annotations

import httpx

from tests.server.conftest import Server
from tests.server.test_profile import put_avatar


def test_the_versioned_address_is_kept_and_the_bare_one_revalidated(server: Server) -> None:
    token = server.register("alice")
    me = server.get("/api/profile/alice")
    assert "?v=" in me["avatar"]
    versioned = httpx.get(f"{server.http}{me['avatar']}")
    assert versioned.status_code == 200
    assert "immutable" in versioned.headers["cache-control"]
    assert "max-age=31536000" in versioned.headers["cache-control"]

    bare_url = f"{server.http}/api/avatar/{me['id']}"
    bare = httpx.get(bare_url)
    assert bare.status_code == 200 and bare.content == versioned.content
    assert bare.headers["cache-control"] == "no-cache"
    assert bare.headers["x-content-type-options"] == "nosniff"
    tag = bare.headers["etag"]
    unchanged = httpx.get(bare_url, headers={"If-None-Match": tag})
    assert unchanged.status_code == 304 and unchanged.content == b""

    chosen = put_avatar(server, token, b'{"drawn": "heart-red"}', "application/json")
    assert chosen.status_code == 200, chosen.text
    new_address = chosen.json()["avatar"]
    assert new_address != me["avatar"]
    heart = httpx.get(f"{server.http}/api/avatars/heart-red.svg").content
    changed = httpx.get(bare_url, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.content == heart
    assert changed.headers["etag"] != tag
    assert httpx.get(f"{server.http}{new_address}").content == heart
    assert server.get("/api/profile/alice")["avatar"] == new_address


def test_a_version_too_long_is_refused_as_a_bad_request(server: Server) -> None:
    server.register("bob")
    me = server.get("/api/profile/bob")
    reply = httpx.get(f"{server.http}/api/avatar/{me['id']}?v={'9' * 40}")
    assert reply.status_code == 422
    assert reply.json()["code"] == "invalid_request"
