"""A table's event log (``atout.server.eventlog``): a resume gets exactly the
events after its number that its viewer may see, as they were sent live, and
the events kept for resumes are nothing the garbage collector walks."""

from __future__ import annotations

import gc
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.game import OMNISCIENT, SPECTATOR, Event
from atout.server.eventlog import EventLog

SEATS = 5
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)
events = st.builds(
    Event,
    st.sampled_from(["play", "hand", "table.vote"]),
    st.dictionaries(st.text(max_size=6), json_values, max_size=4),
    st.none() | st.frozensets(st.integers(0, SEATS - 1), max_size=SEATS),
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(events, max_size=30),
    st.integers(0, 30),
    st.sampled_from([*range(SEATS), SPECTATOR, OMNISCIENT]),
)
def test_a_resume_gets_what_its_viewer_may_see_after_its_number(
    sent: list[Event], last: int, viewer: int
) -> None:
    log = EventLog()
    live = [log.number(event).entry for event in sent]
    last = min(last, len(sent))
    expected: list[dict[str, Any]] = [
        entry
        for entry, event in zip(live, sent, strict=True)
        if entry["seq"] > last and (event.to is None or viewer == OMNISCIENT or viewer in event.to)
    ]
    assert log.missed(last, log.epoch, viewer) == expected
    assert log.missed(last, "another epoch", viewer) is None
    assert log.missed(len(sent) + 1, log.epoch, viewer) is None


def test_events_older_than_the_kept_ones_call_for_a_snapshot() -> None:
    log = EventLog()
    log.kept = type(log.kept)(maxlen=3)
    for number in range(5):
        log.number(Event("play", {"n": number}))
    assert log.missed(1, log.epoch, 0) is None
    assert [e["data"]["n"] for e in log.missed(2, log.epoch, 0) or []] == [2, 3, 4]


def test_kept_events_are_not_tracked_by_the_garbage_collector() -> None:
    log = EventLog()
    for number in range(100):
        seats = frozenset({number % 4}) if number % 2 else None
        log.number(Event("play", {"seat": number % 4, "cards": ["KH", "T21"]}, seats))
    gc.collect()
    assert log.kept and not any(gc.is_tracked(item) for item in log.kept)
