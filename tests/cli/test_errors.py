"""Why a command stops, in its ``--lang``: a coded refusal (a record that cannot be
read or replayed, a deal or a sheet refused, a field of either refused, a
tournament's rule, a file that cannot be read or written, an option of the
command line's own checks) is worded from the catalogue, ``erreur : ...`` in
French and ``error: ...`` in English, on one line with exit code 2; they all said
English. A command line click refuses (an argument missing, an option unknown, a
value of the wrong kind) is said in French from the command line's words, and in
English by click itself."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from atout.cli.app import asked_language, unreadable, unwritable
from atout.cli.commands import app

EXAMPLES = Path(__file__).parents[2] / "examples"
RECORD = EXAMPLES / "record-french-4.atout"
SHEET = EXAMPLES / "sheet-fft-rulebook.json"
HALF_POINT_RULE = "points are counted to the half point (e.g. 40.5)"
NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "250"}
SHEET_PLACE = ("--position", "1", "--table", "1")
GARDE = {"players": 4, "contract": "garde", "taker": 0, "points": 50.5, "bouts": 2}
PENALTY_X = ("--entrant", "1", "--board", "1", "--amount", "x", "--reason", "retard")

Setup = Callable[[Path], tuple[list[str], str]]
"""A command's arguments (and standard input) on files made in a fresh folder."""


def _invoke(args: list[str], stdin: str = "", env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, args, input=stdin, env={**NO_LOCALE, **(env or {})})
    assert result.stdout == "", (args, result.output)
    return result.exit_code, result.stderr


def _made(args: list[str]) -> None:
    result = CliRunner().invoke(app, args, env=NO_LOCALE)
    assert result.exit_code == 0, (args, result.output)


def _illegal(folder: Path) -> tuple[Path, int, int]:
    """The example record with a trump played where hearts must be followed: the
    file, and the line and column of the card refused."""
    lines = RECORD.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if "play:QH play:5H" in line)
    lines[number] = lines[number].replace("play:QH play:5H", "play:QH play:T3")
    path = folder / "illegal.atout"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, number + 1, lines[number].index("play:T3") + 1


def _belote(folder: Path) -> tuple[Path, int]:
    """The example record of a game atout does not have, and the line of its tag."""
    lines = RECORD.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if line == '[Game "french"]')
    lines[number] = '[Game "belote"]'
    path = folder / "belote.atout"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, number + 1


def _club(folder: Path) -> Path:
    state = folder / "club.json"
    _made(["tournament", "create", str(state), "--tables", "1", "--seed", "1"])
    return state


def _libre(folder: Path) -> Path:
    names, state = folder / "names.txt", folder / "libre.json"
    names.write_text("Anne\nBen\nCléo\nDom\n", encoding="utf-8")
    _made(["tournament", "libre", "create", str(state), "--names", str(names), "--seed", "1"])
    return state


def _version(folder: Path) -> Path:
    """A duplicate tournament's file of a version to come."""
    state = _club(folder)
    document = json.loads(state.read_text(encoding="utf-8"))
    state.write_text(json.dumps({**document, "version": 9}), encoding="utf-8")
    return state


def _not_json(folder: Path) -> Path:
    path = folder / "x.json"
    path.write_text("{", encoding="utf-8")
    return path


Said = Callable[[Path], str]
"""What a command says, without its new line, given the folder its files are in."""

