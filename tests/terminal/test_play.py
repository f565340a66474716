"""Terminal play driven as a person would: typed lines in, what is printed checked.

A "typist" answers each prompt with words a person would type (French or
English bids, cards in the notation, numbers of the listed choices, oui/non),
choosing what the heuristic robot advises; robots fill the other seats.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from atout.cli.commands import app
from atout.record_files import read_log
from atout.robots import make_robot
from atout.terminal.play import TerminalGame

BIDS_TYPED = {
    "fr": {
        "pass": "passe",
        "prise": "Prise",
        "garde": "garde",
        "garde_sans": "garde sans",
        "garde_contre": "GARDE CONTRE",
    },
    "en": {
        "pass": "pass",
        "prise": "prise",
        "garde": "garde",
        "garde_sans": "garde_sans",
        "garde_contre": "garde contre",
    },
}
VERBS_TYPED = {"fr": {"play": "joue", "discard": "écarte", "call": "appelle"}, "en": {}}
YES_NO = {"fr": ("oui", "non"), "en": ("yes", "no")}
HIGH_LOW = {"fr": ("haute", "basse"), "en": ("high", "low")}
ENGLISH_WORDS = re.compile(
    r"\b(pass|passes|bids?|play|plays|hint|quit|garde_sans|garde_contre|discard|trick|"
    r"seat|won by|you|your|dealer|round|lives|none|yes|high|low|all_pass)\b"
)


class Typist:
    """Types the heuristic robot's choice in words, sometimes as a choice number."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.advisor = make_robot("heuristic")
        self.turns = 0
        self.session: TerminalGame | None = None

    def words(self, action: str) -> str:
        kind, _, arg = action.partition(":")
        assert self.session is not None
        if kind == "bid":
            return arg if self.session.game == "africain" else BIDS_TYPED[self.lang][arg]
        if kind == "chelem":
            return YES_NO[self.lang][0 if arg == "yes" else 1]
        if kind in ("poignee", "misere"):
            return YES_NO[self.lang][1] if arg == "none" else f"{kind}:{arg}"
        if arg.startswith("EX:"):
            return f"EX {HIGH_LOW[self.lang][0 if arg.endswith('high') else 1]}"
        verb = VERBS_TYPED[self.lang].get(kind, kind)
        return arg.lower() if self.turns % 3 else f"{verb} {arg}"

    def __call__(self, prompt: str) -> str:
        session = self.session
        assert session is not None
        self.turns += 1
        legal = [str(a) for a in session.state.legal_actions()]
        if self.turns % 7 == 0 and legal[0].startswith("play:") and "EX" not in legal[0]:
            return "1"  # the first numbered card: always a legal one
        return self.words(self.advisor.choose(session.state.view(0), legal, self.turns))


def play_game(
    game: str,
    players: int,
    options: Mapping[str, Any] | None,
    lang: str,
    typist: Callable[[str], str] | None = None,
    robots: Mapping[int, Any] | None = None,
    seed: int = 4,
    helper: Typist | None = None,
) -> tuple[str, TerminalGame]:
    """Play a whole game through the terminal and return everything printed.

    ``helper`` is the Typist a custom ``typist`` falls back to: it is told the session.
    """
    out = io.StringIO()
    answer = typist or Typist(lang)
    session = TerminalGame(
        game,
        players,
        "fft" if game == "french" else "standard",
        options,
        "heuristic",
        "fr" if lang == "fr" else "en",
        echoed(answer, out),
        Console(file=out, width=140),
        seed=seed,
    )
    for told in (answer, helper):
        if isinstance(told, Typist):
            told.session = session
    if robots:
        session.robots.update(robots)
    assert session.run()
    return out.getvalue(), session


def echoed(answer: Callable[[str], str], out: io.StringIO) -> Callable[[str], str]:
    """``answer`` writing the prompt and the typed line, as a terminal shows them."""

    def ask(prompt: str) -> str:
        line = answer(prompt)
        out.write(f"{prompt} > {line}\n")
        return line

    return ask


def last_totals(text: str) -> list[int]:
    """The numbers of the last Total row of the printed score table."""
    rows = [line for line in text.splitlines() if "Total" in line and "│" in line]
    return [int(cell) for cell in re.findall(r"[+-]\d+", rows[-1])]


