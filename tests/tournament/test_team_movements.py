"""What the triplettes' and the match's movements promise, checked on their seatings."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.tournament.boards import SOUTH
from atout.tournament.event import Tournament, new_setup
from atout.tournament.movement import (
    Movement,
    howell_movement,
    match_movement,
    triplette_movement,
)


def meetings(movement: Movement) -> Counter[tuple[int, int]]:
    return Counter(
        pair for s in movement.seatings for pair in combinations(sorted(set(s.seats)), 2)
    )


def seen(movement: Movement) -> Counter[tuple[int, int]]:
    return Counter((team, b) for s in movement.seatings for team in set(s.seats) for b in s.boards)


def lines(movement: Movement, position: int) -> list[tuple[int, ...]]:
    """Each table's seats at ``position``: one triplette in N and S, the other in W and E."""
    return [s.seats for s in movement.seatings if s.position == position]


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 12), st.integers(1, 4), st.data())
def test_the_plain_triplettes_movement(tables: int, per_position: int, data: st.DataObject) -> None:
    most = tables if tables % 2 else max(tables - 1, 1)
    positions = data.draw(st.integers(1, most))
    movement = triplette_movement(tables, positions, per_position)
    for position in range(positions):
        seats = lines(movement, position)
        # every triplette plays at every position, NS ones staying NS, EW ones EW
        assert all(s[0] == s[2] and s[1] == s[3] for s in seats)
        assert sorted(s[0] for s in seats) == list(range(tables))
        assert sorted(s[1] for s in seats) == list(range(tables, 2 * tables))
        # the NS triplettes stay at their tables
        assert [s[0] for s in seats] == list(range(tables))
        # each board is at one table at a time
        boards = Counter(b for s in movement.seatings if s.position == position for b in s.boards)
        assert set(boards.values()) == {1} and len(boards) == tables * per_position
    # an NS triplette meets EW ones only, and none twice; nobody sees a board twice
    met = meetings(movement)
    assert all(a < tables <= b for a, b in met)
    assert set(met.values()) == {1} and movement.meets_once
    assert set(seen(movement).values()) == {1} and movement.boards_once


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 8), st.integers(1, 3))
def test_the_howell_meets_every_triplette_once(tables: int, per_position: int) -> None:
    """ "La formule Howell permet à une triplette de rencontrer l'ensemble des triplettes
    adverses. A chaque position, la triplette peut recevoir une orientation différente"."""
    movement = howell_movement(tables, 2 * tables - 1, per_position)
    teams = 2 * tables
    assert meetings(movement) == Counter(dict.fromkeys(combinations(range(teams), 2), 1))
    # everyone plays every board once: each board is compared over all the tables
    boards = range(1, (2 * tables - 1) * per_position + 1)
    assert seen(movement) == Counter({(t, b): 1 for t in range(teams) for b in boards})
    north_south: Counter[int] = Counter()
    for position in range(movement.positions):
        seats = lines(movement, position)
        assert all(s[0] == s[2] and s[1] == s[3] for s in seats)
        assert sorted(t for s in seats for t in s[:2]) == list(range(teams))
        north_south.update(s[0] for s in seats)
    # orientations alternate: each triplette holds North-South T-1 or T times of 2T-1
    assert all(tables - 1 <= north_south[t] <= tables for t in range(teams))
    assert movement.meets_once and movement.boards_once


@settings(max_examples=10, deadline=None)
@given(st.integers(4, 6))
def test_the_match_plays_each_quarter_at_both_tables(per_position: int) -> None:
    movement = match_movement(per_position)
    assert movement.positions == 4 and movement.tables == 2
    for quarter in range(4):
        one, two = (s for s in movement.seatings if s.position == quarter)
        # "l'attaquant de l'équipe B rencontre la défense de l'équipe A ... sur les mêmes donnes"
        assert one.boards == two.boards
        assert one.seats[SOUTH] == 0 and set(one.seats) - {0} == {1}
        assert two.seats[SOUTH] == 1 and set(two.seats) - {1} == {0}
    assert sorted(b for s in movement.seatings[::2] for b in s.boards) == list(
        range(1, 4 * per_position + 1)
    )


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 7), st.sampled_from(["plain", "howell"]), st.integers(0, 2))
def test_each_triplette_attacks_in_badge_order(tables: int, movement: str, badge: int) -> None:
    """Each triplette attacks the boards marked on its line, its three players one after
    the other from the badge drawn, so their counts differ by one at most."""
    setup = new_setup("triplettes", 4, tables, movement=movement, first_badge=badge)  # type: ignore[arg-type]
    tournament = Tournament.create(setup, seed=tables)
    by_team: dict[int, list[int]] = {}
    for seating in tournament.movement.seatings:
        for board in seating.boards:
            taker = tournament.board(board).taker
            team = seating.seats[taker]
            by_team.setdefault(team, []).append(
                tournament.rotation[seating.position, seating.table, board]
            )
    for team, attackers in by_team.items():
        assert attackers == [3 * team + (badge + k) % 3 for k in range(len(attackers))]
