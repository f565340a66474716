"""The optional compiled path (``pip install 'atout[fast]'``, numba): many
French Tarot deals stepped together in machine code, in the integer action
space of :mod:`atout.rl.french`. The rules live in the engine; this path
follows them and is checked against it decision by decision
(tests/rl/test_fast.py). Nothing else in atout needs it.
"""

from __future__ import annotations

from importlib.util import find_spec


def available() -> bool:
    """Whether numba is installed (importing :mod:`atout.rl.fast.batch` needs it)."""
    return find_spec("numba") is not None
