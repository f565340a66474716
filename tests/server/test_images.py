"""Image headers read without decoding: the files under ``images/`` were
encoded by Chromium's canvas (an independent encoder); the VP8 and VP8L
headers are built here from the WebP specification."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from atout.server.images import ImageRefused, inspect

IMAGES = Path(__file__).with_name("images")


@pytest.mark.parametrize(
    ("name", "kind", "width", "height"),
    [
        ("chromium-30x20.png", "png", 30, 20),
        ("chromium-600x10.png", "png", 600, 10),
        ("chromium-30x20.jpg", "jpeg", 30, 20),
        ("chromium-30x20.webp", "webp", 30, 20),
        ("chromium-17x9-lossless.webp", "webp", 17, 9),
    ],
)
def test_real_images_give_their_type_and_size(
    name: str, kind: str, width: int, height: int
) -> None:
    info = inspect((IMAGES / name).read_bytes())
    assert (info.kind, info.width, info.height) == (kind, width, height)
    assert info.content_type == f"image/{kind}"


def _riff(chunk: bytes, body: bytes) -> bytes:
    payload = b"WEBP" + chunk + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", len(payload)) + payload


def test_a_lossy_webp_frame_header() -> None:
    # frame tag (3 bytes), start code 9d 01 2a, 14-bit width and height (2 scale bits each)
    body = b"\x50\x02\x00\x9d\x01\x2a" + struct.pack("<HH", 0x4000 | 300, 0xC000 | 77) + b"\0" * 8
    info = inspect(_riff(b"VP8 ", body))
    assert (info.kind, info.width, info.height) == ("webp", 300, 77)


def test_a_lossless_webp_header() -> None:
    bits = (64 - 1) | ((48 - 1) << 14)  # width - 1, height - 1 on 14 bits each
    info = inspect(_riff(b"VP8L", b"\x2f" + bits.to_bytes(4, "little") + b"\0" * 4))
    assert (info.width, info.height) == (64, 48)


def test_a_jpeg_frame_after_other_segments_and_fill_bytes() -> None:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\0" + b"\0" * 9
    dht = b"\xff\xc4" + struct.pack(">H", 5) + b"\0\0\0"  # a table, not a frame
    sof2 = b"\xff\xff\xc2" + struct.pack(">HBHH", 11, 8, 480, 640) + b"\x01\x11\x00"
    info = inspect(b"\xff\xd8" + app0 + dht + sof2 + b"\xff\xd9")
    assert (info.kind, info.width, info.height) == ("jpeg", 640, 480)


@pytest.mark.parametrize(
    "data",
    [b"", b"GIF89a\x01\x00", b"<svg xmlns='http://www.w3.org/2000/svg'/>", b"RIFF\0\0\0\0AVI"],
)
def test_other_types_are_refused_as_such(data: bytes) -> None:
    with pytest.raises(ImageRefused) as refused:
        inspect(data)
    assert refused.value.code == "image_type"


@pytest.mark.parametrize("name", sorted(p.name for p in IMAGES.iterdir()))
def test_a_truncated_header_is_refused_as_corrupt(name: str) -> None:
    data = (IMAGES / name).read_bytes()
    cut = 20 if name.endswith(".png") else 12 if name.endswith(".webp") else 6
    with pytest.raises(ImageRefused) as refused:
        inspect(data[:cut])
    assert refused.value.code == "image_corrupt"


def test_a_png_naming_no_header_chunk_is_refused() -> None:
    data = bytearray((IMAGES / "chromium-30x20.png").read_bytes())
    data[12:16] = b"tEXt"  # the first chunk must be IHDR
    with pytest.raises(ImageRefused):
        inspect(bytes(data))


def test_a_header_claiming_no_pixels_is_refused() -> None:
    data = bytearray((IMAGES / "chromium-30x20.png").read_bytes())
    data[16:20] = b"\0\0\0\0"  # width 0
    with pytest.raises(ImageRefused) as refused:
        inspect(bytes(data))
    assert refused.value.code == "image_corrupt"


def test_a_header_lying_about_its_size_is_read_as_it_lies() -> None:
    """The size said is the size checked: a tiny file claiming 4000 pixels a side
    is taken at its word, and the server's size limit then refuses it."""
    data = bytearray((IMAGES / "chromium-30x20.jpg").read_bytes())
    at = data.index(b"\xff\xc0")
    data[at + 5 : at + 9] = struct.pack(">HH", 4000, 4000)
    info = inspect(bytes(data))
    assert (info.width, info.height) == (4000, 4000)


def test_a_jpeg_without_a_frame_is_refused() -> None:
    with pytest.raises(ImageRefused):
        inspect(b"\xff\xd8\xff\xe0\x00\x04\0\0\xff\xda\x00\x02")