CASES: dict[str, tuple[Setup, Said, Said]] = {
    "replay: a card refused": (
        lambda folder: (["replay", str(_illegal(folder)[0])], ""),
        lambda folder: (
            "erreur : cet enregistrement est illisible à la ligne {}, colonne {} : "
            "« play:T3 » : vous devez fournir à cœur".format(*_illegal(folder)[1:])
        ),
        lambda folder: (
            "error: this record cannot be read at line {}, column {}: "
            "'play:T3': you must follow hearts".format(*_illegal(folder)[1:])
        ),
    ),
    "analyse: a card refused": (
        lambda folder: (["analyse", str(_illegal(folder)[0]), "-s", "0"], ""),
        lambda folder: (
            "erreur : cet enregistrement est illisible à la ligne {}, colonne {} : "
            "« play:T3 » : vous devez fournir à cœur".format(*_illegal(folder)[1:])
        ),
        lambda folder: (
            "error: this record cannot be read at line {}, column {}: "
            "'play:T3': you must follow hearts".format(*_illegal(folder)[1:])
        ),
    ),
    "replay: a game atout does not have": (
        lambda folder: (["replay", "--json", str(_belote(folder)[0])], ""),
        lambda folder: (
            f"erreur : cet enregistrement est illisible à la ligne {_belote(folder)[1]}"
            ", colonne 1 : jeu inconnu « belote » (jeux connus : french, africain)"
        ),
        lambda folder: (
            f"error: this record cannot be read at line {_belote(folder)[1]}"
            ", column 1: unknown game 'belote' (known: french, africain)"
        ),
    ),
    "replay: no such file": (
        lambda folder: (["replay", str(folder / "none.atout")], ""),
        lambda folder: (
            f"erreur : impossible de lire {folder / 'none.atout'} : "
            "aucun fichier ni dossier de ce nom"
        ),
        lambda folder: f"error: cannot read {folder / 'none.atout'}: No such file or directory",
    ),
    "import: a folder": (
        lambda folder: (["import", str(folder)], ""),
        lambda folder: f"erreur : impossible de lire {folder} : c'est un dossier",
        lambda folder: f"error: cannot read {folder}: Is a directory",
    ),
    "score: an option refused": (
        lambda _: (["score", "-"], json.dumps({**GARDE, "options": {"misere": "often"}})),
        lambda _: "erreur : options : l'option « misere » attend true ou false",
        lambda _: "error: options: option 'misere' expects true or false",
    ),
    "score: a deal no play gives": (
        lambda _: (["score", "-"], json.dumps({**GARDE, "points": 91})),
        lambda _: (
            "erreur : points : 91 points ne peuvent aller avec ce nombre de bouts : 2 "
            "(un bout vaut 4 ou 4,5 points)"
        ),
        lambda _: (
            "error: points: 91 points cannot go with this number of bouts: 2 "
            "(each bout is worth 4 or 4.5 points)"
        ),
    ),
    "sheet: an option refused": (
        lambda _: (
            ["sheet", "-"],
            json.dumps({**json.loads(SHEET.read_text("utf-8")), "options": {"prime": 10**7}}),
        ),
        lambda _: (
            "erreur : options : l'option « prime » doit valoir au moins -1000000 et au plus 1000000"
        ),
        lambda _: "error: options: option 'prime' must be at least -1000000 and at most 1000000",
    ),
    "sheet: an unknown variant": (
        lambda _: (
            ["sheet", "-"],
            json.dumps({**json.loads(SHEET.read_text("utf-8")), "variant": "belote"}),
        ),
        lambda _: (
            "erreur : variant : aucune variante ne s'appelle belote (connues : fft, traditionnel)"
        ),
        lambda _: "error: variant: no variant called belote (known: fft, traditionnel)",
    ),
    "tournament create: the file exists": (
        lambda folder: (["tournament", "create", str(_club(folder))], ""),
        lambda folder: f"erreur : {folder / 'club.json'} existe déjà (--force pour le remplacer)",
        lambda folder: f"error: {folder / 'club.json'} exists (use --force to replace it)",
    ),
    "tournament result: not the imposed contract": (
        lambda folder: (
            ["tournament", "result", str(_club(folder)), "-", "--table", "1", "--board", "1"],
            json.dumps({**GARDE, "contract": "prise"}),
        ),
        lambda _: "erreur : l'étui 1 se joue en garde (contrat imposé)",
        lambda _: "error: board 1 is played at garde (imposed contract)",
    ),
    "tournament ranking: a state of a version to come": (
        lambda folder: (["tournament", "ranking", str(_version(folder))], ""),
        lambda folder: f"erreur : {folder / 'club.json'} : version de tournoi inconnue : 9",
        lambda folder: f"error: {folder / 'club.json'}: unknown tournament version 9",
    ),
    "tournament export: not JSON": (
        lambda folder: (["tournament", "export", str(_not_json(folder))], ""),
        lambda folder: f"erreur : {folder / 'x.json'} : ce n'est pas du JSON (ligne 1, colonne 2)",
        lambda folder: f"error: {folder / 'x.json'}: not JSON (line 1, column 2)",
    ),
    "tournament revoke: no such adjustment": (
        lambda folder: (["tournament", "revoke", str(_club(folder)), "3"], ""),
        lambda _: "erreur : il n'y a pas d'ajustement 3",
        lambda _: "error: there is no adjustment 3",
    ),
    "tournament libre sheet: bilans not adding up to zero": (
        lambda folder: (
            ["tournament", "libre", "sheet", str(_libre(folder)), "-", *SHEET_PLACE],
            json.dumps({"bilans": [1, 2, 3, 4]}),
        ),
        lambda _: "erreur : les scores d'une table font zéro au total, ceux-ci font 10",
        lambda _: "error: the scores of a table add up to zero, these add up to 10",
    ),
    "tournament libre ranking: a duplicate's file": (
        lambda folder: (["tournament", "libre", "ranking", str(_club(folder))], ""),
        lambda folder: (
            f"erreur : {folder / 'club.json'} : c'est le fichier d'un tournoi "
            "duplicate : lisez-le avec `atout tournament ranking`"
        ),
        lambda folder: (
            f"error: {folder / 'club.json'}: a duplicate tournament's file: "
            "read it with `atout tournament ranking`"
        ),
    ),
    "score: a field of the wrong kind": (
        lambda _: (["score", "-"], json.dumps({**GARDE, "taker": "North"})),
        lambda _: "erreur : taker : doit être un nombre entier",
        lambda _: "error: taker: must be a whole number",
    ),
    "score: a field missing": (
        lambda _: (["score", "-"], json.dumps({"players": 4, "contract": "garde"})),
        lambda _: "erreur : taker : ce champ est obligatoire",
        lambda _: "error: taker: this field is required",
    ),
    "score: not JSON": (
        lambda _: (["score", "-"], "{"),
        lambda _: "erreur : input : ce n'est pas du JSON valide (ligne 1, colonne 2)",
        lambda _: "error: input: not valid JSON (line 1, column 2)",
    ),
    "sheet: a contract that does not exist": (
        lambda _: (
            ["sheet", "-"],
            json.dumps(
                {
                    **json.loads(SHEET.read_text("utf-8")),
                    "deals": [{"contract": "gard", "taker": 0, "points": 50.5, "bouts": 2}],
                }
            ),
        ),
        lambda _: (
            "erreur : donne 1 : deals.0.contract : doit être l'une des valeurs prise, pousse, "
            "garde, garde_sans, garde_contre"
        ),
        lambda _: (
            "error: deal 1: deals.0.contract: must be one of prise, pousse, garde, garde_sans, "
            "garde_contre"
        ),
    ),
    "sheet: points between half points": (
        lambda _: (
            ["sheet", "-"],
            json.dumps(
                {
                    **json.loads(SHEET.read_text("utf-8")),
                    "deals": [{"contract": "garde", "taker": 0, "points": 40.25, "bouts": 2}],
                }
            ),
        ),
        lambda _: (
            "erreur : donne 1 : deals.0.points : les points se comptent au demi-point près "
            "(par exemple 40,5)"
        ),
        lambda _: "error: deal 1: deals.0.points: " + HALF_POINT_RULE,
    ),
    "tournament create: a form of no tournament": (
        lambda folder: (["tournament", "create", str(folder / "c.json"), "--form", "zz"], ""),
        lambda _: (
            "erreur : --form doit être l'une des valeurs individual, quadrettes, triplettes, teams"
        ),
        lambda _: "error: --form must be one of individual, quadrettes, triplettes, teams",
    ),
    "tournament create: team sizes that are no numbers": (
        lambda folder: (
            [
                "tournament",
                "create",
                str(folder / "c.json"),
                "--form",
                "teams",
                "--team-sizes",
                "x",
            ],
            "",
        ),
        lambda _: "erreur : --team-sizes : deux nombres, par exemple 4,5",
        lambda _: "error: --team-sizes: two numbers, e.g. 4,5",
    ),
    "tournament create: in no folder": (
        lambda folder: (["tournament", "create", str(folder / "none" / "c.json")], ""),
        lambda folder: (
            f"erreur : impossible d'écrire {folder / 'none' / 'c.json'} : "
            f"il n'y a pas de dossier {folder / 'none'}"
        ),
        lambda folder: (
            f"error: cannot write {folder / 'none' / 'c.json'}: "
            f"there is no folder {folder / 'none'}"
        ),
    ),
    "tournament adjust: an amount that is no number": (
        lambda folder: (
            ["tournament", "adjust", str(_club(folder)), "penalty", *PENALTY_X],
            "",
        ),
        lambda _: "erreur : --amount : un nombre, par exemple 60 ou 12.5",
        lambda _: "error: --amount: a number, e.g. 60 or 12.5",
    ),
    "tournament adjust: a correction of no play": (
        lambda folder: (
            ["tournament", "adjust", str(_club(folder)), "correct", "--reason", "fiche"],
            "",
        ),
        lambda _: "erreur : correct : donnez --table, --board et --deal",
        lambda _: "error: correct: give --table, --board and --deal",
    ),
    "tournament libre sheet: not an object": (
        lambda folder: (
            ["tournament", "libre", "sheet", str(_libre(folder)), "-", *SHEET_PLACE],
            "[1, 2]",
        ),
        lambda _: "erreur : - : un objet avec « deals » ou « bilans »",
        lambda _: 'error: -: an object with "deals" or "bilans"',
    ),
    "replay: two forms asked for": (
        lambda folder: (["replay", "--json", "--text", str(RECORD)], ""),
        lambda _: "erreur : --json et --text : donnez l'un ou l'autre",
        lambda _: "error: --json and --text: give one of the two",
    ),
    "play: a game atout does not have": (
        lambda _: (["play", "--game", "belote"], ""),
        lambda _: "erreur : --game doit être l'une des valeurs french, africain",
        lambda _: "error: --game must be one of french, africain",
    ),
    "play: a level of no robot": (
        lambda _: (["play", "--level", "grandmaster"], ""),
        lambda _: "erreur : --level doit être l'une des valeurs random, heuristic, strong",
        lambda _: "error: --level must be one of random, heuristic, strong",
    ),
    "play: an option not written key=value": (
        lambda _: (["play", "--level", "random", "-o", "misere"], ""),
        lambda _: "erreur : « misere » : une option s'écrit clé=valeur",
        lambda _: "error: 'misere': write an option as key=value",
    ),
    "arena: one robot": (
        lambda _: (["arena", "--bots", "random"], ""),
        lambda _: (
            "erreur : --bots : au moins deux niveaux parmi random, heuristic, strong, "
            "séparés par des virgules"
        ),
        lambda _: "error: --bots: two or more of random, heuristic, strong, separated by commas",
    ),
    "arena: an option refused": (
        lambda _: (["arena", "--bots", "random,random", "-o", "misere=often"], ""),
        lambda _: "erreur : l'option « misere » attend true ou false",
        lambda _: "error: option 'misere' expects true or false",
    ),
    "play: an option refused": (
        lambda _: (["play", "--level", "random", "-o", "misere=often"], ""),
        lambda _: "erreur : l'option « misere » attend true ou false",
        lambda _: "error: option 'misere' expects true or false",
    ),
    "play: a number of players French Tarot is not played by": (
        lambda _: (["play", "--players", "9"], ""),
        lambda _: "erreur : le Tarot se joue à 3, 4 ou 5 joueurs, pas à 9",
        lambda _: "error: French Tarot is played by 3, 4 or 5 players, not 9",
    ),
    "play: a variant of no game": (
        lambda _: (["play", "--variant", "belge"], ""),
        lambda _: "erreur : aucune variante ne s'appelle belge (connues : fft, traditionnel)",
        lambda _: "error: no variant called belge (known: fft, traditionnel)",
    ),
    "play: a number of players Tarot Africain is not played by": (
        lambda _: (["play", "--game", "africain", "--players", "7"], ""),
        lambda _: "erreur : le Tarot africain (standard) se joue de 2 à 4 joueurs, pas à 7",
        lambda _: "error: Tarot Africain (standard) is played by 2 to 4 players, not 7",
    ),
    "arena: a number of players French Tarot is not played by": (
        lambda _: (["arena", "--players", "8"], ""),
        lambda _: "erreur : le Tarot se joue à 3, 4 ou 5 joueurs, pas à 8",
        lambda _: "error: French Tarot is played by 3, 4 or 5 players, not 8",
    ),
    "arena: a variant of no game": (
        lambda _: (["arena", "--variant", "belge"], ""),
        lambda _: "erreur : aucune variante ne s'appelle belge (connues : fft, traditionnel)",
        lambda _: "error: no variant called belge (known: fft, traditionnel)",
    ),
    "simulate: a number of players French Tarot is not played by": (
        lambda _: (["simulate", "--players", "9", "-n", "1"], ""),
        lambda _: "erreur : le Tarot se joue à 3, 4 ou 5 joueurs, pas à 9",
        lambda _: "error: French Tarot is played by 3, 4 or 5 players, not 9",
    ),
    "tournament result: a field beyond its bound": (
        lambda folder: (
            ["tournament", "result", str(_club(folder)), "-", "--table", "1", "--board", "1"],
            json.dumps({**GARDE, "points": 95}),
        ),
        lambda _: "erreur : cette donne ne peut être comptée : points : doit valoir au plus 91",
        lambda _: "error: this deal cannot be scored: points: must be at most 91",
    ),
    "tournament adjust correct: a field beyond its bound": (
        lambda folder: (
            [
                "tournament",
                "adjust",
                str(_club(folder)),
                "correct",
                "--table",
                "1",
                "--board",
                "1",
                "--deal",
                "-",
                "--reason",
                "fiche",
            ],
            json.dumps({**GARDE, "points": 95}),
        ),
        lambda _: "erreur : cette donne ne peut être comptée : points : doit valoir au plus 91",
        lambda _: "error: this deal cannot be scored: points: must be at most 91",
    ),
    "tournament libre sheet: a field beyond its bound": (
        lambda folder: (
            ["tournament", "libre", "sheet", str(_libre(folder)), "-", *SHEET_PLACE],
            json.dumps({"deals": [{"contract": "garde", "taker": 0, "points": 95, "bouts": 2}]}),
        ),
        lambda _: (
            "erreur : cette donne ne peut être comptée : deals.0.points : doit valoir au plus 91"
        ),
        lambda _: "error: this deal cannot be scored: deals.0.points: must be at most 91",
    ),
    "analyse: a seat of no player": (
        lambda _: (["analyse", str(RECORD), "--seat", "7"], ""),
        lambda _: "erreur : le siège 7 n'existe pas dans une partie à 4 joueurs",
        lambda _: "error: seat 7 is not in a game of 4 players",
    ),
}
"""Each command refusing something coded, with what it says in French and in English."""


