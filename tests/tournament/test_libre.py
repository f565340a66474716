"""The tournoi libre: the rulebook's page 9 examples and page 10 sample sheet as a
position of a tournament, a team tournament worked by hand, and the plan's and
sheets' invariants under hypothesis."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from atout.sheet import DealEntry
from atout.tournament.boards import TournamentError
from atout.tournament.libre import LIBRE_FORMS, TEAM_SIZES, Libre, LibreSetup
from atout.tournament.libre_plan import least_repeats, meetings, repeats, table_sizes
from atout.tournament.libre_state import enter, from_json, ranking_rows, to_json

SAMPLE = Path(__file__).parents[2] / "examples" / "sheet-fft-rulebook.json"


def _deals(data: list[dict[str, Any]]) -> list[DealEntry]:
    return [DealEntry.model_validate_json(json.dumps(deal)) for deal in data]


def _sample_night() -> Libre:
    """Twelve players, one position; players 9 to 12 are the sample sheet's Nord,
    Sud, Est, Ouest (its column order), whom table 3 seats in playing order (the
    next player is on the right): Nord, Ouest, Sud, Est."""
    names = (*(f"P{n}" for n in range(1, 9)), "DURAND", "DUPONT", "DUBOIS", "DESPRES")
    plan = (((0, 1, 2, 3), (4, 5, 6, 7), (8, 11, 9, 10)),)
    return Libre.with_plan(LibreSetup("individual", names, 1, 5), plan)


def test_the_sample_sheet_as_a_position() -> None:
    """P. 9: "Chaque Défenseur marque -106 et le preneur marque 106 X 3 = +318" ...;
    p. 10's sheet, table 3, position 1: bilans Nord -446, Sud +1346, Est -390,
    Ouest -510. The sample file seats them in playing order, as table 3 does."""
    sample = json.loads(SAMPLE.read_text(encoding="utf-8"))
    assert [p["name"] for p in sample["players"]] == ["Nord", "Ouest", "Sud", "Est"]
    libre = _sample_night()
    scored = libre.enter_deals(0, 2, _deals(sample["deals"]))
    assert [list(d.score.scores) for d in scored.deals] == [  # Nord, Ouest, Sud, Est
        [-106, -106, -106, 318],  # Est takes
        [-76, 228, -76, -76],  # Ouest
        [42, 42, -126, 42],  # Sud
        [276, -92, -92, -92],  # Nord
        [-582, -582, 1746, -582],  # Sud
    ]
    assert libre.totals()[8:] == [-446, 1346, -390, -510]  # the sheet's columns
    rows = ranking_rows(libre)
    # the four of table 3 ranked among themselves; the eight whose tables have no
    # sheet yet have no rank (not 1, ahead of the negative bilans), last
    assert [(r["rank"], r["name"], r["total"]) for r in rows[:4]] == [
        (1, "DUPONT", 1346),
        (2, "DUBOIS", -390),
        (3, "DURAND", -446),
        (4, "DESPRES", -510),
    ]
    assert [(r["rank"], r["name"], r["position_1"]) for r in rows[4:]] == [
        (None, f"P{n}", None) for n in range(1, 9)
    ]
    assert libre.missing() == [(0, 0), (0, 1)]


def test_bilans_copied_from_a_paper_sheet_must_add_up_to_zero() -> None:
    libre = _sample_night()
    with pytest.raises(TournamentError) as refused:
        libre.enter_bilans(0, 2, [-446, -500, 1346, -390])
    assert refused.value.code == "libre_sum" and refused.value.params["total"] == 10
    assert libre.results == {}
    libre.enter_bilans(0, 2, [-446, -510, 1346, -390])  # in the table's seat order
    assert libre.totals()[8:] == [-446, 1346, -390, -510]


def test_a_table_plays_the_positions_deals_at_most() -> None:
    libre = Libre.with_plan(
        LibreSetup("individual", ("A", "B", "C", "D"), 1, 1), (((0, 1, 2, 3),),)
    )
    deal = {"contract": "garde", "taker": 0, "points": 56, "bouts": 1}
    with pytest.raises(TournamentError) as refused:
        libre.enter_deals(0, 0, _deals([deal, deal]))
    assert refused.value.code == "libre_too_many_deals"


def test_a_team_night_worked_by_hand() -> None:
    """Pairs A (players 1, 2), B (3, 4), C (5, 6), D (7, 8); two positions of one
    deal, seats in playing order:

    * position 1, table 1 (1, 3, 5, 7): player 1 takes a Garde, 49 points with 2
      bouts, poignée and petit au bout (p. 9's first example): 1 +318; 3, 5, 7 -106.
    * position 1, table 2 (2, 4, 6, 8): player 4 chutes a Prise by 7 with poignée
      and petit au bout (the third): 4 -126; 2, 6, 8 +42.
    * position 2, table 1 (1, 4, 6, 8): player 6 wins a Garde Sans by 4, the
      defence leading the petit au bout (the second): 6 +228; 1, 4, 8 -76.
    * position 2, table 2 (2, 3, 5, 7): bilans from the paper sheet, +30 -10 -10 -10.

    Players: 1 = 318 - 76 = 242, 2 = 42 + 30 = 72, 3 = -106 - 10 = -116,
    4 = -126 - 76 = -202, 5 = -116, 6 = 42 + 228 = 270, 7 = -116, 8 = 42 - 76 = -34.
    Teams: A 314, B -318, C 154, D -150 (sum 0): A, C, D, B.
    """
    names = tuple("12345678")
    plan = (((0, 2, 4, 6), (1, 3, 5, 7)), ((0, 3, 5, 7), (1, 2, 4, 6)))
    libre = Libre.with_plan(LibreSetup("pairs", names, 2, 1), plan)
    first = {"contract": "garde", "taker": 0, "points": 49, "bouts": 2}
    first |= {"petit_au_bout": "attack", "poignees": [{"seat": 0, "size": "simple"}]}
    third = {"contract": "prise", "taker": 1, "points": 44, "bouts": 1}
    third |= {"petit_au_bout": "attack", "poignees": [{"seat": 1, "size": "simple"}]}
    second = {"contract": "garde_sans", "taker": 2, "points": 45, "bouts": 2}
    second |= {"petit_au_bout": "defense"}
    libre.enter_deals(0, 0, _deals([first]))
    libre.enter_deals(0, 1, _deals([third]))
    libre.enter_deals(1, 0, _deals([second]))
    libre.enter_bilans(1, 1, [30, -10, -10, -10])
    assert libre.totals() == [242, 72, -116, -202, -116, 270, -116, -34]
    rows = ranking_rows(libre)
    assert [(r["rank"], r["team"], r["total"]) for r in rows] == [
        (1, 1, 314),
        (2, 3, 154),
        (3, 4, -150),
        (4, 2, -318),
    ]
    # each member's total, as numbers (it was the text "242 / 72")
    assert [r["players"] for r in rows] == [[242, 72], [-116, 270], [-116, -34], [-116, -202]]
    players = ranking_rows(Libre(LibreSetup("individual", names, 2, 1), plan, libre.results))
    assert [(r["rank"], r["player"]) for r in players] == [
        (1, 6),
        (2, 1),
        (3, 2),
        (4, 8),
        (5, 3),
        (5, 5),
        (5, 7),
        (8, 4),
    ]


def test_the_state_reads_back_and_refuses_teammates_together() -> None:
    libre = Libre.create(LibreSetup("pairs", tuple("ABCDEFGH"), 3, 2), seed=5)
    deal = {"contract": "garde", "taker": 1, "points": 30, "bouts": 1}
    enter(libre, json.dumps({"position": 2, "table": 1, "deals": [deal]}))
    enter(libre, json.dumps({"position": 3, "table": 2, "bilans": [12, -4, -4, -4]}))
    again = from_json(json.loads(json.dumps(to_json(libre))))
    assert again.plan == libre.plan and again.totals() == libre.totals()
    assert again.totals() != [0] * 8
    data = to_json(libre)
    data["plan"][0] = [[1, 2, 3, 4], [5, 6, 7, 8]]  # 1 and 2 are a pair
    with pytest.raises(TournamentError) as refused:
        from_json(data)
    assert refused.value.code == "libre_teams_apart"


def test_eight_players_meet_again_no_more_than_they_must() -> None:
    """8 players, 5 positions at tables of 4: each meets 3 players a position, 15 in
    all, among 7 others, so at least 8 meetings again each, 32 pairs' repeats."""
    libre = Libre.create(LibreSetup("individual", tuple("ABCDEFGH"), 5, 4), seed=1)
    assert repeats(libre.plan) == 32 == least_repeats(range(8), 5)


def test_sixteen_players_over_five_positions_never_meet_twice() -> None:
    """Sixteen players can meet each other exactly once in five positions (the affine
    plane of order 4); the plan's search finds such a plan."""
    libre = Libre.create(LibreSetup("individual", tuple(f"P{i}" for i in range(16)), 5, 4), 1)
    assert max(meetings(libre.plan).values()) == 1
    assert len(meetings(libre.plan)) == 16 * 15 // 2


def test_forty_players_over_five_positions_never_meet_twice() -> None:
    libre = Libre.create(LibreSetup("individual", tuple(f"P{i}" for i in range(40)), 5, 4), 3)
    assert max(meetings(libre.plan).values()) == 1


def test_teams_that_cannot_be_kept_apart_are_refused() -> None:
    with pytest.raises(TournamentError) as refused:
        Libre.create(LibreSetup("fours", tuple(f"P{i}" for i in range(12)), 2, 4), 1)
    assert refused.value.code == "libre_teams_apart"


def test_table_sizes() -> None:
    """Tables of 4, then of 3 (p. 11), a lone table of 5 at five players."""
    assert table_sizes(4) == (4,)
    assert table_sizes(5) == (5,)
    assert table_sizes(6) == (3, 3)
    assert table_sizes(7) == (4, 3)
    assert table_sizes(9) == (3, 3, 3)
    assert table_sizes(13) == (4, 3, 3, 3)
    with pytest.raises(TournamentError):
        table_sizes(2)


@settings(max_examples=25, deadline=None)
@given(
    form=st.sampled_from(LIBRE_FORMS),
    teams=st.integers(3, 12),
    positions=st.integers(1, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_player_plays_each_position_once_teammates_apart(
    form: str, teams: int, positions: int, seed: int
) -> None:
    size = TEAM_SIZES[form]  # type: ignore[index]
    count = teams * size
    assume(size <= len(table_sizes(count)))  # a team's players at different tables
    names = tuple(f"P{i}" for i in range(count))
    libre = Libre.create(LibreSetup(form, names, positions, 1), seed)  # type: ignore[arg-type]
    for tables in libre.plan:
        assert sorted(p for table in tables for p in table) == list(range(count))
        assert sorted(map(len, tables)) == sorted(table_sizes(count))
        for table in tables:
            assert len({p // size for p in table}) == len(table)


_DEAL = st.integers(0, 3).flatmap(
    lambda bouts: st.fixed_dictionaries(
        {
            "contract": st.sampled_from(["prise", "garde", "garde_sans", "garde_contre"]),
            "taker": st.integers(0, 2),
            "bouts": st.just(bouts),
            # each bout is worth 4.5 points: held ones are taken, missing ones are not;
            # without a chelem each side took a trick (5 cards at most), and one of them
            # the chien or the écart (6 cards)
            "points": st.integers(9 * bouts + 10, 182 - 9 * (3 - bouts) - 11).map(lambda h: h / 2),
        }
    )
)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 9), deals=st.lists(_DEAL, min_size=1, max_size=4))
def test_a_tables_scores_and_the_ranking_add_up_to_zero(
    players: int, deals: list[dict[str, Any]]
) -> None:
    libre = Libre.create(LibreSetup("individual", tuple(f"P{i}" for i in range(players)), 1, 4), 0)
    for table, seats in enumerate(libre.plan[0]):
        called = [{**d, "partner": d["taker"] + 1} if len(seats) == 5 else d for d in deals]
        libre.enter_deals(0, table, _deals(called))
        assert sum(libre.results[0, table].bilans) == 0
    assert sum(libre.totals()) == 0
