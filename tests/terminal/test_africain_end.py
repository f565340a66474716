"""The terminal tells how a Tarot Africain game was won, in both languages: the
last player with lives, or, when every player still in loses their last lives
in the same round, the count that fell least below zero (shared when level)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from atout.africain.rules import AFRICAIN
from atout.cards import Language
from atout.terminal.narrate import HUMAN, Narrator

ROUND_ONE = (
    "deal:T17,T18,T19,T20,T21/T1,T2,T3,T4,T5/T6,T7,T8,T9,T10",
    *("bid:5", "bid:1", "bid:0"),
    *(f"play:T{c}" for c in (17, 1, 6, 18, 2, 7, 19, 3, 8, 20, 4, 9, 21, 5, 10)),
)
"""One life each: seat 1 (bid 1, no trick) goes out at 0; seats 0 and 2 make their bids."""
ROUND_TWO_PLAYS = tuple(f"play:T{c}" for c in (1, 3, 4, 2, 9, 11, 12, 10))
"""Round two, seats 0 and 2 only: seat 2 wins the first two tricks, seat 0 the last two."""


def _told(actions: tuple[str, ...], lang: Language) -> list[str]:
    """The last lines the person at seat 0 is told of a game played from ``actions``."""
    out = io.StringIO()
    narrator = Narrator("africain", 3, lang, Console(file=out, width=200))
    state = AFRICAIN.new(3, "standard", {"lives": 1})
    for text in actions:
        for event in state.apply(AFRICAIN.parse_action(text)):
            if event.visible_to(HUMAN):
                narrator.narrate(event, state.view(HUMAN))
    assert state.is_over
    lines = [line.strip(" ─") for line in out.getvalue().splitlines()]
    ends = [i for i, line in enumerate(lines) if line.startswith(("Game over", "Partie terminée"))]
    return lines[ends[0] :]


def _all_out(bid_0: int, bid_2: int) -> tuple[str, ...]:
    """Round two's deal, bids by seats 0 and 2 (each wins two tricks) and plays."""
    return (
        *ROUND_ONE,
        "deal:T1,T2,T11,T12/-/T3,T4,T9,T10",
        f"bid:{bid_0}",
        f"bid:{bid_2}",
        *ROUND_TWO_PLAYS,
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["Game over: seat 2 wins.", "Seat 2 alone has lives left."]),
        (
            "fr",
            [
                "Partie terminée : siège 2 gagne.",
                "Siège 2 est le seul joueur à qui il reste des vies.",
            ],
        ),
    ],
)
def test_the_last_with_lives_wins(lang: Language, expected: list[str]) -> None:
    # seat 0 bids 3 and misses one: out at 0; seat 2 bids 2 and makes it
    assert _told(_all_out(3, 2), lang) == expected


@pytest.mark.parametrize(
    ("bids", "lang", "expected"),
    [
        (  # seat 0 misses 1 (0 lives), seat 2 misses 2 (-1)
            (3, 4),
            "en",
            [
                "Game over: you win.",
                "Every player still in lost their last lives this round: you fell least below "
                "zero (you at 0, seat 2 at -1).",
            ],
        ),
        (  # seat 0 misses 2 (-1), seat 2 misses 1 (0)
            (4, 3),
            "fr",
            [
                "Partie terminée : siège 2 gagne.",
                "Tous les joueurs encore en jeu ont perdu leurs dernières vies à ce tour : "
                "siège 2 descend le moins bas sous zéro (vous à -1, siège 2 à 0).",
            ],
        ),
        (  # both miss 2: level at -1; seat 1, out before at 0, is no contender
            (4, 4),
            "en",
            [
                "Game over: you and seat 2 share the win.",
                "Every player still in lost their last lives this round: you and seat 2 are "
                "level, least below zero (you at -1, seat 2 at -1).",
            ],
        ),
        (
            (4, 4),
            "fr",
            [
                "Partie terminée : victoire partagée entre vous et siège 2.",
                "Tous les joueurs encore en jeu ont perdu leurs dernières vies à ce tour : "
                "vous et siège 2 à égalité, le moins bas sous zéro (vous à -1, siège 2 à -1).",
            ],
        ),
    ],
)
def test_all_out_in_one_round_says_who_fell_least_below_zero(
    bids: tuple[int, int], lang: Language, expected: list[str]
) -> None:
    assert _told(_all_out(*bids), lang) == expected
