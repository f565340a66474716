"""French Tarot as a :class:`atout.game.GameRules`: ``FRENCH.new(4, "fft")``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atout.cards import Language
from atout.french.actions import DealCards, DealSeed, FrenchAction, parse_action
from atout.french.state import FrenchState
from atout.french.variants import VARIANTS, get_variant
from atout.game import Action, DealSummary, Event, GameRules, GameState, SeatOutcome
from atout.variant_options import option_value


class FrenchRules:
    """Builds French Tarot parties and reads their actions."""

    name = "french"
    default_variant = "fft"
    variants = tuple(VARIANTS)
    min_players = 3
    max_players = 5
    contracts = True
    arena_unit = "deal"

    def new(
        self, players: int, variant: str = "fft", options: Mapping[str, Any] | None = None
    ) -> FrenchState:
        """A new partie; ``options`` override variant fields, plus ``deals`` (default 1).
        ValueError for an unknown variant or a number of players, OptionError
        (:mod:`atout.variant_options`) naming an option refused."""
        fields = dict(options or {})
        deals = option_value("deals", fields.pop("deals", 1), int)
        return FrenchState(players, get_variant(variant, fields), deals)

    def parse_action(self, text: str) -> FrenchAction:
        """Read an action's text form (``play:KH``, ``bid:garde``...)."""
        return parse_action(text)

    def deal_action(self, state: GameState, seed: int) -> DealSeed:
        """The chance action dealing the next deal from ``seed``."""
        return DealSeed(seed)

    def deal_cards(self, hands: Sequence[int], dog: int = 0) -> DealCards:
        """The explicit chance action giving ``hands[s]`` to seat s and ``dog``."""
        return DealCards(tuple(hands), dog)

    def dealt(self, state: GameState, deal: Action) -> tuple[tuple[int, ...], int]:
        """The hands and dog ``deal`` gives in ``state``, kept even by a deal that a
        petit sec cancels at once."""
        after = state.clone()
        after.apply(deal)
        assert isinstance(after, FrenchState)
        return after.dealt, after.dog

    def standing(self, state: GameState) -> tuple[int, ...]:
        """Each seat's total points."""
        assert isinstance(state, FrenchState)
        return tuple(state.totals)

    def rounds_options(self, rounds: int) -> dict[str, Any]:
        """A partie of ``rounds`` deals (the engine's ``deals`` option)."""
        return {"deals": rounds} if rounds > 1 else {}

    def deal_summary(self, event: Event, players: int) -> DealSummary | None:
        """The taker, made and scores of a ``deal_end`` event."""
        if event.kind != "deal_end":
            return None
        data = event.data
        scores, taker, made = data.get("scores"), data.get("taker"), data.get("made")
        if not isinstance(scores, list | tuple) or len(scores) != players:
            return None
        if not isinstance(made, bool) or not (taker is None or isinstance(taker, int)):
            return None
        if not all(isinstance(s, int | float) for s in scores):
            return None
        return DealSummary(taker, made, tuple(int(s) for s in scores))

    def arena_deals(self, state: GameState) -> int:
        """The arena's unit is one deal."""
        return 1

    def arena_outcome(self, state: GameState) -> list[SeatOutcome]:
        """The deal's points and role of each seat; nothing when nobody took."""
        assert isinstance(state, FrenchState)
        score = state.score
        if score is None:  # all passed or petit sec: the deal counts nothing
            return [SeatOutcome(0.0) for _ in range(state.players)]
        taker, partner = state.taker, state.partner
        return [
            SeatOutcome(
                float(score.scores[seat]),
                "taker" if seat == taker else "partner" if seat == partner else "defender",
                score.made,
            )
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
        """Deal by deal, with the running totals."""
        from atout.french.render import render_game

        return render_game(players, actions, variant, options, language, lang)

    def simulate(
        self, players: int, count: int, seed: int = 0, variant: str | None = None
    ) -> dict[str, Any]:
        """``count`` random deals (see :mod:`atout.french.simulate`)."""
        from atout.french.simulate import simulate

        return simulate(players, count, seed=seed, variant=variant or self.default_variant)


FRENCH = FrenchRules()
_CHECK: GameRules = FRENCH  # mypy verifies that FrenchRules implements the protocol
