"""Playing a whole game against robots in the terminal.

The person sits in seat 0 and sees exactly seat 0's view and events; robots
fill the other seats. At each decision the legal choices are numbered: the
person types a number, or the choice in words of either language (``garde
sans``, ``KH``, ``R♥``, ``oui``, ``EX haute``), several cards at once for the
écart, a full action text (``play:KH``), ``hint``/``indice``/``?`` for the strong
robot's choice and its reason (the best options' expected scores),
``help``/``aide`` or ``quit``/``quitter``. Every choice is tried on a copy of
the state first, so a refusal shows the engine's reason and changes nothing.
Input and output go through two callables so that tests drive it like a user.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from atout.analysis.hints import hint
from atout.cards import CardSyntaxError, Language, card_name, card_text, parse_card, sort_key
from atout.french.scoring import POIGNEE_SIZES
from atout.game import ActionSyntaxError, Event, GameState, IllegalAction
from atout.match import Match, random_seeds
from atout.records import shown_text
from atout.registry import game_rules
from atout.robots import make_robot
from atout.terminal.narrate import HUMAN, Narrator
from atout.terminal.show import faces, styled
from atout.terminal.words import (
    BID_WORDS,
    CHOICE_NAMES,
    HELP_WORDS,
    HIGH_WORDS,
    HINT_WORDS,
    LOW_WORDS,
    MESSAGES,
    MISERE_WORDS,
    NO_WORDS,
    QUIT_WORDS,
    VERBS,
    YES_WORDS,
    action_words,
    count,
    decimal,
    normalise,
    refusal,
)

_KINDS = frozenset(("bid", "call", "discard", "chelem", "poignee", "misere", "play"))
_FRENCH_RANKS = {"R": "K", "D": "Q", "C": "N", "V": "J"}


def _number(word: str) -> bool:
    """Whether a typed word is a number as ``int`` reads it (``isdigit`` alone
    also takes superscripts and other scripts' digits)."""
    return word.isascii() and word.isdigit()


def _numbered_bids(kind: str, legal: Sequence[str]) -> bool:
    """Whether the decision is a bid of a number of tricks (typed as that number)."""
    return kind == "bid" and _number(legal[0].partition(":")[2])


class Quit(Exception):
    """The person typed quit."""


class NotUnderstood(ValueError):
    """A typed line that names no choice; the message says why."""


def read_card(token: str) -> int:
    """A typed card: the notation, suit symbols, or a French honour letter before an
    English suit letter (``RH`` roi de cœur, ``DS`` dame de pique)."""
    word = token.strip().upper()
    if len(word) == 2 and word[0] in _FRENCH_RANKS and word[1] in "SHDC":
        word = _FRENCH_RANKS[word[0]] + word[1]
    return parse_card(word)


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
        self.rng = random.Random(seed)
        self.match = Match(
            self.rules, self.rules.new(players, variant, options), random_seeds(self.rng)
        )
        self.robots = {s: make_robot(level) for s in range(1, players)}
        self.lang: Language = lang
        self.text = MESSAGES[lang]
        self.ask = ask
        self.console = console
        self.tell = Narrator(game, players, lang, console)
        self.pending: list[str] = []
        """Écart cards typed together, applied one per engine action."""

    @property
    def state(self) -> GameState:
        """The game as it stands (the match's state)."""
        return self.match.state

    def run(self) -> bool:
        """Play to the end; False when the person quit."""
        try:
            self.match.play(self.choose, self.listen)
        except Quit:
            self.tell.say("quit")
            return False
        return True

    def choose(self, seat: int) -> str:
        """The person's action at seat 0, a robot's elsewhere."""
        if seat == HUMAN:
            return self.human_turn()
        return self.match.robot_action(self.robots, self.rng.getrandbits(32), None)

    def listen(self, events: list[Event]) -> None:
        """Tell the person what an action did, as far as seat 0 may see it."""
        view = self.match.view(HUMAN)
        for event in self.match.seen_by(events, HUMAN):
            self.tell.narrate(event, view)

    # --- The person's turn -------------------------------------------------

    def human_turn(self) -> str:
        """Show the decision and read lines until one names actions the engine accepts."""
        if self.pending:
            return self.pending.pop(0)
        view = self.match.view(HUMAN)
        legal = self.match.legal()
        kind = legal[0].split(":", 1)[0]
        choices = self.choices(kind, legal)
        self.show_decision(kind, view, choices)
        prompt = f"{self.prompt(kind, view, legal)} {self.text['prompt.tail']}"
        while True:
            line = self.ask(prompt).strip()
            word = normalise(line)
            if word in QUIT_WORDS:
                raise Quit
            if word in HINT_WORDS:
                advice = hint(view, legal, seed=self.rng.getrandbits(32))
                self.tell.line(
                    self.text["hint"].format(action=""), self.describe(advice.action, choices)
                )
                for option in advice.options:  # the reason: the best few expected scores
                    self.console.print(
                        self.text["hint.option"].format(
                            action=action_words(option.action, self.lang),
                            expected=decimal(option.expected, self.lang, "+.1f"),
                        ),
                        highlight=False,
                    )
                continue
            if word in HELP_WORDS or not word:
                self.tell.say("help")
                continue
            try:
                actions = self.read(line, kind, legal, choices)
                self.check(actions)
            except NotUnderstood as error:
                self.console.print(str(error), style="yellow", highlight=False)
                continue
            except (ActionSyntaxError, IllegalAction, ValueError) as error:
                self.tell.say("bad", error=refusal(error, self.lang))
                continue
            self.pending = actions[1:]
            return actions[0]

    def check(self, actions: Sequence[str]) -> None:
        """Apply ``actions`` to a copy of the state: raises the engine's refusal."""
        probe = Match(self.rules, self.state.clone())
        for action in actions:
            probe.act(action)

    def choices(self, kind: str, legal: Sequence[str]) -> list[tuple[str, Text]]:
        """The numbered choices: each legal action with the words that show it."""
        names = CHOICE_NAMES[self.lang]
        if kind in ("play", "discard", "call"):
            ordered = sorted(legal, key=lambda a: (sort_key(parse_card(a.split(":")[1])), a))
            if kind == "call":
                return [
                    (a, self.action_face(a).append(f" ({card_name(parse_card(a[5:]), self.lang)})"))
                    for a in ordered
                ]
            return [(a, self.action_face(a)) for a in ordered]
        if kind == "poignee":
            out = [(legal[0], Text(self.text["none"]))]
            for size, action in zip(POIGNEE_SIZES, legal[1:], strict=False):
                cards = action.split(":", 1)[1].split()
                label = Text(
                    self.text["poignee_choice"].format(size=names[size], count=len(cards), cards="")
                )
                out.append((action, label.append_text(faces(cards, self.lang))))
            return out
        if kind == "chelem":
            return [(a, Text(self.text[a.split(":")[1]])) for a in legal]
        if kind == "misere":
            labels = {"none": self.text["none"], **names}
            return [
                (a, Text(" + ".join(labels[k] for k in a.split(":")[1].split("+")))) for a in legal
            ]
        return [(a, Text(names.get(a.split(":")[1], a.split(":")[1]))) for a in legal]

    def action_face(self, action: str) -> Text:
        """A card action as its face, with the Excuse's high or low."""
        _, card, *excuse = action.split(":")
        face = styled(parse_card(card), self.lang, "bold")
        if excuse:
            face.append(f" {self.text[excuse[0]]}")
        return face

    def describe(self, action: str, choices: Sequence[tuple[str, Text]]) -> Text:
        """An action as the person would choose it: its number and its words."""
        for number, (choice, label) in enumerate(choices, 1):
            if choice == action:
                return label.copy().append(f" [{number}]")
        return Text(action)

    def prompt(self, kind: str, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        """The question asked for this decision."""
        if _numbered_bids(kind, legal):
            bids = ", ".join(a.split(":")[1] for a in legal)
            return self.text["prompt.africain_bid"].format(bids=bids)
        if kind == "discard":
            dog = len(view["dog"] or ())
            left = count("n_cards", dog - len(view["ecart"] or ()), self.lang)
            return self.text["prompt.discard"].format(left=left)
        return self.text[f"prompt.{kind}"]

    def show_decision(
        self, kind: str, view: Mapping[str, Any], choices: Sequence[tuple[str, Text]]
    ) -> None:
        """What the person needs to see to decide: hand, trick, bids, numbered choices."""
        tell = self.tell
        self.console.print()
        own = getattr(self, f"show_{self.rules.name}", None)
        if own is not None:  # a game whose decisions show differently
            own(kind, view)
            if _numbered_bids(kind, [a for a, _ in choices]):  # the prompt lists them
                return
        elif kind in ("play", "discard"):
            if kind == "play":
                tell.show_trick(view["trick"])
            numbers = {parse_card(a.split(":")[1]): n for n, (a, _) in enumerate(choices, 1)}
            tell.show_hand(view["hand"], numbers)
            return
        elif kind != "bid":
            tell.show_hand(view["hand"])
        line = Text(self.text["choices"])
        for number, (_, label) in enumerate(choices, 1):
            line.append(f"  {number}:", style="bold yellow").append_text(label)
        self.console.print(line, highlight=False)

    def show_africain(self, kind: str, view: Mapping[str, Any]) -> None:
        """Tarot Africain: the others' cards in a one-card round, bids so far, the trick."""
        tell = self.tell
        if view["hand_size"] == 1 and kind == "bid":
            shown = [{"seat": s, "card": h[0]} for s, h in enumerate(view["hands"]) if h]
            tell.line(self.text["one_card"], " ", tell.seat_cards(shown))
        elif kind == "play" and view["hand_size"] == 1:
            tell.say("excuse_only")
        elif kind == "play":
            tell.show_trick(view["trick"])
        bids = [f"{tell.who(s)} {b}" for s, b in enumerate(view["bids"]) if b is not None]
        if kind == "bid":
            if bids:
                tell.say("bids_so_far", bids=" · ".join(bids))
            legal = view["legal"] or []
            allowed = {int(a.split(":")[1]) for a in legal}
            for bid in range(view["hand_size"] + 1):
                if bid not in allowed:
                    tell.say("forbidden_bid", bid=bid)

    # --- Reading a typed line ----------------------------------------------

    def read(
        self, line: str, kind: str, legal: Sequence[str], choices: Sequence[tuple[str, Text]]
    ) -> list[str]:
        """The actions a typed line names (several only for the écart)."""
        head, sep, _ = line.partition(":")
        if sep and head.strip().lower() in _KINDS:
            return [line.strip()]
        words = line.replace(",", " ").split()
        if words and normalise(words[0]) in VERBS:
            words = words[1:]
        if not words:
            raise NotUnderstood(self.not_understood(line))
        if all(map(_number, words)):
            if _numbered_bids(kind, legal):
                if len(words) > 1:
                    raise self.many()
                return [f"bid:{int(words[0])}"]
            if len(words) > 1 and kind != "discard":
                raise self.many()
            return [self.pick(int(w), choices) for w in words]
        rest = normalise(" ".join(words))
        if kind == "bid" and not _numbered_bids(kind, legal):
            if rest in BID_WORDS:
                return [f"bid:{BID_WORDS[rest]}"]
        elif kind == "chelem":
            if rest in YES_WORDS | NO_WORDS:
                return ["chelem:yes" if rest in YES_WORDS else "chelem:no"]
        elif kind == "misere":
            if rest in NO_WORDS:
                return ["misere:none"]
            if rest in MISERE_WORDS:
                return [f"misere:{MISERE_WORDS[rest]}"]
        elif kind == "poignee":
            if rest in YES_WORDS:
                return [legal[-1]]
            if rest in NO_WORDS:
                return ["poignee:none"]
            return [f"poignee:{' '.join(card_text(c) for c in self.cards(words, line))}"]
        elif kind in ("play", "discard", "call"):
            return self.card_actions(kind, words, line)
        raise NotUnderstood(self.not_understood(line))

    def card_actions(self, kind: str, words: Sequence[str], line: str) -> list[str]:
        """``KH``, ``4H 5H`` (écart), ``EX haute`` (Africain Excuse) as actions."""
        if len(words) == 2 and normalise(words[1]) in HIGH_WORDS | LOW_WORDS:
            high = "high" if normalise(words[1]) in HIGH_WORDS else "low"
            return [f"{kind}:{card_text(self.cards(words[:1], line)[0])}:{high}"]
        if ":" in words[0]:  # EX:high
            card, _, excuse = words[0].partition(":")
            return [f"{kind}:{card_text(self.cards([card], line)[0])}:{excuse.lower()}"]
        cards = self.cards(words, line)
        if len(cards) > 1 and kind != "discard":
            raise self.many()
        return [f"{kind}:{card_text(c)}" for c in cards]

    def cards(self, words: Sequence[str], line: str) -> list[int]:
        """The typed cards, or NotUnderstood."""
        try:
            return [read_card(w) for w in words]
        except CardSyntaxError:
            raise NotUnderstood(self.not_understood(line)) from None

    def pick(self, number: int, choices: Sequence[tuple[str, Text]]) -> str:
        """The choice numbered ``number`` (from 1)."""
        if not 1 <= number <= len(choices):
            raise NotUnderstood(self.text["out_of_range"].format(last=len(choices)))
        return choices[number - 1][0]

    def many(self) -> NotUnderstood:
        """The refusal of several choices where one is expected."""
        return NotUnderstood(self.text["one_only"])

    def not_understood(self, line: str) -> str:
        return self.text["not_understood"].format(text=shown_text(line), help=self.text["help"])
