"""Rule cases taken from the FFT rulebook (Règlement officiel, 1 July 2012),
driven through the engine's public actions: dealing, the petit sec, the auction,
the dog and the écart, poignée sizes, and the five-player call and first lead.

Each case quotes the sentence it checks, with the rulebook's page and section;
the expected outcome is read from that sentence, never from the engine. Whole
deals played to their score are in test_rulebook_played_deals.py.
"""

from __future__ import annotations

import pytest

from atout.french.rules import FRENCH
from atout.french.state import CHELEM, DISCARD, PLAY, POIGNEE
from atout.game import CHANCE, SPECTATOR, IllegalAction
from tests.french.deals import act, explicit_deal, legal, new_state

SPADES = "KS QS NS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 1S"


def trumps(low: int, high: int) -> str:
    """The trumps ``low`` to ``high``, as a hand's text."""
    return " ".join(f"T{n}" for n in range(low, high + 1))


# --- The petit sec (p. 5, « La tenue des cartes ») ---------------------------
# "Un joueur possédant le Petit sec (c'est son seul Atout et il n'a pas l'Excuse)
# doit obligatoirement l'annoncer, étaler son jeu et annuler la donne avant les
# enchères. Le voisin de droite du donneur procède à une nouvelle distribution."


def test_petit_sec_at_three_players_cancels_the_deal_before_the_auction() -> None:
    # 24 cards at three: the Petit, the 14 spades and 9 hearts, no Excuse.
    hand = f"T1 {SPADES} KH QH NH JH 10H 9H 8H 7H 6H"
    state = FRENCH.new(3)
    events = state.apply(explicit_deal(3, {2: hand}))
    shown = [e for e in events if e.kind == "petit_sec"]
    assert shown and shown[0].to is None and shown[0].data["seat"] == 2
    assert len(shown[0].data["cards"]) == 24  # "étaler son jeu": the whole hand shown
    assert state.to_move == CHANCE and state.bids == []
    # the dealer's right-hand neighbour (seat 1) deals; seat 2, on its right, bids first
    assert state.dealer == 1
    state.apply(FRENCH.deal_action(state, 5))
    assert state.order == (2, 0, 1)


def test_petit_sec_at_five_players_cancels_the_deal_before_the_auction() -> None:
    state = FRENCH.new(5)
    events = state.apply(explicit_deal(5, {3: f"T1 {SPADES}"}))
    assert [e.data["seat"] for e in events if e.kind == "petit_sec"] == [3]
    assert state.to_move == CHANCE and state.dealer == 1
    state.apply(FRENCH.deal_action(state, 5))
    assert state.order == (2, 3, 4, 0, 1)


def test_the_petit_with_another_trump_is_not_sec() -> None:
    # "c'est son seul Atout": a second trump, even the 2, keeps the deal.
    hand = f"T1 T2 {SPADES} KH QH"
    state = new_state(4, explicit_deal(4, {2: hand}))
    assert state.cancelled == "" and state.to_move == 1
    assert legal(state)[0] == "bid:pass"


def test_no_trump_at_all_is_not_a_petit_sec() -> None:
    # The Petit lies in the dog; seat 2 holds no trump: nobody holds a petit sec.
    hand = f"{SPADES} KH QH NH JH"
    state = new_state(4, explicit_deal(4, {2: hand}, dog="T1 1D 2D 3D 4D 5D"))
    assert state.cancelled == "" and state.to_move == 1


def test_mort_form_petit_sec_is_dealt_again_by_the_same_mort() -> None:
    # p. 12: the mort "procède à la distribution tant que personne ne prend"; a
    # deal cancelled by a petit sec is one nobody took (docs/rules.md, section 1).
    hand = f"T1 {SPADES} KH QH NH"
    state = FRENCH.new(5, options={"dealer_sits_out": True})
    events = state.apply(explicit_deal(5, {2: hand}, order=(1, 2, 3, 4)))
    assert [e.data["seat"] for e in events if e.kind == "petit_sec"] == [2]
    assert state.to_move == CHANCE and state.dealer == 0
    state.apply(FRENCH.deal_action(state, 5))
    assert state.dealer == 0 and state.order == (1, 2, 3, 4)


