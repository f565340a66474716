"""Duplicate tournaments: one row each, its state a JSON document.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("master", sa.String(40), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("tables", sa.JSON, nullable=False),
    )
    op.create_index("ix_tournaments_master", "tournaments", ["master"])


def downgrade() -> None:
    op.drop_index("ix_tournaments_master", "tournaments")
    op.drop_table("tournaments")
