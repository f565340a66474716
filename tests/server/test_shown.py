"""The views a table's clients hold (``atout.server.shown``): over whole games
at 3, 4 and 5 players (deals rich in trumps among them, for poignées and
misères; a called partner at 5) and of Tarot Africain, a client that applies
every update's patch to the view it holds (RFC 6902, ``tests.json_patch``)
holds exactly the engine's view for its viewer, whether it followed from the
start, came in later (a snapshot), resumed, or was told only some actions (as
when only the seat to move is told), its own sections skipped whenever their
key (``GameState.own_key``) did not change; equal keys always go with equal
own views; what a table keeps per client is left alone by the garbage
collector; and a game's shared and own sections make up its views."""

from __future__ import annotations

import gc
import random
from collections.abc import Hashable
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.french.dealing import hand_size
from atout.game import CHANCE, SPECTATOR, GameRules, GameState
from atout.registry import game_rules
from atout.server.shown import Now, Shown
from tests.json_patch import apply_patch
from tests.server.test_patches import GAMES, exact


def sent(value: Any) -> Any:
    """A value as a client reads it: from its JSON text."""
    return orjson.loads(orjson.dumps(value))


class Follower:
    """A client as the server keeps it (``Shown``) and as it holds its view."""

    def __init__(self, viewer: int, now: Now) -> None:
        self.viewer = viewer
        self.arrive(now)

    def arrive(self, now: Now) -> None:
        """Given the whole view: a snapshot, or the answer to a resume."""
        self.held: Shown = now.kept(self.viewer)
        self.view = sent(now.view(self.viewer))

    def update(self, now: Now) -> None:
        self.view = apply_patch(self.view, sent(now.patch(self.held, self.viewer)))
        self.held = now.kept(self.viewer, self.held)


def rich_deal(rules: GameRules, state: GameState, rng: random.Random) -> Any:
    """A French deal giving one seat 10 to 15 trumps (a poignée to show, and
    often a seat without any: a misère), the other cards at random."""
    players = state.players
    trumps = list(range(56, 78))
    others = list(range(56))
    rng.shuffle(trumps)
    rng.shuffle(others)
    size = hand_size(players)
    many = rng.randint(10, 15)
    rest = trumps[many:] + others
    rng.shuffle(rest)
    cards = trumps[:many] + rest
    lucky = rng.randrange(players)
    hands = [0] * players
    for offset in range(players):
        seat = (lucky + offset) % players
        for card in cards[offset * size : (offset + 1) * size]:
            hands[seat] |= 1 << card
    dog = sum(1 << card for card in cards[players * size :])
    return rules.deal_cards(hands, dog)


def next_action(rules: GameRules, state: GameState, rng: random.Random) -> Any:
    """A random deal (rich in trumps one time in two, in French) or legal action."""
    if state.to_move != CHANCE:
        return rng.choice(list(state.legal_actions()))
    if rules.name == "french" and rng.random() < 0.5:
        return rich_deal(rules, state, rng)
    return rules.deal_action(state, rng.getrandbits(32))


@settings(max_examples=10, deadline=None)
@given(game=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**32), data=st.data())
def test_every_client_patched_holds_the_engines_view(
    game: int, seed: int, data: st.DataObject
) -> None:
    name, players, variant, options = GAMES[game]
    rules = game_rules(name)
    state: GameState = rules.new(players, variant, options)
    rng = random.Random(seed)
    viewers = [SPECTATOR, *range(players)]
    now = Now(state)
    followers = [Follower(v, now) for v in viewers]
    lagging = [Follower(v, now) for v in viewers]  # told every third action only
    late = data.draw(st.integers(1, 60), label="when one of each viewer comes in")
    resumes = data.draw(st.integers(1, 60), label="when one resumes")
    skipped = 0
    for action in range(1, 150):
        if state.is_over:
            break
        state.apply(next_action(rules, state, rng))
        now = Now(state)
        told = followers + (lagging if action % 3 == 0 else [])
        skipped += sum(now.unchanged(f.held, f.viewer) for f in told)
        for follower in told:
            follower.update(now)
        if action == late:
            followers += [Follower(v, now) for v in viewers]
        if action == resumes:
            followers[rng.randrange(len(followers))].arrive(now)
        for follower in followers + (lagging if action % 3 == 0 else []):
            assert exact(follower.view) == exact(state.view(follower.viewer))
        assert exact(now.shared) == exact(state.shared_view())  # not a viewer's
    assert skipped  # the keys spared some own sections
    for _ in range(3):  # a collection untracks a tuple once its items are: a pass per level
        gc.collect()
    for follower in followers + lagging:  # a thousand tables' clients: never walked
        assert not gc.is_tracked(follower.held)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_equal_own_keys_go_with_equal_own_views(seed: int) -> None:
    """Over a few games of every kind, any two (state, viewer) whose keys are
    equal have equal own views, whatever the game; so a view that changes from
    one action to the next always changes its key (or has none)."""
    rng = random.Random(seed)
    own_by_key: dict[Hashable, bytes] = {}
    for name, players, variant, options in GAMES:
        rules = game_rules(name)
        state: GameState = rules.new(players, variant, options)
        for _ in range(120):
            if state.is_over:
                break
            state.apply(next_action(rules, state, rng))
            for viewer in [SPECTATOR, *range(players)]:
                key = state.own_key(viewer)
                own = exact(state.own_view(viewer))
                if key is not None:
                    assert own_by_key.setdefault(key, own) == own, (name, key)
    assert own_by_key


def test_a_views_sections_are_the_shared_ones_and_the_viewers_own() -> None:
    for name, players, variant, options in GAMES:
        state = game_rules(name).new(players, variant, options)
        for viewer in [SPECTATOR, *range(players)]:
            shared, own = state.shared_view(), state.own_view(viewer)
            assert not set(shared) & set(own)
            assert set(shared) | set(own) == set(state.view(viewer))
