"""The store's schema, brought up to date by alembic revisions
(``atout/server/migrations``): ``atout serve`` upgrades its database when it
starts, and ``atout db upgrade`` does it on its own (for a database shared by
several machines, upgraded once, before the new servers start). Nodes that
upgrade one PostgreSQL database at once take turns (``UPGRADE_LOCK``).

A database made before migrations existed (its tables are there but not
alembic's) is recognised as the first revision and upgraded from there.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final

from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine

# alembic is imported in the functions that use it: every process that opens the
# store (the writer's, the helpers') would otherwise import it, a third of a second.
if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS: Final = Path(__file__).parent / "migrations"
FIRST: Final = "0001"
UPGRADE_LOCK: Final = 0x61746F7574
"""The PostgreSQL advisory lock a node holds while it upgrades the schema
("atout"): nodes started together upgrade one after another, in one
transaction each, rather than create the same tables at once and fail."""


def _config() -> Config:
    from alembic.config import Config

    config = Config()  # no alembic.ini: the server's settings say where the database is
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head() -> str:
    """The newest revision this version of atout knows."""
    from alembic.script import ScriptDirectory

    found = ScriptDirectory.from_config(_config()).get_current_head()
    assert found is not None
    return found


def current(engine: Engine) -> str | None:
    """The revision the database is at (None: empty, or made before migrations)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision."""
    from alembic import command

    config = _config()
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:  # SQLite alters a table by copying it: references must wait
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        with connection.begin():
            if connection.dialect.name == "postgresql":  # the others wait, then find it done
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": UPGRADE_LOCK}
                )
            config.attributes["connection"] = connection
            tables = set(inspect(connection).get_table_names())
            if "users" in tables and "alembic_version" not in tables:
                command.stamp(config, FIRST)  # made by create_all before migrations
            command.upgrade(config, "head")
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()
