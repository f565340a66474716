"""Avatars stored as they came, before uploads were encoded again, are encoded
when the database is upgraded: their metadata goes, and one that does not decode
is dropped for the drawn avatar of a player who chose none."""

from __future__ import annotations

import io
from pathlib import Path

from alembic import command
from PIL import ExifTags, Image
from sqlalchemy import create_engine

from atout.server import accounts, avatars, schema
from atout.server.store import AvatarRow, Store
from tests.server.test_avatar_uploads import phone_photo


def _downgraded_to(path: Path, revision: str) -> None:
    engine = create_engine(f"sqlite:///{path}")
    config = schema._config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
    engine.dispose()


def test_avatars_uploaded_before_are_encoded_again_on_upgrade(tmp_path: Path) -> None:
    photo = phone_photo(512, 384)  # what the older server took: 512 px a side at most
    assert Image.open(io.BytesIO(photo)).getexif().get_ifd(ExifTags.IFD.GPSInfo)
    store = Store.in_dir(tmp_path)
    alice, bob, carol = (accounts.create(store, name, "x")[0] for name in ("al", "bo", "cy"))
    with store.session.begin() as db:
        db.add(AvatarRow(user_id=alice, content_type="image/jpeg", image=photo, updated=1.0))
        cut = photo[: len(photo) // 2]
        db.add(AvatarRow(user_id=bob, content_type="image/jpeg", image=cut, updated=1.0))
        db.add(AvatarRow(user_id=carol, drawn="club-black", updated=1.0))
    store.close()
    _downgraded_to(tmp_path / "atout.sqlite3", "0011")

    store = Store.in_dir(tmp_path)  # upgraded as a server upgrades it when it starts
    with store.session() as db:
        rows = {row.user_id: row for row in db.query(AvatarRow)}
    mine = avatars.read(store, alice)
    assert mine is not None and mine.content_type == "image/webp"
    encoded = Image.open(io.BytesIO(mine.data))
    assert encoded.format == "WEBP" and encoded.size == (192, 256)  # upright, made small
    assert len(encoded.getexif()) == 0 and b"PhoneMaker" not in mine.data
    assert rows[alice].updated > 1.0  # a new address: browsers fetch it anew
    assert (rows[bob].image, rows[bob].content_type, rows[bob].drawn) == (None, None, None)
    theirs = avatars.read(store, bob)
    assert theirs is not None and theirs.content_type == avatars.SVG
    assert (rows[carol].drawn, rows[carol].updated) == ("club-black", 1.0)
    store.close()
