"""Refusals on the wire: every error names its code and parameters beside the
English message, on the websocket and in HTTP answers, and the catalogue the
browser words them from is served."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import httpx
from fastapi.routing import APIRoute
from starlette.routing import Mount
from websockets.asyncio.client import connect

from atout.refusals import CATALOGUE_PATH, MESSAGES, full_message, message
from atout.server.protocol import PROTOCOL_VERSION
from tests.server.conftest import Player, Server, create_table, turn_in

PLAY_CODES = {"must_follow", "must_trump", "must_overtrump", "must_play_trump", "excuse_last"}


def _is_error(m: dict[str, Any]) -> bool:
    return bool(m["type"] == "error")


def _well_formed(error: dict[str, Any]) -> None:
    """An error's English message is its code's, with its own parameters."""
    assert error["message"] == message(error["code"], error["params"]), error


def test_an_illegal_card_is_refused_with_its_code_and_parameters(server: Server) -> None:
    async def scenario() -> dict[str, Any]:
        alice = await Player.connect(server, name="alice")
        table = await create_table(alice, players=3, turn_seconds=600, robot_level="random")
        await alice.send({"type": "start", "table": table})
        async with asyncio.timeout(120):
            while True:
                update = await alice.expect(lambda m: turn_in(m) is not None)
                legal = turn_in(update)["legal"]  # type: ignore[index]
                refused = [c for c in update["view"]["hand"] if f"play:{c}" not in legal]
                if legal[0].startswith("play:") and refused:
                    break
                await alice.send({"type": "act", "table": table, "action": legal[0]})
        await alice.send({"type": "act", "table": table, "action": f"play:{refused[0]}"})
        error = await alice.expect(_is_error)
        await alice.close()
        assert error["table"] == table
        return error

    error = asyncio.run(scenario())
    assert error["code"] in PLAY_CODES
    _well_formed(error)
    params = error["params"]
    if "suit" in params:
        assert params["suit"] in ("spades", "hearts", "diamonds", "clubs")
    if error["code"] == "must_overtrump":
        assert params["trump"].startswith("T") and params["cards"]


def test_table_hub_and_hello_refusals_carry_codes(server: Server) -> None:
    async def scenario() -> None:
        alice = await Player.connect(server, name="alice")
        await alice.send({"type": "sit", "table": "nope"})
        error = await alice.expect(_is_error)
        assert (error["code"], error["params"]) == ("no_table", {"table": "nope"})
        _well_formed(error)
        table = await create_table(alice)
        await alice.send({"type": "options", "table": table, "options": {"players": 2}})
        error = await alice.expect(_is_error)
        assert (error["code"], error["params"], error["table"]) == (
            "players_range",
            {"min": 3, "max": 5},
            table,
        )
        _well_formed(error)
        await alice.send({"type": "act", "table": table, "action": "play:KH"})
        error = await alice.expect(_is_error)
        assert (error["code"], error["params"]) == ("not_playing", {})
        bob = await Player.connect(server, name="bob")  # a seat past the table's last
        await bob.send({"type": "sit", "table": table, "seat": 4})
        error = await bob.expect(_is_error)
        assert (error["code"], error["params"]) == ("no_such_seat", {"seats": 4})
        _well_formed(error)
        await bob.send({"type": "sit", "table": table, "seat": 3})
        seated = await bob.expect(lambda m: m["type"] == "table")
        assert seated["table"]["seats"][3]["name"] == bob.name
        await bob.close()
        await alice.send({"type": "chat", "table": table, "text": ""})
        error = await alice.expect(_is_error)
        assert error["code"] == "invalid_message" and error["params"]["field"] == "chat.text"
        _well_formed(error)
        # pydantic's English reason comes coded, for a client to word it in French
        assert error["params"]["rule"] == ["field_empty"]
        assert full_message(error["code"], error["params"], "fr") == (
            "message invalide : chat.text : ne doit pas être vide"
        )
        await alice.close()
        async with connect(server.ws) as ws:
            await ws.send(json.dumps({"type": "hello", "v": 1}))
            error = json.loads(await ws.recv())
            assert (error["code"], error["params"]) == (
                "protocol_version",
                {"version": PROTOCOL_VERSION},
            )
            _well_formed(error)

    asyncio.run(scenario())


def test_http_refusals_carry_codes_and_the_catalogue_is_served(server: Server) -> None:
    reply = httpx.post(f"{server.http}/api/register", json={"name": "guestly", "password": "x" * 8})
    assert reply.status_code == 400
    assert reply.json() == {
        "detail": "names starting with 'guest' are kept for guests",
        "code": "name_guest",
        "params": {"prefix": "guest"},
    }
    reply = httpx.post(f"{server.http}/api/register", json={"name": "bob", "password": "short"})
    assert reply.json()["params"] == {"min": 8, "max": 128}
    reply = httpx.post(f"{server.http}/api/login", json={"name": "nobody", "password": "x" * 8})
    assert reply.status_code == 401 and reply.json()["code"] == "wrong_credentials"
    reply = httpx.get(f"{server.http}/api/profile/nobody")
    assert reply.status_code == 404 and reply.json()["code"] == "no_such_player"
    catalogue = httpx.get(f"{server.http}/api/refusals").json()
    assert catalogue == json.loads(CATALOGUE_PATH.read_text(encoding="utf-8"))
    assert catalogue["messages"]["must_follow"]["fr"] == "vous devez fournir à {suit}"


def test_a_length_outside_the_rules_gets_the_rules_code_whatever_the_length(
    server: Server,
) -> None:
    """8-128 characters for a password, 3-24 for a name: too short or too long
    by one or by thousands, the refusal is the same coded 400 (a model's own
    bounds once answered a 422 ``invalid_request`` beyond them)."""

    def register(name: str, password: str) -> tuple[int, str, dict[str, Any]]:
        reply = httpx.post(f"{server.http}/api/register", json={"name": name, "password": password})
        return reply.status_code, reply.json()["code"], reply.json()["params"]

    for password in ("", "x" * 7, "x" * 129, "x" * 5000):
        assert register("lengthy", password) == (400, "password_length", {"min": 8, "max": 128})
    for name in ("", "ab", "n" * 25, "n" * 5000):
        assert register(name, "x" * 8) == (400, "name_length", {"min": 3, "max": 24})
    for name, password in (("n" * 5000, "x" * 8), ("nobody", "x" * 5000)):
        reply = httpx.post(f"{server.http}/api/login", json={"name": name, "password": password})
        assert (reply.status_code, reply.json()["code"]) == (401, "wrong_credentials")
    token = httpx.post(
        f"{server.http}/api/register", json={"name": "lengthy", "password": "x" * 8}
    ).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    for current, new, code in (
        ("x" * 8, "y" * 129, "password_length"),
        ("x" * 129, "y" * 8, "wrong_password"),
    ):
        reply = httpx.post(
            f"{server.http}/api/password",
            json={"password": current, "new_password": new},
            headers=auth,
        )
        assert reply.json()["code"] == code
    reply = httpx.post(f"{server.http}/api/login", json={"name": "lengthy", "password": "x" * 8})
    assert reply.status_code == 200  # nothing changed


def test_a_table_offers_only_what_the_engine_deals(server: Server) -> None:
    """The lobby's choices come from /api/games, which asks the engine itself."""
    games = {g["name"]: g for g in server.get("/api/games")}
    french = {v["name"]: v["players"] for v in games["french"]["variants"]}
    africain = {v["name"]: v["players"] for v in games["africain"]["variants"]}
    assert french == {"fft": [3, 4, 5], "traditionnel": [3, 4, 5]}
    assert africain == {"standard": [2, 3, 4], "cinq": [2, 3, 4, 5]}  # 5 x 5 cards > 22
    assert (games["french"]["default_variant"], games["africain"]["default_variant"]) == (
        "fft",
        "standard",
    )
    # a French table chooses its deals per game; an Africain game lasts until one is left
    assert (games["french"]["rounds"], games["africain"]["rounds"]) == (True, False)

    async def scenario() -> None:
        alice = await Player.connect(server, name="alice")
        refusals = [
            ({"game": "chess"}, ("unknown_game", {"game": "chess"})),
            (
                {"variant": "fftx"},
                ("unknown_variant", {"variant": "fftx", "known": "fft, traditionnel"}),
            ),
            ({"game": "africain", "players": 5}, ("players_range", {"min": 2, "max": 4})),
            # beyond every game's sizes too, the range is the game's (not a field's bound)
            ({"players": 6}, ("players_range", {"min": 3, "max": 5})),
            ({"players": 1}, ("players_range", {"min": 3, "max": 5})),
            ({"players": 10**30}, ("players_range", {"min": 3, "max": 5})),
            (
                {"players": 4, "rules": {"dealer_sits_out": True}},
                ("rules_option", {"option": "dealer_sits_out"}),
            ),
            ({"rules": {"lives": 3}}, ("rules_option", {"option": "lives"})),  # an Africain rule
            # the number of deals is the bounded ``rounds``, never a rule around its bound
            ({"rules": {"deals": 999_999}}, ("rules_option", {"option": "deals"})),
            # a value no option takes, named as the option (not the type pydantic tried first)
            ({"rules": {"prime": 1.5}}, ("rules_option", {"option": "prime"})),
            (
                {"rules": {"poignee_bonus": [20, "x"]}},
                ("rules_option", {"option": "poignee_bonus"}),
            ),
        ]
        for options, (code, params) in refusals:
            await alice.send({"type": "create", "options": options})
            error = await alice.expect(_is_error)
            assert (error["code"], error["params"]) == (code, params)
            _well_formed(error)
        await alice.send(
            {
                "type": "create",
                "options": {"game": "africain", "variant": "cinq", "players": 5, "rounds": 7},
            }
        )
        created = await alice.expect(lambda m: m["type"] == "table")
        assert created["table"]["options"]["players"] == 5
        # one game, whatever was asked: the winners' XP counts a table's rounds
        assert created["table"]["options"]["rounds"] == 1
        await alice.close()

    asyncio.run(scenario())


