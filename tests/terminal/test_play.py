"""Terminal play driven as a person would: typed lines through the CLI, to the game's end."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from atout.cli import app
from atout.robots import make_robot
from atout.terminal.play import TerminalGame


def _scripted(game: str, players: int, options: dict[str, int] | None, lang: str) -> str:
    """Play a game where 'the person' types a heuristic's choice, asking a hint first."""
    out = io.StringIO()
    advisor = make_robot("heuristic")
    asked: list[str] = []
    session: TerminalGame

    def ask(prompt: str) -> str:
        if not asked or (asked[-1] != "hint" and len(asked) == 3):
            asked.append("hint")
            return "hint"
        if len(asked) == 5:
            asked.append("bogus")
            return "ZZ"
        view = session.state.view(0)
        legal = [str(a) for a in session.state.legal_actions()]
        choice = advisor.choose(view, legal, 1)
        asked.append(choice)
        return choice.split(":", 1)[1]

    variant = "fft" if game == "french" else "standard"
    session = TerminalGame(
        game,
        players,
        variant,
        options,
        "heuristic",
        lang,
        ask,  # type: ignore[arg-type]
        Console(file=out, width=100),
        seed=4,
    )
    assert session.run()
    return out.getvalue()


def test_a_whole_french_game_in_english() -> None:
    text = _scripted("french", 4, {"deals": 2}, "en")
    assert "Your hand" in text and "Trick 18" in text
    assert "Deal scores" in text and "Game over. Final totals" in text
    assert "The strong robot would play" in text
    assert "Not possible" in text


def test_a_whole_french_game_at_five_in_french() -> None:
    text = _scripted("french", 5, {"deals": 1}, "fr")
    assert "Votre main" in text and "Partie finie" in text


def test_a_whole_africain_game() -> None:
    text = _scripted("africain", 3, None, "en")
    assert "Round 1" in text and "Game over" in text


def test_cli_play_reads_stdin_until_quit() -> None:
    result = CliRunner().invoke(
        app, ["play", "--players", "3", "--seed", "1", "--lang", "en"], input="hint\nquit\n"
    )
    assert result.exit_code == 1
    assert "Game abandoned" in result.output


def test_cli_play_africain_to_the_end_by_typing() -> None:
    """Type every legal option in turn until one is accepted: the game reaches its end."""
    answers = "\n".join(
        ["0", "1", "2", "3", "4", "5"] * 10
        + [f"T{n}" for n in range(1, 22)]
        + ["EX:high", "EX:low"]
    )
    lines = (answers + "\n") * 400
    result = CliRunner().invoke(
        app,
        ["play", "--game", "africain", "--players", "2", "--seed", "2", "--level", "random"],
        input=lines,
    )
    assert "Game over" in result.output, result.output[-2000:]
    assert result.exit_code == 0
