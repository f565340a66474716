"""The score sheet endpoints: registered players' sheets (create, list, read,
replace, add, edit or delete a deal, delete), CSV export, a read-only share
link, and for guests (whose sheets stay in their browser) the same scoring
and CSV of a sheet sent whole.

Identity is the session's user id; a sheet belongs to the account that made
it and answers 404 to anyone else. Bodies are read as :mod:`atout.sheet`'s
models and every change is scored whole before it is kept, so a bad deal is a
422 naming its field (``sheet_invalid``), never a 500. The store is read and
written in threads (``to_thread``).
"""

from __future__ import annotations

from asyncio import to_thread
from collections.abc import Callable
from typing import Annotated, Any, Final

from fastapi import APIRouter, Header, Query, Request, Response
from fastapi import Path as FastAPIPath

from atout.cards import Language
from atout.refusals import Refusal
from atout.server import members, sheets
from atout.server.http_refusals import HTTPRefusal
from atout.server.sheets import Kept
from atout.server.store import Store
from atout.sheet import (
    MAX_DEALS,
    DealEntry,
    InputError,
    SheetInput,
    check_names,
    csv_text,
    parse,
    sheet_view,
)

SheetId = Annotated[int, FastAPIPath(ge=1, le=2**63 - 1)]
DealIndex = Annotated[int, FastAPIPath(ge=0, lt=MAX_DEALS)]
CSV: Final = "text/csv; charset=utf-8"
Lang = Annotated[Language, Query()]
"""The language of a CSV's words: the page's, English when not given."""


async def _read(request: Request, model: type[Any]) -> Any:
    """The body as ``model``; 422 ``sheet_invalid`` naming the field."""
    try:
        return parse(model, await request.body())
    except InputError as error:
        raise sheets.invalid(error) from None


async def _written(request: Request) -> SheetInput:
    """A sheet sent whole, its names written anew: 422 ``sheet_invalid`` naming the
    field, or ``name_twice`` for two players of one name."""
    sheet: SheetInput = await _read(request, SheetInput)
    try:
        check_names(sheet)
    except Refusal as refusal:
        raise HTTPRefusal.of(422, refusal) from None
    return sheet


def _view(kept: Kept, owned: bool = True) -> dict[str, Any]:
    view = sheet_view(kept.scored)
    if owned:
        view |= {"id": kept.id, "share": kept.share, "updated": kept.updated}
    return view


def _csv(kept: Kept, lang: Language) -> Response:
    """The sheet as a CSV file, in the page's language (``lang``)."""
    name = f"atout-sheet-{kept.id}.csv" if kept.id else "atout-sheet.csv"
    disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
    return Response(csv_text(kept.scored, lang), media_type=CSV, headers=disposition)


def _deal_at(index: int, edit: Callable[[list[DealEntry]], None]) -> Callable[..., SheetInput]:
    """An edit of the deal at ``index`` (404 ``no_sheet_deal`` when there is none)."""

    def apply(sheet: SheetInput) -> SheetInput:
        if index >= len(sheet.deals):
            raise HTTPRefusal(404, "no_sheet_deal", deal=index)
        deals = list(sheet.deals)
        edit(deals)
        return sheet.model_copy(update={"deals": deals})

    return apply


