"""Reviews asked of the server: computed by a worker while the server answers, stored,
given again at once, and refused clearly when the request is wrong or the queue full."""

from __future__ import annotations

import time
from typing import Any

import httpx

from atout.record_format import from_log
from atout.record_text import write_text
from atout.server import analyses
from atout.server.store import AnalysisRow, Store
from tests.analysis.planted import PETIT_DEAL, scripted
from tests.server.conftest import Server

PETIT_LOST = {(1, 8): "play:T21", (0, 1): "play:T1"}


def _done(server: Server, key: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        answer = httpx.get(f"{server.http}/api/analysis/{key}")
        assert answer.status_code == 200, answer.text
        if answer.json()["status"] != "running":
            return dict(answer.json())
        assert time.monotonic() < deadline, "the review did not end"
        # The server keeps answering while the worker reviews.
        assert httpx.get(f"{server.http}/api/games").status_code == 200
        time.sleep(0.2)


def test_a_review_is_computed_in_a_worker_stored_and_given_again(server: Server) -> None:
    record, planted = scripted(PETIT_DEAL, PETIT_LOST)
    asked = {"record": record.to_dict(), "seat": 0}
    first = httpx.post(f"{server.http}/api/analysis", json=asked)
    assert first.status_code == 202, first.text
    key = first.json()["key"]
    result = _done(server, key)
    assert result["status"] == "done"
    marked = [d["index"] for d in result["analysis"]["decisions"] if d["mark"]]
    assert marked == planted
    again = httpx.post(f"{server.http}/api/analysis", json=asked)
    assert again.json() == result  # stored: no second review
    store = Store.in_dir(server.data_dir)
    try:
        with store.session() as db:
            row = db.get(AnalysisRow, key)
            assert row is not None and row.status == "done" and row.seat == 0
    finally:
        store.close()


def test_wrong_requests_are_refused_with_their_reason(server: Server) -> None:
    record, _ = scripted(PETIT_DEAL, {})
    seat = httpx.post(f"{server.http}/api/analysis", json={"record": record.to_dict(), "seat": 4})
    assert seat.status_code == 422 and seat.json()["code"] == "analysis_seat"
    bad = httpx.post(f"{server.http}/api/analysis", json={"record": {"game": 1}, "seat": 0})
    assert bad.status_code == 422 and bad.json()["code"] == "bad_record"
    missing = httpx.get(f"{server.http}/api/analysis/{'0' * 64}")
    assert missing.status_code == 404 and missing.json()["code"] == "no_analysis"
    unreplayable = {**record.to_dict(), "actions": ["deal:seed=1", "play:KH"]}
    failed = httpx.post(f"{server.http}/api/analysis", json={"record": unreplayable, "seat": 0})
    result = _done(server, failed.json()["key"])
    assert result["status"] == "failed" and "action 2 'play:KH'" in result["analysis"]["error"]
    # coded, for the page to word in its language: the record's action and why
    assert result["analysis"]["code"] == "bad_record"
    assert result["analysis"]["params"]["index"] == 2
    assert result["analysis"]["params"]["rule"][0] == "rec_log_action"


def test_a_review_failed_before_the_codes_is_given_as_stored(server: Server) -> None:
    key = "f" * 64
    store = Store.in_dir(server.data_dir)
    try:
        with store.session() as db:
            db.add(AnalysisRow(key=key, seat=1, status="failed", result={"error": "old reason"}))
            db.commit()
    finally:
        store.close()
    answer = httpx.get(f"{server.http}/api/analysis/{key}").json()
    assert answer["status"] == "failed" and answer["analysis"] == {"error": "old reason"}


def test_a_full_queue_answers_503(server: Server) -> None:
    capacity = analyses.workers.processes + analyses.workers.waiting
    records = [scripted(PETIT_DEAL, planted)[0].to_dict() for planted in ({}, PETIT_LOST)]
    answers: list[int] = []
    for seat in range(4):
        for record in records:
            asked = {"record": record, "seat": seat}
            address = {"X-Forwarded-For": f"10.7.0.{len(answers) + 1}"}  # one each
            reply = httpx.post(f"{server.http}/api/analysis", json=asked, headers=address)
            answers.append(reply.status_code)
    assert answers[:capacity] == [202] * capacity
    assert 503 in answers[capacity:]


def test_an_address_has_one_review_under_way_at_a_time(server: Server) -> None:
    """Found by a hostile-user probe: one address asked for four reviews of
    different records and held every place for minutes (every other reader: 503)."""
    records = [scripted(PETIT_DEAL, planted)[0].to_dict() for planted in ({}, PETIT_LOST)]

    def ask(record: dict[str, Any], address: str) -> httpx.Response:
        asked = {"record": record, "seat": 0}
        headers = {"X-Forwarded-For": address}
        return httpx.post(f"{server.http}/api/analysis", json=asked, headers=headers)

    first = ask(records[0], "10.7.1.1")
    assert first.status_code == 202 and first.json()["status"] == "running"
    second = ask(records[1], "10.7.1.1")
    assert second.status_code == 429 and second.json()["code"] == "analyses_at_once"
    assert int(second.headers["Retry-After"]) >= 1
    assert ask(records[1], "10.7.1.2").status_code == 202  # another address's turn
    assert ask(records[0], "10.7.1.1").json()["key"] == first.json()["key"]  # its own, again
    _done(server, first.json()["key"])
    assert ask(records[1], "10.7.1.1").status_code == 202  # done: its next


def test_a_record_in_its_readable_text_form_is_reviewed_the_same(server: Server) -> None:
    record, planted = scripted(PETIT_DEAL, PETIT_LOST)
    text = write_text(from_log(record))
    first = httpx.post(f"{server.http}/api/analysis", json={"record": text, "seat": 0})
    assert first.status_code == 202, first.text
    result = _done(server, first.json()["key"])
    assert [d["index"] for d in result["analysis"]["decisions"] if d["mark"]] == planted
    garbage = httpx.post(f"{server.http}/api/analysis", json={"record": "[Game 1", "seat": 0})
    assert garbage.status_code == 422 and garbage.json()["code"] == "bad_record"
    assert "line 1" in garbage.json()["params"]["reason"]
