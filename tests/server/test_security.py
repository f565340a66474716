"""Nobody receives a card they may not see, and no message changes a game
except a legal action of the player to move.

Games are played through the real server with seated players, a spectator
and robots; afterwards the finished game's record is replayed with the engine
(the omniscient truth) and every message each client received is checked.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.french.rules import FRENCH
from atout.game import SPECTATOR, Event
from atout.records import Record
from atout.registry import game_rules
from atout.robots.base import RandomRobot
from atout.server.protocol import TableOptions
from atout.server.robots import Thinking
from atout.server.table import Context, Table
from atout.server.tablestore import load_game
from atout.server.writer import Writer
from tests.server.conftest import (
    Player,
    Server,
    create_table,
    play_until_over,
    run_server,
    turn_in,
)

PUBLIC_REVEALS = frozenset(
    {"play", "trick", "dog", "poignee", "call", "reveal", "petit_sec", "trump_discarded"}
)
"""Events that show cards publicly by rule: played cards, a shown dog or
poignée, a trump put in the écart, the hand of a petit sec that cancels the
deal, the Africain one-card reveal; a called King is named, not located."""


def replay_events(record: dict[str, Any]) -> list[tuple[int, Event]]:
    """(deal number, event) for every event of the game, replayed from its record."""
    return [(deal, e) for deal, events, _ in replay(record, SPECTATOR) for e in events]


def replay(record: dict[str, Any], viewer: int) -> list[tuple[int, list[Event], Any]]:
    """For each action of the game: the deal number, its events and then ``viewer``'s view."""
    state = Record.from_dict({k: v for k, v in record.items() if k != "meta"}).new_state()
    rules = game_rules(record["game"])
    out: list[tuple[int, list[Event], Any]] = []
    deal = 0
    for text in record["actions"]:
        deal += text.startswith("deal:")
        events = state.apply(rules.parse_action(text))
        out.append((deal, events, json.loads(json.dumps(state.view(viewer)))))
    return out


def tokens(message: Any) -> set[str]:
    """Every word of every string and key in a message: card texts stand alone."""
    found: set[str] = set()
    for text in re.findall(r'"([^"]*)"', json.dumps(message)):
        found |= set(re.split(r"[:,= ]", text))
    return found


def without_calls(legal: list[str]) -> list[str]:
    return [a for a in legal if not a.startswith("call:")]


