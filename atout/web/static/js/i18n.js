// Every string the interface shows, in French and English; t(key, params) picks the
// current language and fills {name} placeholders. Refusals are the exception: the
// server sends them as codes with parameters, and refusal() words them from the
// catalogue the server and the terminal use too (atout/refusals.json).
const STRINGS = {
  en: {
    tour_online: "Online", tour_online_help: "Open a position's tables on the server: each plays its boards in order at the imposed Garde, robots taking the seats nobody takes. Each player sits in the seat given here; the results come in as the games end.",
    tour_open_online: "Open online", tour_seats: "Seats",
    tournaments: "Tournaments", tour_help: "A duplicate tournament as the FFT rulebook runs it: the same deals at every table, an imposed Garde, players ranked against those who held the same cards. Print the boards and slips, enter each table's result, follow the ranking.",
    tour_name: "Tournament name", tour_form: "Form", tour_individual: "individual", tour_quadrettes: "quadrettes (teams of four)",
    tour_players: "Seats per table", tour_tables: "Tables (quadrettes: teams; triplettes: half the triplettes)", tour_positions: "Positions", tour_per_position: "Boards per position",
    tour_auto: "automatic", tour_names: "Player names, one a line, in starting seat order", tour_names_help: "table 1 N, W, S, E, table 2…",
    tour_mine: "My tournaments", tour_team: "Team", tour_player: "Player", tour_orientation: "Orientation", tour_boards: "Boards",
    tour_player_n: "Player {n}", tour_names_empty: "Left empty, the places are numbered (Player 1, Player 2…): players take theirs by its number.",
    tour_overall: "Overall", tour_movement: "Movement", tour_meets_once: "No two players meet twice.", tour_meets_again: "Some players meet twice.",
    tour_boards_once: "Nobody plays a board twice.", tour_boards_again: "Some players see a board twice.",
    tour_position: "Position", tour_board: "Board", tour_score: "Score", tour_play: "Table and board",
    tour_imposed: "Imposed contract: Garde, by the taker marked on the board.", tour_enter: "Enter the result", tour_result_saved: "Result of table {table}, board {board} saved.",
    tour_ranking: "Ranking", tour_results: "Results", tour_adjustments: "Adjustments", tour_print_boards: "Print the boards", tour_print_slips: "Print the slips",
    tour_n_tables_one: "{n} table", tour_n_tables: "{n} tables", tour_n_boards_one: "{n} board", tour_n_boards: "{n} boards",
    libre: "Tournoi libre", libre_create: "Create a tournoi libre (deals bid and played freely)",
    libre_help: "A tournoi libre as the FFT rulebook runs it: the deals are bid and played freely at each table, each table keeps a score sheet per position, and players change tables between positions; the ranking adds each player's bilans. In teams of 2 or 4 the teammates never meet and their points are added up.",
    libre_individual: "individual", libre_pairs: "teams of 2", libre_fours: "teams of 4", libre_deals: "Deals per position",
    libre_names_help: "One name a line; in teams, team by team (teams of 2: the first two names are team 1 ...)",
    libre_points: "Points", libre_members: "Each member", libre_plan: "Table plan",
    libre_repeats_one: "{n} meeting beyond the first (fewer cannot be had with these numbers, or the plan's search did not find them)",
    libre_repeats: "{n} meetings beyond the first (fewer cannot be had with these numbers, or the plan's search did not find them)",
    libre_no_repeats: "No two players meet twice.",
    libre_sheet: "A table's sheet", libre_sheet_help: "Choose the table and write its deals as they are played: the server scores each one and the running totals appear; or copy the bilans from the paper sheet.",
    libre_choose: "Position and table", libre_sum: "Sum: {n} (it must be 0)", libre_bilans: "Bilans from the paper sheet",
    libre_enter_bilans: "Enter the bilans", libre_print_plan: "Print the table plan",
    libre_n_players_one: "{n} player", libre_n_players: "{n} players", libre_n_positions_one: "{n} position", libre_n_positions: "{n} positions",
    libre_n_deals_one: "{n} deal a position", libre_n_deals: "{n} deals a position",
    libre_n_missing_one: "{n} sheet to come", libre_n_missing: "{n} sheets to come",
    libre_online_help: "Open a position's tables on the server: each table bids and plays its deals freely, robots taking the seats nobody takes once the wait is over; its sheet comes in when its game ends, and the next position opens when every table has finished.",
    tour_n_missing_one: "{n} result to come", tour_n_missing: "{n} results to come",
    tour_no_result: "no result yet", tour_no_results_yet: "No result yet: the ranking begins with the first results entered.",
    tour_n_unranked_one: "{n} without a result yet, listed last without a rank.", tour_n_unranked: "{n} without a result yet, listed last without a rank.",
    tour_provisional: "Provisional: each is ranked on the boards counted so far (percentages are means over the boards played).",
    tour_provisional_pm: "Provisional: the match points of the boards compared so far.",
    libre_provisional: "Provisional: the points of the sheets entered so far.",
    tour_triplettes: "triplettes (teams of three)", tour_teams: "team match (two teams of 4 to 6)",
    tour_movement_kind: "Triplettes' movement", tour_plain: "plain: North-South triplettes stay", tour_howell: "Howell: each triplette meets every other",
    tour_team_a: "Team A players (match)", tour_team_b: "Team B players (match)", tour_line: "Line", tour_attacker: "Attacker",
    tour_names_teams: "Team by team: triplettes each in the alphabetical order of surname (badges blue, white, red); the match, team A then team B.",
    tour_chosen: "The attacker, always South, chose Garde, Garde Sans or Garde Contre.", tour_badge: "Triplettes: the attacker comes from the badges' rotation.",
    tour_team_n: "Team {n}", tour_quarter: "Quarter",
    title: "atout · Tarot", lobby: "Tables", leaderboard: "Leaderboard", scoresheet: "Score sheet",
    replays: "Replays", language: "Français", login: "Log in", register: "Register", logout: "Log out",
    guest: "Play as guest", name: "Name", password: "Password", you_are: "You are {name}",
    name_needed: "Enter a name.", password_needed: "Enter a password.",
    change_password: "Change my password", current_password: "Current password", new_password: "New password",
    password_changed: "Password changed: your other sessions are signed out.",
    signed_out_notice: "You were signed out: your password was changed or your session ended elsewhere. Sign in again.",
    switch_language: "Switch to French", your_hand: "Your hand", card_back: "Card back",
    not_allowed: "{name} (not allowed now)",
    invalid_form: "The form was refused: a field is missing or not as expected.",
    guest_note: "(guest: practice tables only)", connecting: "Connecting…", disconnected: "Connection lost, reconnecting…",
    create_table: "Create a table", game: "Game", french: "French Tarot", africain: "Tarot Africain",
    players: "Players", variant: "Variant", turn_seconds: "Seconds per turn", competitive: "Competitive (points and chips)", competitive_guests: "for registered players",
    practice: "Practice", bet: "Chips bet", private: "Private table (invited players only)",
    private_mark: "private", no_spectators: "no spectators",
    spectators: "Spectators allowed", rounds: "Deals per game (French Tarot)", robot_level: "Robot level", create: "Create",
    variant_fft: "FFT (official rules)", variant_traditionnel: "traditional (with Pousse)", variant_standard: "standard", variant_cinq: "cinq (up to 5 players)",
    level_random: "random", level_heuristic: "heuristic", level_strong: "strong",
    robot_random: "random (any legal move)", robot_heuristic: "heuristic (default)", robot_strong: "strong (thinks ½ s a move)",
    no_tables: "No public table yet: create one.", join: "Sit down", watch: "Watch", playing: "playing",
    waiting: "waiting", free_seat: "free seat", robot: "robot", away: "away", master: "master", table: "Table",
    robot_badge: "BOT", // a robot's seat, in three or four capitals
    seat: "Seat", leave: "Leave", start: "Start the game",
    leave_confirm: "Leave the game under way? A robot plays your seat to its end, and you may sit again only once it is over.",
    leave_confirm_bet: "Your bet of {bet} chips is lost.", invite_link: "Invitation link", watch_link: "Link to watch", copy: "Copy",
    invite: "Invite", invitation_sent: "Invitation sent to {name}: they may sit at this table.", options: "Options", save_options: "Save the options", table_options: "Table options", options_changed: "The master changed the options: {what}",
    chat: "Chat", send: "Send", say: "Say something…", spectator_mode: "You are watching this table",
    elsewhere_here: "Your seat is now played from another tab or window: this page offers no move.", take_seat_back: "Play here",
    spectating_one: "{n} watching", spectating: "{n} watching", your_turn: "Your turn", turn_play: "play a card", waiting_for: "Waiting for {name}",
    time_up: "Time's up: a robot played for you", time_up_other: "{name}'s time is up: a robot plays for them", seconds_left: "{n} s", dealer: "dealer", taker: "taker", partner: "partner", sits_out: "sits out",
    bid: "Bid", pass: "Pass", prise: "Prise", pousse: "Pousse", garde: "Garde", garde_sans: "Garde sans",
    garde_contre: "Garde contre", call_king: "Call a card for your partner", dog: "The dog", ecart: "Your écart",
    ecart_help: "Choose {n} cards to put aside ({left} left)", ecart_confirm: "Put these {n} cards aside", ecart_clear: "Start again", chelem_q: "Announce a chelem (all the tricks)?",
    yes: "Yes", no: "No", poignee_q: "Show a poignée?", poignee_show: "Show these {n} trumps",
    poignee_none: "No poignée", poignee_help: "Select exactly {sizes} trumps to show",
    misere_q: "Announce a misère?", none: "None", sans_atouts: "No trumps", sans_points: "No points",
    last_trick: "Last trick", trick_now: "Trick", hide: "Hide", trick_won: "{name} wins the trick", plays_card: "{name} plays {card}", contract: "Contract",
    totals: "Totals", deal_scores: "Deal scores", deal_n: "Deal {n}", made: "made", failed: "failed by {n}",
    points: "Points", bouts: "Bouts", breakdown: "Breakdown", scores_chart: "Scores over the game",
    vote_end: "Propose to end the game amicably", vote_agree: "Agree to end", vote_refuse: "Refuse",
    votes: "Votes to end: {names}", vote_question: "End the game amicably?",
    vote_given: "You agreed to end the game: the other players are asked.",
    vote_by: "Proposed by {names}: if every player agrees, the game stops and nothing is scored.", game_over: "Game over", game_cancelled: "The game was ended amicably: nothing is scored",
    next_game_master: "Play again starts a new game at this table; “Table options” lets you change its options first.",
    next_game_seated: "{name}, the table's master, may start a new game: you keep your seat for it, or leave the table.",
    next_game_watch: "{name}, the table's master, may start a new game here.",
    wait_for_master: "{name}, the table's master, starts the game.",
    master_away: "{name} lost the connection: the table waits for them until their grace time runs out.",
    table_closed: "This table has closed: every player left it.", back_to_lobby: "Back to the tables",
    seat_away: "{name} lost the connection: a robot plays their seat until they come back",
    seat_back: "{name} is back", seat_abandoned: "{name} did not come back in time: a robot plays their seat to the end of the game",
    seat_abandoned_mine: "You were away longer than the grace period: a robot plays your seat to the end of the game",
    seat_left_away: "Your grace time to come back ran out: a robot plays your seat to the end of this game. You may watch it, and sit down again for the next game.",
    seat_taken_by: "{name} sits down", seat_left_by: "{name} left the table", seat_left_game: "{name} left the game: a robot plays their seat to its end", new_master: "{name} is now the table's master",
    arriving_next_deal: "{name} takes their seat back from the robot at the next deal",
    tour_online_triplettes: "Triplettes: at each board the attacker the badges name sits at the taker marked on the étui, the defending triplette in the three other seats, in the order of its badges from the taker's right; the attacker's two partners watch.",
    tour_online_teams: "The match: in quarter n a team's n-th named player attacks in South and chooses Garde, Garde Sans or Garde Contre; the three named after them defend at the other table.",
    tour_live_help: "A table starts by itself when its players are seated, or after a wait with robots in the empty seats; a player who comes later takes their seat back at the next deal. When every table of a position has finished, the next position opens.",
    tour_places: "Players' places", tour_places_help: "Take the place of your name: your account (or this browser's guest) then plays it, and this page tells you where to sit at each position. A robot plays a free place.",
    adjust_title: "Arbiter's adjustments", adjust_help: "The arbiter may cancel a play (its board is then topped without it, and its players receive the notes given, the average by default), set a play's score, give a penalty (percent of a board's top, or PM), or correct a result with its reason. Each is kept with its reason and who made it, and may be revoked.",
    adjust_cancel: "cancelled play", adjust_score: "adjusted score", adjust_penalty: "penalty", adjust_correct: "corrected result",
    adjust_kind: "Adjustment", adjust_reason: "Reason", adjust_make: "Adjust", adjust_revoke: "Revoke", adjust_entrant: "Entrant",
    adjust_percent_top: "% of a top", adjust_correct_help: "correcting an entered result: its reason",
    place_free: "Free the place", place_robot: "Robot for good", place_move: "Move to", place_robot_held: "robot (for good)",
    place_now: "now", place_free_from: "freed from position {position}", place_robot_from: "a robot's from position {position}",
    sessions: "Sessions", session: "Session", session_next: "Start the next session",
    sessions_help: "A tournament continued another day with the same players: each session has its own boards; the ranking adds each session's global percentage (PM in quadrettes and the match), as the rulebook says for tournaments in several sessions.",
    tour_take_place: "This is me", tour_leave_place: "Give up this place", tour_free: "free (robot)", tour_you: "you",
    tour_your_seats: "Your seats", tour_later: "not open yet", tour_done: "finished", tour_go: "Go to your seat", tour_watch: "Watch", tour_over: "tournament over", tour_in_play: "in play",
    tour_private_help: "Until the tournament is over, a table is watched only by its players and the organiser, and the games' replays wait for the end: the same deals are played at other tables.",
    record_hidden: "replay after its tournament",
    shared_ip_void: "Players connected from the same address: this game counts for nobody (no points, bets returned)",
    you_settled: "You: {chips} chips, {xp} XP", settlement_title: "Chips and XP won in this game", settled_player: "Player",
    storage_waiting: "The server cannot save the game just now: the table waits and goes on by itself", storage_ok: "Saved: the table goes on",
    winner: "Winner: {names}", winners: "Winners: {names}", replay_game: "Replay this game", new_game: "Play again",
    sit_here: "Sit here", illegal: "Refused: {msg}", error: "Error: {msg}", poignees: "Poignées",
    called: "Called card: {card}", chelem_announced: "Chelem announced", dog_hidden: "The dog stays hidden ({side})",
    taker_side: "it counts for the taker", defence_side: "it counts for the defence",
    lives: "Lives", tricks: "Tricks", your_card_hidden: "Your card is hidden: bid from the others' cards",
    excuse_choice: "Play the Excuse as", high: "highest", low: "lowest", round_n: "Round {n}: {k} cards", round_n_one: "Round {n}: 1 card", round_only: "Round {n}", no_life_lost: "nobody lost a life",
    out: "out", bids: "Bids", bid_tricks: "How many tricks will you win?",
    win_last_standing: "{names} alone had lives left.", count_at: "{name} at {n}",
    win_least_below_zero: "Every player still in lost their last lives in the same round: {names} fell least below zero ({counts}).",
    win_level_below_zero: "Every player still in lost their last lives in the same round: {names}, level at the count least below zero, share the win ({counts}).",
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
    rule_contracts: "Contracts", rule_multipliers: "Multipliers", rule_petit_au_bout_scoring: "Petit au bout scoring",
    rule_poignee_trumps: "Poignées' trumps", rule_poignee_bonus: "Poignées' bonuses", rule_poignee_scoring: "Poignées' scoring",
    rule_excuse_last_trick: "Excuse in the last trick", rule_misere_scoring: "Misères' scoring",
    rule_partner_share: "Partner's share (5 players)", rule_imposed_contract: "Imposed contract",
    rule_imposed_taker: "Imposed taker's seat", rule_imposed_minimum: "The imposed contract is a minimum",
    rule_hand_sizes: "Cards per round", rule_loss: "Lives lost", rule_max_players: "Players at most",
    out_of_game: "You have no lives left: the {n} others play on to the end, robots in the empty seats. Watch, or leave the table.",
    invite_code: "Invitation code", enter_with_code: "Join",
    sound_on: "♪ Sounds on", sound_off: "♪ Sounds off",
    help: "Help", help_french: "French Tarot", help_africain: "Tarot Africain", help_table: "At the table",
    take_allowance: "Take today's chips", allowance_rule: "Once a day, a player with fewer than {floor} chips is brought back to {floor}.",
    allowance_paid: "{n} chips added.",
    no_player: "No such player", leaderboard_empty: "No ranked player yet: competitive games put their players here.", rank: "Rank", replay: "Replay of game {n}", game_number: "Game number",
    open: "Open", step: "Step {i} / {n}", first: "First", prev: "Previous", next: "Next", last: "Last",
    prev_trick: "Previous trick", next_trick: "Next trick", action: "Action",
    record_download: "Download the game record:", record_text: "text", record_json: "JSON",
    no_such_game: "No such game: no game has this number.",
    replay_stopped_early: "This game cannot be replayed: it was stopped before its first deal was played out.",
    replay_stopped: "This game was stopped before its end: only its complete deals are shown.",
    replay_no_moves: "This record has no move to replay.",
    sheet_help: "Playing with real cards? Write each deal down here: the scores come from atout's own scoring.",
    player_names: "Players' names", taker_l: "Taker", partner_l: "Partner (5 players)", alone: "alone",
    petit_au_bout: "Petit au bout", poignee: "Poignée", chelem: "Chelem", announced: "announced",
    made_by: "made by", attack: "attack", defence: "defence", simple: "simple", double: "double", triple: "triple",
    add_deal: "Add the deal", clear_sheet: "Clear the sheet", export_json: "Export JSON", export_csv: "Export CSV",
    delete: "Delete", total: "Total", seat_n: "Player {n}", sheet_cell: "{name}: {score}, total {total}", sheet_total_cell: "{name}: total {total}", confirm_clear: "Clear the whole sheet?",
    // a sheet's default name as the other language made it, shown in this one
    seat_n_other: "Joueur {n}",
    my_sheets: "My score sheets", new_sheet: "New score sheet", no_sheets: "No score sheet yet.",
    keep_sheet: "Keep this browser's sheet ({n} deals) in my account", n_deals: "{n} deals", n_deals_one: "{n} deal",
    sheet_setup: "Table and rules", sheet_title: "Title", sitting_out_l: "Sits out (the dealer)", misere: "Misère",
    new_deal: "New deal", save_deal: "Save the deal", cancel: "Cancel", edit: "Correct", confirm_delete_deal: "Delete deal {n}?",
    shared_sheet: "Score sheet (shared, read only)", shared_help: "A score sheet shared by its keeper: the totals as they stand.",
    sheet_kept: "Kept in your account: every change is saved on the server.",
    sheet_local: "Kept in this browser only: register to keep your sheets on the server and share them.",
    share_sheet: "Share link", share_link: "Share link (read only)", unshare: "Stop sharing", print: "Print",
    delete_sheet: "Delete the sheet", confirm_delete_sheet: "Delete this whole score sheet?",
    account_link: "account", account_link_help: "This player is registered under this name: the sheet keeps their account",
    account_link_note: "Tick “account” for a player registered under that name: the sheet then keeps their account.",
    check_missing: "Please fill in this field.", check_min: "At least {n}.", check_max: "At most {n}.",
    check_step: "In steps of {n}.", check_number: "Please write a number.", check_long: "At most {n} characters.",
    check_short: "At least {n} characters.", check_field: "Please check this field.",
    poignee_who: "{what}: who shows it", poignee_kind_l: "{what}: its size",
    misere_who: "{what}: who announces it", misere_kind_l: "{what}: which kind",
    place_when_l: "From when, for {name} (place {n})", place_to_l: "Move {name} (place {n}) to place", online_position_l: "Position to open online",
    tour_take_place_l: "This is me: {name} (place {n})", place_free_l: "Free the place of {name} (place {n})",
    place_robot_l: "Robot for good: {name} (place {n})", place_move_l: "Move to the place chosen: {name} (place {n})",
    adjust_revoke_l: "Revoke adjustment {n} ({what})", adjust_attack_note: "Attack\u00a0%", adjust_defence_note: "Defence\u00a0%",
    tour_attack: "Attack", tour_defence: "Defence", tour_entered: "entered", libre_entered: "entered", tour_correct: "Correct the result",
    tour_correct_reason: "Reason for the correction", tour_result_corrected: "Result of table {table}, board {board} corrected.",
    tour_play_entered: "This play has a result already: {score} ({points} points). Entering it again corrects it: give the reason, kept with the correction as an adjustment.",
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
    // a drawn avatar's name: its motif in its colour ("spade-blue")
    avatar_drawn: "{colour} {motif}", motif_spade: "spade", motif_heart: "heart", motif_diamond: "diamond",
    motif_club: "club", motif_petit: "Petit", motif_monde: "21 of trumps", motif_excuse: "Excuse",
    colour_blue: "Blue", colour_green: "Green", colour_red: "Red", colour_gold: "Gold", colour_teal: "Teal",
    colour_black: "Black", colour_purple: "Purple", colour_ivory: "Ivory", colour_navy: "Navy",
    colour_orange: "Orange", colour_pink: "Pink",
    avatar: "Avatar", choose_avatar: "Choose your avatar", upload_avatar: "Or upload an image (PNG, JPEG or WebP, at most 16 MiB: a photo straight from your phone will do)",
    choose_file: "Choose a file", no_file: "No file chosen",
    avatar_saved: "Avatar saved.", player_games: "Finished games", no_games: "No finished game.",
    competitive_games: "Competitive games",
    profile_counts: "These figures count competitive games only; every finished game is listed below.",
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
    // hints and analyses (issue 22)
    hint: "Hint", hint_wait: "The strong robot is thinking…", hint_says: "The strong robot suggests {action}",
    hint_option: "{action}: expected score {score}",
    act_deal: "Deal", act_call: "Call {card}", act_discard: "Put aside {card}", act_ecart: "Put aside {cards}", act_no_chelem: "No chelem", act_no_misere: "No misère",
    analyse_seat: "Analyse the play of", analyse: "Analyse", analysis_running: "The strong robot is analysing the game…",
    analysis_failed: "The analysis failed: {why}",
    analysis_summary: "Accuracy {accuracy}%: {inaccuracies}, {mistakes}, {blunders} (average loss {loss} {unit})",
    n_inaccuracies_one: "{n} inaccuracy", n_inaccuracies: "{n} inaccuracies", n_mistakes_one: "{n} mistake", n_mistakes: "{n} mistakes", n_blunders_one: "{n} blunder", n_blunders: "{n} blunders",
    analysis_move: "Played {action} (expected {score}); best found {best} (expected {best_score}); loss {loss} {unit}",
    analysis_marks: "Marked moves", unit_card_points: "card points", unit_lives: "lives",
    mark_inaccuracy: "inaccuracy", mark_mistake: "mistake", mark_blunder: "blunder",
    open_record: "Or open a record file (text or JSON) to replay and analyse it",
    friend_declined_by: "{name} declined your friend request.", friend_removed_by: "{name} removed you from their friends.",
    block: "Block", unblock: "Unblock", blocked_players: "Blocked players", blocked_done: "{name} is blocked.",
    blocked_rule: "A player you block cannot ask you to be friends nor invite you, and their chat is hidden from you. Neither of you may sit at or watch the other's private tables: one of you already there leaves, at once, or at the end of a game under way.",
    guest_avatar: "guest",
    friend_removed_done: "{name} is no longer your friend.", request_declined_done: "You declined {name}'s request.",
    request_withdrawn_done: "Your request to {name} is withdrawn.", unblocked_done: "{name} is no longer blocked.",
  },
  fr: {
    tour_online: "En ligne", tour_online_help: "Ouvrez sur le serveur les tables d'une position : chacune joue ses étuis dans l'ordre en Garde imposée, des robots prenant les places libres. Chaque joueur s'assoit à la place indiquée ici ; les résultats arrivent à la fin des parties.",
    tour_open_online: "Ouvrir en ligne", tour_seats: "Places",
    tournaments: "Tournois", tour_help: "Un tournoi duplicate comme le règlement FFT le décrit : les mêmes donnes à chaque table, une Garde imposée, chacun classé face à ceux qui ont tenu les mêmes cartes. Imprimez les étuis et les feuilles, saisissez le résultat de chaque table, suivez le classement.",
    tour_name: "Nom du tournoi", tour_form: "Formule", tour_individual: "individuel", tour_quadrettes: "quadrettes (équipes de quatre)",
    tour_players: "Places par table", tour_tables: "Tables (quadrettes : équipes ; triplettes : la moitié des triplettes)", tour_positions: "Positions", tour_per_position: "Étuis par position",
    tour_auto: "automatique", tour_names: "Noms des joueurs, un par ligne, dans l'ordre des places de départ", tour_names_help: "table 1 N, O, S, E, table 2…",
    tour_mine: "Mes tournois", tour_team: "Équipe", tour_player: "Joueur", tour_orientation: "Orientation", tour_boards: "Étuis",
    tour_player_n: "Joueur {n}", tour_names_empty: "Laissée vide, la liste numérote les places (Joueur 1, Joueur 2…)\u00a0: les joueurs prennent la leur à son numéro.",
    tour_overall: "Global", tour_movement: "Mouvement", tour_meets_once: "Deux joueurs ne se rencontrent jamais deux fois.", tour_meets_again: "Certains joueurs se rencontrent deux fois.",
    tour_boards_once: "Personne ne joue deux fois un étui.", tour_boards_again: "Certains joueurs revoient un étui.",
    tour_position: "Position", tour_board: "Étui", tour_score: "Marque", tour_play: "Table et étui",
    tour_imposed: "Contrat imposé : Garde, par le preneur marqué sur l'étui.", tour_enter: "Saisir le résultat", tour_result_saved: "Résultat de la table {table}, étui {board} enregistré.",
    tour_ranking: "Classement", tour_results: "Résultats", tour_adjustments: "Ajustements", tour_print_boards: "Imprimer les étuis", tour_print_slips: "Imprimer les feuilles",
    tour_n_tables_one: "{n} table", tour_n_tables: "{n} tables", tour_n_boards_one: "{n} étui", tour_n_boards: "{n} étuis",
    libre: "Tournoi libre", libre_create: "Créer un tournoi libre (donnes libres)",
    libre_help: "Un tournoi libre comme le règlement de la FFT le décrit : à chaque table les donnes sont enchéries et jouées librement, chaque table tient une feuille de marque par position, et les joueurs changent de table entre les positions ; le classement additionne les bilans de chacun. Par équipes de 2 ou 4, les équipiers ne se rencontrent jamais et leurs points sont cumulés.",
    libre_individual: "individuel", libre_pairs: "équipes de 2", libre_fours: "équipes de 4", libre_deals: "Donnes par position",
    libre_names_help: "Un nom par ligne ; par équipes, équipe par équipe (équipes de 2 : les deux premiers noms sont l'équipe 1 ...)",
    libre_points: "Points", libre_members: "Chaque équipier", libre_plan: "Plan de table",
    libre_repeats_one: "{n} rencontre de plus que la première (on ne peut faire moins avec ces nombres, ou la recherche du plan ne l'a pas trouvé)",
    libre_repeats: "{n} rencontres de plus que la première (on ne peut faire moins avec ces nombres, ou la recherche du plan ne l'a pas trouvé)",
    libre_no_repeats: "Deux joueurs ne se rencontrent jamais deux fois.",
    libre_sheet: "La feuille d'une table", libre_sheet_help: "Choisissez la table et notez ses donnes au fil du jeu : le serveur marque chacune et les totaux s'affichent ; ou recopiez les bilans de la feuille papier.",
    libre_choose: "Position et table", libre_sum: "Somme : {n} (elle doit faire 0)", libre_bilans: "Bilans de la feuille papier",
    libre_enter_bilans: "Saisir les bilans", libre_print_plan: "Imprimer le plan de table",
    libre_n_players_one: "{n} joueur", libre_n_players: "{n} joueurs", libre_n_positions_one: "{n} position", libre_n_positions: "{n} positions",
    libre_n_deals_one: "{n} donne par position", libre_n_deals: "{n} donnes par position",
    libre_n_missing_one: "{n} feuille à venir", libre_n_missing: "{n} feuilles à venir",
    libre_online_help: "Ouvrez les tables d'une position sur le serveur : chaque table enchérit et joue ses donnes librement, des robots prenant les places libres après l'attente ; sa feuille arrive à la fin de sa partie, et la position suivante s'ouvre quand toutes les tables ont fini.",
    tour_n_missing_one: "{n} résultat à venir", tour_n_missing: "{n} résultats à venir",
    tour_no_result: "pas encore de résultat", tour_no_results_yet: "Pas encore de résultat : le classement commence avec les premiers résultats saisis.",
    tour_n_unranked_one: "{n} sans résultat pour l'instant, en fin de liste, non classé.", tour_n_unranked: "{n} sans résultat pour l'instant, en fin de liste, non classés.",
    tour_provisional: "Provisoire : chacun est classé sur les étuis comptés jusqu'ici (les pourcentages sont des moyennes sur les étuis joués).",
    tour_provisional_pm: "Provisoire : les points de match des étuis comparés jusqu'ici.",
    libre_provisional: "Provisoire : les points des feuilles saisies jusqu'ici.",
    tour_triplettes: "triplettes (équipes de trois)", tour_teams: "match par équipes (deux équipes de 4 à 6)",
    tour_movement_kind: "Mouvement des triplettes", tour_plain: "simple : les triplettes Nord-Sud restent", tour_howell: "Howell : chaque triplette rencontre toutes les autres",
    tour_team_a: "Joueurs de l'équipe A (match)", tour_team_b: "Joueurs de l'équipe B (match)", tour_line: "Ligne", tour_attacker: "Attaquant",
    tour_names_teams: "Équipe par équipe : chaque triplette dans l'ordre alphabétique des noms de famille (badges bleu, blanc, rouge) ; le match, l'équipe A puis l'équipe B.",
    tour_chosen: "L'attaquant, toujours en Sud, a choisi Garde, Garde Sans ou Garde Contre.", tour_badge: "Triplettes : l'attaquant suit la rotation des badges.",
    tour_team_n: "Équipe {n}", tour_quarter: "Quart temps",
    title: "atout · Tarot", lobby: "Tables", leaderboard: "Classement", scoresheet: "Feuille de marque",
    replays: "Revoir", language: "English", login: "Se connecter", register: "S'inscrire", logout: "Se déconnecter",
    guest: "Jouer en invité", name: "Nom", password: "Mot de passe", you_are: "Vous êtes {name}",
    name_needed: "Saisissez un nom.", password_needed: "Saisissez un mot de passe.",
    change_password: "Changer mon mot de passe", current_password: "Mot de passe actuel", new_password: "Nouveau mot de passe",
    password_changed: "Mot de passe changé : vos autres sessions sont déconnectées.",
    signed_out_notice: "Session terminée : votre mot de passe a été changé ou votre session a pris fin ailleurs. Reconnectez-vous.",
    switch_language: "Passer en anglais", your_hand: "Votre main", card_back: "Dos de carte",
    not_allowed: "{name} (interdite pour l'instant)",
    invalid_form: "Le formulaire a été refusé : un champ manque ou n'est pas comme attendu.",
    guest_note: "(invité : tables d'entraînement seulement)", connecting: "Connexion…", disconnected: "Connexion perdue, reconnexion…",
    create_table: "Créer une table", game: "Jeu", french: "Tarot français", africain: "Tarot africain",
    players: "Joueurs", variant: "Variante", turn_seconds: "Secondes par tour", competitive: "Compétition (points et jetons)", competitive_guests: "pour les joueurs inscrits",
    practice: "Entraînement", bet: "Jetons misés", private: "Table privée (sur invitation)",
    private_mark: "privée", no_spectators: "sans spectateurs",
    spectators: "Spectateurs admis", rounds: "Donnes par partie (tarot français)", robot_level: "Niveau des robots", create: "Créer",
    variant_fft: "FFT (règles officielles)", variant_traditionnel: "traditionnel (avec Pousse)", variant_standard: "standard", variant_cinq: "cinq (jusqu'à 5 joueurs)",
    level_random: "hasard", level_heuristic: "heuristique", level_strong: "fort",
    robot_random: "hasard (tout coup permis)", robot_heuristic: "heuristique (par défaut)", robot_strong: "fort (réfléchit ½ s par coup)",
    no_tables: "Aucune table publique : créez-en une.", join: "S'asseoir", watch: "Regarder", playing: "en jeu",
    waiting: "en attente", free_seat: "place libre", robot: "robot", away: "hors ligne", master: "maître", table: "Table",
    robot_badge: "IA", // « intelligence artificielle », as French games mark a computer player
    seat: "Place", leave: "Quitter", start: "Lancer la partie",
    leave_confirm: "Quitter la partie en cours ? Un robot joue votre place jusqu'à la fin, et vous ne pourrez vous rasseoir qu'une fois la partie finie.",
    leave_confirm_bet: "Votre mise de {bet} jetons est perdue.", invite_link: "Lien d'invitation", watch_link: "Lien pour regarder", copy: "Copier",
    invite: "Inviter", invitation_sent: "Invitation envoyée à {name} : cette table lui est ouverte.", options: "Options", save_options: "Enregistrer les options", table_options: "Options de la table", options_changed: "Le maître a changé les options : {what}",
    chat: "Discussion", send: "Envoyer", say: "Écrire…", spectator_mode: "Vous regardez cette table",
    elsewhere_here: "Votre place est maintenant jouée depuis un autre onglet ou une autre fenêtre : cette page ne propose aucun coup.", take_seat_back: "Jouer ici",
    spectating_one: "{n} spectateur", spectating: "{n} spectateurs", your_turn: "À vous", turn_play: "jouez une carte", waiting_for: "On attend {name}",
    time_up: "Temps écoulé : un robot a joué pour vous", time_up_other: "Temps écoulé pour {name} : un robot joue à sa place", seconds_left: "{n} s", dealer: "donneur", taker: "preneur", partner: "partenaire", sits_out: "ne joue pas",
    bid: "Enchère", pass: "Passe", prise: "Prise", pousse: "Pousse", garde: "Garde", garde_sans: "Garde sans",
    garde_contre: "Garde contre", call_king: "Appelez une carte pour votre partenaire", dog: "Le chien", ecart: "Votre écart",
    ecart_help: "Choisissez {n} cartes à écarter (encore {left})", ecart_confirm: "Écarter ces {n} cartes", ecart_clear: "Recommencer", chelem_q: "Annoncer un chelem (tous les plis) ?",
    yes: "Oui", no: "Non", poignee_q: "Montrer une poignée ?", poignee_show: "Montrer ces {n} atouts",
    poignee_none: "Pas de poignée", poignee_help: "Sélectionnez exactement {sizes} atouts à montrer",
    misere_q: "Annoncer une misère ?", none: "Aucune", sans_atouts: "Sans atouts", sans_points: "Sans points",
    last_trick: "Dernier pli", trick_now: "Pli en cours", hide: "Cacher", trick_won: "{name} remporte le pli", plays_card: "{name} joue {card}", contract: "Contrat",
    totals: "Totaux", deal_scores: "Marque des donnes", deal_n: "Donne {n}", made: "réussi", failed: "chute de {n}",
    points: "Points", bouts: "Bouts", breakdown: "Détail", scores_chart: "Scores au fil de la partie",
    vote_end: "Proposer de finir la partie à l'amiable", vote_agree: "D'accord pour finir", vote_refuse: "Refuser",
    votes: "Votes pour finir : {names}", vote_question: "Finir la partie à l'amiable ?",
    vote_given: "Vous avez accepté de finir la partie : les autres joueurs sont consultés.",
    vote_by: "Proposé par {names} : si tous les joueurs sont d'accord, la partie s'arrête et rien n'est compté.", game_over: "Partie terminée", game_cancelled: "Partie finie à l'amiable : rien n'est compté",
    next_game_master: "Rejouer lance une nouvelle partie à cette table ; «\u00a0Options de la table\u00a0» permet d'abord d'en changer les options.",
    next_game_seated: "{name}, maître de la table, peut lancer une nouvelle partie : vous y gardez votre place, ou vous quittez la table.",
    next_game_watch: "{name}, maître de la table, peut lancer une nouvelle partie ici.",
    wait_for_master: "{name}, maître de la table, lance la partie.",
    master_away: "{name} a perdu la connexion : la table l'attend jusqu'à la fin de son délai de grâce.",
    table_closed: "Cette table est fermée : tous les joueurs l'ont quittée.", back_to_lobby: "Retour aux tables",
    seat_away: "{name} a perdu la connexion : un robot joue sa place jusqu'à son retour",
    seat_back: "{name} est de retour", seat_abandoned: "{name} n'est pas revenu à temps : un robot joue sa place jusqu'à la fin de la partie",
    seat_abandoned_mine: "Vous êtes resté absent plus que le délai de grâce : un robot joue votre place jusqu'à la fin de la partie",
    seat_left_away: "Votre délai de grâce pour revenir est écoulé : un robot joue votre place jusqu'à la fin de cette partie. Vous pouvez la regarder, et vous rasseoir pour la partie suivante.",
    seat_taken_by: "{name} s'assoit", seat_left_by: "{name} a quitté la table", seat_left_game: "{name} a quitté la partie : un robot joue sa place jusqu'à la fin", new_master: "{name} est maintenant le maître de la table",
    arriving_next_deal: "{name} reprend sa place au robot à la prochaine donne",
    tour_online_triplettes: "Triplettes : à chaque étui l'attaquant désigné par les badges s'assoit à la place du preneur marquée sur l'étui, la triplette en défense aux trois autres places, dans l'ordre de ses badges depuis la droite du preneur ; les deux partenaires de l'attaquant regardent.",
    tour_online_teams: "Le match : au quart temps n, le n-ième joueur nommé d'une équipe attaque en Sud et choisit Garde, Garde Sans ou Garde Contre ; les trois nommés après lui défendent à l'autre table.",
    tour_live_help: "Une table démarre d'elle-même quand ses joueurs sont assis, ou après une attente, des robots aux places vides ; un joueur arrivé plus tard reprend sa place à la donne suivante. Quand toutes les tables d'une position ont fini, la position suivante s'ouvre.",
    tour_places: "Places des joueurs", tour_places_help: "Prenez la place à votre nom : votre compte (ou l'invité de ce navigateur) la joue alors, et cette page vous dit où vous asseoir à chaque position. Un robot joue une place libre.",
    adjust_title: "Ajustements de l'arbitre", adjust_help: "L'arbitre peut annuler une donne (l'étui est alors topé sans elle, et ses joueurs reçoivent les notes données, la moyenne par défaut), fixer la marque d'une donne, donner une pénalité (en % d'un top, ou en PM), ou corriger un résultat avec son motif. Chacun est gardé avec son motif et son auteur, et peut être annulé.",
    adjust_cancel: "donne annulée", adjust_score: "marque ajustée", adjust_penalty: "pénalité", adjust_correct: "résultat corrigé",
    adjust_kind: "Ajustement", adjust_reason: "Motif", adjust_make: "Ajuster", adjust_revoke: "Annuler l'ajustement", adjust_entrant: "Participant",
    adjust_percent_top: "% d'un top", adjust_correct_help: "pour corriger un résultat saisi : son motif",
    place_free: "Libérer la place", place_robot: "Robot définitivement", place_move: "Déplacer vers", place_robot_held: "robot (définitivement)",
    place_now: "tout de suite", place_free_from: "libérée à partir de la position {position}", place_robot_from: "à un robot à partir de la position {position}",
    sessions: "Séances", session: "Séance", session_next: "Commencer la séance suivante",
    sessions_help: "Un tournoi poursuivi un autre jour avec les mêmes joueurs : chaque séance a ses étuis ; le classement additionne les pourcentages globaux de chaque séance (les PM en quadrettes et en match), comme le règlement le dit des tournois en plusieurs séances.",
    tour_take_place: "C'est moi", tour_leave_place: "Laisser cette place", tour_free: "libre (robot)", tour_you: "vous",
    tour_your_seats: "Vos places", tour_later: "pas encore ouverte", tour_done: "terminée", tour_go: "Aller à votre place", tour_watch: "Regarder", tour_over: "tournoi terminé", tour_in_play: "en cours",
    tour_private_help: "Jusqu'à la fin du tournoi, seuls ses joueurs et l'organisateur regardent une table, et les rediffusions des parties attendent la fin : les mêmes donnes sont jouées à d'autres tables.",
    record_hidden: "rediffusion après son tournoi",
    shared_ip_void: "Des joueurs sont connectés depuis la même adresse : cette partie ne compte pour personne (pas de points, mises rendues)",
    you_settled: "Vous : {chips} jetons, {xp} XP", settlement_title: "Jetons et XP gagnés dans cette partie", settled_player: "Joueur",
    storage_waiting: "Le serveur ne peut pas enregistrer la partie pour l'instant : la table attend et reprendra d'elle-même", storage_ok: "Enregistré : la table reprend",
    winner: "Gagnant : {names}", winners: "Gagnants : {names}", replay_game: "Revoir cette partie", new_game: "Rejouer",
    sit_here: "S'asseoir ici", illegal: "Refusé : {msg}", error: "Erreur : {msg}", poignees: "Poignées",
    called: "Carte appelée : {card}", chelem_announced: "Chelem annoncé", dog_hidden: "Le chien reste caché ({side})",
    taker_side: "il compte pour le preneur", defence_side: "il compte pour la défense",
    lives: "Vies", tricks: "Plis", your_card_hidden: "Votre carte est cachée : annoncez d'après celles des autres",
    excuse_choice: "Jouer l'Excuse comme", high: "la plus forte", low: "la plus faible", round_n: "Tour {n} : {k} cartes", round_n_one: "Tour {n} : 1 carte", round_only: "Tour {n}", no_life_lost: "personne ne perd de vie",
    out: "éliminé", bids: "Annonces", bid_tricks: "Combien de plis allez-vous faire ?",
    win_last_standing: "Seul joueur à qui il restait des vies : {names}.", count_at: "{name} à {n}",
    win_least_below_zero: "Tous les joueurs encore en jeu ont perdu leurs dernières vies dans le même tour : {names} descend le moins bas sous zéro ({counts}).",
    win_level_below_zero: "Tous les joueurs encore en jeu ont perdu leurs dernières vies dans le même tour : {names}, à égalité le moins bas sous zéro, se partagent la victoire ({counts}).",
    xp: "XP", chips: "Jetons", rating: "Cote", games: "Parties", wins: "Victoires", contracts_taken: "Contrats pris",
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
    rule_contracts: "Contrats", rule_multipliers: "Multiplicateurs", rule_petit_au_bout_scoring: "Décompte du petit au bout",
    rule_poignee_trumps: "Atouts des poignées", rule_poignee_bonus: "Primes des poignées", rule_poignee_scoring: "Décompte des poignées",
    rule_excuse_last_trick: "Excuse au dernier pli", rule_misere_scoring: "Décompte des misères",
    rule_partner_share: "Part du partenaire (5 joueurs)", rule_imposed_contract: "Contrat imposé",
    rule_imposed_taker: "Place du preneur imposé", rule_imposed_minimum: "Le contrat imposé est un minimum",
    rule_hand_sizes: "Cartes par manche", rule_loss: "Vies perdues", rule_max_players: "Joueurs au plus",
    out_of_game: "Vous n'avez plus de vies : les {n} autres jouent jusqu'à la fin, des robots aux places vides. Regardez, ou quittez la table.",
    invite_code: "Code d'invitation", enter_with_code: "Rejoindre",
    sound_on: "♪ Sons activés", sound_off: "♪ Sons coupés",
    help: "Aide", help_french: "Le Tarot", help_africain: "Le Tarot africain", help_table: "À la table",
    take_allowance: "Prendre les jetons du jour", allowance_rule: "Une fois par jour, qui a moins de {floor} jetons revient à {floor}.",
    allowance_paid: "{n} jetons ajoutés.",
    no_player: "Joueur inconnu", leaderboard_empty: "Aucun joueur classé pour l'instant : les parties en compétition y inscrivent leurs joueurs.", rank: "Rang", replay: "Partie n° {n}", game_number: "Numéro de partie",
    open: "Ouvrir", step: "Étape {i} / {n}", first: "Début", prev: "Précédent", next: "Suivant", last: "Fin",
    prev_trick: "Pli précédent", next_trick: "Pli suivant", action: "Action",
    record_download: "Télécharger l'enregistrement de la partie :", record_text: "texte", record_json: "JSON",
    no_such_game: "Aucune partie ne porte ce numéro.",
    replay_stopped_early: "Cette partie ne peut pas être revue : elle a été arrêtée avant la fin de sa première donne.",
    replay_stopped: "Cette partie a été arrêtée avant sa fin : seules ses donnes complètes sont montrées.",
    replay_no_moves: "Cet enregistrement n'a aucun coup à revoir.",
    sheet_help: "Vous jouez avec de vraies cartes ? Notez chaque donne ici : la marque vient du calcul d'atout.",
    player_names: "Noms des joueurs", taker_l: "Preneur", partner_l: "Partenaire (5 joueurs)", alone: "seul",
    petit_au_bout: "Petit au bout", poignee: "Poignée", chelem: "Chelem", announced: "annoncé",
    made_by: "réalisé par", attack: "attaque", defence: "défense", simple: "simple", double: "double", triple: "triple",
    add_deal: "Ajouter la donne", clear_sheet: "Effacer la feuille", export_json: "Exporter en JSON", export_csv: "Exporter en CSV",
    delete: "Supprimer", total: "Total", seat_n: "Joueur {n}", sheet_cell: "{name}\u00a0: {score}, total {total}", sheet_total_cell: "{name}\u00a0: total {total}", confirm_clear: "Effacer toute la feuille ?",
    // a sheet's default name as the other language made it, shown in this one
    seat_n_other: "Player {n}",
    my_sheets: "Mes feuilles de marque", new_sheet: "Nouvelle feuille de marque", no_sheets: "Aucune feuille de marque pour l'instant.",
    keep_sheet: "Garder la feuille de ce navigateur ({n} donnes) dans mon compte", n_deals: "{n} donnes", n_deals_one: "{n} donne",
    sheet_setup: "Table et règles", sheet_title: "Titre", sitting_out_l: "Au mort (le donneur)", misere: "Misère",
    new_deal: "Nouvelle donne", save_deal: "Enregistrer la donne", cancel: "Annuler", edit: "Corriger", confirm_delete_deal: "Supprimer la donne {n} ?",
    shared_sheet: "Feuille de marque (partagée, en lecture seule)", shared_help: "Une feuille de marque partagée par qui la tient : les totaux à cette heure.",
    sheet_kept: "Gardée dans votre compte : chaque changement est enregistré sur le serveur.",
    sheet_local: "Gardée dans ce navigateur seulement : inscrivez-vous pour garder vos feuilles sur le serveur et les partager.",
    share_sheet: "Lien de partage", share_link: "Lien de partage (lecture seule)", unshare: "Ne plus partager", print: "Imprimer",
    delete_sheet: "Supprimer la feuille", confirm_delete_sheet: "Supprimer toute cette feuille de marque ?",
    account_link: "compte", account_link_help: "Ce joueur est inscrit sous ce nom : la feuille garde son compte",
    account_link_note: "Cochez « compte » pour un joueur inscrit sous ce nom : la feuille garde alors son compte.",
    check_missing: "Veuillez renseigner ce champ.", check_min: "Au moins {n}.", check_max: "Au plus {n}.",
    check_step: "Par pas de {n}.", check_number: "Veuillez écrire un nombre.", check_long: "{n} caractères au plus.",
    check_short: "{n} caractères au moins.", check_field: "Veuillez vérifier ce champ.",
    poignee_who: "{what} : qui la montre", poignee_kind_l: "{what} : sa taille",
    misere_who: "{what} : qui l'annonce", misere_kind_l: "{what} : de quelle sorte",
    place_when_l: "À partir de quand, pour {name} (place {n})", place_to_l: "Déplacer {name} (place {n}) vers la place", online_position_l: "Position à ouvrir en ligne",
    tour_take_place_l: "C'est moi : {name} (place {n})", place_free_l: "Libérer la place de {name} (place {n})",
    place_robot_l: "Robot définitivement : {name} (place {n})", place_move_l: "Déplacer vers la place choisie : {name} (place {n})",
    adjust_revoke_l: "Annuler l'ajustement {n} ({what})", adjust_attack_note: "Attaque\u00a0%", adjust_defence_note: "Défense\u00a0%",
    tour_attack: "Attaque", tour_defence: "Défense", tour_entered: "saisi", libre_entered: "saisie", tour_correct: "Corriger le résultat",
    tour_correct_reason: "Motif de la correction", tour_result_corrected: "Résultat de la table {table}, étui {board} corrigé.",
    tour_play_entered: "Cette donne a déjà un résultat : {score} ({points} points). La saisir de nouveau la corrige : donnez-en le motif, gardé avec la correction comme ajustement.",
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
    avatar_drawn: "{motif} {colour}", motif_spade: "Pique", motif_heart: "Cœur", motif_diamond: "Carreau",
    motif_club: "Trèfle", motif_petit: "Petit", motif_monde: "21 d'atout", motif_excuse: "Excuse",
    colour_blue: "bleu", colour_green: "vert", colour_red: "rouge", colour_gold: "or", colour_teal: "bleu canard",
    colour_black: "noir", colour_purple: "violet", colour_ivory: "ivoire", colour_navy: "marine",
    colour_orange: "orange", colour_pink: "rose",
    avatar: "Avatar", choose_avatar: "Choisissez votre avatar", upload_avatar: "Ou envoyez une image (PNG, JPEG ou WebP, 16 Mio au plus : une photo tout juste prise au téléphone convient)",
    choose_file: "Choisir un fichier", no_file: "Aucun fichier choisi",
    avatar_saved: "Avatar enregistré.", player_games: "Parties finies", no_games: "Aucune partie finie.",
    competitive_games: "Parties en compétition",
    profile_counts: "Ces chiffres ne comptent que les parties en compétition ; toutes les parties finies sont listées plus bas.",
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
    // conseils et analyses (issue 22)
    hint: "Conseil", hint_wait: "Le robot fort réfléchit…", hint_says: "Le robot fort conseille {action}",
    hint_option: "{action} : score espéré {score}",
    act_deal: "Donne", act_call: "Appel : {card}", act_discard: "Écart : {card}", act_ecart: "Écart : {cards}", act_no_chelem: "Pas de chelem", act_no_misere: "Pas de misère",
    analyse_seat: "Analyser le jeu de", analyse: "Analyser", analysis_running: "Le robot fort analyse la partie…",
    analysis_failed: "L'analyse a échoué : {why}",
    analysis_summary: "Précision {accuracy} % : {inaccuracies}, {mistakes}, {blunders} (perte moyenne {loss} {unit})",
    n_inaccuracies_one: "{n} imprécision", n_inaccuracies: "{n} imprécisions", n_mistakes_one: "{n} erreur", n_mistakes: "{n} erreurs", n_blunders_one: "{n} gaffe", n_blunders: "{n} gaffes",
    analysis_move: "Joué {action} (score espéré {score}) ; meilleur trouvé {best} (score espéré {best_score}) ; perte {loss} {unit}",
    analysis_marks: "Coups marqués", unit_card_points: "points de cartes", unit_lives: "vies",
    mark_inaccuracy: "imprécision", mark_mistake: "erreur", mark_blunder: "gaffe",
    open_record: "Ou ouvrez un fichier de partie (texte ou JSON) pour la revoir et l'analyser",
    friend_declined_by: "{name} a refusé votre demande d'ami.", friend_removed_by: "{name} vous a retiré de ses amis.",
    block: "Bloquer", unblock: "Débloquer", blocked_players: "Joueurs bloqués", blocked_done: "{name} est bloqué.",
    blocked_rule: "Un joueur que vous bloquez ne peut ni vous demander en ami ni vous inviter, et ses messages vous sont cachés. Aucun de vous ne peut s'asseoir aux tables privées de l'autre ni les regarder : celui qui s'y trouve déjà s'en va, tout de suite, ou à la fin d'une partie en cours.",
    guest_avatar: "invité",
    friend_removed_done: "{name} n'est plus votre ami.", request_declined_done: "Vous avez refusé la demande de {name}.",
    request_withdrawn_done: "Votre demande à {name} est annulée.", unblocked_done: "{name} n'est plus bloqué.",
  },
};

