"""Counting at the end of a deal: the Excuse, the slam exception, petit au bout, scores."""

from __future__ import annotations

import pytest

from atout.french.rules import FRENCH
from atout.french.state import FrenchState
from atout.game import IllegalAction
from tests.french.deals import act, explicit_deal, legal, new_state, play_out

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


def test_chelem_announcer_keeps_the_excuse_for_the_last_trick() -> None:
    # FFT: "En cas de Chelem réussi, le demandeur doit obligatoirement faire tous ses
    # plis et s'il détient l'Excuse, la jouer en dernier".
    state = slam_deal(ALL_TRUMPS + " EX KS KH", {})
    act(state, "bid:garde_contre", "bid:pass", "bid:pass", "chelem:yes", "poignee:none")
    assert "play:EX" not in legal(state) and "play:KS" in legal(state)
    with pytest.raises(IllegalAction, match="Excuse is played to the last trick"):
        act(state, "play:EX")


def test_once_the_chelem_is_lost_the_excuse_may_be_played() -> None:
    # The taker leads its 1S and loses the trick: the chelem can no longer be made.
    state = slam_deal("EX 1S T21", {})
    act(state, "bid:garde_contre", "bid:pass", "bid:pass", "chelem:yes")
    assert "play:EX" not in legal(state)
    act(state, "play:1S")
    while state.to_move != 1:
        act(state, legal(state)[0])
    assert state.tricks[0][2] != 1 and "play:EX" in legal(state)


FIVE_TAKER = "EX T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 1S KD QD"
FIVE_OTHERS = {
    0: "5S 6S 7S 8S 9S 10S JS NS QS 3H 6H 7H 8H 9H 10H",
    2: "2S 3S 4S T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 1H 2H",
    3: "KS 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC",  # and KH or 4H
    4: "KC 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD ND 5H",  # and 4H or KH
}


def _five_player_slam(partner: int) -> FrenchState:
    """Seat 1 takes a garde contre at five, calls the King of Hearts (held by
    ``partner``, 3 or 4) and announces a chelem; seat 3's King of Spades wins the
    first trick, and seat 3 leads clubs, which the taker must trump."""
    hands = {seat: cards for seat, cards in FIVE_OTHERS.items()}
    hands[3] += " KH" if partner == 3 else " 4H"
    hands[4] += " KH" if partner == 4 else " 4H"
    state = new_state(5, explicit_deal(5, {1: FIVE_TAKER, **hands}, "JH NH QH"))
    act(state, "bid:garde_contre", *["bid:pass"] * 4, "call:KH", "chelem:yes", "poignee:none")
    act(state, "play:1S", "poignee:none", "play:2S", "play:KS", "play:1D", "play:5S")
    act(state, "play:1C", "play:KC", "play:3H")
    assert state.tricks[0][2] == 3 and state.to_move == 1 and state.partner == partner
    return state


def test_the_taker_s_cards_do_not_tell_it_who_holds_the_called_king() -> None:
    # The Excuse held back while the attack may have every trick: the one trick
    # not the taker's went to seat 3, partner or not, which the taker cannot know.
    # Offered when seat 3 defends only, it told the taker so.
    partner, defender = _five_player_slam(3), _five_player_slam(4)
    assert partner.view(1) == defender.view(1)
    assert legal(partner) == legal(defender)
    assert "play:EX" not in legal(defender) and "play:T11" in legal(defender)


def test_two_seats_winning_tricks_lose_the_slam_as_the_taker_sees_it() -> None:
    state = _five_player_slam(4)
    act(state, "play:T11", "play:T1")  # the taker trumps the King of Clubs and leads
    assert "play:EX" not in legal(state)
    act(state, "play:QD", "play:T2", "play:2C", "play:2D", "play:6H")  # seat 2 trumps
    act(state, "play:1H", "play:4H", "play:5H", "play:7H")  # the called King unseen
    assert [t[2] for t in state.tricks] == [3, 1, 2] and state.to_move == 1
    # seats 3 and 4 cannot both be the partner: the slam is lost, the Excuse free
    assert "play:EX" in legal(state)


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


