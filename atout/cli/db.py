"""``atout db``: the server's database schema, upgraded on its own (``atout
serve`` also upgrades the database it opens)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Annotated

import typer

from atout.cli.app import LangOpt, app, fail, group_language, unwritable
from atout.cli.extras import require_server
from atout.refusals import Refusal
from atout.terminal.words import COMMAND_WORDS

db_app = typer.Typer(
    help="The server's database: schema revisions.", no_args_is_help=True, callback=group_language
)
app.add_typer(db_app, name="db")

DataDir = Annotated[Path, typer.Option(help="Where the SQLite database lives.")]
DatabaseUrl = Annotated[
    str | None,
    typer.Option(envvar="ATOUT_DATABASE_URL", help="An SQLAlchemy URL instead of the SQLite file."),
]


def _unreadable(error: Exception) -> Refusal:
    """A database the driver cannot read, its reason the driver's first line."""
    return Refusal("db_unreadable", reason=str(error).splitlines()[0])


@db_app.command()
def upgrade(
    lang: LangOpt, data_dir: DataDir = Path("data"), database_url: DatabaseUrl = None
) -> None:
    """Bring the database's schema to this version of atout (kept data migrated)."""
    require_server("db upgrade")
    from sqlalchemy.exc import SQLAlchemyError

    from atout.server import schema
    from atout.server.store import Store

    try:
        store = Store(database_url) if database_url else Store.in_dir(data_dir)
        try:
            revision = schema.current(store.engine)
        finally:
            store.close()
    except OSError as error:  # its folder cannot be made
        if error.errno == errno.EEXIST:  # a file where the folder would be
            error = NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
        raise fail(unwritable(str(data_dir / "atout.sqlite3"), error), lang) from None
    except SQLAlchemyError as error:
        raise fail(_unreadable(error), lang) from None
    typer.echo(COMMAND_WORDS[lang]["db.upgraded"].format(revision=revision))


@db_app.command()
def current(
    lang: LangOpt, data_dir: DataDir = Path("data"), database_url: DatabaseUrl = None
) -> None:
    """Print the database's revision and the newest this version knows, without changing it."""
    require_server("db current")
    from sqlalchemy import create_engine
    from sqlalchemy.exc import SQLAlchemyError

    from atout.server import schema

    path = data_dir / "atout.sqlite3"
    if database_url is None and not path.is_file():
        raise fail(Refusal("db_missing", path=str(path)), lang)
    words = COMMAND_WORDS[lang]
    try:
        engine = create_engine(database_url or f"sqlite:///{path}")
    except (SQLAlchemyError, ValueError) as error:  # an URL that is none
        raise fail(_unreadable(error), lang) from None
    try:
        revision = schema.current(engine) or words["db.no_revision"]
        typer.echo(words["db.current"].format(revision=revision, newest=schema.head()))
    except SQLAlchemyError as error:
        raise fail(_unreadable(error), lang) from None
    finally:
        engine.dispose()
