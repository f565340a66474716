"""Readable text of Tarot Africain rounds and games, built from their events.

A game is its log: :func:`render_game` replays (variant, options, actions) and
prints every round as the omniscient viewer saw it, in English or French
(``atout replay --lang``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from atout.africain.rules import AFRICAIN
from atout.cards import Language
from atout.game import Event
from atout.terminal.words import MESSAGES, cards_words, count

WORDS: Final[dict[Language, dict[str, str]]] = {
    "en": {
        "game": "Tarot Africain ({variant}), {players}",
        "options": ", options {options}",
        "round": "Round {round}: {dealer} deals {cards} each",
        "holds": "  {seat} holds {cards}",
        "bids": "  bids: {bids}",
        "foreheads": "  cards on the foreheads: {cards}",
        "trick": "  trick {number}: {plays} -> {winner}",
        "round_end": "  {seat}: bid {bid}, won {won}, loses {lost} ({before} -> {after} lives)",
        "game_over_last": "Game over: {who} wins, the only player left with lives",
        "game_over_shared": (
            "Game over: {who} share the win: {fell}, level at the count that fell "
            "least below zero ({counts})"
        ),
        "game_over_least": (
            "Game over: {who} wins: {fell}, and {who} fell least below zero ({counts})"
        ),
        "fell": "every player still in lost their last lives this round",
    },
    "fr": {
        "game": "Tarot africain ({variant}), {players}",
        "options": ", options {options}",
        "round": "Tour {round} : {dealer} donne {cards} à chacun",
        "holds": "  {seat} a en main {cards}",
        "bids": "  annonces : {bids}",
        "foreheads": "  cartes sur le front : {cards}",
        "trick": "  pli {number} : {plays} -> {winner}",
        "round_end": (
            "  {seat} : annonce {bid}, fait {won}, perd {lost} ({before} -> {after} vies)"
        ),
        "game_over_last": "Partie terminée : {who} gagne, seul joueur à qui il reste des vies",
        "game_over_shared": (
            "Partie terminée : {who} se partagent la victoire : {fell}, à égalité au compte "
            "le moins bas sous zéro ({counts})"
        ),
        "game_over_least": (
            "Partie terminée : {who} gagne : {fell}, et {who} descend le moins bas sous zéro "
            "({counts})"
        ),
        "fell": "tous les joueurs encore en jeu ont perdu leurs dernières vies à ce tour",
    },
}
"""Every word of a rendered round, by language; the Excuse's high or low, the
remontée, who is out and the counts come from :mod:`atout.terminal.words`."""


def _seat(seat: int, lang: Language) -> str:
    return MESSAGES[lang]["seat"].format(seat=seat)


def _clause(key: str, lang: Language, **values: str) -> str:
    """A sentence of the terminal's (``Remontée: ...``) as a line of the round:
    lower case first, no full stop."""
    sentence = MESSAGES[lang][key].format(**values)
    return sentence[:1].lower() + sentence[1:].removesuffix(".")


def _play_text(play: Mapping[str, Any], lang: Language) -> str:
    excuse = f" ({MESSAGES[lang][play['excuse']]})" if "excuse" in play else ""
    return f"{_seat(play['seat'], lang)} {cards_words(play['card'], lang)}{excuse}"


def _round_end_lines(data: Mapping[str, Any], lang: Language) -> list[str]:
    lines = []
    for seat, bid in enumerate(data["bids"]):
        if bid is None:
            continue
        lines.append(
            WORDS[lang]["round_end"].format(
                seat=_seat(seat, lang),
                bid=bid,
                won=data["tricks"][seat],
                lost=data["losses"][seat],
                before=data["lives_before"][seat],
                after=data["lives"][seat],
            )
        )
    if data["remontee"] is not None:
        lines.append("  " + _clause("remontee", lang, who=_seat(data["remontee"], lang)))
    if data["out"]:
        out = ", ".join(_seat(s, lang) for s in data["out"])
        lines.append("  " + _clause("out", lang, who=out))
    return lines


def _game_over_text(data: Mapping[str, Any], lang: Language) -> str:
    """Who won and why, from the engine's ``game_over`` data (its ``decided_by``)."""
    words, said = WORDS[lang], MESSAGES[lang]
    who = f" {said['and']} ".join(_seat(s, lang) for s in data["winners"])
    if data["decided_by"] == "last_standing":
        return words["game_over_last"].format(who=who)
    counts = ", ".join(
        said["count_at"].format(who=_seat(s, lang), lives=data["lives"][s])
        for s in data["contenders"]
    )
    key = "game_over_shared" if len(data["winners"]) > 1 else "game_over_least"
    return words[key].format(who=who, fell=words["fell"], counts=counts)


