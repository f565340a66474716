"""The ``atout`` command-line application that every sub-command registers on."""

import contextlib
import errno
import os
import re
import stat
import sys
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Final

import typer
from pydantic import ValidationError
from rich.console import Console, RenderableType
from typer._click import exceptions as usage  # typer reads command lines with its own click
from typer._click.core import Context, Parameter, ParameterSource
from typer.core import TyperArgument, TyperGroup, TyperOption

from atout.analysis.review import Unreviewable
from atout.cards import Language
from atout.cli.french_help import speak_french
from atout.record_format import record_refusal
from atout.records import RecordError
from atout.refusals import Refusal, full_message
from atout.refusals_fields import field_reason
from atout.sheet import InputError
from atout.terminal.words import COMMAND_WORDS

_LANG: Final = "atout.lang"
"""Where a command line's context keeps the language it asks for."""


class _Worded(TyperGroup):
    """The ``atout`` command: what click refuses in a command line (an argument
    missing, an option unknown, a value of the wrong kind...) is said in the
    reader's language from ``COMMAND_WORDS`` (:func:`usage_text`), on one line
    as :func:`fail` says a refusal, with the command's help to read: click has
    no French, and typer drew its English in a box of several lines. Its help
    pages, and every command's, are French too
    (:func:`atout.cli.french_help.speak_french`). The language is
    the command line's ``--lang``, looked for before click reads the rest, else
    the locale's."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: Context | None = None,
        **extra: Any,
    ) -> Context:
        lang = asked_language(args)
        if lang == "fr":
            speak_french(self)
        _summarise(self)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except usage.UsageError as error:
            raise _told(error, lang) from None
        ctx.meta[_LANG] = lang
        return ctx

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except usage.UsageError as error:  # a sub-command's command line
            raise _told(error, ctx.meta.get(_LANG, "en")) from None


def _summarise(group: TyperGroup) -> None:
    """Give each command under ``group`` its help's first paragraph, on one line,
    as the summary a group's page lists: typer 0.29's rich pages list it with
    the docstring's own line breaks, which then wrap mid-line."""
    for command in group.commands.values():
        first = (command.help or "").split("\n\n", 1)[0]
        command.short_help = " ".join(first.split())
        if isinstance(command, TyperGroup):
            _summarise(command)


app = typer.Typer(
    name="atout",
    help="Tarot: French Tarot and Tarot Africain rules, robots and online play.",
    no_args_is_help=True,
    add_completion=False,
    cls=_Worded,
)


def locale_language() -> Language:
    """The reader's language as the locale names it, the default of every ``--lang``:
    French when the first of LC_ALL, LC_MESSAGES and LANG that is set starts with
    ``fr`` (the order POSIX reads them in), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def _given_before(ctx: typer.Context, param: typer.CallbackParam, value: Language) -> Language:
    """A command's ``--lang`` when it is given one; else the one given before the
    command's name (``atout --lang fr score``), else the locale's: the command
    line's language (:func:`asked_language`, kept by the ``atout`` command)."""
    if param.name and ctx.get_parameter_source(param.name) is ParameterSource.DEFAULT:
        asked: Language = ctx.meta.get(_LANG, value)
        return asked
    return value


LangOpt = Annotated[
    Language,
    typer.Option(
        "--lang",
        default_factory=locale_language,
        callback=_given_before,
        show_default="the locale's: fr for LANG=fr_FR..., else en",
        help="The language of what is shown: en or fr.",
    ),
]
"""A command's ``--lang``, else the one given to ``atout`` before the command's
name, else the locale's language."""


@app.callback()
def group_language(lang: LangOpt) -> None:
    """The ``--lang`` of ``atout`` and of each group of commands, before a command's
    name (``atout --lang fr score``, ``atout tournament --lang fr --help``): the
    language of the group's help page, and of its commands given no ``--lang``."""


