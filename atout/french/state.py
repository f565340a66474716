"""The French Tarot state machine: one partie of one or more deals.

The state is a ``__slots__`` object of ints, bit sets and small lists so that
``clone`` is cheap. :meth:`FrenchState.step` is the only place where a rule is
applied; :meth:`FrenchState.apply` calls it and then describes what changed as
events (see :mod:`atout.french.events`), and :meth:`FrenchState.view` is the
only way state leaves toward a viewer (see :mod:`atout.french.view`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Self

from atout.cards import (
    BOUTS,
    EXCUSE,
    EXCUSE_BIT,
    FIRST_TRUMP,
    HONOURS,
    KING,
    KINGS,
    PETIT,
    SUIT_MASKS,
    TRUMP,
    TRUMPS,
    card_text,
    cards_of,
    count,
    hand_texts,
    mask_points,
    suit_card,
    suit_name,
)
from atout.french.actions import (
    BIDS,
    CALLS,
    CHELEM_NO,
    CHELEM_YES,
    DISCARDS,
    NO_MISERE,
    NO_POIGNEE,
    Bid,
    Call,
    ChelemChoice,
    DealCards,
    DealSeed,
    Discard,
    FrenchAction,
    Misere,
    Play,
    Poignee,
    plays_of,
)
from atout.french.dealing import (
    check_deal,
    deal_from_seed,
    dog_size,
    hand_size,
    petit_sec_seat,
)
from atout.french.events import Before, events_of
from atout.french.observation import FrenchObservation
from atout.french.scoring import (
    POIGNEE_SIZES,
    DealOutcome,
    DealScore,
    MisereDeclared,
    MisereKind,
    PoigneeDeclared,
    Side,
    score_deal,
)
from atout.french.variants import BOUNDS, Contract, Variant
from atout.french.view import PHASE_NAMES as PHASE_NAMES  # the phases below, by number
from atout.french.view import (
    OwnKey,
    own_key,
    own_of,
    partner_for,
    public_phase,
    shared_of,
    view_of,
)
from atout.game import CHANCE, Action, Event, IllegalAction, turn_refusal
from atout.refusals import TableRefused
from atout.variant_options import OptionError, check_range

DEAL: Final = 0
BID: Final = 1
CALL: Final = 2
DISCARD: Final = 3
CHELEM: Final = 4
MISERE: Final = 5
POIGNEE: Final = 6
PLAY: Final = 7
OVER: Final = 8

_ACTION_PHASE: Final[dict[type, int]] = {
    DealSeed: DEAL,
    DealCards: DEAL,
    Bid: BID,
    Call: CALL,
    Discard: DISCARD,
    ChelemChoice: CHELEM,
    Misere: MISERE,
    Poignee: POIGNEE,
    Play: PLAY,
}
_LAST_TRICK: Final = {n: hand_size(n) - 1 for n in (3, 4, 5)}
"""Index of the last trick, by number of players."""
_TRUMPS_AND_EXCUSE: Final = TRUMPS | EXCUSE_BIT
_NOT_DISCARDABLE: Final = KINGS | BOUTS


class FrenchState:
    """A partie of French Tarot: the deal in progress plus the running totals."""

    __slots__ = (
        "bids",
        "called",
        "cancelled",
        "cancelled_dealer",
        "chelem_announced",
        "contract",
        "dealer",
        "deals_played",
        "deals_total",
        "dealt",
        "dog",
        "ecart",
        "excuse_seat",
        "excuse_trick",
        "hands",
        "led",
        "legal_mask",
        "legal_text_cache",
        "miseres",
        "nxt",
        "order",
        "outcome",
        "partner",
        "partner_known",
        "phase",
        "poignees",
        "questioned",
        "score",
        "score_log",
        "seats",
        "taker",
        "top_card",
        "top_seat",
        "totals",
        "trick",
        "trick_seats",
        "tricks",
        "turn",
        "variant",
        "won",
    )

    variant: Variant
    seats: int
    deals_total: int
    deals_played: int
    dealer: int
    totals: list[int]
    score_log: list[tuple[int, ...]]
    phase: int
    turn: int
    order: tuple[int, ...]
    nxt: tuple[int, ...]
    dealt: tuple[int, ...]
    hands: list[int]
    dog: int
    ecart: int
    bids: list[tuple[int, int]]
    contract: int
    taker: int
    called: int
    partner: int
    partner_known: bool
    chelem_announced: bool
    questioned: int
    poignees: list[tuple[int, int]]
    miseres: list[tuple[int, MisereKind]]
    trick: list[int]
    trick_seats: list[int]
    led: int
    legal_mask: int
    """A cache, not state: the play mask legal_cards computed in this position, -1
    when unknown. Invisible: excluded from ``==``, and from the play phase the only
    change the engine allows is a Play, which clears it."""
    legal_text_cache: tuple[str, ...] | None
    """A cache, not state: the texts of the legal actions (``legal_texts``), None
    when not yet made. Invisible like ``legal_mask``; ``step`` drops it (the one
    way a state changes), ``clone`` shares it (a copy is the same position, and
    the texts are immutable)."""
    top_card: int
    top_seat: int
    tricks: list[tuple[int, tuple[int, ...], int]]
    won: list[int]
    excuse_seat: int
    excuse_trick: int
    outcome: DealOutcome | None
    score: DealScore | None
    cancelled: str
    cancelled_dealer: int

    def __init__(self, seats: int, variant: Variant, deals: int = 1) -> None:
        if seats not in (3, 4, 5):
            raise TableRefused("deal_players", players=seats)
        if variant.dealer_sits_out and seats != 5:  # the "mort" form
            raise OptionError("option_players", option="dealer_sits_out", players=seats)
        check_range("imposed_taker", variant.imposed_taker, (-1, seats - 1))
        check_range("deals", deals, BOUNDS["deals"])
        self.variant = variant
        self.seats = seats
        self.deals_total = deals
        self.deals_played = 0
        self.totals = [0] * seats
        self.score_log = []
        self.legal_text_cache = None
        self._new_deal(0)

    def ring(self, dealer: int) -> tuple[int, ...]:
        """Seats receiving cards from ``dealer``, in playing order from the dealer's right."""
        seats = self.seats
        ring = [(dealer + i) % seats for i in range(1, seats + 1)]
        if self.variant.dealer_sits_out:
            ring.remove(dealer)
        return tuple(ring)

    def _new_deal(self, dealer: int) -> None:
        """Forget the previous deal and wait for the chance action dealing the next one."""
        seats = self.seats
        self.dealer = dealer
        ring = self.ring(dealer)
        self.order = ring
        nxt = [-1] * seats
        for i, seat in enumerate(ring):
            nxt[seat] = ring[(i + 1) % len(ring)]
        self.nxt = tuple(nxt)
        self.phase = DEAL
        self.turn = CHANCE
        self.dealt = (0,) * seats
        self.hands = [0] * seats
        self.dog = 0
        self.ecart = 0
        self.bids = []
        self.contract = Contract.PASS
        self.taker = -1
        self.called = -1
        self.partner = -1
        self.partner_known = False
        self.chelem_announced = False
        self.questioned = 0
        self.poignees = []
        self.miseres = []
        self.trick = []
        self.trick_seats = []
        self.led = -1
        self.legal_mask = -1
        self.top_card = -1
        self.top_seat = -1
        self.tricks = []
        self.won = [0] * seats
        self.excuse_seat = -1
        self.excuse_trick = -1
        self.outcome = None
        self.score = None
        self.cancelled = ""
        self.cancelled_dealer = -1

    # --- The GameState protocol -------------------------------------------

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.seats

    @property
    def active(self) -> int:
        """Players taking part in the deal (4 in the 'mort' form at 5 seats)."""
        return len(self.order)

    @property
    def to_move(self) -> int | None:
        """The seat to act, CHANCE when a deal is due, None once the partie is over."""
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        """True once every deal of the partie has been played."""
        return self.phase == OVER

    @property
    def deal_over(self) -> bool:
        """True once the current deal is scored (everyone may then see all of it)."""
        return self.score is not None

    def clone(self) -> Self:
        """An independent copy: the lists are copied, everything else is immutable.
        Every slot is assigned by name (a loop of setattr costs twice as much);
        ``test_clone_copies_every_slot`` checks that none is forgotten."""
        other = object.__new__(type(self))
        other.bids = self.bids[:]
        other.called = self.called
        other.cancelled = self.cancelled
        other.cancelled_dealer = self.cancelled_dealer
        other.chelem_announced = self.chelem_announced
        other.contract = self.contract
        other.dealer = self.dealer
        other.deals_played = self.deals_played
        other.deals_total = self.deals_total
        other.dealt = self.dealt
        other.dog = self.dog
        other.ecart = self.ecart
        other.excuse_seat = self.excuse_seat
        other.excuse_trick = self.excuse_trick
        other.hands = self.hands[:]
        other.led = self.led
        other.legal_mask = self.legal_mask
        other.legal_text_cache = self.legal_text_cache
        other.miseres = self.miseres[:]
        other.nxt = self.nxt
        other.order = self.order
        other.outcome = self.outcome
        other.partner = self.partner
        other.partner_known = self.partner_known
        other.phase = self.phase
        other.poignees = self.poignees[:]
        other.questioned = self.questioned
        other.score = self.score
        other.score_log = self.score_log[:]
        other.seats = self.seats
        other.taker = self.taker
        other.top_card = self.top_card
        other.top_seat = self.top_seat
        other.totals = self.totals[:]
        other.trick = self.trick[:]
        other.trick_seats = self.trick_seats[:]
        other.tricks = self.tricks[:]
        other.turn = self.turn
        other.variant = self.variant
        other.won = self.won[:]
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FrenchState):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _COMPARED)

    __hash__ = None  # type: ignore[assignment]

    def legal_actions(self) -> Sequence[FrenchAction]:
        """Every action the player to move may take; empty at a chance node or at the end."""
        phase = self.phase
        if phase == PLAY:
            return plays_of(self.legal_cards())
        if phase == DISCARD:
            return [DISCARDS[c] for c in cards_of(self.discard_mask())]
        if phase == BID:
            least = self._least_bid()
            bids = [BIDS[c] for c in self.variant.contracts if c > self.contract and c >= least]
            return bids if least else [BIDS[0], *bids]
        if phase == CALL:
            return [CALLS[c] for c in cards_of(self.callable_mask())]
        if phase == CHELEM:
            return [CHELEM_NO, CHELEM_YES]
        if phase == POIGNEE:
            return [NO_POIGNEE, *(Poignee(m) for m in self.poignee_choices())]
        if phase == MISERE:
            kinds = self.misere_kinds(self.turn)
            options = [Misere((k,)) for k in kinds]
            if len(kinds) == 2:
                options.append(Misere(kinds))
            return [NO_MISERE, *options]
        return []

    def legal_texts(self) -> tuple[str, ...]:
        """The texts of ``legal_actions()``, made once per position."""
        texts = self.legal_text_cache
        if texts is None:
            texts = self.legal_text_cache = tuple(map(str, self.legal_actions()))
        return texts

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` (by ``seat`` when given) and return the events it caused.

        Raises IllegalAction, changing nothing, when the rules refuse it.
        """
        if seat is not None and seat != self.to_move:
            raise turn_refusal(self.to_move, public_phase(self))
        before = Before.of(self)
        self.step(action)
        return events_of(before, action, self)

    def view(self, viewer: int) -> FrenchObservation:
        """What ``viewer`` (a seat, SPECTATOR or OMNISCIENT) may see, JSON-ready."""
        return view_of(self, viewer)

    def shared_view(self) -> dict[str, Any]:
        """The sections of every viewer's view that are the same for all."""
        return shared_of(self)

    def own_view(self, viewer: int) -> dict[str, Any]:
        """The rest of ``viewer``'s view (``view``: both together)."""
        return own_of(self, viewer)

    def own_key(self, viewer: int) -> OwnKey | None:
        """A key that determines ``own_view(viewer)``, or None (``GameState.own_key``)."""
        return own_key(self, viewer)

    def result(self) -> dict[str, Any]:
        """The common core (``winners``: the seats with the best totals so far, final
        once ``over``), then the totals and every deal's scores."""
        best = max(self.totals)
        return {
            "winners": [s for s in range(self.seats) if self.totals[s] == best],
            "over": self.is_over,
            "totals": list(self.totals),
            "deals": [list(s) for s in self.score_log],
        }

    # --- Rules ---------------------------------------------------------------

    def step(self, action: Action) -> None:
        """Apply ``action`` without building events: the one place where rules act."""
        self.legal_text_cache = None
        phase = self.phase
        if phase == PLAY and type(action) is Play:
            self._play(action.card)
            return
        if _ACTION_PHASE.get(type(action)) != phase:
            if phase == OVER:
                raise IllegalAction("game_over")
            raise IllegalAction("wrong_phase", phase=PHASE_NAMES[phase], action=str(action))
        if isinstance(action, Discard):
            self._discard(action.card)
        elif isinstance(action, Bid):
            least = self._least_bid()
            if action.contract < least:
                contracts = [c.text for c in self.variant.contracts if c >= least]
                raise IllegalAction("imposed_minimum", contracts=contracts)
            self._bid(action.contract)
            if least:
                self._imposed_auction()
        elif isinstance(action, Poignee):
            self._poignee(action.cards)
        elif isinstance(action, Misere):
            self._misere(action.kinds)
        elif isinstance(action, ChelemChoice):
            self._chelem(action.announce)
        elif isinstance(action, Call):
            self._call(action.card)
        else:
            assert isinstance(action, DealSeed | DealCards)
            dealer = self.dealer if self.score is None else (self.dealer + 1) % self.seats
            order = self.ring(dealer)
            if isinstance(action, DealSeed):
                hands, dog = deal_from_seed(action.seed, order, self.seats)
            else:
                check_deal(action.hands, action.dog, order, self.seats)
                hands, dog = action.hands, action.dog
            if dealer != self.dealer:
                self._new_deal(dealer)
            self._deal(hands, dog)

    def _deal(self, hands: tuple[int, ...], dog: int) -> None:
        self.dealt = hands
        self.hands = list(hands)
        self.dog = dog
        self.bids = []  # a cancelled deal keeps its bids on show until this new deal
        self.cancelled = ""
        variant = self.variant
        if (
            variant.petit_sec_redeal
            and petit_sec_seat(hands, variant.petit_sec_excuse_protects) >= 0
        ):
            self._cancel("petit_sec")
            return
        self.phase = BID
        self.turn = self.order[0]
        if variant.imposed_contract != "none":  # duplicate: no auction
            self._imposed_auction()

    def _imposed_auction(self) -> None:
        """Duplicate: every seat but the imposed taker passes in turn; the taker takes
        the imposed contract, or (``imposed_minimum``) is left to choose it or a
        stronger one, the seats after passing once it has."""
        variant = self.variant
        taker = self.order[0] if variant.imposed_taker < 0 else variant.imposed_taker
        while self.phase == BID:
            if self.turn != taker:
                self._bid(Contract.PASS)
            elif variant.imposed_minimum:
                return
            else:
                self._bid(Contract[variant.imposed_contract.upper()])

    def _least_bid(self) -> int:
        """The weakest contract the seat to move may bid: the imposed one when the
        taker chooses at least it (``imposed_minimum``), else any above the standing
        bid (or a pass)."""
        variant = self.variant
        if variant.imposed_minimum and variant.imposed_contract != "none":
            return Contract[variant.imposed_contract.upper()]
        return Contract.PASS

    def _cancel(self, reason: str) -> None:
        """Cancel the deal (petit sec, all passed): the next dealer deals again, but in
        the 5-seat "mort" form the dealer sitting out deals until someone takes (FFT),
        and after a petit sec the variant may keep the same dealer (seed 001)."""
        dealt, dog, bids, dealer = self.dealt, self.dog, self.bids, self.dealer
        same = self.variant.dealer_sits_out or (
            reason == "petit_sec" and self.variant.petit_sec_same_dealer
        )
        self._new_deal(self.dealer if same else (self.dealer + 1) % self.seats)
        self.dealt, self.dog, self.bids = dealt, dog, bids
        self.cancelled, self.cancelled_dealer = reason, dealer

    def _bid(self, contract: int) -> None:
        if contract != Contract.PASS:
            if contract not in self.variant.contracts:
                contracts = [c.text for c in self.variant.contracts]
                raise IllegalAction(
                    "not_a_contract", contract=Contract(contract).text, contracts=contracts
                )
            if contract <= self.contract:
                raise IllegalAction("bid_higher", contract=Contract(self.contract).text)
            self.contract = contract
            self.taker = self.turn
        self.bids.append((self.turn, contract))
        if len(self.bids) < len(self.order):
            self.turn = self.nxt[self.turn]
        elif self.contract == Contract.PASS:
            self._cancel("all_pass")
        elif len(self.order) == 5:
            self.phase = CALL
            self.turn = self.taker
        else:
            self._after_call()

    def callable_mask(self) -> int:
        """5 players: the Kings, or Queens if the taker holds 4 Kings, and so on down;
        a taker may call one of its own Kings to play alone (FFT: "il peut s'appeler
        lui-même en appelant un Roi faisant partie de son jeu"), never its own Queen
        (or lower): calling oneself is by a King only."""
        hand = self.hands[self.taker]
        mask = 0
        for rank in (KING, KING - 1, KING - 2, KING - 3):
            mask = sum(1 << suit_card(s, rank) for s in range(4))
            if hand & mask != mask:
                break
        if not self.variant.king_call_self:
            return mask & ~hand or mask
        return (mask & ~hand) | KINGS

    def _call(self, card: int) -> None:
        allowed = self.callable_mask()
        if not allowed >> card & 1:
            raise IllegalAction("call_only", cards=hand_texts(allowed), card=card_text(card))
        self.called = card
        self.partner = next((s for s in self.order if self.hands[s] >> card & 1), self.taker)
        self._after_call()

    def _after_call(self) -> None:
        self.turn = self.taker
        if Contract(self.contract).sees_dog:
            self.hands[self.taker] |= self.dog
            self.phase = DISCARD
        else:
            self.phase = CHELEM

    def discard_mask(self) -> int:
        """Cards the taker may put in the écart now: no King nor bout, trumps only if needed."""
        hand = self.hands[self.taker]
        plain = hand & ~_NOT_DISCARDABLE & ~TRUMPS
        if plain.bit_count() >= dog_size(self.active) - self.ecart.bit_count():
            return plain
        return hand & ~_NOT_DISCARDABLE

    def _discard(self, card: int) -> None:
        bit = 1 << card
        if not self.hands[self.taker] & bit:
            raise IllegalAction("not_held", cards=[card_text(card)])
        if not self.discard_mask() & bit:
            if bit & KINGS:
                raise IllegalAction("discard_king")
            if bit & BOUTS:
                raise IllegalAction("discard_bout", card=card_text(card))
            raise IllegalAction("discard_trump")
        self.hands[self.taker] ^= bit
        self.ecart |= bit
        if self.ecart.bit_count() == dog_size(self.active):
            self.phase = CHELEM

    def _chelem(self, announce: bool) -> None:
        self.chelem_announced = announce
        leads = announce and self.variant.chelem_announcer_leads
        self._enter_turn(self.taker if leads else self.order[0])

    def _enter_turn(self, seat: int) -> None:
        """Give ``seat`` the turn, asking first its misère and poignée before its first card."""
        self.turn = seat
        if self.tricks or self.questioned >> (2 * seat) & 3 == 3:
            self.phase = PLAY
        elif not self.questioned >> (2 * seat) & 1 and self.misere_kinds(seat):
            self.phase = MISERE
        elif not self.questioned >> (2 * seat + 1) & 1 and self.poignee_choices():
            self.phase = POIGNEE
        else:
            self.questioned |= 3 << (2 * seat)
            self.phase = PLAY

    def misere_kinds(self, seat: int) -> tuple[MisereKind, ...]:
        """The misères ``seat`` may announce with its hand (none unless the variant has them)."""
        if not self.variant.misere:
            return ()
        hand = self.hands[seat]
        kinds: list[MisereKind] = []
        if not hand & _TRUMPS_AND_EXCUSE:
            kinds.append("sans_atouts")
        if not hand & (BOUTS | HONOURS):
            kinds.append("sans_points")
        return tuple(kinds)

    def _misere(self, kinds: tuple[MisereKind, ...]) -> None:
        seat = self.turn
        allowed = self.misere_kinds(seat)
        for kind in kinds:
            if kind not in allowed:
                raise IllegalAction(
                    "misere_has_points" if kind == "sans_points" else "misere_has_trump"
                )
        self.miseres.extend((seat, k) for k in kinds)
        self.questioned |= 1 << (2 * seat)
        self._enter_turn(seat)

    def _poignee_trumps(self, seat: int) -> int:
        """Trumps ``seat`` may show: its hand's, plus the taker's discarded trumps."""
        trumps = self.hands[seat] & TRUMPS
        return trumps | (self.ecart & TRUMPS) if seat == self.taker else trumps

    def poignee_choices(self) -> list[int]:
        """One canonical poignée per reachable size for the player to move (lowest trumps)."""
        seat = self.turn
        trumps = cards_of(self._poignee_trumps(seat))
        excuse = self.hands[seat] & EXCUSE_BIT
        choices = []
        for size in self.variant.poignee_trumps[self.active]:
            if len(trumps) >= size:
                choices.append(sum(1 << c for c in trumps[:size]))
            elif excuse and len(trumps) == size - 1:
                choices.append(sum(1 << c for c in trumps) | EXCUSE_BIT)
        return choices

    def _poignee(self, shown: int) -> None:
        seat = self.turn
        if shown:
            trumps = self._poignee_trumps(seat)
            available = trumps | (self.hands[seat] & EXCUSE_BIT)
            if shown & ~available:
                raise IllegalAction("not_held", cards=hand_texts(shown & ~available))
            sizes = self.variant.poignee_trumps[self.active]
            if count(shown) not in sizes:
                simple, double, triple = sizes
                raise IllegalAction(
                    "poignee_size",
                    players=self.active,
                    simple=simple,
                    double=double,
                    triple=triple,
                    count=count(shown),
                )
            hidden = trumps & ~shown
            if shown & EXCUSE_BIT and hidden:
                raise IllegalAction("excuse_stands_in", cards=hand_texts(hidden))
            self.poignees.append((seat, shown))
        self.questioned |= 3 << (2 * seat)
        self._enter_turn(seat)

    def legal_cards(self) -> int:
        """The bit set of cards the player to move may play, kept during the play
        phase for the Play that follows: rollouts choose from it and the step does
        not compute it again."""
        mask = self.play_mask()
        if self.phase == PLAY:
            self.legal_mask = mask
        return mask

    def play_mask(self) -> int:
        """Cards the player to move may play: follow, trump, overtrump, else anything;
        a chelem's announcer keeps the Excuse for the last trick while the attack
        may have taken every trick (FFT: "s'il détient l'Excuse, la jouer en dernier")."""
        hand = self.hands[self.turn]
        led = self.led
        if led < 0:
            mask = hand
            if self.called >= 0 and not self.trick and not self.tricks:
                called = self.called
                mask = hand & ~SUIT_MASKS[called // 14] | hand & (1 << called) or hand
        elif led != TRUMP and hand & SUIT_MASKS[led]:
            mask = hand & (SUIT_MASKS[led] | EXCUSE_BIT)
        else:
            mask = hand & TRUMPS
            if not mask:
                mask = hand
            else:
                top = self.top_card
                if top >= 56 and mask >> (top + 1):
                    mask = mask >> (top + 1) << (top + 1)
                mask |= hand & EXCUSE_BIT
        keeps_excuse = self.chelem_announced and self.turn == self.taker
        if keeps_excuse and mask & EXCUSE_BIT and mask != EXCUSE_BIT and self._slam_may_stand():
            mask ^= EXCUSE_BIT
        return mask

    def _slam_may_stand(self) -> bool:
        """Whether the attack may have taken every trick, as far as the taker knows:
        its cards must not tell it who holds the called King. Tricks won by others
        than the taker went to its partner if it knows it (the King played or shown
        in the chien, or its own); while it does not, to one seat at most, which may
        be the partner (two are surely not both)."""
        others = {winner for _, _, winner in self.tricks if winner != self.taker}
        if not others:
            return True
        if self.partner < 0:  # no partner: every other seat defends
            return False
        known = partner_for(self, self.taker, False)
        if known is not None:
            return others == {known}
        return len(others) == 1

    def _refusal(self, card: int) -> IllegalAction:
        """Why ``card`` may not be played now, as a refusal a player understands."""
        hand = self.hands[self.turn]
        if not hand >> card & 1:
            return IllegalAction("not_held", cards=[card_text(card)])
        if card == EXCUSE:
            return IllegalAction("excuse_last")
        led = self.led
        if led < 0:
            return IllegalAction("called_suit_lead", suit=suit_name(self.called // 14))
        if led != TRUMP and hand & SUIT_MASKS[led]:
            return IllegalAction("must_follow", suit=suit_name(led))
        trumps = hand & TRUMPS
        top = self.top_card
        if top >= 56 and trumps >> (top + 1):
            better = trumps >> (top + 1) << (top + 1)
            return IllegalAction("must_overtrump", trump=card_text(top), cards=hand_texts(better))
        if led == TRUMP:
            return IllegalAction("must_play_trump")
        return IllegalAction("must_trump", suit=suit_name(led))

    def _play(self, card: int) -> None:
        bit = 1 << card
        mask = self.legal_mask
        if not (mask if mask >= 0 else self.play_mask()) & bit:
            raise self._refusal(card)
        self.legal_mask = -1
        seat = self.turn
        self.hands[seat] ^= bit
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        if card == self.called:
            self.partner_known = True
        if card == EXCUSE:
            self.excuse_seat = seat
            self.excuse_trick = len(self.tricks)
        else:
            led = self.led
            if led < 0:
                led = self.led = TRUMP if card >= FIRST_TRUMP else card // 14
            if card > self.top_card and (card >= FIRST_TRUMP or card // 14 == led):
                self.top_card = card
                self.top_seat = seat
        if len(trick) < len(self.order):
            if self.tricks:
                self.turn = self.nxt[seat]
            else:
                self._enter_turn(self.nxt[seat])
        else:
            self._end_trick()

    def _end_trick(self) -> None:
        """Give the full trick to its winner (the Excuse wins the last trick of a slam)."""
        trick = self.trick
        tricks = self.tricks
        winner = self.top_seat
        last = len(tricks) == _LAST_TRICK[len(trick)]
        if last and EXCUSE in trick:
            attack = (self.taker, self.partner)
            side = self.excuse_seat in attack
            if all((w in attack) == side for _, _, w in tricks):
                winner = self.excuse_seat
        tricks.append((self.trick_seats[0], tuple(trick), winner))
        mask = 0
        for card in trick:
            mask |= 1 << card
        self.won[winner] |= mask
        self.trick = []
        self.trick_seats = []
        self.led = self.top_card = self.top_seat = -1
        if last:
            self._finish()
        else:
            self.turn = winner

    # --- End of a deal -----------------------------------------------------------

    def _attack(self) -> tuple[int, int]:
        """The attack's cards (a bit set) and half points, after the Excuse exchange."""
        attack_seats = (self.taker, self.partner)
        cards = 0
        for seat in attack_seats:
            if seat >= 0:
                cards |= self.won[seat]
        if Contract(self.contract).sees_dog:
            cards |= self.ecart
        elif self.contract == Contract.GARDE_SANS:
            cards |= self.dog
        exchange = 0
        if self.excuse_seat >= 0:
            owner = self.excuse_seat in attack_seats
            winner = self.tricks[self.excuse_trick][2] in attack_seats
            keeps = owner  # the Excuse stays its owner's side, for a half-point card
            # Played to the last trick, the variant says where it goes, unless the side
            # taking that trick took them all: then it stays its owner's (rulebook).
            if self.excuse_trick == len(self.tricks) - 1 and not all(
                (t[2] in attack_seats) == winner for t in self.tricks
            ):
                rule = self.variant.excuse_last_trick
                keeps = (
                    owner if rule == "owner" else winner if rule == "trick_winner" else not owner
                )
            if keeps != winner:  # it lies in the winner's tricks: move it
                cards ^= EXCUSE_BIT
            if keeps == owner != winner:
                exchange = -1 if owner else 1
        return cards, mask_points(cards) + exchange

    def _finish(self) -> None:
        attack_seats = (self.taker, self.partner)
        cards, half = self._attack()
        winners = [w in attack_seats for _, _, w in self.tricks]
        chelem: Side | None = "attack" if all(winners) else "defense" if not any(winners) else None
        # The Petit is au bout in the last trick, for the side taking that trick;
        # when the Excuse wins a slam's last trick, also in the one before (FFT).
        final = self.tricks[-1]
        excuse_won = final[2] == self.excuse_seat and EXCUSE in final[1]
        petit: Side | None = None
        if PETIT in final[1] or (excuse_won and PETIT in self.tricks[-2][1]):
            petit = "attack" if final[2] in attack_seats else "defense"
        sizes = self.variant.poignee_trumps[self.active]
        self.outcome = DealOutcome(
            players=self.seats,
            contract=Contract(self.contract),
            taker=self.taker,
            partner=self.partner if self.active == 5 else None,
            attack_half_points=half,
            bouts=count(cards & BOUTS),
            petit_au_bout=petit,
            poignees=tuple(
                PoigneeDeclared(s, POIGNEE_SIZES[sizes.index(count(m))]) for s, m in self.poignees
            ),
            chelem_announced=self.chelem_announced,
            chelem=chelem,
            miseres=tuple(MisereDeclared(s, k) for s, k in self.miseres),
            sitting_out=self.dealer if self.variant.dealer_sits_out else None,
        )
        self.score = score_deal(self.outcome, self.variant)
        for seat, points in enumerate(self.score.scores):
            self.totals[seat] += points
        self.score_log.append(self.score.scores)
        self.deals_played += 1
        if self.deals_played == self.deals_total:
            self.phase = OVER
            self.turn = -1
        else:
            self.phase = DEAL
            self.turn = CHANCE


_COMPARED: Final = tuple(
    n for n in FrenchState.__slots__ if n not in ("legal_mask", "legal_text_cache")
)