def test_a_petit_sec_in_a_later_deal_passes_the_deal_on_and_scores_nothing() -> None:
    state = FRENCH.new(4, options={"deals": 2})
    state.apply(FRENCH.deal_action(state, 11))
    while state.deals_played == 0:  # the first deal, whatever its play (a redeal included)
        if state.to_move == CHANCE:
            state.apply(FRENCH.deal_action(state, 12))
        else:
            state.apply(state.legal_actions()[-1] if state.phase == 1 else state.legal_actions()[0])
    totals, dealer = list(state.totals), (state.dealer + 1) % 4
    hand = f"T1 {SPADES} KH QH NH"
    events = state.apply(explicit_deal(4, {(dealer + 2) % 4: hand}))
    assert any(e.kind == "petit_sec" for e in events)
    # the dealer of the cancelled deal hands over to its right-hand neighbour
    assert state.to_move == CHANCE and state.dealer == (dealer + 1) % 4
    assert state.totals == totals and state.deals_played == 1 and not state.is_over


# --- The auction (p. 5, « Les enchères ») -------------------------------------


def test_three_players_all_passing_pass_the_deal_on() -> None:
    # "Si les quatre joueurs passent, le voisin de droite du donneur procède à une
    # nouvelle distribution" (p. 11: "La règle est quasiment la même qu'à 4 joueurs").
    state = new_state(3, explicit_deal(3, {}))
    events = act(state, "bid:pass", "bid:pass", "bid:pass")
    assert events[-1].kind == "redeal" and events[-1].data == {"reason": "all_pass", "dealer": 1}
    assert state.to_move == CHANCE and state.deals_played == 0


def test_five_players_all_passing_pass_the_deal_on() -> None:
    state = new_state(5, explicit_deal(5, {}))
    events = act(state, *["bid:pass"] * 5)
    assert events[-1].data == {"reason": "all_pass", "dealer": 1}


def test_a_bid_can_only_be_covered_by_a_higher_one() -> None:
    # "Les autres joueurs [...] peuvent éventuellement couvrir cette première
    # enchère par une enchère supérieure"; the order is Prise, Garde, Garde Sans,
    # Garde Contre: nothing covers a Garde Contre.
    state = new_state(4, explicit_deal(4, {}))
    act(state, "bid:garde_sans")
    assert legal(state) == ["bid:pass", "bid:garde_contre"]
    act(state, "bid:garde_contre")
    assert legal(state) == ["bid:pass"]
    with pytest.raises(IllegalAction):
        act(state, "bid:garde_contre")


def test_each_player_speaks_once_even_after_being_covered() -> None:
    # "Chaque joueur ne peut parler qu'une seule fois": seat 1 passed before seat
    # 2's Prise and is not asked again; the Prise stands once the others pass.
    state = new_state(4, explicit_deal(4, {}))
    act(state, "bid:pass", "bid:prise", "bid:pass", "bid:pass")
    assert state.taker == 2 and state.contract == 1
    assert state.phase == DISCARD and state.to_move == 2


# --- The dog and the écart (p. 6, « Le Chien et l'Ecart ») ---------------------


def test_the_dog_is_shown_to_all_on_a_garde() -> None:
    # "Sur une Prise ou une Garde [...] le preneur [...] retourne alors les 6 cartes
    # du Chien pour que chacun en prenne connaissance. Il les incorpore à son jeu"
    state = new_state(4, explicit_deal(4, {}, dog="KS 1H 2H 3H 4H 5H"))
    events = act(state, "bid:garde", "bid:pass", "bid:pass", "bid:pass")
    dog = next(e for e in events if e.kind == "dog")
    assert dog.to is None and dog.data["shown"] is True and "KS" in dog.data["cards"]
    assert state.hands[1].bit_count() == 24 and state.phase == DISCARD


def test_five_players_ecart_is_three_cards() -> None:
    # p. 12: "le Chien est constitué de 3 cartes. Chaque joueur reçoit ainsi 15
    # cartes": the taker takes 3 and puts 3 back, then the chelem question comes.
    state = new_state(5, explicit_deal(5, {1: "KH"}, dog="1S 2S 3S"))
    act(state, "bid:prise", *["bid:pass"] * 4, "call:KS")
    assert state.phase == DISCARD and state.hands[1].bit_count() == 18
    act(state, "discard:1S", "discard:2S")
    assert state.phase == DISCARD
    act(state, "discard:3S")
    assert state.phase == CHELEM and state.ecart.bit_count() == 3
    assert state.hands[1].bit_count() == 15


