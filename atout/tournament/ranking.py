"""The rulebook's ranking: results compared between players who held the same cards.

Individual ("Le classement en duplicate individuel"): each board is *topé*, its
results ranked from the TOP (100%) to the bulle (0%) in equal steps, ties
sharing their notes; a player's attack and defence percentages are the means of
their notes as taker and as defender, and the global percentage weighs them
1/4 and 3/4 at 4 players. Each hand is topped on its own holder's score: at 4
players the defenders' scores are the taker's divided by -3, so this gives each
defender "le complément de la note du preneur" as the rulebook does, and it
extends to 5 players (where the partner shares the taker's side) without a
special case; at 5 the weights are 1/5 and 4/5, the share of boards a player
attacks (the rulebook has no duplicate at 5: atout's reading).

Triplettes ("Le classement en triplettes"): topage as in individual, on the
attacker's score, the defending triplette taking the complement; global = 1/2
attack + 1/2 defence.

Quadrettes ("Conversion en PM"): on each board the score of a team's attacker is
compared with the opposing team's attacker on the same deal; the Écart becomes
square-root match points (PM), won by one team and lost by the other (in the
two-team match, won by one team only). PM are kept in thousandths, exactly
rounded, as the rulebook's grid prints them.

Ranks (:func:`shared_ranks`): the rulebook ranks "par ordre décroissant" and says
nothing of ties there; as in its topage ("En cas d'égalité, on partage"), equal
results share a rank, the next rank skipping as many (1, 1, 3), every ranking of
atout's tournaments numbered here (duplicate, sessions, tournoi libre). Tied
entrants stay in the order of their numbers (the player, triplette or team).

An entrant with no result yet has no rank: it is listed after the ranked ones,
in the order of numbers, and the ranks are those among the entrants with a
result. Before the first result nobody is ranked (not all first ex aequo). Half
way through a session, entrants who have played fewer boards are ranked on
what they have: the rulebook's percentages are means of notes ("la moyenne des
notes obtenues ... sur les donnes jouées"), so they compare entrants over
unequal numbers of boards, and the rows say how many boards each counts.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt
from types import MappingProxyType
from typing import Any, Final

from atout.tournament.boards import SOUTH
from atout.tournament.movement import Movement, Seating

HUNDRED: Final = Fraction(100)
PlayKey = tuple[int, int, int]
"""(position, table, board), all from 0 but the board number."""
NOTHING: Final[Mapping[Any, Any]] = MappingProxyType({})
"""No adjustment."""


def rounded(value: Fraction, places: int) -> float:
    """``value`` to ``places`` decimals, a half away from zero as people round
    (60.625 is 60.63), not to even as floats do, nor from a float's binary value."""
    whole = math.floor(abs(value) * 10**places + Fraction(1, 2))
    return math.copysign(whole / 10**places, value)


def topage(scores: Sequence[int]) -> list[Fraction]:
    """Each score's note in percent: best 100, worst 0, equal steps, ties share."""
    plays = len(scores)
    if plays == 1:
        return [HUNDRED / 2]
    step = HUNDRED / (plays - 1)
    notes = []
    for score in scores:
        above = sum(other > score for other in scores)
        tied = sum(other == score for other in scores)
        # places above .. above+tied-1 share their notes: the mean of an arithmetic run
        notes.append(HUNDRED - step * (above + Fraction(tied - 1, 2)))
    return notes


def match_points_milli(ecart: int) -> int:
    """The signed square root of an Écart in thousandths of PM, rounded to nearest."""
    size = abs(ecart) * 1_000_000
    root = isqrt(size)
    if 4 * size >= (2 * root + 1) ** 2:
        root += 1
    return root if ecart >= 0 else -root


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """A player's percentages, or a triplette's (None when it has no such board yet)."""

    player: int
    """The player, or the triplette."""
    orientation: int
    """The orientation line: at 4 players N, W, S, E; a triplette's North-South or East-West."""
    attack: Fraction | None
    defence: Fraction | None
    overall: Fraction | None
    notes: Mapping[int, Fraction]
    """Note by board number."""


