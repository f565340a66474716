"""The score of one French Tarot deal, from what happened to what each seat marks.

The engine (or a person at the ``atout score`` command) describes the end of a
deal as a :class:`DealOutcome`; :func:`score_deal` turns it into one integer per
seat, summing to zero, reading every rule difference from the :class:`Variant`.

The deal is scored as the official rulebook does: one amount that each defender
pays to the attack (negative when the attack loses), built from parts
(contract, petit au bout, poignée, chelem), then shared among the seats. The
taker marks that amount times the number of defenders (3x at 4 players, 2x at
3, 4x alone at 5); with a called partner at 5 the partner marks it once and the
taker twice (2/3 and 1/3 of the attack's share); in ``traditionnel`` they
share it equally (:attr:`Variant.partner_share`). Personal announcements
(misères, and a defender's poignée in ``traditionnel``) are settled apart,
player by player, whatever the result of the deal.

How the unclear points are read:

* Half points go to the side that wins the deal: the deal is made when the
  attack's half points reach twice the target, and the difference is rounded
  up in the winner's favour (40.5 with 2 bouts: failed by 1; 41.5: made by 1).
* ``traditionnel`` petit au bout (``in_difference``): the seed only describes
  the taker's case; the defence's petit au bout is read symmetrically, taking
  10 off the taker's difference. Added before the result is known, it decides
  whether the contract is made, and therefore whether the 25 prime is paid.
* ``traditionnel`` failed contract: the taker pays the missing points times the
  multiplier (no prime), at least one point since a failed deal loses its half.
* A chelem announced and failed while the defence takes every trick costs both
  the failed announcement and the defence's bonus: the rulebook gives them as
  two independent bonuses.
* ``traditionnel`` capot: the defence cannot announce, so a capot by the
  defence is scored as an unannounced one (half of 600, to each defender).
* ``traditionnel`` poignées: see :attr:`Variant.poignee_scoring`. The seed's
  "if the taker takes the dog" is read as describing the usual case: the
  taker's poignée depends on the result at every contract.
* ``traditionnel`` at 5 players: the seed's "le preneur et son allié se
  partagent à égalité les points gagnés ou perdus" cannot halve an odd total
  in whole points; the taker, who chose the contract, carries the odd point.
* Misères: each announcement is worth ``misere_bonus`` from every other
  playing seat (sitting-out seat excluded), cumulative when one player makes both;
  in ``traditionnel`` an attacker's misère follows the contract like its poignée
  (seed 001's "Les annonces du preneur", and at 5 "Deux preneurs").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal

from atout.cards import DECK_SIZE, FIRST_TRUMP, HALF_POINTS, KING, TOTAL_HALF_POINTS, rank_of
from atout.french.dealing import dog_size, hand_size
from atout.french.variants import Contract, Variant
from atout.refusals import Param, Refusal, message

PoigneeSize = Literal["simple", "double", "triple"]
MisereKind = Literal["sans_atouts", "sans_points"]
Side = Literal["attack", "defense"]

POIGNEE_SIZES: Final[tuple[PoigneeSize, ...]] = ("simple", "double", "triple")
MISERE_KINDS: Final[tuple[MisereKind, ...]] = ("sans_atouts", "sans_points")
SIDES: Final[tuple[Side, ...]] = ("attack", "defense")
TARGETS: Final = (56, 51, 41, 36)
"""Points the attack needs with 0, 1, 2 or 3 bouts."""
_TRUMPS_AND_EXCUSE: Final = DECK_SIZE - FIRST_TRUMP
"""The cards a poignée may show: 21 trumps and the Excuse."""
_CARDS_BY_KIND: Final = {"bouts": 3, "trumps": 19, "honours": 16, "plain": 40}
"""The deck as the misères see it: the bouts (Petit, 21, Excuse), the other
trumps, the honours (King to Jack) and the plain cards."""
_EXCLUDED: Final[Mapping[str, frozenset[str]]] = {
    "sans_atouts": frozenset({"bouts", "trumps"}),  # no trump, no Excuse
    "sans_points": frozenset({"bouts", "honours"}),  # no bout, no honour
}
BOUT_HALF_POINTS: Final = 8
"""The least a bout brings its side, in half points: 4.5 points, but 4 for an
Excuse kept by a defence suffering a slam (rulebook, "Le jeu de la carte")."""


@dataclass(frozen=True, slots=True)
class PoigneeDeclared:
    """A poignée shown by ``seat``."""

    seat: int
    size: PoigneeSize


@dataclass(frozen=True, slots=True)
class MisereDeclared:
    """A misère announced by ``seat``: no trump nor Excuse, or no bout nor honour."""

    seat: int
    kind: MisereKind


class ImpossibleDeal(Refusal, ValueError):
    """An outcome no deal can have: the field at fault (as :class:`DealOutcome`
    names it) and why, as a refusal the clients word in their language; ``str()``
    is ``field: reason`` in English."""

    def __init__(self, code: str, /, at: str, **params: Param) -> None:
        super().__init__(code, **params)
        self.field = at

    @property
    def reason(self) -> str:
        """Why, in English, without the field."""
        return message(self.code, self.params)

    def __str__(self) -> str:
        return f"{self.field}: {self.reason}"

    def as_rule(self) -> dict[str, Param]:
        """What a refusal wrapping this one adds to its parameters: this code as
        ``rule``, and its parameters, for clients to word the rule broken."""
        return {**self.params, "rule": self.code}


def _points(half: int) -> str:
    """Half points as the points a player counts: ``40.5``."""
    return f"{half / 2:g}"


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What scoring needs to know about a finished deal."""

    players: int
    """Seats at the table (3, 4 or 5)."""
    contract: Contract
    taker: int
    partner: int | None
    """5 players: the called partner's seat, the taker's own when alone; None at 3/4
    and in the 5-seat "mort" form."""
    attack_half_points: int
    """Half points won by the attack, 0..182."""
    bouts: int
    """Bouts won by the attack, 0..3."""
    petit_au_bout: Side | None = None
    poignees: tuple[PoigneeDeclared, ...] = ()
    chelem_announced: bool = False
    chelem: Side | None = None
    """The side that took every trick, if one did."""
    miseres: tuple[MisereDeclared, ...] = ()
    sitting_out: int | None = None
    """The dealer sitting out in the 5-seat "mort" form: scores 0, the others
    score as 4 players."""

    @property
    def active(self) -> int:
        """The players dealt cards: all but the one sitting out."""
        return self.players - (self.sitting_out is not None)


