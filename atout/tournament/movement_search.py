"""The searched individual movement, for the numbers of tables where the
arithmetic one (:mod:`atout.tournament.movement`) cannot promise everything.

Each orientation line is a
position x set array of players, one to one along each position (every table
has one player of each orientation) and along each set (no player plays a set
twice); two lines whose players never meet twice are orthogonal arrays, so a
perfect movement over all T positions is ``players`` mutually orthogonal Latin
squares of order T, which do not exist at 2, 3, 4 or 6 tables, nor at 5 tables
with 5 players (at most 1, 2, 3, 1 and 4 such squares), and are not known at 10.
The search starts from the arithmetic movement over rings other than the
integers mod T (the fields GF(8), GF(9), GF(16), GF(8) x GF(5)... make 8, 9, 16,
40... tables perfect), improves it among movements where every
table does what the first does, shifted (:class:`_Differences`), then seat by
seat (:class:`_Search`), by a seeded annealing of bounded work: fewest repeated
meetings (a pair meeting ``n`` times counts ``n - 1``), then the fewest pairs
meeting often. Each player still plays each set once at most and each table a
set once at most. New individual tournaments are seated by it; one stored before, whose file
names no movement, keeps the arithmetic movement.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final, Protocol

Lines = tuple[tuple[int, ...], ...]
"""Per orientation, the table of its player at each cell (position by position,
set by set)."""

SEARCH_SEED: Final = 1912
"""Seeds the searched movement's annealing: the same sizes give the same movement."""
DIFFERENCE_WORK: Final = 40_000
"""Values the search among group-invariant movements changes at most, all rings together."""
CELL_WORK: Final = 30_000
"""Seats the search seat by seat changes at most."""
THRESHOLD: Final = 4
"""The rise in cost the annealing accepts at first; it falls to nothing along the work
(threshold accepting: integers only, so the movement is the same on every machine)."""
REPEAT_WEIGHT: Final = 4
"""A repeated meeting outweighs this many pairs of positions where two players meet:
the search lowers the repeats first, then spreads them."""

Ring = tuple[list[list[int]], list[list[int]]]
"""Addition and multiplication tables on the numbers 0..T-1."""


