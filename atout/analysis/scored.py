"""Options scored on the same sampled deals: what a decision's analysis and a hint
both start from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Scored:
    """Each option's score for the deciding seat, deal by deal, on the same deals.

    ``labels`` name the options as actions (``play:KS``, ``bid:garde``); a
    French écart is one option named ``ecart:`` and its cards. ``taken`` is the
    index of the option the player chose (None for a hint: nothing is chosen yet),
    ``moves`` the first action each option plays.
    """

    labels: list[str]
    moves: list[str]
    scores: list[list[float]]
    taken: int | None = None

    @property
    def deals(self) -> int:
        """Sampled deals every option was scored on."""
        return len(self.scores[0]) if self.scores else 0

    def means(self) -> list[float]:
        """Each option's expected score (its mean over the deals)."""
        return [sum(values) / len(values) for values in self.scores]

    def ranking(self) -> list[int]:
        """Option indices, best expected score first (ties: the order given)."""
        means = self.means()
        return sorted(range(len(means)), key=lambda i: -means[i])