@dataclass(frozen=True, slots=True)
class DealScore:
    """Each seat's mark for the deal and how it was reached.

    ``breakdown`` holds, for each defender, what it pays the attack
    (``per_defender`` = ``contract`` + ``petit_au_bout`` + ``poignee`` +
    ``chelem``, negative when the attack loses), with ``target``, the signed
    ``difference``, the ``prime`` used and the ``multiplier``. Variants that
    need them add ``petit_au_bout_in_difference`` (the 10 added to the
    difference, already inside ``contract``), ``poignee_personal`` and
    ``misere`` (what each other player pays the announcers, in total; negative
    when a failed taker's misère is paid by the taker).
    """

    scores: tuple[int, ...]
    made: bool
    breakdown: Mapping[str, int]


def score_deal(outcome: DealOutcome, variant: Variant) -> DealScore:
    """Score a finished deal; ImpossibleDeal naming the field when ``outcome`` is impossible."""
    validate_outcome(outcome, variant)
    multiplier = variant.multiplier(outcome.contract)
    target = TARGETS[outcome.bouts]
    petit_sign = _side_sign(outcome.petit_au_bout)
    margin = outcome.attack_half_points - 2 * target
    in_difference = variant.petit_au_bout_scoring == "in_difference"
    if in_difference:
        margin += 2 * variant.petit_au_bout * petit_sign
    made = margin >= 0
    result = 1 if made else -1
    difference = (abs(margin) + 1) // 2
    prime = variant.prime if made or not variant.prime_only_when_made else 0
    contract = result * (prime + difference) * multiplier
    petit = 0 if in_difference else petit_sign * variant.petit_au_bout * multiplier
    poignee, personal = _poignees(outcome, variant, result, multiplier)
    chelem = _chelem(outcome, variant)
    per_defender = contract + petit + poignee + chelem

    scores = _shared(outcome, per_defender, variant)
    misere = 0
    for declared in outcome.miseres:
        amount = variant.misere_bonus
        if variant.misere_scoring == "taker_result" and declared.seat in _attackers(outcome):
            amount *= result
        misere += amount
        _pay_from_each(scores, outcome, declared.seat, amount)
    for seat, amount in personal:
        _pay_from_each(scores, outcome, seat, amount)

    breakdown = {
        "target": target,
        "difference": result * difference,
        "prime": prime,
        "multiplier": multiplier,
        "contract": contract,
        "petit_au_bout": petit,
        "poignee": poignee,
        "chelem": chelem,
        "per_defender": per_defender,
    }
    if in_difference:
        breakdown["petit_au_bout_in_difference"] = petit_sign * variant.petit_au_bout
    if variant.poignee_scoring == "taker_result":
        breakdown["poignee_personal"] = sum(amount for _, amount in personal)
    if variant.misere:
        breakdown["misere"] = misere
    return DealScore(scores=tuple(scores), made=made, breakdown=breakdown)


