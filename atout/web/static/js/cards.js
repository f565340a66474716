// Tarot cards drawn as SVG from their text notation (KH, 10S, NC, T21, EX):
// suit cards show their rank and a large suit sign, trumps a large number. The
// corner index (class "idx": rank, then suit) is what an overlapped card shows of
// itself: it fits in the card's top-left 44 % of width, so that a hand overlapping
// cards by that much keeps every rank and suit readable.
import { getLang, t } from "./i18n.js";

const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
const RANK_VALUES = { J: 11, N: 12, Q: 13, K: 14 };
const RANK_LABELS = {
  en: { 11: "J", 12: "Kn", 13: "Q", 14: "K" },
  fr: { 11: "V", 12: "C", 13: "D", 14: "R" },
};
const RANK_NAMES = {
  en: { 1: "Ace", 11: "Jack", 12: "Knight", 13: "Queen", 14: "King" },
  fr: { 1: "As", 11: "Valet", 12: "Cavalier", 13: "Dame", 14: "Roi" },
};
const SUIT_NAMES = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  fr: { S: "pique", H: "cœur", D: "carreau", C: "trèfle" },
};
// Display order of suits: colours alternate, trumps last.
const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3, T: 4, X: 5 };

export function parseCard(text) {
  const upper = text.toUpperCase();
  if (upper === "EX") return { suit: "X", rank: 0 };
  if (upper.startsWith("T")) return { suit: "T", rank: Number(upper.slice(1)) };
  const suit = upper.slice(-1);
  const rank = upper.slice(0, -1);
  return { suit, rank: RANK_VALUES[rank] ?? Number(rank) };
}

export function sortHand(cards) {
  return [...cards].sort((a, b) => {
    const x = parseCard(a), y = parseCard(b);
    return SUIT_ORDER[x.suit] - SUIT_ORDER[y.suit] || x.rank - y.rank;
  });
}

export function isBout(text) {
  return text === "EX" || text === "T1" || text === "T21";
}

export function cardName(text) {
  const lang = getLang();
  const { suit, rank } = parseCard(text);
  if (suit === "X") return "Excuse";
  if (suit === "T") return `${lang === "fr" ? "Atout" : "Trump"} ${rank}`;
  const rankName = RANK_NAMES[lang][rank] ?? String(rank);
  return lang === "fr" ? `${rankName} de ${SUIT_NAMES.fr[suit]}` : `${rankName} of ${SUIT_NAMES.en[suit]}`;
}

export function cardLabel(text) {
  const { suit, rank } = parseCard(text);
  if (suit === "X") return "★";
  if (suit === "T") return String(rank);
  return (RANK_LABELS[getLang()][rank] ?? String(rank)) + SUIT_SIGNS[suit];
}

/** Cards in a line of text: each as its corner shows it (R♥, 9♦, 21, ★). */
export function cardsText(cards) {
  return sortHand(cards).map(cardLabel).join(" ");
}

/** An action's code (bid:garde_sans, play:KH, ecart:QS 10C..., discard:9D...) in words, as the table
 * says it: for the hint, a replay's steps and the robot's review. */
export function actionText(action) {
  const [kind, arg = "", extra] = action.split(":");
  const word = (key) => (t(key) === key ? key : t(key));
  switch (kind) {
    case "deal": return t("act_deal");
    case "bid": return /^\d+$/.test(arg) ? `${t("bid")} ${arg}` : word(arg);
    case "call": return t("act_call", { card: cardName(arg) });
    case "discard": return t("act_discard", { card: cardName(arg) });
    case "ecart": return t("act_ecart", { cards: cardsText(arg.split(" ")) });
    case "chelem": return t(arg === "yes" ? "chelem_announced" : "act_no_chelem");
    case "poignee": return arg === "none" ? t("poignee_none") : `${t("poignee")} ${cardsText(arg.split(" "))}`;
    case "misere": return arg === "none" ? t("act_no_misere") : `${t("misere")} ${arg.split("+").map(word).join(" + ")}`;
    case "play": return extra ? `${cardName(arg)} (${t(extra)})` : cardName(arg);
    default: return action;
  }
}

