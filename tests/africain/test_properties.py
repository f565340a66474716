"""Invariants over random games, checked from the events and views only."""

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.africain.actions import AfricainAction
from atout.africain.rules import AFRICAIN
from atout.cards import parse_card, parse_cards
from atout.game import CHANCE, OMNISCIENT, SPECTATOR, Event, IllegalAction

from .test_one_card_round import strings

GAMES = settings(max_examples=60, deadline=None)
players_and_variant = st.sampled_from(
    [(2, "standard"), (3, "standard"), (4, "standard"), (5, "cinq")]
)
options = st.sampled_from(
    [None, {"loss": "difference"}, {"remontee": False, "lives": 4}, {"lives": 3}]
)


def random_game(
    players: int, variant: str, opts: dict[str, Any] | None, seed: int
) -> tuple[Any, list[str], list[list[Event]]]:
    """A random game: final state, action texts and the events of each action."""
    rng = random.Random(seed)
    state = AFRICAIN.new(players, variant, opts)
    actions: list[str] = []
    events: list[list[Event]] = []
    while not state.is_over:
        action: AfricainAction
        if state.to_move == CHANCE:
            action = AFRICAIN.deal_action(state, rng.randrange(2**32))
        else:
            action = rng.choice(state.legal_actions())
        actions.append(str(action))
        events.append(state.apply(action))
    return state, actions, events


@GAMES
@given(players_and_variant, options, st.integers(0, 2**32))
def test_cards_and_tricks_are_conserved_each_round(
    pv: tuple[int, str], opts: dict[str, Any] | None, seed: int
) -> None:
    _, _, per_action = random_game(*pv, opts, seed)
    flat = [e for events in per_action for e in events]
    dealt: dict[int, set[int]] = {}
    played: list[int] = []
    hand_size = 0
    for event in flat:
        data = event.data
        if event.kind == "deal":
            dealt, played, hand_size = {}, [], data["hand_size"]
            seats = data["seats"]
        elif event.kind == "hand":
            dealt[data["seat"]] = set(parse_cards(" ".join(data["cards"])))
        elif event.kind == "reveal":
            dealt = {s: {parse_card(c)} for s, c in enumerate(data["cards"]) if c}
        elif event.kind == "play":
            card = parse_card(data["card"])
            assert card in dealt[data["seat"]]
            played.append(card)
        elif event.kind == "round_end":
            all_dealt = set().union(*dealt.values())
            assert len(all_dealt) == hand_size * len(seats)
            assert all(card >= 56 for card in all_dealt)
            assert sorted(played) == sorted(all_dealt)
            assert sum(data["tricks"]) == hand_size


@GAMES
@given(players_and_variant, options, st.integers(0, 2**32))
def test_lives_change_only_by_the_rules(
    pv: tuple[int, str], opts: dict[str, Any] | None, seed: int
) -> None:
    state, _, per_action = random_game(*pv, opts, seed)
    variant = state.variant
    lives = [variant.lives] * state.players
    for event in (e for events in per_action for e in events):
        if event.kind != "round_end":
            continue
        data = event.data
        losses = {}
        for seat, bid in enumerate(data["bids"]):
            if bid is None:
                losses[seat] = 0
                continue
            missing = bid - data["tricks"][seat]
            losses[seat] = abs(missing) if variant.loss == "difference" else max(0, missing)
        playing = [s for s, b in enumerate(data["bids"]) if b is not None]
        unscathed = [s for s in playing if losses[s] == 0]
        expected = [lives[s] - losses[s] for s in range(state.players)]
        if variant.remontee and len(unscathed) == 1:
            expected[unscathed[0]] = min(variant.lives, expected[unscathed[0]] + 1)
        assert data["lives_before"] == lives
        assert data["lives"] == expected
        assert all(lives[s] > 0 for s in playing)
        lives = expected
    alive = [s for s in range(state.players) if lives[s] > 0]
    winners = state.result()["winners"]
    if alive:
        assert winners == alive
    else:
        assert len(winners) >= 1


