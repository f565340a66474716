"""Deal scoring against the rulebook's worked examples and the seeds' rules.

Expected numbers come from the texts quoted in docs/rules.md: the FFT rulebook,
seed 001 (traditionnel), seeds 003/004 (FFT numbers), never from running the code.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from atout.french.scoring import (
    MISERE_KINDS,
    POIGNEE_SIZES,
    DealOutcome,
    ImpossibleDeal,
    MisereDeclared,
    MisereKind,
    PoigneeDeclared,
    Side,
    score_deal,
    taker_shares,
)
from atout.french.variants import FFT, TRADITIONNEL, Contract, Variant, get_variant

PRISE, POUSSE, GARDE = Contract.PRISE, Contract.POUSSE, Contract.GARDE
GARDE_SANS, GARDE_CONTRE = Contract.GARDE_SANS, Contract.GARDE_CONTRE


def deal(
    points: float,
    bouts: int,
    contract: Contract = PRISE,
    players: int = 4,
    **fields: Any,
) -> DealOutcome:
    """A 4-player deal taken by seat 0 unless told otherwise; ``points`` in points."""
    fields.setdefault("taker", 0)
    fields.setdefault("partner", None)
    return DealOutcome(
        players=players,
        contract=contract,
        attack_half_points=int(points * 2),
        bouts=bouts,
        **fields,
    )


def scores(outcome: DealOutcome, variant: Variant = FFT) -> tuple[int, ...]:
    return score_deal(outcome, variant).scores


# --- The rulebook's worked examples ("Exemples de marque de points") ------


def test_rulebook_garde_with_poignee_and_petit_au_bout() -> None:
    # Garde, simple poignée, petit au bout, 49 points with 2 bouts:
    # (25 + 8) x 2 + 20 + 20 = 106; the taker marks 318.
    result = score_deal(
        deal(
            49,
            2,
            GARDE,
            petit_au_bout="attack",
            poignees=(PoigneeDeclared(0, "simple"),),
        ),
        FFT,
    )
    assert result.scores == (318, -106, -106, -106)
    assert result.made
    assert result.breakdown["per_defender"] == 106
    assert result.breakdown["contract"] == 66
    assert result.breakdown["difference"] == 8
    assert result.breakdown["target"] == 41


def test_rulebook_garde_sans_made_by_4_petit_lost() -> None:
    # Garde Sans made by 4, the defence takes the petit au bout: 116 - 40 = 76.
    assert scores(deal(45, 2, GARDE_SANS, petit_au_bout="defense")) == (228, -76, -76, -76)


def test_rulebook_prise_failed_by_7_with_poignee_and_petit_au_bout() -> None:
    # Prise failed by 7 (44 points, 1 bout), taker's poignée, petit au bout taken:
    # 25 + 7 + 20 - 10 = 42 to each defender; the taker marks -126.
    outcome = deal(44, 1, petit_au_bout="attack", poignees=(PoigneeDeclared(0, "simple"),))
    result = score_deal(outcome, FFT)
    assert result.scores == (-126, 42, 42, 42)
    assert not result.made


def test_rulebook_garde_made_by_11_defence_poignee() -> None:
    # A defender's poignée goes to the taker who wins: 72 + 20 = 92, taker +276.
    outcome = deal(52, 2, GARDE, poignees=(PoigneeDeclared(2, "simple"),))
    assert scores(outcome) == (276, -92, -92, -92)


def test_rulebook_announced_chelem_made() -> None:
    # Garde, chelem announced and made, poignée, petit au bout, 87 points with
    # 2 bouts: (46 + 25) x 2 + 20 + 20 + 400 = 582; the taker marks 1746.
    outcome = deal(
        87,
        2,
        GARDE,
        petit_au_bout="attack",
        poignees=(PoigneeDeclared(0, "simple"),),
        chelem_announced=True,
        chelem="attack",
    )
    result = score_deal(outcome, FFT)
    assert result.scores == (1746, -582, -582, -582)
    assert result.breakdown["chelem"] == 400


def test_rulebook_poignee_goes_to_deal_winner() -> None:
    # "Le camp déclarant présente une double Poignée... S'il perd, c'est lui qui
    # donne cette prime": failed prise by 1 (50 points, 1 bout) = 26 + 30.
    assert scores(deal(50, 1, poignees=(PoigneeDeclared(0, "double"),))) == (-168, 56, 56, 56)
    # A defender's poignée when the defence wins: each defender receives 20 more.
    assert scores(deal(50, 1, poignees=(PoigneeDeclared(3, "simple"),))) == (-138, 46, 46, 46)


def test_rulebook_petit_au_bout_whatever_the_result() -> None:
    # Prise, a defender takes the petit au bout, the taker still makes it:
    # "la prime est déduite de ses gains": 25 + 5 - 10 = 20.
    assert scores(deal(56, 1, petit_au_bout="defense")) == (60, -20, -20, -20)
    # The taker fails a prise by 5 but takes the petit au bout: 30 - 10 = 20.
    assert scores(deal(46, 1, petit_au_bout="attack")) == (-60, 20, 20, 20)


def test_triple_poignee_never_multiplied() -> None:
    # Garde Contre made by 0 with 3 bouts: 25 x 6 + 40 = 190.
    assert scores(deal(36, 3, GARDE_CONTRE, poignees=(PoigneeDeclared(1, "triple"),))) == (
        570,
        -190,
        -190,
        -190,
    )


@pytest.mark.parametrize(
    ("points", "bouts", "per_defender"),
    [(56, 0, 25), (51, 1, 25), (41, 2, 25), (36, 3, 25), (55.5, 0, -26), (35, 3, -26)],
)
def test_targets_exactly_reached_is_made(points: float, bouts: int, per_defender: int) -> None:
    assert scores(deal(points, bouts)) == (3 * per_defender,) + (-per_defender,) * 3


@pytest.mark.parametrize(
    ("contract", "multiplier"), [(PRISE, 1), (GARDE, 2), (GARDE_SANS, 4), (GARDE_CONTRE, 6)]
)
def test_fft_multipliers(contract: Contract, multiplier: int) -> None:
    # Made by 10 with 1 bout: 35 x multiplier from each defender.
    assert scores(deal(61, 1, contract))[1] == -35 * multiplier


# --- Seeds 003 and 004 (FFT numbers) --------------------------------------


def test_seed_004_examples() -> None:
    # Example 1: Garde, 45 points with 2 bouts: 29 x 2 = 58, declarer 174.
    assert scores(deal(45, 2, GARDE)) == (174, -58, -58, -58)
    # Example 2: Prise, 45 points with 1 bout: 31 to each defender, declarer -93.
    assert scores(deal(45, 1)) == (-93, 31, 31, 31)


def test_seed_003_slams() -> None:
    # Declared slam 400, undeclared 200, declared and missed: loses 200.
    made = deal(91, 3, chelem="attack")
    assert scores(made)[1] == -(25 + 55 + 200)
    announced = deal(91, 3, chelem="attack", chelem_announced=True)
    assert scores(announced)[1] == -(25 + 55 + 400)
    missed = deal(80, 3, chelem_announced=True)
    assert scores(missed)[1] == -(25 + 44 - 200)


# --- Chelem by the defence and cumulative penalties (FFT) -----------------


def test_defence_chelem_gives_200_to_each_defender() -> None:
    # No trick for the taker: 0 points, 0 bouts, failed by 56 at a prise.
    assert scores(deal(0, 0, chelem="defense")) == (-3 * 281, 281, 281, 281)


def test_announced_chelem_lost_to_a_defence_chelem_costs_both() -> None:
    outcome = deal(0, 0, chelem="defense", chelem_announced=True)
    assert scores(outcome)[1] == 25 + 56 + 200 + 200


def test_announced_chelem_failed_can_turn_a_made_deal_negative() -> None:
    result = score_deal(deal(60, 3, chelem_announced=True), FFT)
    assert result.made
    assert result.scores == (3 * (49 - 200), 151, 151, 151)


# --- Half points at 3 and 5 players (rulebook) ----------------------------


def test_three_players_half_point_goes_to_the_defence_when_it_wins() -> None:
    # 40.5 with 2 bouts: 40 points, failed by 1; the taker's points are doubled.
    result = score_deal(deal(40.5, 2, players=3), FFT)
    assert not result.made
    assert result.scores == (-52, 26, 26)


def test_three_players_half_point_goes_to_the_taker_when_made() -> None:
    # 41.5 with 2 bouts: 42 points, made by 1.
    result = score_deal(deal(41.5, 2, players=3), FFT)
    assert result.made
    assert result.scores == (52, -26, -26)


def test_five_players_half_points_and_partner_share() -> None:
    # Taker 2/3, partner 1/3 of what the three defenders pay.
    made = score_deal(deal(41.5, 2, GARDE, players=5, taker=1, partner=3), FFT)
    assert made.made
    assert made.scores == (-52, 104, -52, 52, -52)
    failed = score_deal(deal(40.5, 2, GARDE, players=5, taker=1, partner=3), FFT)
    assert not failed.made
    assert failed.scores == (52, -104, 52, -52, 52)


def test_five_players_taker_alone_takes_four_times() -> None:
    assert scores(deal(41.5, 2, players=5, taker=2, partner=2)) == (-26, -26, 104, -26, -26)


def test_five_seats_dealer_sitting_out_scores_as_four() -> None:
    variant = get_variant("fft", {"dealer_sits_out": True})
    outcome = deal(45, 2, GARDE, players=5, taker=1, sitting_out=0)
    assert scores(outcome, variant) == (0, 174, -58, -58, -58)


# --- Misères (option in FFT) ----------------------------------------------


def test_misere_is_paid_by_every_other_player_whatever_the_result() -> None:
    variant = get_variant("fft", {"misere": True})
    outcome = deal(45, 1, miseres=(MisereDeclared(2, "sans_atouts"),))
    # The deal: 31 to each defender; the misère: 10 from each of the three others.
    assert scores(outcome, variant) == (-93 - 10, 31 - 10, 31 + 30, 31 - 10)


def test_misere_needs_the_option() -> None:
    with pytest.raises(ValueError, match=r"^miseres:"):
        score_deal(deal(45, 1, miseres=(MisereDeclared(2, "sans_atouts"),)), FFT)


# --- traditionnel (seed 001) ----------------------------------------------


@pytest.mark.parametrize(
    ("contract", "multiplier"),
    [(PRISE, 1), (POUSSE, 2), (GARDE, 4), (GARDE_SANS, 8), (GARDE_CONTRE, 12)],
)
def test_traditionnel_multipliers_with_prime_when_made(contract: Contract, multiplier: int) -> None:
    # Made by 4: (25 + 4) x multiplier from each defender.
    assert scores(deal(45, 2, contract), TRADITIONNEL) == (
        87 * multiplier,
        -29 * multiplier,
        -29 * multiplier,
        -29 * multiplier,
    )


def test_traditionnel_no_prime_when_failed() -> None:
    # Garde failed by 6: 6 x 4 = 24 to each defender, no 25.
    result = score_deal(deal(45, 1, GARDE), TRADITIONNEL)
    assert not result.made
    assert result.scores == (-72, 24, 24, 24)
    assert result.breakdown["prime"] == 0


def test_traditionnel_petit_au_bout_can_change_the_result() -> None:
    # Prise, 45 points with 1 bout (6 short) but the petit au bout: -6 + 10 = +4,
    # made, so the prime counts: 25 + 4 = 29.
    result = score_deal(deal(45, 1, petit_au_bout="attack"), TRADITIONNEL)
    assert result.made
    assert result.scores == (87, -29, -29, -29)
    # Before the multiplier: a Pousse doubles the petit too, (25 + 4) x 2.
    assert scores(deal(45, 1, POUSSE, petit_au_bout="attack"), TRADITIONNEL)[1] == -58


def test_traditionnel_petit_au_bout_reaching_the_target_exactly_is_made() -> None:
    assert scores(deal(41, 1, petit_au_bout="attack"), TRADITIONNEL) == (75, -25, -25, -25)


def test_traditionnel_defence_petit_au_bout_can_fail_the_contract() -> None:
    # Made by 4 without it; the defence's petit au bout leaves it 6 short.
    result = score_deal(deal(45, 2, GARDE, petit_au_bout="defense"), TRADITIONNEL)
    assert not result.made
    assert result.scores == (-72, 24, 24, 24)


def test_traditionnel_taker_poignee_depends_on_the_contract() -> None:
    poignee = (PoigneeDeclared(0, "simple"),)
    assert scores(deal(45, 2, poignees=poignee), TRADITIONNEL) == (147, -49, -49, -49)
    # Failed by 6 at a prise: the taker pays 6 and the 20 to each defender.
    assert scores(deal(45, 1, poignees=poignee), TRADITIONNEL) == (-78, 26, 26, 26)


def test_traditionnel_defender_poignee_is_paid_by_every_other_player() -> None:
    # Made by 4 at a prise (29 each); defender 2's poignée: 20 from each other player.
    outcome = deal(45, 2, poignees=(PoigneeDeclared(2, "double"),))
    assert scores(outcome, TRADITIONNEL) == (87 - 30, -29 - 30, -29 + 90, -29 - 30)


def test_traditionnel_both_miseres_are_cumulative() -> None:
    miseres = (MisereDeclared(1, "sans_atouts"), MisereDeclared(1, "sans_points"))
    result = score_deal(deal(45, 2, miseres=miseres), TRADITIONNEL)
    # 20 from each of the other three players on top of the deal's 29.
    assert result.scores == (87 - 20, -29 + 60, -29 - 20, -29 - 20)
    assert result.breakdown["misere"] == 20


def test_traditionnel_taker_misere_depends_on_the_contract() -> None:
    # Seed 001: "Les annonces du preneur [...] ne lui seront payées que s'il réussit
    # son contrat. Dans le cas contraire, c'est lui qui paiera aux autres joueurs la
    # valeur des annonces qu'il aura faites."
    misere = (MisereDeclared(0, "sans_atouts"),)
    # Prise made by 4: 29 from each defender, and 10 from each for the misère.
    assert scores(deal(45, 2, miseres=misere), TRADITIONNEL) == (117, -39, -39, -39)
    # Prise failed by 6, no prime: 6 to each defender, and the taker pays them 10.
    result = score_deal(deal(45, 1, miseres=misere), TRADITIONNEL)
    assert result.scores == (-48, 16, 16, 16)
    assert result.breakdown["misere"] == -10
    # The FFT option pays a misère whatever the result.
    fft = get_variant("fft", {"misere": True})
    assert scores(deal(45, 1, miseres=misere), fft) == (-93 + 30, 31 - 10, 31 - 10, 31 - 10)


def test_traditionnel_capot() -> None:
    # Announced and made: 600; unannounced: half; announced and failed: 600 to each opponent.
    base = 25 + 55
    assert scores(deal(91, 3, chelem="attack", chelem_announced=True), TRADITIONNEL)[1] == -(
        base + 600
    )
    assert scores(deal(91, 3, chelem="attack"), TRADITIONNEL)[1] == -(base + 300)
    assert scores(deal(80, 3, chelem_announced=True), TRADITIONNEL)[1] == -(25 + 44 - 600)


def test_traditionnel_capot_of_a_thousand() -> None:
    """Seed 001: "reçoit 600 points (dans certaines régions, il en reçoit 1000
    points). S'il échoue, ce sont ses adversaires qui reçoivent ces points [...]
    la moitié": the four numbers of docs/rules.md."""
    thousand = get_variant(
        "traditionnel",
        {
            "chelem_announced_made": 1000,
            "chelem_announced_failed": -1000,
            "chelem_unannounced_made": 500,
            "chelem_defence": 500,
        },
    )
    base = 25 + 55
    assert scores(deal(91, 3, chelem="attack", chelem_announced=True), thousand)[1] == -(
        base + 1000
    )
    assert scores(deal(91, 3, chelem="attack"), thousand)[1] == -(base + 500)
    # announced, failed with 80 and 3 bouts: 25 + 44, and the 1000 to each defender
    each = 25 + 44 - 1000
    assert scores(deal(80, 3, chelem_announced=True), thousand) == (3 * each, -each, -each, -each)


