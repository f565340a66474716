"""French Tarot as integers and tensors: 188 actions at every table and an
observation read from a seat's ``FrenchObservation``, seats counted from the
viewer (0 is the viewer, 1 the next to play after it...). The tables of
docs/rl.md are printed from :data:`ACTIONS` and :meth:`FrenchSpec.layout`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Self

from atout.cards import DECK_SIZE, half_points
from atout.french.actions import (
    BIDS,
    CALLS,
    CARD_TEXTS,
    CHELEM_NO,
    CHELEM_YES,
    DISCARDS,
    NO_POIGNEE,
    PLAYS,
    Bid,
    Call,
    ChelemChoice,
    DealCards,
    Discard,
    Misere,
    Play,
    Poignee,
)
from atout.french.scoring import POIGNEE_SIZES
from atout.french.state import PHASE_NAMES, FrenchState
from atout.french.variants import Contract
from atout.game import Action, GameState
from atout.rl.layout import Layout
from atout.rl.spec import Tensor, no_index, text_index

CARD_OF_TEXT: Final = {text: card for card, text in enumerate(CARD_TEXTS)}
CALL_RANKS: Final = ("K", "Q", "N", "J")
"""The honours one may call, in the order of the call actions within a suit."""
MISERE_CHOICES: Final = ((), ("sans_atouts",), ("sans_points",), ("sans_atouts", "sans_points"))

PLAY_AT: Final = 0
DISCARD_AT: Final = PLAY_AT + DECK_SIZE
CALL_AT: Final = DISCARD_AT + DECK_SIZE
BID_AT: Final = CALL_AT + 16
CHELEM_AT: Final = BID_AT + len(Contract)
POIGNEE_AT: Final = CHELEM_AT + 2
MISERE_AT: Final = POIGNEE_AT + 4
NUM_ACTIONS: Final = MISERE_AT + len(MISERE_CHOICES)

ACTIONS: Final = (
    (PLAY_AT, DECK_SIZE, "play card c (c = 0..77, atout.cards numbering)"),
    (DISCARD_AT, DECK_SIZE, "put card c in the écart, one card at a time"),
    (CALL_AT, 16, "5 players: call suit s (spades, hearts, diamonds, clubs) × K, Q, N, J"),
    (BID_AT, len(Contract), "bid pass, prise, pousse, garde, garde_sans, garde_contre"),
    (CHELEM_AT, 2, "chelem: no, yes"),
    (POIGNEE_AT, 4, "poignée: none, simple, double, triple (the engine's lowest trumps)"),
    (MISERE_AT, 4, "misère: none, sans_atouts, sans_points, both"),
)
"""(first integer, count, meaning) of each kind of action."""

_CALL_OF_RANK: Final = {13: 0, 12: 1, 11: 2, 10: 3}
"""Card rank - 1 (King 13 ... Jack 10) to its place among a suit's calls."""


def _call_card(place: int) -> int:
    suit, rank = divmod(place, 4)
    return suit * 14 + 13 - rank


def _name(index: int) -> str:
    """The text of the action an integer stands for (a poignée by its size)."""
    if index < DISCARD_AT:
        return str(PLAYS[index])
    if index < CALL_AT:
        return str(DISCARDS[index - DISCARD_AT])
    if index < BID_AT:
        return str(CALLS[_call_card(index - CALL_AT)])
    if index < CHELEM_AT:
        return str(BIDS[index - BID_AT])
    if index < POIGNEE_AT:
        return str(CHELEM_YES if index - CHELEM_AT else CHELEM_NO)
    if index < MISERE_AT:
        place = index - POIGNEE_AT
        return str(NO_POIGNEE) if not place else f"poignee:{POIGNEE_SIZES[place - 1]}"
    return str(Misere(MISERE_CHOICES[index - MISERE_AT]))


NAMES: Final = tuple(_name(index) for index in range(NUM_ACTIONS))
"""Each integer's text, as :meth:`FrenchSpec.action_name` gives it."""
INDEX_OF_NAME: Final = {name: index for index, name in enumerate(NAMES)}


