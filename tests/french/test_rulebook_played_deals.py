"""Whole deals played through the engine and scored, checked against the FFT
rulebook (Règlement officiel, 1 July 2012).

Every hand is written out in full; each seat's cards are listed in the order it
plays them, so trick n is every seat's n-th card. The points are counted by hand
in the comments from the card values (p. 3: bouts and Kings 4.5, Queens 3.5,
Knights 2.5, Jacks 1.5, any other card 0.5) and the expected marks follow from
the sentences quoted, never from the engine's output.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from atout.cards import EXCUSE, PETIT, parse_hand
from atout.french.actions import DealCards
from atout.french.state import PLAY, POIGNEE, FrenchState
from tests.french.deals import act, explicit_deal, legal, new_state


def deal_of(players: int, hands: Mapping[int, str], dog: str) -> DealCards:
    """Exactly these hands and dog; the engine refuses a deal missing a card."""
    masks = [0] * players
    for seat, cards in hands.items():
        masks[seat] = parse_hand(cards)
    return DealCards(tuple(masks), parse_hand(dog))


def play(
    state: FrenchState,
    scripts: Mapping[int, str],
    poignees: Mapping[int, str] | None = None,
    *,
    fill: bool = False,
) -> None:
    """Play the deal: each seat its scripted cards in order, a poignée where
    given (none otherwise); with ``fill``, the lowest legal card once a script
    runs out."""
    queues = {seat: cards.split() for seat, cards in scripts.items()}
    while not state.deal_over:
        seat = state.turn
        if state.phase == POIGNEE:
            act(state, "poignee:" + (poignees or {}).get(seat, "none"))
            continue
        assert state.phase == PLAY
        if queues.get(seat):
            act(state, "play:" + queues[seat].pop(0))
        else:
            assert fill, f"seat {seat} has no card left in its script"
            act(state, legal(state)[0])
    assert not any(queues.values()), "the deal ended before every scripted card"


def outcome_of(state: FrenchState) -> tuple[int, int, str | None, str | None]:
    """The attack's half points, its bouts, the petit au bout's side and the chelem's."""
    outcome = state.outcome
    assert outcome is not None
    return outcome.attack_half_points, outcome.bouts, outcome.petit_au_bout, outcome.chelem


def scores(state: FrenchState) -> tuple[int, ...]:
    assert state.score is not None
    return state.score.scores


# --- Four players: one card play under the four contracts -------------------
#
# Seat 1 takes; the dog QS QH QD QC NS NH (19 points) is its écart on a Prise or a
# Garde, its own unseen on a Garde Sans, the defence's on a Garde Contre. Seat 1
# wins three tricks: T21 with the Petit pissed under it and two low trumps (10),
# KS and KH each with three low spades or hearts (6 each), 22 points and the
# bouts 21 and Petit. Then it leads the 1D, seat 2 throws its Excuse, seat 0
# trumps, and seat 1 wins no more: its clubs 1-5 and diamonds 2-10 are below
# every club and diamond of the defence, and it has no trump left.

TAKER = "T21 KS KH 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D 1C 2C 3C 4C 5C"
DOG = "QS QH QD QC NS NH"
DEFENCE = {
    2: "T1 T2 T3 T4 T5 T6 T7 1S 2S 3S 1H 2H 3H EX KD ND JD 6C",
    3: "T8 T9 T10 T11 T12 T13 T14 4S 5S 6S JS 4H 5H 6H 7C 8C 9C 10C",
    0: "T15 T16 T17 T18 T19 T20 7S 8S 9S 10S 7H 8H 9H 10H JH JC NC KC",
}
OPENING = {1: "T21 KS KH 1D", 2: "T1 1S 1H EX", 3: "T8 4S 4H T9", 0: "T15 7S 7H T16"}


