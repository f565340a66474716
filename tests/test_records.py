"""A game is its log: records round-trip, replay to the same state and render."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from atout.cli.commands import app
from atout.game import CHANCE
from atout.records import Record, RecordError, load, save
from atout.refusals import message
from atout.registry import game_rules


def random_record(game: str, players: int, seed: int, **options: object) -> Record:
    """A record of a game played to the end by uniformly random legal actions."""
    rules = game_rules(game)
    rng = random.Random(seed)
    record = Record(game, players, "fft" if game == "french" else "standard", options)
    state = record.new_state()
    while not state.is_over:
        if state.to_move == CHANCE:
            action = rules.deal_action(state, rng.getrandbits(32))
        else:
            action = rng.choice(list(state.legal_actions()))
        state.apply(action)
        record = record.with_action(str(action))
    return record


@settings(max_examples=15, deadline=None)
@given(
    game=st.sampled_from(["french", "africain"]),
    players=st.integers(min_value=3, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_saving_then_replaying_gives_the_same_final_state(
    game: str, players: int, seed: int
) -> None:
    options = {"deals": 2} if game == "french" else {}
    record = random_record(game, players, seed, **options)
    again = Record.from_json(record.to_json())
    assert again == record
    assert again.replay().result() == record.replay().result()
    assert again.replay().view(-2) == record.replay().view(-2)


def test_files_round_trip(tmp_path: Path) -> None:
    record = random_record("africain", 2, 7)
    save(record, tmp_path / "game.json")
    assert load(tmp_path / "game.json") == record


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON"),
        ("[]", "JSON object"),
        ('{"game": "french", "players": 4}', "missing field 'variant'"),
        (
            '{"game": "french", "players": "4", "variant": "fft"}',
            "'players' must be a whole number, not a string",
        ),
        ('{"game": "french", "players": 4, "variant": "fft", "actions": [1]}', "list of strings"),
        ('{"format": "other/9", "game": "french", "players": 4, "variant": "fft"}', "format"),
        # a readable record that lost its "format": its deals must not vanish unsaid
        ('{"game": "french", "players": 4, "variant": "fft", "deals": []}', '"deals"'),
    ],
)
def test_bad_records_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.from_json(text)


@pytest.mark.parametrize(
    ("field", "code", "french"),
    [
        (
            '"format": "atout-record/9"',
            "rec_log_format",
            'format non pris en charge "atout-record/9"',
        ),
        ('"format": 9', "rec_log_format", "format non pris en charge 9 (attendu"),
        (
            '"deals": [], "tags": {}',
            "rec_log_fields",
            'champs inconnus pour atout-record/1 : "deals", "tags"',
        ),
    ],
)
def test_a_logs_fields_are_repeated_as_json_in_every_language(
    field: str, code: str, french: str
) -> None:
    """As the reader wrote them, not as Python's ``repr`` ('x') spells them."""
    text = f'{{"game": "french", "players": 4, "variant": "fft", {field}}}'
    with pytest.raises(RecordError) as refused:
        Record.from_json(text)
    why = refused.value.why
    assert why is not None and why.code == code
    assert french in message(why.code, why.params, "fr")


def test_replay_names_the_action_that_breaks_the_rules() -> None:
    record = Record("french", 4, "fft", {}, ("deal:seed=1", "play:KH"))
    with pytest.raises(RecordError, match="action 2 'play:KH'"):
        record.replay()


def test_unknown_variant_in_a_record() -> None:
    """Coded as a readable record's header is (``rec_variant``), for a client's language."""
    with pytest.raises(RecordError, match="unknown variant 'nope'") as refused:
        Record("french", 4, "nope").replay()
    assert refused.value.why is not None and refused.value.why.code == "rec_variant"


runner = CliRunner()


def test_replay_command_renders_every_trick_and_the_totals(tmp_path: Path) -> None:
    record = random_record("french", 4, 3, deals=2)
    path = tmp_path / "partie.json"
    save(record, path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    # two deals played out: 18 tricks each at 4 players, each ending "-> seat N"
    assert sum(1 for line in lines if "-> seat" in line) == 36
    totals = [line for line in lines if line.startswith("Totals:")]
    assert len(totals) == 2
    final = [int(part.split()[-1]) for part in totals[-1].removeprefix("Totals: ").split(", ")]
    assert sum(final) == 0
    assert final == list(record.replay().result()["totals"])


def test_replay_command_reads_stdin_and_renders_africain() -> None:
    record = random_record("africain", 3, 11)
    result = runner.invoke(app, ["replay", "-"], input=record.to_json())
    assert result.exit_code == 0, result.output
    assert "Tarot Africain" in result.output


def test_replay_command_refuses_a_broken_record() -> None:
    bad = json.dumps({"game": "chess", "players": 2, "variant": "x"})
    result = runner.invoke(app, ["replay", "-"], input=bad)
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output
