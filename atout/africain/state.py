"""The Tarot Africain state machine: deal, bids, tricks, lives.

A round is dealt (a chance action), then the players still in the game bid in
turn from the dealer, then play tricks; the dealer leads the first trick and
each trick's winner the next. At the end of the round lives are lost (and one
may be regained by the remontée); players at 0 lives leave. A cycle deals the
variant's hand sizes in order (5, 4, 3, 2, 1); after the last round of a cycle
the deal passes to the dealer's right (the next seat still in the game), as it
also does when the dealer leaves mid-cycle. The game ends when one player alone
has lives left, or when every player still in loses their last lives in the same
round: then the count that fell least below zero wins, jointly when level (the
end says which: ``decided_by``).

One-card round: each seat in the round sees the others' cards and not its own (a
seat out of the game sees none, as a spectator: it could tell them). When the last
bid is made every card is revealed and played at once from the dealer's seat,
except the Excuse, whose holder, now knowing it is theirs and seeing every other
card, plays it high or low.
"""

from __future__ import annotations

import random
from typing import Any, Final, Self, cast

from atout.africain.actions import BIDS, EXCUSE_PLAYS, PLAYS, AfricainAction, Bid, Deal, Play
from atout.africain.observation import (
    OBSERVATION_VERSION,
    AfricainObservation,
    DecidedBy,
    Phase,
    PlayShown,
    rules_block,
)
from atout.africain.variants import Variant
from atout.cards import EXCUSE, EXCUSE_BIT, TRUMPS, card_text, cards_of, hand_texts
from atout.game import CHANCE, OMNISCIENT, SPECTATOR, Action, Event, IllegalAction, turn_refusal

DECK: Final = TRUMPS | EXCUSE_BIT
"""The 22 cards of the game as a bit set."""
DECK_LIST: Final = tuple(cards_of(DECK))

DEAL, BID, PLAY, OVER = 0, 1, 2, 3
PHASE_NAMES: Final[tuple[Phase, ...]] = ("deal", "bid", "play", "over")


EXCUSE_HIGH: Final = EXCUSE + 1
"""Strength of the Excuse played high: above the 21."""
EXCUSE_LOW: Final = -1
"""Strength of the Excuse played low: below the Petit."""


def _strength(play: Play) -> int:
    if play.card != EXCUSE:
        return play.card
    return EXCUSE_HIGH if play.high else EXCUSE_LOW


def _plays_of(card: int) -> tuple[Play, ...]:
    return EXCUSE_PLAYS if card == EXCUSE else (PLAYS[card],)


def _play_data(seat: int, play: Play) -> PlayShown:
    data: PlayShown = {"seat": seat, "card": card_text(play.card)}
    if play.high is not None:
        data["excuse"] = "high" if play.high else "low"
    return data


