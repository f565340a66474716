"""Games holding planted blunders, from hand-made deals (seat 0 deals, so seat 1
bids and leads first and seat 0 plays last). Seat 0 follows the hints (the strong
robot's best option), the other seats play the rule-of-thumb robot, except for
the decisions a script forces: the blunders of seat 0, and the leads that set
them up."""

from __future__ import annotations

from collections.abc import Mapping

from atout.analysis.hints import hint
from atout.records import Record
from atout.registry import game_rules
from atout.robots.french import FrenchHeuristic
from tests.french.deals import explicit_deal

HINT_DEALS = 16
"""Deals the hints seat 0 follows are scored on."""

# Seat 0 holds seven trumps with the Petit: it can keep it out of the taker's reach.
# Seat 1 takes a garde with eight top trumps and the Excuse.
PETIT_DEAL = {
    0: "T1 T2 T3 T4 T5 T6 T7 KH 2H 3H 2S 3S 4S 2C 3C 2D 3D 4D",
    1: "T21 T20 T19 T18 T17 T16 T15 T14 EX KC QC KD QD KS QS 6H 7H 8H",
}
# Seat 0 holds no trump, and the King of hearts; seat 1 keeps five hearts, so that
# King wins a trick of hearts later, unless seat 0 gives it away.
KING_DEAL = {
    0: "KH 2H 3H 4H KS 2S 3S 4S 5S 2C 3C 4C 5C 2D 3D 4D 5D 6D",
    1: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX 6H 7H 8H 9H 10H KC QC",
}
DOG = "1S 1H 1C 1D 6S 6C"


def scripted(
    hands: Mapping[int, str], forced: Mapping[tuple[int, int], str]
) -> tuple[Record, list[int]]:
    """The one-deal game of ``hands`` where the ``n``-th decision (from 0) of ``seat``
    is ``forced[seat, n]``, and the record's indices of seat 0's forced actions."""
    rules = game_rules("french")
    state = rules.new(4, "fft")
    deal = str(explicit_deal(4, hands, DOG))
    state.apply(rules.parse_action(deal))
    actions = [deal]
    robot = FrenchHeuristic()
    made = [0] * 4
    where: list[int] = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None and seat >= 0, "a deal passed by all"
        legal = [str(a) for a in state.legal_actions()]
        action = forced.get((seat, made[seat]))
        if action is not None:
            assert action in legal, (action, legal)
            if seat == 0:
                where.append(len(actions))
        elif seat == 0:
            action = hint(state.view(seat), legal, HINT_DEALS).action
        else:
            action = robot.choose(state.view(seat), legal, 0)
        made[seat] += 1
        actions.append(action)
        state.apply(rules.parse_action(action))
    return Record("french", 4, "fft", {"deals": 1}, tuple(actions)), where