@pytest.mark.parametrize("case", CASES)
def test_each_commands_refusal_speaks_its_language(case: str, tmp_path: Path) -> None:
    setup, french, english = CASES[case]
    runs = [
        (["--lang", "fr"], {}, french),
        (["--lang", "en"], {"LANG": "fr_FR.UTF-8"}, english),
        ([], {"LANG": "fr_FR.UTF-8"}, french),  # the locale's language, --lang's default
    ]
    for number, (lang, env, said) in enumerate(runs):
        folder = tmp_path / str(number)
        folder.mkdir()
        args, stdin = setup(folder)
        code, err = _invoke([*args, *lang], stdin, env)
        assert (code, err) == (2, said(folder) + "\n"), (case, lang, env)


def test_a_file_not_utf8_is_refused_in_french(tmp_path: Path) -> None:
    latin = tmp_path / "latin1.atout"
    latin.write_bytes('[Seat0 "Hélène"]\n'.encode("latin-1"))
    for command in (["replay"], ["analyse", "-s", "0"], ["import"], ["sheet"], ["score"]):
        code, err = _invoke([*command, str(latin), "--lang", "fr"])
        assert (code, err) == (
            2,
            f"erreur : impossible de lire {latin} : ce n'est pas du texte UTF-8 (octet 9) : "
            "enregistrez-le en UTF-8\n",
        ), command


