// French Tarot on the table page: seat tags (dealer, bids, taker, partner), the
// dog and the trick in the middle, the prompt for the decision to make, and the
// last deal's result until the player goes on.
import { h } from "./dom.js";
import { labelled, t, tn } from "./i18n.js";
import { cardName, cardsText, sortHand } from "./cards.js";
import { cardButton, cardImage, nameIn, seatAngle, seatName } from "./table.js";

export function frenchSeatTags(ctx, seat) {
  const v = ctx.s.view;
  const tags = [];
  if (v.dealer === seat) tags.push(h("span", { class: "tag dealer" }, t("dealer")));
  if (v.sitting_out === seat) tags.push(h("span", { class: "tag" }, t("sits_out")));
  // At five, the taker's tag names the card called too, in sight all the deal long
  // (a phone keeps the side panel, which says it, in its drawer).
  if (v.taker === seat && v.phase !== "bid") {
    tags.push(h("span", { class: "tag taker" }, h("span", { class: "role" }, `${t("taker")} · `), t(v.contract),
      v.called ? h("span", { class: "called", title: t("called", { card: cardName(v.called) }) }, ` · ${cardsText([v.called])}`) : null));
  }
  else {
    const bids = v.bids.filter((b) => b.seat === seat);
    if (bids.length && v.phase === "bid") tags.push(h("span", { class: "tag bid" }, t(bids.at(-1).bid)));
  }
  if (v.partner === seat && v.partner !== v.taker) tags.push(h("span", { class: "tag partner" }, t("partner")));
  if (v.phase !== "bid" && v.phase !== "deal" || seat !== ctx.s.seat) tags.push(h("span", { class: "tag count", title: t("cards_in_hand") }, h("span", { class: "mini-card" }), v.hand_sizes[seat]));
  const total = v.totals[seat];
  tags.push(h("span", { class: `tag score ${total >= 0 ? "pos" : "neg"}` }, total > 0 ? `+${total}` : String(total)));
  return tags;
}

// The trick in the felt's middle, each card towards its player, offset in card
// widths (the stylesheet sizes the cards to the felt). A lower card lies over a
// higher one, so that what it covers is never a corner index.
export function trickCards(ctx, plays, winner) {
  const { s } = ctx;
  return h("div", { class: "trick", id: "trick" }, plays.map(({ seat, card }) => {
    const angle = seatAngle(s, seat);
    const dx = Math.cos(angle), dy = -Math.sin(angle);
    const el = cardImage(card, `in-trick${seat === winner ? " winner" : ""}${card === s.fresh ? " fresh" : ""}`);
    el.style.cssText = `--dx:${dx.toFixed(3)};--dy:${dy.toFixed(3)};z-index:${Math.round(10 + 5 * dy)}`;
    el.dataset.seat = seat;
    // an upper side card's name goes above it: below, the lower cards lie over it
    const above = dy < -0.2 && Math.abs(dx) > 0.2;
    el.append(h("span", { class: above ? "played-by above" : "played-by" }, seatName(s, seat)));
    return el;
  }));
}

export function playsOf(v, trick) {
  const order = v.order;
  const start = order.indexOf(trick.leader);
  return trick.cards.map((card, i) => ({ seat: order[(start + i) % order.length], card }));
}

export function frenchCentre(ctx) {
  const { s } = ctx;
  const v = s.view;
  const parts = [];
  const showDog = v.dog && ["discard", "call", "chelem", "bid"].includes(v.phase) || (v.dog && v.phase === "play" && !v.tricks.length && !v.trick.length);
  if (s.showLast && v.tricks.length) {
    const last = v.tricks.at(-1);
    parts.push(trickCards(ctx, playsOf(v, last), last.winner));
  } else if (s.shownTrick) {
    parts.push(trickCards(ctx, playsOf(v, s.shownTrick), s.shownTrick.winner));
  } else if (v.trick.length) {
    parts.push(trickCards(ctx, v.trick, null));
  } else if (showDog && v.dog.length) {
    parts.push(h("div", { class: "dog", id: "dog" }, h("div", { class: "centre-label" }, t("dog")), h("div", { class: "dog-cards" }, sortHand(v.dog).map((c) => cardImage(c, "small")))));
  }
  if (v.phase === "play" && v.tricks.length) {
    parts.push(h("button", { class: "last-trick-button secondary", id: "last-trick", onclick: () => { s.showLast = !s.showLast; ctx.render(); } },
      s.showLast ? t("hide") : t("last_trick")));
  }
  return parts;
}

// Who won the trick on the felt (the last one, or the one just completed): the play
// area's item, in the felt's corner or, on a phone on its side, beside the felt.
export function frenchTrickNote(ctx) {
  const { s } = ctx;
  const v = s.view;
  const last = s.showLast && v.tricks.length ? v.tricks.at(-1) : null;
  const won = last || s.shownTrick;
  if (!won) return null;
  return h("div", { class: "centre-label trick-note", id: "trick-note" },
    last ? [t("last_trick"), " · "] : null, t("trick_won", { name: seatName(s, won.winner) }));
}

