"""Readable text of Tarot Africain rounds and games, built from their events.

A game is its log: :func:`render_game` replays (variant, options, actions) and
prints every round as the omniscient viewer saw it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from atout.africain.rules import AFRICAIN
from atout.game import Event


def _play_text(play: Mapping[str, Any]) -> str:
    excuse = f" ({play['excuse']})" if "excuse" in play else ""
    return f"seat {play['seat']} {play['card']}{excuse}"


def _round_end_lines(data: Mapping[str, Any]) -> list[str]:
    lines = []
    for seat, bid in enumerate(data["bids"]):
        if bid is None:
            continue
        before, after = data["lives_before"][seat], data["lives"][seat]
        lines.append(
            f"  seat {seat}: bid {bid}, won {data['tricks'][seat]}, "
            f"loses {data['losses'][seat]} ({before} -> {after} lives)"
        )
    if data["remontee"] is not None:
        lines.append(f"  remontée: seat {data['remontee']} alone lost nothing and regains a life")
    if data["out"]:
        lines.append("  out of the game: " + ", ".join(f"seat {s}" for s in data["out"]))
    return lines


def _seats_text(seats: Sequence[int]) -> str:
    return " and ".join(f"seat {s}" for s in seats)


def _game_over_text(data: Mapping[str, Any]) -> str:
    """Who won and why, from the engine's ``game_over`` data (its ``decided_by``)."""
    who = _seats_text(data["winners"])
    if data["decided_by"] == "last_standing":
        return f"Game over: {who} wins, the only player left with lives"
    counts = ", ".join(f"seat {s} at {data['lives'][s]}" for s in data["contenders"])
    fell = "every player still in lost their last lives this round"
    if len(data["winners"]) > 1:
        return (
            f"Game over: {who} share the win: {fell}, level at the count that fell "
            f"least below zero ({counts})"
        )
    return f"Game over: {who} wins: {fell}, and {who} fell least below zero ({counts})"


def render_round(events: Iterable[Event]) -> str:
    """The text of one round from its events (all of them: an omniscient stream)."""
    lines: list[str] = []
    hands: dict[int, str] = {}
    bids: list[str] = []
    tricks = 0
    for event in events:
        data = event.data
        if event.kind == "deal":
            lines.append(
                f"Round {data['round']}: seat {data['dealer']} deals {data['hand_size']} "
                f"card{'s' if data['hand_size'] != 1 else ''} each"
            )
        elif event.kind == "hand":
            hands[data["seat"]] = " ".join(data["cards"])
        elif event.kind == "bid":
            if hands:
                lines.extend(f"  seat {s} holds {h}" for s, h in sorted(hands.items()))
                hands = {}
            bids.append(f"seat {data['seat']} {data['bid']}")
        elif event.kind == "reveal":
            shown = (f"seat {s} {c}" for s, c in enumerate(data["cards"]) if c is not None)
            lines.append("  cards on the foreheads: " + ", ".join(shown))
        elif event.kind == "trick":
            if bids:
                lines.append("  bids: " + ", ".join(bids))
                bids = []
            tricks += 1
            plays = ", ".join(_play_text(p) for p in data["cards"])
            lines.append(f"  trick {tricks}: {plays} -> seat {data['winner']}")
        elif event.kind == "round_end":
            lines.extend(_round_end_lines(data))
        elif event.kind == "game_over":
            lines.append(_game_over_text(data))
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
) -> str:
    """The text of a whole game (or of its part played so far), round after round."""
    header = f"Tarot Africain ({variant}), {players} players"
    if options:
        header += ", options " + ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
    rounds = split_rounds(game_events(players, actions, variant, options))
    return "\n\n".join([header, *(render_round(r) for r in rounds)])
