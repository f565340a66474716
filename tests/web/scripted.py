"""A French game served to one page by the test itself, in place of the server's
websocket (playwright's ``route_web_socket``), for defects that need cards the
real server's ``secrets`` seeds deal too rarely (a poignée, a deal of one bout).
The page's files still come from a real ``atout serve``; the game is atout's own
engine, dealt from chosen seeds, and the messages have the protocol's shapes
(docs/protocol.md). Seat 0 is the page; the other seats answer at once."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from typing import Any

from playwright.sync_api import Page, WebSocketRoute

from atout.game import CHANCE, Event, GameState, IllegalAction
from atout.registry import game_rules
from atout.server.protocol import PROTOCOL_VERSION, TableOptions

TABLE = "scripted"
ME = 0
NAME = "guest_tester_0000"
RULES = game_rules("french")
ANSWERS = ("poignee:none", "misere:none", "chelem:no")
"""What every scripted seat answers to the questions it is asked."""


def choose(state: GameState, seat: int) -> str:
    """The scripted decision of ``seat``: seat 0 bids garde and the others pass, so
    that the page's player takes (when seat 0 sits the deal out, the first to bid
    takes); otherwise the first legal action."""
    legal = [str(a) for a in state.legal_actions()]
    view = state.view(seat)
    takes = seat == ME or (view["sitting_out"] == ME and not view["bids"])
    wanted = ["bid:garde" if takes else "bid:pass", *ANSWERS]
    return next((a for a in wanted if a in legal), legal[0])


def new_game(
    deals: int, players: int = 4, variant: str = "fft", options: dict[str, Any] | None = None
) -> GameState:
    return RULES.new(players, variant, (options or {}) | ({"deals": deals} if deals > 1 else {}))


def trumps(state: GameState, seat: int = ME) -> int:
    """How many trumps (the Excuse with them) ``seat`` holds."""
    hand: list[str] = state.view(seat)["hand"]
    return sum(card.startswith("T") or card == "EX" for card in hand)


def last_card(state: GameState) -> bool:
    """The page's player is about to play the last card of the game."""
    view = state.view(ME)
    return view["phase"] == "play" and len(view["hand"]) == 1 and state.to_move == ME


class ScriptedTable:
    """One table whose every other seat plays ``chooser`` (``choose`` unless
    told) the moment its turn comes; ``seeds`` deal the deals in order.
    ``before`` plays the page's seat too, by the same chooser, until it says
    stop: the page then opens in the middle of a game."""

    def __init__(
        self,
        page: Page | None,
        seeds: list[int],
        deals: int = 1,
        before: Callable[[GameState], bool] | None = None,
        players: int = 4,
        variant: str = "fft",
        options: dict[str, Any] | None = None,
        chooser: Callable[[GameState, int], str] = choose,
    ) -> None:
        self.choose = chooser
        self.seeds: Iterator[int] = itertools.chain(seeds, itertools.count(10_000))
        self.state = new_game(deals, players, variant, options)
        table = TableOptions(rounds=deals, turn_seconds=120, players=players, variant=variant)
        self.options = table.model_dump()
        self.seq = 0
        self.deal_ends: list[dict[str, Any]] = []
        self._advance()
        while before is not None and not before(self.state):
            self._apply(RULES.parse_action(self.choose(self.state, ME)))
            self._advance()
        if page is not None:  # None: only played here, to choose seeds
            page.route_web_socket("**/ws", self._connect)

    # ----- the game -------------------------------------------------------------

    def _apply(self, action: Any) -> list[dict[str, Any]]:
        """Apply an action; its events as the page's update lists them."""
        events: list[Event] = self.state.apply(action)
        seen = []
        for event in events:
            self.seq += 1
            if event.kind == "deal_end":
                self.deal_ends.append(dict(event.data))
            if event.visible_to(ME):
                seen.append({"seq": self.seq, "kind": event.kind, "data": dict(event.data)})
        return seen

    def _advance(self, ws: WebSocketRoute | None = None) -> None:
        """Deal and play the other seats until the page's seat is to move."""
        while (seat := self.state.to_move) is not None and seat != ME:
            if seat == CHANCE:
                action = RULES.deal_action(self.state, next(self.seeds))
            else:
                action = RULES.parse_action(self.choose(self.state, seat))
            events = self._apply(action)
            if ws is not None:
                self._send(ws, self._update(events))

    # ----- the protocol -----------------------------------------------------------

    def _info(self) -> dict[str, Any]:
        me = {"name": NAME, "connected": True, "robot": False}
        return {
            "id": TABLE,
            "options": self.options,
            "master": NAME,
            "master_seat": ME,
            "seats": [me, *[None] * (self.state.players - 1)],
            "spectators": 0,
            "playing": not self.state.is_over,
            "votes": [],
            "invite_code": "scripted-code",
        }

    def _now(self) -> dict[str, Any]:
        now: dict[str, Any] = {"view": self.state.view(ME)}
        if self.state.to_move == ME:
            now["turn"] = {"legal": [str(a) for a in self.state.legal_actions()], "seconds": 120}
        return now

    def _update(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        return {"type": "update", "table": TABLE, "seq": self.seq, "events": events} | self._now()

    @staticmethod
    def _send(ws: WebSocketRoute, message: dict[str, Any]) -> None:
        ws.send(json.dumps(message))

    def _connect(self, ws: WebSocketRoute) -> None:
        ws.on_message(lambda text: self._receive(ws, json.loads(text)))

    def _receive(self, ws: WebSocketRoute, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "hello":
            welcome = {"type": "welcome", "v": PROTOCOL_VERSION, "name": NAME, "guest": True}
            self._send(ws, welcome)
        elif kind == "lobby":
            self._send(ws, {"type": "lobby", "tables": []})
        elif kind == "resume":
            snapshot = {"type": "table", "table": self._info(), "seat": ME}
            snapshot |= {"deals": self.deal_ends, "seq": self.seq, "epoch": 1} | self._now()
            self._send(ws, snapshot)
        elif kind == "act" and self.state.to_move == ME:
            try:
                events = self._apply(RULES.parse_action(message["action"]))
            except IllegalAction as error:
                self._send(ws, {"type": "error", "message": str(error), "table": TABLE})
                return
            self._send(ws, self._update(events))
            self._advance(ws)
            if self.state.is_over:
                over = {"game": 1, "result": dict(self.state.result()), "shared_ip": False}
                self.seq += 1
                event = {"seq": self.seq, "kind": "table.game_over", "data": over}
                self._send(ws, {"type": "event", "table": TABLE, **event})
                self._send(ws, {"type": "table_info", "table": self._info()})


class LongNames(ScriptedTable):
    """A scripted table whose other seats are people with 20-character names."""

    def _info(self) -> dict[str, Any]:
        info = super()._info()
        people = [
            {"name": f"Wilhelmina_Ashford_{seat}", "connected": True, "robot": False}
            for seat in range(1, self.state.players)
        ]
        info["seats"] = info["seats"][:1] + people
        return info