def asked_language(args: Sequence[str]) -> Language:
    """The language a command line asks for, before click reads it: its ``--lang``
    (``fr`` or ``en``) wherever it stands, the last one given when there are several
    (``atout --lang fr score --lang en``: the command's own), else the locale's
    (:func:`locale_language`)."""
    asked: Language | None = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        value = arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if arg == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        if value == "en":
            asked = "en"
        if value == "fr":
            asked = "fr"
    return asked or locale_language()


class RefusedValue(usage.BadParameter):
    """A value a command's own check refuses while its command line is read (an
    option's callback), coded: click says it in English (``Invalid value for
    '--save': ...``), a reader of French reads the refusal in French."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


def positive(value: float | None) -> float | None:
    """An option's callback refusing a time that is not more than 0 (a robot's
    budget in seconds), coded as a field's bound: typer's ``min`` includes its
    bound, and a budget of no time is none."""
    if value is not None and value <= 0:
        raise RefusedValue(Refusal("field_above", min=0))
    return value


def _told(error: usage.UsageError, lang: Language) -> Exception:
    """What to raise for a command line click refuses: the exit with click's
    status once it is said on one line, in ``lang``'s words, with the command's
    help to read (typer drew a box of click's English around it); help asked
    for by giving no argument is the error itself, which prints the help."""
    if isinstance(error, usage.NoArgsIsHelpError):
        return error
    words = COMMAND_WORDS[lang]
    typer.echo(words["error"].format(message=usage_text(error, lang)), err=True)
    if error.ctx is not None:
        typer.echo(words["usage.help"].format(command=error.ctx.command_path), err=True)
    return typer.Exit(error.exit_code)


_NO_COMMAND: Final = re.compile(r"No such command (.+?)\.(?: Did you mean (.+)\?)?")
"""Typer's words for a command it does not have, with its suggestions."""
_EXTRA: Final = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)")
"""Click's words for arguments left over once a command has read its own."""


def usage_text(error: usage.UsageError, lang: Language) -> str:
    """What click refuses in a command line, in ``lang``'s words: an argument or an
    option missing, an option or a command unknown (with click's suggestions), an
    option without its value or with one it does not take, arguments left over, a
    value refused (typer reads values with pydantic: its reason coded as a
    field's, :func:`atout.refusals_fields.field_reason`, or a command's own
    :class:`RefusedValue`); anything else (a message of a typer to come) said
    to be no valid command line, in click's own words."""
    words = COMMAND_WORDS[lang]
    if isinstance(error, usage.MissingParameter) and error.param is not None:
        kind = "argument" if isinstance(error.param, TyperArgument) else "option"
        return words[f"usage.missing_{kind}"].format(name=_named(error.param))
    if isinstance(error, usage.NoSuchOption):
        said = words["usage.no_such_option"].format(name=error.option_name)
        return _suggested(said, error.possibilities or [], lang)
    if isinstance(error, usage.BadOptionUsage):  # no context, said of a flag's value
        flag = error.message.endswith("does not take a value.")
        key = "usage.takes_no_value" if flag else "usage.needs_value"
        return words[key].format(name=error.option_name)
    why = _why(error)
    if why is not None:
        told = full_message(why.code, why.params, lang)
        if isinstance(error, usage.BadParameter) and error.param is not None:
            return words["usage.refused"].format(name=_named(error.param), message=told)
        return told
    unknown = _NO_COMMAND.fullmatch(error.message)
    if unknown:
        said = words["usage.no_such_command"].format(name=unknown[1].strip("'\""))
        return _suggested(said, (unknown[2] or "").split(", "), lang)
    extra = _EXTRA.fullmatch(error.message)
    if extra:
        return words["usage.extra_arguments"].format(args=extra[1])
    if error.message == "Missing command.":
        return words["usage.missing_command"]
    if isinstance(error, usage.BadParameter) and error.param is not None:
        return words["usage.invalid"].format(name=_named(error.param))
    return words["usage.other"].format(message=error.format_message())


