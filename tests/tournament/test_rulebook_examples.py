"""The rulebook's own figures, reproduced (FFT règlement officiel 2012, pages 17-24).

Every expected number below is read from the rulebook or worked out by hand
from its text, as the comments say; none comes from running the code.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from atout.french.scoring import DealOutcome
from atout.french.variants import Contract
from atout.tournament.boards import TournamentError
from atout.tournament.event import Setup, Tournament
from atout.tournament.ranking import (
    PlayerStanding,
    alternate_ranking,
    general_ranking,
    match_points_milli,
    rounded,
    topage,
)


def garde(taker: int, points: float, bouts: int = 2) -> DealOutcome:
    """A Garde at 4 players with no bonus: marks (25 + difference) x 2 per defender."""
    return DealOutcome(4, Contract.GARDE, taker, None, round(points * 2), bouts)


def names(count: int) -> tuple[str, ...]:
    return tuple(f"player {n}" for n in range(1, count + 1))


def test_topage_steps_for_5_and_11_plays() -> None:
    # "Si la donne a été jouée 5 fois, les notes s'échelonnent ainsi : 100%, 75%, 50%, 25%, 0%."
    assert topage([5, 4, 3, 2, 1]) == [100, 75, 50, 25, 0]
    # "... jouée 11 fois ... 100%, 90%, 80%, ..., 10%, 0%."
    assert topage(list(range(10, -1, -1))) == list(range(100, -1, -10))


def test_percentages_are_shown_rounded_half_up() -> None:
    # a mean of eight notes may end in a half of the last place: 60.625 reads 60.63
    assert rounded(Fraction(485, 8), 2) == 60.63
    assert rounded(Fraction(515, 8), 2) == 64.38
    assert rounded(Fraction(2, 3), 2) == 0.67 and rounded(Fraction(-1, 8), 2) == -0.13
    assert rounded(Fraction(1234567, 1000), 3) == 1234.567


def test_ties_share_their_notes() -> None:
    # "En cas d'égalité, on partage les différentes notes": two tied for 75% and 50%
    # share (75 + 50) / 2 = 62.5 each.
    assert topage([70, 50, 50, 40, 30]) == [100, Fraction(125, 2), Fraction(125, 2), 25, 0]


def five_table_tournament() -> Tournament:
    return Tournament.create(Setup("individual", 4, 5, 5, 4, names(20)), seed=1)


def test_the_rulebooks_five_table_topage() -> None:
    """ "Exemple de topage d'une donne dans un tournoi à 5 tables", board 1, taker North:
    scores 56, 62, -56, -52, 50 give the taker 75%, 100%, 0%, 25%, 50% and each
    defender the complement."""
    tournament = five_table_tournament()
    assert tournament.board(1).taker == 0  # North
    plays = [s for s in tournament.movement.seatings if 1 in s.boards]
    assert len(plays) == 5
    # Garde with 2 bouts (target 41): 44 points is made by 3, (25+3)x2 = 56; 47: 62;
    # 38: failed by 3, -56; 40: failed by 1, -52; 41: made by 0, 50.
    for seating, points in zip(plays, (44, 47, 38, 40, 41), strict=True):
        score = tournament.record(seating.position, seating.table, 1, garde(0, points))
        assert score.breakdown["per_defender"] == {44: 56, 47: 62, 38: -56, 40: -52, 41: 50}[points]
    notes = {s.player: s.notes for s in tournament.standings()}
    for seating, taker_note in zip(plays, (75, 100, 0, 25, 50), strict=True):
        north, west, south, east = seating.seats
        assert notes[north][1] == taker_note
        for defender in (west, south, east):
            assert notes[defender][1] == 100 - taker_note


def test_global_percentage_is_a_quarter_attack_three_quarters_defence() -> None:
    """ "Pourcentage global = ¼ pourcentage attaque + ¾ pourcentage défense"."""
    tournament = five_table_tournament()
    plays = [s for s in tournament.movement.seatings if 1 in s.boards]
    assert all(2 in s.boards for s in plays)  # boards 1 and 2 travel together
    for seating, points in zip(plays, (44, 47, 38, 40, 41), strict=True):
        tournament.record(seating.position, seating.table, 1, garde(0, points))
    # Board 2, taker West: 41 points -> 50, 41 -> 50, 46 -> (25+5)x2 = 60, 40 -> -52,
    # 51 -> (25+10)x2 = 70. Topage: 70 100%, 60 75%, the two 50 share 50% and 25%
    # (37.5% each), -52 0%; the defenders (North among them) take the complement:
    # 62.5, 62.5, 25, 100, 0.
    for seating, points in zip(plays, (41, 41, 46, 40, 51), strict=True):
        tournament.record(seating.position, seating.table, 2, garde(1, points))
    standings = {s.player: s for s in tournament.standings()}
    first_north = standings[plays[0].seats[0]]
    # North of the first play: attack 75% (board 1), defence 62.5% (board 2);
    # global = 75/4 + 62.5 x 3/4 = 18.75 + 46.875 = 65.625.
    assert first_north.attack == 75
    assert first_north.defence == Fraction(125, 2)
    assert first_north.overall == Fraction(65625, 1000)


def test_match_points_follow_the_rulebooks_grid() -> None:
    # "Grille de conversion en PM": 2 -> 1,414; 10 -> 3,162; 16 -> 4,000;
    # 144 -> 12,000; 698 -> 26,420; and "0 PM" for an equal score.
    for ecart, milli in ((2, 1414), (10, 3162), (16, 4000), (144, 12000), (698, 26420), (0, 0)):
        assert match_points_milli(ecart) == milli
        assert match_points_milli(-ecart) == -milli


def test_quadrettes_convert_the_ecart_of_the_two_attackers() -> None:
    """ "l'attaquant marque +82, et l'attaquant adverse a marqué +66 ... L'Ecart est de
    82 - 66 = 16. La quadrette marque sur cet étui : +4 PM ... et la quadrette adverse -4 PM"."""
    tournament = Tournament.create(Setup("quadrettes", 4, 2, 1, 1, names(8)), seed=2)
    south = 2
    # Garde, 2 bouts: 57 points is made by 16, (25+16)x2 = 82; 49 is made by 8, 66.
    tournament.record(0, 0, 1, garde(south, 57))  # team 1's attacker at table 1
    tournament.record(0, 1, 1, garde(south, 49))  # team 2's attacker at table 2
    assert tournament.team_points() == [(0, 4000), (1, -4000)]
    # "l'attaquant marque -68, et l'attaquant adverse a marqué -58 ... la quadrette
    # marque -3,162 PM": Garde failed by 9 is -(25+9)x2 = -68 (32 points), by 4 -58 (37).
    tournament.record(0, 0, 1, garde(south, 32))
    tournament.record(0, 1, 1, garde(south, 37))
    assert tournament.team_points() == [(1, 3162), (0, -3162)]


