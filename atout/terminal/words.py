"""Every word the terminal game says or reads, in English and in French.

Messages are looked up by key; a message about a seat has two forms, one for
the person ("you pass", "vous passez") and one for a robot ("seat 2 passes"),
so that French verbs agree. Input words of both languages are accepted
whatever language is shown. Engine refusals come as codes: :func:`refusal`
says them in the person's language from the catalogue shared with the server
and the browser (:mod:`atout.refusals`).
"""

from __future__ import annotations

from typing import Final

from atout.cards import Language, parse_card
from atout.refusals import Refusal, message
from atout.terminal.show import face

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "you": "you",
        "seat": "seat {seat}",
        "your_hand": "Your hand",
        "trumps": "Trumps",
        "choices": "Choices:",
        "deal_header": "Deal {number} of {total} · dealer: {who}",
        "sits_out": "{who} deals and sits out this deal",
        "redeal_all_pass": "Everybody passed: the deal is cancelled and dealt again.",
        "redeal_petit_sec": "Petit sec: the deal is cancelled and dealt again.",
        "petit_sec": "{who} holds the Petit alone (petit sec): {cards}",
        "bid_pass.you": "You pass.",
        "bid_pass.other": "{who} passes.",
        "bid.you": "You bid {bid}.",
        "bid.other": "{who} bids {bid}.",
        "contract.you": "You take: {contract}.",
        "contract.other": "{who} takes: {contract}.",
        "call.you": "You call {card}.",
        "call.other": "{who} calls {card}.",
        "dog": "The dog, turned face up:",
        "dog_hidden.taker": "The dog stays face down; it counts for the taker.",
        "dog_hidden.defence": "The dog stays face down; it goes to the defence.",
        "ecart_done.you": "Your écart is made:",
        "ecart_done.other": "{who} has made the écart.",
        "trump_discarded.you": "You put a trump in the écart (shown to all): {card}",
        "trump_discarded.other": "{who} puts a trump in the écart: {card}",
        "chelem.you": "You announce a chelem!",
        "chelem.other": "{who} announces a chelem!",
        "poignee.you": "You show a {size} poignée: {cards}",
        "poignee.other": "{who} shows a {size} poignée: {cards}",
        "misere.you": "You announce misère: {kinds}.",
        "misere.other": "{who} announces misère: {kinds}.",
        "partner.you": "You hold the called card: you are the taker's partner.",
        "partner.other": "{who} played the called card: the taker's partner.",
        "alone": "The taker called their own card and plays alone.",
        "trick": "Trick {number}:",
        "dog_was": "The dog was:",
        "trick_won": "won by {who}",
        "current_trick": "Trick in progress:",
        "empty_trick": "You lead the trick.",
        "deal_over": "Deal {number} over: {contract} by {taker}",
        "with_partner": " with {partner}",
        "made": "made",
        "failed": "failed",
        "outcome": "Attack {points} points with {bouts} bout(s), needed {target}: {result} by {by}",
        "petit_au_bout": "Petit au bout: {side}",
        "side.attack": "attack",
        "side.defense": "defence",
        "chelem_won": "Chelem by the {side}",
        "scores_title": "Scores",
        "deal_col": "Deal",
        "total_row": "Total",
        "game_over": "Game over.",
        "winner.you": "You win with {points} points!",
        "winner.other": "{who} wins with {points} points.",
        "quit": "Game abandoned.",
        "help": (
            "Type the number of a choice, or its words: a card (KH, 10S, T21, EX, or R♥), "
            "a bid (pass, prise, garde, garde sans, garde contre), yes/no. "
            "Several cards at once for the écart: 4H 5H 7C. "
            "'hint': the strong robot's advice; 'quit': leave."
        ),
        "prompt.bid": "Your bid",
        "prompt.call": "Call a card",
        "prompt.discard": "Your écart: {left} card(s) to put aside",
        "prompt.chelem": "Announce a chelem?",
        "prompt.poignee": "Show a poignée? (number, yes, no, or the trumps to show)",
        "prompt.misere": "Announce a misère?",
        "prompt.play": "Your card",
        "prompt.tail": "(hint, help, quit)",
        "hint": "The strong robot would choose: {action}",
        "hint.option": "  {action}: expected score {expected:+.1f}",
        "bad": "Not possible: {error}",
        "not_understood": "I do not understand {text!r}. {help}",
        "out_of_range": "Choose a number from 1 to {last}.",
        "one_only": "Only one choice at a time here.",
        "yes": "yes",
        "no": "no",
        "none": "none",
        "poignee_choice": "{size} ({count} trumps): {cards}",
        "high": "high",
        "low": "low",
        "round_header": "Round {round}: {size} card(s) each · dealer: {who}",
        "lives": "Lives: {lives}",
        "one_card": "One-card round: you see the others' cards, not yours:",
        "reveal": "Every card is revealed:",
        "africain_bid.you": "You bid {bid} trick(s).",
        "africain_bid.other": "{who} bids {bid} trick(s).",
        "bids_so_far": "Bids so far: {bids}",
        "forbidden_bid": "Bid {bid} is forbidden to you: the bids would total the cards dealt.",
        "prompt.africain_bid": "How many tricks do you bid? ({bids})",
        "excuse_only": "Your card is the Excuse: play it high or low.",
        "round_over": "Round {round} over",
        "bid_col": "Bid",
        "tricks_col": "Tricks",
        "lost_col": "Lost",
        "lives_col": "Lives",
        "player_col": "Player",
        "remontee": "Remontée: {who} alone lost nothing and regains a life.",
        "out": "Out of the game: {who}",
        "africain_winners.you": "Game over: you win.",
        "africain_winners.other": "Game over: {who} wins.",
        "africain_shared": "Game over: {who} share the win.",
        "last_standing.you": "You alone have lives left.",
        "last_standing.other": "{who} alone has lives left.",
        "all_out": "Every player still in lost their last lives this round: {outcome} ({counts}).",
        "least_below_zero.you": "you fell least below zero",
        "least_below_zero.other": "{who} fell least below zero",
        "level_below_zero": "{who} are level, least below zero",
        "count_at": "{who} at {lives}",
        "and": "and",
    },
    "fr": {
        "you": "vous",
        "seat": "siège {seat}",
        "your_hand": "Votre main",
        "trumps": "Atouts",
        "choices": "Choix :",
        "deal_header": "Donne {number} sur {total} · donneur : {who}",
        "sits_out": "{who} donne et ne joue pas cette donne",
        "redeal_all_pass": "Tout le monde a passé : la donne est annulée, on redonne.",
        "redeal_petit_sec": "Petit sec : la donne est annulée, on redonne.",
        "petit_sec": "{who} a le Petit sec : {cards}",
        "bid_pass.you": "Vous passez.",
        "bid_pass.other": "{who} passe.",
        "bid.you": "Vous annoncez {bid}.",
        "bid.other": "{who} annonce {bid}.",
        "contract.you": "Vous prenez : {contract}.",
        "contract.other": "{who} prend : {contract}.",
        "call.you": "Vous appelez {card}.",
        "call.other": "{who} appelle {card}.",
        "dog": "Le chien, retourné :",
        "dog_hidden.taker": "Le chien reste caché ; il compte pour le preneur.",
        "dog_hidden.defence": "Le chien reste caché ; il va à la défense.",
        "ecart_done.you": "Votre écart est fait :",
        "ecart_done.other": "{who} a fait son écart.",
        "trump_discarded.you": "Vous mettez un atout à l'écart (montré à tous) : {card}",
        "trump_discarded.other": "{who} met un atout à l'écart : {card}",
        "chelem.you": "Vous annoncez un chelem !",
        "chelem.other": "{who} annonce un chelem !",
        "poignee.you": "Vous montrez une poignée {size} : {cards}",
        "poignee.other": "{who} montre une poignée {size} : {cards}",
        "misere.you": "Vous annoncez une misère : {kinds}.",
        "misere.other": "{who} annonce une misère : {kinds}.",
        "partner.you": "Vous avez la carte appelée : vous êtes le partenaire du preneur.",
        "partner.other": "{who} a joué la carte appelée : partenaire du preneur.",
        "alone": "Le preneur s'est appelé lui-même : il joue seul.",
        "trick": "Pli {number} :",
        "dog_was": "Le chien était :",
        "trick_won": "remporté par {who}",
        "current_trick": "Pli en cours :",
        "empty_trick": "Vous ouvrez le pli.",
        "deal_over": "Fin de la donne {number} : {contract} de {taker}",
        "with_partner": " avec {partner}",
        "made": "réussie",
        "failed": "chutée",
        "outcome": (
            "L'attaque fait {points} points avec {bouts} bout(s), il en fallait {target} : "
            "{result} de {by}"
        ),
        "petit_au_bout": "Petit au bout : {side}",
        "side.attack": "attaque",
        "side.defense": "défense",
        "chelem_won": "Chelem de l'{side}",
        "scores_title": "Marque",
        "deal_col": "Donne",
        "total_row": "Total",
        "game_over": "Partie terminée.",
        "winner.you": "Vous gagnez avec {points} points !",
        "winner.other": "{who} gagne avec {points} points.",
        "quit": "Partie abandonnée.",
        "help": (
            "Tapez le numéro d'un choix, ou ses mots : une carte (R♥, RH, KH, 10S, A21, T21, "
            "EX), une annonce (passe, prise, garde, garde sans, garde contre), oui/non. "
            "Plusieurs cartes d'un coup pour l'écart : 4H 5H 7C. "
            "« indice » : le conseil du robot fort ; « quitter » : abandonner."
        ),
        "prompt.bid": "À vous d'annoncer",
        "prompt.call": "Appelez une carte",
        "prompt.discard": "Votre écart : encore {left} carte(s) à écarter",
        "prompt.chelem": "Annoncez-vous un chelem ?",
        "prompt.poignee": "Montrer une poignée ? (numéro, oui, non, ou les atouts à montrer)",
        "prompt.misere": "Annoncer une misère ?",
        "prompt.play": "À vous de jouer",
        "prompt.tail": "(indice, aide, quitter)",
        "hint": "Le robot fort choisirait : {action}",
        "hint.option": "  {action} : score espéré {expected:+.1f}",
        "bad": "Impossible : {error}",
        "not_understood": "Je ne comprends pas {text!r}. {help}",
        "out_of_range": "Choisissez un numéro de 1 à {last}.",
        "one_only": "Un seul choix à la fois ici.",
        "yes": "oui",
        "no": "non",
        "none": "aucune",
        "poignee_choice": "{size} ({count} atouts) : {cards}",
        "high": "haute",
        "low": "basse",
        "round_header": "Tour {round} : {size} carte(s) chacun · donneur : {who}",
        "lives": "Vies : {lives}",
        "one_card": "Tour à une carte : vous voyez les cartes des autres, pas la vôtre :",
        "reveal": "Toutes les cartes sont révélées :",
        "africain_bid.you": "Vous annoncez {bid} pli(s).",
        "africain_bid.other": "{who} annonce {bid} pli(s).",
        "bids_so_far": "Annonces : {bids}",
        "forbidden_bid": (
            "L'annonce {bid} vous est interdite : le total ferait le nombre de cartes données."
        ),
        "prompt.africain_bid": "Combien de plis annoncez-vous ? ({bids})",
        "excuse_only": "Votre carte est l'Excuse : jouez-la haute ou basse.",
        "round_over": "Fin du tour {round}",
        "bid_col": "Annonce",
        "tricks_col": "Plis",
        "lost_col": "Perdues",
        "lives_col": "Vies",
        "player_col": "Joueur",
        "remontee": "Remontée : {who}, seul à ne rien perdre, regagne une vie.",
        "out": "Éliminé(s) : {who}",
        "africain_winners.you": "Partie terminée : vous gagnez.",
        "africain_winners.other": "Partie terminée : {who} gagne.",
        "africain_shared": "Partie terminée : victoire partagée entre {who}.",
        "last_standing.you": "Vous êtes le seul joueur à qui il reste des vies.",
        "last_standing.other": "{who} est le seul joueur à qui il reste des vies.",
        "all_out": (
            "Tous les joueurs encore en jeu ont perdu leurs dernières vies à ce tour : "
            "{outcome} ({counts})."
        ),
        "least_below_zero.you": "vous descendez le moins bas sous zéro",
        "least_below_zero.other": "{who} descend le moins bas sous zéro",
        "level_below_zero": "{who} à égalité, le moins bas sous zéro",
        "count_at": "{who} à {lives}",
        "and": "et",
    },
}

