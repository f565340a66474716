"""Prepared deals in boards (étuis): the same cards replayed at every table.

A board holds one hand per orientation and the dog, the dealer and the taker's
orientation marked on it (rulebook, "L'étui"), and the contract when the form
imposes one. Deals built from a seed are stored as cards, so a board never
depends on how a seed is dealt again. As an arbiter preparing the deals would
(rulebook, "La première position": no petit sec, a hand "incontestablement
prenable" for the taker), a seeded deal with a petit sec is dealt again and the
strongest hand is given to the taker's orientation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from atout.cards import Language, hand_text, parse_hand
from atout.french.dealing import check_deal, deal_from_seed, petit_sec_seat
from atout.french.variants import Contract, get_variant
from atout.game import IllegalAction
from atout.refusals import Refusal
from atout.robots.french import bid_count

ORIENTATIONS: Final[dict[int, tuple[str, ...]]] = {
    4: ("N", "W", "S", "E"),
    5: ("A", "B", "C", "D", "E"),
}
"""Orientation names by seat, in playing order (the next seat is on the right).
At 4 the rulebook's Nord, Ouest, Sud, Est: West sits on North's right. The
rulebook names no orientations at 5; atout letters the five places."""
SOUTH: Final = 2
_FRENCH_LETTERS: Final = {"W": "O"}


def orientation_text(label: str, lang: Language) -> str:
    """An orientation letter as a reader of ``lang`` writes it: West is O (Ouest)
    in French, as the page shows it; the others are the same in both."""
    return _FRENCH_LETTERS.get(label, label) if lang == "fr" else label


_FFT: Final = get_variant("fft")


class TournamentError(Refusal, ValueError):
    """A tournament, board or result that the rulebook does not allow, as a refusal
    code and parameters (``atout/refusals.json``): the server and the page show it
    in the reader's language, the command line in English."""


@dataclass(frozen=True, slots=True)
class Board:
    """One étui: its number (from 1), marks and cards (one bit set per orientation)."""

    number: int
    dealer: int
    taker: int
    """The orientation marked as taker on the étui."""
    hands: tuple[int, ...]
    dog: int
    contract: Contract | None
    """The imposed contract, None when the taker chooses."""

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def leader(self) -> int:
        """Who leads: the player on the dealer's right (rulebook, "L'étui")."""
        return (self.dealer + 1) % self.players

    def to_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "taker": self.taker,
            "contract": self.contract.text if self.contract else None,
            "hands": [hand_text(hand) for hand in self.hands],
            "dog": hand_text(self.dog),
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Board:
        """A board as :meth:`to_json` writes it; TournamentError on bad cards or marks."""
        if not isinstance(data, dict):
            raise TournamentError("tournament_board_malformed", board="?")
        try:
            hands = tuple(parse_hand(str(text)) for text in data["hands"])  # type: ignore[attr-defined]
            dog = parse_hand(str(data["dog"]))
            contract = data.get("contract")
            return make_board(
                int(data["number"]),  # type: ignore[call-overload]
                int(data["dealer"]),  # type: ignore[call-overload]
                int(data["taker"]),  # type: ignore[call-overload]
                hands,
                dog,
                Contract[str(contract).upper()] if contract else None,
            )
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, TournamentError):
                raise
            raise TournamentError(
                "tournament_board_malformed", board=str(data.get("number"))
            ) from None


def make_board(
    number: int,
    dealer: int,
    taker: int,
    hands: tuple[int, ...],
    dog: int,
    contract: Contract | None,
) -> Board:
    """A board from explicit cards, checked like any deal; TournamentError says what is wrong."""
    players = len(hands)
    if players not in ORIENTATIONS:
        raise TournamentError("tournament_players", players=players)
    if not (0 <= dealer < players and 0 <= taker < players):
        raise TournamentError("tournament_board_marks", board=number, most=players - 1)
    order = tuple((dealer + 1 + i) % players for i in range(players))
    try:
        check_deal(hands, dog, order, players)
    except IllegalAction as error:
        raise TournamentError(error.code, **error.params) from None
    return Board(number, dealer, taker, hands, dog, contract)


def prepare_boards(
    count: int, players: int, seed: int, contract: Contract | None, taker: int | None = None
) -> tuple[Board, ...]:
    """``count`` boards dealt from ``seed``; the dealer turns board by board, and so does
    the taker, on the dealer's right (each player attacks one board in ``players``),
    unless the form fixes the taker (``taker``: quadrettes' South)."""
    if players not in ORIENTATIONS:
        raise TournamentError("tournament_players", players=players)
    boards = []
    for number in range(1, count + 1):
        dealer = (number - 2) % players
        marked = taker if taker is not None else (dealer + 1) % players
        order = tuple((dealer + 1 + i) % players for i in range(players))
        rng = random.Random(f"{seed}:{number}")
        while True:
            hands, dog = deal_from_seed(rng.getrandbits(64), order, players)
            if petit_sec_seat(hands, _FFT.petit_sec_excuse_protects) < 0:
                break
        strongest = max(range(players), key=lambda seat: bid_count(hands[seat], players))
        swapped = list(hands)
        swapped[marked], swapped[strongest] = hands[strongest], hands[marked]
        boards.append(Board(number, dealer, marked, tuple(swapped), dog, contract))
    return tuple(boards)