def test_traditionnel_excuse_of_the_side_suffering_a_capot_stays_its_own() -> None:
    # Seed 001: "L'Excuse peut se jouer au dernier tour uniquement dans le cas de
    # Capot. Cette carte remporte alors le pli. [...] Dans une partie ordinaire,
    # l'Excuse, si elle est jouée au dernier pli, revient au gagnant de ce pli."
    # A capot is no "partie ordinaire", and the seed says nothing of the Excuse of
    # the side suffering it: the FFT's rule is kept, it stays that side's for 4 points.
    state = FRENCH.new(3, "traditionnel")
    state.apply(explicit_deal(3, {1: ALL_TRUMPS + " KS KH KD", 2: "EX"}, DOG))
    act(state, "bid:garde_contre", "bid:pass", "bid:pass", "chelem:no")
    play_out(state, {1: ["KS", "KH", "KD", *DESCENDING]})
    outcome = state.outcome
    assert outcome is not None and state.score is not None
    assert 77 in state.tricks[-1][1] and state.tricks[-1][2] == 1
    assert outcome.chelem == "attack" and outcome.petit_au_bout == "attack"
    assert outcome.attack_half_points == 182 - 6 - 9 + 1 and outcome.bouts == 2
    # 84 - 41 = 43, + 10 petit au bout in the difference: (25 + 53) x 12 + 300
    # unannounced capot = 1236 from each defender
    assert state.score.scores == (-1236, 2472, -1236)


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


# Seat 2 (defence) keeps the Petit to the end: 11 trumps answer the taker's 10 trump
# leads, and low cards follow the taker's 13 honours, so the Petit is its last card.
PETIT_LAST_DEFENDER = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 1S 2S 3S 4S 1H 2H 3H 1D 2D 3D 1C 2C 3C"
HONOURS_LED = ["KS", "QS", "NS", "JS", "KH", "QH", "NH", "KD", "QD", "ND", "KC", "QC", "NC"]


def test_petit_in_the_last_trick_of_a_slam_is_au_bout_for_the_side_taking_it() -> None:
    # FFT: "Si le Petit fait partie de la dernière levée, on dit qu'il est au Bout. Le
    # camp qui réalise la dernière levée, à condition que cette levée comprenne le
    # Petit, bénéficie d'une prime". The Excuse, led last, wins the slam's last trick,
    # in which the defender plays the Petit: the attack takes it au bout.
    taker = " ".join(f"T{n}" for n in range(12, 22)) + " EX " + " ".join(HONOURS_LED)
    state = new_state(3, explicit_deal(3, {1: taker, 2: PETIT_LAST_DEFENDER}, "4H 5H 6H 4D 5D 6D"))
    act(state, "bid:garde_contre", "bid:pass", "bid:pass", "chelem:yes")
    trumps = [f"T{n}" for n in range(21, 11, -1)]
    play_out(state, {1: [*trumps, *HONOURS_LED, "EX"], 2: [f"T{n}" for n in range(11, 1, -1)]})
    last = state.tricks[-1]
    assert 56 in last[1] and 77 in last[1] and last[2] == 1
    outcome = state.outcome
    assert outcome is not None and state.score is not None
    assert outcome.chelem == "attack" and outcome.petit_au_bout == "attack"
    # All but the dog (3 points, the defence's at a garde contre): 88 with 3 bouts,
    # (25 + 52) x 6 + 10 x 6 + 400 = 922 from each defender, the taker 2x at 3.
    assert outcome.attack_half_points == 176 and outcome.bouts == 3
    assert state.score.scores == (-922, 1844, -922)


