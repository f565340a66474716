"""A readable text account of French Tarot deals, for people and bug reports: a
finished deal whole, a deal dealt again (all passed, a petit sec) with its hands
and bids, and a deal under way as far as it was played."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from atout.cards import Language, card_name, card_text, cards_of, hand_text, sort_key
from atout.french.rules import FRENCH
from atout.french.state import FrenchState
from atout.french.variants import Contract
from atout.game import CHANCE


def _cards(mask: int, language: Language | None) -> str:
    if language is None:
        return hand_text(mask) or "-"
    return ", ".join(card_name(c, language) for c in sorted(cards_of(mask), key=sort_key))


def _card(card: int, language: Language | None) -> str:
    return card_text(card) if language is None else card_name(card, language)


_CANCELLED: Final = {"all_pass": "everyone passed", "petit_sec": "a petit sec was shown"}


def render_deal(state: FrenchState, language: Language | None = None) -> str:
    """The deal as text: hands, dog, bids, écart, every trick and its winner, the
    score; a deal dealt again says why, and one under way stops where it stands.

    Cards are written in the notation (``KH``) unless ``language`` asks for names.
    """
    if state.to_move == CHANCE and state.score is None and not state.cancelled:
        raise ValueError("only a deal that was dealt can be rendered")
    # a cancelled deal is kept on show by a state already set for the redeal
    dealer = state.cancelled_dealer if state.cancelled else state.dealer
    lines = [
        f"Deal {state.deals_played + (state.score is None)} of {state.deals_total}: "
        f"{state.active} players, variant {state.variant.name}, dealer seat {dealer}",
        "Hands:",
    ]
    lines += [f"  seat {s}: {_cards(state.dealt[s], language)}" for s in state.ring(dealer)]
    lines.append(f"Dog: {_cards(state.dog, language)}")
    lines.append("Bids: " + ", ".join(f"seat {s} {Contract(b).text}" for s, b in state.bids))
    if state.cancelled:
        lines.append(f"Dealt again: {_CANCELLED.get(state.cancelled, state.cancelled)}")
        return "\n".join(lines)
    if state.taker < 0:
        return "\n".join([*lines, "Not finished"])
    taking = f"Contract: {Contract(state.contract).text} by seat {state.taker}"
    if state.called >= 0:
        partner = "alone" if state.partner == state.taker else f"partner seat {state.partner}"
        taking += f", called {_card(state.called, language)} ({partner})"
    lines.append(taking)
    if state.ecart:
        lines.append(f"Écart: {_cards(state.ecart, language)}")
    if state.chelem_announced:
        lines.append("Chelem announced")
    for seat, shown in state.poignees:
        lines.append(f"Poignée by seat {seat}: {_cards(shown, language)}")
    for seat, kind in state.miseres:
        lines.append(f"Misère {kind} by seat {seat}")
    lines.append("Tricks:")
    for number, (leader, cards, winner) in enumerate(state.tricks, 1):
        seat = leader
        played = []
        for card in cards:
            played.append(f"{_card(card, language)} ({seat})")
            seat = state.nxt[seat]
        lines.append(f"  {number:2}. {', '.join(played)} -> seat {winner}")
    outcome, score = state.outcome, state.score
    if outcome is None or score is None:
        if state.trick:
            seats = zip(state.trick, state.trick_seats, strict=False)
            played = [f"{_card(card, language)} ({seat})" for card, seat in seats]
            lines.append(f"  {len(state.tricks) + 1:2}. {', '.join(played)}")
        return "\n".join([*lines, "Not finished"])
    half = outcome.attack_half_points
    points = f"{half // 2}" + (".5" if half % 2 else "")
    verdict = "made" if score.made else "failed"
    lines.append(f"Attack: {points} points with {outcome.bouts} bout(s), contract {verdict}")
    if outcome.petit_au_bout:
        lines.append(f"Petit au bout: {outcome.petit_au_bout}")
    if outcome.chelem:
        lines.append(f"Chelem: {outcome.chelem}")
    lines.append(
        "Breakdown: " + ", ".join(f"{name} {value}" for name, value in score.breakdown.items())
    )
    lines.append("Scores: " + ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(score.scores)))
    return "\n".join(lines)


def render_game(
    players: int,
    actions: Iterable[str],
    variant: str = "fft",
    options: Mapping[str, Any] | None = None,
    language: Language | None = None,
) -> str:
    """Every deal of a partie (or of its part played so far) replayed and rendered,
    with the running totals after each scored deal: the deals dealt again too,
    and the last one as far as it was played."""
    state = FRENCH.new(players, variant, options)
    parts = [f"French Tarot ({variant}), {players} players"]
    totals = [0] * players
    under_way = False
    for text in actions:
        was_over, was_cancelled = state.deal_over, state.cancelled
        state.apply(FRENCH.parse_action(text))
        under_way = not state.deal_over and not state.cancelled and state.to_move != CHANCE
        if state.deal_over and not was_over and state.score is not None:
            totals = [t + s for t, s in zip(totals, state.score.scores, strict=True)]
            running = ", ".join(f"seat {s} {t:+d}" for s, t in enumerate(totals))
            parts.append(f"{render_deal(state, language)}\nTotals: {running}")
        elif state.cancelled and not was_cancelled:
            parts.append(render_deal(state, language))
    if under_way:
        parts.append(render_deal(state, language))
    return "\n\n".join(parts)
