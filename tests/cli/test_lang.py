"""Every ``--lang`` defaults to the reader's locale: a French locale gets French."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from atout.cli.app import locale_language
from atout.cli.commands import app
from tests.analysis.planted import PETIT_DEAL, scripted

EXAMPLE = Path(__file__).parents[2] / "examples" / "sheet-fft-rulebook.json"
NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "160"}


@pytest.mark.parametrize(
    ("env", "language"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "fr_BE.UTF-8"}, "fr"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_names_the_language(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], language: str
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert locale_language() == language


def test_the_sheet_speaks_the_locales_language() -> None:
    french = CliRunner().invoke(
        app, ["sheet", str(EXAMPLE)], env={**NO_LOCALE, "LANG": "fr_FR.UTF-8"}
    )
    assert french.exit_code == 0, french.output
    assert "Preneur" in french.output and "score de chaque donne (cumul)" in french.output
    english = CliRunner().invoke(app, ["sheet", "--lang", "en", str(EXAMPLE)], env=NO_LOCALE)
    assert "Taker" in english.output and "each deal's score (running total)" in english.output


def test_the_sheets_csv_speaks_the_locales_language() -> None:
    french = CliRunner().invoke(
        app, ["sheet", "--csv", str(EXAMPLE)], env={**NO_LOCALE, "LC_ALL": "fr_FR.UTF-8"}
    )
    assert french.output.startswith("donne,contrat,preneur,points,bouts,réussi,")
    english = CliRunner().invoke(app, ["sheet", "--csv", str(EXAMPLE)], env=NO_LOCALE)
    assert english.output.startswith("deal,contract,taker,points,bouts,made,")


# --- Every command that prints words, in French and English --------------------

EXAMPLES = EXAMPLE.parent
GARDE = json.dumps({"players": 4, "contract": "garde", "taker": 0, "points": 50.5, "bouts": 2})
Setup = Callable[[Path], tuple[list[str], str]]
"""A command's arguments (and standard input) on files made in a fresh folder."""


