"""A readable text account of French Tarot deals, for people and bug reports: a
finished deal whole, a deal dealt again (all passed, a petit sec) with its hands
and bids, and a deal under way as far as it was played; in English or French
(``atout replay --lang``), the game's terms from the terminal's words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from atout.cards import Language, card_face, card_name, cards_of, hand_faces, sort_key
from atout.french.rules import FRENCH
from atout.french.state import FrenchState
from atout.french.variants import Contract
from atout.game import CHANCE
from atout.terminal.words import BREAKDOWN_NAMES, CHOICE_NAMES, MESSAGES, count


def _cards(mask: int, language: Language | None, lang: Language) -> str:
    """Cards named in ``language``, or (None) as ``lang``'s reader writes their faces."""
    if language is None:
        return hand_faces(mask, lang) or "-"
    return ", ".join(card_name(c, language) for c in sorted(cards_of(mask), key=sort_key))


def _card(card: int, language: Language | None, lang: Language) -> str:
    return card_face(card, lang) if language is None else card_name(card, language)


WORDS: Final[dict[Language, dict[str, str]]] = {
    "en": {
        "game": "French Tarot ({variant}), {players}",
        "deal": "Deal {number} of {total}: {players}, variant {variant}, dealer {dealer}",
        "hands": "Hands:",
        "hand": "  {seat}: {cards}",
        "dog": "Dog: {cards}",
        "bids": "Bids: {bids}",
        "dealt_again": "Dealt again: {why}",
        "again.all_pass": "everyone passed",
        "again.petit_sec": "a petit sec was shown",
        "not_finished": "Not finished",
        "contract": "Contract: {contract} by {taker}",
        "called": ", called {card} ({partner})",
        "alone": "alone",
        "partner": "partner {seat}",
        "ecart": "Écart: {cards}",
        "chelem_announced": "Chelem announced",
        "poignee": "Poignée by {seat}: {cards}",
        "misere": "Misère {kind} by {seat}",
        "tricks": "Tricks:",
        "attack": "Attack: {points} with {bouts}, {contract} {verdict}",
        "breakdown": "Breakdown: {parts}",
        "scores": "Scores: {scores}",
        "totals": "Totals: {totals}",
    },
    "fr": {
        "game": "Tarot français ({variant}), {players}",
        "deal": "Donne {number} sur {total} : {players}, variante {variant}, donneur {dealer}",
        "hands": "Mains :",
        "hand": "  {seat} : {cards}",
        "dog": "Chien : {cards}",
        "bids": "Annonces : {bids}",
        "dealt_again": "Donne annulée et redistribuée : {why}",
        "again.all_pass": "tout le monde a passé",
        "again.petit_sec": "un petit sec a été montré",
        "not_finished": "Non terminée",
        "contract": "Contrat : {contract}, preneur {taker}",
        "called": ", carte appelée {card} ({partner})",
        "alone": "seul",
        "partner": "partenaire {seat}",
        "ecart": "Écart : {cards}",
        "chelem_announced": "Chelem annoncé",
        "poignee": "Poignée montrée par {seat} : {cards}",
        "misere": "Misère {kind} annoncée par {seat}",
        "tricks": "Plis :",
        "attack": "Attaque : {points} avec {bouts}, {contract} {verdict}",
        "breakdown": "Détail : {parts}",
        "scores": "Marque : {scores}",
        "totals": "Totaux : {totals}",
    },
}
"""Every word of a rendered deal, by language; the game's terms (contracts, the
breakdown, made or failed, sides, seats) come from :mod:`atout.terminal.words`."""


def _seats(values: Iterable[int], lang: Language) -> str:
    """``seat 0 -50, seat 1 +150``: a signed number by seat."""
    seat = MESSAGES[lang]["seat"]
    return ", ".join(f"{seat.format(seat=s)} {v:+d}" for s, v in enumerate(values))