CONTRACT_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "pass": "pass",
        "prise": "prise",
        "pousse": "pousse",
        "garde": "garde",
        "garde_sans": "garde sans",
        "garde_contre": "garde contre",
    },
    "fr": {
        "pass": "passe",
        "prise": "une prise",
        "pousse": "une pousse",
        "garde": "une garde",
        "garde_sans": "une garde sans",
        "garde_contre": "une garde contre",
    },
}
"""How a bid is said after "bids" / "annonce"."""

CHOICE_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {
        **CONTRACT_NAMES["en"],
        "sans_atouts": "sans atouts (no trump)",
        "sans_points": "sans points (no honour)",
        "simple": "simple",
        "double": "double",
        "triple": "triple",
    },
    "fr": {
        "pass": "passe",
        "prise": "prise",
        "pousse": "pousse",
        "garde": "garde",
        "garde_sans": "garde sans",
        "garde_contre": "garde contre",
        "sans_atouts": "sans atouts",
        "sans_points": "sans points (de tête)",
        "simple": "simple",
        "double": "double",
        "triple": "triple",
    },
}
"""A bid, misère or poignée size as a choice in a list."""

BREAKDOWN_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "target": "target",
        "difference": "difference",
        "prime": "prime",
        "multiplier": "multiplier",
        "contract": "contract",
        "petit_au_bout": "petit au bout",
        "poignee": "poignée",
        "chelem": "chelem",
        "per_defender": "per defender",
        "petit_au_bout_in_difference": "petit au bout (in the difference)",
        "poignee_personal": "personal poignées",
        "misere": "misère",
    },
    "fr": {
        "target": "objectif",
        "difference": "différence",
        "prime": "prime",
        "multiplier": "multiplicateur",
        "contract": "contrat",
        "petit_au_bout": "petit au bout",
        "poignee": "poignée",
        "chelem": "chelem",
        "per_defender": "par défenseur",
        "petit_au_bout_in_difference": "petit au bout (dans la différence)",
        "poignee_personal": "poignées personnelles",
        "misere": "misère",
    },
}