def parts(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A message in the order a client reads it: an update's events one by one,
    then the rest of it (view or its patch, turn). Calling a King names it without locating
    it, so call actions are left out of the legal actions."""
    rest = dict(message)
    if message["type"] == "update":
        yield from rest.pop("events")
    for key in ("view", "turn"):
        if isinstance(rest.get(key), dict) and rest[key].get("legal"):
            rest[key] = {**rest[key], "legal": without_calls(rest[key]["legal"])}
    if "diff" in rest:  # the same for the legal actions a patch gives
        rest["diff"] = [_without_calls_op(op) for op in rest["diff"]]
    yield rest


def _without_calls_op(op: dict[str, Any]) -> dict[str, Any]:
    """A patch operation without the call actions it gives, if it gives legal ones."""
    value = op.get("value")
    if not op["path"].startswith("/legal"):
        return op
    if isinstance(value, list):
        return {**op, "value": without_calls(value)}
    return {**op, "value": None} if isinstance(value, str) and value.startswith("call:") else op


def check_no_hidden_card(record: dict[str, Any], player: Player, viewer: int) -> None:
    events = replay_events(record)
    # 1. Game events travel in updates only, one per action: exactly the
    # engine's events this viewer may see, then its own view of the game. An
    # action without events (a refused poignée) reaches only the seat to move.
    assert all(m["kind"].startswith("table.") for m in player.log if m["type"] == "event")
    updates = [m for m in player.log if m["type"] == "update"]
    assert [([(e["kind"], e["data"]) for e in m["events"]], m["view"]) for m in updates] == [
        (
            [(e.kind, json.loads(json.dumps(dict(e.data)))) for e in shown if e.visible_to(viewer)],
            view,
        )
        for _, shown, view in replay(record, viewer)
        if shown or view["to_move"] == viewer
    ]
    # 2. Independently of the audiences: before a deal ends, no message holds
    # a card dealt to another seat that has not been shown publicly (nor, in
    # the Africain one-card round, the viewer's own card before the reveal).
    seeds = {a.split("=", 1)[1] for a in record["actions"] if a.startswith("deal:seed=")}
    hands: dict[int, dict[int, set[str]]] = {}
    blind: set[int] = set()
    for deal, e in events:
        if e.kind == "hand" and "cards" in e.data:
            hands.setdefault(deal, {})[e.data["seat"]] = set(e.data["cards"])
        if e.kind == "others_cards":
            blind.add(deal)
            for seat, card in enumerate(e.data["cards"]):
                if card is not None:
                    hands.setdefault(deal, {})[seat] = {card}
    deal, shown, ended = 0, set[str](), False
    for message in (part for m in player.log for part in parts(m)):
        kind = message.get("kind")
        if kind == "deal":
            deal, shown, ended = deal + 1, set(), False
        words = tokens(message)
        assert not words & seeds, "a deal seed left the server"
        if kind in PUBLIC_REVEALS:
            shown |= words
        if kind == "deal_end":
            ended = True
        if ended or deal == 0:
            continue
        seen_by_rule = deal in blind and viewer != SPECTATOR  # blind: others' cards shown
        hidden = [c for s, c in hands.get(deal, {}).items() if (s == viewer) == seen_by_rule]
        others = set().union(*hidden)
        assert not (words & others) - shown, (viewer, message)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.sampled_from([("french", 3), ("french", 4), ("french", 5), ("africain", 3)]),
    seed=st.integers(0, 2**16),
)
def test_every_viewer_receives_only_what_it_may_see(
    server: Server, game: tuple[str, int], seed: int
) -> None:
    asyncio.run(play_watched_game(server, *game, seed))


def test_a_petit_sec_deal_shows_that_hand_and_no_other(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds = iter([174])  # French at 4: seat 3 has the petit sec, the deal is cancelled
    draw = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda bits: next(seeds, None) or draw(bits))
    record = asyncio.run(play_watched_game(server, "french", 4, 0))
    assert record["actions"][0] == "deal:seed=174"


def check_no_secret_question(player: Player) -> None:
    """Only qualifying seats are asked about a poignée (or a misère): nobody else
    may see the question, nor an update with nothing new when it is refused."""
    previous = None
    for m in player.log:
        if m["type"] == "update":
            view = m["view"]
            if view["phase"] in ("poignee", "misere"):
                assert view["to_move"] == view["viewer"], "someone else's question shown"
            assert m["events"] or view != previous, "an empty update tells of a hidden action"
            previous = view
            for e in m["events"]:
                assert e["kind"] != "poignee" or e["data"]["cards"], "a refusal told"
                assert e["kind"] != "misere" or e["data"]["kinds"], "a refusal told"


def test_a_refused_poignee_is_a_secret_of_the_seat_asked(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds = iter([51])  # French at 4: seat 2, a robot, holds 10 trumps and is asked
    draw = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda bits: next(seeds, None) or draw(bits))
    record = asyncio.run(play_watched_game(server, "french", 4, 0))
    assert record["actions"][:8] == [
        "deal:seed=51",
        *("bid:garde_sans", "bid:pass", "bid:pass", "bid:garde_contre", "chelem:no"),
        *("play:QD", "poignee:none"),  # seat 2 is asked and refuses
    ]


async def play_watched_game(server: Server, name: str, players: int, seed: int) -> Any:
    """Two players, a spectator and a lobby watcher around one game with
    robots; every message each of them got is checked; returns the record."""
    alice = await Player.connect(server)
    bob = await Player.connect(server)
    watcher = await Player.connect(server)
    lobby = await Player.connect(server)
    await lobby.send({"type": "lobby"})
    table = await create_table(alice, game=name, players=players)
    await bob.send({"type": "sit", "table": table})
    await bob.expect(lambda m: m["type"] == "table")
    await watcher.send({"type": "spectate", "table": table})
    await watcher.expect(lambda m: m["type"] == "table")
    await alice.send({"type": "start", "table": table})
    over = await play_until_over([alice, bob], table, seed)
    await watcher.event("table.game_over")
    record = server.get(f"/api/games/{over['data']['game']}")
    assert record["meta"]["names"] == [alice.name, bob.name] + [None] * (players - 2)
    seats = {p.name: i for i, p in enumerate([alice, bob])}
    for player in (alice, bob):
        seat = seats[player.name]
        check_no_hidden_card(record, player, seat)
        # Each update tells the player to move its turn, and nobody else.
        updates = [m for m in player.log if m["type"] == "update"]
        assert any("turn" in m for m in updates)
        for m in updates:
            assert ("turn" in m) == (m["view"]["to_move"] == seat)
            if "turn" in m:
                view = m["view"]
                assert m["turn"]["legal"] == view.get("legal", view.get("legal_actions"))
    check_no_hidden_card(record, watcher, SPECTATOR)
    for player in (alice, bob, watcher):
        check_no_secret_question(player)
    assert not [m for m in watcher.log if turn_in(m)]
    kinds = {m["type"] for m in lobby.log}
    assert kinds <= {"welcome", "lobby", "lobby_update", "lobby_remove"}
    for p in (alice, bob, watcher, lobby):
        await p.close()
    return record


def synced(number: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a message is the echo of sync chat ``number`` (or its refusal)."""

    def test(m: dict[str, Any]) -> bool:
        if m["type"] == "error":
            return "not at this table" in m["message"]
        return m.get("kind") == "table.chat" and m["data"]["text"] == f"sync-{number}"

    return test


junk_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["bid:garde", "play:T21", "play:EX", "deal:seed=1", "pass", "bid:prise"]),
)
table_types = ["sit", "spectate", "leave", "invite", "chat", "options", "start", "act", "vote"]
LEGAL = "<a legal action of the player to move>"
junk_message = st.one_of(
    st.just(LEGAL),  # half of the messages: the game moves on through its phases
    st.one_of(
        st.text(max_size=60),
        st.builds(
            lambda kind, extra, text: {"type": kind, "table": "T", "action": text, **extra},
            st.sampled_from([*table_types, "hello", "nope", "lobby", "create"]),
            st.dictionaries(
                st.sampled_from(["seat", "agree", "options", "text", "last_seq", "code", "x"]),
                st.one_of(st.none(), st.integers(-5, 10**12), st.booleans(), st.text(max_size=8)),
                max_size=3,
            ),
            junk_text,
        ),
    ),
)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(st.tuples(st.integers(0, 3), junk_message, st.booleans()), min_size=5, max_size=30))
def test_fuzzed_messages_never_crash_a_table_nor_change_it_but_by_a_legal_move(
    server: Server, moves: list[tuple[int, Any, bool]]
) -> None:
    async def scenario() -> None:
        clients = [await Player.connect(server) for _ in range(4)]  # 3 seated, 1 spectator
        table_id = await create_table(clients[0], game="french", players=3, turn_seconds=600)
        for c in clients[1:3]:
            await c.send({"type": "sit", "table": table_id})
            await c.expect(lambda m: m["type"] == "table")
        await clients[3].send({"type": "spectate", "table": table_id})
        await clients[0].send({"type": "start", "table": table_id})
        await clients[0].event("deal")
        table = server.app.state.hub.tables[table_id]
        game_id = table.game_id
        for number, (who, message, as_to_move) in enumerate(moves):
            sender = clients[who]
            state = table.state
            to_move = state.to_move if state else None
            if as_to_move and to_move is not None and to_move >= 0:
                sender = clients[to_move]
            legal = {str(a) for a in state.legal_actions()} if state else set()
            before = (table.actions, to_move)
            if message == LEGAL:
                message = {"type": "act", "table": "T", "action": min(legal, default="x")}
            if isinstance(message, dict):
                message = {**message, "table": table_id if message["table"] == "T" else "x"}
                text = json.dumps(message)
            else:
                text = message
            await sender.ws.send(text)
            # Sync: the sender's own chat is processed after its previous message.
            await sender.send({"type": "chat", "table": table_id, "text": f"sync-{number}"})
            await sender.expect(synced(number))
            assert not server.app.state.hub.tasks[table_id].done()
            if table.game_id != game_id or any(s and s.abandoned for s in table.seats):
                break  # a vote ended the game or a player left: robots may move now
            legal_move = (
                isinstance(message, dict)
                and set(message) == {"type", "table", "action"}  # extra fields are refused
                and message["type"] == "act"
                and message["table"] == table_id
                and clients.index(sender) == before[1]
                and message["action"] in legal
            )
            # The game moves by exactly the one legal action, or not at all.
            assert table.actions == before[0] + legal_move
            for received in sender.log:
                if received["type"] == "error":
                    assert len(received["message"]) <= 300
        for c in clients:
            await c.close()

    asyncio.run(scenario())


