"""What the commands print for people speaks the reader's language whole:
actions and cards in words and faces, tables whole on a printout, plurals
agreed, user text quoted the reader's way."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from atout.cli.commands import app
from atout.records import shown_text
from atout.refusals import CATALOGUE, message
from atout.terminal.words import COMMAND_WORDS, MESSAGES, action_words, count
from tests.analysis.planted import PETIT_DEAL, scripted
from tests.cli.test_lang import PENALTY, _club

EXAMPLES = Path(__file__).parents[2] / "examples"
ENV = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "80"}


def _run(args: list[str]) -> str:
    result = CliRunner().invoke(app, args, env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


# --- 1. Actions and cards in words ----------------------------------------------


def test_actions_are_said_in_the_readers_words() -> None:
    assert action_words("ecart:10S 8S 2S NH NC 8C", "fr") == "écart 10♠ 8♠ 2♠ C♥ C♣ 8♣"
    assert action_words("ecart:10S NH", "en") == "écart 10♠ N♥"
    assert action_words("play:QH", "fr") == "D♥"
    assert action_words("play:QH", "en") == "Q♥"
    assert action_words("play:EX:high", "fr") == "Excuse (haute)"
    assert action_words("bid:garde_sans", "fr") == "garde sans"
    assert action_words("call:KH", "fr") == "appel R♥"
    assert action_words("poignee:T1 T21", "fr") == "poignée A1 A21"
    assert action_words("chelem:no", "fr") == "pas de chelem"
    assert action_words("bid:3", "fr") == "annonce 3"


def test_replay_writes_cards_as_the_reader_does() -> None:
    french = _run(["replay", "--lang", "fr", str(EXAMPLES / "record-french-4.atout")])
    assert "D♠" in french and "A21" in french and "Excuse" in french
    assert " QS " not in french and "T21" not in french and " EX" not in french
    english = _run(["replay", "--lang", "en", str(EXAMPLES / "record-french-4.atout")])
    assert "Q♠" in english and "T21" in english and " QS " not in english
    africain = _run(["replay", "--lang", "fr", str(EXAMPLES / "record-africain-3.json")])
    assert "A21" in africain and "T21" not in africain


def test_the_review_says_its_actions_in_words(tmp_path: Path) -> None:
    record, _ = scripted(PETIT_DEAL, {(1, 8): "play:T21", (0, 1): "play:T1"})
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    french = _run(["analyse", str(path), "-s", "0", "--deals", "16", "--lang", "fr"])
    assert "play:" not in french and "bid:" not in french and "ecart:" not in french
    assert "A1" in french


def test_the_hints_reasons_are_in_words() -> None:
    result = CliRunner().invoke(
        app, ["play", "--players", "3", "--seed", "1", "--lang", "fr"], input="indice\nquitter\n"
    )
    reasons = [line for line in result.output.splitlines() if "score espéré" in line]
    assert reasons and not any("bid:" in line or "play:" in line for line in reasons)


# --- 2. A printout holds the whole table ------------------------------------------


def test_a_printed_ranking_keeps_its_headers_whole(tmp_path: Path) -> None:
    state = str(_club(tmp_path))
    _run(["tournament", "adjust", state, *PENALTY])
    french = _run(["tournament", "ranking", state, "--lang", "fr"])
    assert "…" not in french
    for word in ("Orientation", "Attaque", "Défense", "Ajustements"):
        assert word in french


def test_a_printed_sheet_keeps_its_headers_whole() -> None:
    english = _run(["sheet", "--lang", "en", str(EXAMPLES / "sheet-fft-rulebook.json")])
    assert "Contract" in english and "Taker" in english and "…" not in english
    french = _run(["sheet", "--lang", "fr", str(EXAMPLES / "sheet-fft-rulebook.json")])
    assert "Contrat" in french and "Preneur" in french and "…" not in french


# --- 3. Plurals agreed, not written "(s)" ------------------------------------------


def test_no_message_writes_a_lazy_plural() -> None:
    for lang in ("en", "fr"):
        for key, text in {**MESSAGES[lang], **COMMAND_WORDS[lang]}.items():
            assert "(s)" not in text, (lang, key)
    for code, texts in CATALOGUE["messages"].items():
        assert "(s)" not in str(texts), code


def test_counts_in_the_game_agree() -> None:
    prompts = {
        lang: [
            MESSAGES[lang]["prompt.discard"].format(left=count("n_cards", n, lang)) for n in (1, 6)
        ]
        for lang in ("en", "fr")
    }
    assert prompts["fr"] == [
        "Votre écart : encore 1 carte à écarter",
        "Votre écart : encore 6 cartes à écarter",
    ]
    assert prompts["en"][0] == "Your écart: 1 card to put aside"
    assert count("n_tricks", 0, "fr") == "0 pli" and count("n_tricks", 0, "en") == "0 tricks"


# --- 4. A person's text quoted the reader's way, and made safe ---------------------


def test_a_persons_text_is_quoted_the_readers_way() -> None:
    french = CliRunner().invoke(app, ["play", "--option", "misere", "--lang", "fr"], env=ENV)
    assert "« misere » : une option s'écrit" in french.output
    english = CliRunner().invoke(app, ["play", "--option", "misere", "--lang", "en"], env=ENV)
    assert "'misere': write an option" in english.output
    for lang, said in (("fr", "jeu inconnu « chess »"), ("en", "unknown game 'chess'")):
        refused = CliRunner().invoke(
            app,
            ["replay", "--lang", lang, "-"],
            input='{"game": "chess", "players": 2, "variant": "x"}',
            env=ENV,
        )
        assert said in refused.output, refused.output


def test_a_quoted_text_cannot_act_on_the_terminal() -> None:
    assert shown_text("foo\x1b[31m") == "foo\\x1b[31m"
    assert shown_text("a\u202eb") == "a\\u202eb"
    assert shown_text("Dame de cœur") == "Dame de cœur"
    said = message(
        "rec_log_action", {"index": 2, "move": shown_text("play:T3"), "reason": "x"}, "fr"
    )
    assert said == "action 2 « play:T3 » : x"
    result = CliRunner().invoke(
        app, ["play", "--players", "3", "--seed", "1", "--lang", "fr"], input="f\x1bo\nquitter\n"
    )
    assert "Je ne comprends pas « f\\x1bo »" in result.output