def _side_sign(side: Side | None) -> int:
    """+1 for the attack, -1 for the defence, 0 for nobody."""
    return 0 if side is None else 1 if side == "attack" else -1


def _attackers(outcome: DealOutcome) -> set[int]:
    return {outcome.taker} if outcome.partner is None else {outcome.taker, outcome.partner}


def _poignees(
    outcome: DealOutcome, variant: Variant, result: int, multiplier: int
) -> tuple[int, list[tuple[int, int]]]:
    """The poignées' part of the per-defender amount, and the personal ones
    (seat, bonus from each other player) of ``taker_result`` defenders."""
    attackers = _attackers(outcome)
    side_part = 0
    personal: list[tuple[int, int]] = []
    for declared in outcome.poignees:
        bonus = variant.poignee_bonus[POIGNEE_SIZES.index(declared.size)]
        if variant.poignee_multiplied:
            bonus *= multiplier
        if variant.poignee_scoring == "taker_result" and declared.seat not in attackers:
            personal.append((declared.seat, bonus))
        else:
            side_part += result * bonus
    return side_part, personal


def _chelem(outcome: DealOutcome, variant: Variant) -> int:
    """The chelem's part of the per-defender amount."""
    if outcome.chelem == "attack":
        if outcome.chelem_announced:
            return variant.chelem_announced_made
        return variant.chelem_unannounced_made
    part = variant.chelem_announced_failed if outcome.chelem_announced else 0
    if outcome.chelem == "defense":
        part -= variant.chelem_defence
    return part


def _playing(outcome: DealOutcome) -> list[int]:
    return [s for s in range(outcome.players) if s != outcome.sitting_out]


def _shared(outcome: DealOutcome, per_defender: int, variant: Variant) -> list[int]:
    """Each defender pays ``per_defender``; a called partner gets its share of the
    total (:attr:`Variant.partner_share`) and the taker the rest."""
    scores = [0] * outcome.players
    attackers = _attackers(outcome)
    defenders = [s for s in _playing(outcome) if s not in attackers]
    for seat in defenders:
        scores[seat] = -per_defender
    attack = per_defender * len(defenders)
    if len(attackers) == 2:
        assert outcome.partner is not None
        if variant.partner_share == "third":
            partner = per_defender  # 1/3 of the three defenders' payments
        else:  # half, the odd point (if any) staying with the taker
            partner = abs(attack) // 2 * (1 if attack >= 0 else -1)
        scores[outcome.partner] = partner
        attack -= partner
    scores[outcome.taker] = attack
    return scores