def render_deal(state: FrenchState, language: Language | None = None, lang: Language = "en") -> str:
    """The deal as text: hands, dog, bids, écart, every trick and its winner, the
    score; a deal dealt again says why, and one under way stops where it stands.

    Cards are written as their faces for a reader of ``lang`` (``R♥``, ``A21``)
    unless ``language`` asks for names; the words are in ``lang``.
    """
    if state.to_move == CHANCE and state.score is None and not state.cancelled:
        raise ValueError("only a deal that was dealt can be rendered")
    words, said, names = WORDS[lang], MESSAGES[lang], CHOICE_NAMES[lang]

    def seat(number: int) -> str:
        return said["seat"].format(seat=number)

    # a cancelled deal is kept on show by a state already set for the redeal
    dealer = state.cancelled_dealer if state.cancelled else state.dealer
    lines = [
        words["deal"].format(
            number=state.deals_played + (state.score is None),
            total=state.deals_total,
            players=count("n_players", state.active, lang),
            variant=state.variant.name,
            dealer=seat(dealer),
        ),
        words["hands"],
    ]
    lines += [
        words["hand"].format(seat=seat(s), cards=_cards(state.dealt[s], language, lang))
        for s in state.ring(dealer)
    ]
    lines.append(words["dog"].format(cards=_cards(state.dog, language, lang)))
    bids = ", ".join(f"{seat(s)} {names[Contract(b).text]}" for s, b in state.bids)
    lines.append(words["bids"].format(bids=bids))
    if state.cancelled:
        why = words.get(f"again.{state.cancelled}", state.cancelled)
        lines.append(words["dealt_again"].format(why=why))
        return "\n".join(lines)
    if state.taker < 0:
        return "\n".join([*lines, words["not_finished"]])
    taking = words["contract"].format(
        contract=names[Contract(state.contract).text], taker=seat(state.taker)
    )
    if state.called >= 0:
        alone = state.partner == state.taker
        partner = words["alone"] if alone else words["partner"].format(seat=seat(state.partner))
        taking += words["called"].format(card=_card(state.called, language, lang), partner=partner)
    lines.append(taking)
    if state.ecart:
        lines.append(words["ecart"].format(cards=_cards(state.ecart, language, lang)))
    if state.chelem_announced:
        lines.append(words["chelem_announced"])
    for who, shown in state.poignees:
        lines.append(words["poignee"].format(seat=seat(who), cards=_cards(shown, language, lang)))
    for who, kind in state.miseres:
        lines.append(words["misere"].format(kind=names.get(kind, kind), seat=seat(who)))
    lines.append(words["tricks"])
    for number, (leader, cards, winner) in enumerate(state.tricks, 1):
        player = leader
        played = []
        for card in cards:
            played.append(f"{_card(card, language, lang)} ({player})")
            player = state.nxt[player]
        lines.append(f"  {number:2}. {', '.join(played)} -> {seat(winner)}")
    outcome, score = state.outcome, state.score
    if outcome is None or score is None:
        if state.trick:
            seats = zip(state.trick, state.trick_seats, strict=False)
            played = [f"{_card(card, language, lang)} ({player})" for card, player in seats]
            lines.append(f"  {len(state.tricks) + 1:2}. {', '.join(played)}")
        return "\n".join([*lines, words["not_finished"]])
    lines.append(
        words["attack"].format(
            points=count("n_points", outcome.attack_half_points / 2, lang),
            bouts=count("n_bouts", outcome.bouts, lang),
            contract=names[Contract(state.contract).text],
            verdict=said["made" if score.made else "failed"],
        )
    )
    if outcome.petit_au_bout:
        lines.append(said["petit_au_bout"].format(side=said[f"side.{outcome.petit_au_bout}"]))
    if outcome.chelem:
        lines.append(said["chelem_won"].format(side=said[f"side.{outcome.chelem}"]))
    parts = BREAKDOWN_NAMES[lang]
    breakdown = ", ".join(f"{parts.get(k, k)} {v}" for k, v in score.breakdown.items())
    lines.append(words["breakdown"].format(parts=breakdown))
    lines.append(words["scores"].format(scores=_seats(score.scores, lang)))
    return "\n".join(lines)


def render_game(
    players: int,
    actions: Iterable[str],
    variant: str = "fft",
    options: Mapping[str, Any] | None = None,
    language: Language | None = None,
    lang: Language = "en",
) -> str:
    """Every deal of a partie (or of its part played so far) replayed and rendered,
    with the running totals after each scored deal: the deals dealt again too,
    and the last one as far as it was played. Words in ``lang``, cards named in
    ``language`` (None: their faces in ``lang``)."""
    state = FRENCH.new(players, variant, options)
    words = WORDS[lang]
    parts = [words["game"].format(variant=variant, players=count("n_players", players, lang))]
    totals = [0] * players
    under_way = False
    for text in actions:
        was_over, was_cancelled = state.deal_over, state.cancelled
        state.apply(FRENCH.parse_action(text))
        under_way = not state.deal_over and not state.cancelled and state.to_move != CHANCE
        if state.deal_over and not was_over and state.score is not None:
            totals = [t + s for t, s in zip(totals, state.score.scores, strict=True)]
            running = words["totals"].format(totals=_seats(totals, lang))
            parts.append(f"{render_deal(state, language, lang)}\n{running}")
        elif state.cancelled and not was_cancelled:
            parts.append(render_deal(state, language, lang))
    if under_way:
        parts.append(render_deal(state, language, lang))
    return "\n\n".join(parts)
