"""A recorded game reviewed for one seat: each decision it took, scored by the strong
robot against the best actions it finds, and marked.

The record is replayed; at each decision of the seat its observation (and
nothing else) is handed to the game's analyst, which scores the action taken and
every other on the same sampled deals (see :mod:`atout.analysis.french` and
:mod:`atout.analysis.africain`). The work is bounded by the budget: a fixed
number of sampled deals per decision, drawn from a seed, so a review is the same
wherever and whenever it runs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from atout.analysis.marks import Mark, Thresholds, loss
from atout.analysis.scored import Scored
from atout.game import CHANCE, GameState
from atout.match import BadLog, Match
from atout.records import Record, RecordError, bad_action
from atout.refusals import Refusal
from atout.registry import game_rules

DEFAULT_DEALS: Final = 100
"""Sampled deals per decision by default (see bench/analysis.py for the time it takes)."""
MAX_DECISIONS: Final = 2000
"""Decisions of one seat a review takes on: about 100 French deals."""
SHOWN: Final = 3
"""Best options reported with each decision."""

Progress = Callable[[int, int], None]
"""Told (decisions done, decisions in all) as the review goes."""


class Unreviewable(ValueError):
    """A review refused for a reason of its own, not the record's (a seat not in the
    game, too many decisions); ``why`` is that reason coded, for a client to word."""

    def __init__(self, why: Refusal) -> None:
        super().__init__(str(why))
        self.why = why

    def __reduce__(self) -> tuple[type[Unreviewable], tuple[Refusal]]:
        """Pickled whole: a worker process sends it back."""
        return Unreviewable, (self.why,)


class Analyst(Protocol):
    """One game's part of a review."""

    thresholds: Thresholds

    def taken(self, actions: Sequence[str], index: int) -> tuple[str, ...]:
        """The actions making up the decision that starts at ``index``."""
        ...

    def watch(self, view: Mapping[str, Any]) -> None:
        """See the seat's view after each action (what the seat may remember)."""
        ...

    def searches(self, legal: Sequence[str]) -> bool:
        """Whether the robot searches decisions of this kind (not an announcement)."""
        ...

    def score(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        taken: Sequence[str],
        rng: random.Random,
        deals: int,
    ) -> Scored | None:
        """The options of the decision scored; None if it is not searched."""
        ...

    def stake(self, state: GameState, seat: int) -> float:
        """What the seat's score is divided by before it is compared to the thresholds."""
        ...


def analyst(game: str) -> Analyst:
    """The analyst of the game called ``game``."""
    if game == "french":
        from atout.analysis.french import FrenchAnalyst

        return FrenchAnalyst()
    if game == "africain":
        from atout.analysis.africain import AfricainAnalyst

        return AfricainAnalyst()
    raise ValueError(f"unknown game {game!r}")


@dataclass(frozen=True, slots=True)
class Budget:
    """The work allowed per decision: sampled deals, and the seed they are drawn from."""

    deals: int = DEFAULT_DEALS
    seed: int = 0

    def __post_init__(self) -> None:
        if not 2 <= self.deals <= 10_000:
            raise ValueError(f"deals per decision must be 2 to 10000, not {self.deals}")


