"""Named slices of a flat tensor, so that encoders write by name and docs/rl.md
prints the same table the code uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt


class Layout:
    """Consecutive named blocks: ``(name, size, meaning)``; ``at[name]`` is the block's start."""

    def __init__(self, blocks: Sequence[tuple[str, int, str]]) -> None:
        self.blocks = tuple(blocks)
        self.at: dict[str, int] = {}
        offset = 0
        for name, size, _ in self.blocks:
            self.at[name] = offset
            offset += size
        self.size = offset

    def table(self) -> str:
        """The layout as a Markdown table (offset, size, name, meaning)."""
        rows = ["| offset | size | block | meaning |", "| ---: | ---: | --- | --- |"]
        rows += [
            f"| {self.at[name]} | {size} | `{name}` | {meaning} |"
            for name, size, meaning in self.blocks
        ]
        return "\n".join(rows)

    def canvas(
        self, viewer: int, players: int
    ) -> tuple[npt.NDArray[np.float32], Callable[[int], int]]:
        """A zero tensor to fill, and the place of a seat counted from ``viewer``."""

        def relative(seat: int) -> int:
            return (seat - viewer) % players

        return np.zeros(self.size, dtype=np.float32), relative
