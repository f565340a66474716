"""Tarot Africain as integers and tensors: 35 actions (23 plays, 12 bids) and an
observation read from a seat's ``AfricainObservation``, seats counted from the
viewer. Only the 21 trumps and the Excuse are dealt (22 cards)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Self

from atout.africain.actions import BIDS, EXCUSE_PLAYS, PLAYS, Bid, Deal, Play
from atout.africain.state import DECK_LIST, PHASE_NAMES, AfricainState
from atout.cards import EXCUSE, FIRST_TRUMP, card_text
from atout.game import OMNISCIENT, Action, GameState
from atout.rl.layout import Layout
from atout.rl.spec import Tensor, no_index, text_index

DECK: Final = len(DECK_LIST)
"""22 cards: T1..T21 are 0..20, the Excuse 21."""
MAX_BID: Final = 11
EXCUSE_HIGH_AT: Final = 21
EXCUSE_LOW_AT: Final = 22
BID_AT: Final = 23
NUM_ACTIONS: Final = BID_AT + MAX_BID + 1

ACTIONS: Final = (
    (0, 21, "play trump T1..T21"),
    (EXCUSE_HIGH_AT, 1, "play the Excuse high"),
    (EXCUSE_LOW_AT, 1, "play the Excuse low"),
    (BID_AT, MAX_BID + 1, "bid 0..11 tricks"),
)
"""(first integer, count, meaning) of each kind of action."""

PLACE_OF_TEXT: Final = {card_text(card): card - FIRST_TRUMP for card in DECK_LIST}
"""A card's place 0..21 from its text."""


def _name(index: int) -> str:
    """The text of the action an integer stands for."""
    if index >= BID_AT:
        return str(BIDS[index - BID_AT])
    if index >= EXCUSE_HIGH_AT:
        return str(EXCUSE_PLAYS[index - EXCUSE_HIGH_AT])
    return str(PLAYS[FIRST_TRUMP + index])


NAMES: Final = tuple(_name(index) for index in range(NUM_ACTIONS))
"""Each integer's text, as :meth:`AfricainSpec.action_name` gives it."""
INDEX_OF_NAME: Final = {name: index for index, name in enumerate(NAMES)}


class AfricainSpec:
    """Tarot Africain at one table: built from an observation's ``rules`` block."""

    game = "africain"
    num_actions = NUM_ACTIONS
    deck = DECK_LIST

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.players: int = rules["players"]
        self.lives: int = rules["lives"]
        self.layout = layout(self.players)
        self.obs_size = self.layout.size

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """Shared, never changed: copying a game state (OpenSpiel's clone) keeps it."""
        return self

    def index(self, action: Action | str) -> int:
        """The integer of a bid or a play, or of its text (``bid:2``, ``play:EX:high``);
        ValueError for a deal."""
        if isinstance(action, Play):
            if action.card == EXCUSE:
                return EXCUSE_HIGH_AT if action.high else EXCUSE_LOW_AT
            return action.card - FIRST_TRUMP
        if isinstance(action, Bid):
            if not 0 <= action.tricks <= MAX_BID:
                raise ValueError(f"no integer for {action}")
            return BID_AT + action.tricks
        if isinstance(action, str):
            return text_index(self, INDEX_OF_NAME, action)
        raise no_index(action, "bid:2")

    def action_name(self, index: int) -> str:
        """The text of the action an integer stands for."""
        if not 0 <= index < NUM_ACTIONS:
            raise ValueError(f"no action {index} (0..{NUM_ACTIONS - 1})")
        return NAMES[index]

    def observe(self, view: Mapping[str, Any]) -> Tensor:
        """The tensor of a seat's view (see :func:`layout`)."""
        n = self.players
        at = self.layout.at
        x, rel = self.layout.canvas(view["viewer"], n)

        for seat, hand in enumerate(view["hands"]):
            for text in hand or ():
                x[at["hands"] + DECK * rel(seat) + PLACE_OF_TEXT[text]] = 1.0
        for block in ("trick", "last_trick"):
            for played in view[block]:
                x[at[block] + DECK * rel(played["seat"]) + PLACE_OF_TEXT[played["card"]]] = 1.0
        for played in view["trick"]:
            if "excuse" in played:
                x[at["excuse"] + (played["excuse"] == "low")] = 1.0
        x[at["phase"] + PHASE_NAMES.index(view["phase"])] = 1.0
        for block in ("to_move", "dealer"):
            seat = view[block]
            if seat is not None and 0 <= seat < n:
                x[at[block] + rel(seat)] = 1.0
        size = view["hand_size"]
        x[at["hand_size"] + size - 1] = 1.0
        for seat in range(n):
            r = rel(seat)
            x[at["lives"] + r] = view["lives"][seat] / self.lives
            x[at["in_game"] + r] = float(view["in_game"][seat])
            x[at["in_round"] + r] = float(view["in_round"][seat])
            x[at["tricks"] + r] = view["tricks"][seat] / size
            bid = view["bids"][seat]
            if bid is not None:
                x[at["bids"] + (MAX_BID + 1) * r + bid] = 1.0
        return x

    def score(self, state: GameState) -> list[float]:
        """Each seat's lives."""
        assert isinstance(state, AfricainState)
        return [float(v) for v in state.lives]

    def episode_over(self, state: GameState) -> bool:
        """The game is over (the rounds run on until at most one player has lives)."""
        return state.is_over

    def deal_slots(self, state: GameState) -> list[int]:
        """Each seat still in the game, a hand's worth of times."""
        assert isinstance(state, AfricainState)
        in_game = state.view(OMNISCIENT)["in_game"]
        return [s for s in range(self.players) if in_game[s] for _ in range(state.hand_size)]

    def deal(self, state: GameState, slots: Sequence[int], cards: Sequence[int]) -> Action:
        """The explicit deal of ``cards`` to ``slots`` (the seats out get nothing)."""
        hands = [0] * self.players
        for seat, card in zip(slots, cards, strict=True):
            hands[seat] |= 1 << card
        return Deal(hands=tuple(hands))


def layout(players: int) -> Layout:
    """The observation of a seat at a table of ``players``; ``[n]`` blocks are one
    per seat counted from the viewer (its own first); a card's place is T1..T21
    0..20, the Excuse 21."""
    n = players
    return Layout(
        [
            (
                "hands",
                n * DECK,
                "[n] each hand the viewer sees (its own; the others' in a 1-card round)",
            ),
            ("trick", n * DECK, "[n] the card each seat played to the current trick"),
            ("excuse", 2, "the Excuse in the current trick was played high, low"),
            ("last_trick", n * DECK, "[n] the card each seat played to the previous trick"),
            ("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES)),
            ("to_move", n, "[n] one-hot: the seat to act"),
            ("dealer", n, "[n] one-hot: the dealer"),
            ("hand_size", MAX_BID, "one-hot: cards dealt this round (1..11)"),
            ("lives", n, "[n] lives left / starting lives"),
            ("in_game", n, "[n] 1 while the seat has lives"),
            ("in_round", n, "[n] 1 when the seat plays this round"),
            ("tricks", n, "[n] tricks won this round / hand size"),
            ("bids", n * (MAX_BID + 1), "[n] one-hot: each seat's bid this round (0..11)"),
        ]
    )
