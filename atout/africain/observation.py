"""The typed shape of what a Tarot Africain viewer is shown (``state.view(viewer)``).

Keys mean what they mean in a French Tarot observation (``version``, ``game``,
``rules``, ``players``, ``viewer``, ``phase``, ``to_move``, ``hand``, ``trick``,
``legal``); ``docs/observation.schema.json`` is generated from these types.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

from atout.africain.variants import Variant
from atout.french.observation import OBSERVATION_VERSION
from atout.rules_cache import rules_block_of

__all__ = [
    "OBSERVATION_VERSION",
    "AfricainObservation",
    "AfricainRulesBlock",
    "DecidedBy",
    "Phase",
    "PlayShown",
    "rules_block",
]


class AfricainRulesBlock(TypedDict):
    """The rules in force, the same at every seat for the whole game."""

    game: Literal["africain"]
    variant: str
    players: int
    active_players: int
    hand_sizes: list[int]
    """The cycle of hand sizes dealt at this table (sizes needing more than 22 cards skipped)."""
    lives: int
    """Lives each player starts with."""
    loss: Literal["missing", "difference"]
    """How many lives a round costs: the tricks missing to the bid, or ``|bid - tricks|``."""
    options: dict[str, Any]
    """Every field of the variant: ``variant_of_rules`` rebuilds it exactly."""


def rules_block(variant: Variant, players: int) -> AfricainRulesBlock:
    """The rules block of a game of ``variant`` at ``players`` seats (built once:
    ``atout.rules_cache``)."""
    return rules_block_of(variant, (players,), lambda: _built(variant, players))


def _built(variant: Variant, players: int) -> AfricainRulesBlock:
    return {
        "game": "africain",
        "variant": variant.name,
        "players": players,
        "active_players": players,
        "hand_sizes": list(variant.sizes_for(players)),
        "lives": variant.lives,
        "loss": variant.loss,
        "options": variant.options(),
    }


Phase = Literal["deal", "bid", "play", "over"]

DecidedBy = Literal["last_standing", "least_below_zero"]
"""How a game's winners were decided: ``last_standing``, the only player left
with lives; ``least_below_zero``, every player still in lost their last lives
in the same round, and those whose count fell least below zero (the highest
count, 0 or below) win, jointly when level."""


class PlayShown(TypedDict):
    seat: int
    card: str
    excuse: NotRequired[Literal["high", "low"]]
    """How the Excuse was played."""


class AfricainObservation(TypedDict):
    """One viewer's view of a Tarot Africain game; None marks what it may not see."""

    version: Literal[2]
    game: Literal["africain"]
    rules: AfricainRulesBlock
    players: int
    viewer: int
    """A seat, -1 for a spectator, -2 for an omniscient replay."""
    phase: Phase
    round: int
    hand_size: int
    dealer: int
    lives: list[int]
    in_game: list[bool]
    in_round: list[bool]
    bids: list[int | None]
    tricks: list[int]
    trick: list[PlayShown]
    last_trick: list[PlayShown]
    hands: list[list[str] | None]
    """Each seat's hand as the viewer sees it (in a one-card round: the others', not its own)."""
    hand: list[str] | None
    to_move: int | None
    legal: list[str] | None
    """The actions the viewer may take now, None when it is not its turn."""
    winners: list[int] | None
    """The seats who won once the game is over (see ``decided_by``), None before."""
    decided_by: DecidedBy | None
    """How ``winners`` were decided, None before the end."""
    contenders: list[int] | None
    """The seats still in the game in its last round, among whom ``decided_by``
    chose (their final ``lives`` say why), None before the end."""
