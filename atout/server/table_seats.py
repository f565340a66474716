"""Who sits where at a table: its seats and spectators, their comings and goings.

``Seating`` is the mixin of ``Table`` (``table``) that answers the seat and
spectator commands (sit, resume, spectate, leave, invite), decides who may
enter a private table (and sends away those a block with its master keeps
out), keeps a seat through a lost connection, hands the mastery on, and at a
tournament table seats the players its movement names (deal by deal when they
change). It builds on ``table_base``; the game the
seats are for runs in ``table_game``.
"""

from __future__ import annotations

import asyncio
import math
import secrets
import time
from collections.abc import Iterable
from typing import Final

from atout.refusals import Refusal
from atout.server import broadcast, friends, protocol, tablestore
from atout.server.accounts import account_named
from atout.server.clients import Client
from atout.server.seat import Seat
from atout.server.table_base import TableBase, TableError
from atout.server.tournament_lineups import deal_seats
from atout.server.tournament_privacy import may_watch, of_the_table, watching
from atout.server.tournament_seating import Reservation
from atout.text import name_key

INVITATION_SECONDS: Final = 60.0
"""How long an invitation to a table waits before the same player may be invited
there again: a click repeated, or a flood, reaches their sockets once."""


class Seating(TableBase):
    """Who sits where: the seat and spectator commands and what they change."""

    def opens_to(self, key: str, master_friend: bool) -> bool:
        """Whether the table lets ``key`` in without its code: any public table;
        a private one its master, the players invited or seated there, and the
        master's friends (``master_friend``)."""
        return (
            not self.options.private
            or key == self.master
            or key in self.invited
            or any(s is not None and s.key == key for s in self.seats)
            or master_friend
        )

    async def _standing(self, client: Client) -> friends.Standing | None:
        """What the client is to the table's master: a friend, blocked, blocking,
        or neither (read from the store)."""
        user, master = client.identity.user_id, self.master
        if user is None or not master.startswith("u:"):
            return None
        store = self.ctx.writer.store
        return await asyncio.to_thread(friends.standing, store, int(master[2:]), user)

    async def _may_enter(self, client: Client, code: str | None) -> bool:
        """Whether the table lets this client in (``opens_to``, or its code; a wrong
        one is refused as such, ``wrong_code``); wrong invitation codes are
        throttled per client address, whatever the socket, the guest or the node.
        Nothing lets in a player on either side of a block with its master."""
        if not self.options.private or client.key == self.master:
            return True
        standing = await self._standing(client)
        if standing == "blocked" or standing == "blocking":
            raise _kept_apart(standing)
        if self.opens_to(client.key, standing == "friend"):
            return True
        if code is None:
            return False
        guards = self.ctx.guards
        wait = await guards.take_address(guards.codes, "codes", client.ip)  # failed until right
        if wait:
            raise TableError("too_many_codes", seconds=math.ceil(wait))
        if secrets.compare_digest(code.encode(), self.invite_code.encode()):
            await guards.forgive_address(guards.codes, "codes", client.ip)
            return True
        raise TableError("wrong_code")  # not the private table's refusal: a code was given

    def _master_user(self) -> int | None:
        """The user id of the master of a private table blocks keep apart from
        people on the other side of one (not a tournament's table, not a guest's)."""
        private = self.options.private and self.reservation is None
        return int(self.master[2:]) if private and self.master.startswith("u:") else None

    async def _turn_away(self, client: Client) -> None:
        """A player seated or watching here comes back on either side of a block
        with the master, made while this table could not be told (``part_blocked``,
        in a cluster, from another node): refused, and its place given up as
        ``part_blocked`` would have (a seat in a game under way is kept: its
        player plays the game out)."""
        seat_no = self._seat_of(client)
        if self._master_user() is None or client.key == self.master:
            return
        if seat_no is None and client not in self.spectators:
            return  # coming in: ``_may_enter`` decides
        if seat_no is not None and not self._lost(seat_no) and self.state is not None:
            return
        standing = await self._standing(client)
        if standing != "blocked" and standing != "blocking":
            return
        refusal = _kept_apart(standing)
        if client in self.spectators:
            self.spectators.discard(client)
            broadcast.info_changed(self)
        if seat_no is not None and not self._lost(seat_no):
            await self._send_away(seat_no, refusal.code)
        raise refusal

    async def part_blocked(self) -> None:
        """A private table is its master's company: those at it on either side of
        a block with the master go, told why (``left`` with the refusal's code).
        Spectators (and players who left the game and watch it) go at once, seated
        players between games; a game under way is played out by its players, who
        go at its end (``_after_game``), so that no block hands someone's seat,
        bet and rating to a robot. Asked once a block is made (``part_at``), when
        the mastery passes, and before and after each game."""
        master = self._master_user()
        if master is None or self.closed:
            return
        users = {c.identity.user_id for c in self.spectators}
        users |= {s.user for s in self.seats if s is not None}
        others = {u for u in users if u is not None and u != master}
        store = self.ctx.writer.store
        sides = await asyncio.to_thread(friends.apart_from, store, master, others)
        codes = {f"u:{user}": _kept_apart(side).code for user, side in sides.items()}
        if not codes:
            return
        watching = [c for c in self.spectators if c.key in codes]
        for client in watching:
            self.spectators.discard(client)
            client.send({"type": "left", "table": self.id, "reason": codes[client.key]})
        if watching:
            broadcast.info_changed(self)
        if self.state is None:
            for seat_no, seat in enumerate(self.seats):
                if seat is not None and seat.key in codes:
                    await self._send_away(seat_no, codes[seat.key])

    async def _send_away(self, seat_no: int, code: str) -> None:
        """Between games, free the seat of a player a block keeps away, told why."""
        seat = self.seats[seat_no]
        assert seat is not None and self.state is None
        await self._vacate(seat_no)
        if seat.client is not None:
            seat.client.send({"type": "left", "table": self.id, "reason": code})
        broadcast.table_event(
            self, "table.left", {"seat": seat_no, "name": seat.name, "abandoned": False}
        )

    async def _on_sit(self, client: Client, message: protocol.Sit) -> None:
        if self.reservation is not None:
            await self._sit_reserved(self.reservation, client, message.seat)
            return
        await self._turn_away(client)
        mine = self._seat_of(client)
        if mine is not None and message.seat not in (None, mine):
            raise TableError("seated_here")  # a player changes seats by leaving first
        if mine is not None:
            await self._sit_again(client, mine)
            return
        if not await self._may_enter(client, message.code):
            raise TableError("table_private")
        if self.state is not None:
            raise TableError("game_in_progress")
        if client.identity.guest and self.options.competitive:
            raise TableError("guests_practice")
        if message.seat is not None and message.seat >= len(self.seats):
            raise TableError("no_such_seat", seats=len(self.seats))
        free = [i for i, s in enumerate(self.seats) if s is None]
        seat_no = message.seat if message.seat is not None else (free[0] if free else None)
        if seat_no is None or seat_no not in free:
            raise TableError("seat_taken" if free else "table_full")
        await self._seat(client, seat_no)

    async def _seat(self, client: Client, seat_no: int) -> None:
        """Seat the client in a free seat before a game, and tell the table."""
        self.spectators.discard(client)
        self.seats[seat_no] = Seat(
            client.key, client.identity.user_id, client.identity.name, client.ip, client
        )
        if not self.master:
            self.master, self.master_name = client.key, client.identity.name
        await self._persist_table()
        broadcast.table_event(self, "table.seated", {"seat": seat_no, "name": client.identity.name})
        broadcast.snapshot(self, client)

    async def _sit_reserved(
        self, reservation: Reservation, client: Client, asked: int | None
    ) -> None:
        """At a tournament table, only the player the movement puts in a seat takes it:
        before the game at once, during it (a robot plays the seat) at the next deal."""
        try:
            seat_no = reservation.seat_for(client.key, asked)
        except Refusal as refused:
            raise TableError(refused.code, **refused.params) from None
        if seat_no is None:  # triplettes: a player watches until their board comes
            self.spectators.add(client)
            broadcast.snapshot(self, client)
            broadcast.info_changed(self)
            return
        seat = self.seats[seat_no]
        if seat is not None and not seat.abandoned and seat.key == client.key:
            await self._sit_again(client, seat_no)
        elif self.state is None:
            await self._seat(client, seat_no)
        else:
            reservation.arriving[seat_no] = client
            self.spectators.add(client)
            broadcast.snapshot(self, client)
            broadcast.table_event(
                self, "table.arriving", {"seat": seat_no, "name": client.identity.name}
            )
        await self._start_when_due()

    async def reserve(
        self, keys: tuple[str | None, ...], lineups: tuple[tuple[str | None, ...], ...]
    ) -> None:
        """A tournament table's places now go to ``keys`` (deal by deal to
        ``lineups`` when they change: triplettes), a place taken late, or the
        organiser moved or replaced a player: a seat held by someone else is given
        up, to a robot during the game, until its new player comes."""
        reservation = self.reservation
        assert reservation is not None
        reservation.given(keys, lineups, self.dealt - 1)
        keys = reservation.keys
        for seat_no, client in list(reservation.arriving.items()):
            if client.key != keys[seat_no]:
                del reservation.arriving[seat_no]
        for seat_no, seat in enumerate(self.seats):
            if seat is None or seat.key == keys[seat_no] or seat.abandoned:
                continue
            if seat.client is not None:
                seat.client.send_text(protocol.error(Refusal("tournament_replaced"), self.id))
                if not self.boards or of_the_table(reservation, seat.key):
                    self.spectators.add(seat.client)
                else:  # a duplicate's deals: not theirs to watch any more (tournament_privacy)
                    left = {"type": "left", "table": self.id, "reason": "tournament_replaced"}
                    seat.client.send(left)
            await self._vacate(seat_no)
            kind = "table.left" if self.state is None else "table.abandoned"
            broadcast.table_event(self, kind, {"seat": seat_no, "name": seat.name})
            broadcast.info_changed(self)
        if self.boards:
            await self._dismiss_outsiders(reservation)

    async def _dismiss_outsiders(self, reservation: Reservation) -> None:
        """A duplicate's table sends away the spectators who may no longer watch it
        now that the places changed (an organiser who took a place, a late player
        whose place went to another: ``tournament_privacy``)."""
        outside = [c for c in self.spectators if not of_the_table(reservation, c.key)]
        if not outside:
            return
        store = self.ctx.writer.store
        tournament = await asyncio.to_thread(watching, store, reservation.tournament)
        dismissed = [c for c in outside if not may_watch(reservation, c.key, tournament)]
        for client in dismissed:
            self.spectators.discard(client)
            client.send({"type": "left", "table": self.id, "reason": "tournament_no_spectators"})
        if dismissed:
            broadcast.info_changed(self)

    async def _new_deal(self) -> None:
        """A deal is dealt: the players who came meanwhile take their seats from
        the robots, and the game's record keeps who sits where from this deal on
        when that changed: a newcomer, or a robot at a seat abandoned since (from
        the second deal: the first keeps the game's seats, as do the bets and the
        players' histories)."""
        newcomers = False
        if self.reservation and self.reservation.arriving:
            newcomers = await self._take_back(self.reservation)
        robots = frozenset(n for n, s in enumerate(self.seats) if s and s.abandoned)
        if newcomers or (self.dealt > 1 and robots != self.robots):
            await self._store_deal_seats(self.dealt - 1)
        self.robots = robots

    async def _take_back(self, reservation: Reservation) -> bool:
        """The players who came meanwhile take their seats from the robots; whether
        one was new to the seat (a substitute)."""
        newcomers = False
        for seat_no, client in list(reservation.arriving.items()):
            del reservation.arriving[seat_no]
            if client.closed or client not in self.spectators:
                continue  # gone again, or left
            self.spectators.discard(client)
            seat = self.seats[seat_no]
            if seat is None or seat.key != client.key:  # a substitute: the seat is theirs now
                identity = client.identity
                seat = Seat(client.key, identity.user_id, identity.name, client.ip)
                self.seats[seat_no] = seat
                newcomers = True
            seat.client, seat.abandoned, seat.grace_until, seat.awaiting = (
                client,
                False,
                None,
                False,
            )
            broadcast.table_event(self, "table.seated", {"seat": seat_no, "name": seat.name})
            broadcast.snapshot(self, client)
        await self._persist_game_abandoned()  # stored: a restart finds them seated
        broadcast.info_changed(self)
        return newcomers

    async def _seat_deal(self, reservation: Reservation) -> None:
        """Before a deal is dealt, its players take their seats (triplettes: they
        change from board to board), stored, so that its hands reach only them."""
        reservation.given(reservation.keys, reservation.lineups, self.dealt)
        watching = self.spectators | set(reservation.arriving.values())
        seats, self.spectators = deal_seats(self.seats, watching, reservation.keys)
        reservation.arriving.clear()
        moved = [n for n, seat in enumerate(seats) if seat is not self.seats[n]]
        if not moved:
            return
        before = {s.client for s in self.seats if s is not None and s.client is not None}
        self.seats = seats
        await self._store_deal_seats(self.dealt)
        for number in moved:
            seat = seats[number]
            if seat is not None:
                broadcast.table_event(self, "table.seated", {"seat": number, "name": seat.name})
        await self._persist_table()
        for client, _ in self.audience():
            if client in before or self._seat_of(client) is not None:
                broadcast.snapshot(self, client)

    async def _store_deal_seats(self, deal: int) -> None:
        """Keep who sits where from ``deal`` (from 0) on in the game's record: its
        players changed during the game (``tablestore.seat_deal``). A robot plays
        a seat its player abandoned, but at the first deal (``_new_deal``)."""
        assert self.game_id is not None
        robots = deal > 0  # at the first deal the game's seats stand
        stored = [None if s is None or (s.abandoned and robots) else s.stored() for s in self.seats]
        await self._write(tablestore.seat_deal, self.game_id, deal, stored)

    async def _sit_again(self, client: Client, seat_no: int) -> None:
        """A player asks for the seat they hold: answered, then the table hears of a return."""
        returned = await self._rejoin(client, seat_no)
        broadcast.snapshot(self, client)
        if returned:
            self._announce_return(seat_no)

    async def _rejoin(self, client: Client, seat_no: int) -> bool:
        """Give the seat back to this connection, silently: the caller first
        answers it, then tells the table. Whether the player came back (a new
        connection) rather than just asked again."""
        seat = self.seats[seat_no]
        assert seat is not None
        if seat.abandoned:
            raise self._seat_left(client)
        old, was_away = seat.client, "away_until" in seat.stored()
        seat.client, seat.grace_until, seat.awaiting = client, None, False
        if old is client:
            return False  # already here: nothing to tell anyone
        if was_away:  # the store no longer counts their grace period
            await self._store_table()
        if old is not None:
            old.send_text(protocol.error(Refusal("elsewhere"), self.id))
        return True

    def _seat_left(self, client: Client) -> TableError:
        """Why a player no longer plays their seat in the game under way: they
        left it, or (``why: "away"``) their grace time ran out while away."""
        seat_no = self._seat_of(client)
        seat = None if seat_no is None else self.seats[seat_no]
        return TableError("seat_left", **({"why": "away"} if seat and seat.stayed_away else {}))

    def _announce_return(self, seat_no: int) -> None:
        seat = self.seats[seat_no]
        assert seat is not None
        broadcast.table_event(self, "table.returned", {"seat": seat_no, "name": seat.name})
        broadcast.info_changed(self)

    async def _on_resume(self, client: Client, message: protocol.Resume) -> None:
        """Answer with one ``update`` (the missed events, then the game as it now
        stands and the turn) or, when those events are gone, a snapshot; the
        table hears of a return only after, so the answer never repeats it."""
        await self._turn_away(client)
        seat_no = self._seat_of(client)
        lost = seat_no is not None and self._lost(seat_no)
        if lost:  # a robot plays the seat to the end of the game: the player may watch
            seat_no = None
        elif seat_no is None and client in self.spectators:
            pass  # let in already (a private table's watch link gave its code)
        elif seat_no is None and not await self._may_enter(client, None):
            raise TableError("table_private")  # the page then asks for the invitation's code
        elif seat_no is None and not await self._may_watch(client, None):
            raise TableError("no_spectators")
        returned = seat_no is not None and await self._rejoin(client, seat_no)
        viewer = self.viewer(client)
        missed = self.events.missed(message.last_seq, message.epoch, viewer)
        if missed is None:
            broadcast.snapshot(self, client)
        else:
            broadcast.resumed(self, client, missed)
        if lost:  # told why they are not playing: left, or away past the grace
            client.send_text(protocol.error(self._seat_left(client), self.id))
        if seat_no is not None:
            if returned:
                self._announce_return(seat_no)
        elif client not in self.spectators:
            self.spectators.add(client)
            broadcast.info_changed(self)

    async def heard_again(self, client: Client) -> None:
        """A client this table let go while its node was silent (``cluster``) is
        heard from again: a seat the table let go meanwhile is its again, as at a
        resume; a seat another socket of the player sat at or resumed since stays
        there, and this one, which did neither, is told ``elsewhere``, as a first
        tab is when a second takes over."""
        if self._held_elsewhere(client):
            client.send_text(protocol.error(Refusal("elsewhere"), self.id))
            return
        try:
            await self._on_resume(client, protocol.Resume(type="resume", table=self.id, last_seq=0))
        except TableError as error:
            client.send_text(protocol.error(error, self.id))

    async def resend(self, client: Client) -> None:
        """What the table told a client may be lost (its node's link to the others
        broke): it is told again where it stands, a snapshot if it is at the
        table, ``elsewhere`` if another socket of its player holds its seat."""
        if client.closed:
            return
        if self._held_elsewhere(client):
            client.send_text(protocol.error(Refusal("elsewhere"), self.id))
        elif client in dict(self.audience()):
            broadcast.snapshot(self, client)

    def _held_elsewhere(self, client: Client) -> bool:
        """Whether another socket of the client's player holds its seat."""
        seat_no = self._seat_of(client)
        seat = None if seat_no is None else self.seats[seat_no]
        return seat is not None and seat.client not in (None, client)

    async def _may_watch(self, client: Client, code: str | None) -> bool:
        if self.reservation is not None and self.boards:  # a duplicate's table
            await self._watch_duplicate(self.reservation, client)
            return True
        return await self._may_enter(client, code) and (
            self.options.spectators or client.key == self.master
        )

    async def _watch_duplicate(self, reservation: Reservation, client: Client) -> None:
        """Until its tournament is over a duplicate's table is watched by its own
        players and by the organiser playing nowhere in it, nobody else: its boards
        are played at other tables too (``tournament_privacy``)."""
        if of_the_table(reservation, client.key):
            return
        store = self.ctx.writer.store
        tournament = await asyncio.to_thread(watching, store, reservation.tournament)
        if not may_watch(reservation, client.key, tournament):
            raise TableError("tournament_no_spectators")

    async def _on_spectate(self, client: Client, message: protocol.Spectate) -> None:
        await self._turn_away(client)
        seat_no = self._seat_of(client)
        if seat_no is not None and self._lost(seat_no):  # left the game: may watch, as at a resume
            if client not in self.spectators:
                self.spectators.add(client)
                broadcast.info_changed(self)
            broadcast.snapshot(self, client)
            return
        if seat_no is not None:
            raise TableError("seated_here")
        if not await self._may_enter(client, message.code):
            raise TableError("table_private")
        if not await self._may_watch(client, message.code):
            raise TableError("no_spectators")
        self.spectators.add(client)
        broadcast.snapshot(self, client)
        broadcast.info_changed(self)

    async def _on_leave(self, client: Client, message: protocol.Leave) -> None:
        if client in self.spectators:
            self.spectators.discard(client)
            client.send({"type": "left", "table": self.id})
            broadcast.info_changed(self)
            return
        seat_no = self._played_by(client)
        if seat_no is None:
            raise TableError("not_at_table")
        seat = self.seats[seat_no]
        assert seat is not None
        if seat.abandoned:  # left already: nothing to give up again, nothing to tell
            raise TableError("seat_left")
        seat.stayed_away = False  # left, this time (a seat taken back may have been lost so)
        await self._vacate(seat_no)
        if self.state is not None:
            broadcast.info_changed(self)
        client.send({"type": "left", "table": self.id})
        broadcast.table_event(
            self,
            "table.left",
            {"seat": seat_no, "name": seat.name, "abandoned": self.state is not None},
        )
        await self._pass_mastery()
        await self._end_if_all_agree()

    async def _vacate(self, seat_no: int) -> None:
        """Its player gives the seat up, stored: before a game it is free, during
        one a robot plays it (the player may come back) and it no longer votes."""
        seat = self.seats[seat_no]
        assert seat is not None
        if self.state is None:
            self.seats[seat_no] = None
            await self._persist_table()
        else:
            seat.abandoned, seat.client = True, None
            self.votes.discard(seat_no)  # only players still seated vote
            await self._persist_game_abandoned()

    async def _pass_mastery(self) -> None:
        present = [s for s in self.seats if s and not s.abandoned]
        if any(s.key == self.master for s in present):
            return
        if not present:
            if self.state is None:
                await self.close()
            return
        self.master, self.master_name = present[0].key, present[0].name
        await self._persist_table()
        broadcast.table_event(self, "table.master", {"name": self.master_name})
        await self.part_blocked()  # the new master's blocks keep their table

    async def disconnected(self, client: Client) -> None:
        """The client's socket closed: its seat waits for it for the grace time."""
        if client in self.spectators:
            self.spectators.discard(client)
            broadcast.info_changed(self)
        seat_no = self._seat_of(client)
        seat = self.seats[seat_no] if seat_no is not None else None
        if seat is None or seat.client is not client:
            return
        seat.client, seat.awaiting = None, False
        seat.grace_until = time.monotonic() + self.ctx.grace_seconds
        await self._store_table()  # a restart keeps counting their grace period
        broadcast.table_event(self, "table.disconnected", {"seat": seat_no, "name": seat.name})
        broadcast.info_changed(self)
        self._schedule()

    async def _on_invite(self, client: Client, message: protocol.Invite) -> None:
        """Invite a player by name, told on their every socket: one invitation to
        this table at a time each (``INVITATION_SECONDS``), within the inviter's
        allowance (``Guards.try_invite``, counted found or not, for every node).
        One to a player on either side of a block with the table's master is
        answered as any other but sent nobody: they may not come in, and the
        inviter learns nothing of a block between others."""
        seat_no = self._played_by(client)
        if seat_no is None or self._lost(seat_no):  # a player who left the game is not seated
            raise TableError("invite_seated_only")
        key, now = name_key(message.name), time.monotonic()
        self.invitations = {k: until for k, until in self.invitations.items() if until > now}
        if key in self.invitations:
            wait = math.ceil(self.invitations[key] - now)
            raise TableError("invitation_pending", name=message.name, seconds=wait)
        wait = math.ceil(await self.ctx.guards.try_invite(client.identity.user_id, client.ip))
        if wait:
            raise TableError("too_many_invitations", seconds=wait)
        found = await asyncio.to_thread(account_named, self.ctx.writer.store, message.name)
        if found is None:
            raise TableError("no_such_name", name=message.name)
        invited, name = found
        inviter = client.identity.user_id
        if invited == inviter:
            raise TableError("invite_self")
        store = self.ctx.writer.store
        if inviter is not None and await asyncio.to_thread(
            friends.blocked_between, store, inviter, invited
        ):
            raise TableError("player_blocked", name=name)
        self.invitations[key] = time.monotonic() + INVITATION_SECONDS
        master = self._master_user()
        apart = (
            master is not None
            and master != inviter
            and await asyncio.to_thread(friends.blocked_between, store, master, invited)
        )
        if not apart:
            self.invited.add(f"u:{invited}")
            await self._persist_table()
        client.send({"type": "invited", "table": self.id, "name": name, "code": self.invite_code})
        if not apart:
            invitation = {"table": self.id, "from": client.identity.name, "code": self.invite_code}
            self.ctx.notify(invited, {"type": "invitation", **invitation})


def _kept_apart(side: friends.Apart) -> TableError:
    """The refusal keeping a player and a private table's master apart: the
    master blocked them, or they blocked the master."""
    return TableError("blocked_by_master" if side == "blocked" else "master_blocked")


def part_at(tables: Iterable[Seating], users: tuple[int, int]) -> None:
    """A block was made between two players: each private table either of them
    leads, of those given, sends the other away in its turn (``part_blocked``)."""
    masters = {f"u:{user}" for user in users}
    for table in tables:
        if table.master in masters and table.options.private and not table.closed:
            table.submit(None, table.part_blocked)
