"""``atout serve``: run the online server on one machine."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from atout.cli.app import app


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
    grace: Annotated[
        float, typer.Option(help="Seconds a disconnected player may take to return.")
    ] = 180.0,
    robot_delay: Annotated[
        float, typer.Option(help="Seconds a robot waits before it plays.")
    ] = 0.3,
    trick_pause: Annotated[
        float, typer.Option(help="Seconds a completed trick stays in view before a robot plays.")
    ] = 0.8,
    robot_cores: Annotated[
        int | None,
        typer.Option(help="Cores a strong robot's decision is spread over (default: every core)."),
    ] = None,
) -> None:
    """Serve the lobby, tables and web client over HTTP and websockets."""
    import uvicorn

    from atout.server.app import Settings, create_app
    from atout.server.protocol import MAX_MESSAGE_BYTES

    settings = Settings(
        data_dir=data_dir,
        database_url=database_url,
        grace_seconds=grace,
        robot_delay=robot_delay,
        trick_pause=trick_pause,
        robot_cores=robot_cores,
    )
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws_max_size=MAX_MESSAGE_BYTES * 2,
        ws_per_message_deflate=False,  # small messages: compressing costs more than it saves
        log_level="info",
    )
