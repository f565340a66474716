// Replays: a finished game's record from the server, turned into every step's
// all-seeing view by /api/replay, stepped through with all hands face up.
import { clear, h } from "./dom.js";
import { refusal, t } from "./i18n.js";
import { api } from "./net.js";
import { cardImage } from "./table.js";
import { sortHand } from "./cards.js";
import { playsOf } from "./french.js";

export function replayPage(gameId) {
  if (!gameId) {
    const input = h("input", { id: "replay-number", type: "number", min: 1 });
    return h("section", { class: "panel narrow" }, h("h1", {}, t("replays")),
      h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); location.hash = `#/replay/${input.value}`; } },
        h("label", {}, t("game_number"), input), h("button", { type: "submit" }, t("open"))));
  }
  const box = h("div", { id: "replay" }, "…");
  let steps = [], at = 0, names = [];
  function isTrickEnd(i) {
    const before = steps[i - 1]?.view, after = steps[i]?.view;
    if (!before || !after) return false;
    const count = (v) => (v.game === "french" ? v.tricks.length : v.round * 100 + v.tricks.reduce((a, b) => a + b, 0));
    return count(after) !== count(before);
  }
  function go(i) { at = Math.max(0, Math.min(steps.length - 1, i)); render(); }
  function jumpTrick(direction) {
    let i = at + direction;
    while (i > 0 && i < steps.length - 1 && !isTrickEnd(i)) i += direction;
    go(i);
  }
  function render() {
    const { action, view: v } = steps[at];
    const n = v.players;
    const hands = v.game === "french" ? [...Array(n).keys()].map((s) => v.hands?.[String(s)] || []) : v.hands.map((x) => x || []);
    const trick = v.game === "french" ? (v.trick.length ? v.trick : v.tricks.length ? playsOf(v, v.tricks.at(-1)) : []) : (v.trick.length ? v.trick : v.last_trick);
    clear(box,
      h("div", { class: "row replay-controls" },
        h("button", { onclick: () => go(0) }, t("first")),
        h("button", { id: "prev-trick", onclick: () => jumpTrick(-1) }, "« ", t("prev_trick")),
        h("button", { id: "prev", onclick: () => go(at - 1) }, "‹ ", t("prev")),
        h("span", { id: "step" }, t("step", { i: at, n: steps.length - 1 })),
        h("button", { id: "next", onclick: () => go(at + 1) }, t("next"), " ›"),
        h("button", { id: "next-trick", onclick: () => jumpTrick(1) }, t("next_trick"), " »"),
        h("button", { onclick: () => go(steps.length - 1) }, t("last"))),
      h("p", {}, `${t("action")}: `, h("code", { id: "replay-action" }, action || "–")),
      h("div", { class: "replay-hands" }, hands.map((hand, seat) => h("div", { class: "replay-seat" },
        h("strong", {}, names[seat] || `${t("seat")} ${seat + 1}`,
          v.game === "french" && v.taker === seat ? ` · ${t("taker")} (${t(v.contract)})` : "",
          v.game === "africain" ? ` · ${t("lives")} ${v.lives[seat]}${v.bids[seat] !== null ? ` · ${t("bid")} ${v.bids[seat]}` : ""}` : ""),
        h("div", { class: "row cards-row" }, sortHand(hand).map((c) => cardImage(c, "small")))))),
      h("div", {}, h("strong", {}, v.game === "french" ? `${t("last_trick")} / trick` : t("tricks")),
        h("div", { class: "row cards-row", id: "replay-trick" }, trick.map((p) => h("div", { class: "played" }, cardImage(p.card, "small"), h("small", {}, names[p.seat] || `${t("seat")} ${p.seat + 1}`))))),
      v.game === "french" && v.dog?.length ? h("div", {}, h("strong", {}, t("dog")), h("div", { class: "row cards-row" }, sortHand(v.dog).map((c) => cardImage(c, "tiny")))) : null,
      v.game === "french" ? h("p", {}, `${t("totals")}: ${v.totals.join(" / ")}`) : null);
  }
  api(`/api/games/${encodeURIComponent(gameId)}`)
    .then((record) => {
      names = (record.meta?.names || []).map((name, seat) => name ?? `${t("robot")} ${seat + 1}`);
      return api("/api/replay", record);
    })
    .then((data) => { steps = data.steps; render(); })
    .catch((error) => clear(box, h("p", { class: "error" }, refusal(error))));
  document.addEventListener("keydown", function keys(e) {
    if (!document.body.contains(box)) { document.removeEventListener("keydown", keys); return; }
    if (!steps.length || e.target.matches("input")) return;
    if (e.key === "ArrowRight") go(at + 1);
    if (e.key === "ArrowLeft") go(at - 1);
  });
  return h("section", { class: "panel" }, h("h1", {}, t("replay", { n: gameId })), box);
}
