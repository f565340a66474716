"""A review refused says why as a refusal's code and parameters, never as free
English only: the replay page words it in its own language."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from atout.analysis import review
from atout.analysis.review import Unreviewable, analyse
from atout.records import RecordError
from atout.refusals import MESSAGES, message
from atout.server.analyses import failure
from tests.analysis.planted import PETIT_DEAL, scripted


def test_too_many_decisions_is_coded_and_survives_a_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record, _ = scripted(PETIT_DEAL, {})
    monkeypatch.setattr(review, "MAX_DECISIONS", 1)
    with pytest.raises(Unreviewable) as refused:
        analyse(record, 0)
    sent = pickle.loads(pickle.dumps(refused.value))  # as a worker process sends it back
    why = failure(sent)
    assert why["code"] == "analysis_too_long" and why["params"]["limit"] == 1
    assert why["params"]["seat"] == 0 and why["params"]["decisions"] > 1
    assert why["error"] == message("analysis_too_long", why["params"])


def test_a_record_that_does_not_replay_names_its_action_by_codes() -> None:
    record, _ = scripted(PETIT_DEAL, {})
    broken = replace(record, actions=("deal:seed=1", "play:KH"))
    with pytest.raises(RecordError) as refused:
        analyse(broken, 0)
    why = failure(refused.value)
    assert why["code"] == "bad_record"
    assert why["params"]["index"] == 2 and why["params"]["move"] == "play:KH"
    rules = why["params"]["rule"]
    assert rules[0] == "rec_log_action" and all(code in MESSAGES for code in rules)


def test_an_unknown_game_is_refused_coded_not_as_a_bare_value_error() -> None:
    record, _ = scripted(PETIT_DEAL, {})
    chess = replace(record, game="chess")
    with pytest.raises(RecordError) as refused:
        analyse(chess, 0)
    assert failure(refused.value)["params"]["rule"] == ["rec_unknown_game"]
