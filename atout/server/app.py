"""The served application: account, profile, friends, score sheet and leaderboard
endpoints, the websocket, and the static web client when it is installed."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Final

from fastapi import FastAPI, Request, Response, WebSocket
from fastapi import Path as FastAPIPath
from fastapi.exceptions import RequestValidationError
from sqlalchemy import select
from sqlalchemy.exc import DataError, OperationalError
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.status import WS_1008_POLICY_VIOLATION, WS_1012_SERVICE_RESTART
from starlette.websockets import WebSocketDisconnect

from atout.analysis.review import DEFAULT_DEALS
from atout.game import GameRules
from atout.refusals import Refusal
from atout.registry import GAME_NAMES, game_rules, table_sizes, variant_rules
from atout.server import analyses, bus, collector, hints, lease, offload, protocol
from atout.server.account_routes import account_routes
from atout.server.clients import RateLimiter
from atout.server.cluster import ClusterHub
from atout.server.friend_routes import friend_routes
from atout.server.http_refusals import (
    HTTPRefusal,
    invalid_request,
    refused,
    unreadable_body,
)
from atout.server.http_refusals import response as http_response
from atout.server.hub import Hub
from atout.server.limits import BodyLimit, storage_unavailable, unstorable
from atout.server.metrics import Metrics
from atout.server.ops_routes import Readiness, ops_routes
from atout.server.passwords import Passwords
from atout.server.profile_routes import profile_routes
from atout.server.public_jobs import run_public
from atout.server.robots import Thinking
from atout.server.served import Served
from atout.server.shared_limits import SharedLimits
from atout.server.sheet_routes import sheet_routes
from atout.server.store import ActionRow, GameRow, Store, StoreError, storable
from atout.server.tablestore import game_lineups
from atout.server.throttle import Guards, client_address
from atout.server.tournament_live import Live
from atout.server.tournament_privacy import hidden_games
from atout.server.tournament_routes import tournament_routes
from atout.server.writer import Writer
from atout.web.record_export import FORMS, MEDIA_TYPES, export_record, record_tags
from atout.web.routes import router as web_router
from atout.web.static_files import (
    GZIP_LEVEL,
    GZIP_MINIMUM_BYTES,
    ClientMount,
    RevalidatedStaticFiles,
)

log = logging.getLogger(__name__)
STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"
HELLO_SECONDS: Final = 10.0
"""A socket that says nothing this long after opening is closed."""


@dataclass(frozen=True)
class Settings:
    """How one server runs; the defaults suit one machine."""

    data_dir: Path = Path("data")
    database_url: str | None = None
    redis_url: str | None = None
    """A cluster's Redis: this server is then one node of several on one database."""
    grace_seconds: float = 180.0
    robot_delay: float = 0.3
    trick_pause: float = 0.8
    """Seconds a completed trick stays in view before a robot plays the next card."""
    messages_per_second: float = 50.0
    message_burst: float = 100.0
    flood_limit: int = 200
    """Refused messages after which a flooding client is disconnected."""
    static_dir: Path = STATIC_DIR
    """The web client's files, served at ``/`` when the directory exists."""
    robot_cores: int | None = 1
    """Cores a strong robot's decision is spread over (None: every core)."""
    analysis_deals: int = DEFAULT_DEALS
    """Sampled deals per decision in a game's review (``atout.server.analyses``)."""
    robot_threads: int = 0
    """Robots think in this many threads of the serving process instead of their
    worker process (for tests that spy on robots): 0, in the worker."""
    lease_seconds: float = 10.0
    """How long a dead server's lease on the database keeps a successor waiting
    (in a cluster: a dead node's leases on its tables)."""
    guards: Guards = field(default_factory=Guards)
    """Throttles per client address and account (``atout.server.throttle``)."""
    collector: bool = False
    """Set the process's garbage collection policy (``atout.server.collector``):
    ``atout serve``'s own, as tests run many servers in one process."""
    robots_ready: bool = False
    """Start the robots' worker with the server (``atout serve``), lest the first
    robot standing in for a player move seconds late; else at the first decision."""
    tournament_wait: float = 60.0
    """Seconds a tournament table waits for its players, once opened, before robots
    take the seats still empty and its game starts (``atout.server.tournament_seating``)."""


