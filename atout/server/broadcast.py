"""What a table tells its clients, and how: every message leaves from here.

An action's events and the game it leaves travel together in one ``update``
per viewer, encoded once per viewer; the table's own events (seating, votes,
storage trouble...) are public ``event`` messages; a snapshot is the whole
table for one viewer. The table decides when to tell; this module only knows
who may see what (the events' own audience, the engine's view for a viewer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.game import SPECTATOR, Event, filter_events
from atout.server.clients import Client, encode
from atout.server.eventlog import Numbered

if TYPE_CHECKING:
    from atout.server.table import Table


def update_all(table: Table, numbered: list[Numbered]) -> None:
    """Tell every viewer what an action did in one message, so that a move
    costs each client one websocket frame: the events it may see, its view
    of the game as it now stands and, for a human to move, the turn.
    Encoded once per viewer: spectators share one text. An action without
    events (a refused poignée) is told to the player now to move alone, as
    its being asked is a secret."""
    texts: dict[int, str] = {}
    audience = table.audience()
    if not numbered and table.state is not None:
        audience = [(c, v) for c, v in audience if v == table.state.to_move]
    for client, viewer in audience:
        if viewer not in texts:
            events = [n.entry for n in numbered if n.event.visible_to(viewer)]
            texts[viewer] = encode(update(table, viewer, events))
        client.send_text(texts[viewer])


def update(table: Table, viewer: int, events: list[dict[str, Any]]) -> dict[str, Any]:
    """A viewer's ``update``: ``events`` (already filtered for it), then the game now."""
    head = {"type": "update", "table": table.id, "seq": table.events.seq, "events": events}
    return head | _game_now(table, viewer)


def snapshot(table: Table, client: Client) -> None:
    """Send a client the whole table as its viewer sees it: to one who comes in,
    or who missed more events than the table keeps."""
    viewer = table.viewer(client)
    client.send(
        {
            "type": "table",
            "table": table.info(client),
            "seat": None if viewer == SPECTATOR else viewer,
            "deals": [e.data for e in filter_events(table.deal_ends, viewer)],
            "seq": table.events.seq,
            "epoch": table.events.epoch,
        }
        | _game_now(table, viewer)
    )


def _game_now(table: Table, viewer: int) -> dict[str, Any]:
    """What a viewer needs to draw the game: its view and, when it is to
    move, its turn (shared by snapshots and updates)."""
    now: dict[str, Any] = {"view": None if table.state is None else table.state.view(viewer)}
    turn = _turn(table, viewer)
    if turn is not None:
        now["turn"] = turn
    clock = _clock(table)
    if clock is not None:
        now["clock"] = clock
    return now


def _clock(table: Table) -> dict[str, Any] | None:
    """The clock of the human seat to move, for every viewer: whose turn it is
    and the seconds it has left (a robot's move shows none)."""
    if table.state is None or table.state.is_over:
        return None
    to_move = table.state.to_move
    if to_move is None or to_move < 0:
        return None
    seat = table.seats[to_move]
    if seat is None or seat.robot_plays:
        return None
    left = table.turn_left()
    return None if left is None else {"seat": to_move, "seconds": round(left, 3)}


def _turn(table: Table, viewer: int) -> dict[str, Any] | None:
    """The choices and time left of the seat to move, when a human plays it:
    a robot standing in needs no prompt. Starts the turn's clock if new."""
    if table.state is None or viewer < 0 or table.state.to_move != viewer:
        return None
    seat = table.seats[viewer]
    if seat is None or seat.client is None or seat.robot_plays:
        return None
    return {
        "legal": [str(a) for a in table.state.legal_actions()],
        "seconds": round(table.turn_left() or 0.0, 3),
    }


def table_event(table: Table, kind: str, data: dict[str, Any]) -> None:
    """Number a table-level event (public by nature) and send it at once, as
    its own ``event`` message, to everyone at the table."""
    entry = table.events.number(Event(kind, data)).entry
    text = encode({"type": "event", "table": table.id, **entry})
    for client, _ in table.audience():
        client.send_text(text)


def info_changed(table: Table) -> None:
    """Tell the lobby and the table's own clients that the table's info changed."""
    table.ctx.on_change(table)
    for client, _ in table.audience():
        client.send({"type": "table_info", "table": table.info(client)})
