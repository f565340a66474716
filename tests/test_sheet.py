"""The score sheet model: the FFT rulebook's sample sheet (2012, page 10) and
hand-computed deals for the bonuses of both rule sets; the running totals'
invariants under hypothesis."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.refusals import full_message
from atout.sheet import InputError, SheetInput, csv_text, parse, score_sheet

EXAMPLE = Path(__file__).parents[1] / "examples" / "sheet-fft-rulebook.json"


def _sheet(deals: list[dict[str, Any]], players: int = 4, **rest: Any) -> SheetInput:
    names = [{"name": n} for n in ["Ana", "Bob", "Cid", "Dee", "Eve"][:players]]
    sheet: SheetInput = parse(SheetInput, json.dumps({"players": names, "deals": deals, **rest}))
    return sheet


def test_the_rulebooks_sample_sheet() -> None:
    """Page 9's five examples on page 10's sheet: Est takes the Garde of 49 with
    2 bouts, Ouest the Garde Sans won by 4, Sud chutes the Prise by 7, Nord wins
    the Garde of 11 against a poignée, Sud the announced chelem: Bilan Nord -446,
    Sud +1346, Est -390, Ouest -510. The file seats them in playing order (the
    next player on the right), not in the sheet's columns: Nord, Ouest, Sud, Est."""
    scored = score_sheet(parse(SheetInput, EXAMPLE.read_text(encoding="utf-8")))
    assert [p.name for p in scored.sheet.players] == ["Nord", "Ouest", "Sud", "Est"]
    by_deal = [list(d.score.scores) for d in scored.deals]
    assert by_deal == [
        [-106, -106, -106, 318],
        [-76, 228, -76, -76],
        [42, 42, -126, 42],
        [276, -92, -92, -92],
        [-582, -582, 1746, -582],
    ]
    assert list(scored.totals) == [-446, -510, 1346, -390]
    # The sheet's "+" and "-" columns: Nord +318 -764, Sud +1746 -400.
    assert sum(max(d[0], 0) for d in by_deal) == 318
    assert sum(min(d[2], 0) for d in by_deal) == -400
    assert list(scored.deals[2].totals) == [-140, 164, -308, 284]


def test_poignees_of_several_players_go_to_the_winner() -> None:
    """FFT: Garde of 49 with 2 bouts, (25 + 8) x 2 = 66; the taker's simple (20)
    and a defender's (20) both go to the side that wins: 106 a defender."""
    deal = {
        "contract": "garde",
        "taker": 0,
        "points": 49,
        "bouts": 2,
        "poignees": [{"seat": 0, "size": "simple"}, {"seat": 1, "size": "simple"}],
    }
    assert score_sheet(_sheet([deal])).totals == (318, -106, -106, -106)


def test_poignees_showing_more_trumps_than_the_deck_holds_are_refused() -> None:
    """At 4 players a simple shows 10 trumps and a double 13: 23, and there are
    21 trumps and the Excuse."""
    deal = {
        "contract": "garde",
        "taker": 0,
        "points": 49,
        "bouts": 2,
        "poignees": [{"seat": 0, "size": "simple"}, {"seat": 1, "size": "double"}],
    }
    with pytest.raises(ValueError, match="23 trumps"):
        score_sheet(_sheet([deal]))


def test_pousse_and_misere_in_traditionnel() -> None:
    """Traditionnel: a Pousse (x2) failed by 6 pays no prime: 12 a defender;
    Dee's two misères take 10 each from each other player."""
    deal = {
        "contract": "pousse",
        "taker": 1,
        "points": 45,
        "bouts": 1,
        "miseres": [{"seat": 3, "kind": "sans_atouts"}, {"seat": 3, "kind": "sans_points"}],
    }
    scored = score_sheet(_sheet([deal], variant="traditionnel"))
    assert scored.totals == (12 - 20, -36 - 20, 12 - 20, 12 + 60)


def test_the_mort_form_at_five() -> None:
    """Five at the table, the dealer out: a Garde made by 1 is 52 a defender,
    the taker marks three times that, the dealer nothing."""
    deal = {"contract": "garde", "taker": 2, "points": 52, "bouts": 1, "sitting_out": 0}
    scored = score_sheet(_sheet([deal], players=5, options={"dealer_sits_out": True}))
    assert scored.totals == (0, -52, 156, -52, -52)


def test_chelem_announced_and_failed() -> None:
    """FFT: a Prise made by 10 (35) with an announced chelem failed (-200): the
    taker's side pays 165 a defender."""
    deal = {
        "contract": "prise",
        "taker": 0,
        "points": 51,
        "bouts": 2,
        "chelem": {"announced": True},
    }
    scored = score_sheet(_sheet([deal]))
    assert scored.totals == (-495, 165, 165, 165)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"taker": 4}, "deals.1.taker"),
        ({"contract": "pousse"}, "deals.1.contract"),
        ({"miseres": [{"seat": 1, "kind": "sans_atouts"}]}, "deals.1.miseres"),
        ({"points": 40.25}, "deals.1.points"),
        ({"chelem": {"announced": "yes"}}, "deals.1.chelem.announced"),
    ],
)
def test_a_bad_deal_is_named_by_its_place(change: dict[str, Any], field: str) -> None:
    good = {"contract": "garde", "taker": 0, "points": 50, "bouts": 2}
    with pytest.raises(InputError) as refused:
        score_sheet(_sheet([good, {**good, **change}]))
    assert refused.value.field == field