def _four_player_deal(contract: str, chelem: str = "no") -> FrenchState:
    state = new_state(4, deal_of(4, {1: TAKER, **DEFENCE}, DOG))
    act(state, f"bid:{contract}", "bid:pass", "bid:pass", "bid:pass")
    if state.phase == 3:
        act(state, *(f"discard:{card}" for card in DOG.split()))
    act(state, f"chelem:{chelem}")
    play(state, OPENING, fill=True)
    assert [t[2] for t in state.tricks[:4]] == [1, 1, 1, 0]
    assert all(t[2] != 1 for t in state.tricks[3:])
    return state


@pytest.mark.parametrize(
    ("contract", "half_points", "per_defender"),
    [
        # p. 4: "Avec deux Oudlers : il faut 41 points"; p. 8: "Si le nombre de points
        # est exactement réalisé, le contrat est "juste fait"" ; "Tout contrat valant
        # arbitrairement 25 points" ; "PRISE, ce total est inchangé, [...] GARDE, [...]
        # DEUX, [...] GARDE SANS, [...] QUATRE". 19 + 22 = 41: 25 x 1, 2, 4.
        ("prise", 82, 25),
        ("garde", 82, 50),
        # p. 6: "Sur une Garde sans le Chien, [les cartes du Chien] seront
        # comptabilisées avec ses levées"
        ("garde_sans", 82, 100),
        # "Sur une Garde contre le Chien, [...] elles seront comptabilisées avec les
        # levées de la Défense": 22 points, 19 short of 41, (25 + 19) x 6 = 264 paid.
        ("garde_contre", 44, -264),
    ],
)
def test_one_play_under_the_four_contracts(
    contract: str, half_points: int, per_defender: int
) -> None:
    state = _four_player_deal(contract)
    assert outcome_of(state) == (half_points, 2, None, None)
    assert scores(state) == (-per_defender, 3 * per_defender, -per_defender, -per_defender)


def test_a_chelem_announced_and_failed_costs_200() -> None:
    # p. 6: "Chelem annoncé mais non réalisé : 200 points sont déduits du total."
    # The Garde just made is worth 50; 50 - 200 = -150 from each defender's view.
    state = _four_player_deal("garde", chelem="yes")
    assert outcome_of(state) == (82, 2, None, None)
    assert scores(state) == (150, -450, 150, 150)


@pytest.mark.parametrize(
    ("contract", "half_points", "bouts", "per_defender"),
    [
        # p. 8: "en cas de Garde sans le Chien, un éventuel Bout au Chien est acquis
        # au preneur": the dog (the Excuse for the NH: 21 points) and 22 make 43
        # with three bouts, 7 over 36: (25 + 7) x 4 = 128.
        ("garde_sans", 86, 3, 128),
        # On a Garde Contre the dog, Excuse and all, is the defence's: 22 points
        # with two bouts, 19 short: (25 + 19) x 6 = 264 paid to each defender.
        ("garde_contre", 44, 2, -264),
    ],
)
def test_a_bout_in_the_dog_follows_the_dog(
    contract: str, half_points: int, bouts: int, per_defender: int
) -> None:
    seat_2 = "T1 T2 T3 T4 T5 T6 T7 1S 2S 3S 1H 2H 3H NH KD ND JD 6C"
    state = new_state(4, deal_of(4, {1: TAKER, **DEFENCE, 2: seat_2}, "QS QH QD QC NS EX"))
    act(state, f"bid:{contract}", "bid:pass", "bid:pass", "bid:pass", "chelem:no")
    play(state, {**OPENING, 2: "T1 1S 1H JD"}, fill=True)
    assert [t[2] for t in state.tricks[:4]] == [1, 1, 1, 0]
    assert outcome_of(state) == (half_points, bouts, None, None)
    assert scores(state) == (-per_defender, 3 * per_defender, -per_defender, -per_defender)


