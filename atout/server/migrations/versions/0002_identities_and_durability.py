"""Identity by key, lasting guests and sessions, and what a restart restores.

Adds the guests and the server lease; a case-folded key per account name (an
account whose name now folds like an older one's is renamed ``<name>-<id>``,
so that its owner can still sign in); the last use of a session; the votes of
a table and the time each action was stored; tables' masters and invitations
as keys instead of names.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from atout.text import name_key

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "guests",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(48), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "server_lease",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("owner", sa.String(32), nullable=True),
        sa.Column("renewed", sa.Float, nullable=False),
    )
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("name_key", sa.String(100), nullable=True))
    with op.batch_alter_table("sessions") as sessions:
        sessions.add_column(sa.Column("last_used", sa.Float, nullable=True))
        sessions.create_index("ix_sessions_user_id", ["user_id"])
    with op.batch_alter_table("tables") as tables:
        tables.alter_column("master", type_=sa.String(40), existing_type=sa.String(32))
        tables.add_column(
            sa.Column("master_name", sa.String(48), nullable=False, server_default="")
        )
        tables.add_column(sa.Column("votes", sa.JSON, nullable=False, server_default="[]"))
    with op.batch_alter_table("actions") as actions:
        actions.add_column(sa.Column("at", sa.Float, nullable=False, server_default="0"))

    db = op.get_bind()
    ids: dict[str, int] = {}
    taken: set[str] = set()
    for user_id, name in db.execute(sa.text("SELECT id, name FROM users ORDER BY id")).all():
        ids[name] = user_id  # the name tables know it by
        key = name_key(name)
        if key in taken:  # the older account keeps the name
            name = f"{name}-{user_id}"
            key = name_key(name)
        taken.add(key)
        db.execute(
            sa.text("UPDATE users SET name = :name, name_key = :key WHERE id = :id"),
            {"name": name, "key": key, "id": user_id},
        )
    db.execute(sa.text("UPDATE sessions SET last_used = created"))
    table_rows = sa.table(
        "tables",
        sa.column("id", sa.String),
        sa.column("master", sa.String),
        sa.column("master_name", sa.String),
        sa.column("invited", sa.JSON),
    )
    for table_id, master, invited in db.execute(
        sa.select(table_rows.c.id, table_rows.c.master, table_rows.c.invited)
    ).all():
        db.execute(
            table_rows.update()
            .where(table_rows.c.id == table_id)
            .values(
                master=f"u:{ids[master]}" if master in ids else "",  # a guest: passed on
                master_name=master,
                invited=[f"u:{ids[n]}" for n in invited or [] if n in ids],
            )
        )
    with op.batch_alter_table("users") as users:
        users.alter_column("name_key", nullable=False, existing_type=sa.String(100))
        users.create_unique_constraint("uq_users_name_key", ["name_key"])
    with op.batch_alter_table("sessions") as sessions:
        sessions.alter_column("last_used", nullable=False, existing_type=sa.Float)


def downgrade() -> None:
    with op.batch_alter_table("actions") as actions:
        actions.drop_column("at")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("votes")
        tables.drop_column("master_name")
    with op.batch_alter_table("sessions") as sessions:
        sessions.drop_index("ix_sessions_user_id")
        sessions.drop_column("last_used")
    with op.batch_alter_table("users") as users:
        users.drop_constraint("uq_users_name_key", type_="unique")
        users.drop_column("name_key")
    op.drop_table("server_lease")
    op.drop_table("guests")