@GAMES
@given(players_and_variant, st.integers(0, 2**32))
def test_no_seat_sees_its_own_card_before_the_one_card_play(pv: tuple[int, str], seed: int) -> None:
    """Nor does a seat out of the game see the others' (it could tell them)."""
    players, variant = pv
    rng = random.Random(seed)
    state = AFRICAIN.new(players, variant, {"lives": 6, "hand_sizes": [2, 1]})
    seen: dict[int, list[Any]] = {s: [] for s in range(players)}
    while not state.is_over:
        one_card = state.hand_size == 1
        if state.to_move == CHANCE:
            events = state.apply(AFRICAIN.deal_action(state, rng.randrange(2**32)))
            seen = {s: [e.data for e in events if e.visible_to(s)] for s in range(players)}
        else:
            events = state.apply(rng.choice(state.legal_actions()))
        if one_card and state.view(OMNISCIENT)["phase"] == "bid":
            hands = state.view(OMNISCIENT)["hands"]
            for seat in range(players):
                hand = hands[seat]
                if hand is None:  # out of the game: it sees no card, as a spectator
                    assert strings(state.view(seat)["hands"]) == set()
                    continue
                seen[seat].extend(e.data for e in events if e.visible_to(seat))
                (own,) = hand
                assert own not in strings([seen[seat], state.view(seat)])
            assert strings(state.view(SPECTATOR)["hands"]) == set()


@GAMES
@given(players_and_variant, options, st.integers(0, 2**32))
def test_replaying_the_actions_gives_the_same_state(
    pv: tuple[int, str], opts: dict[str, Any] | None, seed: int
) -> None:
    players, variant = pv
    state, actions, per_action = random_game(players, variant, opts, seed)
    replay = AFRICAIN.new(players, variant, opts)
    cut = len(actions) // 2
    for text, events in zip(actions[:cut], per_action, strict=False):
        assert replay.apply(AFRICAIN.parse_action(text)) == events
    middle = replay.clone()
    for text in actions[cut:]:
        replay.apply(AFRICAIN.parse_action(text))
    assert replay == state
    assert replay.snapshot() == state.snapshot()
    assert middle != state  # the clone did not follow the replay
    json.dumps(state.view(OMNISCIENT))
    json.dumps(state.result())


@settings(max_examples=20, deadline=None)
@given(players_and_variant, st.integers(0, 2**32), st.integers(0, 80))
def test_illegal_actions_change_nothing(pv: tuple[int, str], seed: int, steps: int) -> None:
    players, variant = pv
    rng = random.Random(seed)
    state = AFRICAIN.new(players, variant)
    for _ in range(steps):
        if state.is_over:
            break
        if state.to_move == CHANCE:
            state.apply(AFRICAIN.deal_action(state, rng.randrange(2**32)))
        else:
            state.apply(rng.choice(state.legal_actions()))
    legal = {str(a) for a in state.legal_actions()}
    candidates = ["deal:seed=1", *(f"bid:{n}" for n in range(7))]
    candidates += [f"play:T{n}" for n in range(1, 22)] + ["play:EX", "play:EX:high"]
    before = state.clone()
    for text in candidates:
        if text in legal or (text == "deal:seed=1" and state.to_move == CHANCE):
            continue
        try:
            state.apply(AFRICAIN.parse_action(text))
        except IllegalAction as error:
            assert str(error)
        else:
            raise AssertionError(f"{text} was accepted but is not legal")
        assert state == before


@GAMES
@given(players_and_variant, options, st.integers(0, 2**32))
def test_no_view_or_event_shows_a_card_its_viewer_may_not_know(
    pv: tuple[int, str], opts: dict[str, Any] | None, seed: int
) -> None:
    """Every viewer, after every action: the cards in its view and in the events it
    is sent are its own hand (in a one-card round before the reveal: the others'
    instead), or cards already played or revealed."""
    players, variant = pv
    rng = random.Random(seed)
    state = AFRICAIN.new(players, variant, opts)
    public: set[str] = set()
    revealed = False
    while not state.is_over:
        if state.to_move == CHANCE:
            events = state.apply(AFRICAIN.deal_action(state, rng.randrange(2**32)))
            public, revealed = set(), False
        else:
            events = state.apply(rng.choice(state.legal_actions()))
        for event in events:
            revealed |= event.kind == "reveal"
            if event.kind in ("play", "reveal") and event.to is None:
                public |= _cards(event.data)
        truth = state.view(OMNISCIENT)
        blind = truth["hand_size"] == 1 and not revealed
        for viewer in (SPECTATOR, *range(players)):
            may_know = set(public)
            for seat, hand in enumerate(truth["hands"]):
                if viewer >= 0 and hand and (seat == viewer) != blind:
                    may_know |= set(hand)
            seen = _cards(state.view(viewer)) | _cards(
                [e.data for e in events if e.visible_to(viewer)]
            )
            assert seen <= may_know, f"viewer {viewer} sees {sorted(seen - may_know)}"


def _cards(value: Any) -> set[str]:
    """The card texts anywhere in a JSON-ready value."""
    found = set()
    for text in strings(value):
        try:
            parse_card(text)
        except ValueError:
            continue
        found.add(text)
    return found
