"""The store's schema comes from its migrations: a new database gets exactly the
models' schema, and a database made before migrations existed is upgraded with
its data kept and its names and masters turned into keys."""

from __future__ import annotations

import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path
from subprocess import PIPE

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import select

from atout.server import schema
from atout.server.store import Base, SessionToken, Store, TableRow, User
from tests.server.cluster_nodes import ATOUT

OLD_SCHEMA = Path(__file__).with_name("pre_migrations.sql")


def _differences(store: Store) -> list[object]:
    with store.engine.connect() as connection:
        return list(compare_metadata(MigrationContext.configure(connection), Base.metadata))


def test_a_new_database_has_the_models_schema_at_the_newest_revision(tmp_path: Path) -> None:
    store = Store.in_dir(tmp_path)
    assert _differences(store) == []
    assert schema.current(store.engine) == schema.head()
    store.close()


def test_a_database_from_before_migrations_is_upgraded_with_its_data(tmp_path: Path) -> None:
    path = tmp_path / "atout.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(OLD_SCHEMA.read_text())
    old.executescript(
        """
        INSERT INTO users VALUES (1, 'Alice', 'h1', 10.0, 5, 25.0, 8.3);
        INSERT INTO users VALUES (2, 'alice', 'h2', 11.0, 0, 25.0, 8.3);
        INSERT INTO users VALUES (3, 'bob', 'h3', 12.0, 0, 25.0, 8.3);
        INSERT INTO sessions VALUES ('abc', 3, 99.0);
        INSERT INTO tables VALUES ('t1', '{}', '[]', 'alice', 'code', '["bob", "ghost"]',
                                   'waiting', NULL);
        INSERT INTO tables VALUES ('t2', '{}', '[]', 'guest_x_1a2b', 'code', '[]',
                                   'waiting', NULL);
        """
    )
    old.commit()
    old.close()
    store = Store.in_dir(tmp_path)
    assert _differences(store) == []
    with store.session() as db:
        users = {u.id: (u.name, u.name_key) for u in db.scalars(select(User))}
        tables = {t.id: (t.master, t.master_name, t.invited) for t in db.scalars(select(TableRow))}
        session = db.get(SessionToken, "abc")
    # The older account keeps the name both fold to; the newer one is renamed.
    assert users == {1: ("Alice", "alice"), 2: ("alice-2", "alice-2"), 3: ("bob", "bob")}
    assert tables == {"t1": ("u:2", "alice", ["u:3"]), "t2": ("", "guest_x_1a2b", [])}
    assert session is not None and session.last_used == 99.0
    store.close()


def test_nodes_upgrading_one_new_postgres_database_at_once_all_start(
    new_database: Callable[[], str],
) -> None:
    """Nodes of a cluster started together (one systemd target) each upgrade
    the database as they open it: one migrates, the others wait for it and
    find the schema at the newest revision, none fails."""
    url = new_database()
    command = [str(ATOUT), "db", "upgrade", "--database-url", url]
    upgrading = [subprocess.Popen(command, stdout=PIPE, stderr=PIPE, text=True) for _ in range(3)]
    for process in upgrading:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert out == f"database at revision {schema.head()} (newest)\n"
    store = Store(url)
    assert _differences(store) == []
    store.close()
