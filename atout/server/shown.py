"""The views a table's clients hold, as its updates patch them.

A view is the same for every viewer of a table but for a few sections (a
hand, the legal actions, the phase as a seat asked a question sees it): the
engine gives the shared sections and each viewer's own apart, so that an
action's update builds, encodes and compares the shared ones once for all its
viewers, and only the few own ones per viewer. A client's view is kept as its
sections' JSON texts (``patches.sections``), which the next update compares
without reading them back, and the key of its own sections
(``GameState.own_key``): a viewer whose key did not change (most viewers of
most actions: only the seat that moved and the one to move next see their
own sections change) has them neither built nor compared.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from atout.game import GameState
from atout.server.patches import Patch, Sections, changes, sections

Shown = tuple[Sections, Sections, Hashable | None]
"""The view a client was last given, as its next update patches it: the
sections shared by every viewer, its viewer's own, and their key (None:
unknown). Tuples of strings, bytes, ints and None, which the garbage collector
does not track (``patches.Sections``)."""


class Now:
    """The view after an action, for the viewers of one update: the shared
    sections built and encoded once, each viewer's own once when its key
    changed, and the shared sections' patch once for each view they patch
    (all the clients told the last action hold the same)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.shared = state.shared_view()
        self.sections = sections(self.shared)
        self.owns: dict[int, tuple[Mapping[str, Any], Shown]] = {}
        self.keys: dict[int, Hashable | None] = {}
        self.shared_patches: list[tuple[Sections, Patch]] = []

    def key(self, viewer: int) -> Hashable | None:
        if viewer not in self.keys:
            self.keys[viewer] = self.state.own_key(viewer)
        return self.keys[viewer]

    def unchanged(self, before: Shown, viewer: int) -> bool:
        """Whether ``viewer``'s own sections are still those of ``before``, as
        their key says (False when it cannot tell)."""
        key = self.key(viewer)
        return key is not None and key == before[2]

    def own(self, viewer: int) -> tuple[Mapping[str, Any], Shown]:
        """A viewer's own sections, and the view it is left holding."""
        if viewer not in self.owns:
            own = self.state.own_view(viewer)
            self.owns[viewer] = own, (self.sections, sections(own), self.key(viewer))
        return self.owns[viewer]

    def kept(self, viewer: int, before: Shown | None = None) -> Shown:
        """The view a client of ``viewer`` that held ``before`` is left holding."""
        if before is not None and self.unchanged(before, viewer):
            return self.sections, before[1], before[2]
        return self.own(viewer)[1]

    def view(self, viewer: int) -> dict[str, Any]:
        """A viewer's whole view."""
        return {**self.shared, **self.own(viewer)[0]}

    def patch(self, before: Shown, viewer: int) -> Patch:
        """What turns the view ``before`` into ``viewer``'s view now."""
        shared = self.shared_patch(before[0])
        if self.unchanged(before, viewer):
            return shared
        own, (_, own_now, _) = self.own(viewer)
        return shared + changes(before[1], own, own_now)

    def shared_patch(self, held: Sections) -> Patch:
        """What turns the shared sections ``held`` into those now (the list is shared)."""
        for was, patch in self.shared_patches:
            if was is held:
                return patch
        patch = changes(held, self.shared, self.sections)
        self.shared_patches.append((held, patch))
        return patch