def test_at_four_the_points_are_whole_unless_the_excuse_changed_side() -> None:
    """Every card is worth a whole number and a half, and at four a side's cards
    are even in number (tricks of four, a chien of six), the Excuse exchanged
    for a half-point card: 40.5 is a typo. Only the FFT's Excuse of the last
    trick, which changes side without a card back, leaves a side an odd count."""
    with pytest.raises(ImpossibleDeal, match=r"^attack_half_points:") as refused:
        score_deal(deal(40.5, 2), TRADITIONNEL)
    assert refused.value.code == "deal_whole_points"
    # 41 with two bouts, made by 0: the 25 of a made contract from each defender
    assert scores(deal(41, 2), TRADITIONNEL) == (75, -25, -25, -25)
    score_deal(deal(40.5, 2), FFT)  # the FFT's Excuse of the last trick: possible
    score_deal(deal(40.5, 2, players=3), TRADITIONNEL)  # at three a trick has 3 cards
    owner = get_variant("fft", {"excuse_last_trick": "owner"})
    with pytest.raises(ImpossibleDeal):
        score_deal(deal(40.5, 2), owner)


def test_traditionnel_five_players_taker_and_partner_share_equally() -> None:
    # Seed 001: "le preneur et son allié se partagent à égalité les points gagnés
    # ou perdus". Garde made by 4: (25 + 4) x 4 = 116 from each of the three
    # defenders, 348 in all: 174 each.
    outcome = deal(45, 2, GARDE, players=5, taker=0, partner=4)
    assert scores(outcome, TRADITIONNEL) == (174, -116, -116, -116, 174)
    # Pousse failed by 6 (45 points, 1 bout), no prime: 6 x 2 = 12 to each
    # defender, 36 lost in all: 18 each.
    outcome = deal(45, 1, POUSSE, players=5, taker=2, partner=1)
    assert scores(outcome, TRADITIONNEL) == (12, -18, -18, 12, 12)