def test_a_defenders_excuse_played_last_gives_the_attack_an_odd_half_point() -> None:
    # Seat 2 keeps its Excuse to the last trick: "sinon elle change de camp", and
    # no card comes back for it. 41 + 4.5 = 45.5 points with three bouts, 9.5
    # over 36; the half goes to the side that wins (docs/rules.md, section 1, the
    # rulebook's "le ½ point va toujours au camp gagnant" at 3 and 5 players):
    # made by 10, (25 + 10) x 2 = 70.
    state = new_state(4, deal_of(4, {1: TAKER, **DEFENCE}, DOG))
    act(state, "bid:garde", "bid:pass", "bid:pass", "bid:pass")
    act(state, *(f"discard:{card}" for card in DOG.split()), "chelem:no")
    play(state, {**OPENING, 2: "T1 1S 1H JD"}, fill=True)
    assert all(t[2] != 1 for t in state.tricks[3:]) and EXCUSE in state.tricks[-1][1]
    assert outcome_of(state) == (91, 3, None, None)
    assert scores(state) == (-70, 210, -70, -70)


def test_rulebook_example_announced_chelem_played_card_by_card() -> None:
    # p. 9: "Sur une Garde, le preneur annonce et réussit le Chelem, montre une
    # Poignée de 10 Atouts et mène le Petit au Bout. La défense conserve l'Excuse
    # qu'elle possédait. Avec 2 Bouts, le preneur réalise 87 points. [...] (46+25) X
    # 2 (Garde) + 20 (Poignée) + 20 (Petit au Bout) + 400 (Chelem annoncé) = 582.
    # Chaque Défenseur marque -582. Le preneur marque +582 X 3 = +1746."
    # Seat 1 holds the 21 to 5 and the Petit, puts the dog's low spades in its
    # écart, shows ten trumps (hiding the rest: "il doit en cacher un ou plus de son
    # choix"), leads its trumps down and the Petit last. Seat 3 plays its Excuse
    # in the last trick: "cette carte jouée normalement reste la propriété de la
    # Défense et compte pour 4 points", so the attack has 91 - 4 = 87.
    taker = " ".join(f"T{n}" for n in range(21, 4, -1)) + " T1"
    deal = explicit_deal(4, {1: taker, 2: "T2 T3 T4"}, dog="1S 2S 3S 4S 5S 6S")
    assert deal.hands[3] >> EXCUSE & 1
    state = new_state(4, deal)
    act(state, "bid:garde", "bid:pass", "bid:pass", "bid:pass")
    act(state, *(f"discard:{n}S" for n in range(1, 7)), "chelem:yes")
    ten = " ".join(f"T{n}" for n in range(21, 11, -1))
    play(state, {1: taker}, {1: ten}, fill=True)
    assert EXCUSE in state.tricks[-1][1] and PETIT in state.tricks[-1][1]
    assert outcome_of(state) == (174, 2, "attack", "attack")
    assert scores(state) == (-582, 1746, -582, -582)


# --- The Excuse (p. 4 and p. 8, « Le jeu de la carte ») ---------------------
# The same deal with the Excuse in the taker's hand instead of its 10D.

EXCUSE_TAKER = "T21 KS KH EX 1D 2D 3D 4D 5D 6D 7D 8D 9D 1C 2C 3C 4C 5C"
EXCUSE_DEFENCE = {**DEFENCE, 2: "T1 T2 T3 T4 T5 T6 T7 1S 2S 3S 1H 2H 3H 10D KD ND JD 6C"}


def _excuse_deal(opening: Mapping[int, str]) -> FrenchState:
    state = new_state(4, deal_of(4, {1: EXCUSE_TAKER, **EXCUSE_DEFENCE}, DOG))
    act(state, "bid:garde", "bid:pass", "bid:pass", "bid:pass")
    act(state, *(f"discard:{card}" for card in DOG.split()), "chelem:no")
    play(state, opening, fill=True)
    assert [t[2] for t in state.tricks[:4]] == [1, 1, 1, 0]
    assert all(t[2] != 1 for t in state.tricks[3:])
    return state


def test_the_excuse_played_to_a_lost_trick_stays_with_its_side_for_a_low_card() -> None:
    # "L'Excuse ne permet pas de réaliser une levée [...], mais elle reste la
    # propriété du camp qui la détient. Celui qui l'a jouée récupère l'Excuse [...]
    # Il y prend une carte sans valeur [...] qu'il donne au camp qui a remporté le
    # pli". Led to trick 4 (seat 0 wins with the 8S): 41 + 4.5 - 0.5 = 45 points
    # with three bouts, 36 needed: (25 + 9) x 2 = 68.
    opening = {1: "T21 KS KH EX", 2: "T1 1S 1H 2S", 3: "T8 4S 4H 5S", 0: "T15 7S 7H 8S"}
    state = _excuse_deal(opening)
    assert outcome_of(state) == (90, 3, None, None)
    assert scores(state) == (-68, 204, -68, -68)


