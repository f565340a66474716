// Tarot Africain on the table page: each player's lives as a pack of cards, bids and
// tricks, the one-card round's cards on the others' foreheads (a back for yours),
// and the Excuse's value choice.
import { h } from "./dom.js";
import { getLang, labelled, t } from "./i18n.js";
import { sortHand } from "./cards.js";
import { cardBack, cardButton, cardImage, handOf, seatName } from "./table.js";
import { trickCards } from "./french.js";

/** The lives a player has left. The engine counts on past zero (a round may cost
 * more lives than a player has: the deeper count breaks a tie when all go out at
 * once), but a player has no fewer than none. */
function livesLeft(lives) {
  return Math.max(0, lives);
}

function lifePack(lives, start) {
  const left = livesLeft(lives);
  const shown = Math.min(left, 14);
  const layers = [...Array(shown).keys()].map((i) =>
    `<rect x="${2 + i * 1.6}" y="${2 + (shown - i) * 0.4}" width="16" height="22" rx="2" fill="#2a63ad" stroke="#0d2a52" stroke-width="0.8"/>`).join("");
  const pack = h("span", { class: "life-pack", title: labelled(t("lives"), `${left}/${start}`) });
  pack.innerHTML = `<svg viewBox="0 0 44 30" width="44" height="30" aria-hidden="true">${layers}</svg>`;
  pack.append(h("b", {}, left));
  return pack;
}

export function africainSeatTags(ctx, seat) {
  const v = ctx.s.view;
  const tags = [lifePack(v.lives[seat], v.rules.lives)];
  if (v.dealer === seat) tags.push(h("span", { class: "tag dealer" }, t("dealer")));
  if (!v.in_game[seat]) tags.push(h("span", { class: "tag neg" }, t("out")));
  if (v.bids[seat] !== null && v.bids[seat] !== undefined) {
    // Two tags, which a narrow seat puts on two lines.
    tags.push(h("span", { class: "tag bid" }, `${t("bid")} ${v.bids[seat]}`), h("span", { class: "tag bid" }, `${t("tricks")} ${v.tricks[seat]}`));
  }
  const forehead = v.hand_size === 1 && seat !== ctx.s.seat && v.hands[seat];
  if (forehead) tags.push(h("div", { class: "forehead" }, v.hands[seat].map((c) => cardImage(c, "small"))));
  return tags;
}

export function africainCentre(ctx) {
  const { s } = ctx;
  const v = s.view;
  const parts = [];
  const last = s.showLast && v.last_trick.length;
  if (last) parts.push(trickCards(ctx, v.last_trick, null));
  else if (v.trick.length) parts.push(trickCards(ctx, v.trick, null));
  else if (s.shownTrick) parts.push(trickCards(ctx, s.shownTrick.cards || [], s.shownTrick.winner));
  if (v.last_trick.length) {
    parts.push(h("button", { class: "last-trick-button secondary", id: "last-trick", onclick: () => { s.showLast = !s.showLast; ctx.render(); } },
      s.showLast ? t("hide") : t("last_trick")));
  }
  return parts;
}

// The round and its number of cards (and "last trick" while it shows): the play
// area's item, in the felt's bottom-left corner, where no seat is at any number of
// players, or, on a phone on its side, beside the felt.
function roundNote(ctx) {
  const v = ctx.s.view;
  // Between two rounds (the last trick still in view) the engine's size is already
  // the next round's: the round just played is named alone ("Round 1: 4 cards" was shown).
  const words = v.phase === "deal" ? t("round_only", { n: v.round })
    : t(v.hand_size === 1 ? "round_n_one" : "round_n", { n: v.round, k: v.hand_size });
  return h("div", { class: "centre-label round-label", id: "round-label" }, words,
    ctx.s.showLast && v.last_trick.length ? [" · ", t("last_trick")] : null);
}

export function africainPrompt(ctx) {
  const { s } = ctx;
  const v = s.view;
  const legal = v.to_move === s.seat ? (s.legal || []) : [];
  const parts = [];
  if (v.phase === "bid" && legal.length) {
    const allowed = new Set(legal.map((a) => a.split(":")[1]));
    parts.push(h("span", { class: "prompt-title" }, t("bid_tricks")), h("div", { class: "row" },
      [...Array(v.hand_size + 1).keys()].map((n) => h("button", { class: `bid-button${allowed.has(String(n)) ? "" : " illegal"}`,
        "data-action": `bid:${n}`, "aria-label": allowed.has(String(n)) ? null : t("not_allowed", { name: String(n) }),
        onclick: () => ctx.act(`bid:${n}`) }, String(n)))));
  }
  const choosingExcuse = legal.some((a) => a.startsWith("play:EX:"));
  if (choosingExcuse && s.excuseOpen) {
    parts.push(h("span", { class: "prompt-title" }, t("excuse_choice")), h("div", { class: "row" },
      ["high", "low"].map((value) => h("button", { "data-action": `play:EX:${value}`,
        onclick: () => { s.excuseOpen = false; ctx.act(`play:EX:${value}`); } }, t(value)))));
  }
  // A player out of lives watches the others play on: the page says so, and how.
  if (!v.in_game[s.seat] && v.phase !== "over") {
    const left = v.in_game.filter(Boolean).length;
    parts.push(h("p", { id: "out-of-game" }, t("out_of_game", { n: left })),
      h("button", { class: "secondary", onclick: () => ctx.leave() }, t("leave")));
  }
  return parts.length ? h("div", { class: "prompt", id: "prompt" }, parts) : null;
}

