"""atout for reinforcement learning: integer actions, legal-action masks and
observation tensors for each game, and adapters to PettingZoo, Gymnasium and
OpenSpiel (``pip install 'atout[rl]'``; see docs/rl.md).

The rules stay in the engine: the tensors are read from the engine's typed
observation of a seat (``state.view(seat)``), the masks from its legal actions.
"""

from atout.rl.spec import GameSpec, make_spec

__all__ = ["GameSpec", "make_spec"]
