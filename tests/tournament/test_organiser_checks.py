"""What an organiser may get wrong when creating a tournament is refused with its
code rather than taken in silence: a name given twice (case and spacing aside),
an option of another form than the one chosen. A stored tournament is read back
as it was written."""

from __future__ import annotations

import dataclasses

import pytest

from atout.text import compared_name, repeated
from atout.tournament.boards import TournamentError
from atout.tournament.event import Setup, Tournament, new_setup
from atout.tournament.libre import Libre, LibreSetup
from atout.tournament.libre_state import from_json as libre_from_json
from atout.tournament.libre_state import to_json as libre_to_json
from atout.tournament.state import from_json, to_json


def test_names_are_compared_without_case_or_spacing() -> None:
    assert compared_name(" Jean  DUPONT ") == compared_name("jean dupont")
    assert compared_name("Ｊｅａｎ") == compared_name("jean")  # NFKC: full-width letters
    assert compared_name("Jean") != compared_name("Jeanne")
    assert repeated(["Ann", "Bob", "Cleo", "bob"]) == (1, 3)
    assert repeated(["Ann", "Bob", "Cleo"]) is None


def test_a_duplicate_tournament_refuses_a_name_given_twice() -> None:
    names = [f"Joueur {n}" for n in range(1, 13)]
    names[7] = "joueur  2"
    with pytest.raises(TournamentError) as error:
        new_setup("individual", 4, 3, names=names)
    assert (error.value.code, error.value.params) == (
        "name_twice",
        {"name": "joueur  2", "first": 2, "second": 8},
    )
    assert str(error.value).startswith("the name joueur  2 is given twice (players 2 and 8)")


def test_a_tournoi_libre_refuses_a_name_given_twice() -> None:
    with pytest.raises(TournamentError) as error:
        Libre.create(LibreSetup("pairs", ("A", "B", "C", "D", "E", "F", "G", "a ")), 1)
    assert error.value.code == "name_twice"
    assert error.value.params == {"name": "a ", "first": 1, "second": 8}


def test_stored_tournaments_with_a_name_twice_are_still_read() -> None:
    """Refused on creation only: a file or a stored document written before keeps
    loading, so no tournament under way is lost."""
    tournament = Tournament.create(new_setup("individual", 4, 1), 1)
    document = to_json(tournament) | {"names": ["Ann", "Bob", "ann", "Dan"]}
    assert from_json(document).setup.names == ("Ann", "Bob", "ann", "Dan")
    libre = libre_to_json(Libre.create(LibreSetup("individual", ("A", "B", "C", "D")), 1))
    assert libre_from_json(libre | {"names": ["A", "B", "a", "D"]}).setup.names[2] == "a"


def refused(setup: Setup) -> str:
    with pytest.raises(TournamentError) as error:
        Tournament.create(setup, 1)
    return error.value.code


def test_options_of_another_form_are_refused() -> None:
    # the team match's sizes, the triplettes' badge: each for its own form only
    assert refused(new_setup("individual", 4, 3, team_sizes=(4, 5))) == "tournament_team_sizes"
    assert refused(new_setup("triplettes", 4, 3, team_sizes=(4, 4))) == "tournament_team_sizes"
    assert refused(new_setup("individual", 4, 3, first_badge=0)) == "tournament_badge_form"
    assert refused(new_setup("quadrettes", 4, 4, first_badge=2)) == "tournament_badge_form"
    assert refused(new_setup("teams", 4, 2, first_badge=1)) == "tournament_badge_form"
    assert refused(new_setup("quadrettes", 4, 4, movement="howell")) == "tournament_movement"
    # the match has its two tables: another number is refused, two is what it has
    with pytest.raises(TournamentError) as error:
        new_setup("teams", 4, 3)
    assert error.value.code == "tournament_match_tables"
    for tables in (None, 2):
        assert new_setup("teams", 4, tables).tables == 2
    assert new_setup("individual", 4).tables == 5
    # each option on its own form is taken
    made = Tournament.create(new_setup("triplettes", 4, 3, first_badge=2), 1)
    assert made.setup.first_badge == 2
    match = Tournament.create(new_setup("teams", 4, team_sizes=(4, 5)), 1)
    assert match.setup.team_sizes == (4, 5)


def test_a_stored_file_with_options_of_another_form_is_refused() -> None:
    """A file is written with its form's keys only; one edited by hand to give an
    individual tournament a first badge is refused as a new one would be."""
    tournament = Tournament.create(new_setup("individual", 4, 1), 1)
    with pytest.raises(TournamentError) as error:
        from_json(to_json(tournament) | {"first_badge": 1})
    assert error.value.code == "tournament_badge_form"
    setup = dataclasses.replace(tournament.setup, team_sizes=(4, 4))
    assert refused(setup) == "tournament_team_sizes"
