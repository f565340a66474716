"""Counting at the end of a deal: the Excuse, the slam exception, petit au bout, scores."""

from __future__ import annotations

from atout.french.state import FrenchState
from tests.french.deals import act, explicit_deal, new_state, play_out

ALL_TRUMPS = " ".join(f"T{n}" for n in range(1, 22))
DOG = "1C 2C 3C 4C 5C 6C"  # 6 half points
DESCENDING = [f"T{n}" for n in range(21, 0, -1)]


def slam_deal(taker: str, others: dict[int, str], **options: object) -> FrenchState:
    """3 players, seat 1 bids garde contre and may announce a chelem."""
    return new_state(3, explicit_deal(3, {1: taker, **others}, DOG), **options)


def test_announced_slam_with_the_excuse_last_and_petit_au_bout_on_the_penultimate() -> None:
    state = slam_deal(ALL_TRUMPS + " EX KS KH", {})
    act(state, "bid:garde_contre", "bid:pass", "bid:pass", "chelem:yes")
    assert state.to_move == 1
    play_out(state, {1: ["KS", "KH", *DESCENDING, "EX"]})
    outcome = state.outcome
    assert outcome is not None and state.score is not None
    # the Excuse, led to the last trick of a slam, wins it
    assert state.tricks[-1][2] == 1
    assert outcome.chelem == "attack" and outcome.petit_au_bout == "attack"
    # the dog counts for the defence on a garde contre: 91 - 3 points
    assert outcome.attack_half_points == 182 - 6 and outcome.bouts == 3
    # (25 + 88 - 36) x 6 + 10 x 6 + 400 = 922 from each defender, taker 2x at 3 players
    assert state.score.scores == (-922, 1844, -922)


def test_defence_excuse_last_stays_with_the_defence_for_4_points() -> None:
    state = slam_deal(ALL_TRUMPS + " KS KH KD", {2: "EX"})
    act(state, "bid:garde_contre", "bid:pass", "bid:pass", "chelem:no")
    play_out(state, {1: ["KS", "KH", "KD", *DESCENDING]})
    outcome = state.outcome
    assert outcome is not None and state.score is not None
    assert outcome.chelem == "attack" and outcome.petit_au_bout == "attack"
    # all but the dog and the Excuse, plus the half point given for it
    assert outcome.attack_half_points == 182 - 6 - 9 + 1 and outcome.bouts == 2
    # 84 - 41 = 43: (25 + 43) x 6 + 60 + 200 unannounced slam = 668
    assert state.score.scores == (-668, 1336, -668)


def _excuse_led_to_the_last_trick(**options: object) -> FrenchState:
    """Seat 2 (defence) keeps the Excuse to the last trick, which the taker wins
    with the Petit; the defence has won two tricks, so there is no slam."""
    state = slam_deal(ALL_TRUMPS + " KS 7C 8C", {2: "EX"}, **options)
    act(state, "bid:garde_contre", "bid:pass", "bid:pass", "chelem:no")
    while not state.deal_over:  # everyone plays its lowest card; the taker saves the Petit
        legal = [str(a) for a in state.legal_actions()]
        others = [a for a in legal if a != "play:T1"]
        act(state, (others or legal)[0])
    last = state.tricks[-1]
    assert 77 in last[1] and last[2] == 1 and state.outcome is not None
    assert state.outcome.chelem is None and state.outcome.petit_au_bout == "attack"
    return state


def test_excuse_in_the_last_trick_changes_sides_outside_a_slam() -> None:
    fft = _excuse_led_to_the_last_trick().outcome
    house = _excuse_led_to_the_last_trick(excuse_last_trick="owner").outcome
    assert fft is not None and house is not None
    assert fft.bouts == 3 and house.bouts == 2
    # FFT: the Excuse (4.5) is the attack's; the house rule exchanges it for a half point
    assert fft.attack_half_points - house.attack_half_points == 9 - 1


def test_excuse_played_earlier_is_exchanged_even_in_the_variant() -> None:
    state = slam_deal(ALL_TRUMPS + " KS KH KD", {2: "EX"}, excuse_last_trick="trick_winner")
    act(state, "bid:garde_contre", "bid:pass", "bid:pass", "chelem:no")
    play_out(state, {1: ["KS", "KH", "KD", *DESCENDING], 2: ["EX"]})
    assert state.outcome is not None
    assert state.outcome.attack_half_points == 182 - 6 - 9 + 1 and state.outcome.bouts == 2
