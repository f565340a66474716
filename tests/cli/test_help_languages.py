"""Every help page speaks the reader's language whole: each command's and
parameter's help, and the words of click and typer on the page, in French when
French is asked for (``--lang fr`` before or after the command's name, or a
French locale), and as typer writes them in English otherwise."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from typer import rich_utils
from typer._click.core import Command, Context
from typer.core import TyperArgument, TyperGroup, TyperOption, _TyperParameter
from typer.main import get_command
from typer.testing import CliRunner

from atout.cli.commands import app
from atout.cli.french_help import ROOT, french_entry
from atout.cli.help_words import FRENCH_HELP, PAGE_WORDS, TYPE_NAMES

ENV = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "1000"}
"""No locale, and a page wide enough that no help is wrapped."""
GARDE = Path(__file__).parents[2] / "examples" / "score-garde-fft.json"


def _tree() -> dict[str, Command]:
    """Every command of the English command tree, by its path (``atout db upgrade``)."""
    found: dict[str, Command] = {}

    def walk(command: Command, path: str) -> None:
        found[path] = command
        if isinstance(command, TyperGroup):
            for name, sub in command.commands.items():
                walk(sub, f"{path} {name}")

    walk(get_command(app), ROOT)
    return found


COMMANDS = _tree()


def _params(command: Command) -> list[TyperOption | TyperArgument]:
    return [p for p in command.params if isinstance(p, TyperOption | TyperArgument)]


def _page(
    path: str, lang: list[str], env: dict[str, str] | None = None, before: list[str] | None = None
) -> str:
    """The help page of the command at ``path``, ``lang`` given after its name and
    ``before`` before it."""
    args = [*(before or []), *path.split()[1:], "--help", *lang]
    result = CliRunner().invoke(app, args, env={**ENV, **(env or {})})
    assert result.exit_code == 0, (args, result.output)
    return _plain(result.stdout)


def _plain(page: str) -> str:
    """A page with its no-break spaces as spaces, as the catalog writes them."""
    return page.replace("\u00a0", " ")


def _english_lines(text: str) -> list[str]:
    """The lines of an English help that a page would show whole."""
    return [line.strip() for line in text.splitlines() if len(line.strip()) > 10]


# --- The catalog: French for everything, and for nothing else ---------------------


def _uses() -> dict[tuple[str, str], list[tuple[str, str]]]:
    """Each entry of the catalog, (its path, its key), and what takes its French:
    (the command's path, the English it stands for)."""
    uses: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for path, command in COMMANDS.items():
        wanted = [("", command.help or "")]
        for param in _params(command):
            wanted.append((param.name, param.help or ""))
            if isinstance(param.show_default, str):
                wanted.append((f"{param.name}:default", param.show_default))
        for key, english in wanted:
            found = french_entry(path, key)
            assert found is not None, f"{path}: no French for {key or 'its help'}: {english!r}"
            uses[found[0], key].append((path, english))
    return uses


def test_every_command_and_parameter_has_its_french_help() -> None:
    """And a French one: not the English copied."""
    for (owner, key), users in _uses().items():  # asserts that each has one
        assert all(english != FRENCH_HELP[owner][key] for _, english in users), (owner, key)


def test_the_catalog_holds_no_french_for_what_is_not_there() -> None:
    """An entry for a command, or a parameter, that is gone (or renamed) fails."""
    held = {(path, key) for path, words in FRENCH_HELP.items() for key in words}
    assert held - set(_uses()) == set()


def test_a_french_shared_by_a_group_stands_for_one_english() -> None:
    """A group's French for a parameter is its commands' (``state``): a command
    that gives that parameter another meaning needs its own."""
    for (owner, key), users in _uses().items():
        meanings = {english for _, english in users}
        assert len(meanings) == 1, (owner, key, users)


def _contexts() -> dict[str, Context]:
    contexts: dict[str, Context] = {}
    for path, command in COMMANDS.items():
        parent = contexts.get(path.rsplit(" ", 1)[0]) if " " in path else None
        contexts[path] = Context(command, info_name=path.split()[-1], parent=parent)
    return contexts


def test_every_kind_of_value_has_its_french_name() -> None:
    """Typer names each parameter's kind of value (``<int>``); choices are words
    typed on the command line. A kind named but not in TYPE_NAMES fails, and so
    does one in TYPE_NAMES that no parameter has."""
    contexts, kinds = _contexts(), set()
    for path, command in COMMANDS.items():
        for param in _params(command):
            if not param.type_descriptor.is_choice:
                kinds.add(param.display_type(contexts[path]).strip("<>"))
    assert kinds == set(TYPE_NAMES)


# --- French pages ------------------------------------------------------------------

ENGLISH_WORDS = (
    "Usage:",
    "[default:",
    "[required]",
    "[env var:",
    "Show this message and exit.",
    "Commands",
    "COMMAND [ARGS]",
    "<str>",
    "<int>",
    "<bool>",
    "<path>",
    "range>",
)
"""What click and typer write in English on a help page."""


def _french_of(path: str, key: str) -> str:
    found = french_entry(path, key)
    assert found is not None
    return found[1]


def _assert_french(path: str, page: str) -> None:
    """The page of the command at ``path`` says all its help in French, and none
    of the English."""
    command = COMMANDS[path]
    assert page.lstrip().startswith(f"Utilisation : {path}"), page
    for part in _french_of(path, "").split("\n\n"):
        assert part in page, (path, part)
    for param in _params(command):
        assert _french_of(path, param.name) in page, (path, param.name)
        for line in _english_lines(param.help or ""):
            assert line not in page, (path, param.name, line)
    for line in _english_lines(command.help or ""):
        assert line not in page, (path, line)
    for english in ENGLISH_WORDS:
        assert english not in page, (path, english)
    assert PAGE_WORDS["help_option"] in page


SPEAKING = [
    path for path, command in COMMANDS.items() if any(p.name == "lang" for p in command.params)
]
"""Every command with a ``--lang`` of its own: all but ``atout serve``, which
prints nothing in words of its own."""


def test_every_command_but_serve_takes_lang() -> None:
    assert set(COMMANDS) - set(SPEAKING) == {"atout serve"}


@pytest.mark.parametrize("path", SPEAKING)
def test_each_help_page_is_french_for_lang_fr_after_the_command(path: str) -> None:
    _assert_french(path, _page(path, ["--lang", "fr"]))


@pytest.mark.parametrize("path", COMMANDS)
def test_each_help_page_is_french_for_lang_fr_before_the_command(path: str) -> None:
    _assert_french(path, _page(path, [], before=["--lang=fr"]))


@pytest.mark.parametrize("path", COMMANDS)
def test_each_help_page_is_french_for_a_french_locale(path: str) -> None:
    _assert_french(path, _page(path, [], {"LANG": "fr_FR.UTF-8"}))


def test_a_group_lists_its_commands_in_french() -> None:
    page = _page("atout tournament libre", ["--lang", "fr"])
    assert "╭─ Commandes ─" in page
    for name in ("create", "plan", "slips", "sheet", "ranking", "export"):
        path = f"atout tournament libre {name}"
        assert re.search(rf"│ {name} +{re.escape(_french_of(path, ''))}", page), name
    assert "Utilisation : atout tournament libre [OPTIONS] COMMANDE [ARGUMENTS]..." in page


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_group_lists_each_commands_summary_on_one_line(lang: str) -> None:
    """On a page wide enough, a command's summary (its help's first paragraph)
    is one line: the docstring's own line breaks are not kept."""
    for path, command in COMMANDS.items():
        if not isinstance(command, TyperGroup):
            continue
        page = _page(path, ["--lang", lang])
        for name, sub in command.commands.items():
            summary = (sub.help or "").split("\n\n")[0]
            if lang == "fr":
                summary = _french_of(f"{path} {name}", "").split("\n\n")[0]
            line = " ".join(summary.split())
            assert re.search(rf"│ {re.escape(name)} +{re.escape(line)} +│", page), (path, name)


def test_a_group_given_no_command_shows_its_page_in_french() -> None:
    result = CliRunner().invoke(app, ["db"], env={**ENV, "LC_ALL": "fr_FR.UTF-8"})
    page = _plain(result.stdout)
    assert "Utilisation : atout db [OPTIONS] COMMANDE [ARGUMENTS]..." in page
    assert _french_of("atout db upgrade", "") in page
    assert "Usage:" not in page


def test_typers_words_on_a_page_are_french() -> None:
    """The panels' titles, and what follows a parameter's help."""
    page = _page("atout serve", [], {"LC_MESSAGES": "fr_FR.UTF-8"})
    assert "╭─ Options ─" in page
    assert "[par défaut : 8000]" in page
    assert "[variable d'environnement : ATOUT_DATABASE_URL]" in page
    assert "--port  " in page and "<entier>" in page and "<nombre borné> [x>=0.0]" in page
    result = _page("atout tournament revoke", ["--lang", "fr"])
    assert "╭─ Arguments ─" in result and "[obligatoire]" in result
    assert re.search(r"\* +number +<entier> +Le numéro de l'ajustement\. \[obligatoire\]", result)
    assert "[par défaut : (celle de la locale : fr pour LANG=fr_FR..., sinon en)]" in result


def test_a_line_is_never_broken_before_a_colon() -> None:
    """French puts a space before ``:`` and ``;`` and inside « »: a no-break one."""
    result = CliRunner().invoke(app, ["play", "--help"], env={**ENV, "LANG": "fr", "COLUMNS": "60"})
    page = result.stdout
    assert "Utilisation\u00a0: atout play" in page and "«\u00a0indice\u00a0»" in page
    assert "[par défaut\u00a0: 4]" in page and "(par défaut\u00a0:" in page
    assert "(texte\u00a0; JSON" in page
    assert not re.search(r"│ +[:;»]", page)


def test_every_french_word_of_a_page_is_written() -> None:
    """Each of PAGE_WORDS is on some French page: none is left that typer no
    longer writes."""
    pages = "".join(_page(path, [], {"LANG": "fr_FR.UTF-8"}) for path in COMMANDS)
    for key, words in PAGE_WORDS.items():
        assert words.split("{}")[0] in pages, key


# --- English pages, and English after French ------------------------------------


@pytest.mark.parametrize("path", COMMANDS)
def test_each_help_page_stays_english(path: str) -> None:
    command = COMMANDS[path]
    in_french_locale = _page(path, [], {"LANG": "fr_FR.UTF-8"}, before=["--lang", "en"])
    for page in (_page(path, []), in_french_locale):
        assert page.lstrip().startswith(f"Usage: {path}"), page
        assert "Show this message and exit." in page
        for line in _english_lines(command.help or "")[:1]:
            assert line in page, (path, line)
        for param in _params(command):
            assert (param.help or "") in page, (path, param.name)
        for french in ("Utilisation", "[par défaut", "[obligatoire]", "Afficher cette aide"):
            assert french not in page, (path, french)


def test_a_french_page_leaves_english_pages_as_they_were() -> None:
    """Tests run many command lines in one process: a French page must change
    nothing of typer's for the English ones after it."""
    before = _page("atout tournament adjust", [])
    constants = {name: getattr(rich_utils, name) for name in dir(rich_utils) if name.isupper()}
    display_type = _TyperParameter.display_type
    assert "Utilisation" in _page("atout tournament adjust", ["--lang", "fr"])
    assert _page("atout tournament adjust", []) == before
    assert {name: getattr(rich_utils, name) for name in constants} == constants
    assert _TyperParameter.display_type is display_type


def test_typers_private_words_are_as_atout_reads_them() -> None:
    """atout.cli.french_help relies on typer 0.29: it builds the command tree anew
    for each run, and writes these words from these names."""
    first, second = get_command(app), get_command(app)
    assert isinstance(first, TyperGroup) and isinstance(second, TyperGroup)
    assert first is not second and first.commands["score"] is not second.commands["score"]
    assert (
        rich_utils.ARGUMENTS_PANEL_TITLE,
        rich_utils.OPTIONS_PANEL_TITLE,
        rich_utils.COMMANDS_PANEL_TITLE,
        rich_utils.DEFAULT_STRING,
        rich_utils.REQUIRED_LONG_STRING,
        rich_utils.ENVVAR_STRING,
    ) == ("Arguments", "Options", "Commands", "[default: {}]", "[required]", "[env var: {}]")
    score = first.commands["score"]
    file = next(p for p in score.params if p.name == "file")
    assert isinstance(file, TyperArgument)
    assert _TyperParameter.display_type(file, Context(score, info_name="score")) == "<str>"


# --- --lang before the command's name --------------------------------------------


def test_lang_before_the_command_is_the_commands_language() -> None:
    def said(args: list[str], env: dict[str, str] | None = None) -> str:
        result = CliRunner().invoke(app, args, env={**ENV, **(env or {})})
        assert result.exit_code == 0, result.output
        return result.stdout.splitlines()[0]

    score = ["score", str(GARDE), "--text"]
    assert said(["--lang", "fr", *score]) == "Garde réussie (fft)"
    assert said(score) == "Garde made (fft)"
    assert said(["--lang", "en", *score], {"LANG": "fr_FR.UTF-8"}) == "Garde made (fft)"
    assert said(["--lang", "fr", *score, "--lang", "en"]) == "Garde made (fft)"


def test_the_last_lang_given_says_the_help_page() -> None:
    """The command's own ``--lang`` over the one before its name, as for what it prints."""
    english = _page("atout score", ["--lang", "en"], before=["--lang", "fr"])
    assert english.lstrip().startswith("Usage: atout score")
    args = ["--lang", "en", "tournament", "--lang", "fr", "create", "--help"]
    french = CliRunner().invoke(app, args, env=ENV)
    assert french.exit_code == 0, french.output
    assert _plain(french.stdout).lstrip().startswith("Utilisation : atout tournament create")


def test_a_command_line_refused_after_lang_before_the_command_is_said_in_french() -> None:
    result = CliRunner().invoke(app, ["--lang", "fr", "score"], env=ENV)
    assert result.exit_code == 2
    assert result.stderr == "erreur : argument file manquant\naide : atout score --help\n"
