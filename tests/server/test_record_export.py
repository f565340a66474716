"""A finished game exported as the readable record (docs/records.md) by a real
server: text or JSON on demand, every deal's cards shown, the players' names as
tags; the replay page's endpoint takes it back."""

from __future__ import annotations

import asyncio
import json

import httpx

from atout.record_json import read_json
from atout.record_text import read_text
from tests.server.conftest import Player, Server, create_table, play_until_over


def test_a_finished_game_is_exported_as_text_and_json(server: Server) -> None:
    async def scenario() -> tuple[dict[str, object], str]:
        alice = await Player.connect(server, name="alice")
        table = await create_table(alice, game="africain", players=3, rules={"lives": 2})
        await alice.send({"type": "start", "table": table})
        over = await play_until_over([alice], table)
        await alice.close()
        return over, alice.name

    over, name = asyncio.run(scenario())
    game = over["data"]["game"]  # type: ignore[index]
    url = f"{server.http}/api/games/{game}"
    text = httpx.get(url, params={"format": "text"})
    assert text.status_code == 200 and text.headers["content-type"].startswith("text/plain")
    record = read_text(text.text)
    as_json = httpx.get(url, params={"format": "json"})
    assert as_json.headers["content-type"] == "application/json"
    assert read_json(as_json.text) == record
    assert record.game == "africain" and record.players == 3 and record.options["lives"] == 2
    assert record.tags["Seat0"] == name and record.tags["Status"] == "over"
    assert record.tags["Event"] == f"atout online game {game}"
    assert "seed=" not in text.text and record.deals
    lives = over["data"]["result"]["lives"]  # type: ignore[index]
    assert record.result == tuple(lives)
    # the store's form is still the default, and it is the same game
    log = httpx.get(url).json()
    assert log["format"] == "atout-record/1"
    assert len(log["actions"]) == sum(1 + len(d.actions) for d in record.deals)
    # the replay page's endpoint takes the text form as well
    steps = httpx.post(f"{server.http}/api/replay", content=text.text.encode())
    assert steps.status_code == 200
    assert len(json.loads(steps.content)["steps"]) == len(log["actions"]) + 1
    refused = httpx.get(url, params={"format": "pgn"})
    assert refused.status_code == 400 and refused.json()["code"] == "bad_record_format"