def test_the_excuse_played_to_the_last_trick_changes_sides() -> None:
    # p. 4: "l'Excuse ne doit pas être jouée à la dernière levée, sauf en cas de
    # Chelem, sinon elle change de camp." Kept to the end, it is the defence's and
    # no card comes back: 41 points, two bouts, just made: 25 x 2 = 50.
    opening = {1: "T21 KS KH 1D", 2: "T1 1S 1H 10D", 3: "T8 4S 4H T9", 0: "T15 7S 7H T16"}
    state = _excuse_deal(opening)
    last = state.tricks[-1]
    assert EXCUSE in last[1] and last[2] != 1
    assert outcome_of(state) == (82, 2, None, None)
    assert scores(state) == (-50, 150, -50, -50)


def test_a_defence_taking_only_the_last_trick_loses_its_excuse_in_it() -> None:
    # p. 4: "l'Excuse ne doit pas être jouée à la dernière levée, sauf en cas de
    # Chelem, sinon elle change de camp." Seat 1 takes a Garde with the 21 to 5,
    # the 1S and the dog's low spades as écart, and wins 17 trump tricks (the
    # Petit falls in the first); it leads the 1S to the last trick, seat 2 takes
    # it with the 2S, and seat 3 plays its Excuse there, which goes to the attack.
    # The defence keeps 1S, 2S, 1H: 1.5 points; the attack 89.5 with three bouts,
    # made by 54 (the half to the winner): (25 + 54) x 2 = 158.
    # The count was refused at the last card, as if a trick could not bring the
    # defence less than four half points (regression).
    hands = {
        1: " ".join(f"T{n}" for n in range(21, 4, -1)) + " 1S",
        2: "T1 T2 T3 T4 QH KH 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD 2S",
        3: "ND QD KD 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC EX",
        0: "9S 10S JS NS QS KS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH NH 1H",
    }
    dog = "3S 4S 5S 6S 7S 8S"
    state = new_state(4, deal_of(4, hands, dog))
    act(state, "bid:garde", "bid:pass", "bid:pass", "bid:pass")
    act(state, *(f"discard:{card}" for card in dog.split()), "chelem:no")
    play(state, hands)
    assert [t[2] for t in state.tricks] == [1] * 17 + [2]
    assert outcome_of(state) == (179, 3, None, None)
    assert scores(state) == (-158, 474, -158, -158)


# --- The defence takes the Petit au bout (p. 7, « Le Petit au Bout ») -------
# Seat 2 takes a Garde Sans on low cards: the 2 to 9 and the Petit, the Excuse,
# and low spades and hearts. Seat 1 leads its spade and heart honours, the KD on
# which seat 2 throws its Excuse, then its trumps, under which seat 2 must put
# its own, the Petit last. Seats 3 and 0 hold no trump. The dog (the 10, 11 and
# 12 and three low clubs: 3 points) is the taker's.

GS_DOG = "T10 T11 T12 1C 2C 3C"


