"""The patches updates carry (``atout.server.patches``), applied as RFC 6902
says (``tests.json_patch``, written from the RFC): a viewer that applies every
patch it receives holds exactly the view it would have been sent whole."""

from __future__ import annotations

import random
import re
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.game import CHANCE, SPECTATOR
from atout.registry import game_rules
from atout.server.patches import changes, diff, sections
from tests.json_patch import apply_patch

GAMES: list[tuple[str, int, str, dict[str, Any]]] = [
    ("french", 3, "fft", {}),
    ("french", 4, "fft", {"deals": 2}),
    ("french", 5, "fft", {"misere": True}),
    ("africain", 3, "standard", {}),
    ("africain", 5, "cinq", {}),
]


def exact(value: Any) -> bytes:
    """A value's JSON with sorted keys: equal texts are equal JSON (``True`` is not ``1``)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def views_of_a_game(game: int, seed: int) -> dict[int, list[Any]]:
    """Per viewer (each seat and a spectator), its view after each action of a
    random game, as the server sends them (JSON-ready)."""
    name, players, variant, options = GAMES[game]
    rules = game_rules(name)
    state = rules.new(players, variant, options)
    rng = random.Random(seed)
    viewers = [SPECTATOR, *range(players)]
    views: dict[int, list[Any]] = {v: [state.view(v)] for v in viewers}
    while not state.is_over and len(views[SPECTATOR]) < 200:
        if state.to_move == CHANCE:
            state.apply(rules.deal_action(state, rng.getrandbits(32)))
        else:
            state.apply(rng.choice(list(state.legal_actions())))
        for viewer in viewers:
            views[viewer].append(orjson.loads(orjson.dumps(state.view(viewer))))
    return views


def words(value: Any) -> set[str]:
    """Every word of the strings in a value (card texts stand alone)."""
    found: set[str] = set()
    for text in re.findall(r'"([^"]*)"', orjson.dumps(value).decode()):
        found |= set(re.split(r"[:,= /]", text))
    return found


@settings(max_examples=10, deadline=None)
@given(game=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**32))
def test_patching_each_view_gives_the_next_for_every_viewer(game: int, seed: int) -> None:
    for viewer, views in views_of_a_game(game, seed).items():
        held = views[0]
        patched_bytes = whole_bytes = 0
        for view in views[1:]:
            patch = diff(held, view)
            held = apply_patch(held, patch)
            assert exact(held) == exact(view), viewer
            # Nothing in a patch that the whole view does not show.
            assert words([op.get("value") for op in patch]) <= words(view)
            patched_bytes += len(orjson.dumps(patch))
            whole_bytes += len(orjson.dumps(view))
        # Whole views resend the rules and every trick: patches only what changed.
        # French views (2 KB) shrink to under half; Africain ones (0.6 KB, one
        # trick shown) less, about half in a short random game.
        assert patched_bytes * (2 if GAMES[game][0] == "french" else 1) < whole_bytes


json_values = st.recursive(  # no booleans inside lists and objects (see ``patches._same``)
    st.none() | st.integers(-3, 3) | st.sampled_from(["a", "KH", "~", ""]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["a", "b", "a/b", "~1", "-", "0"]), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(old=json_values, new=json_values)
def test_a_patch_turns_any_document_into_any_other(old: Any, new: Any) -> None:
    assert exact(apply_patch(old, diff(old, new))) == exact(new)


@settings(max_examples=100, deadline=None)
@given(old=st.lists(st.integers(0, 9), max_size=8), data=st.data())
def test_a_list_grown_or_shortened_by_one_item_costs_one_operation_per_change(
    old: list[int], data: st.DataObject
) -> None:
    added = data.draw(st.lists(st.integers(0, 9), max_size=3))
    assert diff({"l": old}, {"l": old + added}) == [
        {"op": "add", "path": "/l/-", "value": item} for item in added
    ]
    if old:
        gone = data.draw(st.integers(0, len(old) - 1))
        shorter = old[:gone] + old[gone + 1 :]
        [operation] = diff({"l": old}, {"l": shorter})
        assert operation["op"] == "remove"
        assert apply_patch({"l": old}, [operation]) == {"l": shorter}


def test_json_tells_true_from_one_and_keys_are_escaped() -> None:
    assert diff({"a": 1}, {"a": True}) == [{"op": "replace", "path": "/a", "value": True}]
    assert diff({"a": [0, 1]}, {"a": [0, False]}) == [
        {"op": "replace", "path": "/a/1", "value": False}
    ]
    assert diff({"a/b": {"~": 1}}, {"a/b": {"~": 2}}) == [
        {"op": "replace", "path": "/a~1b/~0", "value": 2}
    ]
    assert diff({"x": 1}, {"x": 1}) == []


json_objects = st.dictionaries(
    st.sampled_from(["a", "b", "a/b", "~1", "-", "0"]), json_values | st.booleans()
)


@settings(max_examples=300, deadline=None)
@given(old=json_objects, new=json_objects)
def test_comparing_sections_patches_as_reading_the_old_view_back_would(
    old: dict[str, Any], new: dict[str, Any]
) -> None:
    patch = changes(sections(old), new, sections(new))
    assert exact(apply_patch(old, patch)) == exact(new)
    if list(old) == list(new):  # the same sections: the same operations
        assert patch == diff(old, new)


@settings(max_examples=100, deadline=None)
@given(old=st.lists(json_values, max_size=5), added=st.lists(json_values, max_size=3))
def test_a_section_that_only_grew_is_sent_as_its_new_items(
    old: list[Any], added: list[Any]
) -> None:
    before, after = {"l": old, "x": 1}, {"l": old + added, "x": 1}
    assert changes(sections(before), after, sections(after)) == [
        {"op": "add", "path": "/l/-", "value": item} for item in added
    ]
