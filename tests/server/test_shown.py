"""The views a table's clients hold (``atout.server.shown``): over whole games
at 3, 4 and 5 players and of Tarot Africain, a client that applies every
update's patch to the view it holds (RFC 6902, ``tests.json_patch``) holds
exactly the engine's view for its viewer, whether it followed from the start,
came in later (a snapshot), resumed, or was told only some actions (as
when only the seat to move is told); and a game's shared and own sections
make up its views."""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.game import CHANCE, SPECTATOR, GameState
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
        self.held = now.kept(self.viewer)


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
    for action in range(1, 150):
        if state.is_over:
            break
        if state.to_move == CHANCE:
            state.apply(rules.deal_action(state, rng.getrandbits(32)))
        else:
            state.apply(rng.choice(list(state.legal_actions())))
        now = Now(state)
        for follower in followers + (lagging if action % 3 == 0 else []):
            follower.update(now)
        if action == late:
            followers += [Follower(v, now) for v in viewers]
        if action == resumes:
            followers[rng.randrange(len(followers))].arrive(now)
        for follower in followers + (lagging if action % 3 == 0 else []):
            assert exact(follower.view) == exact(state.view(follower.viewer))
        assert exact(now.shared) == exact(state.shared_view())  # not a viewer's


def test_a_views_sections_are_the_shared_ones_and_the_viewers_own() -> None:
    for name, players, variant, options in GAMES:
        state = game_rules(name).new(players, variant, options)
        for viewer in [SPECTATOR, *range(players)]:
            shared, own = state.shared_view(), state.own_view(viewer)
            assert not set(shared) & set(own)
            assert set(shared) | set(own) == set(state.view(viewer))