def test_a_refusal_repeating_what_was_typed_comes_in_ascii(server: Server) -> None:
    """What a refusal repeats (a game, a name) comes escaped: a right-to-left
    override sent raw would turn the rest of a log line or a page around."""
    game, name = "fr\u00e9nch\u202e", "Fr\u00e9d\u00e9rique"

    async def scenario() -> list[str]:
        async with connect(server.ws) as ws:
            await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "name": "ascii"}))
            await ws.recv()  # welcome
            await ws.send(json.dumps({"type": "create", "options": {"game": game}}))
            refused = [str(await ws.recv())]
            await ws.send(json.dumps({"type": "create", "options": {}}))
            while '"type":"table"' not in (text := str(await ws.recv())):
                pass
            table = json.loads(text)["table"]["id"]
            await ws.send(json.dumps({"type": "invite", "table": table, "name": name}))
            while '"type":"error"' not in (text := str(await ws.recv())):
                pass
            return [*refused, text]

    for text, (code, typed) in zip(
        asyncio.run(scenario()), (("unknown_game", game), ("no_such_name", name)), strict=True
    ):
        assert text.isascii(), text
        error = json.loads(text)
        assert error["code"] == code and typed in error["params"].values(), error
        assert typed in error["message"]


def _deal(**changes: Any) -> dict[str, Any]:
    return {"players": 4, "contract": "garde", "taker": 0, "points": 50.5, "bouts": 2} | changes


