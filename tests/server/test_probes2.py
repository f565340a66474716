"""More probes written from docs/protocol.md alone against a real ``atout serve``
process (the second round): bodies its JSON reader gives up on, numbers too big
for a table's rules, and two players asking each other to be friends at once.
Each failed before its fix; the server's stderr holds no traceback after each
(``no_traceback``, shared with ``test_probes``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server import test_probes
from tests.server.conftest import Server
from tests.server.test_probes import call, raw, refused, register

errors = test_probes.errors
probed = test_probes.probed
no_traceback = test_probes.no_traceback
"""The first round's server (one for this module) and its check of stderr."""

DEEP = "[" * 100_000 + "]" * 100_000
"""Valid JSON nested deeper than a recursive reader goes."""

UNREADABLE: dict[str, bytes] = {
    "nested too deeply": DEEP.encode(),
    "an integer of 5000 digits": b'{"name": ' + b"9" * 5000 + b"}",
    "bytes that are not UTF-8": b'{"name": "\xff\xfe"}',
}


@pytest.mark.parametrize("body", UNREADABLE.values(), ids=UNREADABLE.keys())
@pytest.mark.parametrize(
    "path", ["/api/login", "/api/register", "/api/friends/request", "/api/analysis"]
)
def test_a_body_the_json_reader_gives_up_on_is_a_coded_422(
    probed: Server, path: str, body: bytes
) -> None:
    """As any body that is not JSON: 422 ``invalid_request`` naming the body."""
    token = register(probed, f"reader{abs(hash((path, body))) % 10**6}")
    reply = httpx.post(
        f"{probed.http}{path}",
        content=body,
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        timeout=60,
    )
    refused(reply, 422, "invalid_request")
    assert reply.json()["params"]["field"].startswith("body")


def test_a_record_nested_too_deeply_is_refused_not_a_500(probed: Server) -> None:
    """The replay reads any record form: one nested past its reader is a 422."""
    reply = raw(probed, "POST", "/api/replay", DEEP)
    assert reply.status_code == 422, reply.text
    assert "nested" in reply.json()["detail"]


def hello(ws: ClientConnection, name: str) -> None:
    ws.send(json.dumps({"type": "hello", "v": 4, "name": name}))
    assert json.loads(ws.recv(timeout=20))["type"] == "welcome"


def answer(ws: ClientConnection, message: dict[str, Any]) -> dict[str, Any]:
    """The first ``table`` snapshot or ``error`` after sending ``message``."""
    ws.send(json.dumps(message))
    while True:
        received: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if received["type"] in ("table", "error"):
            return received


HUGE = 10**30
"""Past the 64 bits a message's JSON may carry back."""


@pytest.mark.parametrize(
    "rules", [{"prime": HUGE}, {"prime": -HUGE}, {"poignee_bonus": [HUGE, 30, 40]}]
)
def test_a_table_s_rules_refuse_numbers_too_big_to_send_back(
    probed: Server, rules: dict[str, Any]
) -> None:
    """Refused at once, naming the rule: no table left
    behind half made (the creator used to get no answer at all, and the table
    counted towards its five)."""
    with connect(probed.ws) as ws:
        hello(ws, "ruler")
        refusal = answer(ws, {"type": "create", "options": {"rules": rules}})
        assert refusal["type"] == "error", refusal
        assert refusal["code"] == "rules_option", refusal  # not "should be a boolean"
        assert refusal["params"] == {"option": next(iter(rules))}
        table = answer(ws, {"type": "create", "options": {}})
        assert table["type"] == "table"
        changed = answer(
            ws, {"type": "options", "table": table["table"]["id"], "options": {"rules": rules}}
        )
        assert changed["type"] == "error" and changed["code"] == "rules_option", changed
        ws.send(json.dumps({"type": "lobby", "subscribe": False}))
        while (lobby := json.loads(ws.recv(timeout=20)))["type"] != "lobby":
            pass
    mine = [info for info in lobby["tables"] if info["id"] == table["table"]["id"]]
    assert mine and mine[0]["options"]["rules"] == {}