def test_traditionnel_five_players_odd_total_the_taker_carries_the_odd_point() -> None:
    # Prise made by 4: 29 from each defender, 87 in all: 44 and 43.
    outcome = deal(45, 2, players=5, taker=3, partner=0)
    assert scores(outcome, TRADITIONNEL) == (43, -29, -29, 44, -29)
    # Prise failed by 5 (46 points, 1 bout), no prime: 5 to each defender,
    # 15 lost: the taker 8, the partner 7.
    outcome = deal(46, 1, players=5, taker=3, partner=0)
    assert scores(outcome, TRADITIONNEL) == (-7, 5, 5, -8, 5)


def test_traditionnel_five_players_attack_poignee_is_shared_misere_is_the_announcers() -> None:
    # Seed 001: "Deux preneurs s'opposent ainsi à trois défenseurs"; "Les annonces
    # du preneur [...] ne lui seront payées que s'il réussit son contrat". A poignée
    # ("Il reçoit pour ces annonces, respectivement, 20, 30 ou 40 points") is the
    # attack's: each defender pays it with the contract, shared like it. A misère
    # says "Il reçoit alors de chaque joueur": the partner's is its own, from each
    # of the four others, the taker included.
    poignee = (PoigneeDeclared(0, "simple"),)
    misere = (MisereDeclared(4, "sans_atouts"),)
    # Prise made by 4: (29 + 20) from each defender, 147 shared 74 / 73; the
    # partner's misère: 10 from each of the other four.
    made = deal(45, 2, players=5, taker=0, partner=4, poignees=poignee, miseres=misere)
    assert scores(made, TRADITIONNEL) == (74 - 10, -49 - 10, -49 - 10, -49 - 10, 73 + 40)
    # Prise failed by 6: (6 + 20) to each defender, 78 lost 39 / 39; the partner
    # pays its misère to each of the other four.
    failed = deal(45, 1, players=5, taker=0, partner=4, poignees=poignee, miseres=misere)
    assert scores(failed, TRADITIONNEL) == (-39 + 10, 26 + 10, 26 + 10, 26 + 10, -39 - 40)


