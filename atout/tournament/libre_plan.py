"""Who sits at which table at each position of a tournoi libre.

In a tournoi libre the deals are not carried from table to table: only the
players move, so a plan is a partition of the players into tables at each
position. The rulebook asks that "les joueurs d'une même équipe ne se rencontrent
pas lors du tournoi" (p. 10, par équipes): that is a hard rule here. Clubs also
move players "de sorte qu'ils ne rencontrent qu'une seule fois les autres
joueurs"; that cannot always be had (8 players over 5 positions must meet again),
so the plan keeps repeats few: each position is built greedily from a seeded
order, many orders are tried, and the one with the fewest earlier meetings at
its tables is kept, after swapping players between tables while that lowers
them; a plan that still repeats a meeting is drawn again a few times.

Tables seat 4; when the count is not a multiple of 4 the rulebook admits tables
of 3 ("Certains tournois libres dont le nombre de joueurs n'est pas multiple de
4 peuvent inclure des tables de 3 joueurs", p. 11), so atout adds one, two or
three tables of 3. Five players cannot be split so and sit at one table of 5.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Final

from atout.tournament.boards import TournamentError

Plan = tuple[tuple[tuple[int, ...], ...], ...]
"""Players (numbers from 0) at each table (in seat order) at each position."""
TRIES: Final = 24
"""Seeded orders tried per position: more finds fewer repeats, slower."""
RESTARTS: Final = 6
RESTART_SEATS: Final = 320
"""Whole plans drawn (when players x positions is at most this, where a draw is
cheap) while the best is above :func:`least_repeats`: an early position's choice
can cost later ones, and another draw often avoids it."""
MAX_PLAYERS: Final = 240
"""60 tables of 4, as many as a duplicate tournament has at most."""


def table_sizes(players: int) -> tuple[int, ...]:
    """Tables of 4, and of 3 for what is left (one table of 5 at 5 players)."""
    if players == 5:
        return (5,)
    if not 3 <= players <= MAX_PLAYERS:
        raise TournamentError("libre_players", least=3, most=MAX_PLAYERS)
    threes = -players % 4
    return (4,) * ((players - 3 * threes) // 4) + (3,) * threes


def meetings(plan: Plan) -> Counter[tuple[int, int]]:
    """How often each pair of players shares a table."""
    met: Counter[tuple[int, int]] = Counter()
    for position in plan:
        for table in position:
            met.update(combinations(sorted(table), 2))
    return met


def repeats(plan: Plan) -> int:
    """Meetings beyond the first: 0 when no two players meet twice."""
    return sum(count - 1 for count in meetings(plan).values())


def make_plan(teams: Sequence[int], positions: int, seed: int) -> Plan:
    """A plan for players whose team is ``teams[p]`` (each player its own team in the
    individual form); TournamentError when teammates cannot be kept apart."""
    sizes = table_sizes(len(teams))
    if max(Counter(teams).values()) > len(sizes):
        raise TournamentError("libre_teams_apart", tables=len(sizes))
    rng = random.Random(seed)
    least = least_repeats(teams, positions)
    draws = RESTARTS if len(teams) * positions <= RESTART_SEATS else 1
    best: Plan = ()
    for _ in range(draws):
        plan = _draw(teams, positions, sizes, random.Random(rng.getrandbits(64)))
        if not best or repeats(plan) < repeats(best):
            best = plan
        if repeats(best) <= least:
            break
    return best


def least_repeats(teams: Sequence[int], positions: int) -> int:
    """A bound no plan beats: a player meets at least (smallest table - 1) players a
    position, and only so many are not teammates; the rest are meetings again."""
    sizes = table_sizes(len(teams))
    team_size = max(Counter(teams).values())
    again = (min(sizes) - 1) * positions - (len(teams) - team_size)
    return max(0, len(teams) * again) // 2


Met = list[list[int]]
"""How often each two players met at the positions drawn so far (a square matrix:
cheap to read in the inner loops)."""


def _draw(teams: Sequence[int], positions: int, sizes: Sequence[int], rng: random.Random) -> Plan:
    """One plan, position after position, each the best of :data:`TRIES` orders."""
    met: Met = [[0] * len(teams) for _ in teams]
    plan = []
    for _ in range(positions):
        best: list[list[int]] = []
        best_cost = 0
        for _ in range(TRIES):
            tables = _greedy(teams, sizes, met, rng) or _dealt(teams, len(sizes), rng)
            _improve(tables, teams, met)
            cost = sum(_cost(table, met) for table in tables)
            if not best or cost < best_cost:
                best, best_cost = tables, cost
            if not best_cost:
                break  # no earlier meeting at all: none does better
        for table in best:
            rng.shuffle(table)
            for x, y in combinations(table, 2):
                met[x][y] += 1
                met[y][x] += 1
        plan.append(tuple(tuple(table) for table in best))
    return tuple(plan)


def _cost(table: Sequence[int], met: Met) -> int:
    """Earlier meetings at a table, squared so that a third meeting weighs more."""
    return sum(met[x][y] ** 2 for x, y in combinations(table, 2))


def _greedy(
    teams: Sequence[int], sizes: Sequence[int], met: Met, rng: random.Random
) -> list[list[int]] | None:
    """Players in a random order, each at the open table where it met the fewest
    (no teammate there); None at a dead end."""
    order = list(range(len(teams)))
    rng.shuffle(order)
    tables: list[list[int]] = [[] for _ in sizes]
    for player in order:
        mine = met[player]
        open_tables = [
            t
            for t, table in enumerate(tables)
            if len(table) < sizes[t] and all(teams[o] != teams[player] for o in table)
        ]
        if not open_tables:
            return None
        chosen = min(open_tables, key=lambda t: (sum(mine[o] for o in tables[t]), t))
        tables[chosen].append(player)
    return tables


def _dealt(teams: Sequence[int], tables: int, rng: random.Random) -> list[list[int]]:
    """Teams in a random order, members one after the other, dealt round the tables:
    a team's members land at different tables as long as it has no more than there
    are tables, and the tables fill as :func:`table_sizes` says (4s, then 3s)."""
    order = list(range(len(teams)))
    rng.shuffle(order)
    labels = sorted(set(teams))
    rng.shuffle(labels)
    rank = {team: i for i, team in enumerate(labels)}
    order.sort(key=lambda p: rank[teams[p]])
    dealt: list[list[int]] = [[] for _ in range(tables)]
    for index, player in enumerate(order):
        dealt[index % tables].append(player)
    return dealt


def _improve(tables: list[list[int]], teams: Sequence[int], met: Met) -> None:
    """Swap two players of different tables while it lowers the earlier meetings."""
    changed = True
    while changed:
        changed = False
        for a, b in combinations(range(len(tables)), 2):
            if not _cost(tables[a], met) and not _cost(tables[b], met):
                continue  # nothing to lower
            while (swapped := _swap(tables[a], tables[b], teams, met)) is not None:
                tables[a], tables[b] = swapped
                changed = True


def _swap(
    first: list[int], second: list[int], teams: Sequence[int], met: Met
) -> tuple[list[int], list[int]] | None:
    """The two tables after the first swap of x (of ``first``) for y (of ``second``)
    that lowers their earlier meetings (squared): what y and x would pay at their
    new tables is less than what they pay at their own; None if there is none."""

    def pays(player: int, table: Sequence[int], leaving: int) -> int:
        row = met[player]
        return sum(row[o] ** 2 for o in table if o != leaving)

    for i, x in enumerate(first):
        for j, y in enumerate(second):
            if pays(y, first, x) + pays(x, second, y) >= pays(x, first, x) + pays(y, second, y):
                continue
            one = [*first[:i], y, *first[i + 1 :]]
            two = [*second[:j], x, *second[j + 1 :]]
            if _apart(one, teams) and _apart(two, teams):
                return one, two
    return None


def _apart(table: Sequence[int], teams: Sequence[int]) -> bool:
    return len({teams[p] for p in table}) == len(table)


def check_plan(plan: Plan, teams: Sequence[int]) -> None:
    """TournamentError unless every position seats every player once, at tables of
    :func:`table_sizes`, teammates apart (a stored plan read back)."""
    sizes = sorted(table_sizes(len(teams)))
    for position in plan:
        seated = sorted(p for table in position for p in table)
        if seated != list(range(len(teams))) or sorted(map(len, position)) != sizes:
            raise TournamentError("libre_plan")
        if not all(_apart(table, teams) for table in position):
            raise TournamentError("libre_teams_apart", tables=len(sizes))
