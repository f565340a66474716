"""Badges earned, avatars chosen, and the registered players seated in each game
(filled from the games already stored).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    seats = op.create_table(
        "game_seats",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
    )
    op.create_index("ix_game_seats_user_id", "game_seats", ["user_id"])
    op.create_table(
        "badges",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("badge", sa.String(32), primary_key=True),
        sa.Column("earned", sa.Float, nullable=False),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=True),
    )
    op.create_table(
        "avatars",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("drawn", sa.String(32), nullable=True),
        sa.Column("content_type", sa.String(32), nullable=True),
        sa.Column("image", sa.LargeBinary, nullable=True),
        sa.Column("updated", sa.Float, nullable=False),
    )
    games = sa.table("games", sa.column("id", sa.Integer), sa.column("seats", sa.JSON))
    users = {row[0] for row in op.get_bind().execute(sa.text("SELECT id FROM users"))}
    rows = [
        {"game_id": game_id, "seat": seat, "user_id": s["user"]}
        for game_id, stored in op.get_bind().execute(sa.select(games.c.id, games.c.seats))
        for seat, s in enumerate(stored or [])
        if isinstance(s, dict) and s.get("user") in users
    ]
    if rows:
        op.bulk_insert(seats, rows)


def downgrade() -> None:
    op.drop_table("avatars")
    op.drop_table("badges")
    op.drop_index("ix_game_seats_user_id", "game_seats")
    op.drop_table("game_seats")