def test_traditionnel_five_players_taker_alone_takes_four_times() -> None:
    # Called card in the dog: the taker alone receives 29 from each of the four.
    outcome = deal(45, 2, players=5, taker=1, partner=1)
    assert scores(outcome, TRADITIONNEL) == (-29, 116, -29, -29, -29)


# --- Validation -----------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "field"),
    [
        (deal(45, 2, players=6), "players"),
        (deal(45, 2, POUSSE), "contract"),
        (deal(45, 2, taker=4), "taker"),
        (deal(45, 2, taker=-1), "taker"),
        (deal(45, 2, partner=1), "partner"),
        (deal(45, 2, players=5), "partner"),
        (deal(45, 2, players=5, partner=5), "partner"),
        (deal(91.5, 2), "attack_half_points"),
        (deal(-0.5, 0), "attack_half_points"),
        (deal(45, 4), "bouts"),
        (deal(3.5, 1), "attack_half_points"),
        (deal(79.5, 0), "attack_half_points"),
        (deal(60, 0, petit_au_bout="attack"), "petit_au_bout"),
        (deal(60, 3, petit_au_bout="defense"), "petit_au_bout"),
        (deal(60, 2, petit_au_bout="nobody"), "petit_au_bout"),
        (deal(60, 2, chelem="both"), "chelem"),
        (deal(60, 2, poignees=(PoigneeDeclared(7, "simple"),)), "poignees"),
        (deal(60, 2, poignees=(PoigneeDeclared(1, "huge"),)), "poignees"),  # type: ignore[arg-type]
        (
            deal(60, 2, poignees=(PoigneeDeclared(1, "simple"), PoigneeDeclared(1, "double"))),
            "poignees",
        ),
        (deal(60, 2, players=4, sitting_out=3), "sitting_out"),
        # "Réussir le CHELEM, c'est gagner toutes les levées": the attack cannot
        # then fail, nor the defence let it make its contract
        (deal(30, 0, chelem="attack"), "chelem"),
        (deal(80, 2, chelem="defense"), "chelem"),
        # the Petit au Bout goes to the side of the last trick, the chelem's
        (deal(87, 2, chelem="attack", petit_au_bout="defense"), "petit_au_bout"),
        (deal(10, 1, chelem="defense", petit_au_bout="attack"), "petit_au_bout"),
        # a trick brings a half point a card at least, a card 4.5 points at most: a
        # side that took no trick has the chien (or its écart) if its own, and its
        # Excuse; a garde contre's chien is the defence's
        # no chelem: 4 cards at least lost, or 3 when the defence's Excuse leaves its
        # one trick, the last ("sinon elle change de camp")
        (deal(90, 3), "attack_half_points"),
        (deal(91, 3, GARDE_CONTRE), "attack_half_points"),
        (deal(91, 3, GARDE_CONTRE, chelem="attack"), "attack_half_points"),
        (deal(50, 1, GARDE_CONTRE, chelem="defense"), "attack_half_points"),
        (deal(32, 1, GARDE, chelem="defense"), "attack_half_points"),
        # an écart holds no King and no bout (FFT: "Il est interdit d'écarter des
        # Rois et des Bouts"): four Queens and two Knights at best, and the Excuse
        (deal(24, 1, GARDE, chelem="defense"), "attack_half_points"),
        # without a chelem the attack took a trick: 0 is the defence's slam
        (deal(0, 0, GARDE), "attack_half_points"),
        (deal(4, 0), "attack_half_points"),
        (deal(1, 0, GARDE_CONTRE), "attack_half_points"),
        (deal(18.5, 1, GARDE, players=5, partner=1, chelem="defense"), "attack_half_points"),
        # 13 + 15 trumps shown, of 21 and the Excuse
        (
            deal(60, 2, poignees=(PoigneeDeclared(1, "double"), PoigneeDeclared(2, "triple"))),
            "poignees",
        ),
        (deal(60, 2, players=5, partner=1, sitting_out=3), "sitting_out"),
    ],
)
def test_impossible_outcomes_name_the_field(outcome: DealOutcome, field: str) -> None:
    with pytest.raises(ValueError, match=rf"^{field}:"):
        score_deal(outcome, FFT)