def taker_shares(playing: int, partnered: bool, variant: Variant) -> float:
    """Shares of the contract's score the taker holds: one per defender, less the
    called partner's part (:attr:`Variant.partner_share`: 2 of 3 at 5 with a
    partner under the FFT, 1.5 of 3 when they share equally). Robots use it as a
    scale; scoring itself is :func:`_shared`."""
    defenders = playing - 1 - partnered
    if not partnered:
        return defenders
    return defenders - (1 if variant.partner_share == "third" else defenders / 2)


def _pay_from_each(scores: list[int], outcome: DealOutcome, seat: int, amount: int) -> None:
    """Every other playing seat pays ``amount`` to ``seat``."""
    for other in _playing(outcome):
        if other != seat:
            scores[other] -= amount
            scores[seat] += amount


def validate_outcome(outcome: DealOutcome, variant: Variant) -> None:
    """Raise ImpossibleDeal, naming the field, for an outcome no deal can have."""
    players = outcome.players
    if players not in (3, 4, 5):
        raise ImpossibleDeal("deal_players", at="players", players=players)
    if outcome.contract not in variant.contracts:
        raise ImpossibleDeal(
            "deal_contract",
            at="contract",
            contract=_contract_text(outcome.contract),
            variant=variant.name,
            contracts=[c.text for c in variant.contracts],
        )
    _check_sitting_out(outcome, variant)
    _check_seat("taker", outcome.taker, outcome)
    if players == 5 and outcome.sitting_out is None:
        if outcome.partner is None:
            raise ImpossibleDeal("deal_partner_needed", at="partner")
        _check_seat("partner", outcome.partner, outcome)
    elif outcome.partner is not None:
        raise ImpossibleDeal("deal_no_partner", at="partner")
    half = outcome.attack_half_points
    if not 0 <= half <= TOTAL_HALF_POINTS:
        raise ImpossibleDeal(
            "deal_points_range", at="attack_half_points", attack_points=_points(half)
        )
    if not 0 <= outcome.bouts <= 3:
        raise ImpossibleDeal("deal_bouts_range", at="bouts", bouts=outcome.bouts)
    lowest = BOUT_HALF_POINTS * outcome.bouts
    highest = TOTAL_HALF_POINTS - BOUT_HALF_POINTS * (3 - outcome.bouts)
    if not lowest <= half <= highest:
        raise ImpossibleDeal(
            "deal_points_bouts",
            at="attack_half_points",
            attack_points=_points(half),
            bouts=outcome.bouts,
        )
    _check_sides(outcome)
    _check_tricks(outcome, variant)
    _check_announcements(outcome, variant)


def _contract_text(contract: object) -> str:
    return contract.text if isinstance(contract, Contract) else repr(contract)


def _check_seat(field: str, seat: object, outcome: DealOutcome) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < outcome.players:
        raise ImpossibleDeal(
            "deal_seat_range", at=field, number=repr(seat), last=outcome.players - 1
        )
    if seat == outcome.sitting_out:
        raise ImpossibleDeal("deal_seat_out", at=field, who=seat)


def _check_sitting_out(outcome: DealOutcome, variant: Variant) -> None:
    mort = outcome.players == 5 and variant.dealer_sits_out
    if outcome.sitting_out is None:
        if mort:
            raise ImpossibleDeal("deal_dealer_out_needed", at="sitting_out")
        return
    if not mort:
        raise ImpossibleDeal("deal_nobody_out", at="sitting_out")
    if not isinstance(outcome.sitting_out, int) or not 0 <= outcome.sitting_out < 5:
        raise ImpossibleDeal(
            "deal_seat_range", at="sitting_out", number=repr(outcome.sitting_out), last=4
        )


