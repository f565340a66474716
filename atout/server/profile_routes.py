"""The social pages' endpoints: the leaderboard, a player's profile (level,
badges, avatar), avatars, and the list of finished games to replay.

Players are known by id (avatars) or by their name as shown (profile, the
replay list's filter), which is looked up to an id. The store is read and
written in threads, an uploaded avatar decoded in a worker process; refusals
answer a code (``atout.server.http_refusals``).
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from typing import Annotated, Any, Final

from fastapi import APIRouter, Header, Query, Request
from fastapi import Path as FastAPIPath
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy import func, select

from atout.refusals_fields import carrying, field_path, field_reason
from atout.registry import GAME_NAMES
from atout.server import accounts, avatars, badges, ledger, levels, offload
from atout.server.http_refusals import HTTPRefusal
from atout.server.members import bearer_token
from atout.server.store import GamePlayer, GameRow, GameSeat, Store, User
from atout.server.tablestore import game_lineups
from atout.server.tournament_privacy import hidden_games
from atout.text import name_key

PAGE_SIZE: Final = 20
MAX_PAGE: Final = 10_000
AVATAR_HEADERS: Final = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
}
"""Never sniffed, never a document that runs (a drawn avatar's own SVG)."""
VERSIONED_CACHE: Final = "public, max-age=31536000, immutable"
"""An avatar's versioned address (``avatars.url``) changes with it: kept a year."""
UNVERSIONED_CACHE: Final = "no-cache"
"""Its bare address ``/api/avatar/{id}`` (older pages, a table's seats) is asked
again at each use, answered 304 by its ETag while unchanged: a cache of minutes
showed a player's old avatar, to them too, after they chose a new one."""
UserId = Annotated[int, FastAPIPath(ge=1, le=2**63 - 1)]


def profile_routes(store: Store) -> APIRouter:
    router = APIRouter()
    uploading: set[int] = set()
    """The accounts whose image's upload is under way: one at a time each, as its
    body (16 MiB at most) is held in memory while it comes (a drawn avatar's
    JSON is a few words, under the plain body limit)."""

    @router.get("/api/leaderboard")
    async def leaderboard() -> list[dict[str, Any]]:
        return await asyncio.to_thread(_leaderboard, store)

    @router.get("/api/profile/{name}")
    async def profile(name: str) -> dict[str, Any]:
        found = await asyncio.to_thread(_profile, store, name)
        if found is None:
            raise HTTPRefusal(404, "no_such_player")
        return found

    @router.get("/api/avatars")
    def drawn() -> list[str]:
        """The names of the drawn avatars, to choose from."""
        return list(avatars.DRAWN)

    @router.get("/api/avatars/{name}.svg")
    def drawn_one(name: str) -> Response:
        if name not in avatars.DRAWN:
            raise HTTPRefusal(404, "unknown_avatar", name=name[:40])
        headers = AVATAR_HEADERS | {"Cache-Control": "public, max-age=86400"}
        return Response(avatars.DRAWN[name], media_type=avatars.SVG, headers=headers)

    @router.get("/api/avatar/{user_id}")
    async def avatar(
        user_id: UserId,
        v: Annotated[str | None, Query(max_length=32)] = None,
        if_none_match: Annotated[str | None, Header()] = None,
    ) -> Response:
        """The avatar; ``v`` (its version, from ``avatars.url``) only says how
        long it may be kept."""
        found = await asyncio.to_thread(avatars.read, store, user_id)
        if found is None:
            raise HTTPRefusal(404, "no_such_player")
        tag = f'"{hashlib.blake2b(found.data, digest_size=12).hexdigest()}"'
        cache = VERSIONED_CACHE if v else UNVERSIONED_CACHE
        headers = AVATAR_HEADERS | {"Cache-Control": cache, "ETag": tag}
        if if_none_match is not None and tag in {t.strip() for t in if_none_match.split(",")}:
            return Response(status_code=304, headers=headers)
        return Response(found.data, media_type=found.content_type, headers=headers)

    @router.put("/api/avatar")
    async def choose_avatar(
        request: Request, authorization: Annotated[str, Header()] = ""
    ) -> dict[str, str]:
        """A drawn avatar (JSON ``{"drawn": name}``) or an image (the body's bytes,
        whatever type it is declared as: its own bytes say), made small in a
        worker process (503 ``server_busy`` when none can take it)."""
        token = bearer_token(authorization)
        known = await asyncio.to_thread(accounts.identify, store, token) if token else None
        if known is None or known.identity.user_id is None:
            raise HTTPRefusal(401, "sign_in_first")
        user_id = known.identity.user_id
        drawing = request.headers.get("content-type", "").lower().startswith("application/json")
        if not drawing:  # an image's body (16 MiB at most) is held in memory as it comes
            if user_id in uploading:
                raise HTTPRefusal(429, "avatar_uploading", {"Retry-After": "5"})
            uploading.add(user_id)
        try:
            body = await request.body()
            drawn, image = None, None
            if drawing:
                drawn = _drawn_name(body)
            else:
                image = await avatars.uploaded(body)
            address = await asyncio.to_thread(
                avatars.choose, store, user_id, drawn, image, time.time()
            )
        except avatars.AvatarRefused as refused:
            raise HTTPRefusal.of(refused.status, refused) from None
        except offload.Busy as busy:
            raise HTTPRefusal.of(503, busy, {"Retry-After": "1"}) from None
        finally:
            if not drawing:
                uploading.discard(user_id)
        return {"avatar": address}

    @router.get("/api/records")
    async def records(game: str = "", player: str = "", page: str = "1") -> dict[str, Any]:
        """Finished games, newest first, a page at a time; filtered by game and by
        a registered player's name."""
        if game and game not in GAME_NAMES:
            raise HTTPRefusal(400, "unknown_game", game=game[:40])
        numbered = page.isascii() and page.isdigit()
        if not numbered or not 1 <= int(page) <= MAX_PAGE or len(player) > 64:
            raise HTTPRefusal(400, "bad_records_query")
        found = await asyncio.to_thread(_records, store, game, player, int(page))
        if found is None:
            raise HTTPRefusal(404, "no_such_player")
        return found

    return router


class _DrawnChoice(BaseModel):
    """``{"drawn": name}``: a drawn avatar (its name checked by ``avatars.choose``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    drawn: str = Field(max_length=40)


def _drawn_name(body: bytes) -> str:
    """The drawn avatar a JSON body names; 422 ``invalid_request`` for another shape."""
    try:
        return _DrawnChoice.model_validate_json(body).drawn
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        why, field = field_reason(first), field_path(first)
        field = f"body.{field}" if field else "body"  # as FastAPI names a body's fields
        told = HTTPRefusal(422, "invalid_request", field=field, reason=str(why))
        raise carrying(told, why) from None


def _leaderboard(store: Store) -> list[dict[str, Any]]:
    with store.session() as db:
        rating = User.mu - 3 * User.sigma
        board = db.execute(
            select(User.id, User.name, User.xp, rating, func.count(GamePlayer.id))
            .join(GamePlayer, GamePlayer.user_id == User.id)
            .group_by(User.id)
            .order_by(rating.desc(), User.xp.desc(), User.id)
            .limit(100)
        ).all()
        updated = avatars.updated_of(db, [row[0] for row in board])
    return [
        {
            "id": user_id,
            "name": name,
            "xp": xp,
            "level": levels.level_of(xp).level,
            "rating": round(value, 2),
            "games": games,
            "avatar": avatars.url(user_id, updated.get(user_id)),
        }
        for user_id, name, xp, value, games in board
    ]


def _profile(store: Store, name: str) -> dict[str, Any] | None:
    with store.session() as db:
        user = db.scalar(select(User).where(User.name_key == name_key(name)))
        if user is None:
            return None
        games, wins, deals, taken, made, points = db.execute(
            select(
                func.count(GamePlayer.id),
                func.count(GamePlayer.id).filter(GamePlayer.rank == 1),
                func.coalesce(func.sum(GamePlayer.deals), 0),
                func.coalesce(func.sum(GamePlayer.contracts_taken), 0),
                func.coalesce(func.sum(GamePlayer.contracts_made), 0),
                func.coalesce(func.sum(GamePlayer.deal_score_total), 0),
            ).where(GamePlayer.user_id == user.id)
        ).one()
        chips = ledger.balance(db, ledger.user_account(user.id))
        held = badges.of_user(db, user.id)
        updated = avatars.updated_of(db, [user.id]).get(user.id)
    return {
        "id": user.id,
        "name": user.name,
        "xp": user.xp,
        "level": levels.level_of(user.xp).as_dict(user.xp),
        "badges": held,
        "avatar": avatars.url(user.id, updated),
        "chips": chips,
        "chips_floor": ledger.ALLOWANCE_FLOOR,
        "rating": round(user.mu - 3 * user.sigma, 2),
        "games": games,
        "wins": wins,
        "contracts_taken": taken,
        "success_rate": made / taken if taken else None,
        "average_deal_score": points / deals if deals else None,
    }


def _records(store: Store, game: str, player: str, page: int) -> dict[str, Any] | None:
    """A page of finished games (None: no player of that name)."""
    query = select(GameRow).where(GameRow.status == "over")
    if game:
        query = query.where(GameRow.game == game)
    with store.session() as db:
        if player:
            user_id = db.scalar(select(User.id).where(User.name_key == name_key(player)))
            if user_id is None:
                return None
            seated = select(GameSeat.game_id).where(GameSeat.user_id == user_id)
            query = query.where(GameRow.id.in_(seated))
        rows = db.scalars(
            query.order_by(GameRow.id.desc()).offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE + 1)
        ).all()
        hidden = hidden_games(db, rows[:PAGE_SIZE])
    return {
        "page": page,
        "more": len(rows) > PAGE_SIZE,
        "games": [_summary(row, row.id in hidden) for row in rows[:PAGE_SIZE]],
    }


def _summary(game: GameRow, hidden: bool) -> dict[str, Any]:
    """What the list shows of a finished game: who sat where, when, who won, and
    whether its record is hidden (a duplicate tournament's, until its end)."""
    result = game.result or {}
    winners = result.get("winners")
    return {
        "id": game.id,
        "game": game.game,
        "variant": game.variant,
        "players": game.players,
        "names": [seat["name"] if seat else None for seat in game.seats],
        "users": [seat.get("user") if seat else None for seat in game.seats],
        "started": game.started,
        "competitive": bool(game.table_options.get("competitive")),
        "winners": [w for w in winners if isinstance(w, int)] if isinstance(winners, list) else [],
        "lineups": game_lineups(game),
        "hidden": hidden,
    }