def render_round(events: Iterable[Event], lang: Language = "en") -> str:
    """The text of one round from its events (all of them: an omniscient stream),
    in ``lang``."""
    words = WORDS[lang]
    lines: list[str] = []
    hands: dict[int, str] = {}
    bids: list[str] = []
    tricks = 0
    for event in events:
        data = event.data
        if event.kind == "deal":
            cards = count("n_cards", data["hand_size"], lang)
            dealer = _seat(data["dealer"], lang)
            lines.append(words["round"].format(round=data["round"], dealer=dealer, cards=cards))
        elif event.kind == "hand":
            hands[data["seat"]] = cards_words(data["cards"], lang)
        elif event.kind == "bid":
            if hands:
                lines.extend(
                    words["holds"].format(seat=_seat(s, lang), cards=h)
                    for s, h in sorted(hands.items())
                )
                hands = {}
            bids.append(f"{_seat(data['seat'], lang)} {data['bid']}")
        elif event.kind == "reveal":
            shown = (
                f"{_seat(s, lang)} {cards_words(c, lang)}"
                for s, c in enumerate(data["cards"])
                if c is not None
            )
            lines.append(words["foreheads"].format(cards=", ".join(shown)))
        elif event.kind == "trick":
            if bids:
                lines.append(words["bids"].format(bids=", ".join(bids)))
                bids = []
            tricks += 1
            plays = ", ".join(_play_text(p, lang) for p in data["cards"])
            winner = _seat(data["winner"], lang)
            lines.append(words["trick"].format(number=tricks, plays=plays, winner=winner))
        elif event.kind == "round_end":
            lines.extend(_round_end_lines(data, lang))
        elif event.kind == "game_over":
            lines.append(_game_over_text(data, lang))
    return "\n".join(lines)


def split_rounds(events: Sequence[Event]) -> list[list[Event]]:
    """A game's events cut into rounds, each starting at its ``deal`` event."""
    rounds: list[list[Event]] = []
    for event in events:
        if event.kind == "deal" or not rounds:
            rounds.append([])
        rounds[-1].append(event)
    return rounds


def game_events(
    players: int,
    actions: Iterable[str],
    variant: str = "standard",
    options: Mapping[str, Any] | None = None,
) -> list[Event]:
    """Every event of a game replayed from its action texts."""
    state = AFRICAIN.new(players, variant, options)
    events: list[Event] = []
    for text in actions:
        events.extend(state.apply(AFRICAIN.parse_action(text)))
    return events


def render_game(
    players: int,
    actions: Iterable[str],
    variant: str = "standard",
    options: Mapping[str, Any] | None = None,
    lang: Language = "en",
) -> str:
    """The text of a whole game (or of its part played so far), round after round,
    in ``lang``."""
    words = WORDS[lang]
    header = words["game"].format(variant=variant, players=count("n_players", players, lang))
    if options:
        listed = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
        header += words["options"].format(options=listed)
    rounds = split_rounds(game_events(players, actions, variant, options))
    return "\n\n".join([header, *(render_round(r, lang) for r in rounds)])
