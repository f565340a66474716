"""Triplettes and the match played by server tables: who sits where board by board
(the badges' attacker at the étui's taker, the defending triplette around; the
match's quarter attacker in South), and their games' results entered as the club
night's, attacker included."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.french.rules import FRENCH
from atout.match import Match
from atout.tournament.boards import SOUTH
from atout.tournament.documents import collect
from atout.tournament.event import Tournament, new_setup
from atout.tournament.lineups import lineups
from atout.tournament.online import deal_players, engine_options, table_boards
from atout.tournament.state import from_json, to_json


def played(tournament: Tournament, position: int, table: int, seed: int) -> list[str]:
    """The actions of the server table's game, every seat choosing at random."""
    rng = random.Random(seed)
    state = FRENCH.new(4, "fft", engine_options(tournament, position, table))
    deals = table_boards(tournament, position, table)
    match = Match(FRENCH, state, iter([*deals, None]).__next__)
    assert match.play(lambda seat: rng.choice(match.legal()))
    return match.log


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["plain", "howell"]))
def test_triplettes_seat_the_badges_attacker_at_the_taker(seed: int, movement: str) -> None:
    setup = new_setup("triplettes", 4, 2, movement=movement)  # type: ignore[arg-type]
    tournament = Tournament.create(setup, seed)
    for seating in tournament.movement.seatings:
        north_south, east_west = seating.seats[0], seating.seats[1]
        for board, seats in zip(
            seating.boards, lineups(tournament, seating.position, seating.table), strict=True
        ):
            taker = tournament.board(board).taker
            attacking = north_south if taker % 2 == 0 else east_west
            defending = east_west if attacking == north_south else north_south
            key = (seating.position, seating.table, board)
            # "un seul joueur de la triplette attaque", the one the badges name
            assert seats[taker] == tournament.rotation[key]
            assert seats[taker] in setup.members(attacking)
            # the three others are the whole defending triplette
            others = sorted(seats[o] for o in range(4) if o != taker)
            assert others == list(setup.members(defending))
    games = [
        (s.position, s.table, played(tournament, s.position, s.table, seed + s.table))
        for s in tournament.movement.seatings
    ]
    done = from_json(collect((to_json(tournament), games)))
    assert not done.missing()
    assert done.attackers == tournament.rotation  # entered with each result
    for key, outcome in done.results.items():
        assert outcome.taker == tournament.board(key[2]).taker


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([(4, 4), (5, 6), (6, 4)]))
def test_the_matchs_attacker_sits_south_a_new_one_each_quarter(
    seed: int, sizes: tuple[int, int]
) -> None:
    setup = new_setup("teams", 4, 2, per_position=4, team_sizes=sizes)
    tournament = Tournament.create(setup, seed)
    attackers: dict[int, list[int]] = {0: [], 1: []}
    for seating in tournament.movement.seatings:
        seats = lineups(tournament, seating.position, seating.table)[0]
        attack, defence = seating.seats[SOUTH], 1 - seating.seats[SOUTH]
        assert seats[SOUTH] in setup.members(attack)
        assert {seats[o] for o in (0, 1, 3)} <= set(setup.members(defence))
        assert len(set(seats)) == 4
        attackers[attack].append(seats[SOUTH])
        # the seats hold for the whole quarter; the taker is South's seat
        assert len(set(deal_players(tournament, seating.position, seating.table))) == 1
        options = engine_options(tournament, seating.position, seating.table)
        south = deal_players(tournament, seating.position, seating.table)[0][
            options["imposed_taker"]
        ]
        assert south == seats[SOUTH] and options["imposed_minimum"]
    # "L'attaquant doit être différent à chaque quart temps"
    assert all(len(set(players)) == 4 for players in attackers.values())
    # the defenders at a table are not their team's attacker at the other one
    for quarter in range(4):
        at = [lineups(tournament, quarter, table)[0] for table in (0, 1)]
        assert at[1][SOUTH] not in at[0] and at[0][SOUTH] not in at[1]
    games = [
        (s.position, s.table, played(tournament, s.position, s.table, seed))
        for s in tournament.movement.seatings
    ]
    done = from_json(collect((to_json(tournament), games)))
    assert not done.missing()
    assert {c.contract.text for c in done.results.values()} <= {
        "garde",
        "garde_sans",
        "garde_contre",
    }
