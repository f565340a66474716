"""A score sheet for French Tarot played with real cards: the players, the rule set,
and the deals as a person writes them down, with each deal's scores and the running
totals.

Nothing here scores: each deal becomes the engine's :class:`DealOutcome` and
:func:`score_deal` marks it, so the sheet, ``atout score``, ``atout sheet``, the
server's sheets and the browser all add up the same numbers. The model is pure
(no I/O); bad input raises :class:`InputError` whose message names the field as
the JSON spells it (``deals.3.taker: ...``).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from atout.cards import Language
from atout.french.scoring import (
    DealOutcome,
    DealScore,
    ImpossibleDeal,
    MisereDeclared,
    MisereKind,
    PoigneeDeclared,
    PoigneeSize,
    Side,
    score_deal,
)
from atout.french.variants import VARIANTS, Contract, Variant, get_variant
from atout.refusals import Param, Refusal, carried
from atout.refusals_fields import Told, carrying, custom_error, field_path, field_reason
from atout.text import PlainText, inert_cell, repeated

ContractName = Literal["prise", "pousse", "garde", "garde_sans", "garde_contre"]
MAX_DEALS: Final = 500
"""Deals one sheet holds: a long club evening is a few dozen."""
NAME_LENGTH: Final = 32

_FIELD_NAMES: Final = {
    "attack_half_points": "points",
    "chelem_announced": "chelem.announced",
    "chelem": "chelem.made",
}
"""Scoring's field names, as the input spells them."""


class InputError(ValueError):
    """Input that cannot be scored; the message names the field (``field: reason``).
    The reason comes coded as ``rule``, which clients word in their language: a
    rule of the game a deal breaks (with the ``deal``'s place on a sheet, from 0),
    an option of the variant refused, an unknown variant, or why the field itself
    is refused (missing, of the wrong kind, out of bounds: ``field_*``, see
    :func:`atout.refusals_fields.field_reason`)."""

    def __init__(self, text: str, rule: Refusal | None = None, deal: int | None = None) -> None:
        super().__init__(text)
        self.rule = rule
        self.deal = deal

    @property
    def field(self) -> str:
        return str(self).partition(": ")[0]

    @property
    def reason(self) -> str:
        return str(self).partition(": ")[2]

    def rule_params(self) -> dict[str, Param]:
        """What a refusal adds to its own parameters for the coded reason: a rule of
        the game broken as its code (``rule``) and parameters, and the deal's number
        on the sheet from 1; any other (an option, the variant) as
        :func:`atout.records.because` carries a reason, its code listed in ``rule``."""
        if self.rule is None:
            return {}
        if not isinstance(self.rule, ImpossibleDeal):
            return carried(self.rule)
        deal = {} if self.deal is None else {"deal": self.deal + 1}
        return {**self.rule.as_rule(), **deal}

    def refusal(self) -> Refusal:
        """The input refused as ``sheet_invalid`` ``{field, reason}``, the coded reason
        along (:meth:`rule_params`), for a client to word in its reader's language."""
        told = Refusal("sheet_invalid", field=self.field, reason=self.reason)
        told.params = {**self.rule_params(), **told.params}
        return told

    def carried_by(self, refusal: Told) -> Told:
        """``refusal`` (a tournament's deal refused...), whose ``reason`` is this
        input's, carrying it coded with its field (:meth:`refusal`): worded in
        French too as ``points : doit valoir au plus 91``."""
        return carrying(refusal, self.refusal())


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PoigneeInput(_Input):
    seat: int
    size: PoigneeSize


class MisereInput(_Input):
    seat: int
    kind: MisereKind


class ChelemInput(_Input):
    """``announced`` and the side that took every trick (``made``), if one did: an
    announced chelem the attack did not make is a failed one."""

    announced: bool = False
    made: Side | None = None


