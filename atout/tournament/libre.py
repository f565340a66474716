"""The tournoi libre (rulebook pp. 9-10): deals bid and played freely at each table,
each table's score sheet per position, players ranked by their summed bilans.

"A l'issue du tournoi, chaque joueur obtient un nombre de points par addition des
points obtenus à chaque donne, ou par addition des bilans obtenus à chaque
position" (p. 10): a table's result is either its deals, scored by the score
sheet (:mod:`atout.sheet`, the same scoring as ``atout score``), or the bilans
copied from its paper sheet. Either way "la somme des scores des 4 joueurs est
bien égale à zéro" (p. 9) is checked. In the forms ``pairs`` and ``fours`` the
players come team by team, "les joueurs d'une même équipe ne se rencontrent pas"
(the plan keeps them apart) and "leurs scores sont cumulés" (p. 10).

Before a player's first sheet is entered they have no rank. Half way through,
the ranking is by the points entered so far, the rulebook's sum: a table's
bilans add up to zero, so a sheet still to come counts as neither gain nor
loss, and each position's bilan (none yet: null) shows which are in.

Pure: no I/O. Positions, tables and players are numbered from 0 here; the JSON
(:mod:`.libre_state`), the command line and the page number them from 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, get_args

from atout.sheet import DealEntry, InputError, PlayerEntry, ScoredSheet, SheetInput, score_sheet
from atout.tournament.boards import ORIENTATIONS, TournamentError
from atout.tournament.event import check_names
from atout.tournament.libre_plan import Plan, check_plan, make_plan, table_sizes
from atout.tournament.ranking import shared_ranks

LibreForm = Literal["individual", "pairs", "fours"]
LIBRE_FORMS: Final[tuple[LibreForm, ...]] = get_args(LibreForm)
TEAM_SIZES: Final[dict[LibreForm, int]] = {"individual": 1, "pairs": 2, "fours": 4}
"""Players a team: "un tournoi libre par équipe de 2 ou 4 joueurs" (p. 10)."""
POSITIONS: Final = 5
DEALS: Final = 5
"""Defaults: five positions of five deals, as the rulebook's sample sheet has."""
MAX_POSITIONS: Final = 20
MAX_DEALS: Final = 30
SEATS: Final[dict[int, tuple[str, ...]]] = {3: ("A", "B", "C"), **ORIENTATIONS}
"""Seat names in playing order; North keeps the sheet ("Le joueur Nord est chargé
de remplir correctement la feuille de marque", p. 9)."""


