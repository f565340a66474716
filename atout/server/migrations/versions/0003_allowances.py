"""The daily chips allowance: one row per user and UTC day it was taken.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "allowances",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("allowances")
