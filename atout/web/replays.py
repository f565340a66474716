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
from typing import Final

from atout.game import OMNISCIENT
from atout.match import BadLog, Match
from atout.record_files import read_log
from atout.records import RecordError, bad_action, unknown_game
from atout.refusals import Refusal
from atout.registry import game_rules

MAX_REPLAY_ACTIONS: Final = 20_000
"""Actions a replayed record may have: a 200-deal French game has about 15,700."""


def replay_steps(text: str) -> bytes:
    """The record's text (any form, docs/records.md) in; ``{"game", "players",
    "steps"}`` out as UTF-8 JSON, each step ``{"action", "view"}`` (no action before the first).

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
    return f'{{"game":{game},"players":{players},"steps":[{",".join(steps)}]}}'.encode()


_encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode
"""JSON as the framework's JSONResponse writes it."""
