"""Playing a whole game against robots in the terminal.

The person sits in seat 0 and sees exactly seat 0's view and events; robots
fill the other seats. At each decision the person types the action's
argument (``garde``, ``KH``, ``yes``, ``none``, ``2``, ``EX:high``) or a full
action text, ``hint`` to see what the strong robot would do, or ``quit``.
Input and output go through two callables so that tests drive it like a user.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from atout.cards import Language, card_name, parse_card, sort_key
from atout.game import CHANCE, ActionSyntaxError, Event, GameState, IllegalAction
from atout.registry import game_rules
from atout.robots import make_robot

HUMAN = 0

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "you": "you",
        "seat": "seat {seat}",
        "hand": "Your hand",
        "legal": "Legal: {legal}",
        "prompt": "Your move ({phase}), 'hint' or 'quit'",
        "hint": "The strong robot would play: {action}",
        "bad": "Not possible: {error}",
        "bid": "{who} bids {bid}",
        "call": "{who} calls {card}",
        "dog": "The dog: {cards}",
        "dog_hidden": "The dog stays hidden (counts for the {side})",
        "trump_discarded": "{who} puts a trump in the écart: {card}",
        "chelem": "{who} announces a chelem",
        "poignee": "{who} shows a poignée: {cards}",
        "misere": "{who} announces misère {kinds}",
        "partner": "{who} is the taker's partner",
        "trick": "Trick {number}: {cards} -> won by {winner}",
        "deal_end": "Deal over: contract {contract}, {result}; attack {points} points",
        "made": "made",
        "failed": "failed",
        "scores": "Deal scores: {scores}",
        "totals": "Running totals: {totals}",
        "redeal": "Deal cancelled ({reason}); new deal",
        "game_end": "Game over. Final totals: {totals}",
        "quit": "Game abandoned.",
        "round": "Round {round}: {size} card(s) each; lives {lives}",
        "others": "Cards you see on the others' foreheads: {cards}",
        "reveal": "Revealed: {cards}",
        "round_end": "Round over: tricks {tricks}, lives {lives}",
        "winners": "Game over: {winners} won",
        "play": "{who} plays {card}",
    },
    "fr": {
        "you": "vous",
        "seat": "siège {seat}",
        "hand": "Votre main",
        "legal": "Jouables : {legal}",
        "prompt": "À vous ({phase}), 'hint' pour un conseil ou 'quit'",
        "hint": "Le robot fort jouerait : {action}",
        "bad": "Impossible : {error}",
        "bid": "{who} annonce {bid}",
        "call": "{who} appelle {card}",
        "dog": "Le chien : {cards}",
        "dog_hidden": "Le chien reste caché (il compte pour {side})",
        "trump_discarded": "{who} met un atout à l'écart : {card}",
        "chelem": "{who} annonce un chelem",
        "poignee": "{who} montre une poignée : {cards}",
        "misere": "{who} annonce une misère {kinds}",
        "partner": "{who} est le partenaire du preneur",
        "trick": "Pli {number} : {cards} -> remporté par {winner}",
        "deal_end": "Donne finie : contrat {contract}, {result} ; attaque {points} points",
        "made": "réussi",
        "failed": "chuté",
        "scores": "Points de la donne : {scores}",
        "totals": "Totaux : {totals}",
        "redeal": "Donne annulée ({reason}) ; on redonne",
        "game_end": "Partie finie. Totaux : {totals}",
        "quit": "Partie abandonnée.",
        "round": "Tour {round} : {size} carte(s) chacun ; vies {lives}",
        "others": "Cartes vues sur les fronts des autres : {cards}",
        "reveal": "Révélées : {cards}",
        "round_end": "Tour fini : plis {tricks}, vies {lives}",
        "winners": "Partie finie : {winners} gagne",
        "play": "{who} joue {card}",
    },
}


class Quit(Exception):
    """The person typed quit."""


class TerminalGame:
    """One game with a person at seat 0; ``ask`` reads a line, ``console`` prints."""

    def __init__(
        self,
        game: str,
        players: int,
        variant: str,
        options: Mapping[str, Any] | None,
        level: str,
        lang: Language,
        ask: Callable[[str], str],
        console: Console,
        seed: int | None = None,
    ) -> None:
        self.game = game
        self.rules = game_rules(game)
        self.state: GameState = self.rules.new(players, variant, options)
        self.robots = {s: make_robot(level) for s in range(1, players)}
        self.hinter = make_robot("strong", budget=0.5)
        self.lang: Language = lang
        self.text = MESSAGES[lang]
        self.ask = ask
        self.console = console
        self.rng = random.Random(seed)

    def who(self, seat: int) -> str:
        """A seat's name for the person."""
        return self.text["you"] if seat == HUMAN else self.text["seat"].format(seat=seat)

    def say(self, key: str, **values: Any) -> None:
        """Print one message of the chosen language."""
        self.console.print(self.text[key].format(**values))

    def run(self) -> bool:
        """Play to the end; False when the person quit."""
        state = self.state
        try:
            while not state.is_over:
                mover = state.to_move
                assert mover is not None
                if mover == CHANCE:
                    action = self.rules.deal_action(state, self.rng.getrandbits(32))
                elif mover == HUMAN:
                    action = self.rules.parse_action(self.human_turn())
                else:
                    legal = [str(a) for a in state.legal_actions()]
                    choice = self.robots[mover].choose(
                        state.view(mover), legal, self.rng.getrandbits(32)
                    )
                    action = self.rules.parse_action(choice)
                for event in state.apply(action):
                    if event.visible_to(HUMAN):
                        self.narrate(event)
        except Quit:
            self.say("quit")
            return False
        return True

    # --- The person's turn -------------------------------------------------

    def human_turn(self) -> str:
        """Show the seat's situation and read an action until the engine accepts it."""
        view = self.state.view(HUMAN)
        legal = [str(a) for a in self.state.legal_actions()]
        self.show_hand(view, legal)
        kind = legal[0].split(":", 1)[0]
        if kind != "play":
            self.say("legal", legal=", ".join(a.split(":", 1)[1] for a in legal))
        while True:
            line = self.ask(self.text["prompt"].format(phase=kind)).strip()
            if line.lower() in ("quit", "exit", "q"):
                raise Quit
            if line.lower() == "hint":
                action = self.hinter.choose(view, legal, self.rng.getrandbits(32))
                self.say("hint", action=action)
                continue
            text = line if ":" in line and line.split(":")[0] in _KINDS else f"{kind}:{line}"
            if kind == "poignee" and line.lower() == "yes":
                text = legal[-1]
            try:
                probe = self.state.clone()
                probe.apply(self.rules.parse_action(text))
            except (ActionSyntaxError, IllegalAction, ValueError) as error:
                self.say("bad", error=error)
                continue
            return text

    def show_hand(self, view: Mapping[str, Any], legal: Sequence[str]) -> None:
        """The hand sorted for reading, legal cards bold and the others dimmed."""
        hand = view.get("hand") or []
        playable = {a.split(":")[1].upper() for a in legal if a.startswith(("play:", "discard:"))}
        line = Text(self.text["hand"] + ": ")
        for card in sorted(hand, key=lambda c: sort_key(parse_card(c))):
            style = "bold green" if card.upper() in playable else "dim"
            line.append(card, style=style if playable else "bold")
            line.append(" ")
        self.console.print(line)
        if view.get("trick"):
            cards = ", ".join(f"{self.who(p['seat'])} {p['card']}" for p in view["trick"])
            self.console.print(f"  … {cards}")

    # --- Events ----------------------------------------------------------------

    def narrate(self, event: Event) -> None:
        """Tell the person what happened, in their language."""
        data = event.data
        kind = event.kind
        seat = data.get("seat")
        who = self.who(seat) if isinstance(seat, int) else ""
        if kind == "bid":
            self.say("bid", who=who, bid=data["bid"])
        elif kind == "call":
            self.say("call", who=who, card=card_name(parse_card(data["card"]), self.lang))
        elif kind == "dog":
            if data["shown"]:
                self.say("dog", cards=" ".join(data["cards"]))
            else:
                self.say("dog_hidden", side=data["counts_for"])
        elif kind in ("trump_discarded", "poignee", "misere", "partner"):
            values = {
                "who": who,
                "card": data.get("card"),
                "cards": " ".join(data.get("cards", ())),
                "kinds": " + ".join(data.get("kinds", ())),
            }
            self.say(kind, **values)
        elif kind == "chelem" and data["announced"]:
            self.say("chelem", who=who)
        elif kind == "trick":
            self.narrate_trick(data)
        elif kind == "deal_end":
            self.narrate_deal_end(data)
        elif kind == "redeal":
            self.say("redeal", reason=data["reason"])
        elif kind == "game_end":
            self.say("game_end", totals=self.seat_values(data["totals"]))
        elif self.game == "africain":
            self.narrate_africain(kind, data)

    def narrate_trick(self, data: Mapping[str, Any]) -> None:
        cards = data["cards"]
        if cards and isinstance(cards[0], dict):  # Africain: plays with their seats
            shown = ", ".join(
                f"{self.who(p['seat'])} {p['card']}{':' + p['excuse'] if 'excuse' in p else ''}"
                for p in cards
            )
            number = sum(data["tricks"])
        else:
            players = self.state.players
            leader = data["leader"]
            order = [(leader + i) % players for i in range(players)]
            shown = ", ".join(f"{self.who(s)} {c}" for s, c in zip(order, cards, strict=False))
            number = data["number"]
        self.say("trick", number=number, cards=shown, winner=self.who(data["winner"]))

    def narrate_deal_end(self, data: Mapping[str, Any]) -> None:
        result = self.text["made"] if data["made"] else self.text["failed"]
        self.say(
            "deal_end",
            contract=data["contract"],
            result=result,
            points=data["attack_half_points"] / 2,
        )
        breakdown = ", ".join(f"{k} {v}" for k, v in data["breakdown"].items())
        self.console.print(f"  {breakdown}")
        self.say("scores", scores=self.seat_values(data["scores"]))
        self.say("totals", totals=self.seat_values(self.state.view(HUMAN)["totals"]))

    def narrate_africain(self, kind: str, data: Mapping[str, Any]) -> None:
        if kind == "deal":
            lives = self.seat_values(self.state.view(HUMAN)["lives"])
            self.say("round", round=data["round"], size=data["hand_size"], lives=lives)
        elif kind == "others_cards":
            cards = [f"{self.who(s)} {c}" for s, c in enumerate(data["cards"]) if c]
            self.say("others", cards=", ".join(cards))
        elif kind == "reveal":
            cards = [f"{self.who(s)} {c}" for s, c in enumerate(data["cards"]) if c]
            self.say("reveal", cards=", ".join(cards))
        elif kind == "round_end":
            self.say(
                "round_end",
                tricks=self.seat_values(data["tricks"]),
                lives=self.seat_values(data["lives"]),
            )
        elif kind == "game_over":
            self.say("winners", winners=", ".join(self.who(s) for s in data["winners"]))

    def seat_values(self, values: Sequence[Any]) -> str:
        return ", ".join(f"{self.who(s)} {v}" for s, v in enumerate(values))


_KINDS = frozenset(("bid", "call", "discard", "chelem", "poignee", "misere", "play"))