def _check_sides(outcome: DealOutcome) -> None:
    for field, side in (("petit_au_bout", outcome.petit_au_bout), ("chelem", outcome.chelem)):
        if side is not None and side not in SIDES:
            raise ImpossibleDeal("deal_side", at=field, value=repr(side))
    if outcome.petit_au_bout == "attack" and outcome.bouts == 0:
        raise ImpossibleDeal("deal_petit_attack", at="petit_au_bout")
    if outcome.petit_au_bout == "defense" and outcome.bouts == 3:
        raise ImpossibleDeal("deal_petit_defense", at="petit_au_bout")
    if not isinstance(outcome.chelem_announced, bool):
        raise ImpossibleDeal(
            "deal_true_false", at="chelem_announced", value=repr(outcome.chelem_announced)
        )
    _check_chelem(outcome)


def _check_chelem(outcome: DealOutcome) -> None:
    """A side that took every trick won the deal (the other keeps at most six
    cards of the chien or the écart, and the Excuse: far from enough, whatever
    the bouts), and took the last trick, so no petit au bout is the other side's."""
    if outcome.chelem is None:
        return
    made = outcome.attack_half_points >= 2 * TARGETS[outcome.bouts]
    if made != (outcome.chelem == "attack"):
        raise ImpossibleDeal(
            "deal_chelem_attack" if outcome.chelem == "attack" else "deal_chelem_defense",
            at="chelem",
            attack_points=_points(outcome.attack_half_points),
            bouts=outcome.bouts,
        )
    if outcome.petit_au_bout not in (None, outcome.chelem):
        raise ImpossibleDeal("deal_chelem_petit", at="petit_au_bout")


_MOST_A_CARD: Final = max(HALF_POINTS)
_BOUT_OVER_A_CARD: Final = HALF_POINTS[FIRST_TRUMP] - min(HALF_POINTS)
"""What a bout (4.5 points) is worth over the least card (a half point)."""
_DISCARDABLE: Final = sorted(
    (HALF_POINTS[card] for card in range(FIRST_TRUMP) if rank_of(card) != KING), reverse=True
)
"""What the cards an écart may hold are worth, best first: no King, no trump
(FFT: "Il est interdit d'écarter des Rois et des Bouts"; a trump it is forced
to hold is worth a half point, as the lowest here)."""


def _check_tricks(outcome: DealOutcome, variant: Variant) -> None:
    """The attack's points as the tricks allow them: a side that took a trick has
    at least a half point for each of its cards, and a garde contre's chien is the
    defence's; an attack that took none has only the chien or its écart, when they
    are its own (an écart holds no King and no bout), and its Excuse, at 4.5
    points a card at most. An Excuse played to the last trick outside a slam may
    leave it (``other_side``, FFT: "sinon elle change de camp"): a side whose one
    trick is that one keeps its other cards. Without a slam, the attack took a
    trick: a 0 is the defence's slam, its bonus forgotten. At four, tricks are
    of four cards and the chien or écart of six, every card a whole point and a
    half: unless the Excuse of the last trick changed side, or a slam left it
    with a side that had no trick to give a card back from, the attack's points
    are whole (seed 001's Excuse goes to the last trick's winner)."""
    active = outcome.active
    dog = dog_size(active)
    garde_contre = outcome.contract == Contract.GARDE_CONTRE
    changes_side = variant.excuse_last_trick == "other_side"
    one_trick = active - changes_side
    if outcome.chelem is None:
        cards = one_trick + (0 if garde_contre else dog)
        least = cards + _BOUT_OVER_A_CARD * outcome.bouts
        if outcome.attack_half_points < least:
            raise ImpossibleDeal(
                "deal_trick_won_points",
                at="attack_half_points",
                least_points=_points(least),
                attack_points=_points(outcome.attack_half_points),
            )
        if active == 4 and not changes_side and outcome.attack_half_points % 2:
            raise ImpossibleDeal(
                "deal_whole_points",
                at="attack_half_points",
                attack_points=_points(outcome.attack_half_points),
            )
    if outcome.chelem == "defense":
        if garde_contre:
            kept = 0
        elif outcome.contract.sees_dog:
            kept = sum(_DISCARDABLE[:dog])
        else:
            kept = _MOST_A_CARD * dog
        most = kept + _MOST_A_CARD
    elif outcome.chelem == "attack":
        most = TOTAL_HALF_POINTS - (dog if garde_contre else 0)
    else:
        most = TOTAL_HALF_POINTS - one_trick - (dog if garde_contre else 0)
    if outcome.attack_half_points > most:
        raise ImpossibleDeal(
            "deal_no_trick_points"
            if outcome.chelem == "defense"
            else "deal_chien_defense_points"
            if outcome.chelem == "attack"
            else "deal_trick_lost_points",
            at="attack_half_points",
            most_points=_points(most),
            attack_points=_points(outcome.attack_half_points),
        )