@pytest.mark.parametrize(
    "outcome",
    [
        deal(89, 3),  # the defence took one trick of four low cards
        # the defence's one trick is the last, its Excuse in it goes to the attack:
        # three low cards are left to it (FFT: "sinon elle change de camp")
        deal(89.5, 3),
        deal(88, 3, GARDE_CONTRE, chelem="attack"),  # a chien of six low cards
        deal(85, 3, GARDE_CONTRE),
        # an écart of four Queens and two Knights, and the Excuse
        deal(23.5, 1, GARDE, chelem="defense"),
        # a chien of four Kings, the Petit and the 21, and the Excuse
        deal(31.5, 3, GARDE_SANS, chelem="defense"),
        # one trick of three low cards (the attack's Excuse in it went to the
        # defence) and an écart of six: the least without a chelem
        deal(4.5, 0),
        deal(1.5, 0, GARDE_CONTRE),  # the trick alone: a garde contre's chien is the defence's
        deal(18, 1, GARDE_SANS, players=5, partner=1, chelem="defense"),
        deal(4.5, 1, GARDE_CONTRE, chelem="defense"),  # its Excuse alone
    ],
)
def test_the_tricks_bounds_are_reached(outcome: DealOutcome) -> None:
    assert sum(scores(outcome)) == 0


