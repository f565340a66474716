"""Guests' names looked up: a new guest is given a name no other guest has.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_guests_name", "guests", ["name"])


def downgrade() -> None:
    op.drop_index("ix_guests_name", "guests")
