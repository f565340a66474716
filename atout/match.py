"""The match driver: one game being played, whoever plays it.

Server tables, terminal play, the arena, the simulators and replays all run a
game through a :class:`Match`: its state, its log (the action texts, which are
the game, see :mod:`atout.records`), where its chance actions come from, whose
turn it is and what each viewer may see. None of them has a game loop of its
own, so the turn is checked in one place (:meth:`Match.prepare`) for every
game and every caller.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from atout.game import (
    CHANCE,
    Action,
    ActionSyntaxError,
    Event,
    GameRules,
    GameState,
    IllegalAction,
    filter_events,
    turn_refusal,
)
from atout.robots.base import Robot

Chance = Callable[[], int | str | None]
"""Where deals come from: the seed of the next deal, or the deal action's text
(an explicit deal: a duplicate board), or None when there is none left to play
(the match then stops before that deal)."""


def random_seeds(rng: random.Random, bits: int = 32) -> Chance:
    """Endless deal seeds drawn from ``rng``."""
    return lambda: rng.getrandbits(bits)


def seed_sequence(seeds: Iterable[int]) -> Chance:
    """The given deal seeds in order, then no more deals."""
    remaining = iter(seeds)
    return lambda: next(remaining, None)


class BadLog(ValueError):
    """An action of a log that the game refuses: its number (from 1), text and reason."""

    def __init__(self, number: int, text: str, error: ActionSyntaxError | IllegalAction) -> None:
        super().__init__(f"action {number} {text!r}: {error}")
        self.number, self.text, self.error = number, text, error

    def __reduce__(self) -> tuple[type[BadLog], tuple[int, str, ActionSyntaxError | IllegalAction]]:
        """Pickled whole: a log replayed in a worker process sends its refusal back
        (by its message alone it could not be rebuilt, and broke the worker pool)."""
        return BadLog, (self.number, self.text, self.error)


@dataclass(frozen=True, slots=True)
class Step:
    """An action checked and applied to a copy of the state, not yet adopted:
    the server stores ``text`` before it calls :meth:`Match.commit`."""

    action: Action
    state: GameState
    events: list[Event]

    @property
    def text(self) -> str:
        return str(self.action)


class Match:
    """A game's state and log, its chance, and the seat check of every action."""

    def __init__(
        self,
        rules: GameRules,
        state: GameState,
        chance: Chance | None = None,
        log: Sequence[str] = (),
    ) -> None:
        self.rules = rules
        self.state = state
        self.chance: Chance = chance if chance is not None else random_seeds(random.Random())
        self.actions: list[Action] = [rules.parse_action(text) for text in log]
        """The log as the engine's actions: their texts are made only when asked
        for (:attr:`log`), which keeps the simulators' loop fast."""

    @classmethod
    def new(
        cls,
        rules: GameRules,
        players: int,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        chance: Chance | None = None,
    ) -> Match:
        """A match at the start of a new game (``variant`` None: the game's default)."""
        state = rules.new(players, variant or rules.default_variant, options)
        return cls(rules, state, chance)

    @property
    def log(self) -> list[str]:
        """The game so far as action texts: what records and the store keep."""
        return [str(a) for a in self.actions]

    # --- Whose turn ------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to act, CHANCE when a deal is due, None once the game is over."""
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def legal(self) -> list[str]:
        """The texts of the actions the seat to move may take."""
        return list(self.state.legal_texts())

    # --- Acting ----------------------------------------------------------------------

    def check_turn(self, seat: int) -> None:
        """IllegalAction unless ``seat`` (CHANCE for a deal) is the one to act now."""
        if self.state.to_move != seat:
            raise turn_refusal(self.state.to_move)

    def prepare(self, action: str | Action, seat: int | None = None) -> Step:
        """Check ``action`` (by ``seat``, when given) and apply it to a copy.

        Raises IllegalAction (the seat's turn first) or ActionSyntaxError and
        changes nothing; the step is adopted by :meth:`commit`.
        """
        if seat is not None:
            self.check_turn(seat)
        parsed = self.rules.parse_action(action) if isinstance(action, str) else action
        after = self.state.clone()
        events = after.apply(parsed)
        return Step(parsed, after, events)

    def commit(self, step: Step) -> list[Event]:
        """Adopt a prepared step: its state becomes the match's, its action joins the log."""
        self.state = step.state
        self.actions.append(step.action)
        return step.events

    def act(self, action: str | Action, seat: int | None = None) -> list[Event]:
        """Play ``action`` (by ``seat``, when given) and return every event it caused;
        refused, it raises and changes nothing."""
        if seat is not None:
            self.check_turn(seat)
        parsed = self.rules.parse_action(action) if isinstance(action, str) else action
        events = self.state.apply(parsed)
        self.actions.append(parsed)
        return events

    def deal_action(self) -> Action | None:
        """The next deal from the match's chance, or None when its deals are used up."""
        seed = self.chance()
        if isinstance(seed, str):
            return self.rules.parse_action(seed)
        return None if seed is None else self.rules.deal_action(self.state, seed)

    def robot_action(self, robots: Mapping[int, Robot], seed: int, budget: float | None) -> str:
        """What the seat to move's robot chooses, from that seat's view only."""
        seat = self.state.to_move
        assert seat is not None and seat >= 0
        return robots[seat].choose(self.state.view(seat), self.legal(), seed, budget)

    def robot_turn(
        self, robots: Mapping[int, Robot], seed: int, budget: float | None = None
    ) -> list[Event]:
        """Let the seat to move's robot play; its answer is checked like anyone's."""
        seat = self.state.to_move
        assert seat is not None
        return self.act(self.robot_action(robots, seed, budget), seat)

    def play(
        self,
        choose: Callable[[int], str | Action],
        listen: Callable[[list[Event]], None] | None = None,
    ) -> bool:
        """Play on until the game ends or the chance has no deal left: deals from
        the chance, each seat's action from ``choose(seat)``. ``listen`` hears
        each action's events; without it no event is built (the engine's
        ``step``, where it has one: the simulators' speed). Whether the game is over.

        An action ``choose`` gives is the seat to move's by construction, so the
        turn needs no check here; the engine still refuses an illegal one.
        """
        state = self.state
        fast: Callable[[Action], None] | None = None
        if listen is None:
            fast = getattr(state, "step", None)
        parse, log = self.rules.parse_action, self.actions.append
        while not state.is_over:
            seat = state.to_move
            action: str | Action | None
            if seat == CHANCE:
                action = self.deal_action()
                if action is None:
                    return False
            else:
                action = choose(seat)  # type: ignore[arg-type]  # None only once over
                if type(action) is str:
                    action = parse(action)
            if fast is not None:
                fast(action)
            else:
                events = state.apply(action)
                if listen is not None:
                    listen(events)
            log(action)
        return True

    # --- What viewers see ------------------------------------------------------------

    def view(self, viewer: int) -> Mapping[str, Any]:
        """What ``viewer`` may see of the game now."""
        return self.state.view(viewer)

    @staticmethod
    def seen_by(events: Sequence[Event], viewer: int) -> list[Event]:
        """The events ``viewer`` may see (the engine's rule, :func:`filter_events`)."""
        return filter_events(events, viewer)

    def updates(
        self, events: Sequence[Event], viewers: Iterable[int]
    ) -> Iterator[tuple[int, list[Event], Mapping[str, Any]]]:
        """For each distinct viewer, in order: the events it may see and its view now."""
        done: set[int] = set()
        for viewer in viewers:
            if viewer not in done:
                done.add(viewer)
                yield viewer, filter_events(events, viewer), self.state.view(viewer)

    # --- Logs ------------------------------------------------------------------------

    def follow(self, log: Iterable[str]) -> Iterator[list[Event]]:
        """Play a log's actions one by one, yielding each one's events; BadLog
        names the first action the game refuses."""
        for number, text in enumerate(log, len(self.actions) + 1):
            try:
                events = self.act(text)
            except (ActionSyntaxError, IllegalAction) as error:
                raise BadLog(number, text, error) from error
            yield events

    @classmethod
    def replay(
        cls,
        rules: GameRules,
        players: int,
        variant: str | None,
        options: Mapping[str, Any] | None,
        log: Iterable[str],
    ) -> Match:
        """The match a log leads to; BadLog names the first action refused."""
        match = cls.new(rules, players, variant, options)
        for _ in match.follow(log):
            pass
        return match