def at_once(server: Server, requests: list[tuple[str, str, dict[str, Any]]]) -> list[int]:
    """Each ``(token, path, body)`` posted at the same moment: their statuses."""

    async def together() -> list[int]:
        async with httpx.AsyncClient(base_url=server.http, timeout=60) as client:
            replies = await asyncio.gather(
                *(
                    client.post(path, json=body, headers={"Authorization": f"Bearer {token}"})
                    for token, path, body in requests
                )
            )
        return [reply.status_code for reply in replies]

    return asyncio.run(together())


def test_two_players_asking_each_other_at_once_become_friends(probed: Server) -> None:
    """Asking someone who asked you makes you friends (docs/protocol.md): so do
    two requests crossing, whichever the store sees first."""
    pairs = [(register(probed, f"cross{i}a"), register(probed, f"cross{i}b")) for i in range(10)]
    asked = at_once(
        probed,
        [
            (token, "/api/friends/request", {"name": f"cross{i}{other}"})
            for i, pair in enumerate(pairs)
            for token, other in zip(pair, "ba", strict=True)
        ],
    )
    assert asked == [200] * len(asked)
    for pair in pairs:
        for token in pair:
            listing = call(probed, "GET", "/api/friends", token).json()
            assert len(listing["friends"]) == 1, listing
            assert listing["incoming"] == listing["outgoing"] == [], listing


def test_a_request_crossing_a_block_does_not_outlive_it(probed: Server) -> None:
    """A block ends any request between the two and no request passes after it:
    a request sent as the block is made is either refused or ended by it."""
    pairs = [(register(probed, f"block{i}a"), register(probed, f"block{i}b")) for i in range(10)]
    answers = at_once(
        probed,
        [
            request
            for i, (blocker, asker) in enumerate(pairs)
            for request in (
                (blocker, "/api/friends/block", {"name": f"block{i}b"}),
                (asker, "/api/friends/request", {"name": f"block{i}a"}),
            )
        ],
    )
    assert set(answers[::2]) == {200} and set(answers[1::2]) <= {200, 403}
    for blocker, asker in pairs:
        listing = call(probed, "GET", "/api/friends", blocker).json()
        assert listing["incoming"] == listing["friends"] == [], listing
        assert call(probed, "GET", "/api/friends", asker).json()["outgoing"] == []


def lobby_messages(ws: ClientConnection, table: str) -> list[dict[str, Any]]:
    """The lobby messages naming ``table`` a subscribed socket received, read
    until its ``pong`` (sent after everything of interest)."""
    ws.send(json.dumps({"type": "ping"}))
    naming = []
    while (received := json.loads(ws.recv(timeout=20)))["type"] != "pong":
        if received["type"].startswith("lobby_") and table in json.dumps(received):
            naming.append(received)
    return naming


def is_private(message: dict[str, Any], table: str) -> bool:
    """Whether ``message`` is the ``table_info`` saying ``table`` became private."""
    info = message.get("table")
    return (
        message["type"] == "table_info"
        and isinstance(info, dict)
        and info["id"] == table
        and info["options"]["private"]
    )


def test_a_table_made_private_leaves_the_lobby_and_a_private_one_never_shows(
    probed: Server,
) -> None:
    """A private table is not listed in the lobby: one listed that becomes
    private is removed from the lobbies watching (``lobby_remove``), and a
    private table's changes and closing name it to no lobby."""
    with connect(probed.ws) as watcher, connect(probed.ws) as master:
        hello(watcher, "watcher")
        watcher.send(json.dumps({"type": "lobby"}))
        while json.loads(watcher.recv(timeout=20))["type"] != "lobby":
            pass
        hello(master, "master")
        listed = answer(master, {"type": "create", "options": {}})["table"]["id"]
        hidden = answer(master, {"type": "create", "options": {"private": True}})["table"]["id"]
        for table in (listed, hidden):
            master.send(json.dumps({"type": "options", "table": table, "options": {"rounds": 2}}))
        master.send(json.dumps({"type": "options", "table": listed, "options": {"private": True}}))
        while not is_private(json.loads(master.recv(timeout=20)), listed):
            pass
        master.send(json.dumps({"type": "leave", "table": hidden}))  # its only player: closed
        while json.loads(master.recv(timeout=20))["type"] != "left":
            pass
        seen = lobby_messages(watcher, listed)
        assert [m["type"] for m in seen][-1] == "lobby_remove", seen
        assert lobby_messages(watcher, hidden) == []


