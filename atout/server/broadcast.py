"""What a table tells its clients, and how: every message leaves from here.

An action's events and the game it leaves travel together in one ``update``
per viewer: the events it may see and a patch of the view its client was last
given (``patches``), which the client applies to hold the view as it now
stands. Clients given the same view share one encoded text (spectators). A
snapshot, and the answer to a ``resume``, give the whole view instead. The
table's own events (seating, votes, storage trouble...) are public ``event``
messages. The table decides when to tell; this module only knows who may see
what (the events' own audience, the engine's view for a viewer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import orjson

from atout.game import SPECTATOR, Event, filter_events
from atout.server.clients import Client, encode
from atout.server.eventlog import Numbered
from atout.server.patches import diff

if TYPE_CHECKING:
    from atout.server.table import Table


def update_all(table: Table, numbered: list[Numbered]) -> None:
    """Tell every viewer what an action did in one message, so that a move
    costs each client one websocket frame: the events it may see, what
    changed in its view and, for a human to move, the turn. Each viewer's view
    is built once, and each text encoded once for the clients that were shown
    the same view (spectators). An action without events (a refused poignée)
    is told to the player now to move alone, as its being asked is a secret;
    the others' views do not change."""
    audience = table.audience()
    everyone = bool(numbered) or table.state is None
    if table.state is not None and not everyone:
        audience = [(c, v) for c, v in audience if v == table.state.to_move]
    views: dict[int, Any] = {}
    kept: dict[int, bytes | None] = {}
    clock = _clock(table)
    texts: dict[int, list[tuple[bytes | None, str]]] = {}
    """Per viewer, the texts made so far, each with the view it patches."""
    shown = table.shown
    for client, viewer in audience:
        if viewer not in views:
            views[viewer] = None if table.state is None else table.state.view(viewer)
            kept[viewer] = _kept(views[viewer])
        before = shown.get(client)
        made = texts.setdefault(viewer, [])
        text = next((t for b, t in made if b == before), None)
        if text is None:
            events = [n.entry for n in numbered if n.event.visible_to(viewer)]
            held = None if before is None else orjson.loads(before)
            text = encode(_update(table, viewer, events, held, views[viewer], clock))
            made.append((before, text))
        client.send_text(text)
    if everyone:  # forget the clients gone since
        table.shown = {client: kept[viewer] for client, viewer in audience}
    else:
        shown.update((client, kept[viewer]) for client, viewer in audience)


def _kept(view: Any) -> bytes | None:
    """A view as a table keeps it for its next patch: its JSON text, as a
    thousand lasting objects per table would make the garbage collector's
    full passes long enough to delay every table's updates."""
    return None if view is None else orjson.dumps(view)


def _update(
    table: Table,
    viewer: int,
    events: list[dict[str, Any]],
    before: Any,
    view: Any,
    clock: dict[str, Any] | None,
) -> dict[str, Any]:
    """A viewer's ``update``: its ``events``, then the patch from the view
    ``before`` (the one its client holds) to ``view``, or ``view`` itself when
    the client holds none."""
    head = {"type": "update", "table": table.id, "seq": table.events.seq, "events": events}
    now = {"view": view} if before is None or view is None else {"diff": diff(before, view)}
    return head | now | _turn_and_clock(table, viewer, clock)


def resumed(table: Table, client: Client, missed: list[dict[str, Any]]) -> None:
    """Answer a ``resume`` with one ``update``: the events the client missed
    and its whole view (whatever it held is forgotten), then the turn."""
    viewer = table.viewer(client)
    view = None if table.state is None else table.state.view(viewer)
    table.shown[client] = _kept(view)
    head = {"type": "update", "table": table.id, "seq": table.events.seq, "events": missed}
    client.send(head | {"view": view} | _turn_and_clock(table, viewer, _clock(table)))


def snapshot(table: Table, client: Client) -> None:
    """Send a client the whole table as its viewer sees it: to one who comes in,
    or who missed more events than the table keeps."""
    viewer = table.viewer(client)
    view = None if table.state is None else table.state.view(viewer)
    table.shown[client] = _kept(view)
    client.send(
        {
            "type": "table",
            "table": table.info(client),
            "seat": None if viewer == SPECTATOR else viewer,
            "deals": [e.data for e in filter_events(table.deal_ends, viewer)],
            "seq": table.events.seq,
            "epoch": table.events.epoch,
            "view": view,
        }
        | _turn_and_clock(table, viewer, _clock(table))
    )


def _turn_and_clock(table: Table, viewer: int, clock: dict[str, Any] | None) -> dict[str, Any]:
    """Besides the view: when the viewer is to move, its turn, and for every
    viewer ``clock``, that of a human to move (shared by snapshots and updates)."""
    now: dict[str, Any] = {}
    turn = _turn(table, viewer)
    if turn is not None:
        now["turn"] = turn
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
