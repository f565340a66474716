"""French Tarot rule sets as data.

Every difference between rule texts is a field of :class:`Variant`; the engine
and the scoring read fields, they never test a variant's name. ``fft`` is the
French federation's official rulebook (the default); ``traditionnel`` is the
older rule set of seed 001; ``docs/rules.md`` quotes the sentences behind every
field. Any field can be overridden by name with an options mapping, e.g.
``get_variant("fft", {"misere": True})``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Literal, get_args, get_origin, get_type_hints

from atout.variant_options import (
    NUMBER_LIMIT,
    OptionError,
    check_range,
    choose_variant,
    option_value,
)


class Contract(IntEnum):
    """Bids, weakest first; PASS is not a contract but a bid."""

    PASS = 0
    PRISE = 1
    POUSSE = 2
    GARDE = 3
    GARDE_SANS = 4
    GARDE_CONTRE = 5

    @property
    def text(self) -> str:
        """Lower-case name used in action texts and JSON: ``garde_sans``."""
        return self.name.lower()

    @property
    def sees_dog(self) -> bool:
        """Whether the taker takes the dog in hand and discards (Prise, Pousse, Garde)."""
        return self in (Contract.PRISE, Contract.POUSSE, Contract.GARDE)


ExcuseLastTrick = Literal["other_side", "trick_winner", "owner"]
PoigneeScoring = Literal["deal_winner", "taker_result"]
PetitAuBoutScoring = Literal["bonus", "in_difference"]
PartnerShare = Literal["third", "half"]
MisereScoring = Literal["always", "taker_result"]
ImposedContract = Literal["none", "prise", "pousse", "garde", "garde_sans", "garde_contre"]


@dataclass(frozen=True, slots=True)
class Variant:
    """One complete rule set. ``docs/rules.md`` quotes the sentence each value comes from."""

    name: str
    contracts: tuple[Contract, ...]
    """The contracts one may bid, weakest first (PASS is always allowed)."""
    multipliers: Mapping[Contract, int]
    prime: int = 25
    """The fixed part of a deal's score ("25 + difference")."""
    prime_only_when_made: bool = False
    """traditionnel: the 25 are added only when the contract is made."""
    petit_au_bout: int = 10
    petit_au_bout_scoring: PetitAuBoutScoring = "bonus"
    """``bonus``: 10 x multiplier to the side that takes it, whatever the result (FFT);
    ``in_difference``: added to the taker's difference before multiplying, so it
    can change the result (traditionnel)."""
    poignee_trumps: Mapping[int, tuple[int, int, int]] = field(
        default_factory=lambda: {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
    )
    """Trumps to show for a simple, double and triple poignée, by number of players."""
    poignee_bonus: tuple[int, int, int] = (20, 30, 40)
    poignee_scoring: PoigneeScoring = "deal_winner"
    """``deal_winner``: the side winning the deal gets it from each opponent, whoever
    declared it (FFT). ``taker_result`` (traditionnel, seed 001): a poignée shown by
    the attack is paid to it by each defender when the contract is made and paid by
    it to each defender otherwise; a defender's poignée is that player's own
    announcement, received from each other player whatever the result (the seed
    makes only the taker's announcements depend on the contract)."""
    poignee_multiplied: bool = False
    chelem_announced_made: int = 400
    chelem_unannounced_made: int = 200
    chelem_announced_failed: int = -200
    chelem_defence: int = 200
    """A slam made by the defence: this many points to each defender (on top of a
    failed announcement's penalty, if any)."""
    chelem_announcer_leads: bool = True
    """The taker announcing a chelem leads the first trick (FFT: "l'entame revient
    de droit au joueur qui l'a demandé"); otherwise the player right of the dealer
    leads as always (seed 001: "Lorsque le preneur est connu, c'est le joueur placé
    à la droite du donneur qui jouera le premier", with no exception for a capot)."""
    excuse_last_trick: ExcuseLastTrick = "other_side"
    """Outside a slam, where the Excuse played to the last trick goes: to the other
    side, whoever takes that trick (``other_side``, FFT: "l'Excuse ne doit pas être
    jouée à la dernière levée, sauf en cas de Chelem, sinon elle change de camp";
    seed 003: "transfers to the opposing team regardless of who wins the trick");
    to the side taking that trick (``trick_winner``, seed 001: "revient au gagnant
    de ce pli"); or back to its owner as on any trick (``owner``, a house rule)."""
    petit_sec_redeal: bool = True
    """The deal is cancelled when a player's only trump is the Petit."""
    petit_sec_excuse_protects: bool = True
    """Whether holding the Excuse too saves the deal: yes in the FFT ("c'est son
    seul Atout et il n'a pas l'Excuse"); no in seed 001 ("n'a que le Petit comme
    atout", the Excuse being a trump "dans ces cas d'annonce uniquement")."""
    petit_sec_same_dealer: bool = False
    """Who deals again after a petit sec: the dealer's right-hand neighbour (FFT:
    "Le voisin de droite du donneur procède à une nouvelle distribution"), or the
    same dealer (seed 001: "la Main ne tourne pas et le joueur qui a donné donne à
    nouveau")."""
    misere: bool = False
    """The optional announcements misère d'atout ("sans atouts": no trump, no
    Excuse) and misère de tête ("sans points": no bout, no honour)."""
    misere_bonus: int = 10
    """Paid by each other player to the announcer, per misère."""
    misere_scoring: MisereScoring = "always"
    """``always``: every announcer receives ``misere_bonus`` from each other player,
    whatever the result; ``taker_result`` (seed 001: "Les annonces du preneur [...]
    ne lui seront payées que s'il réussit son contrat. Dans le cas contraire, c'est
    lui qui paiera aux autres joueurs la valeur des annonces qu'il aura faites"): an
    attacker's misère is paid to it when the contract is made, by it otherwise."""
    partner_share: PartnerShare = "third"
    """5 players with a called partner, what the three defenders pay is shared:
    ``third``, 2/3 to the taker and 1/3 to the partner (FFT: "2/3 pour le
    preneur, 1/3 pour le partenaire"); ``half``, equally (seed 001: "se partagent
    à égalité"), the taker carrying the odd point of an odd total."""
    king_call_self: bool = True
    """5 players: the taker may call a King (or lower honour) they hold."""
    dealer_sits_out: bool = False
    """The 5-at-the-table "mort" form: the dealer sits out and the others play
    by the 4-player rules (only with 5 seats); the dealer deals again until someone takes."""
    imposed_contract: ImposedContract = "none"
    """Duplicate with prepared deals: no auction, the player on the dealer's right
    takes at this contract (FFT, "Lorsque les jeux sont préparés par l'arbitre, le
    contrat est unique et imposé (Garde) [...] il n'y a pas d'enchère")."""
    imposed_taker: int = -1
    """With an imposed contract, the seat that takes whoever deals (quadrettes: "Le
    preneur est toujours en Sud, quelle que soit l'indication portée sur l'étui. Le
    joueur qui entame est conformément à l'étui le joueur placé à droite du
    donneur"); -1, the player on the dealer's right. Without an imposed contract
    it changes nothing."""
    imposed_minimum: bool = False
    """With an imposed contract, the least the taker may bid: the others pass, and
    the taker chooses it or a stronger contract of the variant and may not pass (the
    two-team match: "Le preneur a le choix entre 3 contrats : Garde, Garde Sans et
    Garde Contre. Il n'a pas le droit de passer"). Without one it changes nothing."""

    def __post_init__(self) -> None:
        if Contract.PASS in self.contracts or not self.contracts:
            raise ValueError("contracts: list the contracts one may bid, without PASS")
        missing = [c.text for c in self.contracts if c not in self.multipliers]
        if missing:
            raise ValueError(f"multipliers: no multiplier for {', '.join(missing)}")
        for name, hint in _LITERAL_FIELDS.items():
            if getattr(self, name) not in get_args(hint):
                option_value(name, getattr(self, name), hint)  # refused, with its choices
        imposed = self.imposed_contract
        if imposed != "none" and Contract[imposed.upper()] not in self.contracts:
            choices = ["none", *(c.text for c in self.contracts)]
            raise OptionError("option_choice", option="imposed_contract", choices=choices)
        check_range("imposed_taker", self.imposed_taker, BOUNDS["imposed_taker"])
        if self.imposed_taker != -1 and self.dealer_sits_out:
            raise OptionError("option_with", option="imposed_taker", other="dealer_sits_out")

    def multiplier(self, contract: Contract) -> int:
        """The multiplier of a contract in this variant."""
        return self.multipliers[contract]

    def replace(self, **changes: Any) -> Variant:
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """Every field but the fixed ones, JSON-ready: ``get_variant(name, options())``
        gives this variant back."""
        fixed = ("name", "contracts", "multipliers")
        return {
            f.name: _json_ready(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if f.name not in fixed
        }


def variant_of_rules(rules: Mapping[str, Any]) -> Variant:
    """The variant an observation's ``rules`` block describes (ValueError if none)."""
    return get_variant(rules["variant"], rules["options"])


def _json_ready(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(key): _json_ready(v) for key, v in value.items()}
    if isinstance(value, tuple):
        return list(value)
    return value


_FIELD_TYPES: Mapping[str, Any] = get_type_hints(Variant)
_LITERAL_FIELDS = {n: h for n, h in _FIELD_TYPES.items() if get_origin(h) is Literal}

BOUNDS: Mapping[str, tuple[int, int]] = {"imposed_taker": (-1, 4), "deals": (1, NUMBER_LIMIT)}
"""The options whose numbers have bounds of their own: a seat of 5 or -1 (none),
and a partie's deals (the engine's ``deals`` option beside the variant's)."""

FFT = Variant(
    name="fft",
    contracts=(Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE),
    multipliers={
        Contract.PRISE: 1,
        Contract.GARDE: 2,
        Contract.GARDE_SANS: 4,
        Contract.GARDE_CONTRE: 6,
    },
)

TRADITIONNEL = Variant(
    name="traditionnel",
    contracts=(
        Contract.PRISE,
        Contract.POUSSE,
        Contract.GARDE,
        Contract.GARDE_SANS,
        Contract.GARDE_CONTRE,
    ),
    multipliers={
        Contract.PRISE: 1,
        Contract.POUSSE: 2,
        Contract.GARDE: 4,
        Contract.GARDE_SANS: 8,
        Contract.GARDE_CONTRE: 12,
    },
    prime_only_when_made=True,
    petit_au_bout_scoring="in_difference",
    poignee_scoring="taker_result",
    chelem_announced_made=600,
    chelem_unannounced_made=300,
    chelem_announced_failed=-600,
    chelem_defence=300,
    chelem_announcer_leads=False,
    excuse_last_trick="trick_winner",
    misere=True,
    misere_scoring="taker_result",
    partner_share="half",
    petit_sec_same_dealer=True,
    petit_sec_excuse_protects=False,
)

VARIANTS: Mapping[str, Variant] = {v.name: v for v in (FFT, TRADITIONNEL)}


def get_variant(name: str = "fft", options: Mapping[str, Any] | None = None) -> Variant:
    """The named variant with ``options`` overriding fields; ValueError for an
    unknown variant, OptionError naming an option and what is wrong with it."""
    return choose_variant(
        "French Tarot",
        VARIANTS,
        name,
        options,
        lambda key, value, current: _checked_option(key, value, _FIELD_TYPES[key], current),
        fixed=("name", "contracts", "multipliers"),
        bounds=BOUNDS,
    )


def _checked_option(key: str, value: Any, hint: Any, current: Any) -> Any:
    """``value`` converted to the field's type (JSON lists and string keys
    accepted), or OptionError naming the option and what it takes. A mapping
    updates the ``current`` one: ``{"4": [9, 12, 14]}`` keeps the 3 and 5 rows."""
    if get_origin(hint) is not Mapping:
        return option_value(key, value, hint)
    # Mapping[int, tuple[int, int, int]]: poignée thresholds by players
    table = _thresholds(value)
    if table is None:
        raise OptionError("option_kind", option=key, takes="thresholds")
    return {**current, **table}


def _int_triple(value: Any) -> tuple[int, int, int] | None:
    if not isinstance(value, list | tuple) or len(value) != 3:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return None
    return (value[0], value[1], value[2])


def _thresholds(value: Any) -> dict[int, tuple[int, int, int]] | None:
    if not isinstance(value, Mapping):
        return None
    table: dict[int, tuple[int, int, int]] = {}
    for key, counts in value.items():
        players = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else key
        triple = _int_triple(counts)
        if players not in (3, 4, 5) or triple is None or not 0 < triple[0] < triple[1] < triple[2]:
            return None
        table[players] = triple
    return table
