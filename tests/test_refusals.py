"""Every refusal raised anywhere has its English and French message, with the
parameters it is raised with, and the catalogue holds nothing else.

The codes are collected from the sources: each call of a refusal class (every
subclass of ``Refusal``) with a literal code, its keyword parameters with it.
"""

from __future__ import annotations

import ast
import importlib
import pickle
import pkgutil
import re
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

import atout
from atout.game import IllegalAction
from atout.refusals import CATALOGUE, MESSAGES, Refusal, message
from atout.refusals_fields import custom_error, field_path, field_reason
from atout.text import PlainText

ROOT = Path(atout.__file__).parent
PLACEHOLDER = re.compile(r"\{(\w+)\}")
NOT_PARAMS = frozenset({"headers", "at"})
"""Keyword arguments of a refusal class that are not parameters of its message (an
HTTP refusal's headers, the field an impossible deal names)."""
HELPERS = {"_refused": frozenset(), "throttled": frozenset({"seconds"})}
"""Functions given a literal code that build the refusal, with the parameters they add."""


def refusal_classes() -> set[str]:
    """The names of Refusal and every subclass of it in atout."""
    for module in pkgutil.walk_packages([str(ROOT)], "atout."):
        if ".migrations" not in module.name:  # alembic's scripts, run by alembic only
            importlib.import_module(module.name)
    names = {"Refusal"}
    todo: list[type[Refusal]] = [Refusal]
    while todo:
        for sub in todo.pop().__subclasses__():
            names.add(sub.__name__)
            todo.append(sub)
    return names


