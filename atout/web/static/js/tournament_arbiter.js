// The arbiter's part of the tournament page (#/tournament/ID): the adjustments of the
// ranking (everyone sees them, with their reasons; the organiser makes and revokes
// them), the organiser's changes of places online (a place freed for a substitute,
// given to a robot, a player moved), and the sessions of a tournament played over
// several days. The server checks and ranks (atout.tournament.arbiter): this page asks.
import { clear, h, redraw, redrawOptions } from "./dom.js";
import { getLang, refusal, t } from "./i18n.js";
import { api } from "./net.js";
import { fieldsValid, percent, rankCell, rankHead } from "./tournament_parts.js";

const call = (path, body) => api(path, body, { guest: true });

// Every adjustment: what, where, why and who; the organiser may revoke each.
// ``changed(receipt)`` is given the server's receipt of each change. ``kept``: an
// object the page keeps across its views, where the part keeps its section and the
// organiser's form, drawn once: a view pushed while the organiser writes in the form
// leaves it as it is (its values, the focus).
export function adjustmentsPart(view, id, changed, kept = {}) {
  if (!view.adjustments.length && !view.master) return null;
  const message = h("p", { class: "error", role: "alert", id: "adjust-error" });
  const number = (v) => (v === null ? "" : v.toLocaleString(getLang()));
  const what = (a) => {
    if (a.kind === "cancel") return `${t("attack")} ${percent(a.attack_note)} · ${t("defence")} ${percent(a.defence_note)}`;
    if (a.kind === "score") return a.score > 0 ? `+${a.score}` : String(a.score);
    if (a.kind === "penalty") return `−${number(a.amount)}\u202f${a.unit === "%" ? t("adjust_percent_top") : "PM"}`;
    return "";
  };
  const where = (a) => [a.position && `${t("tour_position")} ${a.position}`, a.table && `${t("table")} ${a.table}`,
    a.board && `${t("tour_board")} ${a.board}`, a.entrant && `#${a.entrant}`].filter(Boolean).join(" · ");
  async function revoke(n) {
    message.textContent = "";
    try {
      changed(await call(`/api/tournaments/${id}/adjustments/${n}/revoke`, {}));
    } catch (error) {
      message.textContent = refusal(error);
    }
  }
  const rows = view.adjustments.map((a) => h("tr", { "data-adjustment": a.number },
    h("td", {}, a.number), h("td", {}, t(`adjust_${a.kind}`)), h("td", {}, where(a)), h("td", {}, what(a)),
    h("td", {}, a.reason), h("td", {}, a.by),
    view.master ? h("td", {}, h("button", { class: "secondary revoke", "aria-label": t("adjust_revoke_l", { n: a.number, what: t(`adjust_${a.kind}`) }),
      onclick: () => revoke(a.number) }, t("adjust_revoke"))) : null));
  kept.section ??= h("section", { id: "tour-adjustments" });
  if (view.master) kept.form ??= adjustForm(view, id, changed);
  return redraw(kept.section, h("h2", {}, t("adjust_title")),
    h("p", { class: "muted" }, t("adjust_help")),
    rows.length ? h("table", { class: "score-table tour-table stacked" }, h("tbody", {}, rows)) : null,
    message, view.master ? kept.form : null);
}

// A ranking row's mark: the numbers of the adjustments that touch its entrant.
export function adjustedMark(row) {
  return row.adjustments?.length ? h("span", { class: "muted adjusted", title: t("adjust_title") }, ` ${row.adjustments.join(" ")}`) : null;
}