def _check_announcements(outcome: DealOutcome, variant: Variant) -> None:
    shown: set[int] = set()
    for declared in outcome.poignees:
        _check_seat("poignees", declared.seat, outcome)
        if declared.size not in POIGNEE_SIZES:
            raise ImpossibleDeal("deal_poignee_size", at="poignees", size=repr(declared.size))
        if declared.seat in shown:
            raise ImpossibleDeal("deal_poignee_twice", at="poignees", who=declared.seat)
        shown.add(declared.seat)
    active = outcome.active
    least = variant.poignee_trumps[active]
    shown_trumps = sum(least[POIGNEE_SIZES.index(p.size)] for p in outcome.poignees)
    if shown_trumps > _TRUMPS_AND_EXCUSE:
        raise ImpossibleDeal("deal_poignees_trumps", at="poignees", trumps=shown_trumps)
    if outcome.miseres and not variant.misere:
        raise ImpossibleDeal("deal_no_misere", at="miseres", variant=variant.name)
    announced: set[tuple[int, str]] = set()
    for misere in outcome.miseres:
        _check_seat("miseres", misere.seat, outcome)
        if misere.kind not in MISERE_KINDS:
            raise ImpossibleDeal("deal_misere_kind", at="miseres", kind=repr(misere.kind))
        if (misere.seat, misere.kind) in announced:
            raise ImpossibleDeal(
                "deal_misere_twice", at="miseres", who=misere.seat, kind=misere.kind
            )
        announced.add((misere.seat, misere.kind))
    _check_misere_hands(outcome, announced)


def _check_misere_hands(outcome: DealOutcome, announced: set[tuple[int, str]]) -> None:
    """Misères some deal allows: a seat without trumps shows no poignée, and the
    cards the misères keep out of their seats' hands fit in the other hands and
    the chien (for every set of kinds of card, those that may hold one of them
    have room for them all: then, and only then, the cards can be dealt)."""
    shown = {declared.seat for declared in outcome.poignees}
    for seat, kind in sorted(announced):
        if kind == "sans_atouts" and seat in shown:
            raise ImpossibleDeal("deal_misere_poignee", at="miseres", who=seat)
    excluded: dict[int, frozenset[str]] = {}
    for seat, kind in announced:
        excluded[seat] = excluded.get(seat, frozenset()) | _EXCLUDED[kind]
    active = outcome.active
    for size in range(1, len(_CARDS_BY_KIND) + 1):
        for kinds in combinations(_CARDS_BY_KIND, size):
            barred = sum(1 for out in excluded.values() if out.issuperset(kinds))
            room = DECK_SIZE - hand_size(active) * barred
            if sum(_CARDS_BY_KIND[k] for k in kinds) > room:
                raise ImpossibleDeal("deal_miseres_cards", at="miseres")