def codes_of(node: ast.expr) -> list[str]:
    """The literal codes an argument may be: a string, or either side of an if-else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return codes_of(node.body) + codes_of(node.orelse)
    return []


def raised() -> list[tuple[str, frozenset[str], str]]:
    """(code, keyword parameters, where) of every refusal built with a literal code.
    A refusal passed on (``TableError(error.code, **error.params)``) has none."""
    names = refusal_classes() | set(HELPERS)
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in names:
                continue
            codes = next((c for c in map(codes_of, node.args) if c), [])
            params = frozenset(k.arg for k in node.keywords if k.arg and k.arg not in NOT_PARAMS)
            params |= HELPERS.get(name, frozenset())
            where = f"{path.relative_to(ROOT.parent)}:{node.lineno}"
            found += [(code, params, where) for code in codes]
    return found


RAISED = raised()
JS_CODES = {
    code
    for path in (ROOT / "web" / "static" / "js").glob("*.js")
    # a code the page compares, or gives an error itself (net.js: ``connection_lost``)
    for code in re.findall(r"(?<!\w)code(?: ===|:) \"(\w+)\"", path.read_text(encoding="utf-8"))
}


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_the_sources_raise_many_codes() -> None:
    # The scan itself works: the refusals of the engines, the tables, the hub,
    # the accounts and the names are all found.
    codes = {code for code, _, _ in RAISED}
    for code in ("must_follow", "not_your_turn", "table_private", "unknown_session"):
        assert code in codes
    assert {"name_guest", "wrong_credentials", "players_range", "bids_total"} <= codes
    assert "unknown_session" in JS_CODES


@pytest.mark.parametrize(("code", "params", "where"), RAISED, ids=[w for _, _, w in RAISED])
def test_every_raised_code_has_both_messages_with_its_parameters(
    code: str, params: frozenset[str], where: str
) -> None:
    assert code in MESSAGES, f"{where}: {code} is not in atout/refusals.json"
    texts = MESSAGES[code]
    assert set(texts) == {"en", "fr"} and all(texts.values()), code
    assert placeholders(texts["en"]) == params, f"{where}: {code} raised with {sorted(params)}"
    assert placeholders(texts["fr"]) == params, code


def test_the_catalogue_holds_only_codes_in_use() -> None:
    used = {code for code, _, _ in RAISED} | JS_CODES
    assert set(MESSAGES) - used == set()
    assert set(MESSAGES) >= JS_CODES


def test_words_of_parameters_exist_in_both_languages() -> None:
    terms = CATALOGUE["terms"]
    assert set(terms["en"]) == set(terms["fr"])
    for group, words in terms["en"].items():
        assert set(words) == set(terms["fr"][group]), group
    for kind in CATALOGUE["kinds"].values():
        assert kind in ("card", "number", "duration") or kind in terms["en"]


def test_a_wait_is_said_in_minutes_and_hours_beyond_two_minutes() -> None:
    """A throttle said "try again in 549 s"."""
    said = {s: message("too_many_sign_ins", {"seconds": s}) for s in (45, 119, 549, 600, 7500)}
    assert [text.rsplit(" in ", 1)[1] for text in said.values()] == [
        "45 s",
        "119 s",
        "9 min 9 s",
        "10 min",
        "2 h 5 min",
    ]
    french = message("too_many_sign_ins", {"seconds": 549}, "fr")
    assert french.endswith("réessayez dans 9 min 9 s")


def test_parameters_are_shown_in_the_readers_language() -> None:
    error = Refusal("must_follow", suit="spades")
    assert str(error) == "you must follow spades"
    assert message(error.code, error.params, "fr") == "vous devez fournir à pique"
    names = {"KH": "King of hearts", "QH": "Queen of hearts"}
    call = Refusal("call_only", cards=["KH", "QH"], card="KS")
    assert str(call) == "you may call only KH, QH, not KS"
    assert message("call_only", call.params, "en", lambda c: names.get(c, c)) == (
        "you may call only King of hearts, Queen of hearts, not KS"
    )
    bid = Refusal("bid_higher", contract="garde_sans")
    assert message(bid.code, bid.params, "fr") == "il faut annoncer plus que garde sans, ou passer"
    assert error.wire() == {
        "code": "must_follow",
        "params": {"suit": "spades"},
        "message": "you must follow spades",
    }


def test_a_refusal_survives_pickling() -> None:
    # Robots think in other processes: a refusal crossing over keeps its parameters.
    copy = pickle.loads(pickle.dumps(IllegalAction("must_trump", suit="clubs")))
    assert isinstance(copy, IllegalAction)
    assert (copy.code, copy.params, str(copy)) == (
        "must_trump",
        {"suit": "clubs"},
        "you must trump: you have no clubs",
    )


class _Shaped(BaseModel):
    """A model with the kinds of field every refusal naming a field meets."""

    model_config = ConfigDict(extra="forbid", strict=True)

    count: int = Field(default=1, ge=1, le=9)
    share: float = Field(default=1.0, gt=0, lt=2)
    word: Literal["a", "b"] = "a"
    name: PlainText = Field(default="x", min_length=1, max_length=4)
    code: str = Field(default="xyz", min_length=3)
    items: list[int] = Field(default_factory=lambda: [1], min_length=1, max_length=2)
    pair: list[int] = Field(default_factory=lambda: [1, 2], min_length=2)
    flag: bool = True
    needed: int
    half: float = 0.0

    @field_validator("half")
    @classmethod
    def _half(cls, value: float) -> float:
        if (value * 2) % 1:
            raise custom_error(Refusal("field_half_points"))
        return value


@pytest.mark.parametrize(
    ("given", "code", "params", "french"),
    [
        ({}, "field_missing", {}, "ce champ est obligatoire"),
        ({"other": 1}, "field_unknown", {}, "aucun champ de ce nom n'est attendu"),
        ({"count": "2"}, "field_kind", {"json_wanted": "integer"}, "doit être un nombre entier"),
        ({"count": 1.5}, "field_kind", {"json_wanted": "integer"}, "doit être un nombre entier"),
        ({"flag": 1}, "field_kind", {"json_wanted": "boolean"}, "doit être un booléen"),
        ({"name": 1}, "field_kind", {"json_wanted": "string"}, "doit être un texte"),
        ({"items": {}}, "field_kind", {"json_wanted": "list"}, "doit être une liste"),
        (
            {"word": "c"},
            "field_choice",
            {"choices": ["a", "b"]},
            "doit être l'une des valeurs a, b",
        ),
        ({"count": 0}, "field_at_least", {"min": 1}, "doit valoir au moins 1"),
        ({"count": 10}, "field_at_most", {"max": 9}, "doit valoir au plus 9"),
        ({"share": 0.0}, "field_above", {"min": 0}, "doit valoir plus de 0"),
        ({"share": 2.0}, "field_below", {"max": 2}, "doit valoir moins de 2"),
        ({"name": ""}, "field_empty", {}, "ne doit pas être vide"),
        ({"code": "x"}, "field_text_short", {"min": 3}, "doit compter au moins 3 caractères"),
        ({"name": "xxxxx"}, "field_text_long", {"max": 4}, "doit compter au plus 4 caractères"),
        ({"items": []}, "field_empty", {}, "ne doit pas être vide"),
        ({"pair": [1]}, "field_list_short", {"min": 2}, "doit compter au moins 2 éléments"),
        ({"items": [1, 2, 3]}, "field_list_long", {"max": 2}, "doit compter au plus 2 éléments"),
        ({"name": "a\x00"}, "text_controls", {}, "les caractères de contrôle"),
        ({"name": "\u202e"}, "text_reordering", {}, "les caractères de forçage"),
        ({"name": "\u200b"}, "text_unseen", {}, "un texte sans rien de visible est refusé"),
        ({"half": 0.25}, "field_half_points", {}, "les points se comptent au demi-point près"),
    ],
)
def test_a_fields_fault_is_coded_in_both_languages(
    given: dict[str, Any], code: str, params: dict[str, Any], french: str
) -> None:
    """Pydantic says why in English alone ("Input should be a valid integer"):
    ``field_reason`` gives it as a code of the catalogue, whose French says it."""
    with pytest.raises(ValidationError) as caught:
        _Shaped.model_validate({"needed": 1} | given if given else given)
    first = caught.value.errors(include_url=False)[0]
    why = field_reason(first)
    assert (why.code, why.params) == (code, params)
    assert message(why.code, why.params, "fr").startswith(french)
    assert field_path(first) == next(iter(given), "needed")


def test_a_fault_of_no_known_kind_is_still_coded_and_json_says_where() -> None:
    assert field_reason({"type": "url_parsing", "loc": ("x",), "msg": "?"}).code == "field_invalid"
    value = {"type": "value_error", "loc": ("x",), "ctx": {"error": ValueError("odd")}}
    assert field_reason(value).code == "field_invalid"
    with pytest.raises(ValidationError) as caught:
        _Shaped.model_validate_json('{"needed": 1,\n "count": }')
    why = field_reason(caught.value.errors()[0])
    assert (why.code, why.params) == ("field_json_at", {"line": 2, "column": 11})
    assert message(why.code, why.params, "fr") == (
        "ce n'est pas du JSON valide (ligne 2, colonne 11)"
    )
