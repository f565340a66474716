"""The compiled batch (atout.rl.fast) plays the engine's game: both are driven
with the same deals and the same random choices, and must agree at every
decision (seat to move, legal-action mask, the observation tensors of the seat
to move and of another seat) and at the end (each seat's score)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import numba
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout.rl.fast
from atout.cards import EXCUSE, FIRST_TRUMP, FULL_DECK, KINGS
from atout.french.actions import DealCards
from atout.french.dealing import hand_size
from atout.french.rules import FRENCH
from atout.french.state import CALL, FrenchState
from atout.french.variants import Contract
from atout.rl import make_spec
from atout.rl.fast import rules as R
from atout.rl.fast.batch import FrenchBatch
from atout.rl.fast.jit import compiled
from atout.rl.fast.table import UnsupportedTable
from atout.rl.french import BID_AT
from atout.rl.spec import legal_map, mask_of
from atout.rl.vector import VectorGames, sample

Deal = tuple[tuple[int, ...], int]


def _deal(rng: random.Random, players: int, order: tuple[int, ...]) -> Deal:
    """A random deal; half of them give one seat a strong hand (many trumps, the
    Excuse, Kings; some the very best) so that poignées, slams and the Excuse's
    last-trick rules come up."""
    size = hand_size(players)
    deck = list(range(78))
    rng.shuffle(deck)
    if rng.random() < 0.5:
        strong = [c for c in deck if c >= FIRST_TRUMP or KINGS >> c & 1]
        favoured = strong[: rng.randint(size // 2, size)]
        if rng.random() < 0.3:  # the Excuse and the highest trumps: a slam is on
            favoured = sorted(strong, key=lambda c: (c != EXCUSE, -c))[:size]
        deck = favoured + [c for c in deck if c not in favoured]
        seat_first = rng.randrange(players)
        order = order[seat_first:] + order[:seat_first]
    hands = [0] * players
    for i, seat in enumerate(order):
        hands[seat] = sum(1 << c for c in deck[i * size : (i + 1) * size])
    return tuple(hands), sum(1 << c for c in deck[players * size :])


def _choose(rng: random.Random, legal: list[int]) -> int:
    """A random legal action, passing more often than uniformly so that every
    contract is taken and some deals are passed out."""
    if legal[0] == BID_AT and rng.random() < 0.6:
        return BID_AT
    return rng.choice(legal)


def _play_both(
    players: int, options: Mapping[str, Any], deals: int, seed: int
) -> tuple[Counter[str], list[list[int]]]:
    """Play ``deals`` deals in the engine and in one compiled batch with the same
    random choices, asserting agreement; what happened, and the final scores."""
    rng = random.Random(seed)
    spec = make_spec("french", players, "fft", options)
    batch = FrenchBatch(deals, players, "fft", options)
    states: list[FrenchState] = []
    dealt = []
    for _ in range(deals):
        state = FRENCH.new(players, "fft", options)
        hands, dog = _deal(rng, players, state.order)
        state.step(DealCards(hands, dog))
        states.append(state)
        dealt.append((hands, dog))
    batch.deal(range(deals), dealt)
    seen: Counter[str] = Counter()
    while True:
        actions = np.full(deals, -1)
        viewers = np.array([rng.randrange(players) for _ in range(deals)])
        seen_by_mover, seen_by_other = batch.observe(), batch.observe(viewers)
        for g, state in enumerate(states):
            if state.phase in (0, 8):  # cancelled (a new deal is due) or scored
                assert batch.to_move[g] == -1 and not batch.masks[g].any()
                continue
            legal = legal_map(spec, state)
            assert batch.to_move[g] == state.to_move
            assert (batch.masks[g] == mask_of(spec, legal)).all(), (g, sorted(legal))
            assert (seen_by_mover[g] == spec.observe(state.view(state.turn))).all()
            assert (seen_by_other[g] == spec.observe(state.view(int(viewers[g])))).all()
            actions[g] = _choose(rng, sorted(legal))
            state.step(legal[actions[g]])
        if (actions < 0).all():
            break
        batch.step(actions)
    scores = []
    for g, state in enumerate(states):
        assert batch.over[g]
        assert batch.cancelled[g] == bool(state.cancelled)
        if state.score is None:
            seen[state.cancelled] += 1
            continue
        scores.append(batch.scores[g].tolist())
        assert scores[-1] == list(state.score.scores)
        outcome = state.outcome
        assert outcome is not None
        seen[Contract(outcome.contract).text] += 1
        seen["poignee"] += bool(outcome.poignees)
        seen["petit_au_bout"] += outcome.petit_au_bout is not None
        if outcome.chelem is not None:
            seen[f"chelem_{outcome.chelem}"] += 1
        seen["chelem_announced"] += outcome.chelem_announced
        seen["excuse_last"] += EXCUSE in state.tricks[-1][1]
        seen["alone"] += players == 5 and state.partner == state.taker
    return seen, scores


@pytest.mark.parametrize("players", [3, 4, 5])
def test_compiled_batch_plays_the_engines_game(players: int) -> None:
    seen, _ = _play_both(players, {}, deals=400, seed=players)
    print(players, sorted(seen.items()))
    for event in ("all_pass", "prise", "garde", "garde_sans", "garde_contre", "poignee"):
        assert seen[event] > 0, event
    for event in ("petit_au_bout", "chelem_attack", "chelem_announced", "excuse_last"):
        assert seen[event] > 0, event
    if players == 5:
        assert seen["alone"] > 0


def test_compiled_batch_reads_the_variants_numbers() -> None:
    options = {
        "prime": 10,
        "petit_au_bout": 15,
        "poignee_trumps": {"4": [8, 11, 14]},
        "poignee_bonus": [10, 25, 50],
        "chelem_announced_made": 500,
        "chelem_defence": 150,
    }
    _, scores = _play_both(4, options, deals=150, seed=7)
    assert scores


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.integers(0, 2**32))
def test_cards_are_conserved_and_scores_sum_to_zero(players: int, seed: int) -> None:
    rng = random.Random(seed)
    batch = FrenchBatch(4, players)
    order = FRENCH.new(players).order
    batch.deal(range(4), [_deal(rng, players, order) for _ in range(4)])
    rows = batch.rows
    while not batch.over.all():
        for g in range(4):
            if batch.to_move[g] < 0:
                continue
            places = [rows[g, R.HAND + 2 * s : R.HAND + 2 * s + 2] for s in range(players)]
            places += [rows[g, R.WON + 2 * s : R.WON + 2 * s + 2] for s in range(players)]
            taken = rows[g, R.CONTRACT] <= Contract.GARDE and rows[g, R.PHASE] > CALL
            places.append(rows[g, R.ECART : R.ECART + 2] if taken else rows[g, R.DOG : R.DOG + 2])
            cards = [int(lo) | int(hi) << FIRST_TRUMP for lo, hi in places]
            cards += [1 << int(c) for c in rows[g, R.TRICK : R.TRICK + rows[g, R.TRICK_LEN]]]
            assert sum(c.bit_count() for c in cards) == 78
            union = 0
            for c in cards:
                union |= c
            assert union == FULL_DECK
        batch.step(sample(batch.masks, np.random.default_rng(rng.getrandbits(32))))
    assert (batch.scores.sum(axis=1) == 0).all()


def test_a_wrong_action_changes_nothing() -> None:
    batch = FrenchBatch(2, 4)
    order = FRENCH.new(4).order
    batch.deal([0, 1], [_deal(random.Random(s), 4, order) for s in (1, 2)])
    before = batch.rows.copy()
    with pytest.raises(ValueError, match="deal 1: action 3 is not legal"):
        batch.step([172, 3])
    assert (batch.rows == before).all()
    with pytest.raises(ValueError, match="one action per deal"):
        batch.step([172])


def test_a_wrong_deal_is_refused() -> None:
    batch = FrenchBatch(1, 3)
    hands, dog = _deal(random.Random(0), 3, FRENCH.new(3).order)
    with pytest.raises(ValueError, match="the dog must hold 6 cards, got 5"):
        batch.deal([0], [(hands, dog & (dog - 1))])  # its lowest card left out
    for rows in ([1], [0, 0]):
        with pytest.raises(ValueError, match=r"one deal per row, rows 0\.\.0"):
            batch.deal(rows, [(hands, dog)])


@pytest.mark.parametrize(
    ("variant", "options", "named"),
    [
        ("traditionnel", {}, "excuse_last_trick"),
        ("fft", {"misere": True}, "misere"),
        ("fft", {"king_call_self": False}, "king_call_self"),
        ("fft", {"dealer_sits_out": True}, "mort"),
        ("fft", {"deals": 2}, "deals"),
        ("fft", {"imposed_contract": "garde", "imposed_minimum": True}, "imposed_minimum"),
    ],
)
def test_tables_the_compiled_path_does_not_play_are_refused(
    variant: str, options: dict[str, Any], named: str
) -> None:
    with pytest.raises(UnsupportedTable, match=named):
        FrenchBatch(1, 5, variant, options)
    with pytest.raises(ValueError, match=named):
        VectorGames(1, "french", 5, variant, options, observe=False, compiled=True)
    assert not VectorGames(1, "french", 5, variant, options, observe=False).compiled


@pytest.mark.parametrize(("players", "observe"), [(5, False), (3, True)])
def test_vector_games_compiled_gives_the_engines_episodes(players: int, observe: bool) -> None:
    engine = VectorGames(16, "french", players, seed=11, observe=observe, compiled=False)
    fast = VectorGames(16, "french", players, seed=11, observe=observe)
    assert fast.compiled and not engine.compiled
    obs, masks, seats = engine.reset()
    fast_obs, fast_masks, fast_seats = fast.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        assert (masks == fast_masks).all() and (seats == fast_seats).all()
        assert obs.shape == fast_obs.shape and (obs == fast_obs).all()
        actions = sample(masks, rng)
        obs, masks, seats, rewards, done = engine.step(actions)
        fast_obs, fast_masks, fast_seats, fast_rewards, fast_done = fast.step(actions)
        assert (rewards == fast_rewards).all() and (done == fast_done).all()
        ended += int(done.sum())
    assert ended > 16


def test_compiled_path_refusals_name_the_reason() -> None:
    with pytest.raises(ValueError, match="French Tarot only"):
        VectorGames(1, "africain", 3, compiled=True)
    assert not VectorGames(1, "africain", 3).compiled
    batch = FrenchBatch(2, 4)
    with pytest.raises(ValueError, match="one viewer per deal"):
        batch.observe([0, 4])
    assert not batch.observe([0, 1]).any()  # nothing dealt yet: rows of zeros


def test_without_a_cache_directory_functions_are_compiled_each_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = numba.njit

    def no_cache(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("cache"):  # what numba says when no cache directory is writable
            raise RuntimeError("cannot cache function 'twice': no locator available")
        return real(*args, **kwargs)

    monkeypatch.setattr(numba, "njit", no_cache)

    def twice(x: int) -> int:
        return 2 * x

    function = compiled(twice)
    assert function(21) == 42 and function.py_func is twice  # type: ignore[attr-defined]


def test_without_numba_vector_games_use_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atout.rl.fast, "available", lambda: False)
    assert not VectorGames(1, "french", 4).compiled
    with pytest.raises(ValueError, match=r"pip install 'atout\[fast\]'"):
        VectorGames(1, "french", 4, compiled=True)
