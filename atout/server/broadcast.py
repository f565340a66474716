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

from collections.abc import Hashable
from itertools import compress
from typing import TYPE_CHECKING, Any

from atout.game import SPECTATOR, Event, filter_events
from atout.server.clients import Client, encode
from atout.server.eventlog import Numbered
from atout.server.shown import Now, Shown

if TYPE_CHECKING:
    from atout.server.table_base import TableBase


def update_all(table: TableBase, numbered: list[Numbered]) -> None:
    """Tell every viewer what an action did in one message, so that a move
    costs each client one websocket frame: the events it may see, what
    changed in its view and, for a human to move, the turn. The sections of
    the view every viewer shares are built, encoded and compared once, each
    viewer's own once if their key changed (``shown``), and each text encoded
    once for the clients it suits: those shown the same view (spectators),
    and those whose own sections did not change, who are not to move and see
    the same events (most seats of most actions). An action without events
    (a refused poignée) is told to the player now to move alone, as its being
    asked is a secret; the others' views do not change."""
    audience = table.audience()
    state = table.state
    everyone = bool(numbered) or state is None
    if state is not None and not everyone:
        audience = [(c, v) for c, v in audience if v == state.to_move]
    now = None if state is None else Now(state)
    to_move = None if state is None else state.to_move
    clock = _clock(table)
    head = {"type": "update", "table": table.id, "seq": table.events.seq}
    entries = [n.entry for n in numbered]
    sees: dict[int, tuple[bool, ...]] = {}
    """Per viewer, which of the events it may see."""
    texts: dict[Hashable, list[tuple[object, str]]] = {}
    """Per viewer, or per events seen for a text that patches only the shared
    sections, the texts made so far, each with the view it patches."""
    shown = table.shown
    told: dict[Client, Shown | None] = {}
    for client, viewer in audience:
        before = shown.get(client)
        if viewer not in sees:
            sees[viewer] = tuple(n.event.visible_to(viewer) for n in numbered)
        group: Hashable
        basis: object
        if (
            now is not None
            and before is not None
            and viewer != to_move
            and now.unchanged(before, viewer)
        ):
            group, basis = sees[viewer], before[0]  # only the shared sections to patch
        else:
            group, basis = viewer, before
        made = texts.setdefault(group, [])
        text = next((t for b, t in made if b is basis or b == basis), None)
        if text is None:
            if now is None:
                body: dict[str, Any] = {"view": None}
            elif before is None:
                body = {"view": now.view(viewer)}
            else:
                body = {"diff": now.patch(before, viewer)}
            events = list(compress(entries, sees[viewer]))
            text = encode(head | {"events": events} | body | _turn_and_clock(table, viewer, clock))
            made.append((basis, text))
        client.send_text(text)
        told[client] = None if now is None else now.kept(viewer, before)
    if everyone:  # forget the clients gone since
        table.shown = told
    else:
        shown.update(told)


def _whole(table: TableBase, client: Client) -> tuple[int, dict[str, Any] | None]:
    """A client's viewer and whole view, which the table now remembers it holds."""
    viewer = table.viewer(client)
    if table.state is None:
        table.shown[client] = None
        return viewer, None
    now = Now(table.state)
    table.shown[client] = now.kept(viewer)
    return viewer, now.view(viewer)


def resumed(table: TableBase, client: Client, missed: list[dict[str, Any]]) -> None:
    """Answer a ``resume`` with one ``update``: the events the client missed
    and its whole view (whatever it held is forgotten), then the turn."""
    viewer, view = _whole(table, client)
    head = {"type": "update", "table": table.id, "seq": table.events.seq, "events": missed}
    client.send(head | {"view": view} | _turn_and_clock(table, viewer, _clock(table)))


def snapshot(table: TableBase, client: Client) -> None:
    """Send a client the whole table as its viewer sees it: to one who comes in,
    or who missed more events than the table keeps."""
    viewer, view = _whole(table, client)
    client.send(
        {
            "type": "table",
            "table": table.info(client),
            "seat": None if viewer == SPECTATOR else viewer,
            "deals": [e.data for e in filter_events(table.deal_ends, viewer)],
            "seq": table.events.seq,
            "epoch": table.events.epoch,
            "view": view,
            "ended": table.ended,
            "chat": list(table.chat),  # what its viewer heard live: everyone at the table
        }
        | _turn_and_clock(table, viewer, _clock(table))
    )


def _turn_and_clock(table: TableBase, viewer: int, clock: dict[str, Any] | None) -> dict[str, Any]:
    """Besides the view: when the viewer is to move, its turn, and for every
    viewer ``clock``, that of a human to move (shared by snapshots and updates)."""
    now: dict[str, Any] = {}
    turn = _turn(table, viewer)
    if turn is not None:
        now["turn"] = turn
    if clock is not None:
        now["clock"] = clock
    return now


def _clock(table: TableBase) -> dict[str, Any] | None:
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


def _turn(table: TableBase, viewer: int) -> dict[str, Any] | None:
    """The choices and time left of the seat to move, when a human plays it:
    a robot standing in needs no prompt. Starts the turn's clock if new."""
    if table.state is None or viewer < 0 or table.state.to_move != viewer:
        return None
    seat = table.seats[viewer]
    if seat is None or seat.client is None or seat.robot_plays:
        return None
    return {
        "legal": list(table.state.legal_texts()),
        "seconds": round(table.turn_left() or 0.0, 3),
        "id": table.turn_id(),
    }


def table_event(table: TableBase, kind: str, data: dict[str, Any]) -> None:
    """Number a table-level event (public by nature) and send it at once, as
    its own ``event`` message, to everyone at the table."""
    entry = table.events.number(Event(kind, data)).entry
    text = encode({"type": "event", "table": table.id, **entry})
    for client, _ in table.audience():
        client.send_text(text)


def info_changed(table: TableBase) -> None:
    """Tell the lobby and the table's own clients that the table's info changed."""
    table.ctx.on_change(table)
    for client, _ in table.audience():
        client.send({"type": "table_info", "table": table.info(client)})