def sheet_routes(store: Store) -> APIRouter:
    router = APIRouter()

    async def owner(authorization: str) -> int:
        """The registered player a Bearer token opens (401; a guest: 403)."""
        me = await members.identity(store, authorization)
        if me.user_id is None:
            raise HTTPRefusal(403, "guests_no_sheets")
        return me.user_id

    @router.get("/api/sheets")
    async def listing(authorization: Annotated[str, Header()] = "") -> dict[str, Any]:
        """The player's sheets, the latest changed first, with their totals."""
        kept = await to_thread(sheets.listing, store, await owner(authorization))
        return {"sheets": [sheets.summary(k) for k in kept]}

    @router.post("/api/sheets", status_code=201)
    async def create(request: Request, authorization: Annotated[str, Header()] = "") -> Any:
        """A new sheet (with deals already, e.g. a guest's kept on registering)."""
        me = await owner(authorization)
        sheet = await _written(request)
        return _view(await to_thread(sheets.create, store, me, sheet))

    @router.get("/api/sheets/{sheet_id}")
    async def read(sheet_id: SheetId, authorization: Annotated[str, Header()] = "") -> Any:
        return _view(await to_thread(sheets.get, store, await owner(authorization), sheet_id))

    @router.put("/api/sheets/{sheet_id}")
    async def replace(
        sheet_id: SheetId, request: Request, authorization: Annotated[str, Header()] = ""
    ) -> Any:
        """The whole sheet written again (names, title, rules and deals)."""
        me = await owner(authorization)
        sheet = await _written(request)
        return _view(await to_thread(sheets.change, store, me, sheet_id, lambda _: sheet))

    @router.delete("/api/sheets/{sheet_id}")
    async def remove(sheet_id: SheetId, authorization: Annotated[str, Header()] = "") -> Any:
        await to_thread(sheets.delete, store, await owner(authorization), sheet_id)
        return {"ok": True}

    @router.post("/api/sheets/{sheet_id}/deals")
    async def add_deal(
        sheet_id: SheetId, request: Request, authorization: Annotated[str, Header()] = ""
    ) -> Any:
        me = await owner(authorization)
        deal = await _read(request, DealEntry)

        def add(sheet: SheetInput) -> SheetInput:
            if len(sheet.deals) >= MAX_DEALS:
                raise HTTPRefusal(409, "sheet_full", limit=MAX_DEALS)
            return sheet.model_copy(update={"deals": [*sheet.deals, deal]})

        return _view(await to_thread(sheets.change, store, me, sheet_id, add))

    @router.put("/api/sheets/{sheet_id}/deals/{index}")
    async def edit_deal(
        sheet_id: SheetId,
        index: DealIndex,
        request: Request,
        authorization: Annotated[str, Header()] = "",
    ) -> Any:
        """The deal at ``index`` (from 0) written again."""
        me = await owner(authorization)
        deal = await _read(request, DealEntry)
        edit = _deal_at(index, lambda deals: deals.__setitem__(index, deal))
        return _view(await to_thread(sheets.change, store, me, sheet_id, edit))

    @router.delete("/api/sheets/{sheet_id}/deals/{index}")
    async def delete_deal(
        sheet_id: SheetId, index: DealIndex, authorization: Annotated[str, Header()] = ""
    ) -> Any:
        me = await owner(authorization)
        edit = _deal_at(index, lambda deals: deals.__delitem__(index))
        return _view(await to_thread(sheets.change, store, me, sheet_id, edit))

    @router.get("/api/sheets/{sheet_id}/csv")
    async def export(
        sheet_id: SheetId, authorization: Annotated[str, Header()] = "", lang: Lang = "en"
    ) -> Response:
        return _csv(await to_thread(sheets.get, store, await owner(authorization), sheet_id), lang)

    @router.post("/api/sheets/{sheet_id}/share")
    async def share(sheet_id: SheetId, authorization: Annotated[str, Header()] = "") -> Any:
        """A read-only public address of the sheet: ``/#/shared/{token}`` in the browser."""
        token = await to_thread(sheets.share, store, await owner(authorization), sheet_id, True)
        return {"token": token}

    @router.delete("/api/sheets/{sheet_id}/share")
    async def unshare(sheet_id: SheetId, authorization: Annotated[str, Header()] = "") -> Any:
        """The share link stops working (a new one is another token)."""
        await to_thread(sheets.share, store, await owner(authorization), sheet_id, False)
        return {"ok": True}

    @router.get("/api/shared/{token}")
    async def shared(token: Annotated[str, FastAPIPath(max_length=64)]) -> Any:
        """A shared sheet, read-only, to anyone holding the link."""
        return _view(await to_thread(sheets.shared, store, token), owned=False)

    @router.get("/api/shared/{token}/csv")
    async def shared_csv(
        token: Annotated[str, FastAPIPath(max_length=64)], lang: Lang = "en"
    ) -> Response:
        return _csv(await to_thread(sheets.shared, store, token), lang)

    @router.post("/api/sheet/score")
    async def score(request: Request) -> Any:
        """A whole sheet in (a guest's, kept in the browser), scored with totals out."""
        sheet = await _written(request)
        return sheet_view(await to_thread(sheets.checked, sheet))

    @router.post("/api/sheet/csv")
    async def score_csv(request: Request, lang: Lang = "en") -> Response:
        """A whole sheet in, its CSV out (the browser downloads it)."""
        sheet = await _written(request)
        return _csv(Kept(0, await to_thread(sheets.checked, sheet), None, 0.0), lang)

    return router