USAGE: dict[str, tuple[list[str], list[str]]] = {
    "an argument missing": (
        ["score"],
        ["erreur : argument file manquant", "aide : atout score --help"],
    ),
    "an option missing": (
        ["tournament", "result", "{folder}/c.json", "-", "--board", "1"],
        ["erreur : option --table manquante", "aide : atout tournament result --help"],
    ),
    "an option unknown": (
        ["score", "x.json", "--bogus"],
        ["erreur : option inconnue : --bogus", "aide : atout score --help"],
    ),
    "an option mistyped": (
        ["score", "x.json", "--tex"],
        [
            "erreur : option inconnue : --tex (vouliez-vous dire --text ?)",
            "aide : atout score --help",
        ],
    ),
    "a command unknown": (
        ["scor", "x.json"],
        ["erreur : commande inconnue : scor (vouliez-vous dire score ?)", "aide : atout --help"],
    ),
    "a sub-command unknown": (
        ["tournament", "crate", "x.json"],
        [
            "erreur : commande inconnue : crate (vouliez-vous dire create ?)",
            "aide : atout tournament --help",
        ],
    ),
    "a number below its bound": (
        ["tournament", "create", "{folder}/c.json", "--tables", "0"],
        ["erreur : --tables : doit valoir au moins 1", "aide : atout tournament create --help"],
    ),
    "a number that is none": (
        ["tournament", "create", "{folder}/c.json", "--players", "four"],
        [
            "erreur : --players : doit être un nombre entier",
            "aide : atout tournament create --help",
        ],
    ),
    "a word not among the choices": (
        ["tournament", "export", "{folder}/c.json", "--what", "everything"],
        [
            "erreur : --what : doit être l'une des valeurs ranking, results, adjustments",
            "aide : atout tournament export --help",
        ],
    ),
    "a flag given a value": (
        ["tournament", "create", "{folder}/c.json", "--force=yes"],
        ["erreur : l'option --force ne prend pas de valeur"],
    ),
    "arguments left over": (
        ["score", "a.json", "b.json"],
        ["erreur : arguments en trop : b.json", "aide : atout score --help"],
    ),
    "a worker count below 1": (
        ["arena", "--workers", "-3", "--deals", "1", "--bots", "random,heuristic"],
        ["erreur : --workers : doit valoir au moins 1", "aide : atout arena --help"],
    ),
    "no worker": (
        ["arena", "--workers", "0", "--deals", "1", "--bots", "random,heuristic"],
        ["erreur : --workers : doit valoir au moins 1", "aide : atout arena --help"],
    ),
    "a budget of no time": (
        ["arena", "--budget", "0", "--deals", "1", "--bots", "random,strong"],
        ["erreur : --budget : doit valoir plus de 0", "aide : atout arena --help"],
    ),
    "a budget below zero": (
        ["arena", "--budget", "-1", "--deals", "1", "--bots", "random,strong"],
        ["erreur : --budget : doit valoir plus de 0", "aide : atout arena --help"],
    ),
    "a save file in no folder": (
        ["play", "--save", "{folder}/none/game.atout"],
        [
            "erreur : --save : impossible d'écrire {folder}/none/game.atout : "
            "il n'y a pas de dossier {folder}/none",
            "aide : atout play --help",
        ],
    ),
}
"""Command lines click refuses, and what a reader of French is told (``{folder}``
the test's folder); nothing else changes."""


