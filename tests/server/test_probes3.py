"""Probes of a third round, written from docs/protocol.md alone against a real
``atout serve`` process: what a player who left a running game may still do at
its table, and records holding numbers too long for Python to read. Each failed
before its fix; the server's stderr holds no traceback after each
(``no_traceback``, shared with ``test_probes``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server import test_probes
from tests.server.conftest import Server
from tests.server.test_probes import register
from tests.server.test_probes2 import answer, event, until

errors = test_probes.errors
probed = test_probes.probed
no_traceback = test_probes.no_traceback
"""The first round's server (one for this module) and its check of stderr."""


def hello(ws: ClientConnection, token: str) -> None:
    ws.send(json.dumps({"type": "hello", "v": 4, "token": token}))
    assert json.loads(ws.recv(timeout=20))["type"] == "welcome"


def quiet(ws: ClientConnection, seconds: float = 0.5) -> list[dict[str, Any]]:
    """What the socket receives within ``seconds`` (the table's messages only)."""
    heard: list[dict[str, Any]] = []
    while True:
        try:
            message: dict[str, Any] = json.loads(ws.recv(timeout=seconds))
        except TimeoutError:
            return heard
        if message["type"] not in ("update",):  # robots keep playing meanwhile
            heard.append(message)


TAGS = itertools.count(1)
"""Each fixture's players are new accounts."""


@pytest.fixture
def left_game(probed: Server) -> Iterator[tuple[ClientConnection, ClientConnection, str, str]]:
    """A private table whose game runs; its second player left it (a robot plays
    the seat to the end). Gives the master's socket, the leaver's, the table and
    the name of a third registered player."""
    tag = next(TAGS)
    master_token = register(probed, f"stay{tag}")
    leaver_token = register(probed, f"gone{tag}")
    register(probed, f"third{tag}")
    with connect(probed.ws) as master, connect(probed.ws) as leaver:
        hello(master, master_token)
        hello(leaver, leaver_token)
        created = answer(
            master, {"type": "create", "options": {"turn_seconds": 600, "private": True}}
        )
        table, code = created["table"]["id"], created["table"]["invite_code"]
        assert answer(leaver, {"type": "sit", "table": table, "code": code})["type"] == "table"
        master.send(json.dumps({"type": "start", "table": table}))
        until(master, event("table.game_started"))
        leaver.send(json.dumps({"type": "leave", "table": table}))
        assert until(leaver, lambda m: m["type"] in ("left", "error"))["type"] == "left"
        until(master, event("table.left"))
        yield master, leaver, table, f"third{tag}"


def test_a_player_who_left_a_game_may_watch_it(
    left_game: tuple[ClientConnection, ClientConnection, str, str],
) -> None:
    """``leave``: "sit at that table is refused seat_left until the game is over
    (you may watch)". ``spectate`` was refused ``seated_here``; a ``resume`` let
    them watch."""
    _, leaver, table, _ = left_game
    watching = answer(leaver, {"type": "spectate", "table": table})
    assert watching["type"] == "table", watching
    assert watching["seat"] is None and watching["view"]["viewer"] == -1
    assert not watching["view"]["hand"]  # a spectator's view: no hand
    assert "invite_code" not in watching["table"]  # no longer seated: not told the code
    refused = answer(leaver, {"type": "sit", "table": table})
    assert refused["code"] == "seat_left"


def test_a_player_who_left_a_game_neither_chats_nor_invites_there(
    left_game: tuple[ClientConnection, ClientConnection, str, str],
) -> None:
    """Chat is for the table's players and spectators, invitations for its
    seated players: one who left the game hears nothing of it and is neither.
    Both went through (the chat line to everyone, the private table's code back)."""
    master, leaver, table, third = left_game
    leaver.send(json.dumps({"type": "chat", "table": table, "text": "still here"}))
    refused = until(leaver, lambda m: m["type"] == "error")
    assert refused["code"] == "left_game"
    leaver.send(json.dumps({"type": "invite", "table": table, "name": third}))
    refused = until(leaver, lambda m: m["type"] in ("error", "invited"))
    assert refused["type"] == "error" and refused["code"] == "invite_seated_only", refused
    assert not [m for m in quiet(master) if m.get("kind") == "table.chat"]
    # Watching, they chat as any spectator does.
    assert answer(leaver, {"type": "spectate", "table": table})["type"] == "table"
    leaver.send(json.dumps({"type": "chat", "table": table, "text": "watching"}))
    assert until(master, event("table.chat"))["data"]["text"] == "watching"


