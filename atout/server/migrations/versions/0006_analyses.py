"""Analyses: the strong robot's reviews of finished games, one per record, seat and budget.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.Integer, nullable=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_analyses_game_id", "analyses", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_analyses_game_id", "analyses")
    op.drop_table("analyses")
