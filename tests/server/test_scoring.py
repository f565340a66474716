"""Chips, XP and ratings after competitive games; the same-IP rule; the
amicable end by vote."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from atout.server.store import LedgerEntry
from tests.server.conftest import (
    Player,
    Server,
    create_table,
    events_of,
    play_until_over,
    seat_at_new_table,
)

START = 1000


async def seat_players(
    server: Server, names: list[str], ips: list[str], **options: Any
) -> tuple[list[Player], str]:
    players = [
        await Player.connect(server, token=server.register(name), ip=ip)
        for name, ip in zip(names, ips, strict=True)
    ]
    return players, await seat_at_new_table(players, competitive=True, **options)


async def play_competitive(
    server: Server, names: list[str], ips: list[str], **options: Any
) -> tuple[list[Player], dict[str, Any]]:
    """Seat registered players, play a whole game; the game_over event."""
    players, table = await seat_players(server, names, ips, **options)
    await players[0].send({"type": "start", "table": table})
    return players, await play_until_over(players, table)


async def start_and_leave(
    server: Server, names: list[str], ips: list[str], **options: Any
) -> tuple[list[Player], str, int]:
    """Seat registered players, start their game, and have the last one leave once
    the first deal is dealt: the players, the table and the game's id."""
    players, table = await seat_players(server, names, ips, **options)
    await players[0].send({"type": "start", "table": table})
    game: int = (await players[0].event("table.game_started"))["data"]["game"]
    await players[-1].event("deal")
    await players[-1].send({"type": "leave", "table": table})
    await players[-1].expect(lambda m: m["type"] == "left")
    return players, table, game


async def close_all(server: Server, players: list[Player]) -> None:
    assert_ledger_balances(server)
    for p in players:
        await p.close()


def assert_ledger_balances(server: Server) -> None:
    """Every transfer sums to zero, and no chips sit in a pot after a game."""
    with server.app.state.hub.store.session() as db:
        txns = db.execute(
            select(LedgerEntry.txn, func.sum(LedgerEntry.amount)).group_by(LedgerEntry.txn)
        )
        assert all(total == 0 for _, total in txns)
        pots = db.scalar(
            select(func.sum(LedgerEntry.amount)).where(LedgerEntry.account.like("pot:%"))
        )
        assert (pots or 0) == 0


def chips(server: Server, name: str) -> int:
    value: int = server.get(f"/api/profile/{name}")["chips"]
    return value


def test_winners_share_the_pot_minus_the_rake_and_get_xp(server: Server) -> None:
    async def scenario() -> None:
        names = ["ann", "ben", "cyd"]
        players, table = await seat_players(
            server, names, ["10.0.0.1", "10.0.0.2", "10.0.0.3"], players=3, bet=100, rounds=2
        )
        await players[0].send({"type": "start", "table": table})
        # A change during the game is told to all and applies from the next game.
        await players[0].send({"type": "options", "table": table, "options": {"bet": 500}})
        told = await players[2].event("table.options")
        assert told["data"]["changed"] == ["bet"] and told["data"]["options"]["bet"] == 500
        over = await play_until_over(players, table)
        result = over["data"]["result"]
        assert not over["data"]["shared_ip"]
        winners = result["winners"]
        share = (300 - 75) // len(winners)
        settlement = over["data"]["settlement"]  # what the game changed, as stored
        assert [(p["seat"], p["name"]) for p in settlement] == list(enumerate(names))
        for seat, name in enumerate(names):
            profile = server.get(f"/api/profile/{name}")
            won = seat in winners
            assert profile["chips"] == START - 100 + (share if won else 0)
            assert profile["xp"] == (10 * 3 + 10 if won else 5)
            told = settlement[seat]
            assert (told["user"], told["chips"], told["xp"]) == (
                profile["id"],
                profile["chips"] - START,
                profile["xp"],
            )
            assert profile["games"] == 1
            deals = [d["data"] for d in events_of(players[0], "deal_end") if "taker" in d["data"]]
            taken = [d for d in deals if d["taker"] == seat]
            assert profile["contracts_taken"] == len(taken)
            if taken:
                made = sum(d["made"] for d in taken)
                assert profile["success_rate"] == pytest.approx(made / len(taken))
            mean = sum(d["scores"][seat] for d in deals) / len(deals)
            assert profile["average_deal_score"] == pytest.approx(mean)
        board = server.get("/api/leaderboard")
        assert {e["name"] for e in board} == set(names)
        top = {e["name"] for e in board if e["rating"] == board[0]["rating"]}
        assert top <= {names[s] for s in winners}
        await close_all(server, players)

    asyncio.run(scenario())


