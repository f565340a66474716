"""Bidding, the 5-player king call, the dog and the écart."""

from __future__ import annotations

import pytest

from atout.french.rules import FRENCH
from atout.game import CHANCE, SPECTATOR, IllegalAction
from tests.french.deals import act, explicit_deal, legal, new_state


def test_first_bidder_is_right_of_the_dealer_and_bids_increase() -> None:
    state = new_state(4, explicit_deal(4, {}))
    assert state.dealer == 0 and state.to_move == 1
    assert legal(state) == [
        "bid:pass",
        "bid:prise",
        "bid:garde",
        "bid:garde_sans",
        "bid:garde_contre",
    ]
    act(state, "bid:garde")
    assert state.to_move == 2
    assert legal(state) == ["bid:pass", "bid:garde_sans", "bid:garde_contre"]
    with pytest.raises(IllegalAction, match="higher than garde"):
        act(state, "bid:prise")
    with pytest.raises(IllegalAction, match="pousse is not a contract"):
        act(state, "bid:pousse")
    with pytest.raises(IllegalAction, match="not your turn: seat 2 is to bid"):
        state.apply(FRENCH.parse_action("bid:pass"), seat=3)
    act(state, "bid:garde_contre", "bid:pass", "bid:pass")
    assert state.taker == 2 and state.contract == 5


def test_pousse_exists_in_traditionnel() -> None:
    state = FRENCH.new(4, "traditionnel")
    act(state, str(explicit_deal(4, {})))
    assert "bid:pousse" in legal(state)


def test_traditionnel_pousse_takes_the_dog_like_a_prise() -> None:
    # Seed 001: "Le joueur qui remporte l'Enchère (sauf dans le cas de Garde sans ou
    # de Garde contre) prend les cartes du Talon, les montre aux autres joueurs"; the
    # Pousse ranks between Prise and Garde.
    state = FRENCH.new(4, "traditionnel")
    act(state, str(explicit_deal(4, {}, dog="1S 2S 3S 4S 5S 6S")), "bid:prise", "bid:pousse")
    assert legal(state) == ["bid:pass", "bid:garde", "bid:garde_sans", "bid:garde_contre"]
    events = act(state, "bid:pass", "bid:pass")
    assert state.taker == 2 and state.phase == 3 and state.hands[2].bit_count() == 24
    dog = next(e for e in events if e.kind == "dog")
    assert dog.to is None and dog.data["shown"] is True


