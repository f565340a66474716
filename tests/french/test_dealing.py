"""Dealing from a seed like a dealer does, and checking explicit deals."""

from __future__ import annotations

import random

import pytest

from atout.cards import DECK_SIZE, FULL_DECK, parse_hand
from atout.french.actions import DealCards, DealSeed
from atout.french.dealing import check_deal, deal_from_seed
from atout.french.rules import FRENCH
from atout.game import CHANCE, SPECTATOR, IllegalAction
from tests.french.deals import act, explicit_deal, new_state


@pytest.mark.parametrize(("players", "hand", "dog"), [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_seed_deal_sizes_and_all_cards(players: int, hand: int, dog: int) -> None:
    hands, dog_mask = deal_from_seed(7, (*tuple(range(1, players)), 0), players)
    assert [h.bit_count() for h in hands] == [hand] * players
    assert dog_mask.bit_count() == dog
    union = dog_mask
    for h in hands:
        assert not union & h
        union |= h
    assert union == FULL_DECK


@pytest.mark.parametrize(("players", "packet"), [(3, 4), (4, 3), (5, 3)])
def test_seed_deal_packets_and_dog_never_first_or_last(players: int, packet: int) -> None:
    order = (*tuple(range(1, players)), 0)
    for seed in range(40):
        deck = list(range(DECK_SIZE))
        random.Random(seed).shuffle(deck)
        hands, dog = deal_from_seed(seed, order, players)
        assert not dog >> deck[0] & 1 and not dog >> deck[-1] & 1
        # the first packet goes to the dealer's right (seat 1), the last to the dealer
        assert all(hands[1] >> c & 1 for c in deck[:packet])
        assert all(hands[0] >> c & 1 for c in deck[-packet:])


def test_seed_deal_is_reproducible_and_seed_dependent() -> None:
    order = (1, 2, 3, 0)
    assert deal_from_seed(5, order, 4) == deal_from_seed(5, order, 4)
    assert deal_from_seed(5, order, 4) != deal_from_seed(6, order, 4)


def test_mort_form_gives_no_cards_to_the_dealer() -> None:
    state = FRENCH.new(5, options={"dealer_sits_out": True})
    state.apply(DealSeed(3))
    assert state.hands[0] == 0
    assert [state.hands[s].bit_count() for s in (1, 2, 3, 4)] == [18] * 4
    assert state.dog.bit_count() == 6
    assert state.order == (1, 2, 3, 4)


def test_check_deal_refuses_bad_explicit_deals() -> None:
    good = explicit_deal(4, {})
    check_deal(good.hands, good.dog, (1, 2, 3, 0), 4)
    with pytest.raises(IllegalAction, match="needs 4 hands, got 3"):
        check_deal(good.hands[:3], good.dog, (1, 2, 3, 0), 4)
    short = (good.hands[0] & good.hands[0] - 1, *good.hands[1:])
    with pytest.raises(IllegalAction, match="seat 0 is dealt the wrong number of cards: 17"):
        check_deal(short, good.dog, (1, 2, 3, 0), 4)
    card = good.hands[0] & -good.hands[0]
    twice = (good.hands[0], good.hands[1] ^ (good.hands[1] & -good.hands[1]) | card)
    with pytest.raises(IllegalAction, match="dealt twice"):
        check_deal(twice + good.hands[2:], good.dog, (1, 2, 3, 0), 4)
    with pytest.raises(IllegalAction, match="the dog must hold 6 cards"):
        check_deal(good.hands, good.dog & (good.dog - 1), (1, 2, 3, 0), 4)


def test_explicit_deal_refused_changes_nothing() -> None:
    state = FRENCH.new(4)
    bad = DealCards((0, 0, 0, 0), 0)
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert state == FRENCH.new(4)
    assert state.to_move == CHANCE


def test_hands_are_sent_only_to_their_seat() -> None:
    deal = explicit_deal(4, {0: "KH QH"})
    events = FRENCH.new(4).apply(deal)
    hand_events = [e for e in events if e.kind == "hand"]
    assert {tuple(e.to or ()) for e in hand_events} == {(0,), (1,), (2,), (3,)}
    assert not [e for e in events if e.visible_to(SPECTATOR) and e.kind == "hand"]


def test_petit_sec_cancels_the_deal_and_the_next_dealer_deals() -> None:
    # seat 2: the Petit is its only trump and it has no Excuse
    hand = "T1 KS QS NS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 1S KH QH NH"
    state = FRENCH.new(4)
    events = state.apply(explicit_deal(4, {2: hand}))
    assert state.to_move == CHANCE and state.dealer == 1
    shown = [e for e in events if e.kind == "petit_sec"]
    assert shown and shown[0].to is None and shown[0].data["seat"] == 2
    assert state.view(SPECTATOR)["petit_sec"] == {"seat": 2, "cards": shown[0].data["cards"]}
    state.apply(DealSeed(1))
    assert state.order == (2, 3, 0, 1)


def test_traditionnel_petit_sec_the_same_dealer_deals_again() -> None:
    # Seed 001: "Dans ce cas, la Main ne tourne pas et le joueur qui a donné donne
    # à nouveau." Dealer 0 keeps the deal; the first bidder is still seat 1.
    hand = "T1 KS QS NS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 1S KH QH NH"
    state = FRENCH.new(4, "traditionnel")
    events = state.apply(explicit_deal(4, {2: hand}))
    assert state.to_move == CHANCE and state.dealer == 0
    assert events[-1].kind == "redeal" and events[-1].data == {"reason": "petit_sec", "dealer": 0}
    events = state.apply(DealSeed(1))
    assert events[0].data == {"dealer": 0, "number": 1}
    assert state.order == (1, 2, 3, 0)


def test_traditionnel_petit_with_the_excuse_is_still_sec() -> None:
    # Seed 001: "Si un joueur n'a que le Petit comme atout, il peut réclamer
    # l'annulation"; the Excuse is a trump "dans ces cas d'annonce uniquement".
    hand = "T1 EX QS NS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 1S KH QH NH"
    state = FRENCH.new(4, "traditionnel")
    events = state.apply(explicit_deal(4, {2: hand}))
    assert state.to_move == CHANCE and state.cancelled == "petit_sec"
    shown = next(e for e in events if e.kind == "petit_sec")
    assert shown.data["seat"] == 2 and "EX" in shown.data["cards"]
    assert state.view(SPECTATOR)["petit_sec"] == shown.data


def test_traditionnel_all_pass_passes_the_deal_on() -> None:
    # Seed 001: "Si tous les joueurs passent, la partie est annulée et le joueur
    # suivant distribue les cartes."
    state = FRENCH.new(4, "traditionnel")
    act(state, str(explicit_deal(4, {})), "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert state.to_move == CHANCE and state.dealer == 1


def test_petit_with_excuse_is_not_sec_and_redeal_can_be_switched_off() -> None:
    with_excuse = "T1 EX QS NS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 1S KH QH NH"
    assert new_state(4, explicit_deal(4, {2: with_excuse})).phase == 1
    sec = "T1 KS QS NS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 1S KH QH NH"
    state = new_state(4, explicit_deal(4, {2: sec}), petit_sec_redeal=False)
    assert state.to_move == 1


def test_deal_text_round_trips() -> None:
    deal = explicit_deal(3, {0: "T21 EX"})
    assert FRENCH.parse_action(str(deal)) == deal
    assert str(FRENCH.deal_action(FRENCH.new(3), 42)) == "deal:seed=42"
    state = new_state(3, deal)
    assert state.hands[0] & parse_hand("T21 EX") == parse_hand("T21 EX")
    with pytest.raises(IllegalAction, match="bid"):
        act(state, "deal:seed=1")