@dataclass(frozen=True, slots=True)
class Option:
    """An option and its expected score for the seat."""

    action: str
    expected: float


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat, reviewed."""

    index: int
    """Its first action's place in the record (from 0)."""
    actions: int
    """How many actions of the record it covers (a French écart: several)."""
    deal: int
    """The deal (or round) it was taken in, from 1."""
    taken: Option
    best: list[Option]
    """The best options found, best first."""
    loss: float
    """Expected score given up against the best option, in the game's unit."""
    error: float
    """Standard error of ``loss``."""
    mark: Mark | None
    deals: int
    """Sampled deals the options were scored on."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "actions": self.actions,
            "deal": self.deal,
            "taken": _option(self.taken),
            "best": [_option(o) for o in self.best],
            "loss": round(self.loss, 2),
            "error": round(self.error, 2) if self.error != float("inf") else None,
            "mark": None if self.mark is None else self.mark.value,
            "deals": self.deals,
        }


_PLURALS: Final = {
    Mark.INACCURACY: "inaccuracies",
    Mark.MISTAKE: "mistakes",
    Mark.BLUNDER: "blunders",
}


def _option(option: Option) -> dict[str, Any]:
    return {"action": option.action, "expected": round(option.expected, 2)}


@dataclass(frozen=True, slots=True)
class Review:
    """Every searched decision of one seat in a game, and the summary."""

    game: str
    seat: int
    budget: Budget
    thresholds: Thresholds
    decisions: list[Decision] = field(default_factory=list)
    unsearched: int = 0
    """Decisions with a choice that the robot does not search (announcements)."""

    def count(self, mark: Mark) -> int:
        return sum(1 for d in self.decisions if d.mark is mark)

    @property
    def accuracy(self) -> float:
        """Percent of the reviewed decisions left unmarked (100 when there are none)."""
        if not self.decisions:
            return 100.0
        return 100.0 * sum(1 for d in self.decisions if d.mark is None) / len(self.decisions)

    @property
    def average_loss(self) -> float:
        """Mean loss per reviewed decision (losses below zero count as none)."""
        if not self.decisions:
            return 0.0
        return sum(max(0.0, d.loss) for d in self.decisions) / len(self.decisions)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the server stores it, ``atout analyse --json`` prints it)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "deals_per_decision": self.budget.deals,
            "seed": self.budget.seed,
            "unit": self.thresholds.unit,
            "thresholds": {m.value: getattr(self.thresholds, m.value) for m in Mark},
            "decisions": [d.to_dict() for d in self.decisions],
            "summary": {
                "reviewed": len(self.decisions),
                "unsearched": self.unsearched,
                "accuracy": round(self.accuracy, 1),
                "average_loss": round(self.average_loss, 2),
                **{_PLURALS[m]: self.count(m) for m in Mark},
            },
        }


def analyse(
    record: Record, seat: int, budget: Budget = Budget(), progress: Progress | None = None
) -> Review:
    """Review ``seat``'s decisions in ``record``; RecordError for a record that
    cannot be replayed, Unreviewable for a seat not in the game or too many decisions."""
    if not 0 <= seat < record.players:
        raise Unreviewable(Refusal("analysis_seat", seat=seat, players=record.players))
    total = _decisions(record, seat)  # first: a record that does not replay says why
    if total > MAX_DECISIONS:
        why = Refusal("analysis_too_long", seat=seat, decisions=total, limit=MAX_DECISIONS)
        raise Unreviewable(why)
    judge = analyst(record.game)
    actions = record.actions
    match = Match(game_rules(record.game), record.new_state())
    decisions: list[Decision] = []
    done = deal = unsearched = covered = 0
    try:
        for index, text in enumerate(actions):
            mover = match.to_move
            if mover == CHANCE:
                deal += 1
            elif mover == seat and index >= covered:
                taken = judge.taken(actions, index)
                covered = index + len(taken)
                legal = match.legal()
                rng = random.Random(f"{budget.seed}/{index}")
                scored = judge.score(match.view(seat), legal, taken, rng, budget.deals)
                if scored is not None:
                    stake = judge.stake(match.state, seat)
                    decisions.append(_decision(scored, index, len(taken), deal, stake, judge))
                elif len(legal) > 1 and not judge.searches(legal):
                    unsearched += 1
            if mover == seat:
                done += 1
                if progress is not None:
                    progress(done, total)
            for _ in match.follow([text]):
                pass
            judge.watch(match.view(seat))
    except BadLog as error:
        raise RecordError(bad_action(error)) from error
    return Review(record.game, seat, budget, judge.thresholds, decisions, unsearched)


def _decisions(record: Record, seat: int) -> int:
    """The actions ``seat`` takes in the record (RecordError, coded, if it does not replay)."""
    state = record.new_state()  # before game_rules: an unknown game is refused coded
    match = Match(game_rules(record.game), state)
    count = 0
    try:
        for text in record.actions:
            count += match.to_move == seat
            for _ in match.follow([text]):
                pass
    except BadLog as error:
        raise RecordError(bad_action(error)) from error
    return count


def _decision(
    scored: Scored, index: int, actions: int, deal: int, stake: float, judge: Analyst
) -> Decision:
    assert scored.taken is not None
    means = scored.means()
    ranking = scored.ranking()
    best = ranking[0]
    lost = loss(scored.scores[best], scored.scores[scored.taken], stake)
    return Decision(
        index=index,
        actions=actions,
        deal=deal,
        taken=Option(scored.labels[scored.taken], means[scored.taken]),
        best=[Option(scored.labels[i], means[i]) for i in ranking[:SHOWN]],
        loss=lost.value,
        error=lost.error,
        mark=lost.mark(judge.thresholds),
        deals=scored.deals,
    )


def review_record(asked: tuple[str, int, int, int]) -> dict[str, Any]:
    """The review of (record JSON text, seat, deals per decision, seed) as JSON, for a
    worker process (top-level and picklable); RecordError or ValueError if refused."""
    text, seat, deals, seed = asked
    return analyse(Record.from_json(text), seat, Budget(deals, seed)).to_dict()
