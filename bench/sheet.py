"""How long a whole score sheet takes to read and score: the server scores a
kept sheet again at every read and change (in a thread), so the largest sheet
it keeps (``MAX_DEALS``) bounds that work. The rulebook's five deals repeated
to the limit; run with ``uv run python bench/sheet.py [repeats]``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from atout.sheet import MAX_DEALS, SheetInput, csv_text, parse, score_sheet

EXAMPLE = Path(__file__).parents[1] / "examples" / "sheet-fft-rulebook.json"


def main(repeats: int) -> None:
    sheet = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    sheet["deals"] = (sheet["deals"] * MAX_DEALS)[:MAX_DEALS]
    text = json.dumps(sheet)
    timings = {"parse": 0.0, "score": 0.0, "csv": 0.0}
    for _ in range(repeats):
        start = time.process_time()
        read = parse(SheetInput, text)
        parsed = time.process_time()
        scored = score_sheet(read)
        done = time.process_time()
        csv_text(scored)
        timings["parse"] += parsed - start
        timings["score"] += done - parsed
        timings["csv"] += time.process_time() - done
    print(f"a sheet of {MAX_DEALS} deals ({len(text) / 1024:.0f} KiB), CPU time per sheet:")
    for step, total in timings.items():
        print(f"  {step:6} {total / repeats * 1000:7.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