def trick_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"(Trick|Pli) \d+ ?:", line)]


def test_a_french_game_in_french_is_all_french() -> None:
    text, session = play_game("french", 4, {"deals": 2}, "fr")
    for words in ("Votre main", "Atouts", "À vous de jouer", "Pli 18 :", "Marque", "donneur"):
        assert words in text, words
    assert re.search(r"Vous (passez|annoncez)", text)
    assert re.search(r"\d+:\S", text), "legal cards carry their number"
    assert "Partie terminée" in text
    leaked = ENGLISH_WORDS.findall(text)
    assert not leaked, leaked
    totals = last_totals(text)
    assert len(totals) == 4 and sum(totals) == 0
    assert totals == list(session.state.result()["totals"])


def test_a_french_game_in_english_at_three() -> None:
    text, _ = play_game("french", 3, {"deals": 1}, "en")
    assert "Your hand" in text and "Trick 24:" in text and "Game over." in text
    assert sum(last_totals(text)) == 0


def test_five_players_call_a_king_and_totals_sum_to_zero() -> None:
    text, _ = play_game("french", 5, {"deals": 2}, "en", seed=11)
    assert " calls " in text
    assert "Trick 15:" in text
    totals = last_totals(text)
    assert len(totals) == 5 and sum(totals) == 0


def _seat(name: str) -> int:
    return 0 if name in ("you", "vous") else int(name.split()[-1])


def test_trick_order_follows_the_table_when_the_dealer_sits_out() -> None:
    text, _ = play_game("french", 5, {"deals": 3, "dealer_sits_out": True}, "en", seed=2)
    sections = re.split(r"Deal \d of 3 · dealer: (you|seat \d)", text)[1:]
    assert len(sections) >= 6
    for dealer_name, body in zip(sections[::2], sections[1::2], strict=True):
        dealer = _seat(dealer_name)
        ring = [(dealer + i) % 5 for i in range(1, 5)]
        winner = None
        for line in trick_lines(body):
            seats = [_seat(s) for s in re.findall(r"(you|seat \d) \S+", line.split("→")[0])]
            assert dealer not in seats and len(seats) == 4, line
            start = ring.index(seats[0])
            assert seats == ring[start:] + ring[:start], line
            assert winner is None or seats[0] == winner, line
            winner = _seat(line.split("won by ")[1].strip())


class Scripted:
    """A robot seat answering from a function of the legal actions."""

    def __init__(self, pick: Callable[[Sequence[str]], str]) -> None:
        self.pick = pick
        self.helper = make_robot("heuristic")

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        seed: int,
        budget: float | None = None,
    ) -> str:
        if legal[0].startswith("bid:"):
            return self.pick(legal)
        return self.helper.choose(view, legal, seed)


def test_an_all_pass_redeal_is_told_and_set_apart() -> None:
    deals = {"n": 0}

    def robot_bid(legal: Sequence[str]) -> str:
        return "bid:pass" if deals["n"] == 0 else legal[1]

    typist = Typist("en")

    def person(prompt: str) -> str:
        if "bid" in prompt:
            deals["n"] += 1
            return "pass"
        return typist(prompt)

    robots = {s: Scripted(robot_bid) for s in (1, 2, 3)}
    text, _ = play_game("french", 4, {"deals": 1}, "en", person, robots, seed=3, helper=typist)
    first, rest = text.split("Everybody passed", 1)
    assert "dealer: you" in first
    for seat in (1, 2, 3):
        assert f"Seat {seat} passes." in first
    assert "You pass." in first
    assert "Your hand" in first
    assert re.search(r"Deal 1 of 1 · dealer: seat 1", rest)
    assert rest.index("dealer: seat 1") < rest.index("Your hand") < rest.index("Trick 1:")


