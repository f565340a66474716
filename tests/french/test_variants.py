"""Variants as data: the rule values of docs/rules.md and checked option overrides."""

from __future__ import annotations

from typing import Any

import pytest

from atout.french.variants import FFT, TRADITIONNEL, Contract, Variant, get_variant


def test_fft_contracts_and_multipliers() -> None:
    assert FFT.contracts == (
        Contract.PRISE,
        Contract.GARDE,
        Contract.GARDE_SANS,
        Contract.GARDE_CONTRE,
    )
    assert [FFT.multiplier(c) for c in FFT.contracts] == [1, 2, 4, 6]
    assert FFT.poignee_trumps == {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
    assert (FFT.chelem_announced_made, FFT.chelem_unannounced_made) == (400, 200)
    assert (FFT.chelem_announced_failed, FFT.chelem_defence) == (-200, 200)
    assert FFT.excuse_last_trick == "other_side"  # "sinon elle change de camp"


def test_traditionnel_from_seed_001() -> None:
    assert [TRADITIONNEL.multiplier(c) for c in TRADITIONNEL.contracts] == [1, 2, 4, 8, 12]
    assert Contract.POUSSE in TRADITIONNEL.contracts
    assert TRADITIONNEL.prime_only_when_made
    assert TRADITIONNEL.chelem_announced_made == 600
    assert TRADITIONNEL.chelem_unannounced_made == 300
    assert TRADITIONNEL.misere
    assert TRADITIONNEL.excuse_last_trick == "trick_winner"  # "revient au gagnant de ce pli"


def test_get_variant_default_is_fft() -> None:
    assert get_variant() is FFT
    assert get_variant("traditionnel") is TRADITIONNEL


def test_options_override_fields() -> None:
    variant = get_variant("fft", {"misere": True, "excuse_last_trick": "trick_winner"})
    assert variant.misere
    assert variant.excuse_last_trick == "trick_winner"
    assert FFT.misere is False  # the named variant itself is untouched


def test_poignee_table_from_json_updates_one_row() -> None:
    variant = get_variant("fft", {"poignee_trumps": {"4": [9, 12, 14]}})
    assert variant.poignee_trumps == {3: (13, 15, 18), 4: (9, 12, 14), 5: (8, 10, 13)}


def test_triples_from_json_lists() -> None:
    assert get_variant("fft", {"poignee_bonus": [10, 20, 30]}).poignee_bonus == (10, 20, 30)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"excuse_last_trick": "nobody"}, "excuse_last_trick"),
        ({"poignee_scoring": "always"}, "poignee_scoring"),
        ({"petit_au_bout_scoring": 3}, "petit_au_bout_scoring"),
        ({"misere": 1}, "misere"),
        ({"prime": True}, "prime"),
        ({"prime": "25"}, "prime"),
        ({"poignee_bonus": [20, 30]}, "poignee_bonus"),
        ({"poignee_trumps": {"4": [13, 10, 15]}}, "poignee_trumps"),
        ({"poignee_trumps": {"6": [10, 13, 15]}}, "poignee_trumps"),
        ({"colour": "red"}, "colour"),
        ({"contracts": []}, "contracts"),
    ],
)
def test_bad_options_are_named(options: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        get_variant("fft", options)


def test_unknown_variant_is_named() -> None:
    with pytest.raises(ValueError, match=r"no variant called belote \(known: fft, traditionnel\)"):
        get_variant("belote")


def test_constructing_a_variant_checks_its_values() -> None:
    with pytest.raises(ValueError, match="excuse_last_trick"):
        FFT.replace(excuse_last_trick="somewhere")
    with pytest.raises(ValueError, match="multipliers"):
        Variant(name="x", contracts=(Contract.PRISE,), multipliers={})
    with pytest.raises(ValueError, match="contracts"):
        Variant(name="x", contracts=(Contract.PASS,), multipliers={Contract.PASS: 0})