@dataclass(frozen=True, slots=True)
class LibreSetup:
    form: LibreForm
    names: tuple[str, ...]
    """Display names by player number; in the team forms team by team."""
    positions: int = POSITIONS
    deals: int = DEALS
    """Deals each table plays at each position."""

    @property
    def team_size(self) -> int:
        return TEAM_SIZES[self.form]

    @property
    def teams(self) -> tuple[int, ...]:
        """Each player's team (in the individual form, each its own)."""
        return tuple(p // self.team_size for p in range(len(self.names)))

    def members(self, team: int) -> tuple[int, ...]:
        return tuple(range(team * self.team_size, (team + 1) * self.team_size))


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's sheet at one position: its deals (scored), or the bilans alone."""

    deals: tuple[DealEntry, ...]
    bilans: tuple[int, ...]
    """Each seat's bilan, in the table's seat order."""


def check_setup(setup: LibreSetup) -> None:
    """TournamentError naming what the organiser must change."""
    if not 1 <= setup.positions <= MAX_POSITIONS:
        raise TournamentError("libre_positions", most=MAX_POSITIONS)
    if not 1 <= setup.deals <= MAX_DEALS:
        raise TournamentError("libre_deals", most=MAX_DEALS)
    if len(setup.names) % setup.team_size:
        raise TournamentError("libre_team_names", size=setup.team_size)
    table_sizes(len(setup.names))


def check_zero(bilans: Sequence[int]) -> None:
    """The players' check on every sheet: the scores of a table add up to zero."""
    if sum(bilans):
        raise TournamentError("libre_sum", total=sum(bilans))


@dataclass(slots=True)
class Libre:
    setup: LibreSetup
    plan: Plan
    results: dict[tuple[int, int], TableResult] = field(default_factory=dict)

    @classmethod
    def create(cls, setup: LibreSetup, seed: int) -> Libre:
        """A new tournament, its plan drawn from ``seed``; a name given twice is refused
        (a stored one is read back as it was written, :meth:`with_plan`)."""
        check_setup(setup)
        check_names(setup.names)
        return cls(setup, make_plan(setup.teams, setup.positions, seed))

    @classmethod
    def with_plan(cls, setup: LibreSetup, plan: Plan) -> Libre:
        """A stored tournament read back: its plan checked, not made again."""
        check_setup(setup)
        if len(plan) != setup.positions:
            raise TournamentError("libre_plan")
        check_plan(plan, setup.teams)
        return cls(setup, plan)

    def tables(self, position: int) -> tuple[tuple[int, ...], ...]:
        """The tables of a position, each its players in seat order."""
        if not 0 <= position < self.setup.positions:
            raise TournamentError("libre_no_position", most=self.setup.positions)
        return self.plan[position]

    def seats(self, position: int, table: int) -> tuple[int, ...]:
        """The players of a table at a position, in seat order."""
        tables = self.tables(position)
        if not 0 <= table < len(tables):
            raise TournamentError("libre_no_table", most=len(tables))
        return tables[table]

    def sheet(self, position: int, table: int, deals: Sequence[DealEntry]) -> SheetInput:
        """The table's score sheet: its players' names in seat order, and ``deals``."""
        names = [PlayerEntry(name=self.setup.names[p]) for p in self.seats(position, table)]
        return SheetInput(
            title=f"Position {position + 1}, table {table + 1}", players=names, deals=list(deals)
        )

    def enter_deals(self, position: int, table: int, deals: Sequence[DealEntry]) -> ScoredSheet:
        """Score a table's deals (a few, or all of the position's) and keep them; no
        deals takes the table's sheet back (its last deal deleted on the page)."""
        if len(deals) > self.setup.deals:
            raise TournamentError("libre_too_many_deals", most=self.setup.deals)
        try:
            scored = score_sheet(self.sheet(position, table, deals))
        except InputError as error:
            raise error.carried_by(TournamentError("tournament_deal", reason=str(error))) from None
        check_zero(scored.totals)
        if deals:
            self.results[position, table] = TableResult(tuple(deals), scored.totals)
        else:
            self.results.pop((position, table), None)
        return scored

    def enter_bilans(self, position: int, table: int, bilans: Sequence[int]) -> None:
        """Keep a table's bilans copied from its paper sheet, once they add up to zero."""
        if len(bilans) != len(self.seats(position, table)):
            raise TournamentError("libre_bilans", players=len(self.seats(position, table)))
        check_zero(bilans)
        self.results[position, table] = TableResult((), tuple(bilans))

    def bilans(self) -> list[list[int | None]]:
        """Each player's bilan at each position (None until its table is entered)."""
        out: list[list[int | None]] = [[None] * self.setup.positions for _ in self.setup.names]
        for (position, table), result in self.results.items():
            for player, bilan in zip(self.seats(position, table), result.bilans, strict=True):
                out[player][position] = bilan
        return out

    def totals(self) -> list[int]:
        """Each player's points: "par addition des bilans obtenus à chaque position"."""
        return [sum(b for b in row if b is not None) for row in self.bilans()]

    def played(self) -> list[bool]:
        """Whether each player has a result: a sheet of theirs entered."""
        return [any(b is not None for b in row) for row in self.bilans()]

    def teams_played(self) -> list[bool]:
        """Whether each team has a result: a sheet of a member's entered."""
        played = self.played()
        teams = len(self.setup.names) // self.setup.team_size
        return [any(played[p] for p in self.setup.members(team)) for team in range(teams)]

    def team_totals(self) -> list[int]:
        """Each team's points: its members' totals "cumulés"."""
        totals = self.totals()
        teams = len(self.setup.names) // self.setup.team_size
        return [sum(totals[p] for p in self.setup.members(team)) for team in range(teams)]

    def missing(self) -> list[tuple[int, int]]:
        """The (position, table) sheets not entered yet."""
        return [
            (position, table)
            for position, tables in enumerate(self.plan)
            for table in range(len(tables))
            if (position, table) not in self.results
        ]


def ranked(totals: Sequence[int], played: Sequence[bool]) -> list[tuple[int | None, int]]:
    """(rank from 1, index) "par nombre décroissant de points"; equal totals share
    a rank (:func:`~atout.tournament.ranking.shared_ranks`), in the order of index.
    Those not ``played`` yet (no sheet entered) have no rank and come last."""
    order = sorted(range(len(totals)), key=lambda i: (not played[i], -totals[i], i))
    keys = [totals[i] if played[i] else None for i in order]
    return list(zip(shared_ranks(keys), order, strict=True))