@pytest.mark.parametrize("rule", ["trick_winner", "owner"])
def test_an_excuse_staying_in_the_last_trick_leaves_the_defence_four_cards(rule: str) -> None:
    # When the Excuse played last goes to that trick's winner, or back to its owner,
    # the defence's one trick keeps its four cards: 89.5 is out of reach.
    variant = get_variant("fft", {"excuse_last_trick": rule})
    with pytest.raises(ValueError, match=r"^attack_half_points:"):
        score_deal(deal(89.5, 3), variant)
    assert sum(scores(deal(89, 3), variant)) == 0


def test_mort_form_validation() -> None:
    variant = get_variant("fft", {"dealer_sits_out": True})
    with pytest.raises(ValueError, match=r"^sitting_out:"):
        score_deal(deal(60, 2, players=5), variant)
    with pytest.raises(ValueError, match=r"^taker:"):
        score_deal(deal(60, 2, players=5, sitting_out=0), variant)
    with pytest.raises(ValueError, match=r"^partner:"):
        score_deal(deal(60, 2, players=5, taker=1, partner=2, sitting_out=0), variant)


def test_misere_validation() -> None:
    variant = get_variant("fft", {"misere": True})
    twice = (MisereDeclared(1, "sans_points"), MisereDeclared(1, "sans_points"))
    with pytest.raises(ValueError, match=r"^miseres:"):
        score_deal(deal(60, 2, miseres=twice), variant)
    with pytest.raises(ValueError, match=r"^miseres:"):
        score_deal(deal(60, 2, miseres=(MisereDeclared(4, "sans_points"),)), variant)


def _misere_code(
    players: int, miseres: dict[int, tuple[MisereKind, ...]], **fields: Any
) -> str | None:
    """The refusal's code of a deal whose seats announce ``miseres``, or None
    when it is scored (5 players: seat 1 is the partner)."""
    declared = tuple(MisereDeclared(seat, k) for seat, kinds in miseres.items() for k in kinds)
    if players == 5:
        fields.setdefault("partner", 1)
    outcome = deal(60, 2, players=players, miseres=declared, **fields)
    try:
        score_deal(outcome, get_variant("fft", {"misere": True}))
    except ImpossibleDeal as refused:
        return refused.code
    return None


