"""``atout db``: the server's database schema, upgraded on its own (``atout
serve`` also upgrades the database it opens)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from atout.cli.app import app
from atout.cli.extras import require_server

db_app = typer.Typer(help="The server's database: schema revisions.", no_args_is_help=True)
app.add_typer(db_app, name="db")

DataDir = Annotated[Path, typer.Option(help="Where the SQLite database lives.")]
DatabaseUrl = Annotated[
    str | None,
    typer.Option(envvar="ATOUT_DATABASE_URL", help="An SQLAlchemy URL instead of the SQLite file."),
]


@db_app.command()
def upgrade(data_dir: DataDir = Path("data"), database_url: DatabaseUrl = None) -> None:
    """Bring the database's schema to this version of atout (kept data migrated)."""
    require_server("db upgrade")
    from atout.server import schema
    from atout.server.store import Store

    store = Store(database_url) if database_url else Store.in_dir(data_dir)
    typer.echo(f"database at revision {schema.current(store.engine)} (newest)")
    store.close()


@db_app.command()
def current(data_dir: DataDir = Path("data"), database_url: DatabaseUrl = None) -> None:
    """Print the database's revision and the newest this version knows, without changing it."""
    require_server("db current")
    from sqlalchemy import create_engine
    from sqlalchemy.exc import SQLAlchemyError

    from atout.server import schema

    path = data_dir / "atout.sqlite3"
    if database_url is None and not path.exists():
        raise SystemExit(f"atout db: no database at {path}")
    engine = create_engine(database_url or f"sqlite:///{path}")
    try:
        typer.echo(f"database: {schema.current(engine) or 'none'}; newest: {schema.head()}")
    except SQLAlchemyError as error:
        first = str(error).splitlines()[0]
        raise SystemExit(f"atout db: the database cannot be read ({first})") from None
    finally:
        engine.dispose()
