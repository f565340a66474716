"""How fast game records are made, written and read: a long French game (200
deals at 4 players, about 15,700 actions, the server's longest replay) from its
log to the readable record and back, in both forms.

Run: ``uv run python bench/records.py [deals]``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TypeVar

from atout.record_format import from_log
from atout.record_json import read_json, write_json
from atout.record_text import read_text, write_text
from tests.test_records import random_record

T = TypeVar("T")


def timed(label: str, work: Callable[[], T], size: Callable[[T], str]) -> T:
    start = time.perf_counter()
    result = work()
    print(f"{label:<28} {time.perf_counter() - start:8.3f} s  {size(result)}")
    return result


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    log = random_record("french", 4, 1, deals=deals)
    print(f"French Tarot, 4 players, {deals} deals, {len(log.actions)} actions")
    record = timed("log -> record (replay)", lambda: from_log(log), lambda r: "")
    text = timed("write text", lambda: write_text(record), lambda t: f"{len(t)} bytes")
    data = timed("write JSON", lambda: write_json(record), lambda t: f"{len(t)} bytes")
    timed("read text (and check)", lambda: read_text(text), lambda r: "")
    timed("read JSON (and check)", lambda: read_json(data), lambda r: "")
    old = log.to_json()
    print(f"{'old log form':<28} {'':>10}  {len(old)} bytes")


if __name__ == "__main__":
    main()