def test_a_deal_to_score_of_the_wrong_shape_is_refused_coded(server: Server) -> None:
    """``POST /api/score`` answered FastAPI's bare 422, ``detail`` alone and in
    English ("contract: Field required; taker: Field required..."): it is refused
    as a score sheet's deal is, ``sheet_invalid`` naming the field, its reason coded
    for the page to word in French, nothing echoed."""
    cases: list[tuple[Any, str, list[str], dict[str, Any], str]] = [
        ({}, "contract", ["field_missing"], {}, "contract : ce champ est obligatoire"),
        (
            _deal(points=95),
            "points",
            ["field_at_most"],
            {"max": 91},
            "points : doit valoir au plus 91",
        ),
        (
            _deal(taker="North"),
            "taker",
            ["field_kind"],
            {"json_wanted": "integer"},
            "taker : doit être un nombre entier",
        ),
        (
            _deal(players=6),
            "players",
            ["field_choice"],
            {"choices": ["3", "4", "5"]},
            "players : doit être l'une des valeurs 3, 4, 5",
        ),
        (
            _deal(seat=1),
            "seat",
            ["field_unknown"],
            {},
            "seat : aucun champ de ce nom n'est attendu",
        ),
        (
            b'{"players": 4,',
            "input",
            ["field_json_at"],
            {"line": 1, "column": 15},
            "input : ce n'est pas du JSON valide (ligne 1, colonne 15)",
        ),
        (
            _deal(options={"misere": "often"}),
            "options",
            ["option_kind"],
            {"option": "misere", "takes": "boolean"},
            "options : l'option « misere » attend true ou false",
        ),
    ]
    for body, field, rule, params, french in cases:
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
        reply = httpx.post(f"{server.http}/api/score", content=content)
        assert reply.status_code == 422, reply.text
        answer = reply.json()
        assert answer["code"] == "sheet_invalid", answer
        assert (answer["params"]["field"], answer["params"]["rule"]) == (field, rule)
        assert answer["params"].items() >= params.items(), answer
        assert answer["detail"] == message("sheet_invalid", answer["params"])
        assert full_message("sheet_invalid", answer["params"], "fr") == french
    reply = httpx.post(f"{server.http}/api/score", json=_deal())
    assert reply.status_code == 200 and reply.json()["made"] is True