def test_the_defence_inflicts_a_chelem_and_takes_the_petit_au_bout() -> None:
    # Seat 2 takes no trick: 3 points of dog and the Excuse, kept for a low card
    # (4 points): 7 points with one bout, 44 short of 51: (25 + 44) x 4 = 276.
    # p. 7: "Le preneur fait une Garde Sans le Chien. Un défenseur lui prend le
    # Petit au Bout. Le camp déclarant donne une prime de 10 X 4 = 40 à chaque
    # défenseur"; p. 6: "il arrive que la défense inflige un Chelem au déclarant.
    # Dans ce cas, chaque défenseur reçoit [...] une prime de 200 points."
    # 276 + 40 + 200 = 516 from the taker to each defender.
    hands = {
        1: "KS QS NS JS KH QH NH JH KD T21 T20 T19 T18 T17 T16 T15 T14 T13",
        2: "1S 2S 3S 4S 1H 2H 3H 4H EX T9 T8 T7 T6 T5 T4 T3 T2 T1",
        3: "5S 6S 7S 4C 5H 6H 7H 5C 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D",
        0: "8S 9S 10S 6C 8H 9H 10H 7C JD ND QD 8C 9C 10C JC NC QC KC",
    }
    state = new_state(4, deal_of(4, hands, GS_DOG))
    act(state, "bid:pass", "bid:garde_sans", "bid:pass", "bid:pass", "chelem:no")
    play(state, hands)
    assert all(t[2] == 1 for t in state.tricks) and PETIT in state.tricks[-1][1]
    assert outcome_of(state) == (14, 1, "defense", "defense")
    assert scores(state) == (516, 516, -1548, 516)


@pytest.mark.parametrize(
    ("poignee", "per_defender"),
    [
        ("none", 304),
        # p. 7: "Le camp déclarant présente une [...] Poignée. [...] S'il perd, c'est
        # lui qui donne cette prime à chaque défenseur"; 9 trumps and the Excuse make
        # 10, "la présentation de l'Excuse [...] implique que l'annonceur n'a pas
        # d'autre Atout": 304 + 20.
        ("EX T9 T8 T7 T6 T5 T4 T3 T2 T1", 324),
    ],
)
def test_the_defence_takes_the_petit_au_bout_of_a_failed_garde_sans(
    poignee: str, per_defender: int
) -> None:
    # As above, but seat 2 holds the KC for its 4H: void in hearts at trick 8 it
    # trumps the JH with its 9 (JH, 9, 5C, 4H: 3 points), then leads the KC, which
    # seat 1 trumps. 3 (dog) + 3 + 4 (Excuse for a low card) = 10 points with one
    # bout, 41 short of 51: (25 + 41) x 4 = 264, and 40 for the Petit au bout.
    hands = {
        1: "KS QS NS JS KH QH NH JH T13 KD T21 T20 T19 T18 T17 T16 T15 T14",
        2: "1S 2S 3S 4S 1H 2H 3H T9 KC EX T8 T7 T6 T5 T4 T3 T2 T1",
        3: "5S 6S 7S 4C 5H 6H 7H 5C 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D",
        0: "8S 9S 10S 6C 8H 9H 10H 4H 7C JD ND QD 8C 9C 10C JC NC QC",
    }
    state = new_state(4, deal_of(4, hands, GS_DOG))
    act(state, "bid:pass", "bid:garde_sans", "bid:pass", "bid:pass", "chelem:no")
    play(state, hands, {2: poignee})
    assert [t[2] for t in state.tricks[7:9]] == [2, 1]
    assert outcome_of(state) == (20, 1, "defense", None)
    assert scores(state) == (per_defender, per_defender, -3 * per_defender, per_defender)


# --- The chelem, the Excuse led last, the Petit at the trick before ---------


@pytest.mark.parametrize(("chelem", "bonus"), [("no", 200), ("yes", 400)])
def test_a_chelem_with_the_excuse_led_last_and_the_petit_before_it(chelem: str, bonus: int) -> None:
    # Seat 1 takes a Garde holding the 21 to 6, the Petit and the Excuse; the dog's
    # six low spades are its écart. It leads its trumps from the 21 (seat 2's
    # four trumps fall), the Petit at trick 17, then the Excuse.
    # p. 6: "En cas de Chelem réussi, le demandeur doit obligatoirement faire tous
    # ses plis et s'il détient l'Excuse, la jouer en dernier ; en conséquence, le
    # Petit sera considéré au Bout s'il est mené à l'avant dernier pli." All 91
    # points, three bouts: (25 + 55) x 2 = 160, Petit au bout 10 x 2 = 20, a triple
    # poignée 40 ("Ces primes gardent la même valeur quel que soit le contrat"),
    # and the chelem: "annoncé et réalisé : [...] 400 [...] non annoncé mais
    # réalisé : [...] 200".
    taker = " ".join(f"T{n}" for n in range(21, 5, -1)) + " T1 EX"
    deal = explicit_deal(4, {1: taker, 2: "T2 T3 T4 T5"}, dog="1S 2S 3S 4S 5S 6S")
    state = new_state(4, deal)
    act(state, "bid:garde", "bid:pass", "bid:pass", "bid:pass")
    act(state, *(f"discard:{n}S" for n in range(1, 7)), f"chelem:{chelem}")
    triple = " ".join(f"T{n}" for n in range(21, 6, -1))
    play(state, {1: taker}, {1: triple}, fill=True)
    assert PETIT in state.tricks[-2][1] and state.tricks[-1][1][0] == EXCUSE
    assert all(t[2] == 1 for t in state.tricks)
    assert outcome_of(state) == (182, 3, "attack", "attack")
    per_defender = 160 + 20 + 40 + bonus
    assert scores(state) == (-per_defender, 3 * per_defender, -per_defender, -per_defender)