class AfricainState:
    """A whole game of Tarot Africain; see the module docstring for the flow."""

    __slots__ = (
        "_bids",
        "_dealer",
        "_dealt",
        "_hands",
        "_last_trick",
        "_legal_texts",
        "_lives",
        "_n",
        "_out_round",
        "_phase",
        "_revealed",
        "_round",
        "_seats",
        "_size_index",
        "_sizes",
        "_trick",
        "_tricks",
        "_turn",
        "_winners",
        "variant",
    )

    def __init__(self, players: int, variant: Variant) -> None:
        variant.check_players(players)
        self.variant = variant
        self._n = players
        self._sizes = variant.sizes_for(players)
        self._lives = [variant.lives] * players
        self._out_round = [0] * players
        """Round in which each seat left the game (0 while still in)."""
        self._dealer = 0
        self._size_index = 0
        self._round = 0
        self._phase = DEAL
        self._seats: tuple[int, ...] = ()
        """Seats in the current round, from the dealer in playing order."""
        self._hands = [0] * players
        self._dealt = [0] * players
        self._bids = [-1] * players
        self._tricks = [0] * players
        self._trick: list[tuple[int, Play]] = []
        self._last_trick: list[tuple[int, Play]] = []
        self._turn = -1
        self._revealed = False
        self._winners: tuple[int, ...] = ()
        self._legal_texts: tuple[str, ...] | None = None
        """A cache, not state: ``legal_texts``, dropped by every action, shared
        by ``clone`` (the same position; the texts are immutable)."""

    # --- The GameState interface -----------------------------------------

    @property
    def players(self) -> int:
        """Number of seats, including those out of the game."""
        return self._n

    @property
    def to_move(self) -> int | None:
        """The seat to act, CHANCE when a round must be dealt, None when the game is over."""
        if self._phase == DEAL:
            return CHANCE
        if self._phase == OVER:
            return None
        return self._turn

    @property
    def is_over(self) -> bool:
        """True once at most one player has lives left."""
        return self._phase == OVER

    @property
    def hand_size(self) -> int:
        """Cards dealt in the current round (or the next one, before it is dealt)."""
        return self._sizes[self._size_index]

    @property
    def dealt_hands(self) -> tuple[int, ...]:
        """Each seat's cards as the current round dealt them (0 for a seat out)."""
        return tuple(self._dealt)

    @property
    def lives(self) -> tuple[int, ...]:
        """Lives of every seat (0 or below once out)."""
        return tuple(self._lives)

    def legal_actions(self) -> list[AfricainAction]:
        """Bids or cards the seat to move may play; empty at a deal or at the end."""
        if self._phase == BID:
            forbidden = self._forbidden_bid()
            return [BIDS[b] for b in range(self.hand_size + 1) if b != forbidden]
        if self._phase == PLAY:
            return [a for c in cards_of(self._hands[self._turn]) for a in _plays_of(c)]
        return []

    def legal_texts(self) -> tuple[str, ...]:
        """The texts of ``legal_actions()``, made once per position."""
        texts = self._legal_texts
        if texts is None:
            texts = self._legal_texts = tuple(map(str, self.legal_actions()))
        return texts

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` (by ``seat`` when given) and return the events it caused.

        Raises IllegalAction, changing nothing, when the rules refuse it.
        """
        if seat is not None and seat != self.to_move:
            raise turn_refusal(self.to_move, PHASE_NAMES[self._phase])
        events: list[Event] = []
        self._act(action, events)
        return events

    def step(self, action: Action) -> None:
        """Apply ``action`` without building events, for search and simulation."""
        self._act(action, None)

    def _act(self, action: Action, events: list[Event] | None) -> None:
        """Apply ``action``, describing it in ``events`` unless that is None."""
        self._legal_texts = None
        if isinstance(action, Deal):
            self._apply_deal(action, events)
        elif isinstance(action, Bid):
            self._apply_bid(action, events)
        elif isinstance(action, Play):
            self._apply_play(action, events)
        else:
            raise IllegalAction("not_africain_action", action=str(action))

    def clone(self) -> Self:
        """An independent copy (plays are immutable, so lists are copied shallowly)."""
        other = object.__new__(type(self))
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(other, name, value.copy() if isinstance(value, list) else value)
        return other

    def result(self) -> dict[str, Any]:
        """The common core (``winners``: the seats with most lives among those still
        in, final once ``over``), then lives, rounds, the round each seat left in,
        and how the winners were decided and among whom (:meth:`end`)."""
        if self._phase == OVER:
            winners = list(self._winners)
        else:
            best = max(self._lives[s] for s in range(self._n) if not self._out_round[s])
            winners = [
                s for s in range(self._n) if not self._out_round[s] and self._lives[s] == best
            ]
        return {
            "winners": winners,
            "over": self._phase == OVER,
            "lives": list(self._lives),
            "rounds": self._round,
            "out_round": [r or None for r in self._out_round],
            **self.end(),
        }

    def end(self) -> dict[str, Any]:
        """How the game was won: ``decided_by`` (``last_standing`` or
        ``least_below_zero``, see :data:`DecidedBy`) and the ``contenders``, the
        seats of the last round among whom it chose; both None before the end."""
        if self._phase != OVER:
            return {"decided_by": None, "contenders": None}
        decided_by: DecidedBy = (
            "last_standing" if self._lives[self._winners[0]] > 0 else "least_below_zero"
        )
        return {"decided_by": decided_by, "contenders": sorted(self._seats)}

    def view(self, viewer: int) -> AfricainObservation:
        """What ``viewer`` (a seat, SPECTATOR or OMNISCIENT) may see, JSON-ready."""
        return cast(AfricainObservation, self.shared_view() | self.own_view(viewer))

    def shared_view(self) -> dict[str, Any]:
        """The sections of every viewer's view that are the same for all."""
        in_round = self._phase in (BID, PLAY)
        return {
            "version": OBSERVATION_VERSION,
            "game": "africain",
            "rules": rules_block(self.variant, self._n),
            "players": self._n,
            "phase": PHASE_NAMES[self._phase],
            "round": self._round,
            "hand_size": self.hand_size,
            "dealer": self._dealer,
            "lives": list(self._lives),
            "in_game": [r == 0 for r in self._out_round],
            "in_round": [s in self._seats and in_round for s in range(self._n)],
            "bids": [b if b >= 0 and in_round else None for b in self._bids],
            "tricks": list(self._tricks) if in_round else [0] * self._n,
            "trick": [_play_data(s, p) for s, p in self._trick],
            "last_trick": [_play_data(s, p) for s, p in self._last_trick],
            "to_move": self.to_move,
            "winners": list(self._winners) if self._phase == OVER else None,
            **self.end(),
        }

    def own_view(self, viewer: int) -> dict[str, Any]:
        """The rest of ``viewer``'s view (``view``: both together): the hands it
        sees, its own, its legal actions."""
        hands = [
            None if h is None else [card_text(c) for c in cards_of(h)]
            for h in self._seen_hands(viewer)
        ]
        to_move = self.to_move
        sees_moves = to_move is not None and to_move >= 0 and viewer == to_move
        return {
            "viewer": viewer,
            "hands": hands,
            "hand": hands[viewer] if viewer >= 0 else None,
            "legal": list(self.legal_texts()) if sees_moves else None,
        }

    def own_key(self, viewer: int) -> tuple[str, int, tuple[int | None, ...]] | None:
        """A key that determines ``own_view(viewer)`` (``GameState.own_key``): the
        hands it sees; None for the seat to move (its legal actions)."""
        if viewer == self.to_move:
            return None
        return "africain", viewer, self._seen_hands(viewer)

    def _seen_hands(self, viewer: int) -> tuple[int | None, ...]:
        """Each seat's hand (a bit set) as ``viewer`` sees it, None when hidden."""
        if not (0 <= viewer < self._n or viewer in (SPECTATOR, OMNISCIENT)):
            raise ValueError(f"no viewer {viewer} at a {self._n}-player table")
        hands, seats = self._hands, self._seats
        if self._phase not in (BID, PLAY) or (viewer == SPECTATOR and not self._revealed):
            return (None,) * self._n
        if viewer == OMNISCIENT or self._revealed:
            return tuple(hands[s] if s in seats else None for s in range(self._n))
        if self.hand_size == 1:  # every seat sees the others' card, not its own
            if viewer not in seats:  # out of the game: it sees what a spectator sees
                return (None,) * self._n
            return tuple(hands[s] if s in seats and s != viewer else None for s in range(self._n))
        return tuple(hands[s] if s == viewer and s in seats else None for s in range(self._n))

    # --- Equality and records ---------------------------------------------

    def snapshot(self) -> tuple[Any, ...]:
        """Every value that defines the state, to compare replays."""
        return (
            self.variant,
            self._n,
            tuple(self._lives),
            tuple(self._out_round),
            self._dealer,
            self._size_index,
            self._round,
            self._phase,
            self._seats,
            tuple(self._hands),
            tuple(self._dealt),
            tuple(self._bids),
            tuple(self._tricks),
            tuple(self._trick),
            tuple(self._last_trick),
            self._turn,
            self._revealed,
            self._winners,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AfricainState):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"AfricainState(players={self._n}, round={self._round}, "
            f"phase={PHASE_NAMES[self._phase]}, lives={self._lives})"
        )

    # --- Read-only details for renderers and checkers ---------------------

    @property
    def dealer(self) -> int:
        """The seat dealing the current (or next) round."""
        return self._dealer

    @property
    def round_number(self) -> int:
        """Rounds dealt so far (the current round's number, from 1)."""
        return self._round

    @property
    def round_seats(self) -> tuple[int, ...]:
        """Seats playing the current round, from the dealer in playing order."""
        return self._seats

    def cards_in_play(self) -> tuple[int, int, int]:
        """(cards dealt, cards still in hands, cards played) this round, as bit sets."""
        dealt = 0
        for h in self._dealt:
            dealt |= h
        held = 0
        for h in self._hands:
            held |= h
        return dealt, held, dealt & ~held

    # --- Deal -------------------------------------------------------------

    def _apply_deal(self, deal: Deal, events: list[Event] | None) -> None:
        if self._phase != DEAL:
            raise IllegalAction("already_dealt" if self._phase != OVER else "game_over")
        seats = self._next_seats()
        hands = self._hands_of(deal, seats)
        self._seats = seats
        self._round += 1
        self._hands = list(hands)
        self._dealt = list(hands)
        self._bids = [-1] * self._n
        self._tricks = [0] * self._n
        self._trick = []
        self._last_trick = []
        self._revealed = False
        self._phase = BID
        self._turn = self._dealer
        if events is not None:
            events.extend(self._deal_events())

    def _deal_events(self) -> list[Event]:
        """The round's public header, then each seat's private cards."""
        size = self.hand_size
        seats = self._seats
        events = [
            Event(
                "deal",
                {
                    "round": self._round,
                    "dealer": self._dealer,
                    "hand_size": size,
                    "seats": list(seats),
                },
            )
        ]
        for s in seats:
            if size == 1:
                others = [
                    card_text(self._dealt[o].bit_length() - 1)
                    if o != s and self._dealt[o]
                    else None
                    for o in range(self._n)
                ]
                events.append(Event("others_cards", {"seat": s, "cards": others}, frozenset((s,))))
            else:
                events.append(
                    Event(
                        "hand",
                        {"seat": s, "cards": [card_text(c) for c in cards_of(self._dealt[s])]},
                        frozenset((s,)),
                    )
                )
        return events

    def _next_seats(self) -> tuple[int, ...]:
        return tuple(
            s
            for s in ((self._dealer + i) % self._n for i in range(self._n))
            if self._out_round[s] == 0
        )

    def _hands_of(self, deal: Deal, seats: tuple[int, ...]) -> tuple[int, ...]:
        """The hands a deal gives, checked against the round (IllegalAction otherwise)."""
        size = self.hand_size
        if deal.hands is None:
            if deal.seed is None:
                raise IllegalAction("deal_needs_cards")
            cards = list(DECK_LIST)
            random.Random(deal.seed).shuffle(cards)
            hands = [0] * self._n
            order = seats[1:] + seats[:1]
            for i, s in enumerate(order):
                for c in cards[i * size : (i + 1) * size]:
                    hands[s] |= 1 << c
            return tuple(hands)
        if len(deal.hands) != self._n:
            raise IllegalAction("deal_list", seats=self._n)
        seen = 0
        for s, hand in enumerate(deal.hands):
            if hand & ~DECK:
                raise IllegalAction("trumps_only_deal")
            if hand & seen:
                raise IllegalAction("dealt_twice", cards=hand_texts(hand & seen))
            seen |= hand
            wanted = size if s in seats else 0
            if hand.bit_count() != wanted:
                raise IllegalAction("seat_cards", seat=s, expected=wanted, got=hand.bit_count())
        return deal.hands

    # --- Bids -------------------------------------------------------------

    def _forbidden_bid(self) -> int:
        """The bid the last bidder may not make (the one totalling the hand size), or -1."""
        if self._turn != self._seats[-1]:
            return -1
        total = sum(b for b in self._bids if b > 0)
        return self.hand_size - total

    def _apply_bid(self, bid: Bid, events: list[Event] | None) -> None:
        if self._phase != BID:
            raise IllegalAction("not_time_to_bid")
        size = self.hand_size
        if not 0 <= bid.tricks <= size:
            raise IllegalAction("bid_range", size=size)
        if bid.tricks == self._forbidden_bid():
            raise IllegalAction("bids_total", size=size, bid=bid.tricks)
        seat = self._turn
        self._bids[seat] = bid.tricks
        if events is not None:
            events.append(Event("bid", {"seat": seat, "bid": bid.tricks}))
        if seat != self._seats[-1]:
            self._turn = self._seats[self._seats.index(seat) + 1]
            return
        self._phase = PLAY
        self._turn = self._dealer
        if size == 1:
            self._reveal(events)

    def _reveal(self, events: list[Event] | None) -> None:
        """One-card round: show every card and play all but the Excuse."""
        self._revealed = True
        if events is not None:
            cards = [card_text(h.bit_length() - 1) if h else None for h in self._dealt]
            events.append(Event("reveal", {"cards": cards}))
        holder = -1
        for s in self._seats:
            card = self._hands[s].bit_length() - 1
            if card == EXCUSE:
                holder = s
            else:
                self._play(s, PLAYS[card], events)
        if holder >= 0:
            self._turn = holder

    # --- Play -------------------------------------------------------------

    def _apply_play(self, play: Play, events: list[Event] | None) -> None:
        if self._phase != PLAY:
            raise IllegalAction("not_time_to_play")
        seat = self._turn
        if not self._hands[seat] >> play.card & 1:
            if self.hand_size == 1:
                raise IllegalAction("card_revealed")
            raise IllegalAction("not_held", cards=[card_text(play.card)])
        if play.card == EXCUSE and play.high is None:
            raise IllegalAction("excuse_high_low")
        if play.card != EXCUSE and play.high is not None:
            raise IllegalAction("only_excuse_declared")
        self._play(seat, play, events)

    def _play(self, seat: int, play: Play, events: list[Event] | None) -> None:
        self._hands[seat] &= ~(1 << play.card)
        self._trick.append((seat, play))
        if events is not None:
            events.append(Event("play", _play_data(seat, play)))
        if len(self._trick) < len(self._seats):
            if self.hand_size > 1:
                self._turn = self._seats[(self._seats.index(seat) + 1) % len(self._seats)]
            return
        winner = max(self._trick, key=lambda sp: _strength(sp[1]))[0]
        self._tricks[winner] += 1
        if events is not None:
            events.append(
                Event(
                    "trick",
                    {
                        "winner": winner,
                        "cards": [_play_data(s, p) for s, p in self._trick],
                        "tricks": list(self._tricks),
                    },
                )
            )
        self._last_trick = self._trick
        self._trick = []
        self._turn = winner
        if not self._hands[winner]:
            self._end_round(events)

    # --- End of round -----------------------------------------------------

    def _end_round(self, events: list[Event] | None) -> None:
        before = list(self._lives)
        losses = [0] * self._n
        remontee = None
        for s, change in self.variant.round_change(
            self._seats, self._bids, self._tricks, before
        ).items():
            self._lives[s] += change
            if change > 0:
                remontee = s
            else:
                losses[s] = -change
        out = [s for s in self._seats if self._lives[s] <= 0]
        for s in out:
            self._out_round[s] = self._round
        if events is not None:
            events.append(
                Event(
                    "round_end",
                    {
                        "round": self._round,
                        "bids": [b if b >= 0 else None for b in self._bids],
                        "tricks": list(self._tricks),
                        "lives_before": before,
                        "losses": losses,
                        "remontee": remontee,
                        "lives": list(self._lives),
                        "out": out,
                    },
                )
            )
        alive = [s for s in self._seats if self._lives[s] > 0]
        if len(alive) <= 1:
            if not alive:  # all fell together: the highest count, 0 or below, wins
                best = max(self._lives[s] for s in self._seats)
                alive = [s for s in self._seats if self._lives[s] == best]
            self._winners = tuple(alive)
            self._phase = OVER
            self._turn = -1
            if events is not None:
                events.append(
                    Event(
                        "game_over",
                        {"winners": alive, "lives": list(self._lives), **self.end()},
                    )
                )
            return
        self._size_index += 1
        if self._size_index == len(self._sizes) or self._out_round[self._dealer]:
            if self._size_index == len(self._sizes):
                self._size_index = 0
            self._dealer = next(
                s
                for s in ((self._dealer + i) % self._n for i in range(1, self._n + 1))
                if self._out_round[s] == 0
            )
        self._phase = DEAL
        self._turn = -1
