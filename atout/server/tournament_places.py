"""The organiser's changes to who holds a tournament's places online: a place freed
(for a substitute to take), given to a robot for the rest of the tournament, or
its player moved to a free place; at once, or (free, robot) from a later position,
applied in the same write that opens that position's tables.

They change the ``online`` column (``entrants``, ``robots``, ``handovers``),
written like every change of the tournament over the version it was read at.
"""

from __future__ import annotations

from typing import Any, Literal

from atout.server.http_refusals import HTTPRefusal

Action = Literal["free", "robot", "move"]


def reseated(
    online: dict[str, Any],
    counts: tuple[int, int],
    begun: set[int],
    change: tuple[Action, int, int | None, int | None],
) -> dict[str, Any]:
    """``online`` after the change ``(action, player, to, from_position)`` (numbers
    from 1; ``from_position`` None: at once) in a tournament of ``counts`` (places,
    positions); refused (409, 422) when the places, or the positions already begun,
    do not allow it."""
    action, player, to, start = change
    places, positions = counts
    if player > places:
        raise HTTPRefusal(422, "tournament_no_place", player=player)
    if action == "move" and (to is None or to == player):
        raise HTTPRefusal(422, "tournament_move_to", player=player)
    if to is not None and to > places:
        raise HTTPRefusal(422, "tournament_no_place", player=to)
    if start is None:
        return _changed(online, action, player, to)
    if action == "move":
        raise HTTPRefusal(422, "tournament_handover_move")
    if start > positions:
        raise HTTPRefusal(422, "tournament_positions", most=positions)
    if start - 1 in begun:
        raise HTTPRefusal(409, "tournament_position_open", position=start)
    later = [h for h in online.get("handovers", []) if h["player"] != player]
    handover = {"player": player, "action": action, "from": start - 1}
    return {**online, "handovers": [*later, handover]}


def _changed(online: dict[str, Any], action: Action, player: int, to: int | None) -> dict[str, Any]:
    """``online`` with the change made now (a change planned for that place dropped)."""
    entrants = dict(online.get("entrants", {}))
    robots = [p for p in online.get("robots", []) if p != player]
    if action == "move":
        if str(player) not in entrants:
            raise HTTPRefusal(409, "tournament_place_free", player=player)
        if str(to) in entrants or to in robots:
            raise HTTPRefusal(409, "tournament_place_taken", player=to or 0)
        entrants[str(to)] = entrants.pop(str(player))
    else:
        entrants.pop(str(player), None)
        if action == "robot":
            robots.append(player)
    handovers = [h for h in online.get("handovers", []) if h["player"] != player]
    return {**online, "entrants": entrants, "robots": sorted(robots), "handovers": handovers}


def handed_over(online: dict[str, Any], position: int) -> dict[str, Any]:
    """``online`` with the changes due at ``position`` (from 0) made: the places
    freed or given to robots from then on."""
    for handover in [h for h in online.get("handovers", []) if h["from"] <= position]:
        online = _changed(online, handover["action"], handover["player"], None)
    return online