def individual_standings(
    movement: Movement,
    takers: Mapping[int, int],
    scores: Mapping[PlayKey, Sequence[int]],
    assigned: Mapping[PlayKey, tuple[Fraction, Fraction]] = NOTHING,
    penalties: Mapping[tuple[int, int], Fraction] = NOTHING,
) -> list[PlayerStanding]:
    """Every player's percentages from the seat scores of the boards played so far.

    ``takers`` gives each board's taker orientation, ``scores`` each play's seat scores;
    ``assigned`` and ``penalties`` are the arbiter's (:func:`arbitrate`).
    """
    seat_of = {key: seating.seats for seating in movement.seatings for key in _keys(seating)}
    by_board: dict[int, list[PlayKey]] = defaultdict(list)
    for key in sorted(scores):
        by_board[key[2]].append(key)
    notes: dict[int, dict[int, Fraction]] = defaultdict(dict)
    for board, keys in by_board.items():
        for seat in range(movement.players):
            tops = topage([scores[key][seat] for key in keys])
            for key, note in zip(keys, tops, strict=True):
                notes[seat_of[key][seat]][board] = note
    arbitrate(notes, movement, takers, assigned, penalties)
    weight = Fraction(1, movement.players)
    standings = []
    for player in range(movement.tables * movement.players):
        orientation = player % movement.players
        mine = notes.get(player, {})
        attacked = {b for b in mine if takers[b] == orientation}
        standings.append(_standing(player, orientation, mine, attacked, weight))
    return standings


def _standing(
    entrant: int, line: int, notes: Mapping[int, Fraction], attacked: set[int], weight: Fraction
) -> PlayerStanding:
    """The percentages of one entrant from its notes by board, ``attacked`` saying
    which boards it attacked; the global one weighs attack by ``weight``."""
    attack = _mean([n for b, n in notes.items() if b in attacked])
    defence = _mean([n for b, n in notes.items() if b not in attacked])
    if attack is None or defence is None:
        overall = attack if defence is None else defence
    else:
        overall = weight * attack + (1 - weight) * defence
    return PlayerStanding(entrant, line, attack, defence, overall, notes)


def triplette_standings(
    movement: Movement,
    takers: Mapping[int, int],
    attack_scores: Mapping[PlayKey, int],
    lines: Mapping[int, int],
    assigned: Mapping[PlayKey, tuple[Fraction, Fraction]] = NOTHING,
    penalties: Mapping[tuple[int, int], Fraction] = NOTHING,
) -> list[PlayerStanding]:
    """Each triplette's percentages ("Le classement en triplettes"): each board is topé
    on the attackers' scores, the attacking triplette taking the note and the defending
    one "le complément"; global = 1/2 attack + 1/2 defence. ``lines`` gives each
    triplette's line (0 North-South, 1 East-West) for the classement alterné."""
    by_board: dict[int, list[PlayKey]] = defaultdict(list)
    for key in sorted(attack_scores):
        by_board[key[2]].append(key)
    notes: dict[int, dict[int, Fraction]] = defaultdict(dict)
    attacked: dict[int, set[int]] = defaultdict(set)
    for board, keys in by_board.items():
        tops = topage([attack_scores[key] for key in keys])
        for (position, table, _), note in zip(keys, tops, strict=True):
            seats = movement.at(position, table).seats
            attack = seats[takers[board]]
            defence = seats[(takers[board] + 1) % movement.players]
            notes[attack][board] = note
            notes[defence][board] = HUNDRED - note
            attacked[attack].add(board)
    for key in assigned:
        attacked[movement.at(key[0], key[1]).seats[takers[key[2]]]].add(key[2])
    arbitrate(notes, movement, takers, assigned, penalties)
    half = Fraction(1, 2)
    return [
        _standing(team, line, notes.get(team, {}), attacked[team], half)
        for team, line in sorted(lines.items())
    ]


def arbitrate(
    notes: dict[int, dict[int, Fraction]],
    movement: Movement,
    takers: Mapping[int, int],
    assigned: Mapping[PlayKey, tuple[Fraction, Fraction]],
    penalties: Mapping[tuple[int, int], Fraction],
) -> None:
    """The arbiter's notes (``atout.tournament.adjustments``): a cancelled play's
    entrants receive the (attack, defence) notes ``assigned`` (whoever sits with the
    taker's entrant: the attack), and ``penalties`` lower an entrant's note on a board."""
    for (position, table, board), (attack, defence) in assigned.items():
        seats = movement.at(position, table).seats
        for entrant in seats:
            notes[entrant][board] = attack if entrant == seats[takers[board]] else defence
    for (entrant, board), taken in penalties.items():
        if board in notes.get(entrant, {}):
            notes[entrant][board] -= taken


def _keys(seating: Seating) -> list[PlayKey]:
    return [(seating.position, seating.table, board) for board in seating.boards]


def _mean(values: Sequence[Fraction]) -> Fraction | None:
    return sum(values, Fraction(0)) / len(values) if values else None


def general_ranking(standings: Sequence[PlayerStanding]) -> list[PlayerStanding]:
    """Classement général: by global percentage, highest first (no result yet: last)."""
    return sorted(standings, key=lambda s: (s.overall is None, -(s.overall or 0), s.player))


