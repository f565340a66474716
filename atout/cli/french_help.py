"""A French run's help pages (``atout --lang fr score --help``, or any ``--help`` under
a French locale): each command's and parameter's help, and the words click and
typer write on the page themselves, in French (:mod:`atout.cli.help_words`).

Typer builds the click command tree anew for every run (``typer.main.get_command``,
called by ``Typer.__call__`` and by its ``CliRunner.invoke``): a French run writes
its words into its own tree (:func:`speak_french`), before click reads the command
line, since ``--help`` prints its page while it is read.

The words typer writes itself are typer 0.29's, in its private modules: the module
constants of ``typer.rich_utils`` (the panels' titles, ``[default: ...]``,
``[required]``, ``[env var: ...]``) and the kinds of value of
``typer.core._TyperParameter.display_type`` (``<int>``). They are changed only while
a French page is written, and put back after it (:func:`_typer_in_french`), so that
an English run in the same process (the tests') reads typer's own words; the
command line writes its help in one thread. tests/cli/test_help_languages.py fails
if typer changes them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final

from typer._click.core import Command, Context
from typer._click.formatting import HelpFormatter
from typer.core import TyperArgument, TyperGroup, TyperOption, _TyperParameter

from atout.cli.help_words import FRENCH_HELP, PAGE_WORDS, TYPE_NAMES

ROOT: Final = "atout"
"""The path of the command every other is under, whatever the program is called."""


def french_entry(path: str, key: str) -> tuple[str, str] | None:
    """The French of ``key`` for the command at ``path`` (``atout tournament
    create``), with the path of the entry of :data:`FRENCH_HELP` holding it: the
    command's own entry, else, for a parameter (``key`` its name, or
    ``name:default``), its nearest group's; None when there is none. ``""`` is the
    command's own help, never a group's."""
    words = FRENCH_HELP.get(path, {})
    if key in words:
        return path, words[key]
    if not key or " " not in path:
        return None
    return french_entry(path.rsplit(" ", 1)[0], key)


def _french(path: str, key: str) -> str | None:
    found = french_entry(path, key)
    return None if found is None else _typeset(found[1])


_SPACED: Final = re.compile(r" (?=[:;?!»])|(?<=«) ")
"""The spaces French puts before ``: ; ? !`` and inside ``« »``."""


def _typeset(text: str) -> str:
    """``text`` with French spaces a help page never breaks a line at (``défaut :``
    kept together): no-break spaces, as the printouts have."""
    return _SPACED.sub("\u00a0", text)


def _page_word(key: str) -> str:
    return _typeset(PAGE_WORDS[key])


def speak_french(command: Command, path: str = ROOT) -> None:
    """Write the French help of ``command`` (at ``path``), of its parameters and of
    every command under it into them, and have their contexts write help pages in
    French; whatever the catalog has no French for stays as it is."""
    command.context_class = _FrenchContext
    command.help = _french(path, "") or command.help
    for param in command.params:
        if isinstance(param, TyperOption | TyperArgument):
            param.help = _french(path, param.name) or param.help
            if isinstance(param.show_default, str):
                param.show_default = _french(path, f"{param.name}:default") or param.show_default
    if isinstance(command, TyperGroup):
        command.subcommand_metavar = _page_word("subcommand")
        for name, sub in command.commands.items():
            speak_french(sub, f"{path} {name}")


class _FrenchFormatter(HelpFormatter):
    """Click's help formatter, its usage line said in French."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _page_word("usage") if prefix is None else prefix)


class _FrenchContext(Context):
    """The context of a command of a French run: its help page (``--help``, or a
    group given no command) is written in French."""

    formatter_class = _FrenchFormatter

    def get_help(self) -> str:
        asking = self.command.get_help_option(self)  # made by click when it reads the line
        if asking is not None:
            asking.help = _page_word("help_option")
        with _typer_in_french():
            return super().get_help()


@contextmanager
def _typer_in_french() -> Iterator[None]:
    """Typer's own words in French while the block runs (a help page is written),
    and its English ones again after it."""
    from typer import rich_utils  # typer imports it only to write a help page

    french: list[tuple[object, str, Any]] = [
        (rich_utils, "ARGUMENTS_PANEL_TITLE", _page_word("arguments")),
        (rich_utils, "OPTIONS_PANEL_TITLE", _page_word("options")),
        (rich_utils, "COMMANDS_PANEL_TITLE", _page_word("commands")),
        (rich_utils, "DEFAULT_STRING", _page_word("default")),
        (rich_utils, "REQUIRED_LONG_STRING", _page_word("required")),
        (rich_utils, "ENVVAR_STRING", _page_word("envvar")),
        (_TyperParameter, "display_type", _in_french(_TyperParameter.display_type)),
    ]
    english = [(owner, name, getattr(owner, name)) for owner, name, _ in french]
    try:
        for owner, name, words in french:
            setattr(owner, name, words)
        yield
    finally:
        for owner, name, words in english:
            setattr(owner, name, words)


DisplayType = Callable[[_TyperParameter, Context], str]
"""Typer's kind of a parameter's value, as its help shows it: ``<int>``."""


def _in_french(display_type: DisplayType) -> DisplayType:
    """Typer's ``display_type``, its kinds of value in French (:data:`TYPE_NAMES`);
    choices, the words a command line types, as they are."""

    def french(param: _TyperParameter, ctx: Context) -> str:
        kind = display_type(param, ctx).removeprefix("<").removesuffix(">")
        return f"<{TYPE_NAMES.get(kind, kind)}>"

    return french
