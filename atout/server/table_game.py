"""The course of a table's game: its start, its actions, robots' moves, its end.

``Playing`` is the mixin of ``Table`` (``table``) that starts a game (by its
master's command, or a tournament table by itself), checks each action on a
copy and has it stored before anyone sees it (``table_base``'s durable
writes), asks the thinking pool for the robots' moves, answers votes and
hints, and stores the game's end or cancellation. Who sits where is
``table_seats``'s business; when a move is due, ``table_clock``'s.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from typing import Any

from atout.game import CHANCE, Action, ActionSyntaxError, Event, GameRules, GameState, IllegalAction
from atout.match import Match
from atout.records import because
from atout.refusals import Refusal
from atout.server import broadcast, hints, ledger, protocol, tablestore
from atout.server.clients import Client
from atout.server.eventlog import Numbered
from atout.server.protocol import TableOptions
from atout.server.table_base import TableBase, TableError
from atout.server.table_replay import GameCounts, Replayed, new_state

log = logging.getLogger(__name__)


class Playing(TableBase):
    """The game's course: starting, acting, voting, robots' moves, finishing."""

    async def _on_start(self, client: Client, message: protocol.Start) -> None:
        if self.reservation is not None:
            raise TableError("tournament_table_starts", seconds=round(self.ctx.tournament_wait))
        if client.key != self.master:
            raise TableError("master_start")
        self._played_by(client)
        if self.state is not None:
            raise TableError("game_started")
        if not any(self.seats):
            raise TableError("nobody_seated")
        await self.part_blocked()  # a block the table was not told of seats nobody
        await self._start_game()

    async def _start_when_due(self) -> None:
        """Start a tournament table's game once its players are seated or its wait ended."""
        reservation = self.reservation
        if reservation is None or reservation.start_at is None or self.state is not None:
            return
        if reservation.ready(self.seats) or reservation.start_at <= time.monotonic():
            await self._start_game()

    async def _start_game(self) -> None:
        """Store a new game of the table's options and tell everyone; robots play the
        empty seats."""
        if self.reservation is not None:
            self.reservation.start_at = None  # a tournament table plays one game
        rules = self.ctx.rules(self.options.game)
        try:
            state = new_state(rules, self.options)
        except ValueError as error:  # an option refused: coded (``rule``) for the page's language
            told = TableError("cannot_start", reason=str(error)[:200])
            raise because(told, error) if isinstance(error, Refusal) else told from None
        stored = self.options.model_dump()
        if self.reservation is not None and self.boards:  # a duplicate's: hidden until its end
            stored[tablestore.TOURNAMENT] = self.reservation.tournament
        try:
            game_id = await self._write(
                tablestore.start_game,
                self.id,
                stored,
                self.options.engine_options(),
                [s.stored() if s else None for s in self.seats],
            )
        except ledger.ShortOfChips as short:
            name = next((s.name for s in self.seats if s and s.user == short.user), "?")
            raise TableError(
                "not_enough_chips", name=name, chips=short.chips, bet=short.bet
            ) from None
        self.begin(rules, state, game_id, self.options)
        broadcast.table_event(
            self, "table.game_started", {"game": game_id, "options": self.options.model_dump()}
        )
        for client, _ in self.audience():
            broadcast.snapshot(self, client)
        self.ctx.on_change(self)  # the lobby: now playing (the snapshots told the table)

    def begin(
        self,
        rules: GameRules,
        state: GameState,
        game_id: int,
        options: TableOptions,
        replayed: Replayed | None = None,
    ) -> None:
        """Play ``state``, stored as game ``game_id``: a new game, or one a restart
        or a takeover ``replayed`` (its actions and their counts)."""
        self.match = Match(rules, state, self._chance())
        self.game_id, self.game_options = game_id, options
        self.adopt(GameCounts() if replayed is None else replayed.counts)
        if replayed is not None:
            self.match.actions = replayed.actions
        self.votes, self.ended, self.robots = set(), None, frozenset()

    async def _on_act(self, client: Client, message: protocol.Act) -> None:
        seat_no = self._played_by(client)
        if seat_no is None or self.state is None:
            raise TableError("not_playing")
        seat = self.seats[seat_no]
        assert seat is not None
        if seat.abandoned:
            raise TableError("left_game")
        if message.turn is not None and message.turn != self.turn_id():
            raise TableError("turn_passed")
        await self._apply(message.action, seat_no)

    async def _on_vote(self, client: Client, message: protocol.Vote) -> None:
        if self.reservation is not None:
            raise TableError("tournament_no_vote")
        seat_no = self._played_by(client)
        if seat_no is None or self.state is None:
            raise TableError("no_game_to_end")
        seat = self.seats[seat_no]
        if seat is not None and seat.abandoned:
            raise TableError("vote_left")
        if (message.agree and seat_no in self.votes) or (not message.agree and not self.votes):
            return  # the same vote again (a second click, two tabs): counted and told once
        if message.agree:
            self.votes.add(seat_no)
        else:
            self.votes.clear()
        await self._store_table()  # a restart keeps the votes
        broadcast.table_event(
            self, "table.vote", {"name": client.identity.name, "agree": message.agree}
        )
        broadcast.info_changed(self)
        await self._end_if_all_agree()

    async def _end_if_all_agree(self) -> None:
        """The amicable end, once every human still in the game has voted yes:
        after a vote, and after a player who had not voted abandons."""
        voters = {i for i, s in enumerate(self.seats) if s and not s.abandoned}
        if self.state is not None and self.votes and voters <= self.votes:
            await self._cancel_game()

    async def _on_hint(self, client: Client, message: protocol.Hint) -> None:
        """The strong robot's suggestion for the asker's own decision, at a practice
        table only, from the asker's view only; sent to the asker alone, if the turn
        is still theirs when it is ready (the table goes on meanwhile)."""
        seat_no = self._played_by(client)
        if seat_no is None or self.match is None or self.game_options is None:
            raise TableError("not_playing")
        if self.game_options.competitive:
            raise TableError("hint_competitive")
        if self.reservation is not None:  # the same boards are played at other tables
            raise TableError("hint_tournament")
        seat = self.seats[seat_no]
        if seat is not None and seat.abandoned:  # a robot plays that seat now
            raise TableError("left_game")
        if self._to_move() != seat_no:
            raise TableError("not_your_turn")
        if seat_no in self.hinting:
            raise TableError("hint_pending")
        turn = (self.game_id, self.actions)
        view, legal = self.match.view(seat_no), self.match.legal()
        self.hinting[seat_no] = asyncio.create_task(self._hint(client, seat_no, turn, view, legal))

    async def _hint(
        self,
        client: Client,
        seat_no: int,
        turn: tuple[int | None, int],
        view: Any,
        legal: list[str],
    ) -> None:
        try:
            advice = await hints.suggest(view, legal)
        except Refusal as busy:
            client.send_text(protocol.error(busy, self.id))
            return
        except Exception:
            log.exception("table %s: hint failed", self.id)
            client.send_text(protocol.error(Refusal("internal_error"), self.id))
            return
        finally:
            self.hinting.pop(seat_no, None)
        if (self.game_id, self.actions) == turn:
            client.send({"type": "hint", "table": self.id, **advice})

    # ----- the game ---------------------------------------------------------------

    async def _apply(self, action: str | Action, seat: int | None = None) -> None:
        """Check on a copy (by ``seat``, when given: the driver checks the turn),
        store, then adopt the copy and tell: nobody ever sees a state that is not
        in the log, and a failed write changes nothing."""
        assert self.match is not None and self.game_id is not None
        started = time.perf_counter()
        try:
            step = self.match.prepare(action, seat)
        except (IllegalAction, ActionSyntaxError) as error:
            raise TableError(error.code, **error.params) from None
        game_id, index, dealt = self.game_id, self.actions, self.dealt
        await self._durably(lambda: self.ctx.writer.append(game_id, index, step.text))
        events = self.match.commit(step)
        self.count(events, self.match.rules, len(self.seats))
        broadcast.update_all(self, [self._number(event) for event in events])
        self.ctx.metrics.applied(started)
        if self.dealt > dealt:
            await self._new_deal()
        if self.match.is_over:
            await self._finish()

    def _number(self, event: Event) -> Numbered:
        """Number an engine event; a trick's end pauses the robots."""
        if event.kind == "trick":
            self.pause_until = time.monotonic() + self.ctx.trick_pause
        return self.events.number(event)

    async def _robot_move(self) -> None:
        """Deal, or ask the mover's robot to decide in the thinking pool."""
        if self.match is None or self.match.is_over:
            return
        assert self.game_options is not None
        to_move = self._to_move()
        if to_move == CHANCE:
            if self.reservation is not None and self.reservation.lineups:
                await self._seat_deal(self.reservation)
            deal = self.match.deal_action()
            assert deal is not None  # a table's chance never runs out
            await self._apply(deal, CHANCE)
            return
        seat = self.seats[to_move]
        owner = (self.game_id, seat.key if seat else None)
        legal = self.match.legal()
        turn = self.thinking = (self.game_id, self.actions)
        choice = self.ctx.pool.think(
            (self.id, to_move),
            owner,
            self.game_options.robot_level,
            self.match.view(to_move),
            legal,
            secrets.randbits(32),
        )
        choice.add_done_callback(
            lambda done: self.submit(None, lambda: self._robot_chose(turn, legal, done))
        )

    async def _robot_chose(
        self, turn: tuple[int | None, int], legal: list[str], choice: asyncio.Future[str]
    ) -> None:
        """Play a robot's choice if the game still waits for it (a human may have
        played in the meantime); a failing robot is replaced by a random legal move."""
        if self.thinking == turn:
            self.thinking = None
        if choice.cancelled() or self.state is None or (self.game_id, self.actions) != turn:
            return
        assert self.rules is not None
        try:
            action = self.rules.parse_action(choice.result())
        except Exception:  # the robot failed, or answered no action at all
            log.exception("table %s: robot failed", self.id)
        else:
            try:
                await self._apply(action)
                return
            except TableError as error:  # illegal: refused before anything changed
                log.error("table %s: robot chose an illegal move: %s", self.id, error)
        await self._apply(self.rules.parse_action(random.choice(legal)))

    async def _finish(self) -> None:
        assert self.state is not None and self.game_id is not None
        result = dict(self.state.result())
        # shared_ip and settlement, as stored (the write returns once committed)
        settled = await self._write(
            tablestore.finish_game,
            self.id,
            self.game_id,
            result,
            self.deals,
            [e.data for e in self.deal_ends],
        )
        self.ended = {"game": self.game_id, "result": result, **settled, "names": self._names()}
        broadcast.table_event(self, "table.game_over", self.ended)
        self.ctx.on_game_over(self)
        await self._after_game()

    async def _cancel_game(self) -> None:
        assert self.game_id is not None
        await self._write(tablestore.cancel_game, self.id, self.game_id, self.complete_actions)
        names = self._names()
        self.ended = {"game": self.game_id, "cancelled": True, "names": names}
        broadcast.table_event(self, "table.game_cancelled", {"game": self.game_id, "names": names})
        await self._after_game()

    def _names(self) -> list[str | None]:
        """Who played each seat of the game as it ends (a player who left it or
        stayed away included; None: a robot's), before the seats it leaves are
        freed: a page shows the game's results under its players' names."""
        return [s.name if s else None for s in self.seats]

    async def _after_game(self) -> None:
        self.match, self.game_id = None, None
        self.votes.clear()
        for number, seat in enumerate(self.seats):
            if seat and (seat.abandoned or (seat.client is None and seat.grace_until is None)):
                self.seats[number] = None
        await self._persist_table()
        await self._pass_mastery()
        await self.part_blocked()  # the players a block made during the game kept apart go