def test_a_bet_a_player_cannot_pay_is_refused_naming_them_and_may_be_lowered(
    server: Server,
) -> None:
    """A start refused for a bet above a player's chips said only "a player does
    not have enough chips for the bet": the master could not tell whom, nor what
    to do. It names the player, their chips and the bet; the master lowers the
    bet and the game starts, nothing taken before."""

    async def scenario() -> None:
        names = ["dora", "eli", "fay"]
        players, table = await seat_players(
            server, names, ["10.0.9.1", "10.0.9.2", "10.0.9.3"], players=3, bet=START + 1
        )
        await players[0].send({"type": "start", "table": table})
        error = await players[0].expect(lambda m: m["type"] == "error")
        assert error["code"] == "not_enough_chips"
        assert error["params"] == {"name": "dora", "chips": START, "bet": START + 1}
        assert error["message"] == (
            f"dora has {START} chips, fewer than the bet of {START + 1}: "
            "lower the bet, or let another play"
        )
        assert [chips(server, name) for name in names] == [START] * 3
        await players[0].send({"type": "options", "table": table, "options": {"bet": 10}})
        await players[0].send({"type": "start", "table": table})
        await players[1].event("table.game_started")
        assert [chips(server, name) for name in names] == [START - 10] * 3
        for player in players:
            await player.close()

    asyncio.run(scenario())


def test_one_round_a_winning_taker_takes_every_chip_else_the_bank_takes_theirs(
    server: Server,
) -> None:
    async def scenario() -> None:
        names = ["dan", "eve", "fay"]
        players, _ = await play_competitive(
            server, names, ["10.0.1.1", "10.0.1.2", "10.0.1.3"], players=3, bet=50
        )
        deals = [d["data"] for d in events_of(players[0], "deal_end") if "taker" in d["data"]]
        last = deals[-1]
        for seat, name in enumerate(names):
            if last["made"]:
                expected = START + 100 if seat == last["taker"] else START - 50
            else:
                expected = START - 50 if seat == last["taker"] else START
            assert chips(server, name) == expected
        await close_all(server, players)

    asyncio.run(scenario())


def test_one_round_at_five_the_called_partner_wins_or_loses_with_the_taker(
    server: Server,
) -> None:
    """When the attack wins, each of it has its bet back and the defence's bets are
    shared two thirds to the taker, one third to the partner; when it loses, the
    partner's bet goes to the bank: it once lost its bet to the taker it had
    helped, and had it back when they lost together."""

    async def scenario() -> None:
        names = ["kim", "lea", "max", "ned", "oli"]
        ips = [f"10.0.4.{n}" for n in range(1, 6)]
        players, _ = await play_competitive(server, names, ips, players=5, bet=30)
        deals = [d["data"] for d in events_of(players[0], "deal_end") if "taker" in d["data"]]
        last = deals[-1]
        taker, partner, made = last["taker"], last["partner"], last["made"]
        for seat, name in enumerate(names):
            alone = partner in (None, taker)
            if seat == taker:  # its bet back and its share of the defence's
                won = (30 + (120 if alone else 60)) if made else 0
            elif seat == partner:
                won = 30 + 30 if made else 0
            else:
                won = 0 if made else 30
            assert chips(server, name) == START - 30 + won, (seat, last)
        await close_all(server, players)

    asyncio.run(scenario())


def test_players_sharing_an_ip_play_but_score_nothing(server: Server) -> None:
    async def scenario() -> None:
        names = ["gus", "hal", "ivy"]
        players, over = await play_competitive(
            server, names, ["10.0.2.1", "10.0.2.1", "10.0.2.3"], players=3, bet=100, rounds=2
        )
        assert over["data"]["shared_ip"] is True
        assert over["data"]["settlement"] is None  # nothing scored, nothing to tell
        for name in names:
            profile = server.get(f"/api/profile/{name}")
            assert (profile["chips"], profile["xp"], profile["games"]) == (START, 0, 0)
        assert server.get("/api/leaderboard") == []
        await close_all(server, players)

    asyncio.run(scenario())


def test_a_practice_game_from_one_address_is_not_marked_shared(server: Server) -> None:
    """A practice game counts for nobody anyway: its end once said 'same address:
    this game counts for nobody', as if that were why."""

    async def scenario() -> None:
        names = ["pia", "pol"]
        players = [
            await Player.connect(server, token=server.register(name), ip="10.0.3.1")
            for name in names
        ]
        table = await seat_at_new_table(players, players=3, rounds=1)
        await players[0].send({"type": "start", "table": table})
        over = await play_until_over(players, table)
        assert over["data"]["shared_ip"] is False
        assert over["data"]["settlement"] is None
        record = server.get(f"/api/games/{over['data']['game']}")
        assert record["meta"]["shared_ip"] is False
        await close_all(server, players)

    asyncio.run(scenario())


