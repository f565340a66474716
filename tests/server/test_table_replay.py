"""A stored game replayed in a worker process, as a takeover does it: the state,
the actions and the counts that come back across the process boundary are the
game's, and the game plays on from them as from the state it was played to."""

from __future__ import annotations

import asyncio
import random

import pytest

from atout.game import CHANCE
from atout.match import BadLog, Match
from atout.registry import game_rules
from atout.server.offload import Workers
from atout.server.protocol import TableOptions
from atout.server.table_replay import Replayed, new_state, replay
from atout.server.tablestore import StoredGame

TABLES = [
    TableOptions(game="french", players=3, rounds=3),
    TableOptions(game="french", players=4, rounds=3),
    TableOptions(game="french", players=5, rounds=2),
    TableOptions(game="africain", players=4),
]


def played(options: TableOptions, rng: random.Random, stop: int | None) -> Match:
    """A game of ``options`` played at random to its end, or to ``stop`` actions."""
    rules = game_rules(options.game)
    match = Match(rules, new_state(rules, options))
    while not match.is_over and (stop is None or len(match.actions) < stop):
        if match.to_move == CHANCE:
            deal = match.deal_action()
            assert deal is not None
            match.act(deal)
        else:
            match.act(rng.choice(match.legal()))
    return match


def in_a_worker(games: list[StoredGame]) -> list[Replayed]:
    async def run() -> list[Replayed]:
        workers = Workers()
        try:
            return [await workers.run(replay, game, refusable=False) for game in games]
        finally:
            await workers.stop()

    return asyncio.run(run())


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "mid-deal"])
def test_a_game_replayed_in_a_worker_is_the_game_played(finished: bool) -> None:
    rng = random.Random(20261128)
    matches, games = [], []
    for number, options in enumerate(TABLES):
        whole = played(options, random.Random(number), None)
        stop = None if finished else rng.randrange(len(whole.actions) // 2, len(whole.actions))
        match = played(options, random.Random(number), stop)
        matches.append(match)
        stored = dict(options.model_dump())
        games.append(
            StoredGame(
                number, options.game, options.players, stored, frozenset(), tuple(match.log), 0.0
            )
        )
    for options, match, got in zip(TABLES, matches, in_a_worker(games), strict=True):
        log = match.log
        assert got.counts.actions == len(log) == len(got.actions)
        assert [str(action) for action in got.actions] == log
        assert got.counts.dealt == sum(text.startswith("deal") for text in log)
        assert got.state.is_over == finished
        if options.game == "french":  # one summary per deal played out, which ends there
            # (not per deal dealt: a petit sec or four passes deal again)
            here = Match(match.rules, new_state(match.rules, options))
            deals_done = sum(e.kind == "deal_end" for events in here.follow(log) for e in events)
            assert len(got.counts.deals) == len(got.counts.deal_ends) == deals_done
            assert (got.counts.complete_actions == len(log)) == finished
        # the state that crossed over plays on as the one played here
        again = Match(match.rules, got.state)
        for _ in range(40):
            if match.is_over:
                break
            for seat in range(options.players):
                assert again.view(seat) == match.view(seat)
            if match.to_move == CHANCE:
                deal = match.deal_action()
                assert deal is not None
                text = str(deal)
            else:
                assert again.legal() == match.legal()
                text = rng.choice(match.legal())
            assert again.act(text) == match.act(text)


def test_a_log_the_game_refuses_is_told_back_from_the_worker() -> None:
    """The worker's refusal arrives whole, naming the action (it could not be
    rebuilt from its message, which broke the worker pool at every takeover of an
    unreplayable table), and the worker serves the next replay."""
    options = TABLES[1]
    match = played(options, random.Random(1), 12)
    log = (*match.log[:-1], "play:T21" if match.log[-1] != "play:T21" else "play:T20")
    stored = dict(options.model_dump())
    bad = StoredGame(1, options.game, options.players, stored, frozenset(), log, 0.0)
    good = StoredGame(2, options.game, options.players, stored, frozenset(), tuple(match.log), 0.0)

    async def run() -> tuple[BaseException, Replayed]:
        workers = Workers()
        try:
            with pytest.raises(BadLog) as refused:
                await workers.run(replay, bad, refusable=False)
            return refused.value, await workers.run(replay, good, refusable=False)
        finally:
            await workers.stop()

    error, after = asyncio.run(run())
    assert isinstance(error, BadLog) and error.number == len(log) and error.text == log[-1]
    assert after.counts.actions == len(match.log)
