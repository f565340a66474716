"""A tournament as JSON: the CLI's state file and the server's stored document.

Boards are stored as cards, results as the deal form of ``atout score``
(``examples/score-*.json``) so that one form describes a deal everywhere;
positions, tables and players are numbered from 1 here, as players read them.
The team forms add their own keys (the triplettes' movement and first badge, the
match's team sizes, each result's attacker); files without them load as before.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Final

from atout.french.scoring import DealOutcome
from atout.sheet import InputError, score_text
from atout.tournament import arbiter
from atout.tournament.adjustments import AVERAGE, KINDS, Adjustment
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
        raise error.carried_by(TournamentError("tournament_deal", reason=str(error))) from None
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
        **_adjustments_field(tournament),
    }


def _form_fields(setup: Setup) -> dict[str, Any]:
    """What only some forms have: the files of the others stay as they were."""
    if setup.form == "triplettes":
        return {"movement": setup.movement, "first_badge": setup.first_badge}
    if setup.form == "teams":
        return {"team_sizes": list(setup.team_sizes)}
    if setup.movement != "plain":  # the searched individual movement; plain files stay as they were
        return {"movement": setup.movement}
    return {}


def _attacker(tournament: Tournament, key: tuple[int, int, int]) -> dict[str, int]:
    attacker = tournament.attackers.get(key)
    return {} if attacker is None else {"attacker": attacker + 1}


def _adjustments_field(tournament: Tournament) -> dict[str, Any]:
    """The arbiter's adjustments and the numbers of those revoked, when there are
    any (files without them are unchanged)."""
    field: dict[str, Any] = {}
    if tournament.adjustments:
        field["adjustments"] = [adjustment_json(a) for a in tournament.adjustments]
    if tournament.revoked:
        field["revoked"] = list(tournament.revoked)
    return field


def _number(value: Fraction) -> int | str:
    return int(value) if value.denominator == 1 else str(value)


def adjustment_json(adjustment: Adjustment) -> dict[str, Any]:
    """An adjustment as stored: what its kind uses, numbered from 1 like a result."""
    a = adjustment
    data: dict[str, Any] = {"number": a.number, "kind": a.kind, "reason": a.reason}
    data |= {"by": a.by, "by_name": a.by_name}
    if a.play is not None:
        data |= {"position": a.play[0] + 1, "table": a.play[1] + 1, "board": a.play[2]}
    if a.kind == "cancel":
        data |= {"attack_note": _number(a.attack_note), "defence_note": _number(a.defence_note)}
    elif a.kind == "score":
        data["score"] = a.score
    elif a.kind == "penalty":
        data |= {"entrant": (a.entrant or 0) + 1, "amount": _number(a.amount)}
        if a.board is not None:
            data["board"] = a.board
    elif a.previous is not None:
        data["previous"] = deal_json(a.previous)
        if a.previous_attacker is not None:
            data["previous_attacker"] = a.previous_attacker + 1
    return data


def read_adjustment(entry: dict[str, Any], number: int | None = None) -> Adjustment:
    """An adjustment from :func:`adjustment_json`'s form (or a request's: no number,
    no previous result); TournamentError (or KeyError, TypeError) on a field amiss."""
    kind = entry["kind"]
    if kind not in KINDS:
        raise TournamentError("tournament_adjust_kind", kinds=[str(k) for k in KINDS])
    play = None
    if "position" in entry:
        play = (_int(entry, "position") - 1, _int(entry, "table") - 1, _int(entry, "board"))
    previous = entry.get("previous")
    return Adjustment(
        _int(entry, "number") if number is None else number,
        kind,
        _text(entry, "reason"),
        _text(entry, "by"),
        _text(entry, "by_name"),
        play,
        _fraction(entry, "attack_note", AVERAGE),
        _fraction(entry, "defence_note", AVERAGE),
        _int(entry, "score") if "score" in entry else None,
        _int(entry, "entrant") - 1 if "entrant" in entry else None,
        _int(entry, "board") if "board" in entry and play is None else None,
        _fraction(entry, "amount", Fraction(0)),
        None if previous is None else read_deal(json.dumps(previous)),
        _int(entry, "previous_attacker") - 1 if "previous_attacker" in entry else None,
    )


def _text(data: dict[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise TournamentError("tournament_field", field=key)
    return value


def _fraction(data: dict[str, Any], key: str, default: Fraction) -> Fraction:
    """A number given as an int, a decimal or a fraction's text (``"121/2"``)."""
    value = data.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise TournamentError("tournament_field", field=key)
    try:
        return Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise TournamentError("tournament_field", field=key) from None


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
        for entry in data.get("adjustments", ()):
            adjustment = read_adjustment(entry)
            arbiter.check(tournament, adjustment)
            tournament.adjustments.append(adjustment)
        revoked = [_int(data, "revoked", number) for number in data.get("revoked", ())]
        made = {a.number for a in tournament.adjustments}
        if len(set(revoked)) < len(revoked) or made & set(revoked):
            raise TournamentError("tournament_field", field="revoked")
        tournament.revoked.extend(revoked)
    except (KeyError, TypeError) as error:
        raise TournamentError("tournament_field", field=str(error).strip("'")) from None
    return tournament


def _int(data: dict[str, Any], key: str, value: Any = None) -> int:
    """``data[key]`` (or ``value``, an item of it) as an int; TournamentError names ``key``."""
    value = data[key] if value is None else value
    if not isinstance(value, int) or isinstance(value, bool):
        raise TournamentError("tournament_field", field=key)
    return value