def test_three_players_ecart_is_six_cards_from_thirty() -> None:
    # p. 11: "le Chien étant toujours constitué de 6 cartes. Chaque joueur reçoit
    # ainsi 24 cartes"
    taker = trumps(1, 20) + " EX 6H 7H 8H"
    state = new_state(3, explicit_deal(3, {1: taker}, dog="KS 1H 2H 3H 4H 5H"))
    act(state, "bid:prise", "bid:pass", "bid:pass")
    assert state.hands[1].bit_count() == 30 and state.phase == DISCARD
    act(state, *(f"discard:{c}" for c in ("1H", "2H", "3H", "4H", "5H")))
    assert state.phase == DISCARD
    with pytest.raises(IllegalAction, match="may not discard a King"):
        act(state, "discard:KS")
    act(state, "discard:6H")
    assert state.phase == CHELEM and state.hands[1].bit_count() == 24


def test_a_taker_forced_to_discard_trumps_still_keeps_kings_and_bouts() -> None:
    # "On ne peut Ecarter ni Roi, ni Bout. On n'Ecarte des Atouts que si cela
    # s'avère indispensable": the Petit and the 21 are bouts as well as trumps.
    taker = f"KS KH KD KC T1 T21 EX {trumps(2, 12)}"
    state = new_state(4, explicit_deal(4, {1: taker}, dog="T13 T14 T15 1S 2S 3S"))
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass")
    # 3 plain cards for 6 places: the trumps 2 to 15 may go, never a bout nor a King
    expected = {"discard:1S", "discard:2S", "discard:3S"} | {f"discard:T{n}" for n in range(2, 16)}
    assert set(legal(state)) == expected
    for card in ("T1", "T21", "EX"):
        with pytest.raises(IllegalAction, match="may not discard a bout"):
            act(state, f"discard:{card}")


# --- The poignée (p. 7, « La Poignée »; p. 11 and 12 for 3 and 5 players) -----


def _poignee_sizes(players: int, hand: str) -> list[int]:
    """The sizes of poignée offered to seat 1, first to play after seat 2 takes a
    Garde Sans (a King called at five); [] when seat 1 is not asked."""
    state = new_state(players, explicit_deal(players, {1: hand}))
    act(state, "bid:pass", "bid:garde_sans", *["bid:pass"] * (players - 2))
    if players == 5:
        act(state, "call:KC")
    act(state, "chelem:no")
    assert state.to_move == 1
    if state.phase != POIGNEE:
        assert state.phase == PLAY
        return []
    return [len(text.split(":")[1].split()) for text in legal(state)[1:]]


@pytest.mark.parametrize(
    ("players", "hand", "sizes"),
    [
        # p. 7: "La Poignée doit comprendre effectivement DIX, TREIZE, QUINZE Atouts"
        (4, trumps(1, 9) + " 1S 2S 3S 4S 5S 6S 7S 8S 9S", []),
        (4, trumps(1, 12) + " EX 1S 2S 3S 4S 5S", [10, 13]),
        (4, trumps(1, 15) + " 1S 2S 3S", [10, 13, 15]),
        # p. 11: "La simple Poignée est composée de 13 Atouts, la double Poignée de
        # 15 Atouts et la triple Poignée de 18 Atouts."
        (3, trumps(1, 12) + " 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS", []),
        (3, trumps(1, 13) + " 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", [13]),
        (3, trumps(1, 14) + " EX 1S 2S 3S 4S 5S 6S 7S 8S 9S", [13, 15]),
        (3, trumps(1, 18) + " 1S 2S 3S 4S 5S 6S", [13, 15, 18]),
        # p. 12: "La simple Poignée est composée de 8 Atouts, la double Poignée de
        # 10 Atouts et la triple Poignée de 13 Atouts."
        (5, trumps(1, 7) + " 1S 2S 3S 4S 5S 6S 7S 8S", []),
        (5, trumps(1, 7) + " EX 1S 2S 3S 4S 5S 6S 7S", [8]),
        (5, trumps(1, 10) + " 1S 2S 3S 4S 5S", [8, 10]),
        (5, trumps(1, 13) + " 1S 2S", [8, 10, 13]),
    ],
)
def test_poignee_sizes_by_number_of_players(players: int, hand: str, sizes: list[int]) -> None:
    assert _poignee_sizes(players, hand) == sizes


