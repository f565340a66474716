"""The readable record (docs/records.md): written then read gives the same game,
every deal shows its cards, and every fault is named by line and column."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import DECK_SIZE, FULL_DECK, mask_of, parse_card
from atout.game import OMNISCIENT
from atout.record_files import read_record
from atout.record_format import GameRecord, RecordSyntaxError, from_log
from atout.record_json import read_json, to_json_dict, write_json
from atout.record_schema import RECORD
from atout.record_text import read_text, write_text
from atout.records import Record, RecordFault
from tests.test_records import random_record

SMALL = """\
; a two-player Tarot Africain round written by hand
[Event "Test"]
[Game "africain"]
[Variant "standard"]
[Players "2"]
[Options "hand_sizes=[2] lives=1"]
[Result "1 0"]

[Deal "1"]
[Hand0 "T21 T1"]
[Hand1 "T5 EX"]
bid:2 bid:1   ; seat 0 wants both tricks
play:T21 play:T5 play:T1 play:EX:low
[Score "1 0"]
"""


def test_a_hand_written_record_reads_and_replays_to_its_result() -> None:
    record = read_text(SMALL)
    assert record.game == "africain" and record.players == 2
    assert record.options == {"hand_sizes": [2], "lives": 1}
    assert record.tags == {"Event": "Test"}
    (deal,) = record.deals
    assert deal.hands == (
        mask_of([parse_card("T21"), parse_card("T1")]),
        mask_of([parse_card("T5"), parse_card("EX")]),
    )
    assert deal.actions[-1] == "play:EX:low"
    # seat 0 bid and won both tricks; seat 1 bid one, won none and loses its only life
    assert record.result == (1, 0)
    assert record.replay().is_over


games = st.sampled_from(
    [
        ("french", 3, {"deals": 2}),
        ("french", 4, {"deals": 2}),
        ("french", 5, {"deals": 2}),
        ("french", 5, {"deals": 2, "dealer_sits_out": True, "misere": True}),
        ("africain", 2, {}),
        ("africain", 4, {"lives": 3}),
    ]
)


@settings(max_examples=12, deadline=None)
@given(game=games, seed=st.integers(min_value=0, max_value=2**32))
def test_random_games_written_then_read_are_the_same_game(
    game: tuple[str, int, dict[str, object]], seed: int
) -> None:
    name, players, options = game
    log = random_record(name, players, seed, **options)
    record = from_log(log, {"Event": 'Club "night"', "Seat0": "Ana"})
    text = write_text(record)
    again = read_text(text)
    assert again == record
    assert read_json(write_json(record)) == record
    # the two forms convert into each other without loss
    assert write_text(read_json(write_json(again))) == text
    json.loads(write_json(record))  # plain JSON
    RECORD.validate_python(json.loads(write_json(record)), strict=True)
    # the read record replays to the game the log played
    original = log.replay()
    assert again.replay().result() == original.result()
    assert again.to_log().replay().view(OMNISCIENT) == original.view(OMNISCIENT)
    assert again.result is not None and again.result == tuple(_standing(original))


def _standing(state: object) -> list[int]:
    result = state.result()  # type: ignore[attr-defined]
    return list(result["totals"] if "totals" in result else result["lives"])


def test_every_french_deal_shows_the_78_cards_and_no_seed_defines_it() -> None:
    log = random_record("french", 4, 5, deals=3)
    text = write_text(from_log(log))
    assert "seed=" not in text
    deals = text.split('[Deal "')[1:]
    assert len(deals) >= 3
    for deal in deals:
        hands = re.findall(r'\[Hand(\d) "([^"]*)"\]', deal)
        dog = re.search(r'\[Dog "([^"]*)"\]', deal)
        assert [int(seat) for seat, _ in hands] == [0, 1, 2, 3] and dog is not None
        cards = [c for _, hand in hands for c in hand.split()] + dog.group(1).split()
        assert [len(hand.split()) for _, hand in hands] == [18] * 4
        assert len(cards) == DECK_SIZE and mask_of(map(parse_card, cards)) == FULL_DECK
    # the seed is information only: changed or dropped, the record is the same game
    changed = re.sub(r'\[Seed "\d+"\]', '[Seed "12"]', text)
    dropped = re.sub(r'\[Seed "\d+"\]\n', "", text)
    assert read_text(changed).to_log() == read_text(dropped).to_log() == read_text(text).to_log()


def _replace_line(text: str, start: str, new: str) -> tuple[str, int]:
    """``text`` with its first line starting with ``start`` replaced; that line's number."""
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(start))
    lines[index] = new
    return "\n".join(lines) + "\n", index + 1


