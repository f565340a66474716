"""Score sheets kept for accounts, on a real server: the FFT rulebook's sheet
(2012, page 10) entered deal by deal gives its Bilan; deals edited and deleted;
CSV; a share link that anyone may read and the owner may withdraw; guests score
a sheet sent whole; every bad request is a coded 4xx."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import update

from atout.refusals import full_message
from atout.server import accounts, sheets
from atout.server.store import SheetRow, Store
from atout.sheet import DealEntry, SheetInput
from tests.server.conftest import Player, Server

EXAMPLE = json.loads(
    (Path(__file__).parents[2] / "examples" / "sheet-fft-rulebook.json").read_text("utf-8")
)
BILAN = [-446, -510, 1346, -390]
"""The rulebook's sheet, page 10: Nord -446, Sud +1346, Est -390, Ouest -510, the
example seating them in playing order (Nord, Ouest, Sud, Est)."""


def call(
    server: Server, token: str | None, method: str, path: str, body: Any = None
) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    content = body if isinstance(body, bytes) else None if body is None else json.dumps(body)
    return httpx.request(method, f"{server.http}/api{path}", content=content, headers=headers)


def ok(reply: httpx.Response, status: int = 200) -> Any:
    assert reply.status_code == status, reply.text
    return reply.json()


def refused(reply: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert reply.status_code == status, reply.text
    answer: dict[str, Any] = reply.json()
    assert answer["code"] == code, answer
    return answer


def test_the_rulebooks_sheet_kept_edited_shared_and_exported(server: Server) -> None:
    ann = server.register("ann")
    empty = {key: EXAMPLE[key] for key in ("title", "variant", "players")}
    sheet = ok(call(server, ann, "POST", "/sheets", empty), 201)
    path = f"/sheets/{sheet['id']}"
    for deal in EXAMPLE["deals"]:
        sheet = ok(call(server, ann, "POST", f"{path}/deals", deal))
    assert sheet["totals"] == BILAN
    assert [d["scores"] for d in sheet["deals"]][1] == [-76, 228, -76, -76]
    assert sheet["deals"][2]["totals"] == [-140, 164, -308, 284]
    assert ok(call(server, ann, "GET", path))["totals"] == BILAN
    listed = ok(call(server, ann, "GET", "/sheets"))["sheets"]
    assert [(s["id"], s["deals"], s["totals"]) for s in listed] == [(sheet["id"], 5, BILAN)]

    # Sud's chelem was a Garde Sans after all: (25 + 46) x 4 + 20 + 40 + 400.
    chelem = {**EXAMPLE["deals"][4], "contract": "garde_sans"}
    edited = ok(call(server, ann, "PUT", f"{path}/deals/4", chelem))
    assert edited["deals"][4]["scores"] == [-744, -744, 2232, -744]
    # Without the first deal, Est has only +42 - 76 - 92 - 744.
    shorter = ok(call(server, ann, "DELETE", f"{path}/deals/0"))
    assert len(shorter["deals"]) == 4 and shorter["totals"][3] == 42 - 76 - 92 - 744

    exported = call(server, ann, "GET", f"{path}/csv")
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("text/csv")
    assert exported.text.splitlines()[-1].split(",")[6:10] == [str(t) for t in shorter["totals"]]

    token = ok(call(server, ann, "POST", f"{path}/share"))["token"]
    assert len(token) >= 20
    assert ok(call(server, ann, "POST", f"{path}/share"))["token"] == token  # one link
    public = ok(call(server, None, "GET", f"/shared/{token}"))
    assert public["totals"] == shorter["totals"] and "id" not in public
    assert call(server, None, "GET", f"/shared/{token}/csv").text == exported.text
    ok(call(server, ann, "DELETE", f"{path}/share"))
    refused(call(server, None, "GET", f"/shared/{token}"), 404, "no_shared_sheet")

    ok(call(server, ann, "DELETE", path))
    refused(call(server, ann, "GET", path), 404, "no_sheet")
    assert ok(call(server, ann, "GET", "/sheets"))["sheets"] == []


def test_a_sheet_is_its_owners_alone(server: Server) -> None:
    ann, ben = server.register("ann"), server.register("ben")
    sheet = ok(call(server, ann, "POST", "/sheets", EXAMPLE), 201)
    path = f"/sheets/{sheet['id']}"
    refused(call(server, ben, "GET", path), 404, "no_sheet")
    refused(call(server, ben, "POST", f"{path}/deals", EXAMPLE["deals"][0]), 404, "no_sheet")
    refused(call(server, ben, "DELETE", path), 404, "no_sheet")
    refused(call(server, ben, "POST", f"{path}/share"), 404, "no_sheet")
    refused(call(server, None, "GET", path), 401, "sign_in_first")
    assert ok(call(server, ben, "GET", "/sheets"))["sheets"] == []
    assert ok(call(server, ann, "GET", path))["totals"] == BILAN


def test_bad_input_is_refused_with_its_field(server: Server) -> None:
    ann = server.register("ann")
    sheet = ok(call(server, ann, "POST", "/sheets", EXAMPLE), 201)
    path = f"/sheets/{sheet['id']}"
    strangers = [{"name": name, "user": 999} for name in "wxyz"]  # no such accounts
    cases: list[tuple[str, str, Any, str]] = [
        ("POST", f"{path}/deals", {**EXAMPLE["deals"][0], "taker": 4}, "taker"),
        ("POST", f"{path}/deals", {**EXAMPLE["deals"][0], "contract": "pousse"}, "contract"),
        (
            "POST",
            f"{path}/deals",
            {**EXAMPLE["deals"][0], "bouts": 3, "petit_au_bout": "defense"},
            "petit",
        ),
        ("POST", f"{path}/deals", b"{not json", "input"),
        ("POST", f"{path}/deals", b"\xff\xfe", "input"),
        ("PUT", f"{path}/deals/1", {"contract": "garde"}, "taker"),
        ("POST", "/sheets", {**EXAMPLE, "variant": "belote"}, "variant"),
        ("POST", "/sheets", {**EXAMPLE, "options": {"misere": "often"}}, "options"),
        # a bonus of 4,299 digits: scores no client reads, a CSV Python cannot write
        ("POST", "/sheets", {**EXAMPLE, "options": {"prime": 10**4298}}, "options"),
        ("POST", "/sheets", {**EXAMPLE, "options": {"chelem_defence": -(10**7)}}, "options"),
        ("POST", "/sheets", {**EXAMPLE, "variant": "f" * 100_000}, "variant"),
        ("POST", "/sheets", {**EXAMPLE, "players": EXAMPLE["players"][:2]}, "players"),
        ("POST", "/sheets", {**EXAMPLE, "players": strangers}, "players"),
        ("POST", "/sheets", [1, 2], "input"),
    ]
    for method, where, body, field in cases:
        answer = refused(call(server, ann, method, where, body), 422, "sheet_invalid")
        assert field in answer["params"]["field"], (body, answer)
    refused(call(server, ann, "PUT", f"{path}/deals/7", EXAMPLE["deals"][0]), 404, "no_sheet_deal")
    refused(call(server, ann, "DELETE", f"{path}/deals/5"), 404, "no_sheet_deal")
    assert call(server, ann, "GET", "/sheets/0").status_code == 422
    assert call(server, ann, "DELETE", f"{path}/deals/-1").status_code == 422
    refused(call(server, None, "GET", "/shared/" + "x" * 24), 404, "no_shared_sheet")
    # Nothing refused changed the sheet.
    assert ok(call(server, ann, "GET", path))["totals"] == BILAN


def test_guests_score_in_their_browser_and_keep_sheets_by_registering(server: Server) -> None:
    async def scenario() -> None:
        guest = await Player.connect(server, name="visitor")
        refused(call(server, guest.token, "GET", "/sheets"), 403, "guests_no_sheets")
        refused(call(server, guest.token, "POST", "/sheets", EXAMPLE), 403, "guests_no_sheets")
        await guest.close()

    asyncio.run(scenario())
    scored = ok(call(server, None, "POST", "/sheet/score", EXAMPLE))
    assert scored["totals"] == BILAN and "id" not in scored
    lines = call(server, None, "POST", "/sheet/csv", EXAMPLE).text.splitlines()
    assert lines[-1].split(",")[6:10] == [str(t) for t in BILAN]
    bad = {**EXAMPLE, "deals": [{**EXAMPLE["deals"][0], "points": 95}]}
    answer = refused(call(server, None, "POST", "/sheet/score", bad), 422, "sheet_invalid")
    assert answer["params"]["field"] == "deals.0.points"
    # a rule of the game broken is named for the clients to word: the defence took a
    # trick (no chelem), four cards at 4 players, three if a defender's Excuse played
    # in the last trick changed sides: 1.5 points at least
    lost = {"contract": "prise", "taker": 0, "points": 90, "bouts": 3}
    bad["deals"] = [EXAMPLE["deals"][0], lost]
    answer = refused(call(server, None, "POST", "/sheet/score", bad), 422, "sheet_invalid")
    assert answer["params"] | {"reason": ""} == {
        "field": "deals.1.points",
        "reason": "",
        "rule": "deal_trick_lost_points",
        "deal": 2,
        "most_points": "89.5",
        "attack_points": "90",
    }
    # Registering, the guest's sheet is sent whole and kept.
    kept = ok(call(server, server.register("newcomer"), "POST", "/sheets", EXAMPLE), 201)
    assert kept["totals"] == BILAN


def test_an_option_refused_comes_with_the_engines_code(server: Server) -> None:
    """``sheet_invalid`` gave an option the engine refuses with its English reason
    alone: the engine's ``option_*`` code comes in ``rule`` (a list, as a record's
    refusal gives it), its parameters along, for the page to word it in French."""
    ann = server.register("ann")
    bodies = [("POST", "/sheet/score", None), ("POST", "/sheets", ann)]
    for method, where, token in bodies:
        bad = {**EXAMPLE, "options": {"misere": "often"}}
        answer = refused(call(server, token, method, where, bad), 422, "sheet_invalid")
        params = answer["params"]
        assert params == {
            "field": "options",
            "reason": "option 'misere' expects true or false",
            "rule": ["option_kind"],
            "option": "misere",
            "takes": "boolean",
        }
        assert answer["detail"] == "options: option 'misere' expects true or false"
        assert full_message("sheet_invalid", params, "fr") == (
            "options : l'option « misere » attend true ou false"
        )
    unknown = {**EXAMPLE, "options": {"colour": 1}}
    answer = refused(call(server, None, "POST", "/sheet/score", unknown), 422, "sheet_invalid")
    assert answer["params"]["rule"] == ["option_unknown"]
    assert full_message("sheet_invalid", answer["params"], "fr").startswith(
        "options : option « colour » inconnue (options connues : chelem_announced_failed, "
    )
    variant = {**EXAMPLE, "variant": "belote"}
    answer = refused(call(server, None, "POST", "/sheet/score", variant), 422, "sheet_invalid")
    assert answer["params"] | {"known": ""} == {
        "field": "variant",
        "reason": "no variant called belote (known: fft, traditionnel)",
        "rule": ["unknown_variant"],
        "variant": "belote",
        "known": "",
    }


def test_a_field_refused_comes_with_its_reason_coded(server: Server) -> None:
    """``sheet_invalid`` carried pydantic's English reason ("Input should be a valid
    integer") that a French page showed inside its French message: the reason
    comes coded in ``rule`` (a ``field_*`` code, its parameters along), the field
    still named, for every client to word in its reader's language."""
    ann = server.register("ann")
    deal = EXAMPLE["deals"][0]
    path = f"/sheets/{ok(call(server, ann, 'POST', '/sheets', EXAMPLE), 201)['id']}"
    cases: list[tuple[str, str, Any, str, str]] = [
        (
            "POST",
            "/sheet/score",
            {**EXAMPLE, "deals": [{**deal, "taker": "Nord"}]},
            "deals.0.taker : doit être un nombre entier",
            "deals.0.taker: must be a whole number",
        ),
        (
            "POST",
            "/sheets",
            {**EXAMPLE, "players": EXAMPLE["players"][:2]},
            "players : doit compter au moins 3 éléments",
            "players: must hold at least 3 items",
        ),
        (
            "PUT",
            path,
            {**EXAMPLE, "title": "t" * 81},
            "title : doit compter au plus 80 caractères",
            "title: must be at most 80 characters long",
        ),
        (
            "POST",
            "/sheet/csv",
            {**EXAMPLE, "players": [{"name": ""}, *EXAMPLE["players"][1:]]},
            "players.0.name : ne doit pas être vide",
            "players.0.name: must not be empty",
        ),
        (
            "POST",
            f"{path}/deals",
            {**deal, "points": 40.25},
            "points : les points se comptent au demi-point près (par exemple 40,5)",
            "points: points are counted to the half point (e.g. 40.5)",
        ),
        (
            "PUT",
            f"{path}/deals/0",
            {**deal, "contract": "garde_sans_chien"},
            "contract : doit être l'une des valeurs prise, pousse, garde, garde_sans, garde_contre",
            "contract: must be one of prise, pousse, garde, garde_sans, garde_contre",
        ),
        (
            "POST",
            f"{path}/deals",
            {**deal, "chelem": True},
            "chelem : doit être un objet JSON",
            "chelem: must be a JSON object",
        ),
        (
            "POST",
            "/sheets",
            {**EXAMPLE, "title": "pay \u202egnp.exe"},
            "title : les caractères de forçage, d'enchâssement et d'isolement "
            "bidirectionnels sont refusés",
            "title: bidirectional overrides, embeddings and isolates are refused",
        ),
        (
            "POST",
            "/sheet/score",
            b"{not json",
            "input : ce n'est pas du JSON valide (ligne 1, colonne 2)",
            "input: not valid JSON (line 1, column 2)",
        ),
    ]
    for method, where, body, french, english in cases:
        answer = refused(call(server, ann, method, where, body), 422, "sheet_invalid")
        params = answer["params"]
        assert [code[:5] for code in params["rule"]] in (["field"], ["text_"]), answer
        assert answer["detail"] == english
        assert full_message("sheet_invalid", params, "en") == english
        assert full_message("sheet_invalid", params, "fr") == french
    assert ok(call(server, ann, "GET", path))["totals"] == BILAN  # nothing changed


_ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 100),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-1, max_value=100),
    st.sampled_from(["attack", "defense", "garde", "pousse", "simple", "sans_points", ""]),
    st.lists(st.fixed_dictionaries({"seat": st.integers(-1, 5), "size": st.just("simple")})),
)
_FIELDS = ["contract", "taker", "partner", "points", "bouts", "petit_au_bout", "poignees"]
_FIELDS += ["chelem", "miseres", "sitting_out", "extra"]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.dictionaries(st.sampled_from(_FIELDS), _ANY), st.sampled_from(["fft", "traditionnel"]))
def test_any_deal_is_scored_or_refused_with_a_code(
    server: Server, changes: dict[str, Any], variant: str
) -> None:
    """Whatever a deal holds, the answer is its score or a coded 422, never a 500."""
    deal = {**EXAMPLE["deals"][0], **changes}
    reply = call(
        server, None, "POST", "/sheet/score", {**EXAMPLE, "variant": variant, "deals": [deal]}
    )
    if reply.status_code != 200:
        answer = refused(reply, 422, "sheet_invalid")
        assert answer["params"]["field"].startswith("deals.0"), answer
    else:
        assert sum(reply.json()["totals"]) == 0


def test_sheets_on_postgresql(new_database: Callable[[], str]) -> None:
    """The same store calls on a real PostgreSQL: kept, changed, shared, listed."""
    store = Store(new_database())
    try:
        owner, _ = accounts.create(store, "pia", "not a real hash")
        kept = sheets.create(store, owner, SheetInput.model_validate(EXAMPLE))
        assert list(kept.scored.totals) == BILAN
        first = DealEntry.model_validate(EXAMPLE["deals"][0])
        changed = sheets.change(
            store, owner, kept.id, lambda s: s.model_copy(update={"deals": [first]})
        )
        assert changed.scored.totals == (-106, -106, -106, 318)
        token = sheets.share(store, owner, kept.id, True)
        assert token is not None and sheets.shared(store, token).id == kept.id
        assert [k.id for k in sheets.listing(store, owner)] == [kept.id]
    finally:
        store.close()