class FrenchSpec:
    """French Tarot at one table: built from an observation's ``rules`` block."""

    game = "french"
    num_actions = NUM_ACTIONS
    deck = tuple(range(DECK_SIZE))

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.players: int = rules["players"]
        self.active: int = rules["active_players"]
        self.hand_size: int = rules["hand_size"]
        self.dog_size: int = rules["dog_size"]
        self.poignee_trumps: tuple[int, ...] = tuple(rules["poignee_trumps"])
        self.layout = layout(self.players)
        self.obs_size = self.layout.size

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """Shared, never changed: copying a game state (OpenSpiel's clone) keeps it."""
        return self

    # --- Actions --------------------------------------------------------------

    def index(self, action: Action | str) -> int:
        """The integer of an action or of its text (``bid:garde``, ``poignee:simple``,
        ``poignee:T11,...``); ValueError for a deal or a card one may not call."""
        kind = type(action)
        if kind is Play:
            assert isinstance(action, Play)
            return PLAY_AT + action.card
        if kind is Discard:
            assert isinstance(action, Discard)
            return DISCARD_AT + action.card
        if kind is Bid:
            assert isinstance(action, Bid)
            return BID_AT + action.contract
        if kind is Call:
            assert isinstance(action, Call)
            suit, rank = divmod(action.card, 14)
            if suit > 3 or rank not in _CALL_OF_RANK:
                raise ValueError(f"no call action for {action}")
            return CALL_AT + 4 * suit + _CALL_OF_RANK[rank]
        if kind is ChelemChoice:
            assert isinstance(action, ChelemChoice)
            return CHELEM_AT + action.announce
        if kind is Poignee:
            assert isinstance(action, Poignee)
            shown = action.cards.bit_count()
            if shown and shown not in self.poignee_trumps:
                sizes = ", ".join(map(str, self.poignee_trumps))
                raise ValueError(f"no integer for {action}: a poignée shows {sizes} trumps here")
            return POIGNEE_AT + (self.poignee_trumps.index(shown) + 1 if shown else 0)
        if kind is Misere:
            assert isinstance(action, Misere)
            return MISERE_AT + MISERE_CHOICES.index(action.kinds)
        if isinstance(action, str):
            return text_index(self, INDEX_OF_NAME, action)
        raise no_index(action, "bid:garde")

    def action_name(self, index: int) -> str:
        """The text of the action an integer stands for (a poignée by its size)."""
        if not 0 <= index < NUM_ACTIONS:
            raise ValueError(f"no action {index} (0..{NUM_ACTIONS - 1})")
        return NAMES[index]

    # --- Observations ---------------------------------------------------------

    def observe(self, view: Mapping[str, Any]) -> Tensor:
        """The tensor of a seat's view (see :func:`layout`)."""
        n = self.players
        at = self.layout.at
        x, rel = self.layout.canvas(view["viewer"], n)

        def cards(block: str, texts: Sequence[str] | None, seat: int = 0) -> None:
            if texts:
                base = at[block] + DECK_SIZE * seat
                x[[base + CARD_OF_TEXT[t] for t in texts]] = 1.0

        cards("hand", view["hand"])
        order = view["order"]
        points = [0] * n
        for trick in view["tricks"]:
            first = order.index(trick["leader"])
            taken = 0
            for i, text in enumerate(trick["cards"]):
                seat = order[(first + i) % len(order)]
                x[at["played"] + DECK_SIZE * rel(seat) + CARD_OF_TEXT[text]] = 1.0
                taken += half_points(CARD_OF_TEXT[text])
            points[rel(trick["winner"])] += taken
        for played in view["trick"]:
            x[at["trick"] + DECK_SIZE * rel(played["seat"]) + CARD_OF_TEXT[played["card"]]] = 1.0
        cards("dog", view["dog"])
        cards("ecart", view["ecart"] if view["ecart"] is not None else view["discarded_trumps"])
        for shown in view["poignees"]:
            cards("poignees", shown["cards"], rel(shown["seat"]))
        if view["called"] is not None:
            x[at["called"] + CARD_OF_TEXT[view["called"]]] = 1.0
        x[at["phase"] + PHASE_NAMES.index(view["phase"])] = 1.0
        seats = (
            ("to_move", view["to_move"]),
            ("dealer", view["dealer"]),
            ("leader", view["trick"][0]["seat"] if view["trick"] else None),
            ("taker", view["taker"]),
            ("partner", view["partner"]),
            ("sitting_out", view["sitting_out"]),
        )
        for block, seat in seats:
            if seat is not None and 0 <= seat < n:
                x[at[block] + rel(seat)] = 1.0
        for bid in view["bids"]:
            x[at["bids"] + len(Contract) * rel(bid["seat"]) + Contract[bid["bid"].upper()]] = 1.0
        if view["contract"] is not None:
            x[at["contract"] + Contract[view["contract"].upper()]] = 1.0
        x[at["chelem"]] = float(view["chelem_announced"])
        for misere in view["miseres"]:
            kind = 1 if misere["kind"] == "sans_points" else 0
            x[at["miseres"] + 2 * rel(misere["seat"]) + kind] = 1.0
        for seat in range(n):
            x[at["hand_sizes"] + rel(seat)] = view["hand_sizes"][seat] / self.hand_size
            x[at["points"] + rel(seat)] = points[rel(seat)] / 182.0
            x[at["totals"] + rel(seat)] = view["totals"][seat] / 100.0
        x[at["tricks_done"]] = len(view["tricks"]) / self.hand_size
        return x

    # --- Episodes and chance ----------------------------------------------------

    def score(self, state: GameState) -> list[float]:
        """The running totals of the partie, in points."""
        assert isinstance(state, FrenchState)
        return [float(t) for t in state.totals]

    def episode_over(self, state: GameState) -> bool:
        """Over, or the deal was cancelled (all passed, petit sec): it scores nothing."""
        assert isinstance(state, FrenchState)
        return state.is_over or bool(state.cancelled)

    def deal_slots(self, state: GameState) -> list[int]:
        """Each seat dealt in, its hand's worth of times, from the dealer's right; then the dog."""
        assert isinstance(state, FrenchState)
        if state.deals_played or state.cancelled:
            raise ValueError("deal slots are known for the first deal of a partie only")
        return [s for s in state.order for _ in range(self.hand_size)] + [-1] * self.dog_size

    def deal(self, state: GameState, slots: Sequence[int], cards: Sequence[int]) -> Action:
        """The explicit deal of ``cards`` to ``slots``."""
        hands = [0] * self.players
        dog = 0
        for seat, card in zip(slots, cards, strict=True):
            if seat < 0:
                dog |= 1 << card
            else:
                hands[seat] |= 1 << card
        return DealCards(tuple(hands), dog)


