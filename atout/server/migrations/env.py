"""Alembic's entry point: run the revisions on the connection ``atout.server.schema``
hands over (there is no alembic.ini: the server's own settings say where the
database is)."""

from __future__ import annotations

from alembic import context

from atout.server.store import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters by copying
)
with context.begin_transaction():
    context.run_migrations()