@pytest.fixture
def spied(tmp_path: Path) -> Iterator[Server]:
    """A server whose robots think in its own threads, where a test's
    replacement of ``make_robot`` reaches them (not in their worker process)."""
    running, stop = run_server(tmp_path, robot_threads=2)
    yield running
    stop()


def test_robots_get_exactly_the_view_of_their_seat_one_robot_per_seat_and_game(
    spied: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[int, str, tuple[str, ...]]] = []
    made: list[str] = []

    class Spy:
        def __init__(self) -> None:
            self.number = len(made)  # not id(): a finished game's robots are freed

        def choose(
            self,
            view: Mapping[str, Any],
            legal: Sequence[str],
            seed: int,
            budget: float | None = None,
        ) -> str:
            calls.append((self.number, json.dumps(view, sort_keys=True), tuple(legal)))
            return RandomRobot().choose(view, legal, seed)

    def make(level: str) -> Spy:
        robot = Spy()
        made.append(level)
        return robot

    monkeypatch.setattr("atout.server.robots.make_robot", make)

    async def scenario() -> list[dict[str, Any]]:
        alice = await Player.connect(spied)
        table = await create_table(alice, game="french", players=5, robot_level="random")
        overs = []
        for _ in range(2):
            await alice.send({"type": "start", "table": table})
            overs.append(await play_until_over([alice], table))
        await alice.close()
        return overs

    overs = asyncio.run(scenario())
    truth: set[tuple[str, tuple[str, ...]]] = set()
    seat_of_view: dict[str, int] = {}
    for over in overs:
        record = spied.get(f"/api/games/{over['data']['game']}")
        state = Record.from_dict({k: v for k, v in record.items() if k != "meta"}).new_state()
        rules = game_rules("french")
        for text in record["actions"]:
            if state.to_move is not None and state.to_move >= 0:
                view = json.dumps(state.view(state.to_move), sort_keys=True)
                truth.add((view, tuple(str(a) for a in state.legal_actions())))
                seat_of_view[view] = state.to_move
            state.apply(rules.parse_action(text))
    assert len(calls) > 100
    assert all((view, legal) in truth for _, view, legal in calls)
    # Each robot serves one seat of one game: four robot seats, two games.
    seats_of_robot: dict[int, set[int]] = {}
    for robot, view, _ in calls:
        seats_of_robot.setdefault(robot, set()).add(seat_of_view[view])
    assert all(len(seats) == 1 for seats in seats_of_robot.values())
    assert made == ["random"] * 8


