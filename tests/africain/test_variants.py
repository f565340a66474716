import pytest

from atout.africain.rules import AFRICAIN
from atout.africain.variants import get_variant


def test_standard_defaults_follow_the_rules() -> None:
    # docs/rules.md, Tarot Africain: 14 lives, rounds of 5 to 1 cards, lose the
    # tricks missing to the bid, remontée.
    v = get_variant()
    assert (v.lives, v.hand_sizes, v.loss, v.remontee) == (14, (5, 4, 3, 2, 1), "missing", True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_start_at_five_cards(players: int) -> None:
    assert AFRICAIN.new(players).hand_size == 5


@pytest.mark.parametrize("players", [1, 5, 6])
def test_standard_refuses_other_player_counts(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        AFRICAIN.new(players)


def test_five_players_start_at_four_cards() -> None:
    v = get_variant("cinq")
    assert v.sizes_for(5) == (4, 3, 2, 1)
    assert v.sizes_for(4) == (5, 4, 3, 2, 1)
    assert AFRICAIN.new(5, "cinq").hand_size == 4
    with pytest.raises(ValueError):
        AFRICAIN.new(6, "cinq")


def test_five_players_through_an_option() -> None:
    assert AFRICAIN.new(5, options={"max_players": 5}).hand_size == 4


def test_options_override_fields() -> None:
    v = get_variant("standard", {"lives": 5, "loss": "difference", "remontee": False})
    assert (v.lives, v.loss, v.remontee) == (5, "difference", False)
    assert get_variant("standard", {"hand_sizes": [3, 1]}).hand_sizes == (3, 1)


def test_unknown_variant_is_named() -> None:
    with pytest.raises(ValueError, match="no variant called belote"):
        AFRICAIN.new(3, "belote")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": 1}, "unknown option"),
        ({"lives": "many"}, "'lives' expects an integer"),
        ({"lives": True}, "'lives' expects an integer"),
        ({"lives": 0}, "'lives' must be at least 1"),
        ({"loss": "all"}, "'loss'"),
        ({"hand_sizes": [5, 0]}, "'hand_sizes'"),
        ({"hand_sizes": []}, "'hand_sizes'"),
        ({"hand_sizes": ["5"]}, "'hand_sizes' expects a list of integers"),
        ({"max_players": 6}, "'max_players'"),
        ({"remontee": 1}, "'remontee' expects true or false"),
    ],
)
def test_bad_options_are_refused_clearly(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AFRICAIN.new(3, options=options)
