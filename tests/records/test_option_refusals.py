"""A record's options that the engine refuses are refused with codes naming the
option and what is wrong with it (``rec_options``, its ``rule`` the engine's
``option_*`` code and the parameters it words), so that a French reader of the
refusal reads French: the engine's English reason used to come as it was."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from atout.record_files import read_log, read_record
from atout.record_format import GameRecord, record_refusal
from atout.record_json import write_json
from atout.record_text import write_text
from atout.records import Record, RecordError
from atout.refusals import MESSAGES, full_message, message
from atout.registry import game_rules
from atout.variant_options import NUMBER_LIMIT, OptionError

Case = tuple[str, int, str, dict[str, Any], str, dict[str, Any]]

CASES: list[Case] = [
    # an unknown option
    ("french", 4, "fft", {"colour": 1}, "option_unknown", {"option": "colour"}),
    ("africain", 3, "standard", {"life": 1}, "option_unknown", {"option": "life"}),
    # a value not of the option's kind
    ("french", 4, "fft", {"prime": "25"}, "option_kind", {"option": "prime", "takes": "integer"}),
    ("french", 4, "fft", {"deals": 1.5}, "option_kind", {"option": "deals", "takes": "integer"}),
    (
        "africain",
        3,
        "standard",
        {"remontee": 1},
        "option_kind",
        {"option": "remontee", "takes": "boolean"},
    ),
    (
        "africain",
        3,
        "standard",
        {"hand_sizes": []},
        "option_kind",
        {"option": "hand_sizes", "takes": "integers"},
    ),
    (
        "french",
        4,
        "fft",
        {"poignee_bonus": [20, 30]},
        "option_kind",
        {"option": "poignee_bonus", "takes": "three_integers"},
    ),
    (
        "french",
        4,
        "fft",
        {"poignee_trumps": {"4": [15, 13, 10]}},
        "option_kind",
        {"option": "poignee_trumps", "takes": "thresholds"},
    ),
    # a word not among the option's choices
    (
        "french",
        4,
        "fft",
        {"excuse_last_trick": "nobody"},
        "option_choice",
        {"option": "excuse_last_trick", "choices": ["other_side", "trick_winner", "owner"]},
    ),
    (
        "french",
        4,
        "fft",
        {"imposed_contract": "pousse"},  # not a contract of the FFT's
        "option_choice",
        {
            "option": "imposed_contract",
            "choices": ["none", "prise", "garde", "garde_sans", "garde_contre"],
        },
    ),
    (
        "africain",
        3,
        "standard",
        {"loss": "all"},
        "option_choice",
        {"option": "loss", "choices": ["missing", "difference"]},
    ),
    # a number out of its bounds
    (
        "africain",
        3,
        "standard",
        {"lives": 0},
        "option_range",
        {"option": "lives", "min": 1, "max": NUMBER_LIMIT},
    ),
    (
        "africain",
        3,
        "standard",
        {"hand_sizes": [5, 12]},
        "option_range",
        {"option": "hand_sizes", "min": 1, "max": 11},
    ),
    (
        "french",
        4,
        "fft",
        {"prime": 10**7},
        "option_range",
        {"option": "prime", "min": -NUMBER_LIMIT, "max": NUMBER_LIMIT},
    ),
    (
        "french",
        4,
        "fft",
        {"deals": 0},
        "option_range",
        {"option": "deals", "min": 1, "max": NUMBER_LIMIT},
    ),
    (
        "french",
        3,
        "fft",
        {"imposed_contract": "garde", "imposed_taker": 3},  # no seat 3 at 3
        "option_range",
        {"option": "imposed_taker", "min": -1, "max": 2},
    ),
    # a combination the rules refuse
    (
        "french",
        5,
        "fft",
        {"dealer_sits_out": True, "imposed_taker": 1},
        "option_with",
        {"option": "imposed_taker", "other": "dealer_sits_out"},
    ),
    (
        "french",
        4,
        "fft",
        {"dealer_sits_out": True},
        "option_players",
        {"option": "dealer_sits_out", "players": 4},
    ),
    (
        "africain",
        4,
        "standard",
        {"max_players": 3},
        "option_players",
        {"option": "max_players", "players": 4},
    ),
    (
        "africain",
        3,
        "standard",
        {"hand_sizes": [11, 8]},  # 3 x 8 cards > 22
        "option_players",
        {"option": "hand_sizes", "players": 3},
    ),
]
IDS = [f"{case[0]}-{case[4]}-{'-'.join(case[3])}" for case in CASES]
NAMES = ("game", "players", "variant", "options", "code", "params")


def text_form(game: str, players: int, variant: str, options: dict[str, Any]) -> str:
    return write_text(GameRecord(game, players, variant, options))


def json_form(game: str, players: int, variant: str, options: dict[str, Any]) -> str:
    return write_json(GameRecord(game, players, variant, options))


def log_form(game: str, players: int, variant: str, options: dict[str, Any]) -> str:
    return Record(game, players, variant, options).to_json()


FORMS: dict[str, tuple[Callable[[str, int, str, dict[str, Any]], str], str]] = {
    "text": (text_form, "bad_record_at"),
    "json": (json_form, "bad_record_in"),
    "log": (log_form, "bad_record"),
}
"""Each form of a record, and the code of its refusal where it cannot be read."""


def english_in_french(refusal_code: str, params: dict[str, Any], code: str) -> None:
    """The refusal worded in French, as the web page words it, holds the option's
    refusal in French and not the engine's English."""
    french = full_message(refusal_code, params, "fr")
    assert message(code, params, "fr") in french, french
    assert message(code, params, "en") not in french, french
    assert "option '" not in french and "expects" not in french, french
    # the English message is the one the refusal always had: reason and all
    assert full_message(refusal_code, params, "en") == message(refusal_code, params, "en")


