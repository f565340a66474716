"""``atout serve``: run the online server on one machine."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from atout.analysis.review import DEFAULT_DEALS
from atout.cli.app import app, positive
from atout.cli.extras import require_server
from atout.server.logs import LogFormat

HEADER_SECONDS = 10.0
"""A request's headers must arrive within this time."""
CONNECTIONS_PER_ADDRESS = 64
LEASE_SECONDS = 10.0
CLUSTER_LEASE_SECONDS = 5.0
"""A node renews its tables' leases every second: a dead one's are taken over
within about 6 s."""
SWITCH_SECONDS = 0.001
"""How long the event loop may keep the interpreter's lock from the store's
writer thread, which asks for it back after every statement it runs (Python's
default, 5 ms, made each write wait behind a busy loop: at 1,000 tables the
p99 latency was 363-531 ms with it and 215-337 ms with 1 ms, alternate runs)."""


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    data_dir: Annotated[Path, typer.Option(help="Where the SQLite database lives.")] = Path("data"),
    database_url: Annotated[
        str | None,
        typer.Option(
            envvar="ATOUT_DATABASE_URL",
            help="An SQLAlchemy URL (e.g. postgresql+psycopg://...) instead of the SQLite file.",
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(
            envvar="ATOUT_REDIS_URL",
            help="A Redis URL (redis://host:6379/0): serve as one node of a cluster "
            "sharing --database-url (PostgreSQL) with the others.",
        ),
    ] = None,
    grace: Annotated[
        float, typer.Option(min=0.0, help="Seconds a disconnected player may take to return.")
    ] = 180.0,
    robot_delay: Annotated[
        float, typer.Option(min=0.0, help="Seconds a robot waits before it plays.")
    ] = 0.3,
    trick_pause: Annotated[
        float,
        typer.Option(min=0.0, help="Seconds a completed trick stays in view before a robot plays."),
    ] = 0.8,
    tournament_wait: Annotated[
        float,
        typer.Option(
            min=0.0, help="Seconds a tournament table waits for its players before robots sit."
        ),
    ] = 60.0,
    robot_cores: Annotated[
        int | None,
        typer.Option(
            min=1, help="Cores a strong robot's decision is spread over (default: every core)."
        ),
    ] = None,
    analysis_deals: Annotated[
        int,
        typer.Option(min=2, max=10_000, help="Sampled deals per decision in a game's review."),
    ] = DEFAULT_DEALS,
    lease_seconds: Annotated[
        float | None,
        typer.Option(
            callback=positive,
            help="Seconds after its last sign of life a dead server's hold on the database "
            "ends (a restarted server waits that long after a crash); in a cluster, on its "
            "tables, which another node then takes over. Default: 10, in a cluster 5.",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            envvar="ATOUT_FORWARDED_ALLOW_IPS",
            help="Comma-separated addresses of reverse proxies whose X-Forwarded-For "
            "is believed (default: none; the client address is the socket's).",
        ),
    ] = "",
    throttle_exempt: Annotated[
        str,
        typer.Option(
            help="Comma-separated client addresses not throttled per address "
            "(a load generator on this machine)."
        ),
    ] = "",
    log_format: Annotated[
        LogFormat,
        typer.Option(help="text, or json: one JSON object per line on stderr for a log collector."),
    ] = LogFormat.TEXT,
) -> None:
    """Serve the lobby, tables and web client over HTTP and websockets."""
    require_server("serve")
    import logging.config

    import uvicorn
    from sqlalchemy.exc import DatabaseError, OperationalError

    from atout.server.app import Settings, create_app
    from atout.server.bus import BusError
    from atout.server.connections import RefusingSocket, guarded_http
    from atout.server.lease import LeaseHeld
    from atout.server.logs import logging_config
    from atout.server.protocol import MAX_MESSAGE_BYTES
    from atout.server.store import StoreError
    from atout.server.throttle import Guards

    logging.config.dictConfig(logging_config(log_format))  # before the app logs anything
    logging.captureWarnings(True)
    proxies = frozenset(a.strip() for a in forwarded_allow_ips.split(",") if a.strip())
    exempt = frozenset(a.strip() for a in throttle_exempt.split(",") if a.strip())

    settings = Settings(
        data_dir=data_dir,
        database_url=database_url,
        redis_url=redis_url,
        grace_seconds=grace,
        robot_delay=robot_delay,
        trick_pause=trick_pause,
        tournament_wait=tournament_wait,
        robot_cores=robot_cores,
        analysis_deals=analysis_deals,
        lease_seconds=lease_seconds or (CLUSTER_LEASE_SECONDS if redis_url else LEASE_SECONDS),
        guards=Guards(exempt=exempt),
        collector=True,
        robots_ready=True,
    )
    try:
        served = create_app(settings)
    except (LeaseHeld, StoreError, BusError) as error:
        raise SystemExit(f"atout serve: {error}") from None
    except OperationalError as error:  # locked, or a full disk: it will pass
        raise SystemExit(
            f"atout serve: the database cannot be opened now ({_first_line(error)}): another "
            "program may be holding it, or the disk may be full; try again when it is free"
        ) from None
    except DatabaseError as error:  # not a database, or a malformed one
        raise SystemExit(
            f"atout serve: the database cannot be used ({_first_line(error)}): "
            "restore it from a backup, or start with another --data-dir"
        ) from None
    sys.setswitchinterval(SWITCH_SECONDS)
    uvicorn.run(
        served,
        host=host,
        port=port,
        ws_max_size=MAX_MESSAGE_BYTES * 2,
        ws_per_message_deflate=False,  # small messages: compressing costs more than it saves
        proxy_headers=bool(proxies),
        forwarded_allow_ips=",".join(proxies),  # none unless named: the header is anyone's
        http=guarded_http(HEADER_SECONDS, CONNECTIONS_PER_ADDRESS, exempt | proxies),
        ws=RefusingSocket,
        timeout_keep_alive=5,
        log_config=None,  # configured above
        log_level="info",
    )


def _first_line(error: Exception) -> str:
    """The driver's own words for a database error, without SQLAlchemy's additions."""
    return str(getattr(error, "orig", None) or error).splitlines()[0]