def _why(error: usage.UsageError) -> Refusal | None:
    """Why a value is refused, coded: a command's own check, or pydantic's reason
    for the value typer could not read (the error's cause)."""
    if isinstance(error, RefusedValue):
        return error.refusal
    cause = error.__cause__
    if not isinstance(cause, ValidationError) or not cause.errors():
        return None
    param = error.param if isinstance(error, usage.BadParameter) else None
    if isinstance(param, TyperOption | TyperArgument) and param.type_descriptor.is_choice:
        choices = param.type_descriptor.choices or ()
        shown = [str(c.value if isinstance(c, Enum) else c) for c in choices]
        return Refusal("field_choice", choices=shown)
    return field_reason(cause.errors(include_url=False, include_input=False)[0])


def _suggested(said: str, names: Sequence[str], lang: Language) -> str:
    """``said``, and the names click suggests instead, if any."""
    shown = ", ".join(name.strip("'\"") for name in names if name)
    if not shown:
        return said
    return COMMAND_WORDS[lang]["usage.did_you_mean"].format(message=said, names=shown)


def _named(param: Parameter) -> str:
    """A parameter as a command line writes it: an option by its names
    (``--deals / --games / -n``), an argument by its name, as its help shows it."""
    if isinstance(param, TyperOption) and param.opts:
        return " / ".join(param.opts)
    return param.metavar or param.name or ""


def read_input(file: str) -> str:
    """The text of a command's input file (``-``: stdin); the refusal of
    :func:`unreadable` when it cannot be read."""
    try:
        return sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise unreadable(file, error) from None


def unreadable(file: str, error: OSError | UnicodeDecodeError) -> Refusal:
    """Why ``file`` cannot be read, coded in both languages: no such file, a path
    through something that is not a folder, permission denied, a folder, not UTF-8
    text (a file saved as Latin-1 or Windows-1252); any other system's reason as
    the system says it."""
    if isinstance(error, UnicodeDecodeError):
        return Refusal("file_not_utf8", file=file, byte=error.start)
    if error.errno == errno.ENOTDIR:
        blocking = _not_a_folder(Path(file)) or Path(file).parent
        return Refusal("file_read_not_folder", file=file, folder=str(blocking))
    if error.errno == errno.ENOENT:
        return Refusal("file_missing", file=file)
    if error.errno in (errno.EACCES, errno.EPERM):
        return Refusal("file_denied", file=file)
    if error.errno == errno.EISDIR:
        return Refusal("file_folder", file=file)
    return Refusal("file_unreadable", file=file, reason=error.strerror or str(error))


def _not_a_folder(path: Path) -> Path | None:
    """The first of ``path``'s folders, from the top, that is there but is not a
    folder (``names.txt`` of ``names.txt/x.json``); None when there is none."""
    for folder in reversed(path.parents):
        try:
            if folder.exists() and not folder.is_dir():
                return folder
        except OSError:
            return None
    return None


def unwritable(file: str, error: OSError) -> Refusal:
    """Why ``file`` cannot be written, coded in both languages: a folder, in no
    folder, in a file taken for a folder, in a folder that takes no new file,
    permission denied, no space left, a read-only file system; any other system's
    reason as the system says it."""
    number = error.errno
    folder = Path(file).parent
    if number == errno.EISDIR:
        return Refusal("file_write_folder", file=file)
    if number in (errno.ENOENT, errno.ENOTDIR):
        blocking = _not_a_folder(Path(file))
        if blocking is not None:
            return Refusal("file_write_not_folder", file=file, folder=str(blocking))
        if folder.is_dir():
            return Refusal("file_write_no_new", file=file, folder=str(folder))
        return Refusal("file_write_no_folder", file=file, folder=str(folder))
    if number in (errno.EACCES, errno.EPERM):
        return Refusal("file_write_denied", file=file)
    if number == errno.ENOSPC:
        return Refusal("file_write_full", file=file)
    if number == errno.EROFS:
        return Refusal("file_write_read_only", file=file)
    return Refusal("file_unwritable", file=file, reason=error.strerror or str(error))