@pytest.mark.parametrize(
    ("players", "miseres", "code"),
    [
        # 21 trumps and the Excuse: 6 cards of the chien left for them at four
        (
            4,
            {0: ("sans_atouts",), 1: ("sans_atouts",), 2: ("sans_atouts",), 3: ("sans_atouts",)},
            "deal_miseres_cards",
        ),
        (4, {0: ("sans_atouts",), 1: ("sans_atouts",), 2: ("sans_atouts",)}, None),  # 18 + 6
        # 3 bouts and 16 honours, in the 6 cards of the chien at three
        (3, {0: ("sans_points",), 1: ("sans_points",), 2: ("sans_points",)}, "deal_miseres_cards"),
        (3, {0: ("sans_points",), 1: ("sans_points",)}, None),  # 24 + 6
        # at five, four seats of 15 without trumps leave 15 + 3 cards for 22
        (5, {s: ("sans_atouts",) for s in range(4)}, "deal_miseres_cards"),
        (5, {s: ("sans_atouts",) for s in range(3)}, None),
        # three seats with both misères hold plain cards only: 54 of the 40
        (4, {s: MISERE_KINDS for s in range(3)}, "deal_miseres_cards"),
        (4, {s: MISERE_KINDS for s in range(2)}, None),  # 36 plain cards
    ],
)
def test_misères_no_deal_allows_are_refused(
    players: int, miseres: dict[int, tuple[MisereKind, ...]], code: str | None
) -> None:
    """A misère keeps cards out of its seat's hand; together they must leave
    room for those cards in the other hands and the chien."""
    assert _misere_code(players, miseres) == code


def test_a_seat_without_trumps_shows_no_poignée() -> None:
    """A poignée shows trumps: sans atouts is having none (seed 001: "ne possède
    ni atouts ni l'Excuse"); without points, trumps other than the bouts remain."""
    simple = (PoigneeDeclared(2, "simple"),)
    assert _misere_code(4, {2: ("sans_atouts",)}, poignees=simple) == "deal_misere_poignee"
    assert _misere_code(4, {2: ("sans_points",)}, poignees=simple) is None


# --- Properties -----------------------------------------------------------


@st.composite
def outcomes(draw: st.DrawFn) -> tuple[DealOutcome, Variant]:
    """Any possible deal outcome under FFT, traditionnel or an FFT with options."""
    base = draw(st.sampled_from([FFT, TRADITIONNEL]))
    players = draw(st.sampled_from([3, 4, 5]))
    mort = players == 5 and draw(st.booleans())
    options: dict[str, Any] = {"dealer_sits_out": mort}
    if base is FFT:
        options["misere"] = draw(st.booleans())
    variant = get_variant(base.name, options)
    sitting_out = draw(st.integers(0, 4)) if mort else None
    playing = [s for s in range(players) if s != sitting_out]
    taker = draw(st.sampled_from(playing))
    partner = draw(st.sampled_from(playing)) if players == 5 and not mort else None
    contract = draw(st.sampled_from(variant.contracts))
    bouts = draw(st.integers(0, 3))
    lowest, highest = 8 * bouts, 182 - 8 * (3 - bouts)
    target = 2 * (56, 51, 41, 36)[bouts]
    # a side that took every trick won the deal, and its last trick; a trick brings
    # a half point a card at least, a card 4.5 points at most, a garde contre's
    # chien (6 cards, 3 at 5 players) is the defence's
    dog = 3 if len(playing) == 5 else 6
    chien_lost = dog if contract == GARDE_CONTRE else 0
    chelem: Side | None = draw(st.sampled_from([None, "attack", "defense"]))
    if chelem == "attack":
        lowest, highest = max(lowest, target), highest - chien_lost
    elif chelem == "defense":  # an écart holds Queens and Knights at best, a chien anything
        ecart = (7, 7, 7, 7, 5, 5)[:dog] if contract.sees_dog else (9,) * (dog - chien_lost)
        highest = min(highest, target - 1, sum(ecart) + 9)
    else:  # the defence took a trick, and the attack one with its chien or écart
        highest = min(highest, 182 - len(playing) - chien_lost)
        lowest = max(lowest, 8 * bouts + len(playing) + dog - chien_lost)
    assume(lowest <= highest)
    half = draw(st.integers(lowest, highest))
    # at four, whole points but when the Excuse of the last trick changes side
    whole = len(playing) == 4 and chelem is None and variant.excuse_last_trick != "other_side"
    assume(not (whole and half % 2))
    petit_sides: list[Side | None] = [None]  # the side holding the Petit has a bout
    if bouts > 0 and chelem != "defense":
        petit_sides.append("attack")
    if bouts < 3 and chelem != "attack":
        petit_sides.append("defense")
    poignee_seats = draw(st.lists(st.sampled_from(playing), unique=True, max_size=2))
    poignee_sizes = [draw(st.sampled_from(POIGNEE_SIZES)) for _ in poignee_seats]
    least = variant.poignee_trumps[len(playing)]
    assume(sum(least[POIGNEE_SIZES.index(size)] for size in poignee_sizes) <= 22)
    miseres: tuple[MisereDeclared, ...] = ()
    if variant.misere:
        announcements = st.tuples(st.sampled_from(playing), st.sampled_from(MISERE_KINDS))
        miseres = tuple(
            MisereDeclared(seat, kind)
            for seat, kind in draw(st.lists(announcements, unique=True, max_size=2))
        )
        assume(not any(m.kind == "sans_atouts" and m.seat in poignee_seats for m in miseres))
    outcome = DealOutcome(
        players=players,
        contract=contract,
        taker=taker,
        partner=partner,
        attack_half_points=half,
        bouts=bouts,
        petit_au_bout=draw(st.sampled_from(petit_sides)),
        poignees=tuple(map(PoigneeDeclared, poignee_seats, poignee_sizes)),
        chelem_announced=draw(st.booleans()),
        chelem=chelem,
        miseres=miseres,
        sitting_out=sitting_out,
    )
    return outcome, variant