@pytest.mark.parametrize("case", USAGE)
def test_a_command_line_click_refuses_is_said_in_french(case: str, tmp_path: Path) -> None:
    """Click has no French: it said "Missing argument 'file'." under ``--lang fr``.
    Its refusals are worded from the command line's words in French (by
    ``--lang fr`` wherever it stands, or the locale's), and in English from
    their English, on one line too, with the command's help to read (typer drew
    click's English in a box)."""
    args, french = USAGE[case]
    given = [arg.format(folder=tmp_path) for arg in args]
    said = "".join(line.format(folder=tmp_path) + "\n" for line in french)
    for lang, env in (([], {"LANG": "fr_FR.UTF-8"}), (["--lang", "fr"], {})):
        code, err = _invoke([*given, *lang], env=env)
        assert (code, err) == (2, said), (case, lang)
    for lang, env in (([], {}), (["--lang", "en"], {"LANG": "fr_FR.UTF-8"})):
        code, err = _invoke([*given, *lang], env=env)
        error, *help_line = err.splitlines()  # the help as in French: not for a flag's value
        assert code == 2 and error.startswith("error: ") and "erreur" not in err, (case, err)
        assert [line.replace("help: ", "aide : ") for line in help_line] == french[1:]
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_missing_value_is_said_in_the_locales_french() -> None:
    """An option given last without its value takes no ``--lang`` after it: the
    locale's language says it."""
    code, err = _invoke(["tournament", "create", "c.json", "--seed"], env={"LANG": "fr_FR.UTF-8"})
    assert (code, err) == (2, "erreur : l'option --seed attend une valeur\n")


