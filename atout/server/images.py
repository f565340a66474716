"""What an uploaded image is, read from its first bytes: PNG, JPEG or WebP and
its width and height, without decoding it (no image library).

The type comes from the magic bytes, never from a file name or a declared
content type; the size from the header (PNG's IHDR, JPEG's start-of-frame,
WebP's VP8, VP8L or VP8X chunk). A header that is cut short or says nothing
sensible is refused, so what is stored is at least shaped like what it claims.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Final

from atout.refusals import Refusal

PNG_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
CONTENT_TYPES: Final = {"png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp"}
_JPEG_FRAMES: Final = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
"""Start-of-frame markers (the others of C0-CF are tables, not frames)."""
_JPEG_STANDALONE: Final = frozenset({0x01, *range(0xD0, 0xD8)})
"""Markers with no length field after them."""


class ImageRefused(Refusal, ValueError):
    """An image refused: ``image_type`` (not PNG, JPEG or WebP) or ``image_corrupt``."""


@dataclass(frozen=True, slots=True)
class ImageInfo:
    kind: str
    """png, jpeg or webp."""
    width: int
    height: int

    @property
    def content_type(self) -> str:
        return CONTENT_TYPES[self.kind]


def inspect(data: bytes) -> ImageInfo:
    """The type and size of an image; ImageRefused when it is none of the three
    or its header is cut short or meaningless."""
    if data.startswith(PNG_SIGNATURE):
        info = _png(data)
    elif data.startswith(b"\xff\xd8\xff"):
        info = _jpeg(data)
    elif data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        info = _webp(data)
    else:
        raise ImageRefused("image_type")
    if info.width < 1 or info.height < 1:
        raise ImageRefused("image_corrupt")
    return info


def _png(data: bytes) -> ImageInfo:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ImageRefused("image_corrupt")
    width, height = struct.unpack(">II", data[16:24])
    return ImageInfo("png", width, height)


def _jpeg(data: bytes) -> ImageInfo:
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            break
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte before a marker
            at += 1
            continue
        if marker in _JPEG_STANDALONE:
            at += 2
            continue
        if marker in (0xD9, 0xDA):  # end of image, or the scan before any frame
            break
        (length,) = struct.unpack(">H", data[at + 2 : at + 4])
        if length < 2:
            break
        if marker in _JPEG_FRAMES:
            if at + 9 > len(data) or length < 7:
                break
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return ImageInfo("jpeg", width, height)
        at += 2 + length
    raise ImageRefused("image_corrupt")


def _webp(data: bytes) -> ImageInfo:
    chunk, body = data[12:16], data[20:]
    if chunk == b"VP8 " and len(body) >= 10 and body[3:6] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", body[6:10])
        return ImageInfo("webp", width & 0x3FFF, height & 0x3FFF)
    if chunk == b"VP8L" and len(body) >= 5 and body[0] == 0x2F:
        bits = int.from_bytes(body[1:5], "little")
        return ImageInfo("webp", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    if chunk == b"VP8X" and len(body) >= 10:
        width = int.from_bytes(body[4:7], "little") + 1
        height = int.from_bytes(body[7:10], "little") + 1
        return ImageInfo("webp", width, height)
    raise ImageRefused("image_corrupt")
