"""Building Tarot Africain positions by hand for the tests."""

from __future__ import annotations

from typing import Any

from atout.africain.rules import AFRICAIN
from atout.africain.state import AfricainState
from atout.game import CHANCE, Event

EXCUSE_ROUND = (
    "deal:EX,T1,T2,T3,T21/T4,T5,T6,T7,T8",
    "bid:2",
    "bid:0",
    *("play:EX:high", "play:T4"),  # seat 0 wins and leads
    *("play:T21", "play:T5"),  # seat 0 wins and leads
    *("play:T1", "play:T6"),  # seat 1 wins and leads
    *("play:T7", "play:T2"),
    *("play:T8", "play:T3"),
)
"""A 2-player round: seat 0 bids 2 and wins 2, seat 1 bids 0 and wins 3."""


def new(players: int, variant: str = "standard", **options: Any) -> AfricainState:
    """A new game with some options."""
    return AFRICAIN.new(players, variant, options or None)


def act(state: AfricainState, *texts: str) -> list[Event]:
    """Apply actions given as text, returning all their events."""
    events: list[Event] = []
    for text in texts:
        events.extend(state.apply(AFRICAIN.parse_action(text)))
    return events


def deal(state: AfricainState, *hands: str) -> list[Event]:
    """Deal explicit hands, one text per seat (``-`` for a seat out)."""
    return act(state, "deal:" + "/".join(h.replace(" ", ",") for h in hands))


def bids(state: AfricainState, *numbers: int) -> list[Event]:
    """Bids in bidding order."""
    return act(state, *(f"bid:{n}" for n in numbers))


def play_out(state: AfricainState) -> list[Event]:
    """Play the rest of the round, each seat playing its first legal action."""
    events: list[Event] = []
    while state.to_move not in (CHANCE, None):
        events.extend(state.apply(state.legal_actions()[0]))
    return events


def quiet_round(state: AfricainState, seed: int) -> list[Event]:
    """A round dealt from ``seed`` where everyone bids 0, so nobody loses a life
    under the default loss rule (and, several being unscathed, no remontée)."""
    events = act(state, f"deal:seed={seed}")
    while state.view(-2)["phase"] == "bid":
        events.extend(act(state, "bid:0"))
    return events + play_out(state)


def round_end(events: list[Event]) -> dict[str, Any]:
    """The data of the round_end event among ``events``."""
    (data,) = [dict(e.data) for e in events if e.kind == "round_end"]
    return data