def _abelian_groups(order: int) -> list[tuple[int, ...]]:
    """Every abelian group of ``order``, as its invariant factors n1 | n2 | ..."""
    groups: list[tuple[int, ...]] = []

    def extend(factors: tuple[int, ...], rest: int) -> None:
        if rest == 1:
            groups.append(factors)
        for factor in range(factors[-1] if factors else 2, rest + 1):
            if rest % factor == 0 and (not factors or factor % factors[-1] == 0):
                extend((*factors, factor), rest // factor)

    extend((), order)
    return groups


def _digits(x: int, factors: Sequence[int]) -> list[int]:
    """``x`` in the mixed radix ``factors``, lowest digit first."""
    digits = []
    for factor in factors:
        x, digit = divmod(x, factor)
        digits.append(digit)
    return digits


def _number(digits: Sequence[int], factors: Sequence[int]) -> int:
    x = 0
    for digit, factor in zip(reversed(digits), reversed(factors), strict=True):
        x = x * factor + digit % factor
    return x


def _product(rings: Sequence[Ring]) -> Ring:
    """The product of ``rings``, componentwise, its elements numbered in the mixed radix
    of their orders (the first ring's digit lowest)."""
    orders = [len(add) for add, _ in rings]
    split = [_digits(x, orders) for x in range(math.prod(orders))]
    add, mul = (
        [
            [
                _number([ring[k][a][b] for ring, a, b in zip(rings, x, y, strict=True)], orders)
                for y in split
            ]
            for x in split
        ]
        for k in (0, 1)
    )
    return add, mul


def _cyclic(order: int) -> Ring:
    """The integers mod ``order``."""
    return (
        [[(x + y) % order for y in range(order)] for x in range(order)],
        [[x * y % order for y in range(order)] for x in range(order)],
    )


def _field(p: int, k: int) -> Ring:
    """GF(p**k): polynomials over Z_p (the digits in base p) multiplied modulo the first
    monic polynomial of degree k that leaves no zero divisor, an irreducible one."""
    size, radix = p**k, (p,) * k
    split = [_digits(x, radix) for x in range(size)]
    add = _product([_cyclic(p)] * k)[0]
    for low in split:  # x**k = -low
        mul = []
        for x in split:
            row = []
            for y in split:
                poly = [0] * (2 * k - 1)
                for i, a in enumerate(x):
                    for j, b in enumerate(y):
                        poly[i + j] += a * b
                for e in range(2 * k - 2, k - 1, -1):
                    top, poly[e] = poly[e], 0
                    for f in range(k):
                        poly[e - k + f] -= top * low[f]
                row.append(_number(poly[:k], radix))
            mul.append(row)
        if all(mul[x][y] for x in range(1, size) for y in range(1, size)):
            return add, mul
    raise AssertionError(f"no irreducible polynomial of degree {k} over Z_{p}")


def _prime_powers(number: int) -> list[tuple[int, int]]:
    """``number`` as primes and their exponents."""
    powers, p = [], 2
    while number > 1:
        k = 0
        while number % p == 0:
            number, k = number // p, k + 1
        if k:
            powers.append((p, k))
        p += 1
    return powers


def _rings(tables: int) -> list[Ring]:
    """Rings on the numbers 0..T-1 to build arithmetic movements over: the product of
    the fields GF(p**k) of the prime powers of ``tables`` (its steps differ in every
    field as long as each has more elements than the lines), then, when some k > 1,
    the product of the cyclic factors of each abelian group of order ``tables``."""
    powers = _prime_powers(tables)
    rings = [_product([_field(p, k) for p, k in powers])]
    if any(k > 1 for _, k in powers):
        rings += [_product([_cyclic(n) for n in group]) for group in _abelian_groups(tables)]
    return rings


def _affine_steps(ring: Ring, players: int, positions: int) -> list[list[int]]:
    """The arithmetic movement over ``ring`` as differences (see :class:`_Differences`):
    ``D_i(r) = d_i*r``. A step ``d`` whose multiples ``d*r`` differ brings each set once
    to each player; two lines whose steps differ by ``e`` meet again at two positions
    with equal ``e*r``: the steps are chosen one by one for the fewest such repeats."""
    add, mul = ring
    minus = [row.index(0) for row in add]

    def collisions(step: int) -> int:
        counts = Counter(mul[step][r] for r in range(positions))
        return sum(n * (n - 1) // 2 for n in counts.values())

    safe = [step for step in range(len(add)) if collisions(step) == 0]
    steps: list[int] = []
    for _ in range(players):
        steps.append(
            min(
                safe,
                key=lambda d: (sum(collisions(add[d][minus[e]]) for e in steps), steps.count(d)),
            )
        )
    return [[mul[d][r] for r in range(positions)] for d in steps]


def _pick(rng: random.Random, count: int) -> int:
    """A number below ``count`` from ``rng.random()``, the one draw whose sequence Python
    keeps from version to version (a stored tournament is seated again when loaded)."""
    return int(rng.random() * count)


class _Annealed(Protocol):
    """What :func:`_anneal` improves: a state with a cost, changed line by line."""

    repeats: int
    weight: int

    def propose(self, rng: random.Random) -> tuple[int, list[tuple[int, int]]]: ...

    def change(self, line: int, cells: Sequence[tuple[int, int]]) -> list[tuple[int, int]]: ...

    def snapshot(self) -> list[list[int]]: ...


def _anneal(state: _Annealed, rng: random.Random, work: int, enough: int) -> list[list[int]]:
    """The best snapshot of ``state`` met by a seeded annealing over its proposed changes
    (fewest repeats, then least weight), stopping after ``work`` changed values or at
    ``enough`` repeats."""
    best = (state.repeats, state.weight, state.snapshot())
    done = 0
    while done < work and best[0] > enough:
        line, cells = state.propose(rng)
        before = REPEAT_WEIGHT * state.repeats + state.weight
        undo = state.change(line, cells)
        done += len(cells)
        rise = REPEAT_WEIGHT * state.repeats + state.weight - before
        if rise * work <= THRESHOLD * (work - done):
            if (state.repeats, state.weight) < best[:2]:
                best = (state.repeats, state.weight, state.snapshot())
        else:
            state.change(line, undo)
    return best[2]


class _Differences:
    """Group-invariant lines: at position ``r`` the player of line ``i`` at the table
    of set ``s`` is ``s + D_i(r)``, ``D_i`` one to one (each player plays each set at
    most once). Players ``a``, ``b`` of lines ``i``, ``j`` meet at ``r`` when
    ``a - b = D_i(r) - D_j(r)``, so each repeated difference is ``T`` pairs meeting
    again: the counts here are in those units. Changes give a line's position another
    value (exchanging it with the position that had it)."""

    def __init__(self, add: Sequence[Sequence[int]], rows: Sequence[Sequence[int]]) -> None:
        order = len(add)
        self.sub = [[0] * order for _ in range(order)]
        for y in range(order):
            for z in range(order):
                self.sub[add[y][z]][y] = z
        self.rows = [list(row) for row in rows]
        self.at = [[-1] * order for _ in rows]
        """By line, value: the position where it is, or -1."""
        counts = {pair: [0] * order for pair in combinations(range(len(rows)), 2)}
        self.partners = [
            [
                (min(i, j), max(i, j), counts[min(i, j), max(i, j)])
                for j in range(len(rows))
                if j != i
            ]
            for i in range(len(rows))
        ]
        self.repeats = self.weight = 0
        for i, row in enumerate(self.rows):
            for position, value in enumerate(row):
                self.at[i][value] = position
                self._count(i, position, 1, i)

    def _count(self, i: int, position: int, sign: int, lines: int) -> None:
        rows, sub = self.rows, self.sub
        for first, second, counts in self.partners[i][:lines]:
            key = sub[rows[first][position]][rows[second][position]]
            n = counts[key] - (sign < 0)
            counts[key] += sign
            self.repeats += sign * (n > 0)
            self.weight += sign * n

    def propose(self, rng: random.Random) -> tuple[int, list[tuple[int, int]]]:
        i, position = _pick(rng, len(self.rows)), _pick(rng, len(self.rows[0]))
        value = _pick(rng, len(self.sub))
        other = self.at[i][value]
        cells = [(position, value)]
        if other not in (-1, position):
            cells.append((other, self.rows[i][position]))
        return i, cells

    def change(self, line: int, cells: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
        undo = [(position, self.rows[line][position]) for position, _ in cells]
        for position, _ in cells:
            self._count(line, position, -1, len(self.rows))
            self.at[line][self.rows[line][position]] = -1
        for position, value in cells:
            self.rows[line][position] = value
            self.at[line][value] = position
        for position, _ in cells:
            self._count(line, position, 1, len(self.rows))
        return undo

    def snapshot(self) -> list[list[int]]:
        return [list(row) for row in self.rows]


def fewest_repeats(tables: int, players: int, positions: int) -> int:
    """A lower bound on the repeated meetings of any movement where no player plays a
    set twice. Two cells (position, set) at different positions and sets agree on
    ``a`` lines when they hold the same player of ``a`` lines; every two players who
    meet ``n`` times make ``n(n-1)/2`` pairs of agreeing lines in such pairs of cells,
    and the cells at one position or of one set agree on no line. Each line agrees
    ``T * C(R, 2)`` times, so the pairs of agreeing lines are fewest when the
    agreements are spread evenly over the pairs of cells; a player meets another at
    most ``R`` times, which is ``n(n-1)/2 <= R(n-1)/2``."""
    cells = positions * tables
    pairs = math.comb(cells, 2) - positions * math.comb(tables, 2)
    pairs -= tables * math.comb(positions, 2)
    agreements = players * tables * math.comb(positions, 2)
    if pairs == 0:
        return 0
    even, rest = divmod(agreements, pairs)
    weight = pairs * math.comb(even, 2) + rest * even
    return -(-2 * weight // positions)


class _Search:
    """A movement as lines of players by cell ``position*T + set`` (so each set is once
    at each position, at the table :func:`individual_movement` gives it), with every
    two players' meetings counted. Moves exchange a line's players between two
    positions on the columns of a cycle (each player keeps the sets it plays) or
    between two sets on the rows of a chain (each position keeps its players): a
    player never plays a set twice, whatever the moves."""

    def __init__(self, lines: Sequence[Sequence[int]], tables: int, positions: int) -> None:
        self.tables, self.positions, self.players = tables, positions, len(lines)
        self.lines = [list(line) for line in lines]
        self.where = [[0] * (positions * tables) for _ in lines]
        """By line, position*T + player: the set it plays."""
        self.when = [[-1] * (tables * tables) for _ in lines]
        """By line, player*T + set: the position it plays it at, or -1."""
        met = {pair: [0] * (tables * tables) for pair in combinations(range(len(lines)), 2)}
        self.partners = [
            [(self.lines[j], met[min(i, j), max(i, j)], i < j) for j in range(len(lines)) if j != i]
            for i in range(len(lines))
        ]
        """By line: each other line and the meetings of their players (player of the
        first line * T + player of the second), with whether the line is the first."""
        self.repeats = 0
        """Meetings after the first, over all pairs of players."""
        self.weight = 0
        """Pairs of positions at which two players meet, over all pairs."""
        for i, line in enumerate(self.lines):
            for cell, player in enumerate(line):
                self._place(i, cell, player, i)

    def _place(self, i: int, cell: int, player: int, lines: int) -> None:
        """Seat ``player`` of line ``i`` in ``cell``, counting its meetings with the
        players of the first ``lines`` other lines."""
        t = self.tables
        self.lines[i][cell] = player
        position, board_set = divmod(cell, t)
        self.where[i][position * t + player] = board_set
        self.when[i][player * t + board_set] = position
        for other, counts, first in self.partners[i][:lines]:
            key = player * t + other[cell] if first else other[cell] * t + player
            n = counts[key]
            counts[key] = n + 1
            self.repeats += n > 0
            self.weight += n

    def _lift(self, i: int, cell: int) -> None:
        t, player = self.tables, self.lines[i][cell]
        for other, counts, first in self.partners[i]:
            key = player * t + other[cell] if first else other[cell] * t + player
            n = counts[key] - 1
            counts[key] = n
            self.repeats -= n > 0
            self.weight -= n
        self.when[i][player * t + cell % t] = -1

    def change(self, i: int, cells: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
        """Seat line ``i``'s players as ``cells`` (cell, player) say; the undoing change."""
        undo = [(cell, self.lines[i][cell]) for cell, _ in cells]
        for cell, _ in cells:
            self._lift(i, cell)
        for cell, player in cells:
            self._place(i, cell, player, self.players)
        return undo

    def row_cycle(self, i: int, first: int, second: int, board_set: int) -> list[tuple[int, int]]:
        """Exchange line ``i``'s players of two positions on the sets of a cycle: the
        players of ``second`` on them are those of ``first``, in another order."""
        line, t = self.lines[i], self.tables
        cycle, s = [], board_set
        while True:
            cycle.append(s)
            s = self.where[i][first * t + line[second * t + s]]
            if s == board_set:
                break
        return [(first * t + s, line[second * t + s]) for s in cycle] + [
            (second * t + s, line[first * t + s]) for s in cycle
        ]

    def column_chain(self, i: int, position: int, one: int, other: int) -> list[tuple[int, int]]:
        """Exchange line ``i``'s players of two sets at the positions of a chain: a
        player brought to a set it plays elsewhere exchanges there too."""
        line, t, when = self.lines[i], self.tables, self.when[i]
        chain, todo = {position}, [position]
        while todo:
            r = todo.pop()
            for there in (when[line[r * t + other] * t + one], when[line[r * t + one] * t + other]):
                if there >= 0 and there not in chain:
                    chain.add(there)
                    todo.append(there)
        return [(r * t + one, line[r * t + other]) for r in chain] + [
            (r * t + other, line[r * t + one]) for r in chain
        ]

    def propose(self, rng: random.Random) -> tuple[int, list[tuple[int, int]]]:
        i, position = _pick(rng, self.players), _pick(rng, self.positions)
        if rng.random() < 0.5:
            other = (position + 1 + _pick(rng, self.positions - 1)) % self.positions
            return i, self.row_cycle(i, position, other, _pick(rng, self.tables))
        one = _pick(rng, self.tables)
        other = (one + 1 + _pick(rng, self.tables - 1)) % self.tables
        return i, self.column_chain(i, position, one, other)

    def snapshot(self) -> list[list[int]]:
        return [list(line) for line in self.lines]


@lru_cache(maxsize=64)
def searched_lines(
    tables: int, players: int, positions: int, start: Lines | None
) -> tuple[tuple[int, ...], ...]:
    """The searched movement's lines: for each orientation, the table of its
    player (numbered by starting table) at each cell, position by position, set by
    set. Over each ring of :func:`_rings`, the arithmetic movement improved as
    differences; then the best of them, or ``start`` (the arithmetic movement over
    the integers mod T, when no player plays a set twice in it: so the search never
    does worse), improved seat by seat, each by a seeded annealing."""
    rng = random.Random(SEARCH_SEED)
    enough = fewest_repeats(tables, players, positions)
    rings = _rings(tables)
    search = None if start is None else _Search([list(line) for line in start], tables, positions)
    for add, mul in rings:
        if search is not None and search.repeats <= enough:
            break
        differences = _Differences(add, _affine_steps((add, mul), players, positions))
        rows = _anneal(differences, rng, DIFFERENCE_WORK // len(rings), enough // tables)
        lines = [[add[s][row[r]] for r in range(positions) for s in range(tables)] for row in rows]
        candidate = _Search(lines, tables, positions)
        if search is None or (candidate.repeats, candidate.weight) < (
            search.repeats,
            search.weight,
        ):
            search = candidate
    assert search is not None
    return tuple(tuple(line) for line in _anneal(search, rng, CELL_WORK, enough))