def test_a_sheet_kept_by_an_older_version_that_this_one_refuses_is_a_422(server: Server) -> None:
    """Checks grow stricter: a title reordering what follows it, a deal no play can
    give (three poignées). Kept before, such a sheet is refused on reading with
    its field, as it would be sent now, never a 500; taking the deal out mends it."""
    ann = server.register("ann")
    kept = [ok(call(server, ann, "POST", "/sheets", EXAMPLE), 201)["id"] for _ in range(2)]
    store = Store(f"sqlite:///{server.data_dir / 'atout.sqlite3'}")
    poignees = [{"seat": s, "size": "triple"} for s in range(3)]
    older = [
        {**EXAMPLE, "title": "pay \u202egnp.exe"},
        {**EXAMPLE, "deals": [{**EXAMPLE["deals"][0], "poignees": poignees}]},
    ]
    with store.session.begin() as db:
        for sheet_id, data in zip(kept, older, strict=True):
            db.execute(update(SheetRow).where(SheetRow.id == sheet_id).values(data=data))
    store.close()
    for sheet_id, field in zip(kept, ("title", "poignees"), strict=True):
        for path in ("", "/csv"):
            reply = call(server, ann, "GET", f"/sheets/{sheet_id}{path}")
            answer = refused(reply, 422, "sheet_invalid")
            assert field in answer["params"]["field"] + answer["params"]["reason"], answer
    mended = ok(call(server, ann, "DELETE", f"/sheets/{kept[1]}/deals/0"))
    assert mended["deals"] == []