/** The player's cards (a back in the one-card round, where a player cannot see theirs). */
export function africainHand(ctx) {
  const { s } = ctx;
  const v = s.view;
  if (s.seat === null) return null;
  const legal = v.to_move === s.seat ? (s.legal || []) : [];
  const choosingExcuse = legal.some((a) => a.startsWith("play:EX:"));
  const mine = v.hands?.[s.seat];
  const plays = new Set(legal.filter((a) => a.startsWith("play:")).map((a) => a.split(":")[1]));
  if (!v.in_round?.[s.seat]) return handOf([]);
  if (v.hand_size === 1 && !mine) return handOf([cardBack()], h("p", { class: "muted hidden-note" }, t("your_card_hidden")));
  return handOf(sortHand(mine || []).map((card) => cardButton(card, {
    legal: v.phase === "play" && legal.length ? plays.has(card) : null,
    onclick: () => {
      if (card === "EX" && choosingExcuse) { s.excuseOpen = true; ctx.render(); return; }
      if (v.phase === "play") ctx.act(`play:${card}`);
    } })));
}

/** A count of lives as the rule compares them, below zero included (−2). */
function signed(n) {
  return n < 0 ? `−${-n}` : String(n);
}

const WIN_REASONS = { last_standing: "win_last_standing", least_below_zero: "win_least_below_zero" };

/** Why the winners won, from the engine's end: the view once over, or the game's
 * result, which both carry `winners`, `lives`, `decided_by` and `contenders`
 * (docs/protocol.md); null before the end. Every player still in out in the same
 * round: the counts compared, below zero, and a shared win when level. */
export function winReason(end, nameOf) {
  const key = WIN_REASONS[end?.decided_by];
  if (!key) return null;
  const names = new Intl.ListFormat(getLang(), { type: "conjunction" }).format(end.winners.map(nameOf));
  if (end.decided_by === "last_standing") return t(key, { names });
  const counts = end.contenders.map((seat) => t("count_at", { name: nameOf(seat), n: signed(end.lives[seat]) })).join(", ");
  return t(end.winners.length > 1 ? "win_level_below_zero" : key, { names, counts });
}

/** Why the game at this table was won (its end, from the view or the result). */
function endNote(ctx, end) {
  return winReason(end, (seat) => seatName(ctx.s, seat));
}

export function africainSide(ctx) {
  const { s } = ctx;
  const v = s.view;
  const n = v.players;
  const reason = s.gameOver ? null : endNote(ctx, v); // the game-over panel says it then
  return h("div", { class: "panel deal-info", id: "deal-info" },
    h("table", { class: "score-table game-scores" },
      h("thead", {}, h("tr", {}, h("th", {}), h("th", {}, t("lives")), h("th", {}, t("bids")), h("th", {}, t("tricks")))),
      h("tbody", {}, [...Array(n).keys()].map((seat) => h("tr", {},
        h("td", { class: "name-cell" }, seatName(s, seat)), h("td", {}, v.in_game[seat] ? `${v.lives[seat]} / ${v.rules.lives}` : t("out")),
        h("td", {}, v.bids[seat] ?? "–"), h("td", {}, v.tricks[seat]))))),
    reason ? h("p", { id: "win-reason" }, reason) : null);
}

// What a replay shows of an Africain view: hands, the trick (or the last one),
// each seat's lives and bid, and at the end who won and why (named as the replay
// names the seats when it passes their names, else by number).
const africainReplay = {
  progress: (v) => v.round * 100 + v.tricks.reduce((a, b) => a + b, 0),
  hands: (v) => v.hands.map((x) => x || []),
  trick: (v) => (v.trick.length ? v.trick : v.last_trick),
  trickTitle: () => t("tricks"),
  seatNote: (v, seat) => ` · ${t("lives")} ${livesLeft(v.lives[seat])}${v.bids[seat] !== null ? ` · ${t("bid")} ${v.bids[seat]}` : ""}`,
  extras: (v, names = []) => {
    const nameOf = (seat) => names[seat] ?? `${t("seat")} ${seat + 1}`;
    const reason = winReason(v, nameOf);
    return reason ? [h("p", { id: "replay-winners" }, t(v.winners.length > 1 ? "winners" : "winner", { names: v.winners.map(nameOf).join(", ") })),
      h("p", { id: "win-reason" }, reason)] : [];
  },
};

/** How the table and replay pages draw Tarot Africain (see games.js); `endNote`
 * says why a game was won from its end (the view, or `table.game_over`'s result). */
export const africainUI = {
  seatTags: africainSeatTags, centre: africainCentre, prompt: africainPrompt, side: africainSide,
  endNote,
  onFelt: (ctx) => [roundNote(ctx)],
  hand: africainHand,
  dealSheet: false,
  replay: africainReplay,
};
