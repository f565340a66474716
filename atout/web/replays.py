"""A finished game's record replayed for the web client: the all-seeing view
after each action, so the browser steps through the game with every hand face
up without knowing any rule.

A long record costs seconds of CPU, so the server runs this in a worker process
(``atout.server.offload``): the function is top-level (picklable), imports no web
framework, and hands back the response already encoded, since unpickling and
encoding tens of megabytes of nested views would hold the server's loop as long
as the replay itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from atout.game import OMNISCIENT
from atout.match import BadLog, Match
from atout.record_files import read_log
from atout.records import RecordError, bad_action, unknown_game
from atout.refusals import Refusal
from atout.registry import game_rules
from atout.sheet import NAME_LENGTH
from atout.text import no_controls

MAX_REPLAY_ACTIONS: Final = 20_000
"""Actions a replayed record may have: a 200-deal French game has about 15,700."""


def seat_names(meta: Mapping[str, Any], players: int) -> list[str | None]:
    """Each seat's name as a record gives it (a server's log's ``meta.names``, a
    readable record's ``Seat0``... tags), None where it gives none. The names are
    anyone's text: one that is not a string or holds a control character is
    None, and a long one is cut to a sheet's NAME_LENGTH (the page shows text)."""
    given = meta.get("names")
    given = given if isinstance(given, list) else []
    names: list[str | None] = []
    for seat in range(players):
        name = given[seat] if seat < len(given) else None
        names.append(_plain_name(name) if isinstance(name, str) else None)
    return names


def _plain_name(name: str) -> str | None:
    """``name`` on one line, at most NAME_LENGTH characters; None if not plain text."""
    shown = " ".join(name.split())
    try:
        no_controls(shown)
    except ValueError:
        return None
    if len(shown) > NAME_LENGTH:
        shown = shown[: NAME_LENGTH - 1].rstrip() + "…"
    return shown or None


def replay_steps(text: str) -> bytes:
    """The record's text (any form, docs/records.md) in; ``{"game", "players",
    "names", "steps"}`` out as UTF-8 JSON, ``names`` each seat's name or null
    (:func:`seat_names`), each step ``{"action", "view"}`` (no action before the first).

    A record that cannot be read or replayed raises RecordError (a ValueError)
    saying where and why; an unknown game, ValueError.
    """
    record = read_log(text)
    if len(record.actions) > MAX_REPLAY_ACTIONS:
        raise RecordError(Refusal("rec_too_long", limit=MAX_REPLAY_ACTIONS))
    try:
        rules = game_rules(record.game)
    except ValueError:
        raise RecordError(unknown_game(record.game)) from None
    match = Match(rules, record.new_state())
    # Each step is encoded as soon as it is seen: kept as objects, a 200-deal
    # game's views took 190 MB, their text 20 MB.
    steps = [_encode({"action": None, "view": match.view(OMNISCIENT)})]
    try:
        for action, _ in zip(record.actions, match.follow(record.actions), strict=True):
            steps.append(_encode({"action": action, "view": match.view(OMNISCIENT)}))
    except BadLog as error:
        raise RecordError(bad_action(error)) from error
    game, players = _encode(record.game), _encode(record.players)
    names = _encode(seat_names(record.meta, record.players))
    head = f'"game":{game},"players":{players},"names":{names}'
    return f'{{{head},"steps":[{",".join(steps)}]}}'.encode()


_encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode
"""JSON as the framework's JSONResponse writes it."""
