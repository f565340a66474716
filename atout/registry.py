"""The games atout knows, by name, so that records, the server and the command
line can build any of them without knowing which."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from atout.game import SPECTATOR, GameRules

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


@cache
def table_sizes(name: str) -> dict[str, tuple[int, ...]]:
    """Each variant of the game called ``name`` with the numbers of players it
    can be dealt for, as the engine itself answers (a table offers nothing else)."""
    rules = game_rules(name)
    sizes: dict[str, tuple[int, ...]] = {}
    for variant in rules.variants:
        fits = []
        for players in range(rules.min_players, rules.max_players + 1):
            try:
                rules.new(players, variant)
            except ValueError:
                continue
            fits.append(players)
        sizes[variant] = tuple(fits)
    return sizes


@cache
def variant_rules(name: str) -> dict[str, Mapping[str, Any]]:
    """Each variant of the game called ``name`` with its rules block (the
    observation's ``rules``, at its smallest table): its options as their values
    stand, which a table may change, and for French Tarot the contracts on offer."""
    rules = game_rules(name)
    return {
        variant: rules.new(table_sizes(name)[variant][0], variant).view(SPECTATOR)["rules"]
        for variant in rules.variants
    }
