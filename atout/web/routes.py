"""The web client's two endpoints. The score sheet: the browser sends one deal as a person writes it
down and gets back each seat's score, computed by the project's French scoring
(the same validation as ``atout score``), so no rule is ever re-implemented in
JavaScript. Replays: a finished game's record in, every step's full view out."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from atout.cli.score import InputError, score_text
from atout.game import OMNISCIENT, ActionSyntaxError, IllegalAction
from atout.records import Record, RecordError
from atout.registry import game_rules

router = APIRouter()


@router.post("/api/score")
async def score(request: Request) -> dict[str, Any]:
    """One deal's JSON (``atout score``'s input) in; scores and breakdown out.

    Bad input answers 422 with the message naming the field, as the command does.
    """
    body = await request.body()
    try:
        data, result = score_text(body.decode("utf-8", errors="replace"))
    except InputError as error:
        raise HTTPException(422, str(error)) from None
    return {
        "players": data.players,
        "contract": data.contract,
        "scores": list(result.scores),
        "made": result.made,
        "breakdown": dict(result.breakdown),
    }


MAX_REPLAY_ACTIONS = 20_000


@router.post("/api/replay")
async def replay(request: Request) -> dict[str, Any]:
    """A finished game's record (as ``GET /api/games/{id}`` gives it) in; the
    all-seeing view after each action out, so the browser steps through the game
    with every hand face up without knowing any rule."""
    try:
        record = Record.from_json((await request.body()).decode("utf-8", errors="replace"))
        if len(record.actions) > MAX_REPLAY_ACTIONS:
            raise RecordError(f"more than {MAX_REPLAY_ACTIONS} actions")
        rules = game_rules(record.game)
        state = record.new_state()
        steps: list[dict[str, Any]] = [{"action": None, "view": state.view(OMNISCIENT)}]
        for index, text in enumerate(record.actions):
            try:
                state.apply(rules.parse_action(text))
            except (ActionSyntaxError, IllegalAction) as error:
                raise RecordError(f"action {index + 1} {text!r}: {error}") from error
            steps.append({"action": text, "view": state.view(OMNISCIENT)})
    except (RecordError, ValueError) as error:
        raise HTTPException(422, str(error)) from None
    return {"game": record.game, "players": record.players, "steps": steps}