def test_faults_in_a_hand_written_record_are_named_by_line_and_column() -> None:
    cases = [
        (SMALL.replace("T21 T1", "T21 Q1"), 10, 13, "Q1"),
        (SMALL.replace("T21 T1", "T21 T21"), 10, 13, "T21 is given twice"),
        (
            SMALL.replace('[Hand1 "T5 EX"]', '[Hand1 "T5"]'),
            11,
            1,
            "seat 1 is dealt the wrong number",
        ),
        (SMALL.replace("bid:2 bid:1", "bid:2 bid:0"), 12, 7, "bid:0"),
        (SMALL.replace("play:T1 ", "play:T5 "), 13, 18, "play:T5"),
        (SMALL.replace('[Score "1 0"]', '[Score "0 1"]'), 14, 1, "ends at 1 0, not 0 1"),
        (SMALL.replace('[Result "1 0"]', '[Result "1 x"]'), 7, 12, "whole number"),
        (SMALL.replace('[Players "2"]', '[Players "two"]'), 5, 11, "whole number"),
        (SMALL.replace('[Players "2"]', '[Players "99999999999999999999"]'), 5, 1, "2 to 5"),
        (SMALL.replace('[Players "2"]', '[Players "-1"]'), 5, 1, "2 to 5"),
        (SMALL.replace('[Event "Test"]', '[Event "Test]'), 2, 14, "closing quote"),
        (SMALL.replace('[Event "Test"]', '[Event "Test" x'), 2, 15, "closing ]"),
        (SMALL.replace('[Event "Test"]', "[Event Test]"), 2, 1, '[Name "value"]'),
        (SMALL.replace('[Deal "1"]', '[Deal "2"]'), 9, 1, "numbered from 1"),
        (SMALL.replace('[Game "africain"]', '[Game "chess"]'), 3, 1, "unknown game"),
        (SMALL.replace("lives=1", "life=1"), 6, 1, "unknown option"),
        (SMALL.replace('[Event "Test"]', '[Dealer "1"]'), 2, 1, "dealt by seat 0"),
        (SMALL.replace('[Event "Test"]', '[Dog "T2"]'), 2, 1, "inside a deal"),
        (SMALL.replace("[Deal", "bid:2\n[Deal"), 9, 1, "before the first [Deal]"),
        (SMALL.replace('[Hand0 "T21 T1"]', '[Hand2 "T21 T1"]'), 10, 1, "no seat 2"),
        (SMALL + "play:T2\n", 15, 1, "deal 1 is over"),
        (SMALL.replace('[Hand1 "T5 EX"]', '[Hand1 "T5 EX"]\n[Dog "T2"]'), 9, 1, "no dog"),
        (SMALL.replace('[Result "1 0"]\n', ""), 1, 1, ""),  # no result: a valid record
    ]
    for text, line, column, words in cases[:-1]:
        with pytest.raises(RecordSyntaxError) as caught:
            read_text(text)
        error = caught.value
        assert isinstance(error, ValueError)
        assert (error.line, error.column) == (line, column), (text, str(error))
        assert words in str(error) and str(error).startswith(f"line {line}, column {column}: ")
    assert read_text(cases[-1][0]).result is None


def test_a_french_deal_short_of_a_card_is_refused_at_its_hand() -> None:
    text = write_text(from_log(random_record("french", 4, 2)))
    lines = text.splitlines()
    hand = next(line for line in lines if line.startswith("[Hand2 "))
    short, number = _replace_line(text, "[Hand2 ", hand.rsplit(" ", 1)[0] + '"]')
    with pytest.raises(
        RecordSyntaxError, match="seat 2 is dealt the wrong number of cards"
    ) as caught:
        read_text(short)
    assert caught.value.line == number
    # a card of seat 0's hand put in the dog too: the deal as a whole is refused
    first = next(line for line in lines if line.startswith("[Hand0 ")).split('"')[1].split()[0]
    dog = next(line for line in lines if line.startswith("[Dog ")).split('"')[1].split()
    twice, _ = _replace_line(text, "[Dog ", f'[Dog "{" ".join([first, *dog[1:]])}"]')
    with pytest.raises(RecordSyntaxError, match="deal 1: ") as caught:
        read_text(twice)
    assert (caught.value.line, caught.value.column) == (lines.index('[Deal "1"]') + 1, 1)


def test_a_score_shown_before_its_deal_is_over() -> None:
    lines = write_text(from_log(random_record("french", 4, 9))).splitlines()
    bids = next(i for i, line in enumerate(lines) if line.startswith("bid:"))
    cut = [line if not line.startswith("[Result ") else '[Result "*"]' for line in lines]
    text = "\n".join([*cut[: bids + 1], '[Score "0 0 0 0"]']) + "\n"
    with pytest.raises(RecordSyntaxError, match="deal 1 is not over") as caught:
        read_text(text)
    assert (caught.value.line, caught.value.column) == (bids + 2, 1)


def test_options_of_every_json_kind_round_trip() -> None:
    log = random_record("africain", 3, 4, hand_sizes=[3, 2], loss="difference", lives=2)
    record = from_log(log)
    text = write_text(record)
    assert '[Options "hand_sizes=[3,2] loss=difference lives=2"]' in text
    assert read_text(text) == record


