"""The command line's help in French, in one place: each command's help and each
of its parameters', and the words typer and click write on every help page.

The English is the commands' own (their docstrings and ``help=``); the French is
found by the command's path and the parameter's name, not by the English text,
so that an English help edited keeps its French (tests/cli/test_help_languages.py
fails when a command or a parameter has no French, or when an entry here names
one that is not there). :mod:`atout.cli.french_help` writes these words into a
French run's command tree.
"""

from __future__ import annotations

from typing import Final

FRENCH_HELP: Final[dict[str, dict[str, str]]] = {
    "atout": {
        "": "Tarot : règles du tarot français et du tarot africain, robots et jeu en ligne.",
        "lang": "La langue de ce qui est affiché : en ou fr.",
        "lang:default": "celle de la locale : fr pour LANG=fr_FR..., sinon en",
    },
    "atout analyse": {
        "": (
            "Passer en revue chaque décision d'un siège : la marque espérée du choix fait, "
            "face au meilleur que trouve le robot fort, avec les imprécisions (?!), les "
            "erreurs (?) et les gaffes (??) signalées, et un résumé."
        ),
        "file": (
            "Un fichier d'enregistrement (texte ou JSON : docs/records.md), "
            "ou - pour l'entrée standard."
        ),
        "seat": "Le siège à passer en revue (à partir de 0).",
        "deals": "Donnes tirées au hasard par décision.",
        "seed": "La graine du tirage des donnes.",
        "as_json": "Afficher du JSON, pour les programmes.",
    },
    "atout arena": {
        "": (
            "Mesurer les robots sur des donnes en duplicate : chaque donne est rejouée avec "
            "chaque robot à chaque siège.\n\n"
            "Le rapport donne, pour chaque robot, son avantage moyen de marque par donne avec "
            "son intervalle à 95 %, ce même avantage quand il a pris et quand il a défendu, "
            "ses taux de prise et de réussite (tarot français), les vies perdues par tour et "
            "le taux de victoire (tarot africain), et le temps de décision."
        ),
        "game": "Le jeu : french, africain.",
        "players": "Joueurs à la table.",
        "deals": "Donnes en duplicate (tarot africain : cycles de tours).",
        "bots": "Niveaux des robots, séparés par des virgules.",
        "seed": "La même graine rejoue les mêmes donnes et les mêmes résultats.",
        "variant": "Variante de règles (par défaut : l'officielle).",
        "budget": "Secondes par décision du robot fort, plus de 0 (par défaut 0.5).",
        "workers": "Processus (par défaut : un par cœur).",
        "option": "Une option de règle, clé=valeur (par exemple dealer_sits_out=true).",
        "as_json": "Afficher le rapport en JSON.",
    },
    "atout import": {
        "": (
            "Lire un fichier de donne TarotClub et l'afficher comme enregistrement atout "
            "(ou l'écrire avec -o, un fichier existant n'étant remplacé qu'avec --force) ; "
            "un fichier qui ne peut être lu ou écrit est refusé dans la langue de --lang, "
            "et rien n'est écrit."
        ),
        "file": "Un fichier de donne TarotClub (JSON), ou - pour l'entrée standard.",
        "output": "Écrire l'enregistrement ici (en JSON si le nom finit par .json).",
        "json_form": "Afficher la forme JSON de l'enregistrement.",
        "force": "Remplacer un fichier --output existant.",
    },
    "atout play": {
        "": (
            "Jouer au tarot français ou au tarot africain contre des robots ; "
            "tapez « indice » pour un conseil."
        ),
        "game": "Le jeu : french, africain.",
        "players": "Joueurs à la table, vous compris (siège 0).",
        "variant": "Variante de règles (par défaut : l'officielle).",
        "deals": "Donnes de la partie, pour un jeu qui a cette option.",
        "level": "Le niveau des robots : random, heuristic, strong.",
        "seed": "La graine des donnes, pour rejouer une partie.",
        "option": "Une option de règle, clé=valeur (par exemple dealer_sits_out=true).",
        "cores": "Cœurs sur lesquels réfléchissent les robots forts (par défaut : tous).",
        "save": (
            "Écrire la partie dans ce fichier d'enregistrement "
            "(texte ; JSON si le nom finit par .json)."
        ),
    },
    "atout replay": {
        "": (
            "Afficher l'enregistrement d'une partie en texte lisible (mains, annonces, plis "
            "et marques) dans la langue de --lang, ou le convertir : --text et --json "
            "l'affichent sous cette forme (la notation propre à l'enregistrement, la même "
            "dans toutes les langues)."
        ),
        "file": "Un fichier d'enregistrement (texte ou JSON), ou - pour l'entrée standard.",
        "names": "Écrire les cartes par leur nom : en ou fr.",
        "json_form": "Afficher plutôt la forme JSON de l'enregistrement.",
        "text_form": "Afficher plutôt la forme texte de l'enregistrement.",
    },
    "atout score": {
        "": (
            "Calculer la marque d'une donne de tarot français décrite en JSON "
            "(voir examples/score-*.json)."
        ),
        "file": "Le fichier JSON de la donne, ou - pour l'entrée standard.",
        "text": "Un tableau lisible au lieu du JSON.",
    },
    "atout serve": {
        "": "Servir le salon, les tables et le client web en HTTP et par websockets.",
        "host": "L'adresse d'écoute.",
        "port": "Le port d'écoute.",
        "data_dir": "Le dossier de la base de données SQLite.",
        "database_url": (
            "Une URL SQLAlchemy (par exemple postgresql+psycopg://...) au lieu du fichier SQLite."
        ),
        "redis_url": (
            "Une URL Redis (redis://host:6379/0) : servir comme un nœud d'une grappe de "
            "serveurs qui partagent --database-url (PostgreSQL)."
        ),
        "grace": "Secondes qu'a un joueur déconnecté pour revenir.",
        "robot_delay": "Secondes qu'attend un robot avant de jouer.",
        "trick_pause": (
            "Secondes pendant lesquelles un pli fini reste visible avant qu'un robot joue."
        ),
        "tournament_wait": (
            "Secondes pendant lesquelles une table de tournoi attend ses joueurs "
            "avant que des robots s'y assoient."
        ),
        "robot_cores": (
            "Cœurs sur lesquels se répartit la décision d'un robot fort (par défaut : tous)."
        ),
        "analysis_deals": "Donnes tirées au hasard par décision dans la revue d'une partie.",
        "lease_seconds": (
            "Secondes après son dernier signe de vie au bout desquelles un serveur arrêté perd "
            "sa main sur la base de données (un serveur redémarré attend ce temps après un "
            "plantage) ; dans une grappe, sur ses tables, qu'un autre nœud reprend alors. "
            "Par défaut : 10, et 5 dans une grappe."
        ),
        "forwarded_allow_ips": (
            "Adresses, séparées par des virgules, des proxys inverses dont l'en-tête "
            "X-Forwarded-For est cru (par défaut : aucun ; l'adresse du client est celle "
            "de la socket)."
        ),
        "throttle_exempt": (
            "Adresses de clients, séparées par des virgules, que la limite de débit par "
            "adresse épargne (un générateur de charge sur cette machine)."
        ),
        "log_format": (
            "text, ou json : un objet JSON par ligne sur stderr, pour un collecteur de journaux."
        ),
    },
    "atout sheet": {
        "": (
            "Calculer une feuille de marque de donnes de tarot français (JSON) "
            "et afficher les cumuls."
        ),
        "file": "Le fichier JSON de la feuille de marque, ou - pour l'entrée standard.",
        "as_csv": "Du CSV au lieu d'un tableau.",
    },
    "atout simulate": {
        "": (
            "Jouer des donnes légales au hasard et afficher la vitesse, la répartition "
            "des contrats et le contrôle des invariants."
        ),
        "game": "Le jeu : french, africain.",
        "players": "Le nombre de joueurs.",
        "deals": "Donnes (tarot français) ou parties (tarot africain).",
        "seed": "La graine des joueurs au hasard et des donnes.",
        "variant": "Variante de règles (par défaut : celle du jeu).",
        "as_json": "Afficher du JSON, pour les programmes.",
    },
    "atout db": {
        "": "La base de données du serveur : révisions du schéma.",
        "data_dir": "Le dossier de la base de données SQLite.",
        "database_url": "Une URL SQLAlchemy au lieu du fichier SQLite.",
    },
    "atout db upgrade": {
        "": (
            "Mettre le schéma de la base de données à jour pour cette version d'atout "
            "(les données gardées sont migrées)."
        ),
    },
    "atout db current": {
        "": (
            "Afficher la révision de la base de données et la plus récente que connaît "
            "cette version, sans rien changer."
        ),
    },
    "atout tournament": {
        "": "Tournois en duplicate (FFT) : étuis, mouvement, résultats et classement.",
        "state": "Le fichier d'état JSON du tournoi.",
        "html": "Une page HTML à imprimer au lieu du texte.",
        "force": "Remplacer un fichier d'état existant.",
        "as_json": "Du JSON au lieu d'un tableau.",
        "format": "csv ou json.",
    },
    "atout tournament create": {
        "": (
            "Créer un tournoi : distribuer ses étuis et fixer son mouvement. Une option d'une "
            "autre formule que celle choisie (--movement howell, --first-badge, --team-sizes, "
            "--tables pour le match) est refusée, comme un nom donné deux fois, ou un tournoi "
            "de plusieurs tables qui fait jouer un étui à une seule table (rien à quoi le "
            "comparer)."
        ),
        "form": "L'une des formules : individual, quadrettes, triplettes, teams.",
        "players": "Joueurs par table : 4 ou 5 (individual).",
        "tables": (
            "Tables, 5 par défaut (quadrettes : équipes ; triplettes : la moitié des "
            "triplettes ; pas pour le match, qui en a 2)."
        ),
        "positions": "Positions (tours).",
        "per_position": "Étuis par position (par défaut : les joueurs d'une table).",
        "movement": (
            "Triplettes : plain ou howell (plain) ; individuel : searched ou plain "
            "(searched ; plain est le mouvement arithmétique des fichiers plus anciens)."
        ),
        "team_sizes": (
            "Le match par équipes seulement : joueurs des équipes A et B, par exemple 4,5 (4,4)."
        ),
        "first_badge": (
            "Triplettes : le badge du premier attaquant (bleu, blanc, rouge) ; tiré au sort."
        ),
        "seed": "Distribuer les étuis à partir de cette graine.",
        "names": (
            "Noms des joueurs, un par ligne : dans l'ordre des sièges de départ, ou équipe "
            "par équipe (triplettes : chacune dans l'ordre alphabétique des noms de famille)."
        ),
        "boards": "Étuis fournis : une liste JSON, telle que le fichier d'état les contient.",
    },
    "atout tournament boards": {
        "": "Afficher chaque étui : ses indications, les mains et le chien.",
    },
    "atout tournament slips": {
        "": (
            "Afficher la feuille de marque de chaque table à chaque position : "
            "sièges et étuis à jouer."
        ),
    },
    "atout tournament result": {
        "": (
            "Saisir le résultat d'une table sur un étui. Un étui qui a déjà son résultat "
            "à cette table est refusé, comme sur le serveur : il se corrige par "
            "« adjust ... correct », avec son motif, gardé comme ajustement (annulable), "
            "jamais remplacé sans trace."
        ),
        "deal": "La donne, au format JSON d'« atout score », ou -.",
        "table": "Numéro de la table (à partir de 1).",
        "board": "Numéro de l'étui (à partir de 1).",
        "position": "Position (à partir de 1) ; trouvée d'après la table et l'étui si absente.",
        "attacker": (
            "Qui a attaqué (numéro du joueur, à partir de 1) : triplettes et match par équipes."
        ),
    },
    "atout tournament ranking": {
        "": (
            "Afficher le classement : classement alterné (individual, triplettes) "
            "ou PM (quadrettes, match)."
        ),
        "general": "Classement général au lieu de l'alterné.",
    },
    "atout tournament export": {
        "": (
            "Exporter le classement, les résultats ou les ajustements en CSV ou en JSON "
            "sur la sortie standard."
        ),
        "what": "Le classement, tous les résultats, ou les ajustements de l'arbitre.",
    },
    "atout tournament adjust": {
        "": "Faire l'un des ajustements de l'arbitre (docs/tournaments.md, « The arbiter »).",
        "kind": "cancel, score (marque ajustée), penalty ou correct (un résultat).",
        "reason": "Pourquoi : gardé avec l'ajustement et affiché.",
        "table": "La table où l'étui a été joué (à partir de 1).",
        "board": "L'étui joué, ou celui d'une pénalité.",
        "position": "La position où l'étui a été joué (à partir de 1) ; trouvée si absente.",
        "attack_note": "cancel : la note de l'attaque, en pourcentage (50).",
        "defence_note": "cancel : la note de chaque défenseur, en pourcentage (50).",
        "score": "score : ce que chaque défenseur paie à l'attaque.",
        "entrant": "penalty : le joueur (l'équipe dans les formules par équipes), à partir de 1.",
        "amount": "penalty : pourcentage du top de l'étui, ou PM.",
        "deal": "correct : la bonne donne, au format d'« atout score », ou -.",
        "attacker": "correct : qui a attaqué (triplettes, le match).",
        "by": "Qui le fait (l'utilisateur du système).",
    },
    "atout tournament revoke": {
        "": "Annuler un ajustement (une correction rend le résultat qu'elle remplaçait).",
        "number": "Le numéro de l'ajustement.",
    },
    "atout tournament next-session": {
        "": (
            "Commencer la séance suivante d'un tournoi : mêmes participants et même "
            "mouvement, nouveaux étuis."
        ),
        "new": "Le fichier d'état de la nouvelle séance.",
        "seed": "Distribuer les nouveaux étuis à partir de cette graine.",
    },
    "atout tournament sessions": {
        "": (
            "Le classement sur plusieurs séances : la somme des pourcentages globaux de "
            "chaque séance (ou de ses PM), chacun multiplié par le coefficient de sa séance."
        ),
        "states": "Le fichier d'état de chaque séance, dans l'ordre.",
        "coefficients": "Un coefficient par séance, par exemple 1,1,2 (tous à 1).",
    },
    "atout tournament libre": {
        "": (
            "Tournoi libre (donnes annoncées et jouées librement) : plan de table, "
            "feuilles de marque, classement."
        ),
        "state": "Le fichier d'état JSON du tournoi libre.",
    },
    "atout tournament libre create": {
        "": "Créer un tournoi libre : tirer au sort qui s'assoit à quelle table à chaque position.",
        "names": (
            "Noms des joueurs, un par ligne ; dans les formules par équipes, équipe par équipe."
        ),
        "form": "L'une des formules : individual, pairs, fours.",
        "positions": "Positions (les joueurs changent de table).",
        "deals": "Donnes que joue chaque table à une position.",
        "seed": "Tirer le plan à partir de cette graine.",
    },
    "atout tournament libre plan": {
        "": "Afficher qui s'assoit où à chaque position.",
    },
    "atout tournament libre slips": {
        "": "Afficher la feuille de marque de chaque table à chaque position.",
    },
    "atout tournament libre sheet": {
        "": (
            "Saisir la feuille de marque d'une table à une position. Une table dont la "
            "feuille est déjà saisie est refusée, sa feuille gardée, sauf si --replace dit "
            "de la remplacer ; sans donnes, la feuille est reprise."
        ),
        "file": (
            "Du JSON avec « deals » (comme « atout sheet » les prend ; un fichier de feuille "
            "de marque convient) ou « bilans » (un par siège), ou -."
        ),
        "position": "Position (à partir de 1).",
        "table": "Numéro de la table (à partir de 1).",
        "replace": "Remplacer la feuille que la table a déjà (une correction).",
    },
    "atout tournament libre ranking": {
        "": "Afficher le classement : joueurs (ou équipes) par points décroissants.",
    },
    "atout tournament libre export": {
        "": (
            "Exporter le classement ou les bilans de chaque table en CSV ou en JSON "
            "sur la sortie standard."
        ),
        "what": "Le classement ou tous les bilans.",
    },
}
"""Each command's French help by its path (``atout tournament create``): ``""`` its
own help; a parameter's name (its Python name, ``as_json`` for ``--json``) its
help; ``name:default`` the default its help shows when that is a text. A group's
entry for a parameter is also the help of that parameter in each of its commands
that has no entry of its own (``state``: every tournament command's, the same
``StateArg``); a command's own help is never its group's."""

PAGE_WORDS: Final[dict[str, str]] = {
    "usage": "Utilisation : ",
    "subcommand": "COMMANDE [ARGUMENTS]...",
    "arguments": "Arguments",
    "options": "Options",
    "commands": "Commandes",
    "default": "[par défaut : {}]",
    "required": "[obligatoire]",
    "envvar": "[variable d'environnement : {}]",
    "help_option": "Afficher cette aide et quitter.",
}
"""The words click and typer write on every help page: the usage line's prefix and
a group's ``COMMAND [ARGS]...``, the panels' titles (the same two words in French
for arguments and options), what follows a parameter's help, and the help of
``--help`` itself."""

TYPE_NAMES: Final[dict[str, str]] = {
    "str": "texte",
    "int": "entier",
    "float": "nombre",
    "bool": "booléen",
    "path": "chemin",
    "int range": "entier borné",
    "float range": "nombre borné",
    "list[str]": "liste de textes",
    "list[Path]": "liste de chemins",
}
"""The kinds of value typer names between ``<>`` (``<int>``), in French; a list of
choices (``<csv|json>``) is of words a command line types, the same in French."""
