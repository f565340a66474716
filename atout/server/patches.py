"""What changed in a viewer's view, as a JSON Patch (RFC 6902).

A view is the whole game for one viewer (about 2 KB for French Tarot, the
rules block and every trick of the deal included), and one action changes a
few of its fields: whose turn, a card added to the trick, one card gone from
a hand. An update sends the patch that turns the view its client last
received into the view now, so that a move costs tens of bytes per viewer
instead of the whole history. The patch holds only values of the new view: it
can show a viewer nothing that its full view would not.

Only three operations are written: ``add`` (a new key, or ``/-`` to append to
a list), ``remove`` (a key, or one item of a list) and ``replace``; a list
that grew at its end is sent as its new items only, a list that lost one item
as that item's removal, a list of the same length item by item, and any other
list whole. A server keeps the view its client holds as the JSON texts of its
top-level sections (``sections``) and patches from those (``changes``): an
unchanged section is one comparison of bytes, and only a changed one that did
not just grow is read back.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import compress, count
from operator import ne
from typing import Any, Final

import orjson

Patch = list[dict[str, Any]]
Sections = tuple[tuple[str, ...], tuple[bytes, ...]]
"""A view as a table keeps it for its next patch: its top-level keys, and each
section's JSON text. Texts, as a thousand lasting objects per table would make
the garbage collector's full passes long enough to delay every table's updates
(tuples of strings and bytes are not tracked)."""


def diff(old: Any, new: Any) -> Patch:
    """The operations that turn ``old`` into ``new`` (both JSON-ready): applied
    in order to a copy of ``old``, they give a value equal to ``new``."""
    ops: Patch = []
    _diff(old, new, "", ops)
    return ops


def sections(view: Mapping[str, Any]) -> Sections:
    """A view's sections as ``changes`` compares them: each encoded once."""
    return tuple(view), tuple(map(orjson.dumps, view.values()))


def changes(held: Sections, view: Mapping[str, Any], now: Sections) -> Patch:
    """What turns the view ``held`` was made of into ``view`` (whose sections
    are ``now``), as ``diff`` writes it, without reading the old view back: an
    unchanged section costs one comparison of texts, a list that only grew (the
    tricks) its new items, and only a section otherwise changed (a hand, the
    trick) is read back, alone, and diffed."""
    keys, texts = now
    old_keys, old_texts = held
    if keys != old_keys:  # a game's views have the same keys: not worth its own path
        old = dict(zip(old_keys, map(orjson.loads, old_texts), strict=True))
        return diff(old, view)
    ops: Patch = []
    for index in compress(range(len(keys)), map(bytes.__ne__, old_texts, texts)):
        key = keys[index]
        path = f"/{_escaped(key)}"
        value = view[key]
        was = old_texts[index]
        opening = _OPENING.get(type(value))
        if opening is None or not was.startswith(opening):  # nothing to go into
            ops.append({"op": "replace", "path": path, "value": value})
            continue
        grown = _grown(was, texts[index], value) if opening == b"[" else None
        if grown is None:
            _diff(orjson.loads(was), value, path, ops)
        else:
            ops.extend({"op": "add", "path": f"{path}/-", "value": item} for item in grown)
    return ops


_OPENING: Final[dict[type, bytes]] = {dict: b"{", list: b"["}
"""How the text of a value ``_diff`` goes into begins: a changed section that is
not one, or was not one, is replaced whole without reading the old one back
(a scalar's text changes only when its JSON value does)."""


def _grown(old: bytes, new: bytes, items: list[Any]) -> list[Any] | None:
    """The items added at the end of the list whose text was ``old`` to make
    ``items`` (whose text is ``new``), None if it changed otherwise: found from
    the end, as a list grows by an item or two (the old items are whole JSON
    values, so a comma after their text is the list's own)."""
    if old == b"[]":
        return items
    end = len(old) - 1  # where the old list's "]" is, and a comma must be
    if not new.startswith(old[:end]):
        return None
    at = len(new) - 1
    for start in range(len(items) - 1, -1, -1):
        at -= len(orjson.dumps(items[start])) + 1
        if at <= end:
            return items[start:] if at == end and new[end] == ord(",") else None
    return None


def _diff(old: Any, new: Any, path: str, ops: Patch) -> None:
    """Append to ``ops`` what turns ``old``, found at ``path``, into ``new``
    (which the caller found different, or does not know to be equal)."""
    if type(old) is dict and type(new) is dict:
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": f"{path}/{_escaped(key)}", "value": value})
                continue
            was = old[key]
            if was != value or (type(was) is not type(value) and bool in (type(was), type(value))):
                _diff(was, value, f"{path}/{_escaped(key)}", ops)
        ops.extend({"op": "remove", "path": f"{path}/{_escaped(k)}"} for k in old if k not in new)
        return
    if type(old) is list and type(new) is list and _list_diff(old, new, path, ops):
        return
    if not _same(old, new):
        ops.append({"op": "replace", "path": path, "value": new})


def _list_diff(old: list[Any], new: list[Any], path: str, ops: Patch) -> bool:
    """Append the short forms of a list's change (grown at its end, one item
    removed, changed item by item); False when the list is better sent whole."""
    kept = len(old)
    if len(new) >= kept and _same(new[:kept], old):
        ops.extend({"op": "add", "path": f"{path}/-", "value": item} for item in new[kept:])
        return True
    if len(new) == kept - 1:
        gone = next(_unequal(old, new), len(new))
        if _same(old[gone + 1 :], new[gone:]):
            ops.append({"op": "remove", "path": f"{path}/{gone}"})
            return True
        return False
    if len(new) == kept:
        for index in _unequal(old, new):
            _diff(old[index], new[index], f"{path}/{index}", ops)
        return True
    return False


def _unequal(old: list[Any], new: list[Any]) -> Iterator[int]:
    """The indexes, up to the shorter list's length, where the items differ as
    JSON: compared in C when neither list holds a boolean, as ``==`` is then
    ``_same`` (a hand, the hand sizes: one of a few items changed)."""
    if bool in map(type, old) or bool in map(type, new):
        return (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if not _same(a, b))
    return compress(count(), map(ne, old, new))


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON, which tells ``true`` from ``1`` where Python does not.
    Only scalars are checked so: lists and objects compare as Python compares
    them (an observation never puts ``true`` where it had ``1``)."""
    return a == b and (type(a) is type(b) or bool not in (type(a), type(b)))


def _escaped(key: str) -> str:
    """A key as a JSON Pointer (RFC 6901) reference token."""
    return key.replace("~", "~0").replace("/", "~1") if "~" in key or "/" in key else key
