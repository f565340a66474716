"""TarotClub's deal files (version 3) read as records: cards, places and the
first player mapped onto our seats, a bad file refused with the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from atout.cards import EXCUSE, mask_of, parse_card
from atout.record_format import RecordSyntaxError
from atout.records import RecordError
from atout.tarotclub import read_tarotclub, tarotclub_card

SAMPLE = Path(__file__).parent / "tarotclub_deal.json"


def cards(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def suit(letter: str) -> str:
    return " ".join(f"{rank}{letter}" for rank in [*range(1, 11), "J", "N", "Q", "K"])


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("00-T", EXCUSE),
        ("01-T", parse_card("T1")),
        ("21-T", parse_card("T21")),
        ("01-S", parse_card("1S")),
        ("11-C", parse_card("JC")),
        ("12-D", parse_card("ND")),
        ("13-H", parse_card("QH")),
        ("14-H", parse_card("KH")),
        ("10-D", parse_card("10D")),
    ],
)
def test_cards(text: str, card: int) -> None:
    assert tarotclub_card(text) == card


@pytest.mark.parametrize("text", ["22-T", "00-S", "15-H", "7-H", "07H", "07-X", ""])
def test_not_cards(text: str) -> None:
    with pytest.raises(ValueError, match="not a TarotClub card"):
        tarotclub_card(text)


def test_the_sample_deal_seats_east_first() -> None:
    record = read_tarotclub(SAMPLE.read_text())
    assert (record.game, record.players, record.variant) == ("french", 4, "fft")
    (deal,) = record.deals
    # East plays first, so East is our seat 1 (right of the first dealer, seat 0)
    assert record.tags == {"Seat0": "South", "Seat1": "East", "Seat2": "North", "Seat3": "West"}
    assert deal.hands == (
        cards(suit("S") + " T1 T2 T3 T4"),
        cards(suit("H") + " T5 T6 T7 T8"),
        cards(suit("D") + " T9 T10 T11 T12"),
        cards(suit("C") + " T13 T14 T15 T16"),
    )
    assert deal.dog == cards("T17 T18 T19 T20 T21 EX")
    assert record.replay().view(1)["to_move"] == 1


def tc(letter: str, values: range) -> list[str]:
    """TarotClub's texts of the cards of one suit (or trumps, T) with these values."""
    return [f"{value:02}-{letter}" for value in values]


def test_three_places_and_another_first_player() -> None:
    south = tc("S", range(1, 15)) + tc("T", range(1, 5)) + tc("C", range(9, 15))
    east = tc("H", range(1, 15)) + tc("T", range(5, 9)) + tc("T", range(13, 17)) + ["01-C", "02-C"]
    north = tc("D", range(1, 15)) + tc("T", range(9, 13)) + tc("C", range(3, 9))
    data = {
        "version": "3",
        "FirstPlayer": "South",
        "Dog": ";".join([*tc("T", range(17, 22)), "00-T"]),
        **{"South": ";".join(south), "East": ";".join(east), "North": ";".join(north)},
        **{"West": "", "Fifth": ""},
    }
    record = read_tarotclub(json.dumps(data))
    assert record.players == 3
    # South plays first: our seat 1; the seat before it, 0, is then North
    assert record.tags == {"Seat0": "North", "Seat1": "South", "Seat2": "East"}
    assert record.deals[0].hands[1] == cards(suit("S") + " T1 T2 T3 T4 9C 10C JC NC QC KC")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"version": "2"}, '"version": "3"'),
        ({"FirstPlayer": "Nowhere"}, "FirstPlayer"),
        ({"Dog": "17-T;18-T"}, "dog"),
        ({"South": "01-S;99-S"}, "South: '99-S'"),
        ({"Dog": 7}, "Dog"),
        ({"North": ""}, "first 3"),
    ],
)
def test_bad_deal_files(change: dict[str, object], words: str) -> None:
    data = json.loads(SAMPLE.read_text()) | change
    with pytest.raises(RecordError, match=words):
        read_tarotclub(json.dumps(data))


def test_not_json_names_line_and_column() -> None:
    with pytest.raises(RecordSyntaxError) as caught:
        read_tarotclub('{\n  "version": "3",\n  "Dog" "x"\n}')
    assert (caught.value.line, caught.value.column) == (3, 9)