def test_a_player_who_left_a_game_and_resumes_it_watches_and_chats(
    left_game: tuple[ClientConnection, ClientConnection, str, str],
) -> None:
    """A ``resume`` from a client neither seated nor watching does what ``spectate``
    does: the player who left watches, told why it does not play (``seat_left``),
    and chats as a spectator (a probe read its chat as refused)."""
    master, leaver, table, _ = left_game
    leaver.send(json.dumps({"type": "resume", "table": table, "last_seq": 0}))
    resumed = until(leaver, lambda m: m["type"] in ("table", "update"))
    assert resumed.get("seat") is None
    told = until(leaver, lambda m: m["type"] == "error")
    assert told["code"] == "seat_left"
    leaver.send(json.dumps({"type": "chat", "table": table, "text": "watching"}))
    assert until(master, event("table.chat"))["data"]["text"] == "watching"
    assert not [m for m in quiet(leaver) if m["type"] == "error"]


def test_leaving_a_game_twice_tells_the_table_once(
    left_game: tuple[ClientConnection, ClientConnection, str, str],
) -> None:
    """A second ``leave`` from the seat already given up to a robot is refused
    (``seat_left``) and changes nothing: it used to answer ``left`` again and
    tell the table ``table.left`` a second time."""
    master, leaver, table, _ = left_game
    leaver.send(json.dumps({"type": "leave", "table": table}))
    again = until(leaver, lambda m: m["type"] in ("left", "error"))
    assert again["type"] == "error" and again["code"] == "seat_left", again
    assert not [m for m in quiet(master) if m.get("kind") == "table.left"]


def test_spectators_turned_off_are_sent_away_but_a_player_who_left_watches_on(
    left_game: tuple[ClientConnection, ClientConnection, str, str], probed: Server
) -> None:
    """The master turns spectators off: a spectator watching is told ``left``
    with the reason, and hears nothing more of the table; the player who left
    the game and watches it stays. Spectators used to keep watching."""
    master, leaver, table, third = left_game
    assert answer(leaver, {"type": "spectate", "table": table})["type"] == "table"
    code = until(master, lambda m: m["type"] == "table_info")["table"]["invite_code"]
    with connect(probed.ws) as outsider:
        hello(outsider, register(probed, f"{third}x"))
        watching = answer(outsider, {"type": "spectate", "table": table, "code": code})
        assert watching["type"] == "table", watching
        master.send(
            json.dumps({"type": "options", "table": table, "options": {"spectators": False}})
        )
        sent = until(outsider, lambda m: m["type"] == "left")
        assert sent == {"type": "left", "table": table, "reason": "no_spectators"}
        info = until(master, lambda m: m["type"] == "table_info" and m["table"]["spectators"] == 1)
        assert info["table"]["options"]["spectators"] is False
        assert not [m for m in quiet(outsider) if m.get("table") == table]
        assert until(leaver, event("table.options"))["data"]["changed"] == ["spectators"]


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LONG = "9" * 5000
"""A number of more digits than Python reads (4300)."""


def test_a_text_record_with_an_option_too_long_to_read_names_it(probed: Server) -> None:
    """A coded ``bad_record_at`` with the option named and its own ``rule``,
    not ``bad_record`` repeating Python's limit ("use sys.set_int_max_str_digits")."""
    text = (EXAMPLES / "record-french-4.atout").read_text(encoding="utf-8")
    text = text.replace('[Options "deals=2"]', f'[Options "deals={LONG}"]')
    reply = httpx.post(f"{probed.http}/api/replay", content=text.encode(), timeout=60)
    assert reply.status_code == 422, reply.text
    body = reply.json()
    assert body["code"] == "bad_record_at", body
    assert body["params"]["rule"] == ["rec_option_value"]
    assert body["params"]["option"] == "deals" and body["params"]["line"] == 8
    assert "sys." not in reply.text


def test_a_json_record_with_a_number_too_long_to_read_is_not_json(probed: Server) -> None:
    """The JSON form's reader refuses it as JSON it cannot read (``rec_json``)."""
    text = (EXAMPLES / "record-africain-3.json").read_text(encoding="utf-8")
    text = text.replace('"lives": 3', f'"lives": {LONG}')
    reply = httpx.post(
        f"{probed.http}/api/replay",
        content=text.encode(),
        headers={"Content-Type": "application/json"},
        timeout=60,
    )
    assert reply.status_code == 422, reply.text
    body = reply.json()
    assert body["code"] == "bad_record" and body["params"]["rule"] == ["rec_json"], body
    assert "sys." not in reply.text