class DealEntry(_Input):
    """One finished deal, as a person writes it down; seats are indexes in the
    sheet's players (the table's playing order)."""

    contract: ContractName
    taker: int
    partner: int | None = None
    """5 players: the called King's holder (the taker's own seat when alone)."""
    points: float = Field(ge=0, le=91)
    bouts: int = Field(ge=0, le=3)
    petit_au_bout: Side | None = None
    poignees: list[PoigneeInput] = Field(default_factory=list, max_length=5)
    chelem: ChelemInput = Field(default_factory=ChelemInput)
    miseres: list[MisereInput] = Field(default_factory=list, max_length=10)
    sitting_out: int | None = None
    """The 5-seat "mort" form: the dealer, who sits this deal out."""

    @field_validator("points")
    @classmethod
    def _whole_or_half(cls, points: float) -> float:
        if (points * 2) % 1:
            raise custom_error(Refusal("field_half_points"))
        return points

    def outcome(self, players: int) -> DealOutcome:
        """The deal as the scoring reads it, at a table of ``players``."""
        return DealOutcome(
            players=players,
            contract=Contract[self.contract.upper()],
            taker=self.taker,
            partner=self.partner,
            attack_half_points=round(self.points * 2),
            bouts=self.bouts,
            petit_au_bout=self.petit_au_bout,
            poignees=tuple(PoigneeDeclared(p.seat, p.size) for p in self.poignees),
            chelem_announced=self.chelem.announced,
            chelem=self.chelem.made,
            miseres=tuple(MisereDeclared(m.seat, m.kind) for m in self.miseres),
            sitting_out=self.sitting_out,
        )


class ScoreInput(DealEntry):
    """One finished deal with its table size and rules, as a person writes it down."""

    players: Literal[3, 4, 5]
    variant: str = Field(default="fft", max_length=32)
    options: dict[str, Any] = Field(default_factory=dict)


def score_text(text: str) -> tuple[ScoreInput, DealScore]:
    """Read and score one deal's JSON; InputError naming the field on bad input."""
    data: ScoreInput = parse(ScoreInput, text)
    variant = variant_of(data.variant, data.options)
    return data, score_entry(data, data.players, variant)


class PlayerEntry(_Input):
    """A player on the sheet: a name, and online the account's id when they have one."""

    name: PlainText = Field(min_length=1, max_length=NAME_LENGTH)
    user: int | None = Field(default=None, ge=1, le=2**63 - 1)


class SheetInput(_Input):
    """A whole sheet: who plays, under which rules, and the deals so far."""

    title: PlainText = Field(default="", max_length=80)
    variant: str = Field(default="fft", max_length=32)
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[PlayerEntry] = Field(min_length=3, max_length=5)
    deals: list[DealEntry] = Field(default_factory=list, max_length=MAX_DEALS)


def check_names(sheet: SheetInput) -> None:
    """Refusal ``name_twice`` when two players have one name (case and spacing
    aside): two columns no one could tell apart. Checked where a sheet's names are
    written (``atout sheet``, a sheet sent whole to the server), not where one is
    read back, so a sheet kept before still opens."""
    twice = repeated([player.name for player in sheet.players])
    if twice is not None:
        first, second = twice
        name = sheet.players[second].name
        raise Refusal("name_twice", name=name, first=first + 1, second=second + 1)


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """One deal of a sheet: what was written, its scores, and the totals after it."""

    entry: DealEntry
    score: DealScore
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScoredSheet:
    sheet: SheetInput
    deals: tuple[ScoredDeal, ...]
    totals: tuple[int, ...]


def parse(model: type[BaseModel], given: str | bytes | dict[str, Any]) -> Any:
    """``given`` (JSON text, or the object a JSON column kept) read as ``model``;
    InputError naming the first field at fault (``input``: the input as a whole)
    with its reason coded (:func:`atout.refusals_fields.field_reason`)."""
    try:
        if isinstance(given, dict):
            return model.model_validate(given)
        return model.model_validate_json(given)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        why = field_reason(first)
        raise InputError(f"{field_path(first) or 'input'}: {why}", why) from None


def variant_of(name: str, options: dict[str, Any]) -> Variant:
    """The rule set ``name`` with ``options``; InputError naming variant or options,
    its reason coded: ``unknown_variant``, or the engine's ``option_*`` refusal."""
    if name not in VARIANTS:
        unknown = Refusal("unknown_variant", variant=name, known=", ".join(sorted(VARIANTS)))
        raise InputError(f"variant: {unknown}", unknown)
    try:
        return get_variant(name, options)
    except ValueError as error:
        raise InputError(
            f"options: {error}", error if isinstance(error, Refusal) else None
        ) from None


