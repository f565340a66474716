"""The printed boards, slips and table plan say every word in the reader's language:
English by default, French asked for (the rulebook's words: étui, donneur, entame,
preneur, chien, quart temps, bilan; West is O, Ouest). Garde stays French in both."""

from __future__ import annotations

import re

from atout.tournament.event import Setup, Tournament, new_setup
from atout.tournament.libre import Libre, LibreSetup
from atout.tournament.libre_printout import plan_html, plan_text
from atout.tournament.libre_printout import slips_html as libre_slips_html
from atout.tournament.libre_printout import slips_text as libre_slips_text
from atout.tournament.printout import boards_html, boards_text, slips_html, slips_text

NAMES = tuple(f"Joueur {n}" for n in range(1, 9))
ENGLISH = re.compile(r"\b(Board|board|boards|Dealer|dealer|lead|taker|Taker|Dog|dog|team)\b")


def shown(page: str) -> str:
    """An HTML page's words, as a reader sees them (no style, no tags)."""
    return re.sub("<[^>]+>", " ", re.sub("<style>.*</style>", "", page, flags=re.S))


def club() -> Tournament:
    return Tournament.create(Setup("individual", 4, 2, 2, 2, NAMES), seed=1)


def test_boards_in_english_by_default_and_in_french() -> None:
    # board 1: the dealer East, the taker on its right (North), who leads (p. 14)
    assert boards_text(club()).startswith(
        "Board 1  dealer E  lead N  taker N  contract Garde\n *N "
    )
    french = boards_text(club(), "fr")
    assert french.startswith("Étui 1  donneur E  entame N  preneur N  contrat Garde\n *N ")
    assert "\n  O  " in french and "\n  chien " in french  # West is Ouest
    assert not ENGLISH.search(french)
    page = boards_html(club(), "fr")
    assert '<html lang="fr">' in page and "<title>Étuis</title>" in page
    assert "<p>Donneur E, entame N, preneur <b>N</b>, contrat Garde</p>" in page
    assert "<th>Chien</th>" in page and not ENGLISH.search(shown(page))
    assert "<title>Boards</title>" in boards_html(club())


def test_french_boards_write_the_cards_as_french_cards() -> None:
    """A French arbiter read the notation's letters as French ones (KC NC 10C QD: its
    D a dame, its C cœur or cavalier): French boards write roi, dame, cavalier, valet
    as R, D, C, V with the suits' symbols, atouts A1 to A21, the Excuse by its name."""
    english_card = re.compile(r"\b(?:[KQNJ]|10|[1-9])[SHDC]\b|\bT\d+\b|\bEX\b")
    tournament = club()
    for page in (boards_text(tournament, "fr"), shown(boards_html(tournament, "fr"))):
        assert not english_card.search(page), english_card.search(page)
        assert re.search(r"\b[RDCV][♠♥♦♣]", page) and re.search(r"\bA21\b", page)
        assert "Excuse" in page
    # every card of each board, once: 78 faces a board (four hands and the dog)
    faces = re.findall(r"(?:[RDCV]|10|[1-9])[♠♥♦♣]|A\d+|Excuse", boards_text(tournament, "fr"))
    assert len(faces) == 78 * len(tournament.boards)
    assert english_card.search(boards_text(tournament))  # English keeps the notation


def test_slips_in_french() -> None:
    text = slips_text(club(), "fr")
    assert text.startswith(
        "Position 1, table 1\n"
        "  N\u00a0: Joueur 1  O\u00a0: Joueur 2  S\u00a0: Joueur 3  E\u00a0: Joueur 4\n"
        "  étuis 1, 2\n"
    )
    page = slips_html(club(), "fr")
    assert "<title>Feuilles de marque</title>" in page
    assert "<th>Étui</th><th>Contrat</th><th>Preneur</th><th>Points</th><th>Bouts</th>" in page
    assert "<th>Primes</th><th>Marque +</th><th>Marque -</th>" in page
    assert not ENGLISH.search(shown(page))
    assert slips_text(club()).startswith("Position 1, table 1\n  N: Joueur 1  W: Joueur 2")


def test_the_team_forms_slips_in_french() -> None:
    """The match: "quart temps", the attacker in South, the defence N, O, E; the
    attacker's choice of Garde, Garde Sans or Garde Contre (p. 25)."""
    match = Tournament.create(new_setup("teams", 4, team_sizes=(4, 4), names=NAMES), seed=1)
    text = slips_text(match, "fr")
    assert text.startswith(
        "Quart temps 1, table 1\n"
        "  S (attaque)\u00a0: équipe 1\u00a0: Joueur 1, Joueur 2, Joueur 3, Joueur 4"
        "  N O E (défense)\u00a0: équipe 2\u00a0: Joueur 5, Joueur 6, Joueur 7, Joueur 8\n"
    )
    assert "contrat Garde ou Garde Sans ou Garde Contre (au choix du preneur)" in boards_text(
        match, "fr"
    )
    triplettes = Tournament.create(new_setup("triplettes", 4, 1, first_badge=0), seed=1)
    assert "\n  NS\u00a0: équipe 1\u00a0: " in slips_text(triplettes, "fr")
    assert "  EO\u00a0: équipe 2\u00a0: " in slips_text(triplettes, "fr")


def libre() -> Libre:
    return Libre.create(LibreSetup("individual", NAMES, 2, 2), seed=1)


def test_the_tournoi_libre_in_french() -> None:
    plan = plan_text(libre(), "fr")
    assert plan.startswith("Position 1\n  table 1\u00a0: N ")
    assert " O " in plan and " W " not in plan
    assert plan_text(libre()).startswith("Position 1\n  table 1: N ")
    slips = libre_slips_text(libre(), "fr")
    assert "\n  donne 1\u00a0: contrat ____ preneur ____ N ____ O ____" in slips
    assert "\n  bilan\u00a0: N ____ O ____ S ____ E ____  (somme = 0)" in slips
    page = libre_slips_html(libre(), "fr")
    assert "<th>Contrat</th><th>Preneur</th>" in page and "<th>Donne</th>" in page
    assert "<th>Signatures</th>" in page and "<td colspan=2>somme = 0</td>" in page
    assert "<title>Plan de table</title>" in plan_html(libre(), "fr")
    assert "<title>Table plan</title>" in plan_html(libre())
