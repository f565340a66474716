"""A JSON Patch (RFC 6902) applier for the test clients, written from the RFC
rather than from the server's ``atout.server.patches``: the tests then check
the server's patches against the standard, not against themselves. Only the
operations the protocol uses: ``add``, ``remove`` and ``replace``."""

from __future__ import annotations

import copy
from typing import Any


class PatchError(ValueError):
    """An operation that does not apply to the document (RFC 6902, section 5)."""


def apply_patch(document: Any, patch: list[dict[str, Any]]) -> Any:
    """The document ``patch`` turns ``document`` into; ``document`` is left as it was."""
    result = copy.deepcopy(document)
    for operation in patch:
        result = _apply(result, operation)
    return result


def _tokens(pointer: str) -> list[str]:
    """A JSON Pointer's reference tokens (RFC 6901): ``~1`` is ``/``, ``~0`` is ``~``."""
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise PatchError(f"bad pointer {pointer!r}")
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def _index(container: list[Any], token: str, *, end_allowed: bool) -> int:
    if token == "-" and end_allowed:
        return len(container)
    if not token.isdigit() or (token != "0" and token.startswith("0")):
        raise PatchError(f"bad array index {token!r}")
    index = int(token)
    if index > len(container) or (index == len(container) and not end_allowed):
        raise PatchError(f"array index {index} out of range")
    return index


def _apply(document: Any, operation: dict[str, Any]) -> Any:
    op, tokens = operation["op"], _tokens(operation["path"])
    if not tokens:  # the whole document
        if op in ("add", "replace"):
            return copy.deepcopy(operation["value"])
        raise PatchError("cannot remove the whole document")
    parent = document
    for token in tokens[:-1]:
        if isinstance(parent, list):
            parent = parent[_index(parent, token, end_allowed=False)]
        elif isinstance(parent, dict) and token in parent:
            parent = parent[token]
        else:
            raise PatchError(f"no {token!r} in {operation['path']!r}")
    last = tokens[-1]
    if isinstance(parent, list):
        index = _index(parent, last, end_allowed=op == "add")
        if op == "add":
            parent.insert(index, copy.deepcopy(operation["value"]))
        elif op == "remove":
            del parent[index]
        elif op == "replace":
            parent[index] = copy.deepcopy(operation["value"])
        else:
            raise PatchError(f"unexpected operation {op!r}")
    elif isinstance(parent, dict):
        if op != "add" and last not in parent:
            raise PatchError(f"no {last!r} to {op}")
        if op in ("add", "replace"):
            parent[last] = copy.deepcopy(operation["value"])
        elif op == "remove":
            del parent[last]
        else:
            raise PatchError(f"unexpected operation {op!r}")
    else:
        raise PatchError(f"{operation['path']!r} is inside a scalar")
    return document