export function cardSVG(text) {
  const { suit, rank } = parseCard(text);
  const title = `<title>${cardName(text)}</title>`;
  const open = `<svg class="card-svg" viewBox="0 0 64 96" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${cardName(text)}">${title}`;
  if (suit === "X") {
    return `${open}<rect x="1" y="1" width="62" height="94" rx="6" fill="#fff8e1" stroke="#8a6d1d" stroke-width="2"/>
      <rect x="5" y="5" width="54" height="86" rx="4" fill="none" stroke="#c9a227" stroke-width="1.5" stroke-dasharray="3 2"/>
      <text x="32" y="56" font-size="40" text-anchor="middle" fill="#b8860b">★</text>
      <text x="32" y="82" font-size="11" font-weight="700" text-anchor="middle" fill="#5d4300">EXCUSE</text>
      <text class="idx" x="4" y="21" font-size="20" font-weight="700" fill="#b8860b">★</text></svg>`;
  }
  if (suit === "T") {
    const bout = rank === 1 || rank === 21;
    const stroke = bout ? "#8a6d1d" : "#557";
    return `${open}<rect x="1" y="1" width="62" height="94" rx="6" fill="${bout ? "#fff3c4" : "#eef1fb"}" stroke="${stroke}" stroke-width="${bout ? 2.5 : 1.5}"/>
      <circle cx="38" cy="60" r="21" fill="${bout ? "#f7e08f" : "#d9dff6"}"/>
      <text x="38" y="69" font-size="${rank > 9 ? 24 : 28}" font-weight="800" text-anchor="middle" fill="${bout ? "#a07d12" : "#8e9bd0"}">${rank}</text>
      <text class="idx" x="3" y="23" font-size="${rank > 9 ? 18 : 24}" font-weight="900" letter-spacing="${rank > 9 ? -1.5 : 0}" fill="#1c2460">${rank}</text>
      <text x="5" y="36" font-size="8" font-weight="700" fill="#1c2460">${getLang() === "fr" ? "ATOUT" : "TRUMP"}</text></svg>`;
  }
  const colour = RED.has(suit) ? "#c8102e" : "#111";
  const label = RANK_LABELS[getLang()][rank] ?? String(rank);
  const face = rank > 10;
  return `${open}<rect x="1" y="1" width="62" height="94" rx="6" fill="#fff" stroke="#999" stroke-width="1.5"/>
    ${face ? `<rect x="20" y="30" width="38" height="58" rx="4" fill="${RED.has(suit) ? "#fde8ea" : "#e9ecef"}"/>` : ""}
    <text class="idx" x="3" y="22" font-size="${label.length > 1 ? 18 : 22}" font-weight="900" letter-spacing="${label.length > 1 ? -1.5 : 0}" fill="${colour}">${label}</text>
    <text class="idx-suit" x="4" y="40" font-size="18" fill="${colour}">${SUIT_SIGNS[suit]}</text>
    <text x="38" y="${face ? 66 : 74}" font-size="${face ? 30 : 40}" text-anchor="middle" fill="${colour}" opacity=".85">${SUIT_SIGNS[suit]}</text>
    ${face ? `<text x="39" y="82" font-size="11" font-weight="800" text-anchor="middle" fill="${colour}">${label}</text>` : ""}</svg>`;
}

export function backSVG() {
  return `<svg class="card-svg" viewBox="0 0 64 96" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${t("card_back")}">
    <defs><pattern id="atout-back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <rect width="8" height="8" fill="#1f4e8c"/><rect width="4" height="8" fill="#2a63ad"/></pattern></defs>
    <rect x="1" y="1" width="62" height="94" rx="6" fill="url(#atout-back)" stroke="#0d2a52" stroke-width="2"/>
    <rect x="8" y="8" width="48" height="80" rx="4" fill="none" stroke="#f5d76e" stroke-width="1.5"/></svg>`;
}
