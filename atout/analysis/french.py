"""French Tarot decisions scored by the strong robot's own search.

The same machinery the robot decides with (:mod:`atout.robots.french_sampling`):
deals sampled consistently with the seat's observation only, every option
applied to each of them, the deal finished by the robot's play-outs (cards),
its exact solver once few cards are left, or its simulation of the auction and
play (bids, King call, écart). Only the number of deals is fixed here instead
of a time budget, so that an analysis is the same on any machine.

Covered: bids, the King call, the écart (as one decision: the cards put aside
together) and every card. The chelem, poignée and misère announcements are left
out: the robot answers them by rule of thumb, not by search.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from atout.analysis.marks import THRESHOLDS
from atout.analysis.scored import Scored
from atout.cards import card_text, hand_text
from atout.french.dealing import dog_size
from atout.french.knowledge import cards
from atout.french.rules import FRENCH
from atout.french.scoring import taker_shares
from atout.french.state import FrenchState
from atout.french.variants import Contract
from atout.french.worlds import Worlds
from atout.game import Action, GameState
from atout.robots.french_contract import apply_ecart, ecart_candidates, finish, first_discard
from atout.robots.french_endgame import solve
from atout.robots.french_sampling import Task, score
from atout.robots.french_search import EXACT_CARDS, distinct_cards, play_out

SEARCHED: Final = frozenset(("bid", "call", "discard", "play"))
"""The kinds of decision the robot searches (the others it answers by rule of thumb)."""
NO_DEADLINE: Final = 3600.0
"""Seconds given to the sampling loop: the number of deals bounds the work instead."""


def _step(state: FrenchState, action: Action) -> None:
    state.step(action)


def score_decision(
    view: Mapping[str, Any],
    legal: Sequence[str],
    taken: Sequence[str],
    rng: random.Random,
    deals: int,
) -> Scored | None:
    """The seat's options scored on ``deals`` sampled deals; None when the decision is
    not searched (one option, or an announcement) or no deal fits the view.

    ``taken`` is what the seat did (the écart's cards, one discard each), empty for
    a hint.
    """
    kind = legal[0].split(":", 1)[0]
    if kind not in SEARCHED or len(legal) == 1:
        return None
    sampler = Worlds(view)
    if kind == "discard":
        return _ecart(sampler, legal, taken, rng, deals)
    finisher: Callable[[FrenchState, int], float] = finish
    labels = list(legal)
    if kind == "play":
        labels = distinct_cards(sampler.known, legal)
        labels += [t for t in taken if t not in labels]
        if len(labels) == 1:
            return None
        exact = sum(sampler.known.hand_sizes) <= EXACT_CARDS
        finisher = solve if exact else play_out
    options = [FRENCH.parse_action(label) for label in labels]
    task = Task(sampler, options, _step, finisher, deals, minimum=deals, settle=True)
    scores = score(task, rng, NO_DEADLINE)
    if not scores[0]:
        return None
    chosen = labels.index(taken[0]) if taken else None
    return Scored(labels, labels, scores, chosen)


def _ecart(
    sampler: Worlds, legal: Sequence[str], taken: Sequence[str], rng: random.Random, deals: int
) -> Scored | None:
    """The rest of the écart as one decision: the robot's candidate écarts and the one taken."""
    known = sampler.known
    size = dog_size(known.active) - (known.ecart or 0).bit_count()
    options = ecart_candidates(known.hand, cards(a[8:] for a in legal), size)
    chosen = None
    if taken:
        put_aside = cards(t[8:] for t in taken)
        if put_aside not in options:
            options.append(put_aside)
        chosen = options.index(put_aside)
    if len(options) == 1:
        return None
    task = Task(sampler, options, apply_ecart, finish, deals, minimum=deals)
    scores = score(task, rng, NO_DEADLINE)
    if not scores[0]:
        return None
    labels = [f"ecart:{hand_text(ecart)}" for ecart in options]
    moves = [f"discard:{card_text(first_discard(ecart))}" for ecart in options]
    return Scored(labels, moves, scores, chosen)


class FrenchAnalyst:
    """What a review needs of French Tarot: the decisions, their scores and the stake."""

    thresholds = THRESHOLDS["french"]

    def taken(self, actions: Sequence[str], index: int) -> tuple[str, ...]:
        """The actions of the decision starting at ``index``: the whole écart, or one."""
        if not actions[index].startswith("discard:"):
            return (actions[index],)
        end = index
        while end < len(actions) and actions[end].startswith("discard:"):
            end += 1
        return tuple(actions[index:end])

    def watch(self, view: Mapping[str, Any]) -> None:
        """Nothing to remember: the view holds the whole deal so far."""

    def searches(self, legal: Sequence[str]) -> bool:
        return legal[0].split(":", 1)[0] in SEARCHED

    score = staticmethod(score_decision)

    def stake(self, state: GameState, seat: int) -> float:
        """The contract's multiplier times the seat's shares of the score (1 before
        a contract stands): what turns the seat's score into card points."""
        assert isinstance(state, FrenchState)
        if not state.contract or state.taker < 0:
            return 1.0
        multiplier = state.variant.multipliers[Contract(state.contract)]
        if seat != state.taker:
            return float(multiplier)
        partnered = state.partner not in (-1, state.taker)
        return multiplier * taker_shares(len(state.order), partnered, state.variant)