// The organiser's form: a play cancelled (notes given to each side), its score set,
// or a penalty to an entrant (percent of a board's top, or PM in the PM forms).
function adjustForm(view, id, changed) {
  const pm = view.form === "quadrettes" || view.form === "teams";
  const message = h("p", { class: "error", role: "alert", id: "adjust-form-error" });
  const kind = h("select", { id: "adjust-kind", onchange: () => show() },
    ["cancel", "score", "penalty"].map((k) => h("option", { value: k }, t(`adjust_${k}`))));
  const play = h("select", { id: "adjust-play" }, view.seatings.flatMap((s) => s.boards.map((b) =>
    h("option", { value: `${s.position}:${s.table}:${b}` },
      `${t("tour_position")} ${s.position} · ${t("table")} ${s.table} · ${t("tour_board")} ${b}`))));
  const number = (id, attrs) => h("input", { id, type: "number", ...attrs });
  const attackNote = number("adjust-attack-note", { min: 0, max: 100, step: "any", value: 50 });
  const defenceNote = number("adjust-defence-note", { min: 0, max: 100, step: "any", value: 50 });
  const score = number("adjust-score", { min: -10000, max: 10000, step: 1, required: true });
  const entrants = view.teams.length ? view.teams.map((_, i) => `${t("tour_team")} ${i + 1}`) : view.names;
  const entrant = h("select", { id: "adjust-entrant" }, entrants.map((name, i) => h("option", { value: i + 1 }, `${i + 1}. ${name}`)));
  const board = number("adjust-board", { min: 1, max: view.boards, step: 1, required: true });
  const amount = number("adjust-amount", { min: 0, max: pm ? 1000 : 100, step: "any", required: true });
  const reason = h("input", { id: "adjust-reason", maxlength: 200, required: true });
  const parts = {
    cancel: pm ? [] : [h("label", {}, t("adjust_attack_note"), attackNote), h("label", {}, t("adjust_defence_note"), defenceNote)],
    score: [h("label", {}, t("tour_score"), score)],
    penalty: [h("label", {}, t("adjust_entrant"), entrant), pm ? null : h("label", {}, t("tour_board"), board),
      h("label", {}, pm ? "PM" : t("adjust_percent_top"), amount)],
  };
  const playLabel = h("label", { class: "play" }, t("tour_play"), play);
  function show() {
    for (const [k, elements] of Object.entries(parts)) for (const e of elements) if (e) e.hidden = k !== kind.value;
    playLabel.hidden = kind.value === "penalty";
  }
  show();
  // The page's own checks, in its language (the browser's bubble spoke the browser's, and
  // a wrong value in a field hidden for another kind stopped the form without a word):
  // only the fields of the kind chosen count. A new attempt clears the last refusal.
  async function submit(e) {
    e.preventDefault();
    message.textContent = "";
    if (!fieldsValid(form)) return;
    const body = { kind: kind.value, reason: reason.value };
    if (kind.value === "penalty") {
      Object.assign(body, { entrant: Number(entrant.value), amount: Number(amount.value) });
      if (!pm) body.board = Number(board.value);
    } else {
      const [position, table, b] = play.value.split(":").map(Number);
      Object.assign(body, { position, table, board: b });
      if (kind.value === "score") body.score = Number(score.value);
      else if (!pm) Object.assign(body, { attack_note: Number(attackNote.value), defence_note: Number(defenceNote.value) });
    }
    let receipt;
    try {
      receipt = await call(`/api/tournaments/${id}/adjustments`, body);
    } catch (error) {
      message.textContent = refusal(error);
      return;
    }
    const chosen = kind.value;
    form.reset(); // made: the form is ready for the next one, of the same kind
    kind.value = chosen;
    show();
    changed(receipt);
  }
  const form = h("form", { id: "adjust-form", onsubmit: submit, novalidate: true },
    h("div", { class: "options-grid" }, h("label", {}, t("adjust_kind"), kind), playLabel,
      Object.values(parts).flat(), h("label", {}, t("adjust_reason"), reason)),
    message, h("button", { type: "submit", id: "adjust-make" }, t("adjust_make")));
  return form;
}