let lang = localStorage.getItem("atout.lang") || ((navigator.language || "en").startsWith("fr") ? "fr" : "en");

export function getLang() { return lang; }

export function setLang(value) {
  lang = value === "fr" ? "fr" : "en";
  localStorage.setItem("atout.lang", lang);
  document.documentElement.lang = lang;
}

// "Label: value" as each language writes it: French puts a space, one that never
// breaks the line, before the colon.
export function labelled(label, value = "") { return `${label}${lang === "fr" ? "\u00a0: " : ": "}${value}`; }

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
// A page that words a refusal as it opens (a replay asked for at once) waits for it.
let REFUSALS = null;
export const refusalsLoaded = fetch("/api/refusals").then((r) => r.json())
  .then((catalogue) => { REFUSALS = catalogue; }).catch(() => {});

// A refusal ({code, params, message}: an error message, or a failed request's answer)
// in the page's language. Parameters that are cards are shown by card(notation), seats
// by seat(number) where the page knows who sits there; those that are words (suits,
// contracts...) come from the catalogue's terms; a list is joined by commas. A refusal
// naming a rule of the game broken (`rule`: an impossible deal on a sheet) shows that
// rule's own message as its reason, and the deal's number as its field. A reason
// may wrap another (a record's action, and the rule it breaks): ``rule`` then lists
// their codes from the outermost in, each worded in turn from the innermost as the
// next one's reason.
export function refusal(error, card = (text) => text, seat = null) {
  // A request of the wrong shape comes with the validator's reason, in English and
  // for developers: the player is told in their language what to look at.
  if (error.code === "invalid_request") return t("invalid_form");
  if (!REFUSALS?.messages[error.code]) return error.message ?? "";
  const params = { ...error.params };
  const rules = [params.rule ?? []].flat();
  if (rules.length && rules.every((code) => REFUSALS.messages[code])) {
    for (const code of rules.reverse()) params.reason = worded(code, params, card, seat);
    if (params.deal) params.field = t("deal_n", { n: params.deal });
  }
  return worded(error.code, params, card, seat);
}