# --- Three players (p. 11, « LE JEU A 3 JOUEURS ») ---------------------------
# Seat 1 takes a Garde Sans and wins five tricks: T21 with the Petit and a low
# trump (9.5), then each King with two low cards (5.5 each, 22); it leads the 1D,
# seat 2 throws its Excuse under seat 0's JD, and it wins no more (its low cards
# are below the defence's in every suit, and it has no trump left).


@pytest.mark.parametrize(
    ("dog", "taker_clubs", "seat_2_clubs", "per_defender"),
    [
        # dog QS QH and four low clubs, 9 points: 40.5 with two bouts. "Si le
        # preneur réalise 40 points ½ avec 2 Bouts, le ½ point va à la défense. Il
        # réalise donc 40 points et chute son contrat de UN point": (25 + 1) x 4.
        ("QS QH 1C 2C 3C 4C", "5C 6C 7C 8C", "9C JC NC", -104),
        # the JC for the 1C, 10 points: 41.5. "Si le preneur réalise 41 points ½
        # avec 2 Bouts, le ½ point lui revient. Il réalise donc 42 points et passe
        # son contrat de UN point."
        ("QS QH JC 2C 3C 4C", "1C 5C 6C 7C", "8C 9C NC", 104),
    ],
)
def test_three_players_half_point_goes_to_the_winning_side(
    dog: str, taker_clubs: str, seat_2_clubs: str, per_defender: int
) -> None:
    # "les points du preneur sont multipliés par 2. Le total des trois scores [...]
    # est donc égal à 0."
    hands = {
        1: f"T21 KS KH KD KC 1S 2S 3S 4S 5S 1H 2H 3H 4H 5H 1D 2D 3D 4D 5D {taker_clubs}",
        2: "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 EX 6S 7S 8S 6H 7H 8H 6D 7D 8D 9D " + seat_2_clubs,
        0: "T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 9S 10S JS NS 9H 10H JH NH 10D JD ND QD 10C QC",
    }
    state = new_state(3, deal_of(3, hands, dog))
    act(state, "bid:garde_sans", "bid:pass", "bid:pass", "chelem:no")
    low_club = seat_2_clubs.split()[0]
    opening = {1: "T21 KS KH KD KC 1D", 2: f"T1 6S 6H 6D {low_club} EX", 0: "T11 9S 9H 10D 10C JD"}
    play(state, opening, fill=True)
    assert [t[2] for t in state.tricks[:6]] == [1, 1, 1, 1, 1, 0]
    assert all(t[2] != 1 for t in state.tricks[5:])
    half = 81 if per_defender < 0 else 83
    assert outcome_of(state) == (half, 2, None, None)
    assert scores(state) == (-per_defender, 2 * per_defender, -per_defender)


# --- Five players (p. 12, « LE JEU A 5 JOUEURS ») ----------------------------
# Seat 1 takes with the 21 to 8 and the 1D and leads its trumps: everyone's
# trumps fall, the Petit in the first trick. At the last trick its 1D loses to
# seat 2's KD (with 5D, 6D, 7D: 6.5 points).