def test_a_request_of_the_wrong_shape_gives_its_reason_coded(server: Server) -> None:
    """``invalid_request`` gave pydantic's English reason alone ("Input should be
    greater than or equal to 1"): it comes coded in ``rule`` as a field's, for a
    client to word in its reader's language; ``reason`` stays its English."""
    token = server.register("shaper")
    reply = httpx.post(
        f"{server.http}/api/tournaments",
        json={"name": "club", "tables": 0},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert reply.status_code == 422, reply.text
    params = reply.json()["params"]
    assert params == {
        "field": "body.tables",
        "reason": "must be at least 1",
        "rule": ["field_at_least"],
        "min": 1,
    }
    assert full_message("invalid_request", params, "fr") == (
        "requête invalide : body.tables : doit valoir au moins 1"
    )
    reply = httpx.get(f"{server.http}/api/tournaments/x")
    assert reply.json()["params"]["rule"] == ["field_kind"]
    # The avatar's route reads its JSON itself, and says why alike.
    reply = httpx.put(
        f"{server.http}/api/avatar",
        json={"drawn": 5},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert reply.status_code == 422, reply.text
    params = reply.json()["params"]
    assert (params["field"], params["rule"], params["json_wanted"]) == (
        "body.drawn",
        ["field_kind"],
        "string",
    )


def _routes(routes: list[Any]) -> list[APIRoute]:
    """Every route of the application, those of included routers too."""
    found: list[APIRoute] = []
    for route in routes:
        if isinstance(route, APIRoute):
            found.append(route)
        elif hasattr(route, "original_router"):
            found += _routes(route.original_router.routes)
        elif hasattr(route, "routes") and not isinstance(route, Mount):
            found += _routes(route.routes)
    return found


def test_no_body_of_any_shape_gets_an_uncoded_answer(server: Server) -> None:
    """Every route taking a body, sent an empty object, a list, an unknown field,
    text that is not JSON and fields of the wrong types: each answer a refusal
    carries a code (``POST /api/score`` once did not), a field's reason coded
    too, never a 500. ``POST /api/replay`` is left to its own tests: a worker
    reads its body."""
    bodies = [b"{}", b"[]", b'{"x": 1}', b"not json", b'{"name": 5, "table": "a", "deal": 3}']
    taking = [
        (method, re.sub(r"\{[^}]+\}", "1", route.path))
        for route in _routes(server.app.routes)
        for method in sorted((route.methods or set()) - {"GET", "HEAD", "DELETE"})
        if route.path != "/api/replay"
    ]
    assert ("POST", "/api/score") in taking and len(taking) > 20
    for method, path in taking:
        token = server.register(f"shape{abs(hash((method, path))) % 10**8}")
        for body in bodies:
            reply = httpx.request(
                method,
                f"{server.http}{path}",
                content=body,
                headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            )
            assert reply.status_code < 500, (method, path, body, reply.text)
            if reply.status_code < 400:
                continue
            answer = reply.json()
            assert "code" in answer, (method, path, body, answer)
            rule = answer["params"].get("rule", [])
            assert all(code in MESSAGES for code in (rule if isinstance(rule, list) else [rule]))