@pytest.mark.parametrize(
    ("args", "lang"),
    [
        (["score", "--lang", "fr"], "fr"),
        (["score", "--lang=fr", "x"], "fr"),
        (["score", "x", "--lang", "en"], "en"),
        (["score", "--lang", "de"], "locale"),
        (["score", "--", "--lang", "fr"], "locale"),
        ([], "locale"),
    ],
)
def test_the_language_asked_for_is_found_before_click_reads_the_line(
    args: list[str], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    for locale, expected in (("fr_FR.UTF-8", "fr"), ("C.UTF-8", "en")):
        monkeypatch.setenv("LANG", locale)
        assert asked_language(args) == (expected if lang == "locale" else lang)


def test_help_asked_for_by_no_argument_is_still_click_s() -> None:
    """A group without its command shows its help, as it did, in any language."""
    result = CliRunner().invoke(app, ["tournament"], env={**NO_LOCALE, "LANG": "fr_FR.UTF-8"})
    assert (
        result.exit_code in (0, 2) and "create" in result.output and "erreur" not in result.output
    )


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (FileNotFoundError(2, "No such file or directory"), "file_missing"),
        (PermissionError(13, "Permission denied"), "file_denied"),
        (IsADirectoryError(21, "Is a directory"), "file_folder"),
        (OSError(5, "Input/output error"), "file_unreadable"),
    ],
)
def test_why_a_file_cannot_be_read_is_coded(error: OSError, code: str) -> None:
    refusal = unreadable("deal.json", error)
    assert refusal.code == code and refusal.params["file"] == "deal.json"
    assert str(refusal) == f"cannot read deal.json: {error.strerror}"


@pytest.mark.parametrize(
    ("error", "code", "english"),
    [
        (
            FileNotFoundError(2, "No such file or directory"),
            "file_write_no_new",  # its folder, here, is there
            "no file can be made in .",
        ),
        (PermissionError(13, "Permission denied"), "file_write_denied", "permission denied"),
        (IsADirectoryError(21, "Is a directory"), "file_write_folder", "it is a folder"),
        (OSError(28, "No space left on device"), "file_write_full", "no space left on the device"),
        (OSError(5, "Input/output error"), "file_unwritable", "Input/output error"),
    ],
)
def test_why_a_file_cannot_be_written_is_coded(error: OSError, code: str, english: str) -> None:
    refusal = unwritable("club.json", error)
    assert refusal.code == code and refusal.params["file"] == "club.json"
    assert str(refusal) == f"cannot write club.json: {english}"