FIVE_TAKER = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 1D"


def test_five_players_partner_takes_a_third_and_the_half_point_goes_to_the_winner() -> None:
    # Seat 3 holds the called KH and the Excuse, thrown on the first trick: the
    # attack has all but the last trick, 91 - 6.5 = 84.5 points with three bouts.
    # "le ½ point va toujours au camp gagnant": made by 49, (25 + 49) x 2 = 148
    # from each of the three defenders; "2/3 pour le preneur, 1/3 pour le
    # partenaire": 296 and 148. The dog's 2D 3D 4D are the écart.
    hands = {
        1: FIVE_TAKER,
        2: "T1 T2 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS KD",
        3: "EX KH QS KS 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H 5D",
        4: "T3 T4 T5 JH NH QH 8D 9D 10D JD ND QD 1C 2C 6D",
        0: "T6 T7 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC 7D",
    }
    state = new_state(5, deal_of(5, hands, "2D 3D 4D"))
    act(state, "bid:garde", *["bid:pass"] * 4, "call:KH")
    assert state.partner == 3
    act(state, "discard:2D", "discard:3D", "discard:4D", "chelem:no")
    play(state, hands)
    assert state.tricks[-1][2] == 2
    assert outcome_of(state) == (169, 3, None, None)
    assert scores(state) == (-148, 296, -148, 148, -148)


def test_five_players_the_partners_excuse_in_the_last_trick_goes_to_the_defence() -> None:
    # p. 4: "l'Excuse ne doit pas être jouée à la dernière levée, sauf en cas de
    # Chelem, sinon elle change de camp", whoever takes that trick (docs/rules.md,
    # 2.8): here the taker. Seat 1 leads the 21 to 9, loses the 1D to seat 2's KD
    # at trick 14 (1D KD 5D 6D 7D: 6.5), and trumps seat 2's NS with its 8 at the
    # last trick, where the partner (seat 3, the called KH) plays its Excuse. The
    # defence has 6.5 + 4.5 = 11 points, no card back; the attack 80 with two
    # bouts: (25 + 39) x 2 = 128; the taker 256, the partner 128.
    hands = {
        1: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 1D T8",
        2: "T1 T2 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KD NS",
        3: "KH QS KS 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H 5D EX",
        4: "T3 T4 T5 JH NH QH 8D 9D 10D JD ND QD 1C 6D 2C",
        0: "T6 T7 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC 7D KC",
    }
    state = new_state(5, deal_of(5, hands, "2D 3D 4D"))
    act(state, "bid:garde", *["bid:pass"] * 4, "call:KH")
    act(state, "discard:2D", "discard:3D", "discard:4D", "chelem:no")
    play(state, hands)
    assert [t[2] for t in state.tricks[-2:]] == [2, 1] and EXCUSE in state.tricks[-1][1]
    assert outcome_of(state) == (160, 2, None, None)
    assert scores(state) == (-128, 256, -128, 128, -128)


def test_five_players_the_king_called_in_the_dog_leaves_the_taker_alone() -> None:
    # "Si la carte appelée est au Chien [...] le preneur joue seul contre les quatre
    # autres joueurs [...] il encaisse la totalité des points". Garde Sans, KS in
    # the dog (the taker's); seat 3 now defends and its Excuse, thrown on the first
    # trick, goes back to the defence for a low card: 91 - 6.5 - 4.5 + 0.5 = 80.5
    # points with two bouts, made by 40: (25 + 40) x 4 = 260 from each of four.
    hands = {
        1: FIVE_TAKER,
        2: "T1 T2 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS KD",
        3: "EX KH QS 4D 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H 5D",
        4: "T3 T4 T5 JH NH QH 8D 9D 10D JD ND QD 1C 2C 6D",
        0: "T6 T7 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC 7D",
    }
    state = new_state(5, deal_of(5, hands, "KS 2D 3D"))
    act(state, "bid:garde_sans", *["bid:pass"] * 4, "call:KS", "chelem:no")
    assert state.partner == 1
    play(state, hands)
    assert outcome_of(state) == (161, 2, None, None)
    assert scores(state) == (-260, 1040, -260, -260, -260)