def test_petit_captured_in_the_last_trick_is_au_bout_for_the_capturing_side() -> None:
    # Same rule without an Excuse: the taker leads its honours, then its trumps; the
    # defender's last trump, the Petit, falls in the last trick, which the taker wins.
    taker = " ".join(f"T{n}" for n in range(12, 22)) + " " + " ".join(HONOURS_LED) + " JH"
    defender = PETIT_LAST_DEFENDER.replace("T11 ", "4H ")
    state = new_state(3, explicit_deal(3, {1: taker, 2: defender}, "T11 EX 5H 6H 4D 5D"))
    act(state, "bid:garde_contre", "bid:pass", "bid:pass", "chelem:no")
    honours = [*HONOURS_LED[:7], "JH", *HONOURS_LED[7:]]
    follow = ["1S", "2S", "3S", "4S", "1H", "2H", "3H", "4H", "1D", "2D", "3D", "1C", "2C", "3C"]
    play_out(
        state,
        {
            1: [*honours, *(f"T{n}" for n in range(21, 11, -1))],
            2: [*follow, *(f"T{n}" for n in range(10, 1, -1))],
        },
    )
    last = state.tricks[-1]
    assert 56 in last[1] and last[2] == 1
    outcome = state.outcome
    assert outcome is not None and state.score is not None
    assert outcome.petit_au_bout == "attack" and outcome.chelem == "attack"
    # The dog (the Excuse 4.5, the 11 and four low cards: 7 points) is the
    # defence's: 84 with 2 bouts, (25 + 43) x 6 + 60 + 200 (slam not announced) = 668.
    assert outcome.attack_half_points == 168 and outcome.bouts == 2
    assert state.score.scores == (-668, 1336, -668)


def _defence_excuse_in_a_last_trick_the_defence_takes(**options: object) -> FrenchState:
    """4 players: the taker (seat 1) takes only the first trick (KS ND 1S 2S, 8
    points); seat 3 then trumps and leads its trumps up to the 21, and seat 2 keeps
    the Excuse for the last trick, which seat 3 (its partner in defence) takes."""
    hands = {3: " ".join(f"T{n}" for n in range(5, 22)) + " 1S", 0: "T1 T2 T3 T4 2S", 2: "EX"}
    state = new_state(4, explicit_deal(4, {**hands, 1: "KS"}, "1H 2H 3H 4H 5H 6H"), **options)
    act(state, "bid:garde_contre", "bid:pass", "bid:pass", "bid:pass", "chelem:no")
    play_out(state, {1: ["KS"]})
    first, last = state.tricks[0], state.tricks[-1]
    assert first[2] == 1 and sorted(first[1]) == [0, 1, 13, 39]  # 1S 2S KS ND
    assert last[2] == 3 and 77 in last[1] and 76 in last[1]
    return state


def test_fft_excuse_in_the_last_trick_changes_sides_even_when_its_side_takes_it() -> None:
    # FFT: "l'Excuse ne doit pas être jouée à la dernière levée, sauf en cas de
    # Chelem, sinon elle change de camp" (seed 003: "transfers to the opposing team
    # regardless of who wins the trick"): the attack gets it.
    state = _defence_excuse_in_a_last_trick_the_defence_takes()
    assert state.outcome is not None and state.score is not None
    # 8 + 4.5 = 12.5 points with 1 bout: 38.5 short of 51, the half to the defence:
    # failed by 39, (25 + 39) x 6 = 384 to each defender.
    assert state.outcome.attack_half_points == 25 and state.outcome.bouts == 1
    assert state.score.scores == (384, -1152, 384, 384)


def test_excuse_in_the_last_trick_to_its_winner_or_owner_stays_in_defence() -> None:
    # Seed 001: "l'Excuse, si elle est jouée au dernier pli, revient au gagnant de ce
    # pli": seat 3 took it, so the defence keeps it; the owner house rule agrees.
    for rule in ("trick_winner", "owner"):
        state = _defence_excuse_in_a_last_trick_the_defence_takes(excuse_last_trick=rule)
        assert state.outcome is not None and state.score is not None
        # 8 points, no bout: 48 short of 56, (25 + 48) x 6 = 438 to each defender.
        assert state.outcome.attack_half_points == 16 and state.outcome.bouts == 0
        assert state.score.scores == (438, -1314, 438, 438)
