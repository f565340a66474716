"""The arbiter's adjustments and tournaments over several sessions, worked by hand.

The board used is the rulebook's five-table example (page 18): board 1, taker
North, scores 56, 62, -56, -52, 50 (notes 75, 100, 0, 25, 50). Each expected note
below is worked out in the comments from the topage rule ("notes échelonnées
suivant le nombre de fois où la donne a été jouée", ties sharing).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.french.scoring import DealOutcome
from atout.french.variants import Contract
from atout.tournament import arbiter
from atout.tournament.adjustments import Adjustment, seat_marks
from atout.tournament.boards import SOUTH, TournamentError
from atout.tournament.event import Setup, Tournament
from atout.tournament.ranking import PlayKey
from atout.tournament.report import adjustment_rows, ranking_rows
from atout.tournament.sessions import next_session, series_rows
from atout.tournament.state import from_json, to_json

POINTS = (44, 47, 38, 40, 41)
"""Garde, 2 bouts (target 41): +56, +62, -56, -52, +50 for each defender."""


def garde(taker: int, points: int, players: int = 4) -> DealOutcome:
    return DealOutcome(players, Contract.GARDE, taker, None, points * 2, 2)


def names(count: int) -> tuple[str, ...]:
    return tuple(f"player {n}" for n in range(1, count + 1))


def rulebook_board() -> tuple[Tournament, list[PlayKey]]:
    tournament = Tournament.create(Setup("individual", 4, 5, 5, 4, names(20)), seed=1)
    plays = [(s.position, s.table, 1) for s in tournament.movement.seatings if 1 in s.boards]
    for play, points in zip(plays, POINTS, strict=True):
        tournament.record(*play, garde(0, points))
    return tournament, plays


def made(kind: str, **fields: object) -> Adjustment:
    return Adjustment(0, kind, "the arbiter's reason", "u:1", "ann", **fields)  # type: ignore[arg-type]


def note(tournament: Tournament, play: PlayKey, seat: int) -> Fraction:
    player = tournament.movement.at(play[0], play[1]).seats[seat]
    return {s.player: s.notes for s in tournament.standings()}[player][play[2]]


def test_a_cancelled_play_leaves_the_topage_and_gets_the_assigned_notes() -> None:
    tournament, plays = rulebook_board()
    arbiter.adjust(tournament, made("cancel", play=plays[1], attack_note=60, defence_note=40))
    # The 62 leaves: four plays 56, 50, -52, -56 are topped 100, 66.67, 33.33, 0.
    assert [note(tournament, p, 0) for p in plays] == [
        100,
        60,  # assigned to the cancelled play's North, its defenders 40
        0,
        Fraction(100, 3),
        Fraction(200, 3),
    ]
    assert [note(tournament, plays[1], seat) for seat in (1, 2, 3)] == [40, 40, 40]
    assert note(tournament, plays[0], 2) == 0  # the defenders' complement as before


def test_an_adjusted_score_is_topped_as_played() -> None:
    tournament, plays = rulebook_board()
    # The -56 (third play) set to +70: 70, 62, 56, 50, -52 are 100, 75, 50, 25, 0.
    arbiter.adjust(tournament, made("score", play=plays[2], score=70))
    assert [note(tournament, p, 0) for p in plays] == [50, 75, 100, 0, 25]
    # West at that table: the defender's mark -70 is the worst of five: 0%.
    assert note(tournament, plays[2], 1) == 0


def test_a_penalty_lowers_one_note_and_the_percentages_follow() -> None:
    tournament, plays = rulebook_board()
    north = tournament.movement.at(*plays[0][:2]).seats[0]
    arbiter.adjust(tournament, made("penalty", entrant=north, board=1, amount=10))
    # 75% less 10% of a top; North attacked board 1, its only board: attack 65, global 65.
    standing = next(s for s in tournament.standings() if s.player == north)
    assert standing.notes[1] == 65 and standing.attack == 65 and standing.overall == 65
    row = next(r for r in ranking_rows(tournament) if r["player"] == north + 1)
    assert row["overall"] == 65 and row["adjustments"] == ["#1"]
    assert adjustment_rows(tournament)[0] | {"reason": ""} == {
        "number": 1,
        "kind": "penalty",
        "position": None,
        "table": None,
        "board": 1,
        "entrant": north + 1,
        "attack_note": None,
        "defence_note": None,
        "score": None,
        "amount": 10.0,
        "unit": "%",
        "reason": "",
        "by": "ann",
    }


def test_a_correction_replaces_the_result_and_its_reversal_gives_it_back() -> None:
    tournament, plays = rulebook_board()
    # entered 38 points (-56) but the slip said 48: +(25+7)x2 = +64, now the top
    arbiter.correct(tournament, plays[2], garde(0, 48), None, made("correct"))
    assert note(tournament, plays[2], 0) == 100 and note(tournament, plays[1], 0) == 75
    arbiter.revoke(tournament, 1)
    assert note(tournament, plays[2], 0) == 0 and tournament.results[plays[2]] == garde(0, 38)


def test_a_revoked_adjustment_is_told_revoked_and_its_number_not_given_again() -> None:
    """Revoking an adjustment twice said "there is no adjustment 2"."""
    tournament, plays = rulebook_board()
    arbiter.adjust(tournament, made("cancel", play=plays[1]))
    arbiter.adjust(tournament, made("score", play=plays[2], score=70))
    arbiter.revoke(tournament, 2)
    reloaded = from_json(to_json(tournament))  # the state file remembers it
    before = to_json(reloaded)
    with pytest.raises(TournamentError) as again:
        arbiter.revoke(reloaded, 2)
    assert (again.value.code, again.value.params) == ("tournament_adjust_revoked", {"number": 2})
    assert to_json(reloaded) == before
    with pytest.raises(TournamentError) as never:
        arbiter.revoke(reloaded, 3)
    assert never.value.code == "tournament_adjust_none"
    # the next adjustment is number 3: "#2" names the revoked one for good
    assert arbiter.adjust(reloaded, made("score", play=plays[2], score=70)).number == 3
    assert [row["number"] for row in adjustment_rows(reloaded)] == [1, 3]


@pytest.mark.parametrize("revoked", [[1], [2, 2], "2", [True]])
def test_a_state_files_revoked_numbers_are_checked(revoked: object) -> None:
    """A revoked number is a number, once, of no adjustment the file holds."""
    tournament, plays = rulebook_board()
    arbiter.adjust(tournament, made("cancel", play=plays[1]))
    with pytest.raises(TournamentError) as refused:
        from_json(to_json(tournament) | {"revoked": revoked})
    assert refused.value.code == "tournament_field"


def test_penalties_and_cancellations_in_match_points() -> None:
    """Quadrettes, two teams: team k's attacker sits South at the table its team
    attacks. Board 1 at +82 and +66: Écart 16, +4 PM and -4 PM ("Conversion en PM")."""
    tournament = Tournament.create(Setup("quadrettes", 4, 2, 1, 1, names(8)), seed=2)
    seatings = [s for s in tournament.movement.seatings if 1 in s.boards]
    # +82: Garde made by 16 (57 points, 2 bouts): (25+16)x2; +66: made by 8, (25+8)x2
    for seating, points in zip(seatings, (57, 49), strict=True):
        tournament.record(seating.position, seating.table, 1, garde(SOUTH, points))
    first, second = (s.seats[SOUTH] // 4 for s in seatings)
    assert dict(tournament.team_points()) == {first: 4000, second: -4000}
    arbiter.adjust(tournament, made("penalty", entrant=second, amount=Fraction(3, 2)))
    assert dict(tournament.team_points()) == {first: 4000, second: -5500}
    play = (seatings[1].position, seatings[1].table, 1)
    arbiter.adjust(tournament, made("cancel", play=play))  # no comparison left: 0 PM
    assert dict(tournament.team_points()) == {first: 0, second: -1500}
    other = (seatings[0].position, seatings[0].table, 1)
    with pytest.raises(TournamentError) as refused:
        arbiter.adjust(tournament, made("cancel", play=other, attack_note=60))
    assert refused.value.code == "tournament_adjust_pm_notes"


def test_seat_marks_of_an_adjusted_score() -> None:
    # each defender pays 40: the taker alone at 4 gets 120; at 5 with a partner the
    # taker gets 80 and the partner 40; at 5 alone the taker gets 160
    assert seat_marks(40, 4, 0, None) == (120, -40, -40, -40)
    assert seat_marks(40, 5, 1, 3) == (-40, 80, -40, 40, -40)
    assert seat_marks(40, 5, 1, None) == (-40, 160, -40, -40, -40)


@pytest.mark.parametrize(
    ("adjustment", "code"),
    [
        (made("cancel", play=(0, 0, 1), attack_note=101), "tournament_adjust_note"),
        (made("cancel"), "tournament_adjust_play"),
        (made("score", play=(0, 0, 9)), "tournament_not_here"),
        (made("score", play=(0, 0, 1), score=20_000), "tournament_adjust_score"),
        (made("penalty", entrant=99, board=1, amount=5), "tournament_adjust_entrant"),
        (made("penalty", entrant=0, board=21, amount=5), "tournament_adjust_board"),
        (made("penalty", entrant=0, board=1, amount=0), "tournament_adjust_percent"),
        (
            Adjustment(0, "penalty", " ", "u:1", "ann", entrant=0, board=1, amount=Fraction(5)),
            "tournament_adjust_reason",
        ),
    ],
)
def test_refusals_change_nothing(adjustment: Adjustment, code: str) -> None:
    tournament, plays = rulebook_board()
    arbiter.adjust(tournament, made("cancel", play=plays[3]))
    before = to_json(tournament)
    with pytest.raises(TournamentError) as refused:
        arbiter.adjust(tournament, adjustment)
    assert refused.value.code == code and to_json(tournament) == before
    with pytest.raises(TournamentError) as twice:
        arbiter.adjust(tournament, made("score", play=plays[3], score=1))
    assert twice.value.code == "tournament_adjust_twice" and to_json(tournament) == before


kinds = st.sampled_from(["cancel", "score", "penalty", "correct"])


@settings(max_examples=15, deadline=None)
@given(kind=kinds, which=st.integers(0, 4), value=st.integers(-120, 120))
def test_an_adjustment_and_its_reversal_give_back_the_ranking(
    kind: str, which: int, value: int
) -> None:
    tournament, plays = rulebook_board()
    before = ranking_rows(tournament), to_json(tournament)
    play = plays[which]
    north = tournament.movement.at(*play[:2]).seats[0]
    if kind == "correct":
        arbiter.correct(tournament, play, garde(0, 30 + abs(value) % 55), None, made(kind))
    else:
        fields: dict[str, object] = {
            "cancel": {"play": play, "attack_note": Fraction(abs(value) % 101)},
            "score": {"play": play, "score": value},
            "penalty": {"entrant": north, "board": 1, "amount": Fraction(1 + abs(value) % 100)},
        }[kind]
        arbiter.adjust(tournament, made(kind, **fields))
    reloaded = from_json(to_json(tournament))  # the state file keeps it whole
    assert ranking_rows(reloaded) == ranking_rows(tournament)
    assert reloaded.adjustments == tournament.adjustments
    arbiter.revoke(reloaded, 1)
    ranking, state = before
    assert (ranking_rows(reloaded), to_json(reloaded)) == (ranking, state | {"revoked": [1]})


def test_sessions_add_their_global_percentages_with_their_coefficients() -> None:
    first, plays = rulebook_board()
    second = next_session(first, seed=5)
    assert second.setup == first.setup and second.boards != first.boards
    # Session 2: board 1 again at the first two plays' tables, 47 and 44 points this
    # time: the first play's North gets 100 (+62 over +56), the second's 0.
    for play, points in zip(plays[:2], (47, 44), strict=True):
        second.record(*play, garde(0, points))
    norths = [first.movement.at(*p[:2]).seats[0] for p in plays]
    rows = {r["player"]: r for r in series_rows([first, second], [Fraction(1), Fraction(2)])}
    # totals: 75 + 2 x 100 = 275; 100 + 2 x 0 = 100; the others one session: 0, 25, 50
    assert [rows[n + 1]["total"] for n in norths] == [275, 100, 0, 25, 50]
    assert rows[norths[0] + 1]["rank"] == 1 and rows[norths[0] + 1]["sessions"] == [75, 100]
    with pytest.raises(TournamentError):
        series_rows([first, rulebook_board()[0]], [Fraction(1)])  # a coefficient missing


def test_a_session_given_twice_is_refused() -> None:
    """One session twice (or a copy of it: its boards) counted each percentage twice;
    a session read back from its JSON is the same session."""
    first, _ = rulebook_board()
    second = next_session(first, seed=5)
    for sessions in ([first, first], [first, second, from_json(to_json(first))]):
        with pytest.raises(TournamentError) as error:
            series_rows(sessions)
        assert error.value.code == "tournament_session_twice"
        assert error.value.params == {"first": 1, "second": len(sessions)}
    assert len(series_rows([first, second])) == 20


@settings(max_examples=40, deadline=None)
@given(
    kind=st.sampled_from(["cancel", "score", "penalty"]),
    play=st.tuples(st.integers(-1, 6), st.integers(-1, 6), st.integers(0, 22)),
    note=st.integers(-10, 110),
    number=st.integers(-20_000, 20_000),
    entrant=st.integers(-1, 24),
    reason=st.sampled_from(["", " ", "why"]),
)
def test_an_adjustment_is_made_whole_or_refused_changing_nothing(
    kind: str,
    play: PlayKey,
    note: int,
    number: int,
    entrant: int,
    reason: str,
) -> None:
    tournament, _ = rulebook_board()
    before = to_json(tournament)
    fields: dict[str, object] = {
        "cancel": {"play": play, "attack_note": Fraction(note)},
        "score": {"play": play, "score": number},
        "penalty": {"entrant": entrant, "board": play[2], "amount": Fraction(number, 100)},
    }[kind]
    asked = Adjustment(0, kind, reason, "u:1", "ann", **fields)  # type: ignore[arg-type]
    try:
        arbiter.adjust(tournament, asked)
    except TournamentError:
        assert to_json(tournament) == before
    else:
        assert len(tournament.adjustments) == 1 and reason.strip()
        assert from_json(to_json(tournament)).adjustments == tournament.adjustments
