"""The views a table's clients hold, as its updates patch them.

A view is the same for every viewer of a table but for a few sections (a
hand, the legal actions, the phase as a seat asked a question sees it): the
engine gives the shared sections and each viewer's own apart, so that an
action's update builds, encodes and compares the shared ones once for all its
viewers, and only the few own ones per viewer. A client's view is kept as its
sections' JSON texts (``patches.sections``), which the next update compares
without reading them back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atout.game import GameState
from atout.server.patches import Patch, Sections, changes, sections

Shown = tuple[Sections, Sections]
"""The view a client was last given, as its next update patches it: the
sections shared by every viewer, and its viewer's own."""


class Now:
    """The view after an action, for the viewers of one update: the shared
    sections built and encoded once, each viewer's own once, and the shared
    sections' patch once for each view they patch (all the clients told the
    last action hold the same)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.shared = state.shared_view()
        self.sections = sections(self.shared)
        self.owns: dict[int, tuple[Mapping[str, Any], Shown]] = {}
        self.shared_patches: list[tuple[Sections, Patch]] = []

    def own(self, viewer: int) -> tuple[Mapping[str, Any], Shown]:
        """A viewer's own sections, and the view it is left holding."""
        if viewer not in self.owns:
            own = self.state.own_view(viewer)
            self.owns[viewer] = own, (self.sections, sections(own))
        return self.owns[viewer]

    def kept(self, viewer: int) -> Shown:
        return self.own(viewer)[1]

    def view(self, viewer: int) -> dict[str, Any]:
        """A viewer's whole view."""
        return {**self.shared, **self.own(viewer)[0]}

    def patch(self, before: Shown, viewer: int) -> Patch:
        """What turns the view ``before`` into ``viewer``'s view now."""
        held, held_own = before
        shared = next((p for s, p in self.shared_patches if s is held), None)
        if shared is None:
            shared = changes(held, self.shared, self.sections)
            self.shared_patches.append((held, shared))
        own, (_, own_now) = self.own(viewer)
        return shared + changes(held_own, own, own_now)