def test_illegal_input_gets_the_reason_in_french_and_the_game_goes_on() -> None:
    typist = Typist("fr")
    tried = {"follow": False, "absent": False, "ecart": False}

    def person(prompt: str) -> str:
        session = typist.session
        assert session is not None
        view = session.state.view(0)
        legal = [str(a) for a in session.state.legal_actions()]
        if legal[0].startswith("bid:") and "bid:garde" in legal:
            return "garde"
        if legal[0].startswith("discard:") and not tried["ecart"]:
            tried["ecart"] = True
            return "écart T21"
        if legal[0].startswith("discard:"):
            needed = 6 - len(view["ecart"] or ())
            return "discard " + " ".join(a.split(":")[1] for a in legal[:needed])
        if legal[0].startswith("play:") and not tried["absent"]:
            tried["absent"] = True
            held = set(view["hand"])
            return next(c for c in ("KH", "KS", "KD", "KC", "T2", "T3") if c not in held)
        if legal[0].startswith("play:") and view["trick"] and not tried["follow"]:
            refused = [c for c in view["hand"] if f"play:{c}" not in legal]
            if refused:
                tried["follow"] = True
                return str(refused[0])
        return typist(prompt)

    robots = {s: Scripted(lambda legal: "bid:pass") for s in (1, 2, 3)}
    text, _ = play_game("french", 4, {"deals": 1}, "fr", person, robots, seed=8, helper=typist)
    assert "Vous prenez : garde." in text
    assert re.search(r"Impossible : (vous n'avez pas A21|on n'écarte pas un bout \(A21\))", text)
    assert "Votre écart est fait" in text
    assert re.search(r"Impossible : vous n'avez pas (R♥|R♠|R♦|R♣|A2|A3)", text)
    assert tried["follow"]
    assert re.search(r"Impossible : vous devez (fournir|couper|jouer atout|monter)", text)
    assert "Pli 18 :" in text and "Partie terminée" in text


def test_an_africain_game_in_french() -> None:
    text, _ = play_game("africain", 3, {"lives": 3}, "fr", seed=5)
    for words in ("Tour 1 : 5 cartes", "Vies :", " pli", "Fin du tour", "Partie terminée"):
        assert words in text, words
    one_card = [line for line in text.splitlines() if line.startswith("Tour à une carte")]
    assert one_card, "the one-card round is reached"
    for line in one_card:
        assert "vous" not in line.rsplit(":", 1)[1], "your own card stays hidden"
        assert line.count("siège") == 2
    leaked = ENGLISH_WORDS.findall(text)
    assert not leaked, leaked


def test_an_africain_game_in_english_at_four() -> None:
    text, _ = play_game("africain", 4, {"lives": 2}, "en", seed=1)
    assert "Round 1: 5 cards" in text and "Game over:" in text


def test_cli_help_hint_and_quit_in_french() -> None:
    result = CliRunner().invoke(
        app,
        ["play", "--players", "3", "--seed", "1", "--lang", "fr"],
        input="aide\nindice\nn'importe quoi\n99\nquitter\n",
    )
    assert result.exit_code == 1
    out = result.output
    assert "Tapez le numéro" in out
    assert "Le robot fort choisirait" in out
    assert "Je ne comprends pas" in out
    assert "Choisissez un numéro de 1 à" in out
    assert "Partie abandonnée" in out


def test_cli_hint_gives_its_reason_and_the_game_is_saved_for_analysis(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = CliRunner().invoke(
        app,
        ["play", "--players", "3", "--seed", "1", "--save", str(saved)],
        input="?\n1\nquit\n",
    )
    assert result.exit_code == 1
    assert "The strong robot would choose" in result.output
    assert "expected score" in result.output
    record = read_log(saved.read_text())  # the readable record, checked on the engine
    assert record.game == "french" and record.players == 3
    assert record.actions[0].startswith("deal:") and len(record.actions) >= 2
    analysed = CliRunner().invoke(app, ["analyse", str(saved), "--seat", "0", "--deals", "4"])
    assert analysed.exit_code == 0, analysed.output


def test_cli_french_game_to_the_end_by_numbers() -> None:
    """Typing '1' at every question (first listed choice) finishes the game."""
    result = CliRunner().invoke(
        app,
        [
            "play",
            "--players",
            "4",
            "--deals",
            "1",
            "--seed",
            "2",
            "--level",
            "random",
            "--lang",
            "fr",
        ],
        input="1\n" * 300,
    )
    assert "Partie terminée" in result.output, result.output[-2000:]
    assert result.exit_code == 0


def test_cli_africain_with_an_option() -> None:
    result = CliRunner().invoke(
        app,
        ["play", "--game", "africain", "--players", "2", "--seed", "2", "-o", "lives=1"],
        input="0\n1\n" * 100,
    )
    assert "Game over:" in result.output, result.output[-2000:]
    assert result.exit_code == 0
