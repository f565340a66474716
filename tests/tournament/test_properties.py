"""Invariants of movements, boards and topage, checked on the seatings themselves."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import FULL_DECK
from atout.french.dealing import dog_size, hand_size
from atout.french.scoring import DealOutcome
from atout.french.variants import Contract
from atout.tournament.boards import prepare_boards
from atout.tournament.event import Setup, Tournament
from atout.tournament.movement import Movement, individual_movement, quadrette_movement
from atout.tournament.ranking import topage


def meetings(movement: Movement) -> Counter[tuple[int, int]]:
    return Counter(pair for s in movement.seatings for pair in combinations(sorted(s.seats), 2))


def plays(movement: Movement) -> Counter[tuple[int, int]]:
    return Counter((p, b) for s in movement.seatings for p in s.seats for b in s.boards)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 9), st.sampled_from([4, 5]), st.data())
def test_individual_movement(tables: int, players: int, data: st.DataObject) -> None:
    positions = data.draw(st.integers(1, tables))
    movement = individual_movement(tables, players, positions, 2)
    for position in range(positions):
        seated = [p for s in movement.seatings if s.position == position for p in s.seats]
        # everyone plays at every position, in the orientation they started in
        assert sorted(seated) == list(range(tables * players))
        for s in movement.seatings:
            if s.position == position:
                assert [p % players for p in s.seats] == list(range(players))
        # each board is at exactly one table at a time
        boards = Counter(b for s in movement.seatings if s.position == position for b in s.boards)
        assert set(boards.values()) == {1}
    # what the movement promises holds on its seatings
    assert movement.meets_once == (max(meetings(movement).values()) == 1)
    assert movement.boards_once == (max(plays(movement).values()) == 1)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([1, 5, 7, 11]), st.sampled_from([4, 5]))
def test_tables_prime_to_six_promise_everything_at_full_length(tables: int, players: int) -> None:
    movement = individual_movement(tables, players, tables, 1)
    if players == 5 and tables == 5:
        assert movement.boards_once  # boards first: at 5 x 5 players must meet again
        return
    assert movement.meets_once and movement.boards_once
    # over the whole session every player plays every set once
    assert set(plays(movement).values()) == {1}
    assert len(plays(movement)) == tables * players * tables


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 5).map(lambda n: 2 * n), st.data())
def test_quadrettes_meet_each_team_once_with_the_attacker_south(
    teams: int, data: st.DataObject
) -> None:
    positions = data.draw(st.integers(1, teams - 1))
    movement = quadrette_movement(teams, positions, 3)
    # a team's three defenders sit together throughout; opponents meet once
    opposed = {pair: n for pair, n in meetings(movement).items() if pair[0] // 4 != pair[1] // 4}
    assert max(opposed.values()) == 1
    opponents: Counter[tuple[int, int]] = Counter()
    for s in movement.seatings:
        assert s.seats[2] % 4 == 0  # South is an attacker
        defence = {p // 4 for p in s.seats if p != s.seats[2]}
        assert len(defence) == 1 and defence != {s.seats[2] // 4}
        (other,) = defence
        opponents[min(other, s.seats[2] // 4), max(other, s.seats[2] // 4)] += 1
    assert set(opponents.values()) == {2}  # each opposition: two tables, once


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([4, 5]), st.integers(0, 2**32))
def test_prepared_boards_are_whole_deals_with_the_taker_marked(players: int, seed: int) -> None:
    boards = prepare_boards(players, players, seed, None)
    assert [b.taker for b in boards] == list(range(players))
    for board in boards:
        assert all(h.bit_count() == hand_size(players) for h in board.hands)
        assert board.dog.bit_count() == dog_size(players)
        union = board.dog
        for hand in board.hands:
            union |= hand
        assert union == FULL_DECK
    assert boards == prepare_boards(players, players, seed, None)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(-400, 400), min_size=1, max_size=12))
def test_topage_notes_average_fifty(scores: list[int]) -> None:
    notes = topage(scores)
    # the notes are 100 .. 0 in equal steps, ties sharing: their sum is 50 per play
    assert sum(notes) == 50 * len(scores)
    assert all(0 <= n <= 100 for n in notes)
    for a, b in combinations(range(len(scores)), 2):
        assert (scores[a] > scores[b]) == (notes[a] > notes[b])


@settings(max_examples=5, deadline=None)
# a garde with one bout, no chelem: a trick and the écart (8.5 points) to 80
@given(st.integers(0, 2**32), st.lists(st.integers(9, 80), min_size=5, max_size=5))
def test_defenders_take_the_takers_complement(seed: int, points: list[int]) -> None:
    tournament = Tournament.create(
        Setup("individual", 4, 5, 5, 1, tuple("abcdefghijklmnopqrst")), seed
    )
    board = tournament.boards[0]
    for seating, made in zip(tournament.movement.of_board(1), points, strict=True):
        outcome = DealOutcome(4, Contract.GARDE, board.taker, None, made * 2, 1)
        tournament.record(seating.position, seating.table, 1, outcome)
    notes = {s.player: s.notes[1] for s in tournament.standings()}
    for seating in tournament.movement.of_board(1):
        taker = notes[seating.seats[board.taker]]
        for seat, player in enumerate(seating.seats):
            if seat != board.taker:
                assert notes[player] == 100 - taker


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 3).map(lambda n: 2 * n), st.data())
def test_match_points_won_are_match_points_lost(teams: int, data: st.DataObject) -> None:
    # "la quadrette marque +4 PM ... et la quadrette adverse marque ... -4 PM"
    names = tuple(str(n) for n in range(4 * teams))
    tournament = Tournament.create(Setup("quadrettes", 4, teams, teams - 1, 1, names), 0)
    for position, table, board in tournament.missing():
        points = data.draw(st.integers(10, 80))
        tournament.record(
            position, table, board, DealOutcome(4, Contract.GARDE, 2, None, 2 * points, 1)
        )
    assert sum(points for _, points in tournament.team_points()) == 0