def test_the_vote_of_all_humans_cancels_and_an_abandoner_forfeits(server: Server) -> None:
    async def scenario() -> None:
        names = ["joe", "kim", "lou"]
        players, table, _ = await start_and_leave(
            server, names, ["10.0.3.1", "10.0.3.2", "10.0.3.3"], players=4, bet=100, rounds=3
        )
        joe, kim, _ = players
        await joe.send({"type": "vote", "table": table, "agree": True})
        await kim.send({"type": "vote", "table": table, "agree": False})
        await kim.expect(lambda m: m.get("kind") == "table.vote" and not m["data"]["agree"])
        await joe.send({"type": "vote", "table": table, "agree": True})
        await kim.send({"type": "vote", "table": table, "agree": True})
        await joe.event("table.game_cancelled")
        assert [chips(server, n) for n in names] == [START, START, START - 100]
        for name in names:
            assert server.get(f"/api/profile/{name}")["xp"] == 0
        await close_all(server, players)

    asyncio.run(scenario())


def test_an_abandoner_earns_nothing_of_what_the_robot_in_its_seat_does(server: Server) -> None:
    """Found by a hostile-user probe: an account that started competitive games and
    left at once had the robot's wins, XP, badges and rating, and led the
    leaderboard without playing a card. It ranks last and forfeits its bet."""

    async def scenario() -> None:
        names = ["max", "ned", "oli"]
        players, table, _ = await start_and_leave(
            server, names, ["10.0.3.4", "10.0.3.5", "10.0.3.6"], players=3, bet=100, rounds=2
        )
        over = await play_until_over(players[:2], table)
        winners = set(over["data"]["result"]["winners"])
        oli = server.get("/api/profile/oli")
        assert (oli["xp"], oli["wins"], oli["badges"]) == (0, 0, [])
        assert oli["rating"] < 0  # rated as the game's last, however its robot did
        assert chips(server, "oli") == START - 100
        for seat, name in enumerate(names[:2]):
            profile = server.get(f"/api/profile/{name}")
            assert profile["xp"] == (40 if seat in winners else 5)
        pot_to_people = sum(chips(server, name) - START for name in names)
        if 2 in winners:  # the robot's share of the pot of 300 goes to the bank
            assert pot_to_people < -75
        await close_all(server, players)

    asyncio.run(scenario())


def test_the_record_shows_a_robot_at_an_abandoned_seat_from_the_next_deal(
    server: Server,
) -> None:
    """Pam leaves during the first deal: a robot plays her seat, which the
    record shows from the second deal on; the game stays in her history."""

    async def scenario() -> None:
        names = ["ned", "oli", "pam"]
        players, table, game = await start_and_leave(
            server, names, ["10.0.6.1", "10.0.6.2", "10.0.6.3"], players=3, bet=10, rounds=2
        )
        over = await play_until_over(players[:2], table)
        assert over["kind"] == "table.game_over"
        record = server.get(f"/api/games/{game}")
        seat = record["meta"]["names"].index("pam")
        (lineup,) = record["meta"]["lineups"]
        assert lineup["deal"] == 2
        assert lineup["names"] == [None if n == "pam" else n for n in record["meta"]["names"]]
        assert lineup["users"][seat] is None
        text = httpx.get(f"{server.http}/api/games/{game}?format=text").text
        header, first, second, *_ = text.split("[Deal ")
        assert f'[Seat{seat} "pam"]' in header and "[Seat" not in first
        assert f'[Seat{seat} "robot"]' in second
        assert game in [g["id"] for g in server.get("/api/records?player=pam")["games"]]
        await close_all(server, players)

    asyncio.run(scenario())


def test_guests_play_practice_tables_only(server: Server) -> None:
    async def scenario() -> None:
        guest = await Player.connect(server, name="visitor")
        await guest.send({"type": "create", "options": {"competitive": True, "bet": 10}})
        assert "practice" in (await guest.expect(lambda m: m["type"] == "error"))["message"]
        owner = await Player.connect(server, token=server.register("owner"))
        table = await create_table(owner, competitive=True)
        await guest.send({"type": "sit", "table": table})
        assert "register" in (await guest.expect(lambda m: m["type"] == "error"))["message"]
        await guest.close()
        await owner.close()

    asyncio.run(scenario())


def test_a_player_alone_with_robots_is_rated_against_them(server: Server) -> None:
    async def scenario() -> None:
        players, over = await play_competitive(server, ["max"], ["10.0.5.1"], players=3)
        won = 0 in over["data"]["result"]["winners"]
        rating = server.get("/api/profile/max")["rating"]  # 0 for a newcomer (25 - 3 x 25/3)
        assert rating > 0 if won else rating != 0
        (entry,) = server.get("/api/leaderboard")
        assert {k: entry[k] for k in ("name", "xp", "rating", "games")} == {
            "name": "max", "xp": 30 if won else 5, "rating": rating, "games": 1
        }  # fmt: skip
        await close_all(server, players)

    asyncio.run(scenario())