def test_the_imposed_garde_and_the_boards_taker_are_enforced() -> None:
    tournament = five_table_tournament()
    seating = tournament.movement.seatings[0]
    board = seating.boards[0]
    taker = tournament.board(board).taker
    with pytest.raises(TournamentError, match="imposed"):
        tournament.record(
            0, seating.table, board, DealOutcome(4, Contract.PRISE, taker, None, 90, 2)
        )
    with pytest.raises(TournamentError, match="taker"):
        tournament.record(0, seating.table, board, garde((taker + 1) % 4, 50))
    other = next(b for b in range(1, 21) if b not in seating.boards)
    with pytest.raises(TournamentError, match="does not play"):
        tournament.record(0, seating.table, other, garde(tournament.board(other).taker, 50))
    assert tournament.results == {}


def test_the_alternate_ranking_takes_each_lines_firsts_then_seconds() -> None:
    """ "Récupérer les 4 premiers de ligne, et les placer aux places 1 à 4 ... classés
    selon leur pourcentage global" (p. 18-19). Two tables: North 90 and 40, West 80
    and 70, South 60 and 10, East 50 and 30."""
    overall = {0: 90, 4: 40, 1: 80, 5: 70, 2: 60, 6: 10, 3: 50, 7: 30}
    standings = [
        PlayerStanding(p, p % 4, None, Fraction(v), Fraction(v), {}) for p, v in overall.items()
    ]
    general = [s.player for s in general_ranking(standings)]
    assert general == [0, 1, 5, 2, 3, 4, 7, 6]  # 90 80 70 60 50 40 30 10
    # the firsts of line (90 N, 80 W, 60 S, 50 E), then the seconds (70 W, 40 N, 30 E, 10 S)
    assert [s.player for s in alternate_ranking(standings)] == [0, 1, 2, 3, 5, 4, 7, 6]