def test_a_thinking_robot_holds_up_neither_its_table_nor_the_others(
    spied: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a robot decides, its table still answers and other tables still play;
    its late answer is dropped when the human it stood in for played meanwhile."""
    release = threading.Event()
    asked: list[tuple[str, ...]] = []

    class Slow:
        def choose(
            self,
            view: Mapping[str, Any],
            legal: Sequence[str],
            seed: int,
            budget: float | None = None,
        ) -> str:
            if view["viewer"] != 0:  # only the creator's seat (0) is slow
                return legal[0]
            asked.append(tuple(legal))
            release.wait(30)
            return legal[-1]

    monkeypatch.setattr("atout.server.robots.make_robot", lambda level: Slow())

    async def scenario() -> None:
        alice, bob = await Player.connect(spied), await Player.connect(spied)
        # Alice's clock runs out at once: a robot starts deciding her first move.
        table = await create_table(alice, game="french", players=3, turn_seconds=0.05)
        await alice.send({"type": "start", "table": table})
        turn = await alice.expect(lambda m: len((turn_in(m) or {}).get("legal", [])) > 1)
        assert turn["type"] == "update"
        while not asked:
            await asyncio.sleep(0.01)
        await alice.send({"type": "chat", "table": table, "text": "still here"})
        await alice.event("table.chat")
        other = await create_table(bob, game="africain", players=2)
        await bob.send({"type": "start", "table": other})
        await bob.turn()  # that table dealt and asks bob
        state = spied.app.state.hub.tables[table]
        number, game_id = state.actions, state.game_id
        first = turn["turn"]["legal"][0]
        await alice.send({"type": "act", "table": table, "action": first})
        mine = await alice.expect(lambda m: m["type"] == "update")
        release.set()
        await alice.expect(lambda m: m["type"] == "update" and state.actions > number + 1)
        for p in (alice, bob):
            await p.close()
        assert turn["view"]["to_move"] == mine["events"][0]["data"]["seat"] == 0
        actions = load_game(spied.app.state.hub.store, game_id).actions
        assert actions[number] == first  # the robot's legal[-1] came too late

    asyncio.run(scenario())


def test_a_robot_answers_a_secret_question_without_the_robot_delay() -> None:
    # A qualifying robot's first card must not come later than another's: the
    # robot delay applies to its card, not to the poignée question before it.
    ctx = Context(cast(Writer, None), game_rules, robot_delay=60.0, pool=Thinking(threads=1))
    table = Table(ctx, "t", TableOptions(game="french", players=4), "master", "code")
    state = game_rules("french").new(4)
    for text in ["deal:seed=51", "bid:garde_sans", "bid:pass", "bid:pass", "bid:garde_contre"]:
        state.apply(FRENCH.parse_action(text))
    for text in ["chelem:no", "play:QD"]:
        table.state = state
        table._schedule()
        assert table.robot_at is not None and table.robot_at > time.monotonic() + 30
        state.apply(FRENCH.parse_action(text))
    assert state.view(2)["phase"] == "poignee"
    table._schedule()
    assert table.robot_at is not None and table.robot_at < time.monotonic() + 30
    state.apply(FRENCH.parse_action("poignee:none"))
    table._schedule()
    assert table.robot_at is not None and table.robot_at > time.monotonic() + 30
