"""Registered players' score sheets in the store, by owner id, and their share tokens.

A sheet is kept as written (``atout.sheet.SheetInput``) and checked by scoring
it whole before every write, so a stored sheet always scores; a change is read,
applied and written in one transaction. A share token is a random, unguessable
read-only address of one sheet, made on request and revocable. These functions
block: the server calls them in threads. Refusals (answered as they are,
with their status) change nothing.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from atout.server.http_refusals import HTTPRefusal
from atout.server.store import SheetRow, Store, User, storable
from atout.sheet import InputError, ScoredSheet, SheetInput, parse, score_sheet

SHEETS_LIMIT: Final = 200
"""Sheets one account keeps."""
CHANGE_TRIES: Final = 20
"""Writes of one change raced by others before it answers 409 ``sheet_busy``."""


@dataclass(frozen=True, slots=True)
class Kept:
    """A stored sheet, scored, with its id and share token (None: not shared)."""

    id: int
    scored: ScoredSheet
    share: str | None
    updated: float


def checked(sheet: SheetInput) -> ScoredSheet:
    """``sheet`` scored; SheetRefused (422, the field and reason) if it cannot be."""
    try:
        return score_sheet(sheet)
    except InputError as error:
        raise invalid(error) from None


def _stored(row: SheetRow) -> SheetInput:
    """A kept sheet as this version reads it: one it no longer takes (kept by an
    older version, whose checks were looser) is refused as a new one would be."""
    try:
        sheet: SheetInput = parse(SheetInput, row.data)
    except InputError as error:
        raise invalid(error) from None
    return sheet


def invalid(error: InputError) -> HTTPRefusal:
    """422 ``sheet_invalid`` naming the field, with the reason coded when it is (the
    rule of the game broken, the option or variant refused: ``InputError.refusal``)."""
    return HTTPRefusal.of(422, error.refusal())


def create(store: Store, owner: int, sheet: SheetInput) -> Kept:
    """A new sheet of ``owner``'s; 409 ``too_many_sheets`` when they hold
    ``SHEETS_LIMIT``, however many are sent at once (``_hold``)."""
    scored = checked(sheet)
    with store.session.begin() as db:
        _hold(db, owner)
        _check_accounts(db, sheet)
        count = db.scalar(select(func.count()).where(SheetRow.owner == owner))
        if (count or 0) >= SHEETS_LIMIT:
            raise HTTPRefusal(409, "too_many_sheets", limit=SHEETS_LIMIT)
        row = SheetRow(owner=owner, data=sheet.model_dump())
        db.add(row)
        db.flush()
        return Kept(row.id, scored, None, row.updated)


def _hold(db: Session, owner: int) -> None:
    """Make the owner's other creations wait until this transaction ends, so that
    what it counts stays true until it adds: a write to the owner's row that
    changes nothing, as the transaction's first statement. PostgreSQL locks the
    row until the end (another write waits, then reads what this one added);
    SQLite takes the database's write lock, which its other writers wait for."""
    db.execute(update(User).where(User.id == owner).values(xp=User.xp))


def listing(store: Store, owner: int) -> list[Kept]:
    """The owner's sheets, the latest changed first."""
    with store.session() as db:
        rows = db.scalars(
            select(SheetRow).where(SheetRow.owner == owner).order_by(SheetRow.updated.desc())
        ).all()
    return [_kept(row) for row in rows]


def get(store: Store, owner: int, sheet_id: int) -> Kept:
    with store.session() as db:
        return _kept(_owned(db, owner, sheet_id))


def change(
    store: Store, owner: int, sheet_id: int, edit: Callable[[SheetInput], SheetInput]
) -> Kept:
    """Apply ``edit`` to the stored sheet and keep the result if it scores.

    The result is written over the version it was made from (its ``updated``), else
    ``edit`` is applied again to the newer one: two changes at once (a deal sent
    twice, two tabs) are both kept, neither written over the other."""
    for _ in range(CHANGE_TRIES):
        with store.session.begin() as db:
            row = _owned(db, owner, sheet_id)
            read = row.updated
            sheet = edit(_stored(row))
            scored = checked(sheet)
            _check_accounts(db, sheet)
            now = max(time.time(), read + 0.001)  # each version its own ``updated``
            written = db.execute(
                update(SheetRow)
                .where(SheetRow.id == sheet_id, SheetRow.updated == read)
                .values(data=sheet.model_dump(), updated=now)
            )
            if written.rowcount:  # type: ignore[attr-defined]
                return Kept(row.id, scored, row.share, now)
    raise HTTPRefusal(409, "sheet_busy")


def delete(store: Store, owner: int, sheet_id: int) -> None:
    with store.session.begin() as db:
        db.delete(_owned(db, owner, sheet_id))


def share(store: Store, owner: int, sheet_id: int, shared: bool) -> str | None:
    """Give the sheet a share token (the one it has, if any) or take it away."""
    with store.session.begin() as db:
        row = _owned(db, owner, sheet_id)
        if not shared:
            row.share = None
        elif row.share is None:  # a simultaneous request's token, if it came first
            db.execute(
                update(SheetRow)
                .where(SheetRow.id == sheet_id, SheetRow.share.is_(None))
                .values(share=secrets.token_urlsafe(18))
            )
            db.refresh(row)
        return row.share


def shared(store: Store, token: str) -> Kept:
    """The sheet a share token opens (404 for any other token)."""
    with store.session() as db:
        row = db.scalar(select(SheetRow).where(SheetRow.share == token)) if token else None
        if row is None:
            raise HTTPRefusal(404, "no_shared_sheet")
        return _kept(row)


def _owned(db: Session, owner: int, sheet_id: int) -> SheetRow:
    row = db.get(SheetRow, sheet_id) if storable(sheet_id) else None
    if row is None or row.owner != owner:  # another's sheet is not told apart from none
        raise HTTPRefusal(404, "no_sheet")
    return row


def _kept(row: SheetRow) -> Kept:
    return Kept(row.id, checked(_stored(row)), row.share, row.updated)


def _check_accounts(db: Session, sheet: SheetInput) -> None:
    """Players given as accounts must be accounts."""
    ids = {p.user for p in sheet.players if p.user is not None and storable(p.user)}
    found = set(db.scalars(select(User.id).where(User.id.in_(ids))).all()) if ids else set()
    for index, player in enumerate(sheet.players):
        if player.user is not None and player.user not in found:
            raise HTTPRefusal(
                422, "sheet_invalid", field=f"players.{index}.user", reason="no such account"
            )


def summary(kept: Kept) -> dict[str, Any]:
    """A line of the owner's list of sheets."""
    sheet = kept.scored.sheet
    return {
        "id": kept.id,
        "title": sheet.title,
        "variant": sheet.variant,
        "players": [p.name for p in sheet.players],
        "deals": len(sheet.deals),
        "totals": list(kept.scored.totals),
        "updated": kept.updated,
    }
