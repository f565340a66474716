"""A cluster node's clients whose updates from other nodes may have been lost.

Redis delivers a message once or not at all: while it restarts, or while a
node's link to it is broken, what a table told a client at another node is
lost. An update is a patch of the view its client last received; applied to an
older view, the next one may fit and show a game the table never had. So once
the node's link works again, each of its clients is sent its other nodes'
tables afresh (a snapshot, asked of their owners), and the updates of those
tables that come before are dropped: they patch views the client may not hold.
"""

from __future__ import annotations

from collections.abc import Iterable

import orjson


class Resyncing:
    """Per client id, the tables of other nodes it is waiting to be given whole."""

    def __init__(self) -> None:
        self._waiting: dict[int, set[str]] = {}

    def begin(self, client: int, tables: Iterable[str]) -> None:
        """Drop the client's patches of ``tables`` until one of them comes whole."""
        waiting = set(tables)
        if waiting:
            self._waiting.setdefault(client, set()).update(waiting)

    def passes(self, client: int, text: str) -> bool:
        """Whether a message from another node goes on to the client: anything
        but an update that patches a table it waits for. A snapshot of that
        table, or an update giving its whole view, ends the wait."""
        waiting = self._waiting.get(client)
        if not waiting:
            return True
        message = orjson.loads(text)
        kind = message.get("type")
        if kind == "table":
            table = message["table"]["id"]
        elif kind == "update":
            table = message["table"]
        else:
            return True
        if table not in waiting:
            return True
        if kind == "update" and "view" not in message:
            return False
        waiting.discard(table)
        if not waiting:
            del self._waiting[client]
        return True

    def forget(self, client: int) -> None:
        self._waiting.pop(client, None)