def create_app(settings: Settings, rules: Callable[[str], GameRules] = game_rules) -> Served:
    """The application, owning its database from now on (LeaseHeld if another
    server does); its tables are rebuilt when it starts."""
    if settings.redis_url is not None and settings.database_url is None:
        raise StoreError(
            "--redis-url needs --database-url: the nodes of a cluster share one database"
        )
    store = (
        Store(settings.database_url) if settings.database_url else Store.in_dir(settings.data_dir)
    )
    owner = lease.new_owner()
    try:
        if settings.redis_url is not None:  # one node of several: leases per table
            bus.check(settings.redis_url)
            previous = None
        else:
            previous = lease.acquire(store, owner, settings.lease_seconds)
    except BaseException:
        store.close()
        raise
    metrics = Metrics()
    renew = lease.renew_every(settings.lease_seconds)
    hub_settings = (
        rules,
        settings.guards,
        settings.grace_seconds,
        settings.robot_delay,
        settings.trick_pause,
        Thinking(settings.robot_cores, settings.robot_threads),
    )
    writer = Writer(store, owner, renew, metrics)
    if settings.redis_url is None:
        hub = Hub(store, writer, *hub_settings)
    else:
        hub = ClusterHub(
            store,
            writer,
            *hub_settings,
            redis_url=settings.redis_url,
            lease_seconds=settings.lease_seconds,
        )
        metrics.watch_bus(hub.bus)
        settings.guards.shared = SharedLimits(hub.bus)  # an account's tries, on any node
    hub.ctx.tournament_wait = settings.tournament_wait
    live = Live(store, hub)
    passwords_pool = Passwords()
    metrics.watch(hub)
    readiness = Readiness(writer)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await writer.start()
        await hub.start(previous if previous is not None else time.time())
        await live.start(settings.lease_seconds)
        if settings.robots_ready:
            hub.ctx.pool.warm()
        readiness.phase = "serving"
        log.info("ready: %d open tables rebuilt from the store", len(hub.tables))
        clocks = [asyncio.create_task(metrics.watch_loop())]
        if settings.collector:
            collector.install()
            clocks.append(asyncio.create_task(collector.run()))
        yield
        readiness.phase = "stopping"
        for clock in clocks:
            clock.cancel()
        await live.stop()
        await hub.stop()
        await writer.stop()
        if settings.redis_url is None:
            await asyncio.to_thread(lease.release, store, owner)
        passwords_pool.close()
        await analyses.stop()  # reviews under way start over when asked again
        await offload.workers.stop()  # started by the first replay, if any
        await hints.workers.stop(kill=True)  # started by the first hint, if any
        store.close()

    app = Served(title="atout", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(BodyLimit)  # request bodies bounded before they are read (413)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES, compresslevel=GZIP_LEVEL)
    app.add_exception_handler(OperationalError, storage_unavailable)  # 503, not 500
    app.add_exception_handler(HTTPRefusal, refused)  # detail, code and params
    app.add_exception_handler(RequestValidationError, invalid_request)  # coded, input not echoed
    app.add_exception_handler(HTTPException, unreadable_body)  # coded, not FastAPI's bare 400
    app.add_exception_handler(DataError, unstorable)  # 422, not 500
    app.state.hub = hub
    app.state.metrics = metrics
    app.include_router(ops_routes(readiness, metrics))
    app.include_router(account_routes(store, passwords_pool, settings.guards, hub.revoke))
    app.include_router(profile_routes(store))
    app.include_router(friend_routes(store, settings.guards, hub))
    app.include_router(analyses.analysis_routes(store, settings.analysis_deals))
    app.include_router(sheet_routes(store))
    app.include_router(tournament_routes(store, live))

    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        """The games a table may play, each variant with the numbers of players it
        deals for and its rules: the lobby and the score sheet offer exactly these."""
        return [_game_offer(name) for name in GAME_NAMES]

    def finished_game(game_id: int) -> tuple[dict[str, Any], dict[str, str]]:
        """A finished game's log record and its tags (docs/records.md)."""
        with store.session() as db:
            game = db.get(GameRow, game_id) if storable(game_id) else None
            if game is None or game.status == "playing":
                raise HTTPRefusal(404, "no_finished_game")
            if hidden_games(db, [game]):  # its boards are still to be played elsewhere
                raise HTTPRefusal(403, "tournament_game_hidden")
            texts = db.scalars(
                select(ActionRow.text).where(ActionRow.game_id == game_id).order_by(ActionRow.index)
            ).all()
        if game.status == "cancelled":  # its complete deals only: nobody saw the rest
            texts = texts[: (game.result or {}).get("shown_actions", 0)]
        names = [seat["name"] if seat else None for seat in game.seats]
        record = {
            "format": "atout-record/1",
            "game": game.game,
            "players": game.players,
            "variant": game.variant,
            "options": game.engine_options,
            "actions": list(texts),
            "meta": {
                "status": game.status,
                "result": game.result,
                "shared_ip": game.shared_ip,
                "names": names,
                "users": [seat.get("user") if seat else None for seat in game.seats],
                "lineups": game_lineups(game),
            },
        }
        return record, record_tags(game_id, game.started, game.status, names)

    @app.get("/api/games/{game_id}")
    async def replay(
        request: Request,
        game_id: Annotated[int, FastAPIPath(ge=1, le=2**63 - 1)],
        format: str = "log",
    ) -> Any:
        """A finished game's full record; an unfinished game is never shown, nor a
        duplicate tournament's before the tournament is over (403
        ``tournament_game_hidden``: ``tournament_privacy``). As the
        store keeps it (``format=log``), or readable with every deal's cards shown
        (``format=text`` or ``json``, docs/records.md), made in a worker process."""
        if format != "log" and format not in FORMS:
            raise HTTPRefusal(400, "bad_record_format", formats=["log", *FORMS])
        record, tags = await asyncio.to_thread(finished_game, game_id)
        if format == "log":
            return record
        made = (json.dumps(record), tags, format)
        body = await run_public(request, export_record, made)
        return Response(body, media_type=MEDIA_TYPES[format])

    app.socket = functools.partial(serve_socket, hub=hub, settings=settings)
    app.include_router(web_router)  # the web client's score sheet and replay steps
    if settings.static_dir.is_dir():  # last: its catch-all must not hide the routes
        static = RevalidatedStaticFiles(directory=settings.static_dir, html=True)
        app.router.routes.append(ClientMount("/", static, name="web"))  # atout.web.static_files
    return app


async def serve_socket(ws: WebSocket, hub: Hub, settings: Settings) -> None:
    """One client's connection: a hello first, then validated, rate-limited messages.
    A connection closed by the server's own shutdown (uvicorn's 1012) is not the
    player leaving: no robot may take their seat before the tables stop, and the
    restarted server keeps their seat for them. An address opening sockets too
    fast, or holding too many, is refused before the upgrade: HTTP 429, coded
    (``too_many_sockets``, ``sockets_too_fast``) for a program to read why."""
    ip = client_address(ws)
    refusal = hub.admit(ip)
    if refusal is not None:
        wait = str(refusal.params.get("seconds", 1))
        await ws.send_denial_response(http_response(refusal, 429, {"Retry-After": wait}))
        return
    try:
        await _serve(ws, hub, settings, ip)
    finally:
        hub.release(ip)


async def _serve(ws: WebSocket, hub: Hub, settings: Settings, ip: str) -> None:
    await ws.accept()
    try:
        async with asyncio.timeout(
            HELLO_SECONDS
        ):  # not wait_for, which can swallow a cancel on 3.11
            first = await ws.receive()
        if first["type"] == "websocket.disconnect":
            return
        hello = protocol.parse_message(first.get("text") or first.get("bytes") or b"")
        if not isinstance(hello, protocol.Hello):
            raise protocol.ProtocolError("hello_first")
        client, welcome = await hub.greet(hello, ip)
    except (protocol.ProtocolError, TimeoutError) as error:
        refusal = error if isinstance(error, Refusal) else Refusal("no_hello")
        await ws.send_text(protocol.error(refusal))
        await ws.close(1008)
        return
    except WebSocketDisconnect:
        return
    client.send(welcome)
    writer = asyncio.create_task(client.drain(ws.send))
    limiter = RateLimiter(settings.messages_per_second, settings.message_burst)
    restarting = False
    try:
        while not client.closed:
            received = await ws.receive()
            if received["type"] == "websocket.disconnect":
                restarting = received.get("code") == WS_1012_SERVICE_RESTART
                break
            text = received.get("text") or received.get("bytes") or b""
            if not limiter.allow():
                if limiter.refused > settings.flood_limit:
                    client.close(WS_1008_POLICY_VIOLATION)
                    break
                client.send_text(protocol.error(Refusal("too_many_messages")))
                continue
            try:
                message = protocol.parse_message(text)
            except protocol.ProtocolError as error:
                client.send_text(protocol.error(error))
                continue
            hub.dispatch(client, message)
    except WebSocketDisconnect:
        pass
    finally:
        if not restarting:
            hub.disconnected(client)
        client.close()
        await writer


def _game_offer(name: str) -> dict[str, Any]:
    """A game's default variant, whether a table chooses its number of deals
    (``rounds``) and, per variant, its table sizes, its options as they stand
    and (French Tarot) its contracts, as the engine answers them."""
    variants = []
    for variant, players in table_sizes(name).items():
        rules = variant_rules(name)[variant]
        offer = {"name": variant, "players": list(players), "options": rules["options"]}
        if "contracts" in rules:
            offer["contracts"] = rules["contracts"]
        variants.append(offer)
    rules_of = game_rules(name)
    return {
        "name": name,
        "default_variant": rules_of.default_variant,
        "rounds": bool(rules_of.rounds_options(2)),
        "variants": variants,
    }
