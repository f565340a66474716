"""Image headers read without decoding, and images decoded and encoded again:
the files under ``images/`` were encoded by Chromium's canvas (an independent
encoder); the VP8 and VP8L headers are built here from the WebP specification,
other images drawn here with Pillow."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pytest
from PIL import Image, ImageFile

from atout.server.images import ImageRefused, inspect, reencoded

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
    is taken at its word (then refused over the side limit, or as not decoding whole)."""
    data = bytearray((IMAGES / "chromium-30x20.jpg").read_bytes())
    at = data.index(b"\xff\xc0")
    data[at + 5 : at + 9] = struct.pack(">HH", 4000, 4000)
    info = inspect(bytes(data))
    assert (info.width, info.height) == (4000, 4000)


def test_a_jpeg_without_a_frame_is_refused() -> None:
    with pytest.raises(ImageRefused):
        inspect(b"\xff\xd8\xff\xe0\x00\x04\0\0\xff\xda\x00\x02")


def _decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("name", sorted(p.name for p in IMAGES.iterdir()))
def test_each_kind_is_encoded_again_as_webp_scaled_down_never_up(name: str) -> None:
    original = _decoded((IMAGES / name).read_bytes())
    made = _decoded(reencoded((IMAGES / name).read_bytes(), 8192, 256))
    assert made.format == "WEBP"
    if max(original.size) <= 256:  # kept as it is
        assert made.size == original.size
    else:  # chromium-600x10.png: 600 to 256, its height as much
        assert made.size == (256, 4)
    small = original.convert("RGB").resize(made.size)
    centre = (made.width // 2, made.height // 2)
    expected, got = small.getpixel(centre), made.convert("RGB").getpixel(centre)
    assert isinstance(expected, tuple) and isinstance(got, tuple)
    assert all(abs(a - b) < 40 for a, b in zip(expected, got, strict=True)), (expected, got)


def test_transparency_is_kept() -> None:
    palette = Image.new("P", (40, 40), 0)
    palette.putpalette([255, 0, 0, 0, 0, 255])
    palette.paste(1, (20, 0, 40, 40))  # right half: index 1, declared transparent
    data = io.BytesIO()
    palette.save(data, "PNG", transparency=1)
    made = _decoded(reencoded(data.getvalue(), 8192, 256))
    assert made.mode == "RGBA"
    opaque, clear = made.getpixel((5, 20)), made.getpixel((35, 20))
    assert isinstance(opaque, tuple) and isinstance(clear, tuple)
    assert opaque[0] > 240 and opaque[2] < 15 and opaque[3] == 255  # red, lossy
    assert clear[3] == 0


def test_a_16_bit_grey_png_keeps_its_shades() -> None:
    """Its samples run to 65,535: taken as 8-bit ones, every shade but black was white."""
    row = struct.pack("<8H", *[0x3000] * 4, *[0xC000] * 4)  # dark grey (48 of 255), light (192)
    grey = Image.frombytes("I;16", (8, 8), row * 8)
    data = io.BytesIO()
    grey.save(data, "PNG")
    made = _decoded(reencoded(data.getvalue(), 8192, 256)).convert("L")
    dark, light = made.getpixel((1, 4)), made.getpixel((6, 4))
    assert isinstance(dark, int) and isinstance(light, int)
    assert abs(dark - 48) < 8 and abs(light - 192) < 8, (dark, light)


@pytest.mark.parametrize("name", sorted(p.name for p in IMAGES.iterdir()))
def test_an_image_cut_short_after_its_header_is_refused_as_corrupt(name: str) -> None:
    data = (IMAGES / name).read_bytes()
    cut = data[:-40]  # within the pixels' data
    inspect(cut)  # the header is whole: reading it alone let this through
    with pytest.raises(ImageRefused) as refused:
        reencoded(cut, 8192, 256)
    assert refused.value.code == "image_corrupt"


def test_a_bomb_is_refused_by_its_header_before_any_decoder_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 100000 × 100000 PNG (40 GB of pixels), its header alone given."""
    opened: list[object] = []
    monkeypatch.setattr(Image, "open", lambda *args, **kwargs: opened.append(args))
    data = bytearray((IMAGES / "chromium-30x20.png").read_bytes())
    data[16:24] = struct.pack(">II", 100_000, 100_000)
    with pytest.raises(ImageRefused) as refused:
        reencoded(bytes(data), 8192, 256)
    assert refused.value.code == "avatar_dimensions"
    assert refused.value.params == {"max": 8192, "width": 100_000, "height": 100_000}
    assert opened == []


def test_a_jpeg_whose_decoder_reads_another_size_is_refused_before_decoding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two frame headers: the first (30 × 20) is the size checked, Pillow reads the
    last (8000 × 8000, 256 MiB of pixels) and is never asked to decode it."""
    loaded: list[object] = []
    monkeypatch.setattr(ImageFile.ImageFile, "load", lambda self: loaded.append(self))
    data = (IMAGES / "chromium-30x20.jpg").read_bytes()
    at = data.index(b"\xff\xc0")
    end = at + 2 + struct.unpack(">H", data[at + 2 : at + 4])[0]
    second = bytearray(data[at:end])
    second[5:9] = struct.pack(">HH", 8000, 8000)
    twice = data[:end] + bytes(second) + data[end:]
    assert (inspect(twice).width, inspect(twice).height) == (30, 20)
    with pytest.raises(ImageRefused) as refused:
        reencoded(twice, 8192, 256)
    assert refused.value.code == "image_corrupt"
    assert loaded == []


def _icc_profile(red: tuple[float, float, float], green: tuple[float, float, float]) -> bytes:
    """A matrix/TRC RGB display profile (ICC.1, version 2.1) with these primaries
    (XYZ, D50), sRGB's blue and D50 white, and a 2.2 gamma: built from the ICC
    specification, so that the test's colours do not come from the converter."""

    def xyz(value: tuple[float, float, float]) -> bytes:
        return b"XYZ \0\0\0\0" + b"".join(struct.pack(">i", round(v * 65536)) for v in value)

    gamma = b"curv\0\0\0\0" + struct.pack(">IH", 1, round(2.2 * 256)) + b"\0\0"
    tags = [
        (b"wtpt", xyz((0.9642, 1.0, 0.8249))),
        (b"rXYZ", xyz(red)),
        (b"gXYZ", xyz(green)),
        (b"bXYZ", xyz((0.1431, 0.0606, 0.7141))),
        (b"rTRC", gamma),
        (b"gTRC", gamma),
        (b"bTRC", gamma),
    ]
    table_size = 4 + 12 * len(tags)
    offset, entries, bodies = 128 + table_size, b"", b""
    for signature, body in tags:
        entries += signature + struct.pack(">II", offset, len(body))
        bodies += body
        offset += len(body)
    size = offset
    header = struct.pack(">I4sI4s4s4s", size, b"\0\0\0\0", 0x02100000, b"mntr", b"RGB ", b"XYZ ")
    header += b"\0" * 12 + b"acsp" + b"\0" * 24  # date; platform, flags, maker, model, attributes
    header += struct.pack(">I", 0) + xyz((0.9642, 1.0, 0.8249))[8:]  # intent, illuminant
    header += b"\0" * (128 - len(header))
    return header + struct.pack(">I", len(tags)) + entries + bodies


SRGB_RED, SRGB_GREEN = (0.4361, 0.2225, 0.0139), (0.3851, 0.7169, 0.0971)


@pytest.mark.parametrize("kind", ["PNG", "JPEG"])
def test_the_colours_are_converted_from_the_images_profile_to_srgb(kind: str) -> None:
    """A photo's colours are its pixels read through its profile (a phone's is
    Display P3): served untagged, a browser reads them as sRGB. Here a profile
    whose red primary is sRGB's green: the red pixels it tags are green."""
    swapped = _icc_profile(red=SRGB_GREEN, green=SRGB_RED)
    data = io.BytesIO()
    Image.new("RGB", (20, 20), (255, 0, 0)).save(data, kind, icc_profile=swapped)
    made = _decoded(reencoded(data.getvalue(), 8192, 256))
    assert "icc_profile" not in made.info
    pixel = made.convert("RGB").getpixel((10, 10))
    assert isinstance(pixel, tuple)
    assert pixel[0] < 60 and pixel[1] > 200 and pixel[2] < 60, pixel


def test_transparency_is_kept_through_a_profile() -> None:
    profile = _icc_profile(red=SRGB_RED, green=SRGB_GREEN)  # sRGB's primaries, gamma 2.2
    picture = Image.new("RGBA", (20, 20), (0, 0, 255, 255))
    picture.paste((0, 0, 0, 0), (10, 0, 20, 20))
    data = io.BytesIO()
    picture.save(data, "PNG", icc_profile=profile)
    made = _decoded(reencoded(data.getvalue(), 8192, 256))
    opaque, clear = made.getpixel((5, 10)), made.getpixel((15, 10))
    assert isinstance(opaque, tuple) and isinstance(clear, tuple)
    assert opaque[2] > 220 and opaque[3] == 255 and clear[3] == 0, (opaque, clear)


@pytest.mark.parametrize("profile", [b"not a profile", _icc_profile(SRGB_RED, SRGB_GREEN)[:100]])
def test_a_profile_that_does_not_read_leaves_the_pixels_as_they_are(profile: bytes) -> None:
    data = io.BytesIO()
    Image.new("RGB", (20, 20), (200, 30, 30)).save(data, "PNG", icc_profile=profile)
    made = _decoded(reencoded(data.getvalue(), 8192, 256)).convert("RGB")
    pixel = made.getpixel((10, 10))
    assert isinstance(pixel, tuple)
    assert all(abs(a - b) < 12 for a, b in zip(pixel, (200, 30, 30), strict=True)), pixel