def until(ws: ClientConnection, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first message passing ``test`` (others skipped); a timeout if none comes."""
    while True:
        received: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if test(received):
            return received


def event(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message["type"] == "event" and message["kind"] == kind


def test_the_last_player_not_to_vote_leaving_ends_the_game_amicably(probed: Server) -> None:
    """The game ends when all human players still in it vote yes: also when the
    only one who had not voted abandons it (it used to wait for another vote)."""
    with connect(probed.ws) as voter, connect(probed.ws) as leaver:
        hello(voter, "voter")
        hello(leaver, "leaver")
        table = answer(voter, {"type": "create", "options": {"turn_seconds": 600}})["table"]["id"]
        assert answer(leaver, {"type": "sit", "table": table})["type"] == "table"
        voter.send(json.dumps({"type": "start", "table": table}))
        until(voter, event("table.game_started"))
        voter.send(json.dumps({"type": "vote", "table": table, "agree": True}))
        until(voter, event("table.vote"))
        leaver.send(json.dumps({"type": "leave", "table": table}))
        assert until(leaver, lambda m: m["type"] in ("left", "error"))["type"] == "left"
        until(voter, event("table.game_cancelled"))


def test_of_password_changes_made_at_once_with_the_old_password_one_wins(
    probed: Server,
) -> None:
    """A change is checked against the password as it is when it is written: of
    three made at once with the old password, one is made and its session opens;
    the others are told ``wrong_password`` (they all used to answer 200, each
    with a new token, all but one dead at once)."""
    token = register(probed, "changer")
    answers = at_once(
        probed,
        [
            (token, "/api/password", {"password": "password123", "new_password": f"newpass{i}word"})
            for i in range(3)
        ],
    )
    assert sorted(answers) == [200, 401, 401], answers
    new = f"newpass{answers.index(200)}word"
    login = call(probed, "POST", "/api/login", body={"name": "changer", "password": new})
    assert login.status_code == 200, login.text


@pytest.mark.parametrize(
    ("scheme", "name"), [("bearer", "lower"), ("BEARER", "upper"), ("Bearer", "title")]
)
def test_the_authorization_scheme_is_read_in_any_case(
    probed: Server, scheme: str, name: str
) -> None:
    """HTTP's authentication schemes are case-insensitive (RFC 9110, 11.1): a
    client writing ``bearer`` is the same player; a wrong token is still a 401."""
    token = register(probed, f"scheme{name}")  # names are unique in any case
    headers = {"Authorization": f"{scheme} {token}"}
    assert httpx.get(f"{probed.http}/api/friends", headers=headers).status_code == 200
    wrong = {"Authorization": f"{scheme} {token}x"}
    refused(httpx.get(f"{probed.http}/api/friends", headers=wrong), 401, "sign_in_first")


def test_an_address_that_names_nothing_is_a_coded_refusal(probed: Server) -> None:
    """Routing's own 404 and 405 carry a code as every refusal does, in both
    languages, and the 405 still says which methods the address takes."""
    refused(httpx.get(f"{probed.http}/api/no-such-route"), 404, "not_found")
    refused(httpx.post(f"{probed.http}/api/no-such-route"), 404, "not_found")
    wrong = httpx.delete(f"{probed.http}/api/leaderboard")
    refused(wrong, 405, "method_not_allowed")
    assert "GET" in wrong.headers["allow"]
    login = httpx.get(f"{probed.http}/api/login")  # the client's files at / do not answer
    refused(login, 405, "method_not_allowed")
    assert login.headers["allow"] == "POST"
    assert httpx.get(f"{probed.http}/").status_code == 200
    catalogue = httpx.get(f"{probed.http}/api/refusals").json()
    assert {"not_found", "method_not_allowed"} <= catalogue["messages"].keys()
