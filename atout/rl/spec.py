"""What every game offers a learner: a fixed integer action space, masks of the
legal actions, an observation tensor per seat, rewards, and the deal as
chance outcomes. One :class:`GameSpec` per game and table; the adapters
(PettingZoo, Gymnasium, OpenSpiel, the batched stepper) only use this.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from atout.game import Action, GameState
from atout.registry import game_rules

Mask = npt.NDArray[np.bool_]
Tensor = npt.NDArray[np.float32]


class GameSpec(Protocol):
    """A game's integer actions and tensors at one table (players, variant, options)."""

    game: str
    players: int
    num_actions: int
    obs_size: int
    deck: tuple[int, ...]
    """The cards a deal shares out, as chance outcomes."""

    def index(self, action: Action | str) -> int:
        """The integer of an engine action, or of its text: a name ``action_name``
        gives (``bid:garde``, ``poignee:simple``) or any text the game's
        ``parse_action`` reads. ValueError for a chance action (deals are dealt,
        not chosen) or a text that is no action."""
        ...

    def action_name(self, index: int) -> str:
        """What integer ``index`` means, for tables and debugging (``play:KH``, ``bid:garde``)."""
        ...

    def observe(self, view: Mapping[str, Any]) -> Tensor:
        """The float32 tensor of a seat's observation (``state.view(seat)``)."""
        ...

    def score(self, state: GameState) -> list[float]:
        """Each seat's running score: rewards are its changes, returns its total change."""
        ...

    def episode_over(self, state: GameState) -> bool:
        """Whether a learning episode ends here (the game is over, or a deal is
        cancelled after the bidding: nobody took)."""
        ...

    def deal_slots(self, state: GameState) -> list[int]:
        """The seat receiving each card of the next deal, -1 for the dog."""
        ...

    def deal(self, state: GameState, slots: Sequence[int], cards: Sequence[int]) -> Action:
        """The explicit deal giving ``cards[i]`` to ``slots[i]``."""
        ...


def make_spec(
    game: str = "french",
    players: int = 4,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> GameSpec:
    """The spec of a table; ValueError names an unknown game, variant or option."""
    rules = game_rules(game)
    state = rules.new(players, variant or rules.default_variant, options)
    return spec_of_rules(state.view(0)["rules"])


def spec_of_rules(rules: Mapping[str, Any]) -> GameSpec:
    """The spec of the table an observation's ``rules`` block describes."""
    if rules["game"] == "french":
        from atout.rl.french import FrenchSpec

        return FrenchSpec(rules)
    from atout.rl.africain import AfricainSpec

    return AfricainSpec(rules)


def text_index(spec: GameSpec, names: Mapping[str, int], text: str) -> int:
    """The integer of an action's text: its place in ``names`` (what ``action_name``
    gives), else that of the engine action the text stands for."""
    found = names.get(text)
    if found is not None:
        return found
    return spec.index(game_rules(spec.game).parse_action(text))


def no_index(action: object, example: str) -> ValueError:
    """The refusal of what has no integer: a chance action, or not an action at all."""
    return ValueError(
        f"no integer for {action}: index takes a chosen action, as an engine action or "
        f"its text ({example!r}); chance actions are dealt, not chosen"
    )


def legal_map(spec: GameSpec, state: GameState) -> dict[int, Action]:
    """The legal actions of the seat to move, by integer."""
    return {spec.index(a): a for a in state.legal_actions()}


def mask_of(spec: GameSpec, indices: Sequence[int] | Mapping[int, Any]) -> Mask:
    """A boolean mask over the action space with ``indices`` set."""
    mask = np.zeros(spec.num_actions, dtype=np.bool_)
    mask[list(indices)] = True
    return mask


def legal_texts_map(spec: GameSpec, legal: Sequence[str]) -> dict[int, str]:
    """Action texts (an observation's ``legal``, a robot's choices) by integer."""
    parse = game_rules(spec.game).parse_action
    return {spec.index(parse(text)): text for text in legal}
