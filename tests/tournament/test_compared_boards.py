"""A duplicate ranks by "comparant les scores réalisés par les différents joueurs
avec les mêmes cartes" (rulebook p. 13): a new tournament of several tables where
some board would be played at one table only compares nothing on that board, so
it is refused with what to change. One table is allowed (prepared boards played
at one table), and a stored tournament is read as it was written."""

from __future__ import annotations

from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.tournament import documents
from atout.tournament.boards import TournamentError
from atout.tournament.event import Form, MovementKind, Setup, Tournament, new_setup
from atout.tournament.movement import Movement
from atout.tournament.state import from_json, to_json


def tables_of_each_board(movement: Movement) -> dict[int, set[int]]:
    """Each board's tables, over every position."""
    tables: dict[int, set[int]] = defaultdict(set)
    for seating in movement.seatings:
        for board in seating.boards:
            tables[board].add(seating.table)
    return tables


def refusal(setup: Setup) -> TournamentError:
    with pytest.raises(TournamentError) as error:
        Tournament.new(setup, 1)
    return error.value


def test_the_plain_triplettes_at_two_tables_are_refused_naming_the_howell() -> None:
    """12 players: table 1 played boards 1-4 and table 2 boards 5-8, once each, so every
    triplette ended at 50 %. The Howell at the same size plays each board at both."""
    plain = new_setup("triplettes", 4, 2)
    made = Tournament.create(plain, 1)  # what `create` used to accept
    assert {b: len(t) for b, t in tables_of_each_board(made.movement).items()} == {
        b: 1 for b in range(1, 9)
    }
    error = refusal(plain)
    assert error.code == "tournament_triplettes_two_tables"
    assert "choose the movement howell" in str(error) and "3 tables or more" in str(error)
    howell = Tournament.new(new_setup("triplettes", 4, 2, movement="howell"), 1)
    assert len(howell.setup.names) == 12
    assert all(t == {0, 1} for t in tables_of_each_board(howell.movement).values())
    three = Tournament.new(new_setup("triplettes", 4, 3), 1)  # the plain movement from 3 tables
    assert all(len(t) == 3 for t in tables_of_each_board(three.movement).values())
    # the server's creation, the same code
    choices = {"form": "triplettes", "players": 4, "tables": 2, "seed": 1}
    with pytest.raises(TournamentError) as refused:
        documents.create(choices)
    assert refused.value.code == "tournament_triplettes_two_tables"
    assert len(documents.create(choices | {"movement": "howell"})["boards"]) == 12


@pytest.mark.parametrize(("form", "tables"), [("individual", 3), ("triplettes", 3)])
def test_one_position_at_several_tables_is_refused(form: Form, tables: int) -> None:
    """One position: each set of boards at one table; two positions move them."""
    error = refusal(new_setup(form, 4, tables, positions=1))
    assert (error.code, error.params) == ("tournament_uncompared", {"board": 1})
    assert str(error).endswith("give at least 2 positions")
    Tournament.new(new_setup(form, 4, tables, positions=2), 1)


def test_one_table_and_stored_tournaments_are_allowed() -> None:
    """A single table compares nothing whatever its movement: allowed, as the server's
    online tables of one table are. A file of a refused size keeps loading."""
    Tournament.new(new_setup("individual", 4, 1), 1)
    Tournament.new(new_setup("triplettes", 4, 1), 1)
    Tournament.new(new_setup("triplettes", 4, 1, movement="howell"), 1)
    stored = to_json(Tournament.create(new_setup("triplettes", 4, 2), 1))
    assert from_json(stored).setup.tables == 2


@pytest.mark.parametrize(
    ("form", "players", "movement"),
    [
        ("individual", 4, "plain"),
        ("individual", 5, "plain"),
        ("triplettes", 4, "plain"),
        ("triplettes", 4, "howell"),
        ("quadrettes", 4, "plain"),
    ],
)
def test_every_default_size_compares_each_board_but_the_plain_triplettes_at_two(
    form: Form, players: int, movement: MovementKind
) -> None:
    """At its default positions every form from 2 to 7 tables plays each board at two
    tables at least, but the plain triplettes at 2 (quadrettes: an even number of teams)."""
    for tables in range(2, 8):
        if form == "quadrettes" and tables % 2:
            continue
        setup = new_setup(form, players, tables, movement=movement)
        if (form, movement, tables) == ("triplettes", "plain", 2):
            assert refusal(setup).code == "tournament_triplettes_two_tables"
            continue
        tournament = Tournament.new(setup, 1)
        assert min(map(len, tables_of_each_board(tournament.movement).values())) >= 2


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["individual", "triplettes", "howell"]),
    st.integers(2, 6),
    st.data(),
)
def test_a_new_tournament_is_refused_exactly_when_a_board_stays_at_one_table(
    kind: str, tables: int, data: st.DataObject
) -> None:
    form: Form = "individual" if kind == "individual" else "triplettes"
    movement: MovementKind = "howell" if kind == "howell" else "plain"
    most = new_setup(form, 4, tables, movement=movement).positions
    positions = data.draw(st.integers(1, most))
    setup = new_setup(form, 4, tables, positions, 2, movement=movement)
    alone = [
        board
        for board, at in sorted(tables_of_each_board(Tournament.create(setup, 1).movement).items())
        if len(at) < 2
    ]
    if not alone:
        Tournament.new(setup, 1)
        return
    error = refusal(setup)
    if error.code == "tournament_uncompared":
        assert error.params == {"board": alone[0]}
    else:
        assert (error.code, form, movement, tables) == (
            "tournament_triplettes_two_tables",
            "triplettes",
            "plain",
            2,
        )