@pytest.mark.parametrize(NAMES, CASES, ids=IDS)
def test_the_engine_names_the_option_and_what_is_wrong(
    game: str,
    players: int,
    variant: str,
    options: dict[str, Any],
    code: str,
    params: dict[str, Any],
) -> None:
    with pytest.raises(OptionError) as refused:
        game_rules(game).new(players, variant, options)
    error = refused.value
    assert error.code == code and params.items() <= error.params.items()
    # every parameter the messages word, and no other
    placeholders = set(re.findall(r"\{(\w+)\}", MESSAGES[code]["en"]))
    assert set(error.params) == placeholders
    assert message(code, error.params, "fr") != message(code, error.params, "en")


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(NAMES, CASES, ids=IDS)
def test_a_records_options_are_refused_coded(
    form: str,
    game: str,
    players: int,
    variant: str,
    options: dict[str, Any],
    code: str,
    params: dict[str, Any],
) -> None:
    make, refusal_code = FORMS[form]
    text = make(game, players, variant, options)
    with pytest.raises(RecordError) as refused:
        if form == "log":
            read_log(text).replay()
        else:
            read_record(text)
    why = refused.value.why
    assert why is not None and why.code == "rec_options"
    assert why.params["rule"] == [code]
    assert params.items() <= why.params.items()
    refusal = record_refusal(refused.value)
    assert refusal.code == refusal_code
    assert refusal.params["rule"] == ["rec_options", code]
    assert params.items() <= refusal.params.items()
    english_in_french(refusal.code, refusal.params, code)


def test_a_text_record_names_the_options_tag() -> None:
    text = text_form("africain", 3, "standard", {"lives": 0})
    line = text.splitlines().index('[Options "lives=0"]') + 1
    with pytest.raises(RecordError) as refused:
        read_record(text)
    refusal = record_refusal(refused.value)
    assert (refusal.params["line"], refusal.params["column"]) == (line, 1)
    assert full_message(refusal.code, refusal.params, "fr") == (
        f"cet enregistrement est illisible à la ligne {line}, colonne 1 : "
        "l'option « lives » doit valoir au moins 1 et au plus 1000000"
    )


@pytest.mark.parametrize("form", FORMS)
def test_a_variant_not_played_by_the_records_players_is_coded(form: str) -> None:
    """``standard`` seats 2 to 4 (``cinq`` 5 too): the variant's own limit, not an
    option's, and no English reason either."""
    make, refusal_code = FORMS[form]
    text = make("africain", 5, "standard", {})
    with pytest.raises(RecordError) as refused:
        if form == "log":
            read_log(text).replay()
        else:
            read_record(text)
    why = refused.value.why
    assert why is not None
    assert (why.code, why.params) == (
        "rec_variant_players",
        {"variant": "standard", "min": 2, "max": 4},
    )
    refusal = record_refusal(refused.value)
    assert refusal.code == refusal_code and refusal.params["rule"] == ["rec_variant_players"]
    assert full_message(refusal.code, refusal.params, "fr").endswith(
        "la variante standard se joue de 2 à 4 joueurs"
    )
