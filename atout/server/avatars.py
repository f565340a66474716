"""Avatars: one of a dozen drawn here (card suits and trumps in colours, SVG
made in code: nothing comes from elsewhere) or an image the player uploads.

An upload is a PNG, JPEG or WebP by its magic bytes, at most ``MAX_SIDE``
pixels a side by its header (a phone's photo passes; a decompression bomb does
not), and at most ``atout.server.limits.AVATAR_BODY_LIMIT`` bytes (refused
before it is read). It is not stored as it came: decoded whole (a damaged file
is refused), turned upright, scaled to ``SIDE`` and encoded again as WebP with
none of its metadata (``atout.server.images``). Decoding a photo takes about a
tenth of a second of CPU: it runs in a worker process (``uploaded``), as
replays do, so that many uploads at once neither slow the event loop nor take
the threads the store's calls run in. A player who chose nothing shows a drawn
avatar picked from their id. The store's functions block: the server calls them
in threads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from atout.refusals import Param, Refusal
from atout.server import images, offload
from atout.server.store import AvatarRow, Store, User, storable

MAX_SIDE: Final = 8192
"""Pixels a side an uploaded image may have: a phone's photo of 48 megapixels
(8064 × 6048) has fewer. A JPEG is decoded at a reduced scale; a PNG or WebP this
large takes 256 MiB, for a moment, in the worker."""
SIDE: Final = 256
"""Pixels a side of an avatar as stored: shown at 96 CSS pixels at most, sharp
on a screen of two device pixels each."""
SVG: Final = "image/svg+xml"

_MOTIFS: Final = {
    "spade": '<path d="M32 10C22 22 12 28 12 37c0 7 8 11 16 5l-3 12h14l-3-12c8 6 16 2 16-5'
    ' 0-9-10-15-20-27z"/>',
    "heart": '<path d="M32 52C16 40 11 31 11 23c0-7 5-11 11-11 5 0 8 3 10 7 2-4 5-7 10-7'
    ' 6 0 11 4 11 11 0 8-5 17-21 29z"/>',
    "diamond": '<path d="M32 9l17 23-17 23-17-23z"/>',
    "club": '<circle cx="32" cy="21" r="9"/><circle cx="21" cy="36" r="9"/>'
    '<circle cx="43" cy="36" r="9"/><path d="M29 34h6l3 20H26z"/>',
    "petit": '<text x="32" y="44" font-size="34" font-family="serif" text-anchor="middle"'
    ' font-weight="700">1</text>',
    "monde": '<text x="32" y="43" font-size="28" font-family="serif" text-anchor="middle"'
    ' font-weight="700">21</text>',
    "excuse": '<path d="M32 9l6 16h17l-14 10 5 17-14-10-14 10 5-17L9 25h17z"/>',
}
_COLOURS: Final = {
    "spade-blue": ("spade", "#1d3557", "#a8dadc"),
    "spade-green": ("spade", "#f1faee", "#2a7a4b"),
    "heart-red": ("heart", "#fde2e4", "#c1121f"),
    "heart-gold": ("heart", "#5a189a", "#ffd166"),
    "diamond-red": ("diamond", "#fff3b0", "#d62828"),
    "diamond-teal": ("diamond", "#264653", "#e9c46a"),
    "club-black": ("club", "#e5e5e5", "#111111"),
    "club-purple": ("club", "#ede7f6", "#5e35b1"),
    "petit-ivory": ("petit", "#7f5539", "#fefae0"),
    "monde-navy": ("monde", "#e0fbfc", "#003049"),
    "excuse-orange": ("excuse", "#3d405b", "#f4a261"),
    "excuse-pink": ("excuse", "#fff0f3", "#c9184a"),
}


def _draw(motif: str, background: str, ink: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">'
        f'<rect width="64" height="64" rx="12" fill="{background}"/>'
        f'<g fill="{ink}">{_MOTIFS[motif]}</g></svg>'
    )


DRAWN: Final[dict[str, str]] = {name: _draw(*spec) for name, spec in _COLOURS.items()}
"""Every drawn avatar's SVG, by name."""


class AvatarRefused(Refusal, ValueError):
    """An avatar refused, with the HTTP status that fits it."""

    def __init__(self, status: int, code: str, /, **params: Param) -> None:
        super().__init__(code, **params)
        self.status = status


@dataclass(frozen=True, slots=True)
class Avatar:
    content_type: str
    data: bytes


def default_for(user_id: int) -> str:
    """The drawn avatar of a player who chose none: one of the dozen, by id."""
    return list(DRAWN)[user_id % len(DRAWN)]


def url(user_id: int, updated: float | None) -> str:
    """A player's avatar address, versioned so that a new choice shows at once (to
    the millisecond: two choices in one second, by seconds, had one address, and
    the first stayed in caches for their five minutes)."""
    return f"/api/avatar/{user_id}?v={int((updated or 0) * 1000)}"


def made(data: bytes) -> bytes:
    """An uploaded image made an avatar (``images.reencoded``); ImageRefused
    unless it fits. A job for a worker process."""
    return images.reencoded(data, MAX_SIDE, SIDE)


async def uploaded(data: bytes) -> Avatar:
    """The avatar made of an uploaded image, in a worker process; AvatarRefused
    (415 or 400) unless it fits, offload.Busy when no worker can take it."""
    try:
        encoded = await offload.workers.run(made, data)
    except images.ImageRefused as refused:
        status = 415 if refused.code == "image_type" else 400
        raise AvatarRefused(status, refused.code, **refused.params) from None
    return Avatar(images.ENCODED_TYPE, encoded)


def choose(store: Store, user_id: int, drawn: str | None, image: Avatar | None, now: float) -> str:
    """Set a player's avatar to a drawn one by name, or to an image (``uploaded``);
    returns its new address."""
    if drawn is not None and drawn not in DRAWN:
        raise AvatarRefused(400, "unknown_avatar", name=drawn[:40])
    row = AvatarRow(
        user_id=user_id,
        drawn=drawn,
        content_type=None if image is None else image.content_type,
        image=None if image is None else image.data,
        updated=now,
    )
    try:
        with store.session.begin() as db:
            db.merge(row)
    except IntegrityError:  # a player's first two choices at once: both found no row
        with store.session.begin() as db:
            db.merge(row)  # the other's is there now: this one replaces it
    return url(user_id, now)


def read(store: Store, user_id: int) -> Avatar | None:
    """A player's avatar as served, or None for no such player."""
    if not storable(user_id):
        return None
    with store.session() as db:
        row = db.get(AvatarRow, user_id)
        if row is None:
            exists = db.scalar(select(User.id).where(User.id == user_id)) is not None
            return Avatar(SVG, DRAWN[default_for(user_id)].encode()) if exists else None
    if row.image is not None and row.content_type is not None:
        return Avatar(row.content_type, row.image)
    return Avatar(SVG, DRAWN[row.drawn or default_for(user_id)].encode())


def updated_of(db: Session, user_ids: list[int]) -> dict[int, float]:
    """When each of these players last chose an avatar (absent: never)."""
    rows = db.execute(
        select(AvatarRow.user_id, AvatarRow.updated).where(AvatarRow.user_id.in_(user_ids))
    ).all()
    return {user_id: updated for user_id, updated in rows}
