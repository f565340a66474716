// The help page: the rules of each game in short (docs/rules.md holds every rule
// sentence with its source) and how to play at a table, in English and French.
import { h } from "./dom.js";
import { getLang, t } from "./i18n.js";

const TEXT = {
  en: [
    ["help_french", [
      "French Tarot is played by 3, 4 or 5 with 78 cards: four suits of 14 (King, Queen, Knight, Jack, 10 to 1), 21 trumps and the Excuse.",
      "The three bouts are the 1 of trumps (the Petit), the 21 and the Excuse. The taker must score 56 points with no bout, 51 with one, 41 with two, 36 with three. Kings count 4.5, Queens 3.5, Knights 2.5, Jacks 1.5, bouts 4.5, other cards 0.5.",
      "Bids, weakest first: Prise, Garde, Garde sans (the dog counts for the taker, unseen), Garde contre (the dog counts for the defence). The older rules (traditionnel) add a Pousse between Prise and Garde. After a Prise or a Garde the taker shows the dog, takes it and puts the same number of cards aside (the écart): no King, no bout, trumps only when there is nothing else, and shown.",
      "At 5 players the taker calls a King; its holder is the taker's secret partner until the card is played. In the 5-seat \"mort\" form the dealer sits out and the others play by the 4-player rules.",
      "Follow the suit led; without it you must trump, higher than the trumps already played if you can; without trumps, play anything. The Excuse may be played at any time and is kept by its owner's side (it gives a half-point card in exchange); played in the last trick it changes sides, except in a chelem.",
      "Announcements: a poignée (10, 13 or 15 trumps at 4 players, shown before your first card), a chelem (every trick) after the écart. A Petit taken in the last trick (petit au bout) earns a bonus to the side taking it.",
      "Score: (25 + the difference from the target) × the contract's multiplier (Prise 1, Garde 2, Garde sans 4, Garde contre 6), plus the petit au bout, the poignée and the chelem; each defender pays it to the taker or receives it.",
    ]],
    ["help_africain", [
      "Tarot Africain is played by 2 to 4 (5 in the cinq variant) with the 21 trumps and the Excuse. Each player starts with 14 lives.",
      "Rounds deal 5, 4, 3, 2 then 1 card. Starting from the dealer, each player bids how many tricks they will take; the last to bid may not make the total equal the number of cards.",
      "The highest trump wins the trick. The Excuse is played as the highest or the lowest card, as its holder chooses.",
      "In a one-card round you see everybody's card except your own: the card is on your forehead.",
      "At the end of a round each player loses as many lives as tricks missing to their bid (or the difference, with the option), and the only player losing nothing may regain one (the remontée). A player with no lives left is out; the last one standing wins. When every player still in goes out in the same round, the one whose lives fell least below zero wins (all of them, when level).",
    ]],
    ["help_table", [
      "When it is your turn the line above the hand says so, with your time left; a robot plays for you when the time runs out, and stands in for you if you leave.",
      "Click or tap a card to play it; cards you may not play are dimmed. For the écart, pick the cards then confirm.",
      "Keys: the left and right arrows choose a card and Enter plays it, L shows the last trick, C writes in the chat; the buttons of a prompt take Tab and Enter; in a replay, the arrows step through the game.",
      "The table's master chooses its options, may start the game and invite players; everyone may propose an amicable end, which cancels the game when all agree.",
      "Competitive tables count for the leaderboard and may carry a bet in chips: the winner takes the pot less the bank's 25%, and never less than their own bet (robots bet nothing). In a game of a single deal, a taker who makes the contract takes the whole pot; if the defence wins, each defender gets their bet back and the taker's goes to the bank; at five, the called partner wins or loses with the taker: when they win, each gets their bet back and they share the defenders' bets, two thirds to the taker and one third to the partner. A game ended by agreement gives every bet back. Once a day, a player with fewer than 300 chips can take the daily chips from their profile.",
    ]],
  ],
  fr: [
    ["help_french", [
      "Le Tarot se joue à 3, 4 ou 5 avec 78 cartes : quatre couleurs de 14 (Roi, Dame, Cavalier, Valet, 10 à 1), 21 atouts et l'Excuse.",
      "Les trois bouts sont le 1 d'atout (le Petit), le 21 et l'Excuse. Le preneur doit faire 56 points sans bout, 51 avec un, 41 avec deux, 36 avec trois. Roi 4,5, Dame 3,5, Cavalier 2,5, Valet 1,5, bouts 4,5, autres cartes 0,5.",
      "Enchères, de la plus faible : Prise, Garde, Garde sans (le chien compte pour le preneur, sans être vu), Garde contre (le chien compte pour la défense). Les règles anciennes (traditionnel) ajoutent une Pousse entre Prise et Garde. Après une Prise ou une Garde, le preneur montre le chien, le prend et écarte autant de cartes : ni Roi, ni bout, des atouts seulement s'il n'a rien d'autre, et montrés.",
      "À 5 joueurs, le preneur appelle un Roi ; qui le détient est son partenaire secret jusqu'à ce que la carte soit jouée. Dans la forme « au mort » à 5, le donneur ne joue pas et les autres suivent les règles à 4.",
      "Fournir à la couleur demandée ; sinon couper, en montant sur les atouts déjà joués si possible ; sans atout, jouer n'importe quelle carte. L'Excuse se joue à tout moment et reste à son camp (contre une carte d'un demi-point) ; jouée au dernier pli, elle change de camp, sauf en cas de chelem.",
      "Annonces : la poignée (10, 13 ou 15 atouts à 4 joueurs, montrée avant sa première carte), le chelem (tous les plis) après l'écart. Le Petit au dernier pli (petit au bout) vaut une prime au camp qui le remporte.",
      "Marque : (25 + l'écart au contrat) × le coefficient du contrat (Prise 1, Garde 2, Garde sans 4, Garde contre 6), plus le petit au bout, la poignée et le chelem ; chaque défenseur la paie au preneur ou la reçoit.",
    ]],
    ["help_africain", [
      "Le Tarot africain se joue de 2 à 4 (5 dans la variante cinq) avec les 21 atouts et l'Excuse. Chacun commence avec 14 vies.",
      "Les manches donnent 5, 4, 3, 2 puis 1 carte. En partant du donneur, chacun annonce combien de plis il fera ; le dernier à annoncer ne peut pas rendre le total égal au nombre de cartes.",
      "Le plus fort atout remporte le pli. L'Excuse se joue comme la plus forte ou la plus faible carte, au choix de qui la tient.",
      "Dans une manche à une carte, on voit la carte de tous sauf la sienne : elle est sur le front.",
      "À la fin de la manche, chacun perd autant de vies que de plis manquants à son annonce (ou l'écart, avec l'option), et le seul joueur qui ne perd rien peut en regagner une (la remontée). Sans vie, on est éliminé ; le dernier en jeu gagne. Si tous ceux encore en jeu sont éliminés dans la même manche, gagne celui dont les vies sont descendues le moins bas sous zéro (tous ceux à égalité, s'il y en a plusieurs).",
    ]],
    ["help_table", [
      "Quand c'est votre tour, la ligne au-dessus de la main le dit, avec le temps qui reste ; un robot joue pour vous quand le temps est écoulé, et vous remplace si vous partez.",
      "Cliquez ou touchez une carte pour la jouer ; les cartes interdites sont grisées. Pour l'écart, choisissez les cartes puis confirmez.",
      "Clavier : les flèches gauche et droite choisissent une carte et Entrée la joue, L montre le dernier pli, C écrit dans la discussion ; les boutons d'une question se prennent avec Tab et Entrée ; quand on revoit une partie, les flèches la font avancer ou reculer.",
      "Le maître de la table choisit les options, lance la partie et invite des joueurs ; chacun peut proposer une fin amiable, qui annule la partie si tous l'acceptent.",
      "Les tables en compétition comptent pour le classement et peuvent porter une mise en jetons : le gagnant emporte le pot moins 25 % pour la banque, et jamais moins que sa propre mise (les robots ne misent rien). Dans une partie d'une seule donne, le preneur qui réussit son contrat emporte tout le pot ; si la défense gagne, chaque défenseur reprend sa mise et celle du preneur va à la banque ; à cinq, l'appelé gagne ou perd avec le preneur : s'ils gagnent, chacun reprend sa mise et ils se partagent celles des défenseurs, deux tiers au preneur et un tiers à l'appelé. Une partie arrêtée d'un commun accord rend toutes les mises. Une fois par jour, qui a moins de 300 jetons peut prendre les jetons du jour depuis son profil.",
    ]],
  ],
};

export function helpPage() {
  return h("section", { class: "panel narrow help", id: "help" }, h("h1", {}, t("help")),
    TEXT[getLang()].map(([title, paragraphs]) => h("section", { id: title },
      h("h2", {}, t(title)), paragraphs.map((text) => h("p", {}, text)))));
}
