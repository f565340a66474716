import pytest

from atout.africain.actions import Bid, Deal, Play
from atout.africain.rules import AFRICAIN
from atout.cards import EXCUSE, trump
from atout.game import ActionSyntaxError


@pytest.mark.parametrize(
    "text",
    [
        "deal:seed=42",
        "deal:T1,T5,EX/T2,T3,T21/-",
        "bid:0",
        "bid:3",
        "play:T17",
        "play:EX:high",
        "play:EX:low",
        "play:T1",
    ],
)
def test_canonical_text_round_trips(text: str) -> None:
    assert str(AFRICAIN.parse_action(text)) == text


def test_parsed_actions_hold_the_right_values() -> None:
    assert AFRICAIN.parse_action("bid:2") == Bid(2)
    assert AFRICAIN.parse_action("play:T17") == Play(trump(17))
    assert AFRICAIN.parse_action("PLAY:ex:HIGH") == Play(EXCUSE, True)
    assert AFRICAIN.parse_action("play:EX:low") == Play(EXCUSE, False)
    assert AFRICAIN.parse_action("deal:seed=7") == Deal(seed=7)
    deal = AFRICAIN.parse_action("deal:T1 T2/EX,T21")
    assert deal == Deal(hands=((1 << trump(1)) | (1 << trump(2)), (1 << EXCUSE) | (1 << trump(21))))


def test_excuse_without_declaration_parses_but_is_not_canonical() -> None:
    assert AFRICAIN.parse_action("play:EX") == Play(EXCUSE, None)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not an action"),
        ("bid", "is not an action"),
        ("bid:two", "number of tricks"),
        ("bid:-1", "number of tricks"),
        ("pass:1", "unknown action kind"),
        ("play:KH", "trumps and the Excuse only"),
        ("play:T22", "not one card"),
        ("play:T5 T6", "not one card"),
        ("play:T5:high", "only the Excuse"),
        ("play:EX:middle", "play:EX:high or play:EX:low"),
        ("deal:seed=abc", "seed must be an integer"),
        ("deal:seed=²", "seed must be an integer"),
        ("bid:²", "number of tricks"),
        ("bid:①", "number of tricks"),
        ("bid:٣", "number of tricks"),
        ("deal:T1,T1/T2,T3", "written twice"),
        ("deal:T1//T2", "write '-'"),
    ],
)
def test_bad_text_raises_syntax_error(text: str, message: str) -> None:
    with pytest.raises(ActionSyntaxError, match=message):
        AFRICAIN.parse_action(text)
