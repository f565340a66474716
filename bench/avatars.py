"""CPU of making an avatar of an upload (``images.reencoded``: decoded whole,
turned upright, made 256 px, encoded as WebP), as a worker process spends it per
upload: a phone's photo, a large PNG screenshot and a small image. Prints the
best and the median of the runs, in ms of CPU.

Run: ``uv run python bench/avatars.py [--runs 10]``.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time

from PIL import ExifTags, Image

from atout.server.avatars import MAX_SIDE, SIDE
from atout.server.images import reencoded


def textured(width: int, height: int) -> Image.Image:
    """A picture that weighs what a photo does once compressed."""
    rng = random.Random(1)
    noise = rng.randbytes(width * height // 16 * 3)
    small = Image.frombytes("RGB", (width // 4, height // 4), noise)
    return small.resize((width, height), Image.Resampling.BILINEAR)


def photo(width: int, height: int) -> bytes:
    """A phone's JPEG, held sideways with an EXIF orientation."""
    exif = Image.Exif()
    exif[ExifTags.Base.Orientation] = 6
    data = io.BytesIO()
    textured(width, height).save(data, "JPEG", quality=92, exif=exif)
    return data.getvalue()


def png(width: int, height: int) -> bytes:
    data = io.BytesIO()
    textured(width, height).save(data, "PNG")
    return data.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    uploads = {
        "phone photo, JPEG 4000x3000": photo(4000, 3000),
        "picture, PNG 1600x1200": png(1600, 1200),
        "small, PNG 300x300": png(300, 300),
    }
    for name, data in uploads.items():
        spent = []
        for _ in range(args.runs):
            started = time.process_time()
            reencoded(data, MAX_SIDE, SIDE)
            spent.append(time.process_time() - started)
        print(
            f"{name} ({len(data) / 1e6:.1f} MB): best {min(spent) * 1e3:.1f} ms,"
            f" median {statistics.median(spent) * 1e3:.1f} ms of CPU per upload"
        )


if __name__ == "__main__":
    main()
