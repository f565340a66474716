"""Avatars uploaded as a phone sends them, over real HTTP: a photo of several
megabytes is taken, turned upright and made small, and nothing of its metadata
(where it was taken) is served; a file cut short is refused and changes nothing."""

from __future__ import annotations

import io
import random
import socket
from pathlib import Path

import httpx
import pytest
from PIL import ExifTags, Image, ImageDraw

from atout.server.images import inspect
from tests.server.conftest import Server
from tests.server.test_profile import put_avatar, refused

IMAGES = Path(__file__).with_name("images")
GPS = {
    ExifTags.GPS.GPSLatitudeRef: "N",
    ExifTags.GPS.GPSLatitude: (48.0, 51.0, 24.0),
    ExifTags.GPS.GPSLongitudeRef: "E",
    ExifTags.GPS.GPSLongitude: (2.0, 21.0, 3.0),
}


def phone_photo(width: int = 4000, height: int = 3000) -> bytes:
    """A photo as a phone stores it: 12 megapixels of texture (several MB), held
    sideways with the EXIF orientation 6 (show it turned a quarter clockwise),
    where it was taken in its GPS tags; its stored top-left corner red."""
    rng = random.Random(7)
    texture = Image.frombytes(
        "RGB", (width // 4, height // 4), rng.randbytes(width * height // 16 * 3)
    )
    image = texture.resize((width, height), Image.Resampling.BILINEAR)
    ImageDraw.Draw(image).rectangle((0, 0, width // 2, height // 3), fill=(220, 20, 20))
    exif = Image.Exif()
    exif[ExifTags.Base.Orientation] = 6
    exif[ExifTags.Base.Make] = "PhoneMaker"
    exif[ExifTags.IFD.GPSInfo] = GPS
    data = io.BytesIO()
    image.save(data, "JPEG", quality=92, exif=exif)
    return data.getvalue()


@pytest.fixture(scope="module")
def photo() -> bytes:
    data = phone_photo()
    assert len(data) > 3 << 20
    assert Image.open(io.BytesIO(data)).getexif().get_ifd(ExifTags.IFD.GPSInfo) == GPS
    return data


def served(server: Server, name: str) -> httpx.Response:
    return httpx.get(f"{server.http}{server.get(f'/api/profile/{name}')['avatar']}")


def test_a_phone_photo_is_taken_upright_small_and_without_its_metadata(
    server: Server, photo: bytes
) -> None:
    token = server.register("alice")
    answer = put_avatar(server, token, photo, "image/jpeg")
    assert answer.status_code == 200, answer.text
    reply = served(server, "alice")
    assert reply.headers["content-type"] == "image/webp"
    avatar = Image.open(io.BytesIO(reply.content))
    avatar.load()
    # Upright: 3000 wide and 4000 high once turned, scaled to 256 on its longer side.
    assert avatar.format == "WEBP" and avatar.size == (192, 256)
    # Turned a quarter clockwise: the stored top-left corner is now the top right.
    right, left = avatar.convert("RGB").getpixel((186, 5)), avatar.convert("RGB").getpixel((5, 5))
    assert isinstance(right, tuple) and isinstance(left, tuple)
    assert right[0] > 180 and right[1] < 60 and right[2] < 60, right
    assert not (left[0] > 180 and left[1] < 60 and left[2] < 60), left
    # Nothing of the photo's metadata: no EXIF (GPS, maker, orientation), no profile.
    assert len(avatar.getexif()) == 0
    assert not {"exif", "xmp", "icc_profile"} & set(avatar.info)
    for trace in (b"Exif", b"PhoneMaker", b"XMP"):
        assert trace not in reply.content


@pytest.mark.parametrize(
    "name", ["chromium-30x20.png", "chromium-30x20.jpg", "chromium-30x20.webp", "phone.jpg"]
)
def test_an_image_cut_short_is_refused_and_the_avatar_kept(
    server: Server, photo: bytes, name: str
) -> None:
    token = server.register("bruno")
    first = (IMAGES / "chromium-17x9-lossless.webp").read_bytes()
    assert put_avatar(server, token, first, "image/webp").status_code == 200
    before = served(server, "bruno")
    data = photo if name == "phone.jpg" else (IMAGES / name).read_bytes()
    cut = data[:-40]
    inspect(cut)  # its header is whole: reading the header alone let it through
    refused(put_avatar(server, token, cut, "image/png"), 400, "image_corrupt")
    after = served(server, "bruno")
    assert after.url == before.url and after.content == before.content
    assert Image.open(io.BytesIO(after.content)).size == (17, 9)


def test_an_account_uploads_one_avatar_at_a_time(server: Server) -> None:
    """Found by a hostile-user probe: 20 uploads of 16 MiB trickled at once by one
    account held 320 MB. A second while the first is still coming is refused."""
    small = phone_photo(400, 300)
    token = server.register("trickle")
    head = (
        "PUT /api/avatar HTTP/1.1\r\nHost: atout\r\n"
        f"Authorization: Bearer {token}\r\nContent-Type: image/jpeg\r\n"
        "Content-Length: 1000000\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as first:
        first.sendall(head.encode() + b"\xff" * 1000)  # and the rest never comes
        for _ in range(100):  # until the server holds it
            second = put_avatar(server, token, small, "image/jpeg")
            if second.status_code == 429:
                break
        refused(second, 429, "avatar_uploading")
        assert int(second.headers["Retry-After"]) >= 1
        other = server.register("other")
        assert put_avatar(server, other, small, "image/jpeg").status_code == 200
    for _ in range(100):  # the first gone, the account's next is taken
        third = put_avatar(server, token, small, "image/jpeg")
        if third.status_code != 429:
            break
    assert third.status_code == 200, third.text


def test_a_drawn_avatars_json_has_the_plain_body_limit(server: Server) -> None:
    """A drawn avatar is a few words of JSON, chosen as often as one likes (not
    one upload at a time): its body may not take an image's 16 MiB."""
    token = server.register("drawer")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    big = httpx.put(f"{server.http}/api/avatar", content=b" " * (2 << 20), headers=headers)
    refused(big, 413, "body_too_large")
