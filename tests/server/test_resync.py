"""Which messages from other nodes reach a client waiting to be given a table
afresh: none of that table's patches, until a snapshot or a whole view."""

from __future__ import annotations

import orjson

from atout.server.resync import Resyncing


def text(message: dict[str, object]) -> str:
    return orjson.dumps(message).decode()


PATCH = text({"type": "update", "table": "t1", "seq": 9, "events": [], "diff": []})
OTHER_PATCH = text({"type": "update", "table": "t2", "seq": 3, "events": [], "diff": []})
WHOLE = text({"type": "update", "table": "t1", "seq": 9, "events": [], "view": None})
SNAPSHOT = text({"type": "table", "table": {"id": "t1"}, "seat": 0, "view": None, "seq": 9})
CHAT = text({"type": "event", "table": "t1", "seq": 10, "kind": "table.chat", "data": {}})


def test_a_client_not_waiting_gets_everything() -> None:
    resyncing = Resyncing()
    resyncing.begin(1, ["t1"])
    assert resyncing.passes(2, PATCH)


def test_patches_of_a_table_waited_for_are_dropped_until_a_snapshot() -> None:
    resyncing = Resyncing()
    resyncing.begin(1, ["t1"])
    assert not resyncing.passes(1, PATCH)
    assert resyncing.passes(1, OTHER_PATCH)  # another table's patches fit what it holds
    assert resyncing.passes(1, CHAT)  # only patches depend on what was received before
    assert not resyncing.passes(1, PATCH)
    assert resyncing.passes(1, SNAPSHOT)
    assert resyncing.passes(1, PATCH)  # they fit the snapshot


def test_an_update_giving_the_whole_view_ends_the_wait() -> None:
    resyncing = Resyncing()
    resyncing.begin(1, ["t1", "t2"])
    assert resyncing.passes(1, WHOLE)
    assert resyncing.passes(1, PATCH)
    assert not resyncing.passes(1, OTHER_PATCH)


def test_a_client_gone_is_forgotten() -> None:
    resyncing = Resyncing()
    resyncing.begin(1, ["t1"])
    resyncing.forget(1)
    assert resyncing.passes(1, PATCH)
