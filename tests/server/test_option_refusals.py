"""The options of a record sent to ``POST /api/replay`` that the engine refuses
come coded (``rule``: ``rec_options`` and the engine's ``option_*`` code, with
its parameters), for the page to word in French; a table's rules are checked
by the same check of the engine, which names the option at fault."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from atout.refusals import full_message, message
from atout.server import offload
from atout.server.app import Settings, create_app
from atout.server.protocol import ProtocolError, parse_message
from tests.records.test_option_refusals import CASES, FORMS, english_in_french


def replayed(data_dir: Path, records: list[str]) -> list[httpx.Response]:
    """Each record posted to ``/api/replay`` of an app served in this process
    (no port: the replays run in the app's worker process all the same)."""
    app = create_app(Settings(data_dir=data_dir))

    async def post_all() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        try:
            async with httpx.AsyncClient(transport=transport, base_url="http://atout") as client:
                return [await client.post("/api/replay", content=text) for text in records]
        finally:
            await offload.workers.stop()

    return asyncio.run(post_all())


def test_a_records_refused_options_come_coded_for_the_pages_language(tmp_path: Path) -> None:
    sent = [
        (form, case, FORMS[form][0](*case[:4]))
        for case in CASES
        for form in FORMS  # a text, a readable JSON record and a log
    ]
    replies = replayed(tmp_path, [text for _, _, text in sent])
    for (form, (_, _, _, _, code, params), _), reply in zip(sent, replies, strict=True):
        where = f"{form} {code} {params}"
        assert reply.status_code == 422, where
        answer = reply.json()
        assert answer["code"] == FORMS[form][1], where
        assert answer["params"]["rule"] == ["rec_options", code], where
        assert params.items() <= answer["params"].items(), where
        assert answer["detail"] == message(answer["code"], answer["params"]), where
        english_in_french(answer["code"], answer["params"], code)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"rules": {"colour": 1}}, "colour"),
        ({"rules": {"prime": "25"}}, "prime"),
        ({"rules": {"excuse_last_trick": "nobody"}}, "excuse_last_trick"),
        ({"rules": {"imposed_contract": "pousse"}}, "imposed_contract"),
        (
            {"players": 3, "rules": {"imposed_contract": "garde", "imposed_taker": 3}},
            "imposed_taker",
        ),
        ({"players": 4, "rules": {"dealer_sits_out": True}}, "dealer_sits_out"),
        ({"game": "africain", "rules": {"lives": 0}}, "lives"),
        ({"game": "africain", "players": 4, "rules": {"max_players": 3}}, "max_players"),
        ({"game": "africain", "players": 3, "rules": {"hand_sizes": [11, 8]}}, "hand_sizes"),
        # a combination: its two options, and not a third that is fine
        (
            {"players": 5, "rules": {"dealer_sits_out": True, "imposed_taker": 1, "misere": True}},
            "dealer_sits_out, imposed_taker",
        ),
    ],
)
def test_a_tables_rules_are_the_engines_check_naming_the_option(
    options: dict[str, Any], named: str
) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_message(json.dumps({"type": "create", "options": options}))
    assert (refused.value.code, refused.value.params) == ("rules_option", {"option": named})
    french = full_message(refused.value.code, refused.value.params, "fr")
    assert french == f"l'option de règle {named} ne convient pas à cette table"
