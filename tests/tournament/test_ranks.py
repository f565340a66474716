"""Ranks of equal results: shared (1, 1, 3 ...) wherever a ranking is shown.

The rulebook ranks "par ordre décroissant" and shares equal notes in its topage
("En cas d'égalité, on partage les différentes notes", p. 17); equal results in a
ranking share their rank likewise, the next rank skipping as many, tied entrants
in the order of their numbers (docs/tournaments.md). Expected values are worked
out by hand from the rulebook's topage and Garde scores.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from atout.cli.commands import app
from atout.french.scoring import DealOutcome
from atout.french.variants import Contract
from atout.tournament.event import Setup, Tournament
from atout.tournament.ranking import PlayerStanding, ranked_standings, shared_ranks
from atout.tournament.report import csv_text, ranking_rows
from atout.tournament.sessions import series_rows
from atout.tournament.state import to_json


def test_equal_keys_share_a_rank_and_the_next_skips() -> None:
    assert shared_ranks([75, 75, 75, 75]) == [1, 1, 1, 1]
    assert shared_ranks([90, 75, 75, 50]) == [1, 2, 2, 4]
    assert shared_ranks([3, 2, 1]) == [1, 2, 3]
    assert shared_ranks([]) == []


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


def garde(points: int) -> DealOutcome:
    """North takes a Garde with 2 bouts (target 41): 44 points marks (25 + 3) x 2 = 56
    a defender, 47 points 62."""
    return DealOutcome(4, Contract.GARDE, 0, None, points * 2, 2)


def two_tables() -> Tournament:
    """Board 1 (taker North) at table 1 (players 1-4) scores +56, at table 2
    (players 5-8) +62: player 5 tops it (100 %), player 1 gets the bulle (0 %), the
    defenders the complement (players 2-4: 100 %, players 6-8: 0 %). With one board
    each, four players are at 100 % and four at 0 %."""
    names = tuple(f"Joueur {n}" for n in range(1, 9))
    tournament = Tournament.create(Setup("individual", 4, 2, 2, 2, names), seed=1)
    assert tournament.board(1).taker == 0
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


def test_teams_level_on_pm_share_their_rank() -> None:
    """Quadrettes, nothing played: both teams at 0 PM share rank 1."""
    names = tuple(f"Joueur {n}" for n in range(1, 9))
    tournament = Tournament.create(Setup("quadrettes", 4, 2, 1, 2, names), seed=1)
    rows = ranking_rows(tournament)
    assert [(r["rank"], r["team"], r["pm"]) for r in rows] == [(1, 1, 0), (1, 2, 0)]


def test_sessions_share_ranks_of_equal_totals() -> None:
    """Two sessions of the tournament above: players 2-5 total 200 %, the others 0 %."""
    rows = series_rows([two_tables(), two_tables()])
    assert [(r["rank"], r["player"], r["total"]) for r in rows] == [
        (rank, player, 200 if rank == 1 else 0) for rank, player in EXPECTED
    ]
