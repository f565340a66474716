"""Avatars uploaded before uploads were encoded again: the same for them now.

They were stored as they came, with their metadata (a phone photo's EXIF says
where it was taken) and, a body cut short, broken. Each is encoded again as
uploads now are (``atout.server.images.reencoded``, with the sizes of that day:
512 px a side at most was accepted then, 256 is stored); one that does not
decode is dropped, and its player shows the drawn avatar of one who chose none.
Its ``updated`` moves, so that browsers fetch the new one. There is no going
back: the originals are what was to be forgotten.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

_AVATARS = sa.table(
    "avatars",
    sa.column("user_id", sa.Integer),
    sa.column("content_type", sa.String),
    sa.column("image", sa.LargeBinary),
    sa.column("updated", sa.Float),
)


def upgrade() -> None:
    # imported here: alembic reads every revision at each upgrade, Pillow is for this one
    from atout.server.images import ENCODED_TYPE, ImageRefused, reencoded

    connection = op.get_bind()
    uploaded = connection.scalars(
        sa.select(_AVATARS.c.user_id).where(_AVATARS.c.image.is_not(None))
    ).all()
    for user_id in uploaded:  # one image in memory at a time
        row = _AVATARS.c.user_id == user_id
        image = connection.scalar(sa.select(_AVATARS.c.image).where(row))
        assert isinstance(image, bytes)  # selected as not null
        try:
            content_type, encoded = ENCODED_TYPE, reencoded(image, 8192, 256)
        except ImageRefused:
            content_type, encoded = None, None  # its player shows a drawn one
        connection.execute(
            _AVATARS.update()
            .where(row)
            .values(content_type=content_type, image=encoded, updated=time.time())
        )


def downgrade() -> None:
    """Nothing to undo: an older server serves the WebP as it is."""