def cannot_write(file: str) -> Refusal | None:
    """Why ``file`` could not be written, found before anything is written (or
    played) and without creating anything; None when nothing stands in the way.
    Only a regular file is replaced: a folder, a device, a pipe, or a link to one
    of them, is refused."""
    target = Path(file)
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        return unwritable(file, error)
    if mode is not None and stat.S_ISDIR(mode):
        return Refusal("file_write_folder", file=file)
    if mode is not None and not stat.S_ISREG(mode):
        return Refusal("file_not_regular", file=file)
    folder = target.parent
    blocking = _not_a_folder(target)
    if blocking is not None:
        return Refusal("file_write_not_folder", file=file, folder=str(blocking))
    if not folder.is_dir():
        return Refusal("file_write_no_folder", file=file, folder=str(folder))
    if not os.access(target if mode is not None else folder, os.W_OK):
        return Refusal("file_write_denied", file=file)
    return None


def write_whole(file: str, text: str) -> None:
    """Write ``text`` to ``file`` whole or not at all: into a temporary file beside
    it, then renamed over it; the temporary file is removed when either fails.
    Raises the refusal of :func:`cannot_write` or :func:`unwritable`, coded; the
    file is left as it was."""
    refused = cannot_write(file)
    if refused is not None:
        raise refused
    target = Path(file)
    temporary = target.with_name(target.name + ".tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            if temporary.is_file():
                temporary.unlink()
        raise unwritable(file, error) from None


def refusal_of(error: BaseException) -> Refusal | None:
    """The refusal an error is or carries, coded for a reader's language: a record's
    fault with its place (``record_refusal``), a sheet's or a deal's field
    (``sheet_invalid``), a review refused; None for an error that is not coded."""
    if isinstance(error, Refusal):
        return error
    if isinstance(error, RecordError):
        return record_refusal(error)
    if isinstance(error, InputError):
        return error.refusal()
    if isinstance(error, Unreviewable):
        return error.why
    return None


def in_file(error: BaseException, file: str) -> BaseException:
    """``error``, an input refused as a whole (not JSON: its field ``input``) named
    by the ``file`` it was read from, when one was given (``-`` is stdin)."""
    if isinstance(error, InputError) and error.field == "input" and file != "-":
        return InputError(f"{file}: {error.reason}", error.rule, error.deal)
    return error


def fail(error: BaseException | str, lang: Language, where: str = "") -> typer.Exit:
    """Print why a command stops on stderr, on one line, and give the exit (status
    2) to raise: a coded refusal (:func:`refusal_of`) in ``lang``, after that
    language's word for it (``erreur : ...``) and the ``where`` it concerns (a
    file) when given; any other error, or a message of the command's own, as it
    is, in English (``error: ...``)."""
    told = refusal_of(error) if isinstance(error, BaseException) else None
    text = str(error) if told is None else full_message(told.code, told.params, lang)
    words = COMMAND_WORDS["en" if told is None else lang]
    if where:
        text = words["error_in"].format(where=where, message=text)
    typer.echo(words["error"].format(message=text), err=True)
    return typer.Exit(2)


PRINTOUT_WIDTH: Final = 100_000
"""Wider than any table: the width a printout's tables are measured in."""


def show(renderable: RenderableType, **options: Any) -> None:
    """Print a table (or any renderable) on standard output whole: on a terminal
    at its width, on a file or a pipe (a printout, where rich would take 80
    columns and cut headers to ``Orien…``) as wide as the table needs."""
    console = Console()
    if not console.is_terminal:
        wide = console.options.update_width(PRINTOUT_WIDTH)
        needed = console.measure(renderable, options=wide).maximum
        if needed > console.width:
            console = Console(width=needed)
    console.print(renderable, **options)