def score_entry(
    entry: DealEntry, players: int, variant: Variant, deal: int | None = None
) -> DealScore:
    """The engine's score of one deal; InputError naming the field (within the
    sheet's ``deal``, from 0, when given)."""
    try:
        return score_deal(entry.outcome(players), variant)
    except ImpossibleDeal as error:
        where = "" if deal is None else f"deals.{deal}."
        field = _FIELD_NAMES.get(error.field, error.field)
        raise InputError(f"{where}{field}: {error.reason}", error, deal) from None


def score_sheet(sheet: SheetInput) -> ScoredSheet:
    """Every deal scored, with the running totals; InputError at the first bad deal."""
    variant = variant_of(sheet.variant, sheet.options)
    players = len(sheet.players)
    totals = (0,) * players
    deals = []
    for index, entry in enumerate(sheet.deals):
        score = score_entry(entry, players, variant, index)
        totals = tuple(t + s for t, s in zip(totals, score.scores, strict=True))
        deals.append(ScoredDeal(entry, score, totals))
    return ScoredSheet(sheet, tuple(deals), totals)


def sheet_view(scored: ScoredSheet) -> dict[str, Any]:
    """The scored sheet as JSON: the input as written, and for each deal its
    scores, whether it was made, its breakdown and the running totals."""
    data = scored.sheet.model_dump(exclude={"deals"})
    data["deals"] = [
        {
            **deal.entry.model_dump(),
            "scores": list(deal.score.scores),
            "made": deal.score.made,
            "breakdown": dict(deal.score.breakdown),
            "totals": list(deal.totals),
        }
        for deal in scored.deals
    ]
    data["totals"] = list(scored.totals)
    return data


def taker_text(scored: ScoredSheet, entry: DealEntry) -> str:
    """Who took the deal (and with whom), by name."""
    names = [p.name for p in scored.sheet.players]
    text = names[entry.taker]
    if entry.partner is not None and entry.partner != entry.taker:
        text += f" + {names[entry.partner]}"
    return text


CSV_WORDS: Final[dict[Language, dict[str, str]]] = {
    "en": {
        "columns": "deal|contract|taker|points|bouts|made",
        "total_of": "{name} (total)",
        "yes": "yes",
        "no": "no",
        "total": "total",
        "title": "Score sheet ({variant})",
        "caption": "each deal's score (running total); ✓ made, ✗ failed",
    },
    "fr": {
        "columns": "donne|contrat|preneur|points|bouts|réussi",
        "total_of": "{name} (total)",
        "yes": "oui",
        "no": "non",
        "total": "total",
        "title": "Feuille de marque ({variant})",
        "caption": "score de chaque donne (cumul) ; ✓ réussi, ✗ chuté",
    },
}
"""A scored sheet's words by language, in its CSV (the page's language) and in
``atout sheet``'s table; contracts stay their French codes in both, numbers as a
program reads them (``40.5``)."""


def csv_text(scored: ScoredSheet, lang: Language = "en") -> str:
    """The sheet as CSV: a row per deal with each player's score and running
    total, then the totals (a spreadsheet reads it as it is), in ``lang``'s words."""
    words = CSV_WORDS[lang]
    names = [inert_cell(p.name) for p in scored.sheet.players]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        words["columns"].split("|")
        + names
        + [words["total_of"].format(name=name) for name in names]
    )
    for number, deal in enumerate(scored.deals, 1):
        entry = deal.entry
        made = words["yes"] if deal.score.made else words["no"]
        taker = inert_cell(taker_text(scored, entry))
        points = f"{entry.points:g}"
        scores = [*deal.score.scores, *deal.totals]
        writer.writerow([number, entry.contract, taker, points, entry.bouts, made, *scores])
    writer.writerow([words["total"], "", "", "", "", "", *scored.totals] + [""] * len(names))
    return out.getvalue()
