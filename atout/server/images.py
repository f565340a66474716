"""Uploaded images: what one is, read from its first bytes, and the small
image made of it, decoded and encoded again (Pillow).

The type comes from the magic bytes, never from a file name or a declared
content type; the size from the header (PNG's IHDR, JPEG's start-of-frame,
WebP's VP8, VP8L or VP8X chunk), read here without an image library: a wrong
type is refused as such (Pillow says only that it cannot read a file), and a
decompression bomb (a few KiB declaring a billion pixels) with the size it
declares, before any decoder runs. Pillow then decodes only an image whose size
it reads as this header does.

What passed is decoded whole (``reencoded``): a body cut short or damaged does
not decode and is refused, rather than stored and served broken. The picture is
turned as its EXIF orientation says (a phone stores it sideways with a tag),
scaled down to fit a square and encoded as WebP from its pixels alone: nothing
of the upload's metadata is kept (a phone photo's EXIF holds where it was
taken, its maker and model). Its colour profile is not kept either: the pixels
are converted to sRGB, which a browser assumes of an untagged image (a phone's
Display P3 photo came out dull, a CMYK JPEG's colours wrong). Decoding a photo
is CPU work, and a crafted header can make even its reading long: the caller
runs all of it in a worker process.
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageCms, ImageOps

from atout.refusals import Refusal

PNG_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
ENCODED_TYPE: Final = "image/webp"
"""What ``reencoded`` makes: small for a photo, and keeps transparency."""
QUALITY: Final = 85
_SRGB: Final = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
_PROFILED_MODES: Final = frozenset({"RGB", "RGBA", "CMYK", "L"})
"""The modes whose pixels a colour profile is converted from; others (a
palette, grey with alpha) are first made RGB or RGBA."""
_JPEG_FRAMES: Final = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
"""Start-of-frame markers (the others of C0-CF are tables, not frames)."""
_JPEG_STANDALONE: Final = frozenset({0x01, *range(0xD0, 0xD8)})
"""Markers with no length field after them."""


class ImageRefused(Refusal, ValueError):
    """An image refused: ``image_type`` (not PNG, JPEG or WebP), ``image_corrupt``
    or ``avatar_dimensions``."""


@dataclass(frozen=True, slots=True)
class ImageInfo:
    kind: str
    """png, jpeg or webp."""
    width: int
    height: int


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


def reencoded(data: bytes, max_side: int, side: int) -> bytes:
    """An uploaded image decoded, turned upright, scaled to at most ``side``
    pixels a side (never up) and encoded as WebP with no metadata. ImageRefused:
    ``image_type``, ``avatar_dimensions`` when its header says more than
    ``max_side`` pixels a side (nothing decoded), ``image_corrupt`` unless it
    decodes whole and as big as its header says."""
    info = inspect(data)
    if info.width > max_side or info.height > max_side:
        raise ImageRefused("avatar_dimensions", max=max_side, width=info.width, height=info.height)
    try:
        return _reencoded(data, info, side)
    except ImageRefused:
        raise
    except Exception:  # whatever a damaged file makes a decoder raise
        raise ImageRefused("image_corrupt") from None


def _reencoded(data: bytes, info: ImageInfo, side: int) -> bytes:
    # Pillow's format names are the kinds in capitals; no other format is tried
    with Image.open(io.BytesIO(data), formats=[info.kind.upper()]) as opened:
        if opened.size != (info.width, info.height):  # then the size checked is not the one
            raise ImageRefused("image_corrupt")  # decoded: it could be a bomb's
        # A JPEG decodes at 1/2, 1/4 or 1/8 scale if still twice the side (4 to
        # 64 times less memory, less to resize); the others decode whole.
        opened.draft("RGB", (2 * side, 2 * side))
        opened.load()  # OSError when the data ends or breaks off before the pixels do
        ImageOps.exif_transpose(opened, in_place=True)
        picture: Image.Image = opened
        if picture.mode.startswith("I"):  # 16-bit grey (PNG): to 8 bits, not clipped white
            picture = picture.convert("I").point(lambda value: value * (1 / 256)).convert("L")
        mode = "RGBA" if opened.has_transparency_data else "RGB"
        picture = _in_srgb(picture, opened.info.get("icc_profile"), mode)
        picture = picture if picture.mode == mode else picture.convert(mode)
        picture.thumbnail((side, side), Image.Resampling.LANCZOS)
        encoded = io.BytesIO()
        # WebP writes only the metadata given here: none
        picture.save(encoded, "WEBP", quality=QUALITY, method=4)
    return encoded.getvalue()


def _in_srgb(picture: Image.Image, profile: bytes | None, mode: str) -> Image.Image:
    """The picture's pixels in sRGB, in ``mode``, when it carries a colour profile;
    as they are when it carries none, or one that does not read or does not fit
    its pixels (a crafted or broken profile costs the colours, not the upload)."""
    if not profile:
        return picture
    if picture.mode not in _PROFILED_MODES:
        picture = picture.convert(mode)
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
        converted = ImageCms.profileToProfile(picture, source, _SRGB, outputMode=mode)
    except (ImageCms.PyCMSError, OSError, ValueError):
        return picture
    assert converted is not None  # None only when converting in place
    return converted


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