// The last deal's result over the felt, until the player goes on (Continue, or a
// move of theirs): the others may already be playing the next deal meanwhile.
export function frenchDealResult(ctx) {
  const { s } = ctx;
  const deal = s.dealResult;
  if (!deal) return null;
  // What the result says scrolls inside the box when it is long (a small phone);
  // the button to go on stays outside it, always in sight. Named as the deal was played.
  const name = (seat) => nameIn(s, deal.names ?? s.names, seat);
  return h("div", { class: "deal-result", id: "deal-result", role: "dialog", "aria-labelledby": "deal-result-title" },
    h("div", { class: "deal-result-body" },
      h("h3", { id: "deal-result-title" }, t("deal_n", { n: deal.number })),
      h("strong", {}, `${t(deal.contract)} · ${name(deal.taker)} · ${deal.made ? t("made") : t("failed", { n: Math.abs(deal.breakdown.difference ?? 0) })}`),
      h("div", {}, `${tn("n_points", deal.attack_half_points / 2)}, ${tn("n_bouts", deal.bouts)}`),
      h("div", { class: "row" }, deal.scores.map((score, seat) => h("span", { class: `tag ${score >= 0 ? "pos" : "neg"}` }, `${name(seat)} ${score > 0 ? "+" : ""}${score}`))),
      breakdownList(deal.breakdown)),
    h("button", { id: "deal-continue", onclick: () => { s.dealResult = null; ctx.render(); } }, t("continue")));
}

/** How a deal's score was reached (the scoring's breakdown), one line per item. */
export function breakdownList(breakdown) {
  return h("ul", { class: "breakdown" }, Object.entries(breakdown).map(([key, value]) => {
    const label = t(`breakdown_${key}`);
    return h("li", {}, labelled(label === `breakdown_${key}` ? key.replaceAll("_", " ") : label, value));
  }));
}

/** Cards the taker has still to put aside (the écart's size comes with the rules). */
export function ecartLeft(v) {
  return v.rules.ecart_size - (v.ecart || []).length;
}

export function frenchPrompt(ctx) {
  const { s } = ctx;
  const v = s.view;
  const legal = s.legal && v.to_move === s.seat ? s.legal : null;
  if (!legal) return null;
  const kinds = legal.map((a) => a.split(":"));
  const box = (...children) => h("div", { class: "prompt", id: "prompt" }, ...children);
  switch (v.phase) {
    case "bid": {
      const all = ["pass", ...v.rules.contracts]; // the variant's contracts, Pousse included where it has one
      const allowed = new Set(kinds.map((k) => k[1]));
      // the match's taker chooses among the contracts on offer (imposed_minimum): only those
      const only = v.rules.options.imposed_minimum && v.rules.options.imposed_contract !== "none";
      return box(h("span", { class: "prompt-title" }, t("bid")), h("div", { class: "row" },
        all.filter((b) => allowed.has(b) || (b !== "pass" && !only)).map((b) => h("button", {
          class: `bid-button${allowed.has(b) ? "" : " illegal"}`, "data-action": `bid:${b}`,
          "aria-label": allowed.has(b) ? null : t("not_allowed", { name: t(b) }), // said as refused, though sent when chosen
          onclick: () => ctx.act(`bid:${b}`) }, t(b)))));
    }
    case "call":
      return box(h("span", { class: "prompt-title" }, t("call_king")), h("div", { class: "row cards-row" },
        kinds.map((k) => cardButton(k[1], { small: true, legal: true, onclick: () => ctx.act(`call:${k[1]}`) }))));
    case "discard": {
      const left = ecartLeft(v);
      const chosen = [...s.selection].filter((c) => (v.hand || []).includes(c));
      const done = v.ecart || [];
      return box(h("span", { class: "prompt-title" }, t("ecart_help", { n: left + done.length, left: left - chosen.length })),
        done.length || chosen.length ? h("div", { class: "row cards-row ecart-chosen" }, h("small", {}, t("ecart")),
          sortHand([...done, ...chosen]).map((c) => cardImage(c, "tiny"))) : null,
        h("div", { class: "row" },
          h("button", { id: "confirm-ecart", disabled: chosen.length !== left, onclick: () => {
            // Suit cards first: a trump may go only once no suit card can.
            const order = [...chosen].sort((a, b) => Number(a.startsWith("T")) - Number(b.startsWith("T")));
            s.selection.clear();
            // one decision of several actions: the first names the turn, the others follow it
            order.forEach((c, i) => ctx.act(`discard:${c}`, i === 0));
          } }, t("ecart_confirm", { n: left })),
          h("button", { id: "clear-ecart", class: "secondary", disabled: !chosen.length,
            onclick: () => { s.selection.clear(); ctx.render(); } }, t("ecart_clear"))));
    }
    case "chelem":
      return box(h("span", { class: "prompt-title" }, t("chelem_q")), h("div", { class: "row" },
        h("button", { "data-action": "chelem:no", onclick: () => ctx.act("chelem:no") }, t("no")),
        h("button", { "data-action": "chelem:yes", class: "secondary", onclick: () => ctx.act("chelem:yes") }, t("yes"))));
    case "misere":
      return box(h("span", { class: "prompt-title" }, t("misere_q")), h("div", { class: "row" },
        legal.map((a) => { const kind = a.split(":")[1]; return h("button", { "data-action": a, onclick: () => ctx.act(a) },
          kind === "none" ? t("none") : kind.split("+").map((k) => t(k)).join(" + ")); })));
    case "poignee": {
      const sizes = [...new Set(legal.filter((a) => a !== "poignee:none").map((a) => a.split(":")[1].split(" ").length))];
      if (!s.selection.size || [...s.selection].some((c) => !(v.hand || []).includes(c) && !(v.ecart || []).includes(c))) {
        s.selection = new Set(legal.find((a) => a !== "poignee:none")?.split(":")[1].split(" ") || []);
      }
      const chosen = sortHand([...s.selection]);
      return box(h("span", { class: "prompt-title" }, t("poignee_q")), h("small", {}, t("poignee_help", { sizes: sizes.join(" / ") })),
        h("div", { class: "row" },
          h("button", { "data-action": "poignee:none", onclick: () => { s.selection.clear(); ctx.act("poignee:none"); } }, t("poignee_none")),
          h("button", { id: "show-poignee", class: "secondary", onclick: () => ctx.act(`poignee:${chosen.join(" ")}`) },
            t("poignee_show", { n: chosen.length }))));
    }
    case "play":
      return null;
    default:
      return box(legal.map((a) => h("button", { onclick: () => ctx.act(a) }, a)));
  }
}