# --- Words read from the person -------------------------------------------------

QUIT_WORDS: Final = frozenset(("quit", "exit", "q", "quitter", "abandonner", "fin"))
HINT_WORDS: Final = frozenset(("hint", "indice", "conseil", "h", "?"))
HELP_WORDS: Final = frozenset(("help", "aide"))
YES_WORDS: Final = frozenset(("yes", "y", "oui", "o"))
NO_WORDS: Final = frozenset(("no", "n", "non", "none", "aucune", "aucun", "rien"))
HIGH_WORDS: Final = frozenset(("high", "haute", "haut", "h"))
LOW_WORDS: Final = frozenset(("low", "basse", "bas", "b", "l"))

VERBS: Final = frozenset(
    (
        "bid",
        "annonce",
        "annoncer",
        "call",
        "appelle",
        "appeler",
        "discard",
        "ecart",
        "écart",
        "ecarte",
        "écarte",
        "écarter",
        "play",
        "joue",
        "jouer",
        "poignee",
        "poignée",
        "misere",
        "misère",
        "chelem",
    )
)
"""Leading words the person may type before the argument ("discard 4H 5H")."""

BID_WORDS: Final[dict[str, str]] = {
    "pass": "pass",
    "passe": "pass",
    "je passe": "pass",
    "p": "pass",
    "prise": "prise",
    "petite": "prise",
    "take": "prise",
    "pousse": "pousse",
    "garde": "garde",
    "guard": "garde",
    "garde sans": "garde_sans",
    "gardesans": "garde_sans",
    "guard without": "garde_sans",
    "garde contre": "garde_contre",
    "gardecontre": "garde_contre",
    "guard against": "garde_contre",
}
"""Typed bids (after lower-casing and turning ``_``/``-`` into spaces) to contract texts."""

MISERE_WORDS: Final[dict[str, str]] = {
    "sans atouts": "sans_atouts",
    "sans atout": "sans_atouts",
    "atout": "sans_atouts",
    "sans points": "sans_points",
    "sans point": "sans_points",
    "tete": "sans_points",
    "tête": "sans_points",
}


# --- Refusals ----------------------------------------------------------------


def refusal(error: Exception, lang: Language) -> str:
    """Why the engine refused, in the person's language: a coded refusal from the
    shared catalogue, with cards shown as faces; any other error as it is."""
    if not isinstance(error, Refusal):
        return str(error)
    return message(error.code, error.params, lang, lambda card: face(parse_card(card), lang))


def normalise(text: str) -> str:
    """Lower case, ``_`` and ``-`` as spaces, single spaces: how typed words are compared."""
    return " ".join(text.lower().replace("_", " ").replace("-", " ").split())