def test_five_players_a_defenders_poignee_goes_to_the_winning_attack() -> None:
    # Seat 2 holds the 1 to 7 and the Excuse: a simple poignée of 8 at five ("La
    # simple Poignée est composée de 8 Atouts"), the Excuse standing for the eighth
    # trump. p. 7: "Un défenseur présente dix Atouts. Si le camp déclarant gagne,
    # chaque défenseur lui donne une prime de 20." The Excuse, thrown on trick 8,
    # stays the defence's for a low card: 80.5 points with two bouts, made by 40:
    # (25 + 40) x 2 + 20 = 150 from each defender; the taker 300, the partner 150.
    hands = {
        1: FIVE_TAKER,
        2: "T7 T6 T5 T4 T3 T2 T1 EX 1S 2S 3S 4S 5S 6S KD",
        3: "KH 7S 8S 9S 10S JS NS QS KS 1H 2H 3H 4H 5H 5D",
        4: "6H 7H 8H 9H 10H JH NH QH 8D 9D 10D JD ND QD 6D",
        0: "1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC 7D",
    }
    state = new_state(5, deal_of(5, hands, "2D 3D 4D"))
    act(state, "bid:garde", *["bid:pass"] * 4, "call:KH")
    act(state, "discard:2D", "discard:3D", "discard:4D", "chelem:no")
    play(state, hands, {2: "EX T7 T6 T5 T4 T3 T2 T1"})
    assert state.poignees and state.poignees[0][0] == 2
    assert outcome_of(state) == (161, 2, None, None)
    assert scores(state) == (-150, 300, -150, 150, -150)


def test_five_players_a_queen_called_and_the_partners_petit_au_bout() -> None:
    # "Lorsque le preneur a 4 Rois, il peut appeler une Dame": seat 1 holds the four
    # Kings and calls the QS, held by seat 3 with the 1 to 9. Seat 1 may not open
    # spades ("L'entame ne peut pas être faite dans la couleur de la carte appelée"),
    # leads KH, KD, KC, QH, then the 3D that seat 0's QD takes (3D 7D 2D 8D QD:
    # 5.5); seat 0 leads the 1S, seat 1's KS takes the QS, and seat 1 leads its
    # trumps from the 21 to the 13, on which seat 3 puts its own down to the Petit.
    # "Le camp qui réalise la dernière levée, à condition que cette levée comprenne
    # le Petit, bénéficie d'une prime de 10 points, multipliable selon le contrat".
    # Seat 0's Excuse (first trick) stays the defence's for a low card: 91 - 5.5 -
    # 4.5 + 0.5 = 81.5 points, two bouts, made by 41 (the half to the winner):
    # (25 + 41) x 4 + 10 x 4 = 304 from each defender; taker 608, partner 304.
    hands = {
        1: "KH KD KC QH 3D KS T21 T20 T19 T18 T17 T16 T15 T14 T13",
        2: "3H 4D 2C 5H 7D 2S 4S 5S 6S 7S 8S 9S 10S JS NS",
        3: "1H 1D 1C 2H 2D QS T9 T8 T7 T6 T5 T4 T3 T2 T1",
        4: "4H 5D 3C 6H 8D 3S 8H 9H 10H JH NH 9D 10D JD ND",
        0: "EX 6D 4C 7H QD 1S 5C 6C 7C 8C 9C 10C JC NC QC",
    }
    state = new_state(5, deal_of(5, hands, "T10 T11 T12"))
    act(state, "bid:garde_sans", *["bid:pass"] * 4)
    assert "call:QS" in legal(state)
    act(state, "call:QS", "chelem:no", "poignee:none")
    assert "play:KS" not in legal(state)
    play(state, hands)
    assert [t[2] for t in state.tricks[4:6]] == [0, 1]
    last = state.tricks[-1]
    assert PETIT in last[1] and last[2] == 1
    assert outcome_of(state) == (163, 2, "attack", None)
    assert scores(state) == (-304, 608, -304, 304, -304)
