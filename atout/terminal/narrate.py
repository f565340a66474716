"""Telling the person, in their language, every event their seat may see, in order.

Each deal (or Africain round) opens with a rule naming its dealer, so a
cancelled deal and the one dealt after it stay apart. Cards played are
gathered and told trick by trick, with who played what and who won; a French
deal ends with its score breakdown and a table of running totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from atout.cards import Language, card_name, parse_card
from atout.game import Event
from atout.terminal.show import faces, hand_lines
from atout.terminal.words import (
    BREAKDOWN_NAMES,
    CHOICE_NAMES,
    CONTRACT_NAMES,
    MESSAGES,
    count,
    decimal,
)

HUMAN = 0
"""The person's seat."""


class Narrator:
    """Prints events for seat 0 of a ``players``-seat game of ``game``."""

    def __init__(self, game: str, players: int, lang: Language, console: Console) -> None:
        self.game = game
        self.players = players
        self.lang: Language = lang
        self.text = MESSAGES[lang]
        self.console = console
        self.plays: list[Mapping[str, Any]] = []
        """The current trick's plays, as the person saw them."""
        self.dog_hidden = False
        """The deal's dog stayed face down (a garde sans or contre): shown at its end."""
        self.score_log: list[Sequence[int]] = []

    # --- Words -------------------------------------------------------------

    def who(self, seat: int) -> str:
        """A seat's name: ``you``/``vous`` or ``seat 2``/``siège 2``."""
        return self.text["you"] if seat == HUMAN else self.text["seat"].format(seat=seat)

    def about(self, key: str, seat: int, **values: Any) -> str:
        """The message ``key`` with ``seat`` as its subject, verb agreeing."""
        form = "you" if seat == HUMAN else "other"
        sentence: str = self.text[f"{key}.{form}"].format(who=self.who(seat), **values)
        return sentence[0].upper() + sentence[1:]

    def say(self, key: str, **values: Any) -> None:
        """Print the message ``key``."""
        self.console.print(self.text[key].format(**values), highlight=False)

    def card(self, text: str) -> Text:
        """A card of the notation as its coloured face."""
        return faces([text], self.lang)

    def line(self, *parts: str | Text) -> None:
        """Print strings and styled texts as one line."""
        out = Text()
        for part in parts:
            out.append_text(part if isinstance(part, Text) else Text(part))
        self.console.print(out, highlight=False)

    def seat_cards(self, plays: Sequence[Mapping[str, Any]]) -> Text:
        """``seat 1 K♥ · you 3♥ ...`` with the Excuse's high/low choice when made."""
        out = Text()
        for i, play in enumerate(plays):
            if i:
                out.append(" · ")
            out.append(f"{self.who(play['seat'])} ")
            out.append_text(self.card(play["card"]))
            if "excuse" in play:
                out.append(f" ({self.text[play['excuse']]})")
        return out

    def show_hand(self, cards: Sequence[str], numbers: Mapping[int, int] | None = None) -> None:
        """The person's hand by suit, choosable cards numbered."""
        for text in hand_lines(
            cards, numbers or {}, self.lang, self.text["your_hand"], self.text["trumps"]
        ):
            self.console.print(text, highlight=False)

    def show_trick(self, trick: Sequence[Mapping[str, Any]]) -> None:
        """The trick in progress before the person plays."""
        if trick:
            self.line(self.text["current_trick"], " ", self.seat_cards(trick))
        else:
            self.say("empty_trick")

    # --- Events --------------------------------------------------------------

    def narrate(self, event: Event, view: Mapping[str, Any]) -> None:
        """Tell one event; ``view`` is the person's view once the action is applied."""
        data = event.data
        handler = getattr(self, f"_{self.game}_{event.kind}", None) or getattr(
            self, f"_{event.kind}", None
        )
        if handler is not None:
            handler(data, view)

    def _play(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.plays.append(data)

    def _hand(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.show_hand(data["cards"])

    # French Tarot

    def _french_deal(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.plays = []
        self.dog_hidden = False
        self.console.print()
        header = self.text["deal_header"].format(
            number=data["number"], total=view["deals"], who=self.who(data["dealer"])
        )
        self.console.rule(header)
        if view["sitting_out"] is not None:
            self.say("sits_out", who=self.who(view["sitting_out"]).capitalize())

    def _french_petit_sec(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.line(
            self.text["petit_sec"].format(who=self.who(data["seat"]).capitalize(), cards=""),
            faces(data["cards"], self.lang),
        )

    def _french_redeal(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.console.print(self.text[f"redeal_{data['reason']}"], style="bold yellow")

    def _french_bid(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        bid = data["bid"]
        if bid == "pass":
            self.console.print(self.about("bid_pass", data["seat"]), highlight=False)
        else:
            name = CONTRACT_NAMES[self.lang][bid]
            self.console.print(self.about("bid", data["seat"], bid=name), highlight=False)

    def _french_contract(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        name = CHOICE_NAMES[self.lang][data["contract"]]
        text = self.about("contract", data["taker"], contract=name)
        self.console.print(text, style="bold", highlight=False)

    def _french_call(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        name = card_name(parse_card(data["card"]), self.lang)
        self.console.print(self.about("call", data["seat"], card=name), highlight=False)

    def _french_dog(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.dog_hidden = not data["shown"]
        if data["shown"]:
            self.line(self.text["dog"], " ", faces(data["cards"], self.lang))
        else:
            self.say(f"dog_hidden.{data['counts_for']}")

    def _french_ecart_done(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        seat = data["seat"]
        if seat == HUMAN and view["ecart"]:
            self.line(self.about("ecart_done", seat), " ", faces(view["ecart"], self.lang))
        else:
            self.console.print(self.about("ecart_done", seat), highlight=False)

    def _french_trump_discarded(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.line(self.about("trump_discarded", data["seat"], card=""), self.card(data["card"]))

    def _french_chelem(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        if data["announced"]:
            self.console.print(self.about("chelem", data["seat"]), style="bold")

    def _french_poignee(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        if not data["cards"]:
            return
        size = CHOICE_NAMES[self.lang][data["size"]]
        self.line(
            self.about("poignee", data["seat"], size=size, cards=""),
            faces(data["cards"], self.lang),
        )

    def _french_misere(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        kinds = " + ".join(CHOICE_NAMES[self.lang][k] for k in data["kinds"])
        if kinds:
            self.console.print(self.about("misere", data["seat"], kinds=kinds), highlight=False)

    def _french_partner(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        if data["alone"]:
            self.say("alone")
        else:
            self.console.print(self.about("partner", data["seat"]), highlight=False)

    def _french_trick(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.trick_line(data["number"], data["winner"])

    def trick_line(self, number: int, winner: int) -> None:
        """A finished trick: its cards by player, then its winner; forget its plays."""
        title = self.text["trick"].format(number=number)
        won = self.text["trick_won"].format(who=self.who(winner))
        self.line(Text(f"{title} ", style="bold"), self.seat_cards(self.plays), f"  → {won}")
        self.plays = []

    def _french_deal_end(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        text = self.text
        taker = self.who(data["taker"])
        contract = CHOICE_NAMES[self.lang][data["contract"]]
        title = text["deal_over"].format(
            number=len(self.score_log) + 1, contract=contract, taker=taker
        )
        partner = data["partner"]
        if partner is not None and partner != data["taker"]:
            title += text["with_partner"].format(partner=self.who(partner))
        self.console.rule(title)
        breakdown = data["breakdown"]
        points = data["attack_half_points"] / 2
        self.say(
            "outcome",
            points=decimal(points, self.lang, "g"),
            bouts=count("n_bouts", data["bouts"], self.lang),
            target=breakdown["target"],
            result=text["made"] if data["made"] else text["failed"],
            by=decimal(abs(points - breakdown["target"]), self.lang, "g"),
        )
        if self.dog_hidden:  # a garde sans or contre: the dog is shown at the end
            self.line(self.text["dog_was"], " ", faces(data["dog"], self.lang))
        if data["petit_au_bout"]:
            self.say("petit_au_bout", side=text[f"side.{data['petit_au_bout']}"])
        if data["chelem"]:
            self.say("chelem_won", side=text[f"side.{data['chelem']}"])
        names = BREAKDOWN_NAMES[self.lang]
        parts = [f"{names.get(k, k)} {v}" for k, v in breakdown.items() if v or k == "difference"]
        self.console.print("  " + " · ".join(parts), style="dim", highlight=False)
        self.score_log.append(data["scores"])
        self.console.print(self.totals_table())

    def totals_table(self) -> Table:
        """Every deal's marks by seat and the running total."""
        table = Table(title=self.text["scores_title"])
        table.add_column(self.text["deal_col"], justify="right")
        for seat in range(self.players):
            table.add_column(self.who(seat).capitalize(), justify="right")
        for number, scores in enumerate(self.score_log, 1):
            table.add_row(str(number), *(f"{s:+d}" for s in scores))
        totals = [sum(column) for column in zip(*self.score_log, strict=True)]
        table.add_row(self.text["total_row"], *(f"{t:+d}" for t in totals), style="bold")
        return table

    def _french_game_end(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.console.rule(self.text["game_over"])
        totals = data["totals"]
        for seat in data["winners"]:
            self.console.print(
                self.about("winner", seat, points=f"{totals[seat]:+d}"), style="bold green"
            )

    # Tarot Africain

    def _africain_deal(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.plays = []
        self.console.print()
        self.console.rule(
            self.text["round_header"].format(
                round=data["round"],
                size=count("n_cards", data["hand_size"], self.lang),
                who=self.who(data["dealer"]),
            )
        )
        lives = " · ".join(f"{self.who(s)} {view['lives'][s]}" for s in data["seats"])
        self.say("lives", lives=lives)

    def _africain_others_cards(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        shown = [{"seat": s, "card": c} for s, c in enumerate(data["cards"]) if c]
        self.line(self.text["one_card"], " ", self.seat_cards(shown))

    def _africain_bid(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        text = self.about(
            "africain_bid", data["seat"], bid=count("n_tricks", data["bid"], self.lang)
        )
        self.console.print(text, highlight=False)

    def _africain_reveal(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        shown = [{"seat": s, "card": c} for s, c in enumerate(data["cards"]) if c]
        self.line(self.text["reveal"], " ", self.seat_cards(shown))

    def _africain_trick(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        self.trick_line(sum(data["tricks"]), data["winner"])

    def _africain_round_end(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        text = self.text
        table = Table(title=text["round_over"].format(round=data["round"]))
        for key in ("player_col", "bid_col", "tricks_col", "lost_col", "lives_col"):
            table.add_column(text[key], justify="right")
        for seat, bid in enumerate(data["bids"]):
            if bid is not None:
                table.add_row(
                    self.who(seat).capitalize(),
                    str(bid),
                    str(data["tricks"][seat]),
                    str(data["losses"][seat]),
                    f"{data['lives_before'][seat]} → {data['lives'][seat]}",
                )
        self.console.print(table)
        if data["remontee"] is not None:
            self.say("remontee", who=self.who(data["remontee"]).capitalize())
        if data["out"]:
            self.say("out", who=", ".join(self.who(s) for s in data["out"]))

    def _africain_game_over(self, data: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        """Who won, then why, as the engine's ``decided_by`` says: the last with lives,
        or, every player still in out in the same round, the count least below zero."""
        winners = data["winners"]
        who = f" {self.text['and']} ".join(self.who(s) for s in winners)
        shared = len(winners) > 1
        if shared:
            self.console.rule(self.text["africain_shared"].format(who=who))
        else:
            self.console.rule(self.about("africain_winners", winners[0]))
        if data["decided_by"] == "last_standing":
            self.console.print(self.about("last_standing", winners[0]), highlight=False)
            return
        form = "you" if winners[0] == HUMAN else "other"
        key = "level_below_zero" if shared else f"least_below_zero.{form}"
        outcome = self.text[key].format(who=who)
        counts = ", ".join(
            self.text["count_at"].format(who=self.who(s), lives=data["lives"][s])
            for s in data["contenders"]
        )
        self.say("all_out", outcome=outcome, counts=counts)
