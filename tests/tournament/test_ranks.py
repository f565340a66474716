"""Ranks of equal results: shared (1, 1, 3 ...) wherever a ranking is shown; and
no rank before an entrant's first result.

The rulebook ranks "par ordre décroissant" and shares equal notes in its topage
("En cas d'égalité, on partage les différentes notes", p. 17); equal results in a
ranking share their rank likewise, the next rank skipping as many, tied entrants
in the order of their numbers (docs/tournaments.md). An entrant without a result
has no percentage: it was ranked first ex aequo with everyone (1, 1, 1, 1 and, in
the alterné, 1, 1, 1, 1, 5 ...) before anything was entered. Expected values are
worked out by hand from the rulebook's topage and Garde scores.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from atout.cli.commands import app
from atout.french.scoring import DealOutcome
from atout.french.variants import Contract
from atout.tournament.event import Setup, Tournament
from atout.tournament.libre import Libre, LibreSetup
from atout.tournament.libre_state import ranking_rows as libre_rows
from atout.tournament.ranking import PlayerStanding, ranked_standings, shared_ranks
from atout.tournament.report import csv_text, ranking_rows
from atout.tournament.sessions import series_rows
from atout.tournament.state import to_json


def test_equal_keys_share_a_rank_and_the_next_skips() -> None:
    assert shared_ranks([75, 75, 75, 75]) == [1, 1, 1, 1]
    assert shared_ranks([90, 75, 75, 50]) == [1, 2, 2, 4]
    assert shared_ranks([3, 2, 1]) == [1, 2, 3]
    assert shared_ranks([]) == []


def test_an_entrant_without_a_result_has_no_rank() -> None:
    assert shared_ranks([None, None, None]) == [None, None, None]
    assert shared_ranks([75, 75, None, None]) == [1, 1, None, None]
    assert shared_ranks([90, 75, None]) == [1, 2, None]
    with pytest.raises(ValueError):
        shared_ranks([None, 50])


def test_the_alternate_ranking_shares_ranks_within_a_group_of_places() -> None:
    """Two tables: the firsts of line all at 60 % share place 1; the seconds at 60 %
    (West) and 40 % come at places 5 to 8, after every first whatever their
    percentage ("Récupérer les 4 deuxièmes de ligne, et les placer aux places 5 à 8")."""
    overall = {0: 60, 1: 60, 2: 60, 3: 60, 4: 40, 5: 60, 6: 40, 7: 40}
    standings = [
        PlayerStanding(p, p % 4, None, Fraction(v), Fraction(v), {}) for p, v in overall.items()
    ]
    alternate = [(rank, s.player) for rank, s in ranked_standings(standings, general=False)]
    assert alternate == [(1, 0), (1, 1), (1, 2), (1, 3), (5, 5), (6, 4), (6, 6), (6, 7)]
    general = [(rank, s.player) for rank, s in ranked_standings(standings, general=True)]
    assert general == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 5), (6, 4), (6, 6), (6, 7)]


def garde(points: int, taker: int = 0) -> DealOutcome:
    """A Garde with 2 bouts (target 41), by North unless ``taker`` says: 44 points
    marks (25 + 3) x 2 = 56 a defender, 47 points 62."""
    return DealOutcome(4, Contract.GARDE, taker, None, points * 2, 2)


NAMES = tuple(f"Joueur {n}" for n in range(1, 9))


def nothing_entered(seed: int = 1) -> Tournament:
    """Two tables, two positions of two boards: table 1 (players 1-4) plays boards 1
    and 2 (takers North, West) at position 1, table 2 (players 5-8) boards 3 and 4.
    Another ``seed`` deals other cards: another session of the same tournament."""
    tournament = Tournament.create(Setup("individual", 4, 2, 2, 2, NAMES), seed=seed)
    first, second = tournament.movement.seatings[:2]
    assert (first.seats, first.boards) == ((0, 1, 2, 3), (1, 2))
    assert (second.seats, second.boards) == ((4, 5, 6, 7), (3, 4))
    assert [tournament.board(b).taker for b in (1, 2)] == [0, 1]
    return tournament


def two_tables(seed: int = 1) -> Tournament:
    """Board 1 (taker North) at table 1 (players 1-4) scores +56, at table 2
    (players 5-8) +62: player 5 tops it (100 %), player 1 gets the bulle (0 %), the
    defenders the complement (players 2-4: 100 %, players 6-8: 0 %). With one board
    each, four players are at 100 % and four at 0 %."""
    tournament = nothing_entered(seed)
    first, second = (s for s in tournament.movement.seatings if 1 in s.boards)
    assert first.seats == (0, 1, 2, 3) and second.seats == (4, 5, 6, 7)
    tournament.record(first.position, first.table, 1, garde(44))
    tournament.record(second.position, second.table, 1, garde(47))
    return tournament


EXPECTED = [(1, 2), (1, 3), (1, 4), (1, 5), (5, 1), (5, 6), (5, 7), (5, 8)]
"""(rank, player): the four at 100 % (each the first of its line) share rank 1, the
four at 0 % rank 5, each group in the order of player numbers."""


def test_tied_players_share_their_rank_in_the_rows() -> None:
    rows = ranking_rows(two_tables())
    assert [(r["rank"], r["player"]) for r in rows] == EXPECTED
    assert [r["overall"] for r in rows] == [100] * 4 + [0] * 4
    general = ranking_rows(two_tables(), general=True)
    assert [(r["rank"], r["player"]) for r in general] == EXPECTED
    lines = csv_text(rows).splitlines()
    assert lines[0].startswith("rank,player,") and lines[4].startswith("1,5,")
    assert lines[5].startswith("5,1,")


def test_tied_players_share_their_rank_in_the_cli(tmp_path: Path) -> None:
    state = tmp_path / "t.json"
    state.write_text(json.dumps(to_json(two_tables())), encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["tournament", "ranking", str(state), "--json"]).stdout
    assert [(r["rank"], r["player"]) for r in json.loads(out)] == EXPECTED
    table = runner.invoke(app, ["tournament", "ranking", str(state)], terminal_width=200).stdout
    ranks = [line.split("│")[1].strip() for line in table.splitlines() if "Joueur" in line]
    assert ranks == ["1", "1", "1", "1", "5", "5", "5", "5"]
    command = ["tournament", "export", str(state), "--what", "ranking", "--format", "csv"]
    lines = runner.invoke(app, command).stdout.splitlines()
    assert [line.split(",")[0] for line in lines[1:]] == ["1"] * 4 + ["5"] * 4


def test_nobody_is_ranked_before_the_first_result() -> None:
    """Not 1, 1, 1 ... (nor 1, 1, 1, 1, 5 ... in the alterné): no rank, players in
    the order of their numbers, no percentage, no board counted."""
    for general in (False, True):
        rows = ranking_rows(nothing_entered(), general=general)
        assert [(r["rank"], r["player"]) for r in rows] == [(None, p) for p in range(1, 9)]
        assert {(r["boards"], r["overall"]) for r in rows} == {(0, None)}
    lines = csv_text(ranking_rows(nothing_entered())).splitlines()
    assert [line.split(",")[:2] for line in lines[1:]] == [["", str(p)] for p in range(1, 9)]


def test_half_way_only_those_with_a_result_are_ranked() -> None:
    """Table 1 has entered board 1 (+56), table 2 nothing yet. Board 1 played once
    gives every hand 50 % (docs/tournaments.md): players 1-4, each the first of
    their line, share rank 1; players 5-8 have none, after them."""
    tournament = nothing_entered()
    tournament.record(0, 0, 1, garde(44))
    for general in (False, True):
        rows = ranking_rows(tournament, general=general)
        assert [(r["rank"], r["player"], r["overall"]) for r in rows] == [
            *((1, p, 50) for p in range(1, 5)),
            *((None, p, None) for p in range(5, 9)),
        ]


def test_fewer_boards_played_rank_on_their_percentage() -> None:
    """The tournament above after board 1 at both tables, and board 2 (taker West) at
    table 1 only, where it is played once: 50 % for each hand. Players 1-4 have two
    boards, players 5-8 one; the percentages are means of notes (p. 18), so each is
    ranked on what it played: player 5's single top (100 %) comes before player 2's
    87.5 % (1/4 x 50 attacking board 2 + 3/4 x 100 defending board 1).
    Player 1: 1/4 x 0 + 3/4 x 50 = 37.5; players 3, 4: defence (100 + 50) / 2 = 75;
    players 6-8: 0."""
    tournament = two_tables()
    tournament.record(0, 0, 2, garde(44, taker=1))
    rows = ranking_rows(tournament, general=True)
    assert [(r["rank"], r["player"], r["boards"], r["overall"]) for r in rows] == [
        (1, 5, 1, 100),
        (2, 2, 2, 87.5),
        (3, 3, 2, 75),
        (3, 4, 2, 75),
        (5, 1, 2, 37.5),
        (6, 6, 1, 0),
        (6, 7, 1, 0),
        (6, 8, 1, 0),
    ]
    # the alterné: the firsts of line (5 N, 2 W, 3 S, 4 E) at places 1 to 4, then
    # the seconds (1 N, 6 W, 7 S, 8 E)
    rows = ranking_rows(tournament)
    assert [(r["rank"], r["player"]) for r in rows] == [
        (1, 5),
        (2, 2),
        (3, 3),
        (3, 4),
        (5, 1),
        (6, 6),
        (6, 7),
        (6, 8),
    ]


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_only_entrants_with_a_result_are_ranked_among_themselves(
    seed: int, data: st.DataObject
) -> None:
    """Any plays entered of three tables: an entrant is ranked exactly when it has a
    global percentage, after every ranked one otherwise; in the général its rank is
    one more than the ranked entrants ahead of it."""
    names = tuple(f"Joueur {n}" for n in range(1, 13))
    tournament = Tournament.create(Setup("individual", 4, 3, 3, 1, names), seed)
    plays = tournament.missing()
    entered = data.draw(st.lists(st.sampled_from(plays), unique=True, max_size=len(plays)))
    for position, table, board in entered:
        taker = tournament.board(board).taker
        points = data.draw(st.integers(20, 70))
        tournament.record(position, table, board, garde(points, taker=taker))
    for general in (False, True):
        ranked = tournament.ranked(general)
        assert [rank is None for rank, _ in ranked] == [s.overall is None for _, s in ranked]
        unranked = [s.player for rank, s in ranked if rank is None]
        assert [s.player for _, s in ranked[len(ranked) - len(unranked) :]] == sorted(unranked)
        with_result = [s.overall for rank, s in ranked if rank is not None]
        for rank, standing in ranked:
            if general and rank is not None:
                assert standing.overall is not None
                assert rank == 1 + sum(o > standing.overall for o in with_result if o is not None)


def test_the_cli_shows_no_rank_before_the_first_result(tmp_path: Path) -> None:
    state = tmp_path / "t.json"
    state.write_text(json.dumps(to_json(nothing_entered())), encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["tournament", "ranking", str(state), "--json"]).stdout
    assert [(r["rank"], r["player"]) for r in json.loads(out)] == [(None, p) for p in range(1, 9)]
    table = runner.invoke(app, ["tournament", "ranking", str(state)], terminal_width=200).stdout
    ranks = [line.split("│")[1].strip() for line in table.splitlines() if "Joueur" in line]
    assert ranks == ["-"] * 8
    command = ["tournament", "export", str(state), "--what", "ranking", "--format", "csv"]
    lines = runner.invoke(app, command).stdout.splitlines()
    assert [line.split(",")[0] for line in lines[1:]] == [""] * 8


def quadrettes() -> Tournament:
    """Two quadrettes: team 1's attacker (player 1) is South at table 1, team 2's
    (player 5) at table 2, both on boards 1 and 2."""
    tournament = Tournament.create(Setup("quadrettes", 4, 2, 1, 2, NAMES), seed=1)
    first, second = tournament.movement.seatings
    assert (first.seats[2], second.seats[2], first.boards) == (0, 4, (1, 2))
    return tournament


def test_teams_get_a_rank_once_a_board_of_theirs_is_compared() -> None:
    """Quadrettes: nothing played, no rank (not both 1st at 0 PM); board 2 at table
    1 alone, still none (PM come from comparing the two tables); board 1 at both
    tables at the same score, an Écart of 0: both teams 0 PM on one board, rank 1."""
    tournament = quadrettes()
    rows = ranking_rows(tournament)
    assert [(r["rank"], r["team"], r["boards"], r["pm"]) for r in rows] == [
        (None, 1, 0, 0),
        (None, 2, 0, 0),
    ]
    tournament.record(0, 0, 2, garde(44, taker=2))
    assert [r["rank"] for r in ranking_rows(tournament)] == [None, None]
    tournament.record(0, 0, 1, garde(44, taker=2))
    tournament.record(0, 1, 1, garde(44, taker=2))
    rows = ranking_rows(tournament)
    assert [(r["rank"], r["team"], r["boards"], r["pm"]) for r in rows] == [
        (1, 1, 1, 0),
        (1, 2, 1, 0),
    ]


def test_sessions_rank_only_entrants_with_a_result() -> None:
    """A session with board 1 at table 1 only, and one with nothing: players 1-4 have
    50 % (the board played once), the others nothing in either session."""
    half = nothing_entered()
    half.record(0, 0, 1, garde(44))
    rows = series_rows([half, nothing_entered(seed=2)])
    assert [(r["rank"], r["player"], r["sessions"]) for r in rows] == [
        *((1, p, [50, None]) for p in range(1, 5)),
        *((None, p, [None, None]) for p in range(5, 9)),
    ]


def test_a_tournoi_libre_ranks_players_once_their_sheet_is_in() -> None:
    """Two tables of four, one position: no rank before any sheet (all at 0 points,
    not all first); table 2's bilans entered, its four ranked, table 1's not."""
    plan = (((0, 1, 2, 3), (4, 5, 6, 7)),)
    libre = Libre.with_plan(LibreSetup("individual", NAMES, 1, 5), plan)
    assert [(r["rank"], r["player"]) for r in libre_rows(libre)] == [(None, p) for p in range(1, 9)]
    libre.enter_bilans(0, 1, [-30, 90, -30, -30])
    assert [(r["rank"], r["player"], r["total"]) for r in libre_rows(libre)] == [
        (1, 6, 90),
        (2, 5, -30),
        (2, 7, -30),
        (2, 8, -30),
        *((None, p, 0) for p in range(1, 5)),
    ]
    teams = Libre.with_plan(LibreSetup("pairs", NAMES, 1, 5), ((((0, 2, 4, 6), (1, 3, 5, 7))),))
    assert [r["rank"] for r in libre_rows(teams)] == [None] * 4


def test_sessions_share_ranks_of_equal_totals() -> None:
    """Two sessions of the tournament above: players 2-5 total 200 %, the others 0 %."""
    rows = series_rows([two_tables(), two_tables(seed=2)])
    assert [(r["rank"], r["player"], r["total"]) for r in rows] == [
        (rank, player, 200 if rank == 1 else 0) for rank, player in EXPECTED
    ]
