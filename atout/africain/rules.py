"""The Tarot Africain entry point that records, robots, the server and the CLI use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atout.africain.actions import AfricainAction, Deal, parse_action
from atout.africain.state import AfricainState
from atout.africain.variants import MIN_PLAYERS, VARIANTS, get_variant
from atout.cards import Language
from atout.game import (
    Action,
    DealSummary,
    Event,
    GameRules,
    GameState,
    IllegalAction,
    SeatOutcome,
)


class AfricainRules:
    """Builds Tarot Africain games and reads their actions (implements GameRules)."""

    name = "africain"
    default_variant = "standard"
    variants = tuple(VARIANTS)
    min_players = MIN_PLAYERS
    max_players = 5
    contracts = False
    arena_unit = "cycle"

    def new(
        self, players: int, variant: str = "standard", options: Mapping[str, Any] | None = None
    ) -> AfricainState:
        """A new game; ValueError for an unknown variant or a bad player count,
        OptionError (:mod:`atout.variant_options`) naming an option refused."""
        return AfricainState(players, get_variant(variant, options))

    def parse_action(self, text: str) -> AfricainAction:
        """Read an action's text form; ActionSyntaxError says what is wrong."""
        return parse_action(text)

    def deal_action(self, state: GameState, seed: int) -> Deal:
        """The chance action dealing the next round from ``seed``."""
        return Deal(seed=seed)

    def deal_cards(self, hands: Sequence[int], dog: int = 0) -> Deal:
        """The explicit chance action giving ``hands[s]`` (a bit set, 0 when out) to
        seat s; IllegalAction ``no_dog`` for a dog, which this game has not."""
        if dog:
            raise IllegalAction("no_dog")
        return Deal(hands=tuple(hands))

    def dealt(self, state: GameState, deal: Action) -> tuple[tuple[int, ...], int]:
        """The hands ``deal`` gives in ``state`` (no dog: 0)."""
        after = state.clone()
        after.apply(deal)
        assert isinstance(after, AfricainState)
        return after.dealt_hands, 0

    def standing(self, state: GameState) -> tuple[int, ...]:
        """Each seat's lives."""
        assert isinstance(state, AfricainState)
        return state.lives

    def rounds_options(self, rounds: int) -> dict[str, Any]:
        """A game always lasts until one player is left: no option."""
        return {}

    def deal_summary(self, event: Event, players: int) -> DealSummary | None:
        """Rounds have no taker nor contract: no deal summary."""
        return None

    def arena_deals(self, state: GameState) -> int:
        """One cycle (5, 4, 3, 2, 1 cards) from full lives: a whole game between
        good players can last hundreds of rounds."""
        assert isinstance(state, AfricainState)
        return len(state.variant.sizes_for(state.players))

    def arena_outcome(self, state: GameState) -> list[SeatOutcome]:
        """Lives lost per round over the cycle; the cycle is won by who lost fewest."""
        assert isinstance(state, AfricainState)
        rounds = state.round_number
        lost = [state.variant.lives - lives for lives in state.lives]
        best = min(lost)
        winners = [s for s in range(state.players) if lost[s] == best]
        share = 1 / len(winners)
        return [
            SeatOutcome(lost[seat] / rounds, won=share if seat in winners else 0.0)
            for seat in range(state.players)
        ]

    def render(
        self,
        players: int,
        variant: str,
        options: Mapping[str, Any],
        actions: Sequence[str],
        language: Language | None = None,
        lang: Language = "en",
    ) -> str:
        """Round by round (cards in the text notation whatever ``language``)."""
        from atout.africain.render import render_game

        return render_game(players, actions, variant, options, lang)

    def simulate(
        self, players: int, count: int, seed: int = 0, variant: str | None = None
    ) -> dict[str, Any]:
        """``count`` random games (see :mod:`atout.africain.simulate`)."""
        from atout.africain.simulate import simulate

        return simulate(players, count, seed=seed, variant=variant or self.default_variant)


AFRICAIN = AfricainRules()
_CHECK: GameRules = AFRICAIN  # mypy verifies that AfricainRules implements the protocol