export function frenchSide(ctx) {
  const { s } = ctx;
  const v = s.view;
  const items = [];
  if (v.contract) items.push(h("li", {}, labelled(t("contract"), `${t(v.contract)} · ${seatName(s, v.taker)}`)));
  if (v.called) items.push(h("li", {}, t("called", { card: cardName(v.called) })));
  if (v.ecart?.length && v.phase !== "discard" && s.seat === v.taker) items.push(h("li", { id: "ecart-info" }, labelled(t("ecart"), cardsText(v.ecart))));
  if (v.chelem_announced) items.push(h("li", {}, t("chelem_announced")));
  if (v.discarded_trumps?.length) items.push(h("li", {}, t("trump_discarded", { cards: cardsText(v.discarded_trumps) })));
  for (const p of v.poignees) items.push(h("li", {}, labelled(`${t("poignee")} ${t("shown_by", { name: seatName(s, p.seat) })}`, cardsText(p.cards))));
  for (const m of v.miseres) items.push(h("li", {}, `${t(m.kind)} · ${seatName(s, m.seat)}`));
  if (v.cancelled) items.push(h("li", {}, t("redeal", { why: t(v.cancelled) })));
  if (v.bids.length) items.push(h("li", {}, labelled(t("bids")), v.bids.map((b) => `${seatName(s, b.seat)} ${t(b.bid)}`).join(", ")));
  items.push(h("li", { class: "muted" }, t("deal_n", { n: v.deals_played + (v.deal ? 0 : 1) }), ` / ${v.deals}`));
  return h("div", { class: "panel deal-info", id: "deal-info" }, h("ul", {}, items));
}

// What a replay shows of a French view: every hand, the trick (or the last one
// completed), who took, the dog and the running totals.
const frenchReplay = {
  progress: (v) => v.tricks.length,
  hands: (v) => [...Array(v.players).keys()].map((seat) => v.hands?.[String(seat)] || []),
  trick: (v) => (v.trick.length ? v.trick : v.tricks.length ? playsOf(v, v.tricks.at(-1)) : []),
  trickTitle: (v) => t(v.trick.length ? "trick_now" : "last_trick"),
  seatNote: (v, seat) => (v.taker === seat ? ` · ${t("taker")} (${t(v.contract)})` : ""),
  extras: (v) => [
    v.dog?.length ? h("div", {}, h("strong", {}, t("dog")), h("div", { class: "row cards-row" }, sortHand(v.dog).map((c) => cardImage(c, "tiny")))) : null,
    h("p", {}, labelled(t("totals"), v.totals.join(" / ")))],
};

/** How the table and replay pages draw French Tarot (see games.js). */
export const frenchUI = {
  seatTags: frenchSeatTags, centre: frenchCentre, prompt: frenchPrompt, side: frenchSide,
  onFelt: (ctx) => [frenchTrickNote(ctx), frenchDealResult(ctx)],
  hand: null, // the table's own hand of cards, with the écart and the poignée
  dealSheet: true,
  replay: frenchReplay,
};