def test_all_pass_redeal_by_the_next_dealer() -> None:
    state = new_state(4, explicit_deal(4, {}))
    events = act(state, "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert state.to_move == CHANCE and state.dealer == 1
    assert events[-1].kind == "redeal" and events[-1].data == {"reason": "all_pass", "dealer": 1}
    assert state.deals_played == 0
    act(state, "deal:seed=3")
    assert state.to_move == 2


def test_the_new_deal_after_a_redeal_has_a_full_round_of_bids() -> None:
    state = new_state(4, explicit_deal(4, {}))
    act(state, "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    state.apply(FRENCH.deal_action(state, 3))
    events = act(state, "bid:pass", "bid:pass", "bid:pass")
    assert [e.kind for e in events] == ["bid", "bid", "bid"]
    assert state.to_move == 1 and len(state.view(1)["bids"]) == 3
    assert act(state, "bid:pass")[-1].kind == "redeal"


def test_dog_is_shown_to_everyone_on_a_prise() -> None:
    state = new_state(4, explicit_deal(4, {}, dog="1S 2S 3S 4S 5S 6S"))
    events = act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass")
    dog = [e for e in events if e.kind == "dog"]
    assert dog[0].to is None and dog[0].data["cards"] == ["6S", "5S", "4S", "3S", "2S", "1S"]
    assert state.view(SPECTATOR)["dog"] == dog[0].data["cards"]
    assert state.hands[1].bit_count() == 24 and state.phase == 3


def test_ecart_excludes_kings_bouts_and_trumps_while_possible() -> None:
    taker = "KS KH KD KC T21 T1 EX T2 T3 1H 2H 3H 4H 5H 6H 7H 8H 9H"
    state = new_state(4, explicit_deal(4, {1: taker}, dog="T4 T5 T6 QS QH QD"))
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass")
    expected = ["discard:" + c for c in ("QS", "1H", "2H", "3H", "4H", "5H", "6H")]
    expected += ["discard:7H", "discard:8H", "discard:9H", "discard:QH", "discard:QD"]
    assert sorted(legal(state)) == sorted(expected)
    with pytest.raises(IllegalAction, match="may not discard a King"):
        act(state, "discard:KS")
    with pytest.raises(IllegalAction, match="may not discard a bout"):
        act(state, "discard:EX")
    with pytest.raises(IllegalAction, match="trump only when"):
        act(state, "discard:T2")
    with pytest.raises(IllegalAction, match="you do not hold"):
        act(state, "discard:10C")


def test_trump_discard_allowed_when_needed_and_shown_to_all() -> None:
    # taker: 4 kings, 3 bouts, 9 trumps, 2 plain cards; the dog brings 6 trumps
    taker = "KS KH KD KC T21 T1 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 1H 2H"
    state = new_state(4, explicit_deal(4, {1: taker}, dog="T11 T12 T13 T14 T15 T16"))
    act(state, "bid:garde", "bid:pass", "bid:pass", "bid:pass")
    # only two plain cards for six discards: any trump but the bouts may go now
    trumps = {f"discard:T{n}" for n in range(2, 17)}
    assert set(legal(state)) == {"discard:1H", "discard:2H"} | trumps
    events = act(state, "discard:T2")
    public = [e for e in events if e.kind == "trump_discarded"]
    assert public[0].to is None and public[0].data == {"seat": 1, "card": "T2"}
    assert all(e.to == frozenset({1}) for e in events if e.kind == "discard")
    act(state, "discard:T3", "discard:T4", "discard:T5")
    # two discards left and two plain cards: no more trumps
    assert sorted(legal(state)) == ["discard:1H", "discard:2H"]
    act(state, "discard:1H", "discard:2H")
    assert state.phase == 4
    assert state.view(SPECTATOR)["discarded_trumps"] == ["T5", "T4", "T3", "T2"]
    assert state.view(SPECTATOR)["ecart"] is None
    assert state.view(1)["ecart"] == ["T5", "T4", "T3", "T2", "2H", "1H"]


def test_garde_sans_and_contre_leave_the_dog_unseen() -> None:
    for bid, side in (("garde_sans", "taker"), ("garde_contre", "defence")):
        state = new_state(4, explicit_deal(4, {}))
        events = act(state, "bid:" + bid, "bid:pass", "bid:pass", "bid:pass")
        dog = next(e for e in events if e.kind == "dog")
        assert dog.data == {"shown": False, "counts_for": side}
        assert state.phase == 4 and state.view(1)["dog"] is None
        assert legal(state) == ["chelem:no", "chelem:yes"]


def test_chelem_announcer_leads_the_first_trick() -> None:
    state = new_state(4, explicit_deal(4, {}))
    act(state, "bid:pass", "bid:garde_sans", "bid:pass", "bid:pass", "chelem:yes")
    assert state.to_move == 2 and state.chelem_announced
    state = new_state(4, explicit_deal(4, {}))
    act(state, "bid:pass", "bid:garde_sans", "bid:pass", "bid:pass", "chelem:no")
    assert state.to_move == 1


def test_traditionnel_capot_announcer_does_not_take_the_lead() -> None:
    # Seed 001: "Lorsque le preneur est connu, c'est le joueur placé à la droite du
    # donneur qui jouera le premier" (no exception for a capot).
    state = FRENCH.new(4, "traditionnel")
    act(state, str(explicit_deal(4, {})), "bid:pass", "bid:garde_sans", "bid:pass", "bid:pass")
    act(state, "chelem:yes")
    assert state.chelem_announced and state.to_move == 1


def test_king_call_lists_kings_then_lower_honours() -> None:
    state = new_state(5, explicit_deal(5, {1: "KH"}))
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert legal(state) == ["call:KS", "call:KH", "call:KD", "call:KC"]
    with pytest.raises(IllegalAction, match="you may call only"):
        act(state, "call:QS")
    # FFT: "Lorsque le preneur a 4 Rois, il peut appeler une Dame (voire même un
    # Cavalier s'il a 4 Rois et 4 Dames ou un Valet s'il a 4 grands mariages). Si le
    # preneur possède un jeu exceptionnel il peut s'appeler lui-même en appelant un
    # Roi faisant partie de son jeu." Cards are listed suit by suit. Calling oneself
    # is by a King: a Queen of its own is not offered.
    four_kings = "KS KH KD KC QS " + " ".join(f"T{n}" for n in range(2, 12))  # 15 cards
    state = new_state(5, explicit_deal(5, {1: four_kings}))
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert legal(state) == ["call:KS"] + [f"call:{r}{s}" for s in "HDC" for r in "QK"]
    with pytest.raises(IllegalAction, match="you may call only"):
        act(state, "call:QS")
    state = new_state(5, explicit_deal(5, {1: "KS KH KD KC QS QH QD QC"}))
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert legal(state) == [f"call:{r}{s}" for s in "SHDC" for r in "NK"]
    state = new_state(5, explicit_deal(5, {1: "KS KH KD KC QS QH QD QC NS NH ND NC"}))
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert legal(state) == [f"call:{r}{s}" for s in "SHDC" for r in "JK"]
    act(state, "call:KD")  # calling one of its own Kings: the taker plays alone
    assert state.partner == 1


def test_king_call_self_can_be_forbidden() -> None:
    state = new_state(5, explicit_deal(5, {1: "KH"}), king_call_self=False)
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert legal(state) == ["call:KS", "call:KD", "call:KC"]
    state = new_state(5, explicit_deal(5, {1: "KS KH KD KC QS QH"}), king_call_self=False)
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert legal(state) == ["call:QD", "call:QC"]


def test_called_partner_secret_until_the_card_falls() -> None:
    deal = explicit_deal(5, {1: "T1 T21 T20 T19", 3: "KH 1H 2H"})
    state = new_state(5, deal)
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass", "bid:pass", "call:KH")
    assert state.partner == 3
    assert state.view(SPECTATOR)["partner"] is None
    assert state.view(2)["partner"] is None
    assert state.view(3)["partner"] == 3
    assert state.view(SPECTATOR)["called"] == "KH"


def test_called_card_in_the_dog_or_own_hand_means_alone() -> None:
    state = new_state(5, explicit_deal(5, {1: "KH"}))
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass", "bid:pass", "call:KH")
    assert state.partner == 1
    state = new_state(5, explicit_deal(5, {}, dog="KH 1H 2H"))
    act(state, "bid:prise", "bid:pass", "bid:pass", "bid:pass", "bid:pass", "call:KH")
    assert state.partner == 1 and state.view(SPECTATOR)["partner"] == 1


def test_called_card_in_an_unseen_dog_stays_secret_even_from_the_taker() -> None:
    state = new_state(5, explicit_deal(5, {}, dog="KH 1H 2H"))
    act(state, "bid:garde_sans", "bid:pass", "bid:pass", "bid:pass", "bid:pass", "call:KH")
    assert state.partner == 1
    assert all(state.view(v)["partner"] is None for v in (SPECTATOR, 0, 1, 2, 3, 4))


def test_in_the_mort_form_the_dealer_sitting_out_deals_until_someone_takes() -> None:
    # FFT rules, 5 players: "le mort ... procède à la distribution tant que personne ne prend".
    state = FRENCH.new(5, options={"dealer_sits_out": True})
    act(state, "deal:seed=1")
    assert state.dealer == 0 and len(state.order) == 4
    events = act(state, "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert state.to_move == CHANCE and state.dealer == 0
    assert events[-1].data == {"reason": "all_pass", "dealer": 0}
    act(state, "deal:seed=2")
    assert state.dealer == 0 and 0 not in state.order and state.to_move == 1