def alternate_ranking(standings: Sequence[PlayerStanding]) -> list[PlayerStanding]:
    """Classement alterné: the firsts of each orientation line, ranked among themselves,
    then the seconds, and so on (the reference for a one-session tournament). A line
    holds "les joueurs ayant joué dans cette orientation": an entrant without a
    result yet is in none, and comes after them all, in the order of numbers."""
    order = general_ranking(standings)
    lines: dict[int, list[PlayerStanding]] = defaultdict(list)
    for standing in order:
        if standing.overall is not None:
            lines[standing.orientation].append(standing)
    depth = max((len(line) for line in lines.values()), default=0)
    ranked: list[PlayerStanding] = []
    for place in range(depth):
        group = [line[place] for line in lines.values() if place < len(line)]
        ranked.extend(general_ranking(group))
    return ranked + [s for s in order if s.overall is None]


def shared_ranks(keys: Sequence[Hashable]) -> list[int | None]:
    """Each place's rank, from 1, given the ranked order's keys: a key equal to the
    one before shares its rank and the next rank skips as many (1, 1, 3), as sports
    rankings show ties; a key ``None``, an entrant without any result yet, has no
    rank (such entrants come last: ValueError otherwise). One function, so the
    page, exports and CLI agree."""
    ranks: list[int | None] = []
    for place, key in enumerate(keys):
        if key is None:
            ranks.append(None)
        elif place and keys[place - 1] is None:
            raise ValueError("an entrant without a result is ranked before one with")
        else:
            ranks.append(ranks[-1] if place and keys[place - 1] == key else place + 1)
    return ranks


def ranked_standings(
    standings: Sequence[PlayerStanding], general: bool
) -> list[tuple[int | None, PlayerStanding]]:
    """The classement général or alterné with each entrant's rank: equal global
    percentages share a rank; in the alterné only within one group of the
    rulebook's places (the firsts of line at places 1 to 4...), since a second of
    line comes after every first whatever its percentage. An entrant without a
    result yet (no global percentage) has no rank."""
    if general:
        order = general_ranking(standings)
        return list(zip(shared_ranks([s.overall for s in order]), order, strict=True))
    order = alternate_ranking(standings)
    depth: Counter[int] = Counter()  # the k-th of a line in the alterné is in group k
    keys: list[tuple[int, Fraction] | None] = []
    for standing in order:
        if standing.overall is None:
            keys.append(None)
            continue
        keys.append((depth[standing.orientation], standing.overall))
        depth[standing.orientation] += 1
    return list(zip(shared_ranks(keys), order, strict=True))


def team_points(
    movement: Movement,
    attack_scores: Mapping[PlayKey, int],
    team_of: Callable[[int], int],
    teams: int,
    winner_only: bool = False,
) -> dict[int, int]:
    """Each team's total PM in thousandths, from the attacker's score of each play.

    Tables ``2p`` and ``2p+1`` of a position hold the two halves of one opposition;
    ``team_of`` reads a team from what sits in South. Quadrettes: the PM are won by one
    team and lost by the other. The two-team match (``winner_only``): "l'équipe marque
    le nombre de PM correspondant, l'autre équipe ne marquant pas".
    """
    totals = {team: 0 for team in range(teams)}
    for first, second, points in _compared(movement, attack_scores, team_of):
        if winner_only:
            totals[first] += max(points, 0)
            totals[second] += max(-points, 0)
        else:
            totals[first] += points
            totals[second] -= points
    return totals


def compared_boards(
    movement: Movement, attack_scores: Mapping[PlayKey, int], team_of: Callable[[int], int]
) -> Counter[int]:
    """How many boards each team's PM count so far: the boards whose two plays (its
    attacker's and the opposing team's, on the same deal) are both entered."""
    counts: Counter[int] = Counter()
    for first, second, _ in _compared(movement, attack_scores, team_of):
        counts[first] += 1
        counts[second] += 1
    return counts


def _compared(
    movement: Movement, attack_scores: Mapping[PlayKey, int], team_of: Callable[[int], int]
) -> Iterator[tuple[int, int, int]]:
    """Each board compared so far: the teams of tables ``2p`` and ``2p+1`` and the
    first one's PM (thousandths) from the Écart of their attackers' scores."""
    for (position, table, board), score in attack_scores.items():
        if table % 2:
            continue
        other = attack_scores.get((position, table + 1, board))
        if other is None:
            continue
        first = team_of(movement.at(position, table).seats[SOUTH])
        second = team_of(movement.at(position, table + 1).seats[SOUTH])
        yield first, second, match_points_milli(score - other)