def layout(players: int) -> Layout:
    """The observation of a seat at a table of ``players``; ``[n]`` blocks are one
    per seat counted from the viewer (its own first)."""
    n, deck = players, DECK_SIZE
    return Layout(
        [
            ("hand", deck, "the viewer's hand (1 per card held)"),
            ("played", n * deck, "[n] cards each seat played in the completed tricks"),
            ("trick", n * deck, "[n] the card each seat played to the current trick"),
            ("dog", deck, "the dog, once shown (or once the deal is over)"),
            ("ecart", deck, "the viewer's écart when it is the taker, else the trumps discarded"),
            ("poignees", n * deck, "[n] the trumps each seat showed in a poignée"),
            ("called", deck, "5 players: the called card"),
            ("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES)),
            ("to_move", n, "[n] one-hot: the seat to act"),
            ("dealer", n, "[n] one-hot: the dealer"),
            ("leader", n, "[n] one-hot: who led the current trick"),
            ("taker", n, "[n] one-hot: the taker"),
            ("partner", n, "[n] one-hot: the called partner, once the viewer may know it"),
            ("sitting_out", n, "[n] one-hot: the dealer sitting out (5 seats, mort form)"),
            ("bids", n * len(Contract), "[n] one-hot: each seat's bid (pass ... garde_contre)"),
            ("contract", len(Contract), "one-hot: the contract (pass when none yet)"),
            ("chelem", 1, "1 when the taker announced a chelem"),
            ("miseres", n * 2, "[n] misères declared: sans_atouts, sans_points"),
            ("hand_sizes", n, "[n] cards left in each hand / hand size"),
            ("points", n, "[n] half points in the tricks each seat won / 182"),
            ("totals", n, "[n] each seat's running total of the partie / 100"),
            ("tricks_done", 1, "completed tricks / hand size"),
        ]
    )
