// Every string the interface shows, in French and English; t(key, params) picks the
// current language and fills {name} placeholders. Refusals are the exception: the
// server sends them as codes with parameters, and refusal() words them from the
// catalogue the server and the terminal use too (atout/refusals.json).
const STRINGS = {
  en: {
    title: "atout · Tarot", lobby: "Tables", leaderboard: "Leaderboard", scoresheet: "Score sheet",
    replays: "Replays", language: "Français", login: "Log in", register: "Register", logout: "Log out",
    guest: "Play as guest", name: "Name", password: "Password", you_are: "You are {name}",
    guest_note: "(guest: practice tables only)", connecting: "Connecting…", disconnected: "Connection lost, reconnecting…",
    create_table: "Create a table", game: "Game", french: "French Tarot", africain: "Tarot Africain",
    players: "Players", variant: "Variant", turn_seconds: "Seconds per turn", competitive: "Competitive (points and chips)",
    practice: "Practice", bet: "Chips bet", private: "Private table (invited players only)",
    spectators: "Spectators allowed", rounds: "Rounds per game", robot_level: "Robot level", create: "Create",
    variant_fft: "FFT (official rules)", variant_traditionnel: "traditional (with Pousse)", variant_standard: "standard", variant_cinq: "cinq (up to 5 players)",
    level_random: "random", level_heuristic: "heuristic", level_strong: "strong",
    robot_random: "random (any legal move)", robot_heuristic: "heuristic (default)", robot_strong: "strong (thinks ½ s a move)",
    no_tables: "No public table yet: create one.", join: "Sit down", watch: "Watch", playing: "playing",
    waiting: "waiting", free_seat: "free seat", robot: "robot", master: "master", table: "Table",
    seat: "Seat", leave: "Leave", start: "Start the game", invite_link: "Invitation link", watch_link: "Link to watch", copy: "Copy",
    invite: "Invite", options: "Options", options_changed: "The master changed the options: {what}",
    chat: "Chat", send: "Send", say: "Say something…", spectator_mode: "You are watching this table",
    spectating: "{n} watching", your_turn: "Your turn", waiting_for: "Waiting for {name}",
    seconds_left: "{n} s", dealer: "dealer", taker: "taker", partner: "partner", sits_out: "sits out",
    bid: "Bid", pass: "Pass", prise: "Prise", pousse: "Pousse", garde: "Garde", garde_sans: "Garde sans",
    garde_contre: "Garde contre", call_king: "Call a card for your partner", dog: "The dog", ecart: "Your écart",
    ecart_help: "Choose {n} cards to put aside ({left} left)", ecart_confirm: "Put these {n} cards aside", ecart_clear: "Start again", chelem_q: "Announce a chelem (all the tricks)?",
    yes: "Yes", no: "No", poignee_q: "Show a poignée?", poignee_show: "Show these {n} trumps",
    poignee_none: "No poignée", poignee_help: "Select exactly {sizes} trumps to show",
    misere_q: "Announce a misère?", none: "None", sans_atouts: "No trumps", sans_points: "No points",
    last_trick: "Last trick", hide: "Hide", trick_won: "{name} wins the trick", contract: "Contract",
    totals: "Totals", deal_scores: "Deal scores", deal_n: "Deal {n}", made: "made", failed: "failed by {n}",
    points: "Points", bouts: "Bouts", breakdown: "Breakdown", scores_chart: "Scores over the game",
    vote_end: "Propose to end the game amicably", vote_agree: "Agree to end", vote_refuse: "Refuse",
    votes: "Votes to end: {names}", game_over: "Game over", game_cancelled: "The game was ended amicably: nothing is scored",
    seat_away: "{name} lost the connection: a robot plays their seat until they come back",
    seat_back: "{name} is back", seat_abandoned: "{name} did not come back in time: a robot plays their seat to the end of the game",
    seat_abandoned_mine: "You were away longer than the grace period: a robot plays your seat to the end of the game",
    seat_taken_by: "{name} sits down", seat_left_by: "{name} left the table", new_master: "{name} is now the table's master",
    shared_ip_void: "Players connected from the same address: this game counts for nobody (no points, bets returned)",
    storage_waiting: "The server cannot save the game just now: the table waits and goes on by itself", storage_ok: "Saved: the table goes on",
    winner: "Winner: {names}", replay_game: "Replay this game", new_game: "Play again",
    sit_here: "Sit here", illegal: "Refused: {msg}", error: "Error: {msg}", poignees: "Poignées",
    called: "Called card: {card}", chelem_announced: "Chelem announced", dog_hidden: "The dog stays hidden ({side})",
    taker_side: "it counts for the taker", defence_side: "it counts for the defence",
    lives: "Lives", tricks: "Tricks", your_card_hidden: "Your card is hidden: bid from the others' cards",
    excuse_choice: "Play the Excuse as", high: "highest", low: "lowest", round_n: "Round {n}: {k} cards", round_n_one: "Round {n}: 1 card", round_only: "Round {n}", no_life_lost: "nobody lost a life",
    out: "out", bids: "Bids", bid_tricks: "How many tricks will you win?",
    xp: "XP", chips: "Chips", rating: "Rating", games: "Games", wins: "Wins", contracts_taken: "Contracts taken",
    success_rate: "Contracts made", average_deal_score: "Average deal score", profile: "Profile of {name}",
    more_rules: "More rules",
    rule_dealer_sits_out: "At 5, the dealer sits out (\"mort\")", rule_misere: "Misères (no trump, no honour)",
    rule_king_call_self: "The taker may call their own King", rule_chelem_announcer_leads: "A chelem's announcer leads",
    rule_petit_sec_redeal: "Petit sec: deal again", rule_petit_sec_excuse_protects: "The Excuse saves a Petit sec",
    rule_petit_sec_same_dealer: "After a Petit sec the same dealer deals", rule_prime_only_when_made: "The 25 only when the contract is made",
    rule_poignee_multiplied: "Poignées multiplied by the contract", rule_prime: "Points added to the difference",
    rule_petit_au_bout: "Petit au bout bonus", rule_misere_bonus: "Misère bonus",
    rule_chelem_announced_made: "Chelem announced and made", rule_chelem_unannounced_made: "Chelem made unannounced",
    rule_chelem_announced_failed: "Chelem announced and failed", rule_chelem_defence: "Chelem made by the defence",
    rule_lives: "Lives at the start", rule_remontee: "Remontée (the only one losing nothing regains a life)",
    out_of_game: "You have no lives left: the {n} others play on to the end, robots in the empty seats. Watch, or leave the table.",
    invite_code: "Invitation code", enter_with_code: "Join",
    sound_on: "♪ Sounds on", sound_off: "♪ Sounds off",
    help: "Help", help_french: "French Tarot", help_africain: "Tarot Africain", help_table: "At the table",
    take_allowance: "Take today's chips", allowance_rule: "Once a day, a player with fewer than {floor} chips is brought back to {floor}.",
    allowance_paid: "{n} chips added.",
    no_player: "No such player", rank: "Rank", replay: "Replay of game {n}", game_number: "Game number",
    open: "Open", step: "Step {i} / {n}", first: "First", prev: "Previous", next: "Next", last: "Last",
    prev_trick: "Previous trick", next_trick: "Next trick", action: "Action",
    sheet_help: "Playing with real cards? Write each deal down here: the scores come from atout's own scoring.",
    player_names: "Players' names", taker_l: "Taker", partner_l: "Partner (5 players)", alone: "alone",
    petit_au_bout: "Petit au bout", poignee: "Poignée", chelem: "Chelem", announced: "announced",
    made_by: "made by", attack: "attack", defence: "defence", simple: "simple", double: "double", triple: "triple",
    add_deal: "Add the deal", clear_sheet: "Clear the sheet", export_json: "Export JSON", export_csv: "Export CSV",
    delete: "Delete", total: "Total", seat_n: "Player {n}", confirm_clear: "Clear the whole sheet?",
    keyboard_help: "Keys: ←/→ choose a card, Enter plays it, L last trick, C chat", table_menu: "Scores, chat and table",
    shown_by: "shown by {name}", trump_discarded: "Trumps put in the écart: {cards}",
    game_n: "Game {n}", cards_in_hand: "cards in hand", redeal: "Redeal ({why})", petit_sec: "petit sec", all_pass: "everybody passed",
    continue: "Continue", breakdown_target: "Points needed", breakdown_difference: "Difference", breakdown_prime: "Bonus",
    breakdown_multiplier: "Multiplier", breakdown_contract: "Contract points", breakdown_petit_au_bout: "Petit au bout",
    breakdown_poignee: "Poignée", breakdown_chelem: "Chelem", breakdown_per_defender: "Per defender",
    breakdown_petit_au_bout_in_difference: "Petit au bout (in the difference)", breakdown_poignee_personal: "Poignée (to who showed it)",
    breakdown_misere: "Misère",
    n_bouts_one: "{n} bout", n_bouts: "{n} bouts", n_points_one: "{n} point", n_points: "{n} points",
    // Profile, badges, avatars and the replay list (issue 19).
    level: "Level", level_n: "Level {n}", level_progress: "{xp} / {next} XP to level {n}",
    levels_rule: "Level n needs 50 × n × (n − 1) XP: 100 for level 2, 300 for 3, 600 for 4, 1000 for 5…",
    badges: "Badges", no_badges: "No badge yet: badges are earned in competitive games.", earned_on: "earned {date}",
    badge_first_win: "First win", badge_first_win_rule: "Rank first in a competitive game.",
    badge_games_10: "Regular", badge_games_10_rule: "Play 10 competitive games.",
    badge_games_100: "Veteran", badge_games_100_rule: "Play 100 competitive games.",
    badge_chelem: "Chelem", badge_chelem_rule: "As the taker, win every trick of a deal.",
    badge_petit_au_bout: "Petit au bout", badge_petit_au_bout_rule: "Be on the side that takes the Petit in a deal's last trick.",
    badge_garde_contre: "Garde contre", badge_garde_contre_rule: "Make a garde contre as the taker.",
    badge_win_3: "Three-handed win", badge_win_3_rule: "Win a game of French Tarot at 3 players.",
    badge_win_5: "Five-handed win", badge_win_5_rule: "Win a game of French Tarot at 5 players.",
    badge_africain_win: "African win", badge_africain_win_rule: "Win a game of Tarot Africain.",
    avatar: "Avatar", choose_avatar: "Choose your avatar", upload_avatar: "Or upload an image (PNG, JPEG or WebP, at most 256 KiB and 512 × 512)",
    avatar_saved: "Avatar saved.", player_games: "Games", no_games: "No finished game.",
    all_games: "All games", player_filter: "Player", filter: "Filter", date: "Date", result: "Result",
    competitive_game: "competitive", practice_game: "practice", newer: "Newer", older: "Older", page_n: "Page {n}",
    // friends (friends.js)
    friends: "Friends", friend_requests: "Friend requests", friend_requests_sent: "Requests sent",
    no_friends: "No friends yet: ask a player by name.", friends_guests: "Register to have friends.",
    add_friend: "Add friend", accept: "Accept", decline: "Decline", remove: "Remove", withdraw: "Withdraw",
    online: "online", offline: "offline", at_table: "at table {table}",
    friend_asked: "Friend request sent to {name}.", friend_added: "{name} is now your friend.",
    friend_request_from: "{name} asks to be your friend.", invited_by: "{name} invites you to a table.",
    join_invited: "Join", close: "Close",
    friend_declined_by: "{name} declined your friend request.", friend_removed_by: "{name} removed you from their friends.",
    block: "Block", unblock: "Unblock", blocked_players: "Blocked players", blocked_done: "{name} is blocked.",
    blocked_rule: "A player you block cannot ask you to be friends nor invite you, cannot sit at or watch your private tables, and their chat is hidden from you.",
    guest_avatar: "guest",
  },
  fr: {
    title: "atout · Tarot", lobby: "Tables", leaderboard: "Classement", scoresheet: "Feuille de marque",
    replays: "Revoir", language: "English", login: "Se connecter", register: "S'inscrire", logout: "Se déconnecter",
    guest: "Jouer en invité", name: "Nom", password: "Mot de passe", you_are: "Vous êtes {name}",
    guest_note: "(invité : tables d'entraînement seulement)", connecting: "Connexion…", disconnected: "Connexion perdue, reconnexion…",
    create_table: "Créer une table", game: "Jeu", french: "Tarot français", africain: "Tarot africain",
    players: "Joueurs", variant: "Variante", turn_seconds: "Secondes par tour", competitive: "Compétition (points et jetons)",
    practice: "Entraînement", bet: "Jetons misés", private: "Table privée (sur invitation)",
    spectators: "Spectateurs admis", rounds: "Donnes par partie", robot_level: "Niveau des robots", create: "Créer",
    variant_fft: "FFT (règles officielles)", variant_traditionnel: "traditionnel (avec Pousse)", variant_standard: "standard", variant_cinq: "cinq (jusqu'à 5 joueurs)",
    level_random: "hasard", level_heuristic: "heuristique", level_strong: "fort",
    robot_random: "hasard (tout coup permis)", robot_heuristic: "heuristique (par défaut)", robot_strong: "fort (réfléchit ½ s par coup)",
    no_tables: "Aucune table publique : créez-en une.", join: "S'asseoir", watch: "Regarder", playing: "en jeu",
    waiting: "en attente", free_seat: "place libre", robot: "robot", master: "maître", table: "Table",
    seat: "Place", leave: "Quitter", start: "Lancer la partie", invite_link: "Lien d'invitation", watch_link: "Lien pour regarder", copy: "Copier",
    invite: "Inviter", options: "Options", options_changed: "Le maître a changé les options : {what}",
    chat: "Discussion", send: "Envoyer", say: "Écrire…", spectator_mode: "Vous regardez cette table",
    spectating: "{n} spectateur(s)", your_turn: "À vous", waiting_for: "On attend {name}",
    seconds_left: "{n} s", dealer: "donneur", taker: "preneur", partner: "partenaire", sits_out: "ne joue pas",
    bid: "Enchère", pass: "Passe", prise: "Prise", pousse: "Pousse", garde: "Garde", garde_sans: "Garde sans",
    garde_contre: "Garde contre", call_king: "Appelez une carte pour votre partenaire", dog: "Le chien", ecart: "Votre écart",
    ecart_help: "Choisissez {n} cartes à écarter (encore {left})", ecart_confirm: "Écarter ces {n} cartes", ecart_clear: "Recommencer", chelem_q: "Annoncer un chelem (tous les plis) ?",
    yes: "Oui", no: "Non", poignee_q: "Montrer une poignée ?", poignee_show: "Montrer ces {n} atouts",
    poignee_none: "Pas de poignée", poignee_help: "Sélectionnez exactement {sizes} atouts à montrer",
    misere_q: "Annoncer une misère ?", none: "Aucune", sans_atouts: "Sans atouts", sans_points: "Sans points",
    last_trick: "Dernier pli", hide: "Cacher", trick_won: "{name} remporte le pli", contract: "Contrat",
    totals: "Totaux", deal_scores: "Marque des donnes", deal_n: "Donne {n}", made: "réussi", failed: "chute de {n}",
    points: "Points", bouts: "Bouts", breakdown: "Détail", scores_chart: "Scores au fil de la partie",
    vote_end: "Proposer de finir la partie à l'amiable", vote_agree: "D'accord pour finir", vote_refuse: "Refuser",
    votes: "Votes pour finir : {names}", game_over: "Partie terminée", game_cancelled: "Partie finie à l'amiable : rien n'est compté",
    seat_away: "{name} a perdu la connexion : un robot joue sa place jusqu'à son retour",
    seat_back: "{name} est de retour", seat_abandoned: "{name} n'est pas revenu à temps : un robot joue sa place jusqu'à la fin de la partie",
    seat_abandoned_mine: "Vous êtes resté absent plus que le délai de grâce : un robot joue votre place jusqu'à la fin de la partie",
    seat_taken_by: "{name} s'assoit", seat_left_by: "{name} a quitté la table", new_master: "{name} est maintenant le maître de la table",
    shared_ip_void: "Des joueurs sont connectés depuis la même adresse : cette partie ne compte pour personne (pas de points, mises rendues)",
    storage_waiting: "Le serveur ne peut pas enregistrer la partie pour l'instant : la table attend et reprendra d'elle-même", storage_ok: "Enregistré : la table reprend",
    winner: "Gagnant : {names}", replay_game: "Revoir cette partie", new_game: "Rejouer",
    sit_here: "S'asseoir ici", illegal: "Refusé : {msg}", error: "Erreur : {msg}", poignees: "Poignées",
    called: "Carte appelée : {card}", chelem_announced: "Chelem annoncé", dog_hidden: "Le chien reste caché ({side})",
    taker_side: "il compte pour le preneur", defence_side: "il compte pour la défense",
    lives: "Vies", tricks: "Plis", your_card_hidden: "Votre carte est cachée : annoncez d'après celles des autres",
    excuse_choice: "Jouer l'Excuse comme", high: "la plus forte", low: "la plus faible", round_n: "Tour {n} : {k} cartes", round_n_one: "Tour {n} : 1 carte", round_only: "Tour {n}", no_life_lost: "personne ne perd de vie",
    out: "éliminé", bids: "Annonces", bid_tricks: "Combien de plis allez-vous faire ?",
    xp: "XP", chips: "Jetons", rating: "Niveau", games: "Parties", wins: "Victoires", contracts_taken: "Contrats pris",
    success_rate: "Contrats réussis", average_deal_score: "Marque moyenne par donne", profile: "Profil de {name}",
    more_rules: "Plus de règles",
    rule_dealer_sits_out: "À 5, le donneur ne joue pas (« au mort »)", rule_misere: "Misères (sans atout, sans tête)",
    rule_king_call_self: "Le preneur peut s'appeler", rule_chelem_announcer_leads: "Qui annonce un chelem entame",
    rule_petit_sec_redeal: "Petit sec : on redonne", rule_petit_sec_excuse_protects: "L'Excuse protège un Petit sec",
    rule_petit_sec_same_dealer: "Après un Petit sec, le même donneur redonne", rule_prime_only_when_made: "Les 25 seulement si le contrat est fait",
    rule_poignee_multiplied: "Poignées multipliées par le contrat", rule_prime: "Points ajoutés à l'écart",
    rule_petit_au_bout: "Prime du petit au bout", rule_misere_bonus: "Prime de misère",
    rule_chelem_announced_made: "Chelem annoncé et réussi", rule_chelem_unannounced_made: "Chelem réussi sans annonce",
    rule_chelem_announced_failed: "Chelem annoncé et chuté", rule_chelem_defence: "Chelem réussi par la défense",
    rule_lives: "Vies au départ", rule_remontee: "Remontée (le seul à ne rien perdre regagne une vie)",
    out_of_game: "Vous n'avez plus de vies : les {n} autres jouent jusqu'à la fin, des robots aux places vides. Regardez, ou quittez la table.",
    invite_code: "Code d'invitation", enter_with_code: "Rejoindre",
    sound_on: "♪ Sons activés", sound_off: "♪ Sons coupés",
    help: "Aide", help_french: "Le Tarot", help_africain: "Le Tarot africain", help_table: "À la table",
    take_allowance: "Prendre les jetons du jour", allowance_rule: "Une fois par jour, qui a moins de {floor} jetons revient à {floor}.",
    allowance_paid: "{n} jetons ajoutés.",
    no_player: "Joueur inconnu", rank: "Rang", replay: "Partie n° {n}", game_number: "Numéro de partie",
    open: "Ouvrir", step: "Étape {i} / {n}", first: "Début", prev: "Précédent", next: "Suivant", last: "Fin",
    prev_trick: "Pli précédent", next_trick: "Pli suivant", action: "Action",
    sheet_help: "Vous jouez avec de vraies cartes ? Notez chaque donne ici : la marque vient du calcul d'atout.",
    player_names: "Noms des joueurs", taker_l: "Preneur", partner_l: "Partenaire (5 joueurs)", alone: "seul",
    petit_au_bout: "Petit au bout", poignee: "Poignée", chelem: "Chelem", announced: "annoncé",
    made_by: "réalisé par", attack: "attaque", defence: "défense", simple: "simple", double: "double", triple: "triple",
    add_deal: "Ajouter la donne", clear_sheet: "Effacer la feuille", export_json: "Exporter en JSON", export_csv: "Exporter en CSV",
    delete: "Supprimer", total: "Total", seat_n: "Joueur {n}", confirm_clear: "Effacer toute la feuille ?",
    keyboard_help: "Touches : ←/→ choisir une carte, Entrée la jouer, L dernier pli, C discussion", table_menu: "Marque, discussion et table",
    shown_by: "montrée par {name}", trump_discarded: "Atouts mis à l'écart : {cards}",
    game_n: "Partie {n}", cards_in_hand: "cartes en main", redeal: "On redonne ({why})", petit_sec: "petit sec", all_pass: "tout le monde a passé",
    continue: "Continuer", breakdown_target: "Points à faire", breakdown_difference: "Différence", breakdown_prime: "Prime",
    breakdown_multiplier: "Multiplicateur", breakdown_contract: "Points du contrat", breakdown_petit_au_bout: "Petit au bout",
    breakdown_poignee: "Poignée", breakdown_chelem: "Chelem", breakdown_per_defender: "Par défenseur",
    breakdown_petit_au_bout_in_difference: "Petit au bout (dans la différence)", breakdown_poignee_personal: "Poignée (à qui l'a montrée)",
    breakdown_misere: "Misère",
    n_bouts_one: "{n} bout", n_bouts: "{n} bouts", n_points_one: "{n} point", n_points: "{n} points",
    // Profil, badges, avatars et liste des parties (issue 19).
    level: "Niveau", level_n: "Niveau {n}", level_progress: "{xp} / {next} XP pour le niveau {n}",
    levels_rule: "Le niveau n demande 50 × n × (n − 1) XP : 100 pour le niveau 2, 300 pour le 3, 600 pour le 4, 1000 pour le 5…",
    badges: "Badges", no_badges: "Aucun badge encore : les badges se gagnent en parties compétitives.", earned_on: "obtenu le {date}",
    badge_first_win: "Première victoire", badge_first_win_rule: "Finir premier d'une partie compétitive.",
    badge_games_10: "Habitué", badge_games_10_rule: "Jouer 10 parties compétitives.",
    badge_games_100: "Vétéran", badge_games_100_rule: "Jouer 100 parties compétitives.",
    badge_chelem: "Chelem", badge_chelem_rule: "Preneur, faire tous les plis d'une donne.",
    badge_petit_au_bout: "Petit au bout", badge_petit_au_bout_rule: "Être du camp qui prend le Petit au dernier pli d'une donne.",
    badge_garde_contre: "Garde contre", badge_garde_contre_rule: "Réussir une garde contre en preneur.",
    badge_win_3: "Victoire à trois", badge_win_3_rule: "Gagner une partie de Tarot à 3 joueurs.",
    badge_win_5: "Victoire à cinq", badge_win_5_rule: "Gagner une partie de Tarot à 5 joueurs.",
    badge_africain_win: "Victoire africaine", badge_africain_win_rule: "Gagner une partie de Tarot africain.",
    avatar: "Avatar", choose_avatar: "Choisissez votre avatar", upload_avatar: "Ou envoyez une image (PNG, JPEG ou WebP, 256 Kio et 512 × 512 au plus)",
    avatar_saved: "Avatar enregistré.", player_games: "Parties", no_games: "Aucune partie finie.",
    all_games: "Tous les jeux", player_filter: "Joueur", filter: "Filtrer", date: "Date", result: "Résultat",
    competitive_game: "compétitive", practice_game: "entraînement", newer: "Plus récentes", older: "Plus anciennes", page_n: "Page {n}",
    // amis (friends.js)
    friends: "Amis", friend_requests: "Demandes d'ami", friend_requests_sent: "Demandes envoyées",
    no_friends: "Pas encore d'amis : demandez un joueur par son nom.", friends_guests: "Inscrivez-vous pour avoir des amis.",
    add_friend: "Ajouter en ami", accept: "Accepter", decline: "Refuser", remove: "Retirer", withdraw: "Annuler",
    online: "en ligne", offline: "hors ligne", at_table: "à la table {table}",
    friend_asked: "Demande d'ami envoyée à {name}.", friend_added: "{name} est maintenant votre ami.",
    friend_request_from: "{name} demande à être votre ami.", invited_by: "{name} vous invite à une table.",
    join_invited: "Rejoindre", close: "Fermer",
    friend_declined_by: "{name} a refusé votre demande d'ami.", friend_removed_by: "{name} vous a retiré de ses amis.",
    block: "Bloquer", unblock: "Débloquer", blocked_players: "Joueurs bloqués", blocked_done: "{name} est bloqué.",
    blocked_rule: "Un joueur que vous bloquez ne peut ni vous demander en ami ni vous inviter, ni s'asseoir à vos tables privées ni les regarder, et ses messages vous sont cachés.",
    guest_avatar: "invité",
  },
};