// The organiser's buttons on a place: free it (a substitute may take it), give it to
// a robot for good, at once or from a position not begun yet, or move its player to a
// free place; a change planned for the place is shown. ``kept``: an object the page
// keeps across its views for this place, where its selects and buttons are drawn once
// (their options follow the view): a view pushed while the organiser chooses leaves
// the choice and the focus as they are.
export function placeControls(view, player, change, kept = {}) {
  const planned = view.handovers.find((p) => p.player === player);
  const note = planned ? h("span", { class: "muted handover" },
    t(planned.action === "robot" ? "place_robot_from" : "place_free_from", { position: planned.from + 1 })) : null;
  if (!view.master || view.over) return note;
  const held = view.places[player - 1];
  const free = view.names.map((_, i) => i + 1).filter((p) => !view.places[p - 1] && !view.robots.includes(p));
  const begun = new Set(view.online.map((o) => o.position));
  const who = { name: view.names[player - 1], n: player };
  kept.change = change; // the buttons drawn once call the view of now's
  const seating = (action, extra = {}) => kept.change("seating", { action, player, ...extra });
  const timed = (action) => seating(action, kept.when.value ? { from_position: Number(kept.when.value) } : {});
  kept.when ??= h("select", { class: "place-when", "aria-label": t("place_when_l", who) });
  redrawOptions(kept.when, [["", t("place_now")], ...[...Array(view.positions).keys()].map((p) => p + 1).filter((p) => !begun.has(p))
    .map((p) => [p, `${t("tour_position")} ${p}`])]);
  kept.to ??= h("select", { class: "place-to", "aria-label": t("place_to_l", who) });
  redrawOptions(kept.to, free.map((p) => [p, p]));
  kept.free ??= h("button", { class: "secondary place-free", "aria-label": t("place_free_l", who), onclick: () => timed("free") }, t("place_free"));
  kept.robot ??= h("button", { class: "secondary place-robot", "aria-label": t("place_robot_l", who), onclick: () => timed("robot") }, t("place_robot"));
  kept.move ??= h("button", { class: "secondary place-move", "aria-label": t("place_move_l", who),
    onclick: () => seating("move", { to: Number(kept.to.value) }) }, t("place_move"));
  kept.span ??= h("span", { class: "row" });
  return redraw(kept.span, note, kept.when, held ? kept.free : null, view.robots.includes(player) ? null : kept.robot,
    held && free.length ? [kept.to, kept.move] : null);
}

// A tournament over several sessions: the organiser starts the next one (same entrants,
// new boards); the ranking adds each session's global percentages (or PM).
export function sessionsPart(view, id) {
  const message = h("p", { class: "error", role: "alert", id: "session-error" });
  const ranking = h("div", { id: "session-ranking" });
  async function next() {
    try {
      const made = await call(`/api/tournaments/${id}/next-session`, {});
      location.hash = `#/tournament/${made.id}`;
    } catch (error) {
      message.textContent = refusal(error);
    }
  }
  if (view.sessions.length > 1) {
    call(`/api/tournaments/${id}/sessions`).then((series) => clear(ranking,
      h("table", { class: "score-table tour-table", id: "tour-sessions" },
        h("thead", {}, h("tr", {}, rankHead(), [t(view.teams.length ? "tour_team" : "tour_player"), ...series.sessions.map((_, i) => `${t("session")} ${i + 1}`), t("total")]
          .map((label) => h("th", {}, label)))),
        h("tbody", {}, series.ranking.map((row) => h("tr", {}, rankCell(row),
          h("td", {}, row.names ? row.names.join(", ") : row.name),
          row.sessions.map((v) => h("td", {}, v === null ? "–" : v.toLocaleString(getLang()))),
          h("td", { class: "total" }, row.total.toLocaleString(getLang())))))))).catch((error) => { message.textContent = refusal(error); });
  }
  if (!view.master && view.sessions.length < 2) return null;
  return h("section", { id: "tour-sessions-part" }, h("h2", {}, t("sessions")), h("p", { class: "muted" }, t("sessions_help")),
    ranking, message,
    view.master ? h("button", { class: "secondary", id: "session-next", onclick: next }, t("session_next")) : null);
}