// A wait as people read it (atout/refusals.py `duration`): 45 s, 9 min 9 s, 2 h 5 min.
function duration(seconds) {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60), rest = seconds % 60;
  if (minutes < 60) return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60), left = minutes % 60;
  return left ? `${hours} h ${left} min` : `${hours} h`;
}

function worded(code, params, card, seat) {
  const texts = REFUSALS.messages[code];
  const show = (name) => {
    const kind = REFUSALS.kinds[name];
    const value = params[name] ?? "";
    return (Array.isArray(value) ? value : [value])
      .map((v) => {
        if (kind === "card") return card(String(v));
        if (kind === "seat" && seat) return seat(Number(v));
        if (kind === "number") return Number(v).toLocaleString(lang);
        if (kind === "duration") return duration(Number(v));
        return REFUSALS.terms[lang][kind]?.[v] ?? String(v);
      })
      .join(", ");
  };
  return (texts[lang] || texts.en).replace(/\{(\w+)\}/g, (_, name) => show(name));
}

document.documentElement.lang = lang;

// The browser checks a form's fields (a number within its bounds, a field required)
// in the browser's own language: its words are replaced by the page's, whatever
// form asks, as a field is found wrong; typing in it clears them.
const number = (value) => Number(value).toLocaleString(lang);
export function checkWords(field) {
  const v = field.validity;
  if (v.valueMissing) return t("check_missing");
  if (v.badInput) return t("check_number");
  if (v.rangeUnderflow) return t("check_min", { n: number(field.min) });
  if (v.rangeOverflow) return t("check_max", { n: number(field.max) });
  if (v.stepMismatch) return t("check_step", { n: number(field.step) });
  if (v.tooLong) return t("check_long", { n: field.maxLength });
  if (v.tooShort) return t("check_short", { n: field.minLength });
  return t("check_field");
}
document.addEventListener("invalid", (e) => {
  const field = e.target;
  field.setCustomValidity("");
  if (!field.validity.valid) field.setCustomValidity(checkWords(field));
}, true);
document.addEventListener("input", (e) => e.target.setCustomValidity?.(""), true);
