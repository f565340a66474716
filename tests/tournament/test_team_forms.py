"""Triplettes and the two-team match, worked by hand from the rulebook (pages 20-26).

Every expected number is worked out by hand from the rulebook's text and its
examples, as the docstrings say; none comes from running the code.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from atout.french.scoring import DealOutcome
from atout.french.variants import Contract
from atout.tournament.boards import SOUTH, TournamentError
from atout.tournament.event import Setup, Tournament, new_setup
from atout.tournament.movement import Seating
from atout.tournament.state import from_json, to_json

NORTH, WEST = 0, 1


def deal(taker: int, points: int, contract: Contract = Contract.GARDE) -> DealOutcome:
    """A deal at 4 with 2 bouts (41 to make) and no bonus."""
    return DealOutcome(4, contract, taker, None, 2 * points, 2)


def triplettes(first_badge: int = 0) -> Tournament:
    """3 tables, 6 triplettes (players 3k, 3k+1, 3k+2 in alphabetical order of surname),
    4 boards a position, the plain movement over its 3 positions."""
    setup = new_setup("triplettes", 4, 3, first_badge=first_badge)
    return Tournament.create(setup, seed=7)


def plays_of_set_one(tournament: Tournament) -> list[Seating]:
    return sorted(tournament.movement.of_board(1), key=lambda s: s.position)


def badge_attacker(team: int, position: int) -> int:
    """Who attacks board 1 (taker North) or board 2 (taker West) at ``position``, worked
    by hand: boards are marked taker N, W, S, E, N ... (board n: orientation n-1 mod 4),
    so at each position a triplette attacks two of the four boards of its set (NS:
    1st and 3rd, EW: 2nd and 4th), and boards 1 or 2 are its first attack of the
    position: 2 x position attacks came before. With the first badge bleu (0) the
    rotation "Bleu, Blanc, Rouge, Bleu etc." gives badge (2 x position) mod 3."""
    return 3 * team + (2 * position) % 3


def test_triplettes_rank_by_half_attack_half_defence() -> None:
    """Boards 1 (taker North) and 2 (taker West) travel together in set 1, played once
    at each position by a different NS and EW triplette. Garde, 2 bouts, target 41:

    * board 1 (NS attack): 44 points = made by 3, (25+3)x2 = +56; 38 = -56; 41 = +50.
      Topage on 3 plays: 100, 50, 0 -> +56 100%, +50 50%, -56 0% for the NS attackers;
      the EW defenders take "le complément": 0, 100, 50 (by play).
    * board 2 (EW attack): 47 = made by 6, +62; 47 = +62; 40 = failed by 1, -52. The two
      +62 share 100% and 50%: 75% each; -52 0%. The NS defenders: 25, 25, 100.

    "Pourcentage global = ½ pourcentage attaque + ½ pourcentage défense":
    NS of play 1: 100/2 + 25/2 = 62.5; play 2: 0/2 + 25/2 = 12.5; play 3: 50/2 + 100/2 = 75.
    EW of play 1: 75/2 + 0/2 = 37.5; play 2: 75/2 + 100/2 = 87.5; play 3: 0/2 + 50/2 = 25.
    Classement alterné from the lines NS (75, 62.5, 12.5) and EW (87.5, 37.5, 25):
    the firsts 87.5 (EW 2), 75 (NS 3); the seconds 62.5 (NS 1), 37.5 (EW 1); the thirds
    25 (EW 3), 12.5 (NS 2)."""
    tournament = triplettes()
    assert tournament.board(1).taker == NORTH and tournament.board(2).taker == WEST
    plays = plays_of_set_one(tournament)
    assert [s.position for s in plays] == [0, 1, 2]
    north_south = [s.seats[NORTH] for s in plays]
    east_west = [s.seats[WEST] for s in plays]
    # the movement's promise: every triplette meets set 1 once, on its own line
    assert sorted(north_south + east_west) == list(range(6))
    for seating, one, two in zip(plays, (44, 38, 41), (47, 47, 40), strict=True):
        ns, ew = seating.seats[NORTH], seating.seats[WEST]
        attacker = badge_attacker(ns, seating.position)
        score = tournament.record(seating.position, seating.table, 1, deal(NORTH, one), attacker)
        assert score.breakdown["per_defender"] == {44: 56, 38: -56, 41: 50}[one]
        attacker = badge_attacker(ew, seating.position)
        score = tournament.record(seating.position, seating.table, 2, deal(WEST, two), attacker)
        assert score.breakdown["per_defender"] == {47: 62, 40: -52}[two]
    ranked = tournament.standings()
    overall = {s.player: s.overall for s in ranked}
    half = Fraction(1, 2)
    assert [overall[t] for t in north_south] == [62 + half, 12 + half, 75]
    assert [overall[t] for t in east_west] == [37 + half, 87 + half, 25]
    expected = [east_west[1], north_south[2], north_south[0], east_west[0]]
    assert [s.player for s in ranked] == [*expected, east_west[2], north_south[1]]
    first = next(s for s in ranked if s.player == north_south[0])
    assert first.attack == 100 and first.defence == 25
    assert first.notes == {1: 100, 2: 25}


def test_the_attacker_rotates_by_badge_and_others_are_refused() -> None:
    """ "Chaque joueur de la triplette doit attaquer selon l'ordre alphabétique ... Avant
    le début du tournoi, l'arbitre tire au sort une couleur qui déterminera la couleur
    du premier attaquant ... dans l'ordre Bleu, Blanc, Rouge, Bleu etc." Badge drawn:
    rouge (2). The NS triplette at play 1 (position 1) attacks board 1 (its first
    attack: rouge, its 3rd player) and board 3 (taker South: bleu, its 1st)."""
    tournament = triplettes(first_badge=2)
    seating = plays_of_set_one(tournament)[0]
    team = seating.seats[NORTH]
    rouge, bleu, blanc = 3 * team + 2, 3 * team, 3 * team + 1
    before = to_json(tournament)
    for wrong in (bleu, blanc, seating.seats[WEST] * 3):
        with pytest.raises(TournamentError, match=f"player {rouge + 1}") as refused:
            tournament.record(0, seating.table, 1, deal(NORTH, 44), wrong)
        assert refused.value.code == "tournament_attacker"
    with pytest.raises(TournamentError) as refused:
        tournament.record(0, seating.table, 1, deal(NORTH, 44))
    assert refused.value.code == "tournament_attacker_needed"
    # the board's mark: North attacks board 1, not East
    with pytest.raises(TournamentError) as refused:
        tournament.record(0, seating.table, 1, deal(3, 44), rouge)
    assert refused.value.code == "tournament_taker"
    # the imposed Garde
    with pytest.raises(TournamentError) as refused:
        tournament.record(0, seating.table, 1, deal(NORTH, 44, Contract.GARDE_SANS), rouge)
    assert refused.value.code == "tournament_imposed"
    assert to_json(tournament) == before
    tournament.record(0, seating.table, 1, deal(NORTH, 44), rouge)
    tournament.record(0, seating.table, 3, deal(SOUTH, 44), bleu)
    assert tournament.attackers == {(0, seating.table, 1): rouge, (0, seating.table, 3): bleu}


def match(sizes: tuple[int, int] = (4, 4)) -> Tournament:
    return Tournament.create(new_setup("teams", 4, 2, team_sizes=sizes), seed=3)


def test_the_match_gives_pm_to_the_winner_only() -> None:
    """Quarter 1, boards 1-4; table 1 is team A's attacker (player 1) against B's defence,
    table 2 team B's attacker (player 5) against A's defence, on the same deals. The
    attacker chooses Garde, Garde Sans or Garde Contre (x2, x4, x6 at the FFT):

    * board 1: A Garde 57 points (+16) = (25+16)x2 = +82; B Garde 49 (+8) = +66.
      Ecart 16, "4 x 4 = 16": A +4 PM (the rulebook's quadrettes example), B nothing.
    * board 2: A Garde 50 (+9) = +68; B Garde 28 (-13) = -76. Ecart 144: A +12.
    * board 3: A Garde 32 (-9) = -68; B Garde 37 (-4) = -58. Ecart -10: "l'équipe ne
      marque pas, l'autre équipe marquant le nombre de PM correspondant": B +3,162.
    * board 4: A Garde Sans 45 (+4) = (25+4)x4 = +116; B Garde Contre 41 (0) =
      25x6 = +150. Ecart -34: B +5,831 (grid: 34 -> 5,831).

    A: 4 + 12 = 16,000 PM; B: 3,162 + 5,831 = 8,993 PM (in quadrettes A would have
    had 16 - 8,993 = +7,007 and B -7,007)."""
    tournament = match()
    assert all(b.taker == SOUTH and b.contract is None for b in tournament.boards)
    assert len(tournament.boards) == 16  # 4 quarters of 4: "sur 16 à 24 donnes"
    a_attacker, b_attacker = 0, 4
    garde, sans, contre = Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE
    boards = {1: ((57, garde), (49, garde)), 2: ((50, garde), (28, garde))}
    boards |= {3: ((32, garde), (37, garde)), 4: ((45, sans), (41, contre))}
    for board, ((a_points, a_contract), (b_points, b_contract)) in boards.items():
        tournament.record(0, 0, board, deal(SOUTH, a_points, a_contract), a_attacker)
        tournament.record(0, 1, board, deal(SOUTH, b_points, b_contract), b_attacker)
    attack = {key: s.breakdown["per_defender"] for key, s in tournament.scores.items()}
    assert [attack[0, 0, b] for b in (1, 2, 3, 4)] == [82, 68, -68, 116]
    assert [attack[0, 1, b] for b in (1, 2, 3, 4)] == [66, -76, -58, 150]
    assert tournament.team_points() == [(0, 16000), (1, 8993)]


def test_the_match_refuses_wrong_contracts_and_attackers() -> None:
    """ "Le preneur a le choix entre 3 contrats : Garde, Garde Sans et Garde Contre";
    "L'attaquant doit être différent à chaque quart temps"; the attacker is South.
    Team A is players 1-4, team B players 5-9 (sizes 4 and 5)."""
    tournament = match((4, 5))
    tournament.record(0, 0, 1, deal(SOUTH, 50), 0)  # A's attacker of quarter 1: player 1
    before = to_json(tournament)

    def refused(code: str, *args: object) -> None:
        with pytest.raises(TournamentError) as error:
            tournament.record(*args)  # type: ignore[arg-type]
        assert error.value.code == code

    refused("tournament_chosen", 0, 0, 2, deal(SOUTH, 50, Contract.PRISE), 0)
    refused("tournament_taker", 0, 0, 2, deal(NORTH, 50), 0)
    refused("tournament_attacker_needed", 0, 0, 2, deal(SOUTH, 50))
    refused("tournament_attacker", 0, 0, 2, deal(SOUTH, 50), 1)  # quarter 1's is player 1
    refused("tournament_attacker", 0, 1, 1, deal(SOUTH, 50), 0)  # A's player at B's table
    refused("tournament_attacker", 1, 0, 5, deal(SOUTH, 50), 0)  # player 1 attacked in q1
    refused("tournament_not_here", 1, 0, 1, deal(SOUTH, 50), 1)  # board 1 is quarter 1's
    assert to_json(tournament) == before
    tournament.record(1, 0, 5, deal(SOUTH, 50, Contract.GARDE_CONTRE), 1)
    tournament.record(0, 1, 1, deal(SOUTH, 50), 8)  # B's fifth player
    # correcting quarter 1's only result of A may change its attacker
    tournament.record(0, 0, 1, deal(SOUTH, 50), 2)
    assert tournament.attackers[0, 0, 1] == 2


def test_the_team_forms_setups_are_checked() -> None:
    with pytest.raises(TournamentError) as error:
        Tournament.create(new_setup("teams", 4, 2, team_sizes=(3, 4)), 1)
    assert error.value.code == "tournament_match"
    with pytest.raises(TournamentError) as error:
        Tournament.create(new_setup("teams", 4, 2, per_position=3), 1)  # 12 deals
    assert error.value.code == "tournament_match"
    with pytest.raises(TournamentError) as error:
        Tournament.create(new_setup("individual", 4, 3, movement="howell"), 1)
    assert error.value.code == "tournament_movement"
    with pytest.raises(TournamentError) as error:  # not the default of 4, taken in silence
        Tournament.create(new_setup("individual", 4, 3, per_position=0), 1)
    assert error.value.code == "tournament_per_position"
    with pytest.raises(TournamentError) as error:
        Tournament.create(new_setup("triplettes", 5, 3), 1)
    assert error.value.code == "tournament_quadrettes_four"
    with pytest.raises(TournamentError) as error:
        Tournament.create(new_setup("triplettes", 4, 4, positions=4), 1)  # the skip: 3
    assert error.value.code == "tournament_positions"


def test_the_state_file_keeps_the_new_forms_and_reads_the_old() -> None:
    for tournament in (triplettes(), match()):
        seating = tournament.movement.seatings[0]
        board = seating.boards[0]
        attacker = tournament.attackers_for((0, seating.table, board))[0]
        taker = tournament.board(board).taker
        tournament.record(0, seating.table, board, deal(taker, 50), attacker)
        document = to_json(tournament)
        again = from_json(document)
        assert to_json(again) == document and again.attackers == tournament.attackers
    # an individual tournament's file has no key of the team forms: older atouts read it
    names = tuple(str(n) for n in range(20))
    individual = to_json(Tournament.create(Setup("individual", 4, 5, 5, 4, names), 1))
    assert set(individual) == {
        *("format", "version", "form", "players", "tables", "positions"),
        *("per_position", "names", "boards", "results"),
    }
    assert from_json(individual).setup.movement == "plain"