@settings(max_examples=300, deadline=None)
@given(outcomes())
def test_every_deal_sums_to_zero(case: tuple[DealOutcome, Variant]) -> None:
    outcome, variant = case
    result = score_deal(outcome, variant)
    assert sum(result.scores) == 0
    assert len(result.scores) == outcome.players
    if outcome.sitting_out is not None:
        assert result.scores[outcome.sitting_out] == 0


@settings(max_examples=300, deadline=None)
@given(outcomes())
def test_taker_sign_follows_the_result_without_side_bonuses(
    case: tuple[DealOutcome, Variant],
) -> None:
    # Only chelem bonuses, misères and personal (traditionnel defender) poignées
    # can outweigh the contract: without them the taker wins exactly when made.
    outcome, variant = case
    assume(outcome.chelem is None)  # the attack's points may need every trick, or none
    attackers = {outcome.taker, outcome.partner}
    if variant.poignee_scoring == "taker_result":
        side_poignees = tuple(p for p in outcome.poignees if p.seat in attackers)
    else:
        side_poignees = outcome.poignees
    outcome = replace(
        outcome, chelem_announced=False, chelem=None, miseres=(), poignees=side_poignees
    )
    result = score_deal(outcome, variant)
    assert (result.scores[outcome.taker] > 0) == result.made
    defenders = [
        s for s in range(outcome.players) if s not in attackers and s != outcome.sitting_out
    ]
    assert len({result.scores[s] for s in defenders}) == 1
    if outcome.partner is not None and outcome.partner != outcome.taker:
        taker, partner = result.scores[outcome.taker], result.scores[outcome.partner]
        if variant.partner_share == "third":
            assert taker == 2 * partner
        else:  # equal shares, the taker carrying an odd point
            assert taker - partner in (-1, 0, 1) and abs(taker) >= abs(partner)


@settings(max_examples=200, deadline=None)
@given(outcomes(), st.integers(1, 20))
def test_more_points_never_score_less(case: tuple[DealOutcome, Variant], extra: int) -> None:
    outcome, variant = case  # and the same with fewer points (no bound of the tricks is crossed)
    poorer_half = max(outcome.attack_half_points - extra, 8 * outcome.bouts)
    if outcome.chelem is None:  # the attack took a trick, and the chien unless in garde contre
        active = outcome.players - (outcome.sitting_out is not None)
        kept = 0 if outcome.contract == GARDE_CONTRE else (3 if active == 5 else 6)
        poorer_half = max(poorer_half, 8 * outcome.bouts + active + kept)
        if active == 4 and variant.excuse_last_trick != "other_side":
            poorer_half -= poorer_half % 2  # whole points, above that even least
    # an attack that took every trick made its contract
    assume(outcome.chelem != "attack" or poorer_half >= 2 * (56, 51, 41, 36)[outcome.bouts])
    poorer = replace(outcome, attack_half_points=poorer_half)
    after = score_deal(outcome, variant).scores[outcome.taker]
    assert score_deal(poorer, variant).scores[outcome.taker] <= after


@pytest.mark.parametrize(
    ("playing", "partnered", "variant", "shares"),
    [
        (3, False, FFT, 2),
        (4, False, FFT, 3),
        (5, False, FFT, 4),  # the taker called their own King: alone against four
        (5, True, FFT, 2),  # "2/3 pour le preneur, 1/3 pour le partenaire"
        (5, True, TRADITIONNEL, 1.5),  # seed 001: "se partagent à égalité"
    ],
)
def test_the_robots_scale_follows_the_variants_partner_share(
    playing: int, partnered: bool, variant: Variant, shares: float
) -> None:
    assert taker_shares(playing, partnered, variant) == shares
