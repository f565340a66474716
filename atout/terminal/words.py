"""Every word the terminal game says or reads, in English and in French.

Messages are looked up by key; a message about a seat has two forms, one for
the person ("you pass", "vous passez") and one for a robot ("seat 2 passes"),
so that French verbs agree. Input words of both languages are accepted
whatever language is shown. Engine refusals come as codes: :func:`refusal`
says them in the person's language from the catalogue shared with the server
and the browser (:mod:`atout.refusals`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from atout.cards import Language, card_face, parse_card
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
        "outcome": "Attack {points} points with {bouts}, needed {target}: {result} by {by}",
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
        "prompt.discard": "Your écart: {left} to put aside",
        "prompt.chelem": "Announce a chelem?",
        "prompt.poignee": "Show a poignée? (number, yes, no, or the trumps to show)",
        "prompt.misere": "Announce a misère?",
        "prompt.play": "Your card",
        "prompt.tail": "(hint, help, quit)",
        "hint": "The strong robot would choose: {action}",
        "hint.option": "  {action}: expected score {expected}",
        "bad": "Not possible: {error}",
        "not_understood": "I do not understand '{text}'. {help}",
        "out_of_range": "Choose a number from 1 to {last}.",
        "one_only": "Only one choice at a time here.",
        "yes": "yes",
        "no": "no",
        "none": "none",
        "poignee_choice": "{size} ({count} trumps): {cards}",
        "high": "high",
        "low": "low",
        "round_header": "Round {round}: {size} each · dealer: {who}",
        "lives": "Lives: {lives}",
        "one_card": "One-card round: you see the others' cards, not yours:",
        "reveal": "Every card is revealed:",
        "africain_bid.you": "You bid {bid}.",
        "africain_bid.other": "{who} bids {bid}.",
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
            "L'attaque fait {points} points avec {bouts}, il en fallait {target} : {result} de {by}"
        ),
        "petit_au_bout": "Petit au bout : {side}",
        "side.attack": "attaque",
        "side.defense": "défense",
        "chelem_won": "Chelem : {side}",
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
        "prompt.discard": "Votre écart : encore {left} à écarter",
        "prompt.chelem": "Annoncez-vous un chelem ?",
        "prompt.poignee": "Montrer une poignée ? (numéro, oui, non, ou les atouts à montrer)",
        "prompt.misere": "Annoncer une misère ?",
        "prompt.play": "À vous de jouer",
        "prompt.tail": "(indice, aide, quitter)",
        "hint": "Le robot fort choisirait : {action}",
        "hint.option": "  {action} : score espéré {expected}",
        "bad": "Impossible : {error}",
        "not_understood": "Je ne comprends pas « {text} ». {help}",
        "out_of_range": "Choisissez un numéro de 1 à {last}.",
        "one_only": "Un seul choix à la fois ici.",
        "yes": "oui",
        "no": "non",
        "none": "aucune",
        "poignee_choice": "{size} ({count} atouts) : {cards}",
        "high": "haute",
        "low": "basse",
        "round_header": "Tour {round} : {size} chacun · donneur : {who}",
        "lives": "Vies : {lives}",
        "one_card": "Tour à une carte : vous voyez les cartes des autres, pas la vôtre :",
        "reveal": "Toutes les cartes sont révélées :",
        "africain_bid.you": "Vous annoncez {bid}.",
        "africain_bid.other": "{who} annonce {bid}.",
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
        "out": "Hors jeu : {who}",
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

COMMAND_WORDS: Final[dict[Language, dict[str, str]]] = {
    "en": {
        # why a command stops (atout.cli.app.fail)
        "error": "error: {message}",
        "sim_title": "atout simulate: {game}, {players}",
        "sim.game": "game",
        "sim.players": "players",
        "sim.variant": "variant",
        "sim.deals": "deals",
        "sim.games": "games",
        "sim.redeals": "redeals",
        "sim.actions": "actions",
        "sim.seconds": "seconds",
        "sim.deals_per_second": "deals per second",
        "sim.games_per_second": "games per second",
        "sim.rounds_per_second": "rounds per second",
        "sim.rounds_per_game": "rounds per game",
        "sim.lives_lost_per_round": "lives lost per round",
        "sim.contracts": "contracts",
        "sim.made": "contracts made",
        "sim.chelems": "chelems",
        "sim.petits_au_bout": "petits au bout",
        "sim.invariants_ok": "invariants hold",
        "sim.violations": "violations",
        "db.upgraded": "database at revision {revision} (newest)",
        "db.current": "database: {revision}; newest: {newest}",
        "db.no_revision": "none",
        "error_in": "{where}: {message}",
        "sheet.deal": "deal {number}",
        # a command line click refuses, worded for a reader of French (atout.cli.app,
        # usage_text); in English click says it itself
        "usage.help": "help: {command} --help",
        "usage.missing_argument": "missing argument {name}",
        "usage.missing_option": "missing option {name}",
        "usage.no_such_option": "no such option: {name}",
        "usage.no_such_command": "no such command: {name}",
        "usage.did_you_mean": "{message} (did you mean {names}?)",
        "usage.missing_command": "missing command",
        "usage.extra_arguments": "unexpected extra arguments: {args}",
        "usage.needs_value": "option {name} needs a value",
        "usage.takes_no_value": "option {name} takes no value",
        "usage.invalid": "{name}: this value is not valid",
        "usage.refused": "{name}: {message}",
        "usage.other": "this command line is not valid: {message}",
        # atout score --text
        "score_title": "{contract} {verdict} ({variant})",
        "seat_col": "Seat",
        "role_col": "Role",
        "score_col": "Score",
        "part_col": "Part",
        "points_col": "Points",
        "role.sits_out": "sits out",
        "role.taker": "taker",
        "role.alone": "taker (alone)",
        "role.partner": "partner",
        "role.defender": "defender",
        # atout analyse
        "analyse_title": "atout analyse: seat {seat}, {deals} per decision",
        "analyse_summary": (
            "accuracy {accuracy}%, average loss {loss} {unit}; "
            "{inaccuracies}, {mistakes}, {blunders}"
        ),
        "analyse_unsearched": "; {unsearched}",
        "analyse_columns": "#|deal|taken|expected|best|expected|loss|mark",
        "unit.card_points": "card points",
        "unit.lives": "lives",
        # atout arena
        "arena_title": "{game} {players}, {units} x {seatings}, seed {seed}",
        "game.french": "french",
        "game.africain": "africain",
        "n_deal_units_one": "{n} duplicate deal",
        "n_deal_units": "{n} duplicate deals",
        "n_cycle_units_one": "{n} duplicate cycle",
        "n_cycle_units": "{n} duplicate cycles",
        "n_seatings_one": "{n} seating",
        "n_seatings": "{n} seatings",
        "arena_columns": (
            "robot|advantage / deal (95%)|advantage as taker|as defender|contracts|success"
            "|latency p50 / p95 / max ms"
        ),
        "arena_africain_columns": (
            "robot|lives lost advantage (95%)|lives lost / round|win rate"
            "|latency p50 / p95 / max ms"
        ),
        "interval": "{mean} [{low}, {high}]",
        "percent": "{n}%",
        "versus": " vs ",
        # the tournament commands' replies
        "tournament_created": (
            "{file}: {boards}, {tables}, {positions}; {who} meet at most once: {meets}; "
            "boards played at most once by each player: {once}"
        ),
        "who.players": "players",
        "who.teams": "teams",
        "result_entered": (
            "board {board}, table {table}, position {position}: {score} ({verdict}); {to_come}"
        ),
        "to_come": "{count} to come",
        "correct_with": (
            "to correct it, with its reason: atout tournament adjust {file} correct "
            "--table {table} --board {board} --deal FILE --reason REASON"
        ),
        "adjustment_made": "adjustment {number}: {kind} ({reason})",
        "adjustment_revoked": "adjustment {number} revoked: {kind} ({reason})",
        "kind.cancel": "cancel",
        "kind.score": "score",
        "kind.penalty": "penalty",
        "kind.correct": "correct",
        "next_session": "{file}: the next session of {state}",
        "libre_created": (
            "{file}: {players}, {tables}, {positions} of {deals}; "
            "meetings beyond the first: {repeats}"
        ),
        "sheet_entered": "position {position}, table {table}: bilans {bilans}; {to_come}",
        "sheet_taken_back": "position {position}, table {table}: sheet taken back; {to_come}",
        # the rankings' columns
        "col.rank": "Rank",
        "col.player": "Player",
        "col.name": "Name",
        "col.orientation": "Orientation",
        "col.boards": "Boards",
        "col.attack": "Attack",
        "col.defence": "Defence",
        "col.overall": "Overall",
        "col.adjustments": "Adjustments",
        "col.team": "Team",
        "col.names": "Names",
        "col.line": "Line",
        "col.pm": "PM",
        "col.sessions": "Sessions",
        "col.total": "Total",
        "col.players": "Players",
        # counts: ``key_one`` for one (in French also for 0), ``key`` for more
        "n_boards_one": "{n} board",
        "n_boards": "{n} boards",
        "n_tables_one": "{n} table",
        "n_tables": "{n} tables",
        "n_positions_one": "{n} position",
        "n_positions": "{n} positions",
        "n_results_one": "{n} result",
        "n_results": "{n} results",
        "n_sheets_one": "{n} sheet",
        "n_sheets": "{n} sheets",
        "n_players_one": "{n} player",
        "n_players": "{n} players",
        "n_deals_one": "{n} deal",
        "n_deals": "{n} deals",
        "n_bouts_one": "{n} bout",
        "n_bouts": "{n} bouts",
        "n_points_one": "{n} point",
        "n_points": "{n} points",
        "n_cards_one": "{n} card",
        "n_tricks_one": "{n} trick",
        "n_tricks": "{n} tricks",
        "n_cards": "{n} cards",
        "n_inaccuracies_one": "{n} inaccuracy",
        "n_inaccuracies": "{n} inaccuracies",
        "n_mistakes_one": "{n} mistake",
        "n_mistakes": "{n} mistakes",
        "n_blunders_one": "{n} blunder",
        "n_blunders": "{n} blunders",
        "n_unsearched_one": "{n} announcement not searched",
        "n_unsearched": "{n} announcements not searched",
    },
    "fr": {
        "error": "erreur : {message}",
        "sim_title": "atout simulate : {game}, {players}",
        "sim.game": "jeu",
        "sim.players": "joueurs",
        "sim.variant": "variante",
        "sim.deals": "donnes",
        "sim.games": "parties",
        "sim.redeals": "donnes redistribuées",
        "sim.actions": "actions",
        "sim.seconds": "secondes",
        "sim.deals_per_second": "donnes par seconde",
        "sim.games_per_second": "parties par seconde",
        "sim.rounds_per_second": "tours par seconde",
        "sim.rounds_per_game": "tours par partie",
        "sim.lives_lost_per_round": "vies perdues par tour",
        "sim.contracts": "contrats",
        "sim.made": "contrats réussis",
        "sim.chelems": "chelems",
        "sim.petits_au_bout": "petits au bout",
        "sim.invariants_ok": "invariants respectés",
        "sim.violations": "violations",
        "db.upgraded": "base de données à la révision {revision} (la plus récente)",
        "db.current": "base de données : {revision} ; la plus récente : {newest}",
        "db.no_revision": "aucune",
        "error_in": "{where} : {message}",
        "sheet.deal": "donne {number}",
        "usage.help": "aide : {command} --help",
        "usage.missing_argument": "argument {name} manquant",
        "usage.missing_option": "option {name} manquante",
        "usage.no_such_option": "option inconnue : {name}",
        "usage.no_such_command": "commande inconnue : {name}",
        "usage.did_you_mean": "{message} (vouliez-vous dire {names} ?)",
        "usage.missing_command": "commande manquante",
        "usage.extra_arguments": "arguments en trop : {args}",
        "usage.needs_value": "l'option {name} attend une valeur",
        "usage.takes_no_value": "l'option {name} ne prend pas de valeur",
        "usage.invalid": "{name} : cette valeur n'est pas valable",
        "usage.refused": "{name} : {message}",
        "usage.other": "ligne de commande non valable : {message}",
        "score_title": "{contract} {verdict} ({variant})",
        "seat_col": "Siège",
        "role_col": "Rôle",
        "score_col": "Marque",
        "part_col": "Détail",
        "points_col": "Points",
        "role.sits_out": "ne joue pas",
        "role.taker": "preneur",
        "role.alone": "preneur (seul)",
        "role.partner": "partenaire",
        "role.defender": "défenseur",
        "analyse_title": "atout analyse : siège {seat}, {deals} par décision",
        "analyse_summary": (
            "précision {accuracy} %, perte moyenne {loss} {unit} ; "
            "{inaccuracies}, {mistakes}, {blunders}"
        ),
        "analyse_unsearched": " ; {unsearched}",
        "analyse_columns": "#|donne|joué|espéré|meilleur|espéré|perte|marque",
        "unit.card_points": "points de cartes",
        "unit.lives": "vies",
        "arena_title": "{game}, {players}, {units} x {seatings}, graine {seed}",
        "game.french": "tarot français",
        "game.africain": "tarot africain",
        "n_deal_units_one": "{n} donne en duplicate",
        "n_deal_units": "{n} donnes en duplicate",
        "n_cycle_units_one": "{n} cycle en duplicate",
        "n_cycle_units": "{n} cycles en duplicate",
        "n_seatings_one": "{n} placement",
        "n_seatings": "{n} placements",
        "arena_columns": (
            "robot|avantage / donne (95 %)|avantage comme preneur|en défense|contrats|réussite"
            "|latence p50 / p95 / max ms"
        ),
        "arena_africain_columns": (
            "robot|avantage en vies perdues (95 %)|vies perdues / tour|taux de victoire"
            "|latence p50 / p95 / max ms"
        ),
        "interval": "{mean} [{low} ; {high}]",
        "percent": "{n} %",
        "versus": " contre ",
        "tournament_created": (
            "{file} : {boards}, {tables}, {positions} ; les {who} se rencontrent au plus "
            "une fois : {meets} ; chaque joueur joue chaque étui au plus une fois : {once}"
        ),
        "who.players": "joueurs",
        "who.teams": "équipes",
        "result_entered": (
            "étui {board}, table {table}, position {position} : {score} ({verdict}) ; {to_come}"
        ),
        "to_come": "{count} à venir",
        "correct_with": (
            "pour le corriger, avec son motif : atout tournament adjust {file} correct "
            "--table {table} --board {board} --deal FICHIER --reason MOTIF"
        ),
        "adjustment_made": "ajustement {number} : {kind} ({reason})",
        "adjustment_revoked": "ajustement {number} annulé : {kind} ({reason})",
        "kind.cancel": "donne annulée",
        "kind.score": "marque ajustée",
        "kind.penalty": "pénalité",
        "kind.correct": "résultat corrigé",
        "next_session": "{file} : la séance suivante de {state}",
        "libre_created": (
            "{file} : {players}, {tables}, {positions} de {deals} ; "
            "rencontres au-delà de la première : {repeats}"
        ),
        "sheet_entered": "position {position}, table {table} : bilans {bilans} ; {to_come}",
        "sheet_taken_back": "position {position}, table {table} : feuille reprise ; {to_come}",
        "col.rank": "Rang",
        "col.player": "Joueur",
        "col.name": "Nom",
        "col.orientation": "Orientation",
        "col.boards": "Étuis",
        "col.attack": "Attaque",
        "col.defence": "Défense",
        "col.overall": "Global",
        "col.adjustments": "Ajustements",
        "col.team": "Équipe",
        "col.names": "Noms",
        "col.line": "Ligne",
        "col.pm": "PM",
        "col.sessions": "Séances",
        "col.total": "Total",
        "col.players": "Joueurs",
        "n_boards_one": "{n} étui",
        "n_boards": "{n} étuis",
        "n_tables_one": "{n} table",
        "n_tables": "{n} tables",
        "n_positions_one": "{n} position",
        "n_positions": "{n} positions",
        "n_results_one": "{n} résultat",
        "n_results": "{n} résultats",
        "n_sheets_one": "{n} feuille",
        "n_sheets": "{n} feuilles",
        "n_players_one": "{n} joueur",
        "n_players": "{n} joueurs",
        "n_deals_one": "{n} donne",
        "n_deals": "{n} donnes",
        "n_bouts_one": "{n} bout",
        "n_bouts": "{n} bouts",
        "n_points_one": "{n} point",
        "n_points": "{n} points",
        "n_cards_one": "{n} carte",
        "n_tricks_one": "{n} pli",
        "n_tricks": "{n} plis",
        "n_cards": "{n} cartes",
        "n_inaccuracies_one": "{n} imprécision",
        "n_inaccuracies": "{n} imprécisions",
        "n_mistakes_one": "{n} erreur",
        "n_mistakes": "{n} erreurs",
        "n_blunders_one": "{n} gaffe",
        "n_blunders": "{n} gaffes",
        "n_unsearched_one": "{n} annonce non cherchée",
        "n_unsearched": "{n} annonces non cherchées",
    },
}
"""Every word the command line prints outside a game, by language: why a command
stops (``error: ...``, the refusal's own words from the catalogue), ``atout
score``, ``atout analyse``, the tournament commands' replies and rankings, the
counts of things; the game's terms come from the tables above."""


def decimal(value: float, lang: Language, spec: str = "") -> str:
    """``value`` formatted by ``spec`` (``+.1f``...), with a decimal comma for a
    French reader: ``40.5`` is ``40,5``."""
    text = format(value, spec)
    return text.replace(".", ",") if lang == "fr" else text


def count(key: str, n: float, lang: Language) -> str:
    """``n`` things of ``key`` in :data:`COMMAND_WORDS`, singular or plural: one
    is singular in English, below two in French (``0 étui``, ``1,5 point``)."""
    one = abs(n) < 2 if lang == "fr" else n == 1
    shown = decimal(n, lang, "" if isinstance(n, int) else "g")
    return COMMAND_WORDS[lang][f"{key}_one" if one else key].format(n=shown)


# --- Actions for people ---------------------------------------------------------

ACTION_WORDS: Final[dict[Language, dict[str, str]]] = {
    "en": {
        "deal": "deal",
        "bid": "bid {bid}",
        "call": "call {card}",
        "discard": "put aside {card}",
        "ecart": "écart {cards}",
        "chelem.yes": "announce a chelem",
        "chelem.no": "no chelem",
        "poignee": "poignée {cards}",
        "poignee.none": "no poignée",
        "misere": "misère {kinds}",
        "misere.none": "no misère",
    },
    "fr": {
        "deal": "donne",
        "bid": "annonce {bid}",
        "call": "appel {card}",
        "discard": "écarte {card}",
        "ecart": "écart {cards}",
        "chelem.yes": "annonce un chelem",
        "chelem.no": "pas de chelem",
        "poignee": "poignée {cards}",
        "poignee.none": "pas de poignée",
        "misere": "misère {kinds}",
        "misere.none": "pas de misère",
    },
}
"""How :func:`action_words` says an action that is not a bare contract or card."""


def cards_words(texts: str | Iterable[str], lang: Language) -> str:
    """Cards of the notation (``QS KH T21 EX``) as a reader of ``lang`` writes
    them (``D♠ R♥ A21 Excuse``), in the given order; an unreadable one as it is."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    shown = []
    for text in texts:
        try:
            shown.append(card_face(parse_card(text), lang))
        except ValueError:
            shown.append(text)
    return " ".join(shown)


def action_words(action: str, lang: Language) -> str:
    """An action's text (``bid:garde_sans``, ``play:KH``, ``play:EX:high``,
    ``ecart:QS 10C``...) as words for a reader of ``lang``, its cards as faces:
    ``garde sans``, ``R♥``, ``Excuse (haute)``, ``écart D♠ 10♣``. The hint, the
    review and the replay say actions so; records and JSON keep the notation.
    An action this does not know is returned as it is."""
    kind, _, rest = action.partition(":")
    arg, _, extra = rest.partition(":")
    words, said, names = ACTION_WORDS[lang], MESSAGES[lang], CHOICE_NAMES[lang]
    if kind == "play":
        face = cards_words(arg, lang)
        return f"{face} ({said[extra]})" if extra in ("high", "low") else face
    if kind == "bid":
        return words["bid"].format(bid=arg) if arg.isdigit() else names.get(arg, arg)
    if kind in ("call", "discard"):
        return words[kind].format(card=cards_words(arg, lang))
    if kind in ("ecart", "poignee"):
        if arg == "none":
            return words["poignee.none"]
        return words[kind].format(cards=cards_words(arg, lang))
    if kind == "chelem" and arg in ("yes", "no"):
        return words[f"chelem.{arg}"]
    if kind == "misere":
        if arg == "none":
            return words["misere.none"]
        kinds = " + ".join(names.get(k, k) for k in arg.split("+"))
        return words["misere"].format(kinds=kinds)
    if kind == "deal":
        return words["deal"]
    return action


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