def test_the_excuse_completes_a_double_poignee_only_with_every_trump() -> None:
    # "L'Excuse peut remplacer un Atout manquant mais la présentation de l'Excuse
    # dans la Poignée implique que l'annonceur n'a pas d'autre Atout": 12 trumps
    # and the Excuse make a double poignée of 13, all 12 trumps shown.
    hand = trumps(1, 12) + " EX 1S 2S 3S 4S 5S"
    state = new_state(4, explicit_deal(4, {1: hand}))
    act(state, "bid:pass", "bid:garde_sans", "bid:pass", "bid:pass", "chelem:no")
    # ten with the Excuse would hide three trumps: refused
    with pytest.raises(IllegalAction, match="Excuse may stand for a trump only when"):
        act(state, "poignee:EX " + " ".join(f"T{n}" for n in range(9, 0, -1)))
    events = act(state, "poignee:EX " + " ".join(f"T{n}" for n in range(12, 0, -1)))
    assert events[0].data["size"] == "double" and events[0].to is None
    assert len(events[0].data["cards"]) == 13 and state.phase == PLAY


# --- Five players: the call and the first lead (p. 12, « LE JEU A 5 JOUEURS ») --

FIVE_PARTNER_LEADS = {1: "KH 1H 2H 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS", 2: "T1 T2 T3"}


def test_the_called_king_itself_may_open_the_called_suit() -> None:
    # "L'entame ne peut pas être faite dans la couleur de la carte appelée par le
    # preneur sauf si cette entame est faite de la carte appelée."
    state = new_state(5, explicit_deal(5, FIVE_PARTNER_LEADS))
    act(state, "bid:pass", "bid:garde_sans", *["bid:pass"] * 3, "call:KH", "chelem:no")
    assert state.to_move == 1 and state.partner == 1
    assert "play:KH" in legal(state) and "play:1H" not in legal(state)
    with pytest.raises(IllegalAction, match="called suit"):
        act(state, "play:2H")
    events = act(state, "play:KH")
    # the partner is known once the called King is played
    assert any(e.kind == "partner" and e.data["seat"] == 1 for e in events)


def test_the_called_suit_is_free_after_the_first_lead() -> None:
    # The restriction is on "L'entame" only ("L'ENTAME (la première carte jouée)",
    # p. 7): the taker (seat 1), who may not open hearts, leads hearts at trick 2.
    taker = "T21 1H 2H 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC"
    state = new_state(5, explicit_deal(5, {1: taker}))
    act(state, "bid:garde_sans", *["bid:pass"] * 4, "call:KH", "chelem:no")
    assert "play:1H" not in legal(state)
    act(state, "play:T21")
    while len(state.tricks) < 1:
        act(state, legal(state)[0])
    assert state.tricks[0][2] == 1 and state.to_move == 1
    assert "play:1H" in legal(state)
    act(state, "play:1H")


def test_an_excuse_opening_the_first_trick_lets_the_next_card_be_of_the_called_suit() -> None:
    # Reading (docs/rules.md, 2.12): the restriction is on "l'entame", the first
    # card; when it is the Excuse, "c'est la carte suivante qui détermine la couleur
    # jouée", and that card is not the entame: it may be of the called suit.
    hands = {1: "EX 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS 1C 2C 3C", 2: "1H 2H T1 T2 T3"}
    state = new_state(5, explicit_deal(5, hands))
    act(state, "bid:pass", "bid:pass", "bid:garde_sans", "bid:pass", "bid:pass", "call:KH")
    act(state, "chelem:no", "play:EX")
    assert state.to_move == 2
    assert "play:1H" in legal(state)
    act(state, "play:1H")
    assert state.led == 1  # hearts, set by the card after the Excuse


def test_five_players_chelem_announcer_leads_but_not_the_called_suit() -> None:
    # p. 6: "En cas d'annonce du Chelem, l'entame revient de droit au joueur qui
    # l'a demandé, quel que soit le donneur"; p. 12 still forbids the called suit.
    hands = {3: "1H 2H 3H T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10"}
    state = new_state(5, explicit_deal(5, hands))
    act(state, "bid:pass", "bid:pass", "bid:garde_sans", "bid:pass", "bid:pass", "call:KH")
    act(state, "chelem:yes")
    assert state.to_move == 3
    if state.phase == POIGNEE:
        act(state, "poignee:none")
    assert not [a for a in legal(state) if a.endswith("H")]
    assert "play:T21" in legal(state)
    assert state.view(SPECTATOR)["to_move"] == 3