let lang = localStorage.getItem("atout.lang") || ((navigator.language || "en").startsWith("fr") ? "fr" : "en");

export function getLang() { return lang; }

export function setLang(value) {
  lang = value === "fr" ? "fr" : "en";
  localStorage.setItem("atout.lang", lang);
  document.documentElement.lang = lang;
}

export function t(key, params = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

// A count and its noun agreed: "1 bout", "2 bouts"; French keeps the singular below
// two ("0 bout", "1,5 point"). Keys come in pairs, `key_one` and `key`.
export function tn(key, n) {
  const one = lang === "fr" ? Math.abs(n) < 2 : n === 1;
  return t(one ? `${key}_one` : key, { n: Number(n).toLocaleString(lang) });
}

// Fetched while the page starts, without holding it up: a refusal met before the
// catalogue arrives (or if it cannot) shows the server's English message.
let REFUSALS = null;
fetch("/api/refusals").then((r) => r.json()).then((catalogue) => { REFUSALS = catalogue; }).catch(() => {});

// A refusal ({code, params, message}: an error message, or a failed request's answer)
// in the page's language. Parameters that are cards are shown by card(notation); those
// that are words (suits, contracts...) come from the catalogue's terms; a list is
// joined by commas.
export function refusal(error, card = (text) => text) {
  const texts = REFUSALS?.messages[error.code];
  if (!texts) return error.message ?? "";
  const show = (name) => {
    const kind = REFUSALS.kinds[name];
    const value = error.params?.[name] ?? "";
    return (Array.isArray(value) ? value : [value])
      .map((v) => (kind === "card" ? card(String(v)) : REFUSALS.terms[lang][kind]?.[v] ?? String(v)))
      .join(", ");
  };
  return (texts[lang] || texts.en).replace(/\{(\w+)\}/g, (_, name) => show(name));
}

document.documentElement.lang = lang;