def test_a_name_given_twice_is_refused_where_names_are_written(server: Server) -> None:
    """Two players of one name (case and spacing aside) were kept in silence: a
    sheet sent whole is refused ``name_twice`` with the two places. A sheet kept
    before still opens and takes deals; written whole again, it needs its names."""
    ann = server.register("ann")
    twice = {**EXAMPLE, "players": [*EXAMPLE["players"][:3], {"name": "  nord "}]}
    kept = ok(call(server, ann, "POST", "/sheets", EXAMPLE), 201)
    path = f"/sheets/{kept['id']}"
    for token, method, where in [
        (ann, "POST", "/sheets"),
        (ann, "PUT", path),
        (None, "POST", "/sheet/score"),
        (None, "POST", "/sheet/csv"),
    ]:
        answer = refused(call(server, token, method, where, twice), 422, "name_twice")
        assert answer["params"] == {"name": "  nord ", "first": 1, "second": 4}, where
        assert answer["detail"].startswith("the name   nord  is given twice (players 1 and 4)")
    assert [s["id"] for s in ok(call(server, ann, "GET", "/sheets"))["sheets"]] == [kept["id"]]
    assert ok(call(server, ann, "GET", path))["totals"] == BILAN  # nothing refused changed it
    store = Store(f"sqlite:///{server.data_dir / 'atout.sqlite3'}")
    with store.session.begin() as db:  # as a version that took such names kept it
        db.execute(update(SheetRow).where(SheetRow.id == kept["id"]).values(data=twice))
    store.close()
    assert ok(call(server, ann, "GET", path))["totals"] == BILAN
    assert ok(call(server, ann, "POST", f"{path}/deals", EXAMPLE["deals"][0]))["deals"]
    refused(call(server, ann, "PUT", path, twice), 422, "name_twice")
    assert ok(call(server, ann, "PUT", path, EXAMPLE))["totals"] == BILAN
