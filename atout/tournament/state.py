"""A tournament as JSON: the CLI's state file and the server's stored document.

Boards are stored as cards, results as the deal form of ``atout score``
(``examples/score-*.json``) so that one form describes a deal everywhere;
positions, tables and players are numbered from 1 here, as players read them.
The team forms add their own keys (the triplettes' movement and first badge, the
match's team sizes, each result's attacker); files without them load as before.
"""

from __future__ import annotations

import json
from typing import Any, Final

from atout.french.scoring import DealOutcome
from atout.sheet import InputError, score_text
from atout.tournament.boards import Board, TournamentError
from atout.tournament.event import FORMS, Setup, Tournament

FORMAT: Final = "atout-tournament"
VERSION: Final = 1


def deal_json(outcome: DealOutcome) -> dict[str, Any]:
    """A result in ``atout score``'s deal form."""
    return {
        "players": outcome.players,
        "contract": outcome.contract.text,
        "taker": outcome.taker,
        "partner": outcome.partner,
        "points": outcome.attack_half_points / 2
        if outcome.attack_half_points % 2
        else outcome.attack_half_points // 2,
        "bouts": outcome.bouts,
        "petit_au_bout": outcome.petit_au_bout,
        "poignees": [{"seat": p.seat, "size": p.size} for p in outcome.poignees],
        "chelem": {"announced": outcome.chelem_announced, "made": outcome.chelem},
    }


def read_deal(text: str) -> DealOutcome:
    """A deal in ``atout score``'s form, checked; TournamentError names the field."""
    try:
        data, _ = score_text(text)
    except InputError as error:
        raise TournamentError("tournament_deal", reason=str(error)) from None
    if data.variant != "fft" or data.options:
        raise TournamentError("tournament_fft_only")
    return data.outcome(data.players)


def to_json(tournament: Tournament) -> dict[str, Any]:
    setup = tournament.setup
    return {
        "format": FORMAT,
        "version": VERSION,
        "form": setup.form,
        "players": setup.players,
        "tables": setup.tables,
        "positions": setup.positions,
        "per_position": setup.per_position,
        "names": list(setup.names),
        **_form_fields(setup),
        "boards": [board.to_json() for board in tournament.boards],
        "results": [
            {"position": p + 1, "table": t + 1, "board": b, "deal": deal_json(outcome)}
            | _attacker(tournament, (p, t, b))
            for (p, t, b), outcome in sorted(tournament.results.items())
        ],
    }


def _form_fields(setup: Setup) -> dict[str, Any]:
    """What only some forms have: the files of the others stay as they were."""
    if setup.form == "triplettes":
        return {"movement": setup.movement, "first_badge": setup.first_badge}
    if setup.form == "teams":
        return {"team_sizes": list(setup.team_sizes)}
    return {}


def _attacker(tournament: Tournament, key: tuple[int, int, int]) -> dict[str, int]:
    attacker = tournament.attackers.get(key)
    return {} if attacker is None else {"attacker": attacker + 1}


def from_json(data: Any) -> Tournament:
    """A tournament from :func:`to_json`'s form; TournamentError on anything amiss."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TournamentError("tournament_format")
    if data.get("version") != VERSION:
        raise TournamentError("tournament_version", version=str(data.get("version")))
    try:
        form = data["form"]
        if form not in FORMS:
            raise TournamentError("tournament_form", forms=[str(form) for form in FORMS])
        setup = Setup(
            form,
            _int(data, "players"),
            _int(data, "tables"),
            _int(data, "positions"),
            _int(data, "per_position"),
            tuple(str(name) for name in data["names"]),
            data.get("movement", "plain"),
            None if data.get("first_badge") is None else _int(data, "first_badge"),
            tuple(_int(data, "team_sizes", size) for size in data.get("team_sizes", ())),
        )
        boards = [Board.from_json(board) for board in data["boards"]]
        tournament = Tournament.create(setup, 0, boards)
        for entry in data["results"]:
            attacker = _int(entry, "attacker") - 1 if "attacker" in entry else None
            tournament.record(
                _int(entry, "position") - 1,
                _int(entry, "table") - 1,
                _int(entry, "board"),
                read_deal(json.dumps(entry["deal"])),
                attacker,
            )
    except (KeyError, TypeError) as error:
        raise TournamentError("tournament_field", field=str(error).strip("'")) from None
    return tournament


def _int(data: dict[str, Any], key: str, value: Any = None) -> int:
    """``data[key]`` (or ``value``, an item of it) as an int; TournamentError names ``key``."""
    value = data[key] if value is None else value
    if not isinstance(value, int) or isinstance(value, bool):
        raise TournamentError("tournament_field", field=key)
    return value
