"""What every game engine offers, so that robots, records, the server and the
command line treat French Tarot and Tarot Africain alike.

A game is a deterministic state machine. Randomness enters only through
*chance actions*: when ``to_move == CHANCE`` the driver (simulator, server,
replay) applies the deal action, built from a seed or from explicit cards.
A game is therefore fully described by its variant and its list of actions,
each of which has a text form: that list is the save, replay, test and
recovery format (see :mod:`atout.records`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, Self

from atout.cards import CardSyntaxError, Language, parse_card
from atout.refusals import Refusal

SPECTATOR: Final = -1
"""Viewer id of a spectator: public information only until the deal ends."""
OMNISCIENT: Final = -2
"""Viewer id that sees everything: finished-game replays and tests only."""
CHANCE: Final = -3
"""``to_move`` value when the next action is a deal (a chance action)."""


class IllegalAction(Refusal, ValueError):
    """An action the rules refuse, as a code and parameters (``must_follow``,
    ``suit="spades"``, see :mod:`atout.refusals`); ``str()`` is the English
    sentence a player can read.

    Raising it never changes the state: engines check before they mutate.
    """


class ActionSyntaxError(Refusal, ValueError):
    """Text that is not an action of the game (bad JSON, unknown kind...), as a
    code and parameters like IllegalAction."""


def turn_refusal(to_move: int | None, phase: str | None = None) -> IllegalAction:
    """Why a seat other than ``to_move`` may not act now: the game is over, a deal
    is due, or another seat is to act (in ``phase``, the phase as everyone sees
    it, when given: a seat's secret question must not show through)."""
    if to_move is None:
        return IllegalAction("game_over")
    if to_move == CHANCE:
        return IllegalAction("deal_due")
    if phase is None:
        return IllegalAction("not_your_turn")
    return IllegalAction("not_your_turn_seat", seat=to_move, phase=phase)


def read_cards(text: str, kind: str) -> list[int]:
    """The distinct cards of an action's argument (spaces or commas between them);
    ActionSyntaxError ``not_a_card`` or ``card_twice`` naming the faulty card."""
    cards: list[int] = []
    seen = 0
    for token in text.replace(",", " ").split():
        try:
            card = parse_card(token)
        except CardSyntaxError:
            raise ActionSyntaxError("not_a_card", kind=kind, text=token) from None
        if seen >> card & 1:
            raise ActionSyntaxError("card_twice", kind=kind, text=token)
        seen |= 1 << card
        cards.append(card)
    return cards


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, with the seats allowed to see it.

    ``data`` is JSON-ready (cards in the text notation). ``to`` is the set of
    seats that may see the event; ``None`` means everyone, spectators included.
    A spectator sees only public events; OMNISCIENT sees all.
    """

    kind: str
    data: Mapping[str, Any]
    to: frozenset[int] | None = None

    def visible_to(self, viewer: int) -> bool:
        """Whether ``viewer`` (a seat, SPECTATOR or OMNISCIENT) may see this event."""
        if self.to is None or viewer == OMNISCIENT:
            return True
        return viewer in self.to


def filter_events(events: Sequence[Event], viewer: int) -> list[Event]:
    """The events of a stream that ``viewer`` may see."""
    return [e for e in events if e.visible_to(viewer)]


@dataclass(frozen=True, slots=True)
class DealSummary:
    """One deal's outcome as results and statistics count it: who took
    (None when nobody did), whether the contract was made, each seat's score."""

    taker: int | None
    made: bool
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """What one seat did in one arena unit (a deal, a cycle of rounds)."""

    score: float
    """The unit's points (higher is better), or lives lost per round (lower is better)."""
    role: str = ""
    """Games with contracts: taker, partner or defender ('' when nobody took)."""
    made: bool | None = None
    won: float = 0.0
    """Share of the unit's win (1 alone, 1/k when k tie); unused where roles are."""


class Action(Protocol):
    """An action has a canonical text form, parsed back by its game's ``parse_action``."""

    def __str__(self) -> str: ...


class GameState(Protocol):
    """The interface shared by every game engine's state."""

    @property
    def players(self) -> int:
        """Number of seats."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat expected to act, CHANCE when a deal is due, None when over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the whole game is finished."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """Actions the player to move may take (empty at a chance node or at the end).

        Like :meth:`view` and :meth:`result`, an observation: it never changes the state.
        """
        ...

    def legal_texts(self) -> Sequence[str]:
        """The texts of :meth:`legal_actions`, in the same order, made once per
        position: a server shows them in the view and in the turn of the seat
        to move, and gives them to robots."""
        ...

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` and return the events it caused, or raise IllegalAction
        without changing anything; when ``seat`` is given, a seat other than
        ``to_move`` is refused (see :func:`turn_refusal`)."""
        ...

    def step(self, action: Action) -> None:
        """Apply ``action`` like :meth:`apply`, same checks and same resulting state,
        without building events: the fast path of search and simulation."""
        ...

    def clone(self) -> Self:
        """An independent copy, cheap enough for search."""
        ...

    def view(self, viewer: int) -> Mapping[str, Any]:
        """What ``viewer`` may see, JSON-ready and typed per game (``FrenchObservation``,
        ``AfricainObservation``): the only way state leaves the engine."""
        ...

    def shared_view(self) -> Mapping[str, Any]:
        """The sections of :meth:`view` that are the same for every viewer (the
        tricks, the bids, the rules): a server telling every viewer of a table
        each action builds, encodes and compares them once."""
        ...

    def own_view(self, viewer: int) -> Mapping[str, Any]:
        """The other sections of ``viewer``'s view, those that depend on who
        views: ``shared_view() | own_view(viewer)`` is ``view(viewer)``."""
        ...

    def own_key(self, viewer: int) -> Hashable | None:
        """A cheap value that determines :meth:`own_view` for ``viewer``, or None
        (no promise: the server builds the view). Equal keys, of any two states
        of any game and any two viewers, mean equal own views; so a key names
        its game. Tuples of ints, strings and None: a server keeps one per
        client, and the garbage collector does not track such tuples. A server
        skips building and comparing the own sections of every viewer whose key
        did not change (most viewers of most actions)."""
        ...

    def result(self) -> Mapping[str, Any]:
        """The standings, JSON-ready, callable at any time. Every game gives the
        common core ``winners`` (the leading seats, a list, final once over) and
        ``over`` (``is_over``); the game's own keys (totals, lives...) follow."""
        ...


class GameRules(Protocol):
    """A game (French Tarot, Tarot Africain): builds states and reads actions."""

    name: str
    default_variant: str
    variants: tuple[str, ...]
    """The named rule sets, the default among them."""
    min_players: int
    max_players: int
    contracts: bool
    """Whether a deal has a taker who makes or fails a contract: then one deal's
    outcome can pay a table, and the arena reports by role."""
    arena_unit: str
    """What the arena replays with every seating: ``deal`` or ``cycle``."""

    def new(
        self, players: int, variant: str = ..., options: Mapping[str, Any] | None = None
    ) -> GameState:
        """A new game; raises ValueError naming an unknown variant, OptionError
        (a ValueError, :mod:`atout.variant_options`) naming an option refused."""
        ...

    def parse_action(self, text: str) -> Action:
        """Read an action's text form; raises ActionSyntaxError with the reason."""
        ...

    def deal_action(self, state: GameState, seed: int) -> Action:
        """The chance action dealing the next deal of ``state`` from ``seed``."""
        ...

    def deal_cards(self, hands: Sequence[int], dog: int = 0) -> Action:
        """The chance action dealing ``hands[s]`` (a bit set, 0 for a seat out of the
        deal) to seat s and ``dog`` (0 in a game without one): records keep deals so,
        never as a seed, whose shuffle Python does not promise to keep."""
        ...

    def dealt(self, state: GameState, deal: Action) -> tuple[tuple[int, ...], int]:
        """The hands and dog the chance action ``deal`` gives in ``state``."""
        ...

    def standing(self, state: GameState) -> tuple[int, ...]:
        """Each seat's score so far as a record's result shows it."""
        ...

    def rounds_options(self, rounds: int) -> dict[str, Any]:
        """The engine options of a table playing ``rounds`` deals (or games) in one
        game: empty when the game has no such option."""
        ...

    def deal_summary(self, event: Event, players: int) -> DealSummary | None:
        """The deal summary ``event`` carries, if it is a deal's end."""
        ...

    def arena_deals(self, state: GameState) -> int:
        """How many chance actions make one arena unit of ``state``'s game."""
        ...

    def arena_outcome(self, state: GameState) -> list[SeatOutcome]:
        """Each seat's outcome of the arena unit just played on ``state``."""
        ...

    def render(
        self,
        players: int,
        variant: str,
        options: Mapping[str, Any],
        actions: Sequence[str],
        language: Language | None = None,
        lang: Language = "en",
    ) -> str:
        """A game's record as text a person can read (``atout replay``): its words
        in ``lang``, its cards named in ``language`` (None: the text notation)."""
        ...

    def simulate(
        self, players: int, count: int, seed: int = 0, variant: str | None = None
    ) -> dict[str, Any]:
        """Random legal play of ``count`` units (French deals, Africain games):
        speed and invariant checks, JSON-ready (``atout simulate``)."""
        ...