def _invoke(args: list[str], stdin: str = "", env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(app, args, input=stdin, env={**NO_LOCALE, **(env or {})})
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def _club(folder: Path, results: bool = True) -> Path:
    """A one-table tournament (4 players, 4 boards), board 1 played at table 1."""
    state = folder / "club.json"
    _invoke(["tournament", "create", str(state), "--tables", "1", "--seed", "1"])
    if results:
        where = ["--table", "1", "--board", "1"]
        _invoke(["tournament", "result", str(state), "-", *where], GARDE)
    return state


def _libre(folder: Path, sheet: bool = True) -> Path:
    """A tournoi libre of one table of four, its first sheet entered when ``sheet``."""
    names, state = folder / "names.txt", folder / "libre.json"
    names.write_text("Anne\nBen\nCléo\nDom\n", encoding="utf-8")
    _invoke(["tournament", "libre", "create", str(state), "--names", str(names), "--seed", "1"])
    if sheet:
        where = ["--position", "1", "--table", "1"]
        _invoke(["tournament", "libre", "sheet", str(state), str(EXAMPLE), *where])
    return state


PENALTY = ["penalty", "--entrant", "1", "--board", "1", "--amount", "5", "--reason", "retard"]


def _adjusted(folder: Path) -> Path:
    state = _club(folder)
    _invoke(["tournament", "adjust", str(state), *PENALTY])
    return state


def _analysed(folder: Path) -> Path:
    record, _ = scripted(PETIT_DEAL, {(1, 8): "play:T21", (0, 1): "play:T1"})
    path = folder / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def _penalty(folder: Path) -> tuple[list[str], str]:
    return ["tournament", "adjust", str(_club(folder)), *PENALTY], ""


def _sessions(folder: Path) -> tuple[list[str], str]:
    first, second = _club(folder), folder / "second.json"
    _invoke(["tournament", "next-session", str(first), str(second), "--seed", "2"])
    return ["tournament", "sessions", str(first), str(second)], ""


def _libre_create(folder: Path) -> tuple[list[str], str]:
    names = folder / "names.txt"
    names.write_text("Anne\nBen\nCléo\nDom\n", encoding="utf-8")
    return ["tournament", "libre", "create", str(folder / "l.json"), "--names", str(names)], ""


def _new_sheet(folder: Path) -> tuple[list[str], str]:
    state = _libre(folder, sheet=False)
    return ["tournament", "libre", "sheet", str(state), "-", "--position", "1", "--table", "1"], (
        EXAMPLE.read_text(encoding="utf-8")
    )


COMMANDS: dict[str, tuple[Setup, list[str], list[str]]] = {
    "score": (
        lambda _: (["score", "--text", str(EXAMPLES / "score-garde-fft.json")], ""),
        ["Garde réussie", "Siège", "Rôle", "preneur", "défenseur", "par défenseur"],
        ["made", "Seat", "Role", "taker", "defender", "per defender"],
    ),
    "replay": (
        lambda _: (["replay", str(EXAMPLES / "record-french-4.atout")], ""),
        [
            *("Tarot français", "Donne 1 sur 2 :", "Mains :", "Chien :", "preneur siège 1"),
            *("Plis :", "-> siège", "Attaque : 58,5 points avec 2 bouts, prise réussie"),
            "Totaux :",
        ],
        [
            *("French Tarot", "Deal 1 of 2:", "Hands:", "Dog:", "by seat", "Tricks:"),
            *("-> seat", "Attack: 58.5 points with 2 bouts, prise made", "Totals:"),
        ],
    ),
    "replay africain": (
        lambda _: (["replay", str(EXAMPLES / "record-africain-3.json")], ""),
        [
            *("Tarot africain", "Tour 1 : siège 0 donne 5 cartes", "a en main", "pli 1 :"),
            *("vies)", "Partie terminée :"),
        ],
        ["Tarot Africain", "Round 1:", "holds", "trick 1:", "lives)", "Game over:"],
    ),
    "analyse": (
        lambda folder: (["analyse", str(_analysed(folder)), "-s", "0", "--deals", "16"], ""),
        ["siège 0", "précision", "gaffe", "points de cartes", "espéré", "meilleur"],
        ["seat 0", "accuracy", "blunder", "card points", "expected", "best"],
    ),
    "arena": (
        lambda _: (["arena", "--deals", "2", "--bots", "random,heuristic", "--workers", "1"], ""),
        ["tarot français", "joueurs", "placements", "graine", "avantage", "réussite", " %"],
        ["french 4 players", "seatings", "seed", "advantage", "success", "(95%)"],
    ),
    "tournament create": (
        lambda folder: (["tournament", "create", str(folder / "t.json"), "--tables", "1"], ""),
        ["4 étuis, 1 table, 1 position ; les joueurs se rencontrent au plus une fois : oui"],
        ["4 boards", "meet at most once: yes", "boards played"],
    ),
    "tournament result": (
        lambda folder: (
            [
                "tournament",
                "result",
                str(_club(folder, False)),
                "-",
                "--table",
                "1",
                "--board",
                "1",
            ],
            GARDE,
        ),
        ["étui 1, table 1, position 1 : +70 (réussie) ; 3 résultats à venir"],
        ["board 1", "made", "results to come"],
    ),
    "tournament ranking": (
        lambda folder: (["tournament", "ranking", str(_club(folder))], ""),
        ["Rang", "Joueur", "Étuis", "Attaque", "Défense", "Global", "50,0", "3 résultats à venir"],
        ["Rank", "Player", "Boards", "Attack", "Defence", "Overall", "50.0", "to come"],
    ),
    "tournament adjust": (
        _penalty,
        ["ajustement 1 : pénalité (retard)"],
        ["adjustment 1: penalty (retard)"],
    ),
    "tournament revoke": (
        lambda folder: (["tournament", "revoke", str(_adjusted(folder)), "1"], ""),
        ["ajustement 1 annulé : pénalité (retard)"],
        ["adjustment 1 revoked: penalty (retard)"],
    ),
    "tournament next-session": (
        lambda folder: (
            ["tournament", "next-session", str(_club(folder)), str(folder / "next.json")],
            "",
        ),
        ["la séance suivante de"],
        ["the next session of"],
    ),
    "tournament sessions": (
        _sessions,
        ["Rang", "Séances", "50,0 / -"],
        ["Rank", "Sessions", "50.0"],
    ),
    "tournament libre create": (
        _libre_create,
        ["4 joueurs, 1 table, 5 positions de 5 donnes ; rencontres au-delà de la première :"],
        ["4 players", "positions of", "meetings beyond the first"],
    ),
    "tournament libre sheet": (
        _new_sheet,
        ["Preneur", "(cumul) ; ✓ réussi", "bilans -446 -510 +1346 -390 ; 4 feuilles à venir"],
        ["Taker", "(running total)", "sheets to come"],
    ),
    "tournament libre ranking": (
        lambda folder: (["tournament", "libre", "ranking", str(_libre(folder))], ""),
        ["Rang", "Joueur", "Nom", "4 feuilles à venir"],
        ["Rank", "Player", "Name", "sheets to come"],
    ),
}
"""Each command that prints words for people, with words only its French shows and
words only its English shows."""


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_speaks_french_and_english(command: str, tmp_path: Path) -> None:
    """``--lang fr`` says everything in French and nothing in English; without
    ``--lang`` a French locale (LANG, or LC_ALL over it) gets the same French, and
    no locale English."""
    setup, french, english = COMMANDS[command]
    runs = [
        (["--lang", "fr"], {}, french, english),
        ([], {"LANG": "fr_FR.UTF-8"}, french, english),
        ([], {"LANG": "en_GB.UTF-8", "LC_ALL": "fr_BE.UTF-8"}, french, english),
        ([], {}, english, french),
        (["--lang", "en"], {"LANG": "fr_FR.UTF-8"}, english, french),
    ]
    for number, (lang, env, said, unsaid) in enumerate(runs):
        folder = tmp_path / str(number)
        folder.mkdir()
        args, stdin = setup(folder)
        out = _invoke([*args, *lang], stdin, {"COLUMNS": "250", **env})
        for words in said:
            assert words in out, (command, lang, env, words, out)
        for words in unsaid:
            assert words not in out, (command, lang, env, words, out)