def test_csv_has_a_row_per_deal_and_the_totals() -> None:
    scored = score_sheet(parse(SheetInput, EXAMPLE.read_text(encoding="utf-8")))
    lines = csv_text(scored).splitlines()
    assert lines[0].startswith("deal,contract,taker,points,bouts,made,Nord,Ouest,Sud,Est")
    assert lines[3] == "3,prise,Sud,44,1,no,42,42,-126,42,-140,164,-308,284"
    assert lines[-1] == "total,,,,,,-446,-510,1346,-390,,,,"


def test_csv_in_french() -> None:
    """The same sheet in the French page's words; the rulebook's third deal (Sud's
    Prise, 44 points and 1 bout, short of 51) is failed: "non"."""
    scored = score_sheet(parse(SheetInput, EXAMPLE.read_text(encoding="utf-8")))
    lines = csv_text(scored, "fr").splitlines()
    assert lines[0].startswith("donne,contrat,preneur,points,bouts,réussi,Nord,Ouest,Sud,Est")
    assert lines[0].endswith(",Nord (total),Ouest (total),Sud (total),Est (total)")
    assert lines[3] == "3,prise,Sud,44,1,non,42,42,-126,42,-140,164,-308,284"
    assert lines[-1] == "total,,,,,,-446,-510,1346,-390,,,,"
    assert ",oui," in lines[1] + lines[2] + lines[4] + lines[5]


def test_a_name_in_the_csv_is_never_a_formula() -> None:
    sheet = _sheet([{"contract": "prise", "taker": 0, "points": 60, "bouts": 1}])
    sheet.players[0].name = "=HYPERLINK(1)"
    lines = csv_text(score_sheet(sheet)).splitlines()
    assert lines[0].split(",")[6] == "'=HYPERLINK(1)"
    assert lines[1].split(",")[2] == "'=HYPERLINK(1)"


_DEALS = st.fixed_dictionaries(
    {
        "contract": st.sampled_from(["prise", "garde", "garde_sans", "garde_contre"]),
        "taker": st.integers(0, 3),
        "points": st.integers(12, 78),
        "bouts": st.just(1),
    },
    optional={"petit_au_bout": st.sampled_from(["attack", "defense"])},
)


@settings(max_examples=40, deadline=None)
@given(st.lists(_DEALS, max_size=8))
def test_running_totals_add_the_deals_and_sum_to_zero(deals: list[dict[str, Any]]) -> None:
    scored = score_sheet(_sheet(deals))
    running = [0, 0, 0, 0]
    for deal in scored.deals:
        assert sum(deal.score.scores) == 0
        running = [r + s for r, s in zip(running, deal.score.scores, strict=True)]
        assert list(deal.totals) == running
    assert list(scored.totals) == running


@pytest.mark.parametrize(
    ("rules", "field", "rule", "english", "french"),
    [
        (
            {"options": {"misere": "often"}},
            "options",
            ["option_kind"],
            "option 'misere' expects true or false",
            "l'option « misere » attend true ou false",
        ),
        (
            {"options": {"prime": 10**7}},
            "options",
            ["option_range"],
            "option 'prime' must be at least -1000000 and at most 1000000",
            "l'option « prime » doit valoir au moins -1000000 et au plus 1000000",
        ),
        (
            {"variant": "belote"},
            "variant",
            ["unknown_variant"],
            "no variant called belote (known: fft, traditionnel)",
            "aucune variante ne s'appelle belote (connues : fft, traditionnel)",
        ),
    ],
)
def test_the_rules_refused_come_coded(
    rules: dict[str, Any], field: str, rule: list[str], english: str, french: str
) -> None:
    """An option (or variant) the engine refuses was ``sheet_invalid`` with its English
    reason alone: the engine's code comes along in ``rule``, as a record's does
    (``atout.records.because``), for the page and the command line to word it."""
    with pytest.raises(InputError) as caught:
        score_sheet(_sheet([], **rules))
    refusal = caught.value.refusal()
    assert refusal.code == "sheet_invalid" and refusal.params["rule"] == rule
    assert (refusal.params["field"], refusal.params["reason"]) == (field, english)
    assert str(refusal) == f"{field}: {english}"
    assert full_message(refusal.code, refusal.params, "fr") == f"{field} : {french}"


def test_a_rule_of_the_game_broken_stays_a_single_code() -> None:
    """A deal no play can give names its rule as it did (a code, not a list), with
    the deal's number from 1."""
    lost = {"contract": "prise", "taker": 0, "points": 90, "bouts": 3}
    with pytest.raises(InputError) as caught:
        score_sheet(_sheet([lost]))
    refusal = caught.value.refusal()
    assert (refusal.params["rule"], refusal.params["deal"]) == ("deal_trick_lost_points", 1)
    assert full_message(refusal.code, refusal.params, "fr").startswith("deals.0.points : ")
