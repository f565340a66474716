"""Score sheets kept for registered players, with an optional share token.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sheets",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("owner", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("share", sa.String(32), nullable=True, unique=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_sheets_owner", "sheets", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_sheets_owner", "sheets")
    op.drop_table("sheets")
