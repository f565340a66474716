"""A table's game from its options and its log, and what the table counts of it.

A table counts its game's actions, deals dealt and public moves (its turn
and its clock go by them), and keeps the deals' summaries (results, the
score sheet of snapshots). The same counting runs while a game is played and
when its log is replayed after a restart or a takeover. A takeover's replay
runs in a worker process (a game of fifty deals is some 4,000 actions, tens of
milliseconds of CPU, and a thread would hold the interpreter's lock that every
other table's updates need), so all of it is picklable and needs no server.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from atout.game import Action, DealSummary, Event, GameRules, GameState
from atout.match import Match
from atout.registry import game_rules
from atout.server.protocol import TableOptions
from atout.server.tablestore import StoredGame


@dataclass(kw_only=True)
class GameCounts:
    """The counts of the game being played (all zero between games)."""

    actions: int = 0
    dealt: int = 0
    """Deals of the current game dealt so far."""
    public_moves: int = 0
    """Actions of this game that told everyone something (see ``_turn_started``)."""
    deals: list[DealSummary] = field(default_factory=list)
    deal_ends: list[Event] = field(default_factory=list)
    """The game's deal summary events, for the score sheet of snapshots."""
    complete_actions: int = 0
    """Actions up to the end of the game's last complete deal: all that the record
    of a cancelled game shows (the unfinished deal's seed would give every hand)."""

    def count(self, events: list[Event], rules: GameRules, players: int) -> None:
        """Count one action the game took, from the events it caused."""
        self.actions += 1
        self.dealt += sum(event.kind == "deal" for event in events)
        self.public_moves += any(e.to is None for e in events)
        for event in events:
            summary = rules.deal_summary(event, players)
            if summary is not None:
                self.deals.append(summary)
                self.deal_ends.append(event)
                self.complete_actions = self.actions

    def adopt(self, counts: GameCounts) -> None:
        """Take ``counts`` over (a new game's zeros, or a replay's)."""
        for counted in fields(GameCounts):
            setattr(self, counted.name, getattr(counts, counted.name))


def new_state(rules: GameRules, options: TableOptions) -> GameState:
    """A new game of ``options``, before its deal."""
    assert options.variant is not None
    return rules.new(options.players, options.variant, options.engine_options())


@dataclass(frozen=True, slots=True)
class Replayed:
    """A stored game's log replayed: the state it leads to, its actions and their counts."""

    state: GameState
    actions: list[Action]
    counts: GameCounts


def replay(game: StoredGame) -> Replayed:
    """Replay a stored game with the registry's rules; BadLog names the first
    action refused."""
    rules = game_rules(game.game)
    options = TableOptions.model_validate(game.table_options)
    match = Match(rules, new_state(rules, options))
    counts = GameCounts()
    for events in match.follow(game.actions):
        counts.count(events, rules, options.players)
    return Replayed(match.state, match.actions, counts)