def test_the_json_form_names_what_is_wrong() -> None:
    good = to_json_dict(read_text(SMALL))
    with pytest.raises(RecordSyntaxError) as caught:
        read_json('{\n "format": "atout-record/2",\n "game" "africain"}')
    assert (caught.value.line, caught.value.column) == (3, 9)
    bad_play = json.loads(json.dumps(good))
    bad_play["deals"][0]["actions"][2] = "play:T5"
    with pytest.raises(ValueError, match=r"deals\[0\]\.actions\[2\]: 'play:T5'"):
        read_json(json.dumps(bad_play))
    bad_tag = json.loads(json.dumps(good))
    bad_tag["tags"]["Result"] = "1 0"
    with pytest.raises(ValueError, match="Result is not a free tag"):
        read_json(json.dumps(bad_tag))
    bad_card = json.loads(json.dumps(good))
    bad_card["deals"][0]["hands"][1][0] = "T22"
    with pytest.raises(ValueError, match=r"deals\[0\]\.hands\[1\]\[0\]"):
        read_json(json.dumps(bad_card))


def test_a_record_is_a_value() -> None:
    record = read_text(SMALL)
    assert isinstance(record, GameRecord)
    assert read_text(write_text(record)) == record


def test_the_examples_of_the_specification_read() -> None:
    spec = (Path(__file__).parents[2] / "docs" / "records.md").read_text()
    blocks = re.findall(r"```(\w*)\n(.*?)```", spec, re.DOTALL)
    first_text = next(body for lang, body in blocks if not lang and body.startswith("; a two"))
    assert read_text(first_text) == read_text(SMALL)
    example_json = next(body for lang, body in blocks if lang == "json")
    assert read_json(example_json) == read_text(SMALL)


def test_an_old_record_s_information_becomes_tags() -> None:
    log = random_record("africain", 2, 3)
    meta = {
        "names": ["ana", None],
        "status": "over",
        "result": {"lives": [1, 0]},
        "why": "two\nlines",
        "seat": 0,
    }
    old = Record(log.game, log.players, log.variant, log.options, log.actions, meta)
    record = read_json(old.to_json())
    assert record.tags == {
        "Seat0": "ana",
        "Status": "over",
        "MetaResult": '{"lives": [1, 0]}',
        "Why": "two lines",
        "Seat": "0",
    }
    assert read_text(write_text(record)) == record


def test_a_record_refuses_a_tag_it_could_not_write() -> None:
    for tags in ({"Result": "1 0"}, {"Hand0": "EX"}, {"1st": "x"}, {"Note": "a\nb"}):
        with pytest.raises(ValueError, match="tag"):
            GameRecord("africain", 2, "standard", tags=tags)


def test_errors_cross_process_boundaries() -> None:
    # the server reads records in worker processes, which send errors back pickled
    error = RecordSyntaxError("a reason", 3, 7)
    again = pickle.loads(pickle.dumps(error))
    assert (again.reason, again.line, again.column, str(again)) == (
        "a reason",
        3,
        7,
        "line 3, column 7: a reason",
    )
    fault = pickle.loads(pickle.dumps(RecordFault(("deal", 2), "why")))
    assert (fault.part, fault.reason) == (("deal", 2), "why")


def test_tag_values_escape_quotes_and_backslashes_only() -> None:
    text = SMALL.replace('[Event "Test"]', r'[Event "a \"b\" \\ c"]  [Site "x"] ; two tags')
    assert read_text(text).tags == {"Event": 'a "b" \\ c', "Site": "x"}
    assert read_text(write_text(read_text(text))) == read_text(text)
    for bad, column in ((r'[Event "a \n"]', 11), (r'[Event "a \\\"]', 16), ('[Event "a \\', 12)):
        with pytest.raises(RecordSyntaxError) as caught:
            read_text(SMALL.replace('[Event "Test"]', bad))
        assert (caught.value.line, caught.value.column) == (2, column), bad


def test_windows_line_ends_and_a_byte_order_mark_are_read() -> None:
    assert read_text("\ufeff" + SMALL.replace("\n", "\r\n")) == read_text(SMALL)
    json_form = write_json(read_text(SMALL))  # a Windows editor saved the JSON too
    assert read_record("\ufeff" + json_form.replace("\n", "\r\n")) == read_text(SMALL)


def test_a_logs_lineups_say_who_sits_where_from_their_deal_on() -> None:
    """Triplettes: the players change between deals; each deal of the log's
    ``lineups`` names its seats (a robot's too), a malformed entry is left out."""
    log = random_record("french", 4, 3, deals=3)
    names = ["Ana", None, "Bo", "Cy"]
    lineups = [
        {"deal": 2, "users": [1, None, 2, 3], "names": names},
        {"deal": 3, "names": ["x"]},  # not one name a seat
        {"deal": 9, "names": names},  # no such deal
        "junk",
    ]
    meta = {"names": ["Dee", "Ed", "Flo", "Gus"], "lineups": lineups}
    record = from_log(Record(log.game, log.players, log.variant, log.options, log.actions, meta))
    assert [dict(deal.tags).get("Seat0") for deal in record.deals] == [None, "Ana", None]
    second = {k: v for k, v in record.deals[1].tags.items() if k.startswith("Seat")}
    assert second == {"Seat0": "Ana", "Seat1": "robot", "Seat2": "Bo", "Seat3": "Cy"}
    assert record.tags["Seat0"] == "Dee" and "Lineups" not in record.tags
    assert read_text(write_text(record)) == record
