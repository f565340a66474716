"""A position played by a server table: seats are the orientations turned, and the
results come back by orientation, each at the board's imposed Garde and taker."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.french.actions import DealCards
from atout.french.rules import FRENCH
from atout.match import Match
from atout.tournament.boards import SOUTH
from atout.tournament.event import Setup, Tournament
from atout.tournament.online import engine_options, game_results, seat_players, table_boards


@settings(max_examples=4, deadline=None)
@given(st.sampled_from([4, 5]), st.integers(0, 2**32), st.integers(0, 2))
def test_a_table_game_gives_each_boards_result(players: int, seed: int, table: int) -> None:
    names = tuple(str(n) for n in range(3 * players))
    tournament = Tournament.create(Setup("individual", players, 3, 3, players, names), seed)
    position = 1
    deals = table_boards(tournament, position, table)
    seating = tournament.movement.at(position, table)
    # seat 0 deals the first board, as a server table's first dealer does
    first = tournament.board(seating.boards[0])
    dealt = FRENCH.parse_action(deals[0])
    assert isinstance(dealt, DealCards)
    assert dealt.hands[1] == first.hands[first.leader]
    rng = random.Random(seed)
    state = FRENCH.new(players, "fft", engine_options(tournament, position, table))
    match = Match(FRENCH, state, iter([*deals, None]).__next__)
    assert match.play(lambda seat: rng.choice(match.legal()))
    results = game_results(tournament, position, table, match.log)
    assert [board for board, _ in results] == list(seating.boards)
    for board, outcome in results:
        # each result is accepted as the board's: its taker is the étui's, at Garde
        assert outcome.taker == tournament.board(board).taker
        tournament.record(position, table, board, outcome)
    assert len(tournament.results) == players


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 3))
def test_a_quadrettes_table_game_gives_south_every_attack(seed: int, table: int) -> None:
    names = tuple(str(n) for n in range(16))
    tournament = Tournament.create(Setup("quadrettes", 4, 4, 3, 4, names), seed)
    # the attacker is South whoever deals (p. 22); the leader turns with the dealer
    assert {b.taker for b in tournament.boards} == {SOUTH}
    assert [b.leader for b in tournament.boards[:4]] == [0, 1, 2, 3]
    position = 2
    deals = table_boards(tournament, position, table)
    seating = tournament.movement.at(position, table)
    players = seat_players(tournament, position, table)
    south = engine_options(tournament, position, table)["imposed_taker"]
    assert players[south] == seating.seats[SOUTH]  # the team's attacker sits there
    rng = random.Random(seed)
    state = FRENCH.new(4, "fft", engine_options(tournament, position, table))
    match = Match(FRENCH, state, iter([*deals, None]).__next__)
    assert match.play(lambda seat: rng.choice(match.legal()))
    results = game_results(tournament, position, table, match.log)
    assert [board for board, _ in results] == list(seating.boards)
    for board, outcome in results:
        assert outcome.taker == SOUTH
        tournament.record(position, table, board, outcome)
    assert len(tournament.results) == 4
