"""The searched individual movement: the rulebook's constraints on every seating, and
far fewer repeated meetings than the arithmetic movement where that one cannot
promise that players meet once."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.tournament import movement_search
from atout.tournament.event import Tournament, new_setup
from atout.tournament.movement import Movement, individual_movement
from atout.tournament.state import from_json, to_json


def repeats(movement: Movement) -> int:
    """Meetings after the first: a pair that sits together n times counts n - 1."""
    met = Counter(pair for s in movement.seatings for pair in combinations(sorted(s.seats), 2))
    return sum(n - 1 for n in met.values())


def check_constraints(movement: Movement, per_position: int) -> None:
    """What the rulebook and the boards ask of every seating, read on the seatings."""
    tables, players = movement.tables, movement.players
    assert len(movement.seatings) == tables * movement.positions
    sets = {tuple(range(s * per_position + 1, (s + 1) * per_position + 1)) for s in range(tables)}
    for position in range(movement.positions):
        here = [movement.at(position, table) for table in range(tables)]
        # everyone plays, each at one table, in the orientation it started in
        assert sorted(p for s in here for p in s.seats) == list(range(tables * players))
        for seating in here:
            assert [p % players for p in seating.seats] == list(range(players))
        # every set of boards is at exactly one table
        assert sorted(s.boards for s in here) == sorted(sets)
    # no table plays a set twice, no player plays a board twice
    tables_sets = Counter((s.table, s.boards) for s in movement.seatings)
    assert max(tables_sets.values()) == 1
    plays = Counter((p, b) for s in movement.seatings for p in s.seats for b in s.boards)
    assert max(plays.values()) == 1 and movement.boards_once
    assert movement.meets_once == (repeats(movement) == 0)


def twin_pairs(lines: int, steps: int) -> int:
    """Pairs of lines that share a step when ``lines`` lines take ``steps`` steps as
    evenly as possible."""
    fewer, more = divmod(lines, steps)
    return more * (fewer + 1) * fewer // 2 + (steps - more) * fewer * (fewer - 1) // 2


def field_bound(tables: int, players: int, positions: int) -> int:
    """Repeats of the arithmetic movement over the field GF(T), T a prime power: at
    position r line i's player at the table of set s is s + d_i*r with d_i != 0 (so
    nobody plays a set twice). Two lines with different steps never meet twice (the
    difference d_i - d_j is invertible); two with the same step hold the same T pairs
    at every position, (R - 1)*T repeats. The search starts from it, so it never does
    worse."""
    return twin_pairs(players, tables - 1) * tables * (positions - 1)


CLUB = [
    (tables, players, positions)
    for tables, players in [(3, 4), (4, 4), (5, 4), (3, 5), (4, 5)]
    for positions in range(2, tables + 1)
]
"""(tables, players a table, positions): 12, 16, 20 players at four, 15 and 20 at five."""


@pytest.mark.parametrize(("tables", "players", "positions"), CLUB)
def test_club_sizes_keep_the_rules_with_few_repeats(
    tables: int, players: int, positions: int
) -> None:
    movement = individual_movement(tables, players, positions, 2, searched=True)
    check_constraints(movement, 2)
    found = repeats(movement)
    assert found <= field_bound(tables, players, positions)
    # and no movement where nobody plays a set twice can do better
    assert found >= movement_search.fewest_repeats(tables, players, positions)


def test_sixteen_players_meet_again_far_less() -> None:
    # the arithmetic movement mod 4 pairs lines two by two at every other position:
    # 8 pairs meet at all 4 positions and 32 twice (56 repeats); over GF(4) three lines
    # and the sets are orthogonal and the fourth line twins one: 4 pairs, 3 repeats each
    for positions in (3, 4):
        searched = individual_movement(4, 4, positions, 1, searched=True)
        arithmetic = individual_movement(4, 4, positions, 1)
        assert repeats(searched) <= field_bound(4, 4, positions) < repeats(arithmetic)


def test_twelve_players_cannot_do_better_than_the_arithmetic() -> None:
    # at 3 tables a line is a Latin square of order 3 on (position, set), all of which
    # are arithmetic and fall in two classes, orthogonal across and parallel within:
    # four lines make two parallel pairs, 3 pairs of players together at every position
    for positions in (2, 3):
        searched = individual_movement(3, 4, positions, 1, searched=True)
        arithmetic = individual_movement(3, 4, positions, 1)
        bound = movement_search.fewest_repeats(3, 4, positions)
        assert repeats(searched) == repeats(arithmetic) == bound == field_bound(3, 4, positions)


@pytest.mark.parametrize(("tables", "players"), [(6, 4), (6, 5), (10, 4), (12, 4), (12, 5)])
def test_other_club_sizes_meet_again_less(tables: int, players: int) -> None:
    searched = individual_movement(tables, players, tables, 1, searched=True)
    check_constraints(searched, 1)
    assert repeats(searched) < repeats(individual_movement(tables, players, tables, 1))


@pytest.mark.parametrize(("tables", "players"), [(8, 5), (9, 5), (16, 4), (40, 4)])
def test_fields_make_perfect_movements(tables: int, players: int) -> None:
    # GF(8), GF(9), GF(16) and GF(8) x GF(5) have more than `players` steps that differ
    # in every field: every two lines, and each line and the sets, are orthogonal
    movement = individual_movement(tables, players, tables, 1, searched=True)
    check_constraints(movement, 1)
    assert movement.meets_once and not individual_movement(tables, players, tables, 1).meets_once


def test_the_same_sizes_give_the_same_movement() -> None:
    first = individual_movement(6, 5, 6, 2, searched=True)
    movement_search.searched_lines.cache_clear()
    assert individual_movement(6, 5, 6, 2, searched=True) == first


def test_a_stored_tournament_is_seated_as_it_was() -> None:
    # the file keeps the sizes, not the seatings: loading it must not move anyone
    tournament = Tournament.create(new_setup("individual", 4, tables=4), seed=7)
    assert from_json(to_json(tournament)).movement == tournament.movement


def test_a_new_tournament_is_searched_and_an_older_file_stays_arithmetic() -> None:
    """16 players: the new tournament's file says its movement; one written before
    the searched movement names none, and is read with the arithmetic one."""
    tournament = Tournament.new(new_setup("individual", 4, tables=4), seed=7)
    stored = to_json(tournament)
    assert stored["movement"] == "searched"
    assert repeats(from_json(stored).movement) == repeats(tournament.movement) == 12
    older = {key: value for key, value in stored.items() if key != "movement"}
    assert from_json(older).movement == individual_movement(4, 4, 4, 4)
    assert repeats(from_json(older).movement) == 56


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 12), st.sampled_from([4, 5]), st.integers(1, 3), st.data())
def test_any_size_keeps_the_rules(
    tables: int, players: int, per_position: int, data: st.DataObject
) -> None:
    positions = data.draw(st.integers(1, tables))
    movement = individual_movement(tables, players, positions, per_position, searched=True)
    check_constraints(movement, per_position)
    assert repeats(movement) >= movement_search.fewest_repeats(tables, players, positions)
    arithmetic = individual_movement(tables, players, positions, per_position)
    if arithmetic.boards_once:
        assert repeats(movement) <= repeats(arithmetic)
