"""The games atout knows, by name, so that records, the server and the command
line can build any of them without knowing which."""

from __future__ import annotations

from typing import Final

from atout.game import GameRules

GAME_NAMES: Final = ("french", "africain")


def game_rules(name: str) -> GameRules:
    """The rules object of the game called ``name``; ValueError for an unknown game."""
    if name == "french":
        from atout.french.rules import FRENCH

        return FRENCH
    if name == "africain":
        from atout.africain.rules import AFRICAIN

        return AFRICAIN
    raise ValueError(f"unknown game {name!r} (known: {', '.join(GAME_NAMES)})")
