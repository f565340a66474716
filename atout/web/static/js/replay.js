// Replays: the list of finished games to browse, and a finished game's record from the server, turned into every step's
// all-seeing view by /api/replay, stepped through with all hands face up.
import { clear, fileField, h, sentence } from "./dom.js";
import { getLang, labelled, refusal, refusalsLoaded, t, tn } from "./i18n.js";
import { api } from "./net.js";
import { cardImage } from "./table.js";
import { actionText, sortHand } from "./cards.js";
import { uiOf } from "./games.js";

/** Finished games from /api/records (filters: game, player), newest first, a page
 * at a time, each linked to its replay. */
export function gamesList(filters = {}) {
  const box = h("div", { class: "records" }, "…");
  function load(page) {
    const query = new URLSearchParams({ ...filters, page });
    api(`/api/records?${query}`).then((answer) => {
      const when = (seconds) => new Date(seconds * 1000).toLocaleString(getLang());
      // a duplicate tournament's game is replayed once its tournament is over (the
      // same deals are played at other tables until then)
      const rows = answer.games.map((g) => h("tr", { "data-game": g.id, class: g.hidden ? "hidden-record" : null },
        h("td", {}, g.hidden ? h("span", {}, `#${g.id}`, h("small", { class: "muted" }, ` (${t("record_hidden")})`))
          : h("a", { href: `#/replay/${g.id}` }, `#${g.id}`)),
        h("td", {}, t(g.game), g.players ? ` · ${g.players}` : "", " · ", t(g.competitive ? "competitive_game" : "practice_game")),
        h("td", { class: "names" }, g.names.map((name, seat) => [seat ? ", " : "",
          h(g.winners.includes(seat) ? "strong" : "span", {}, name ?? `${t("robot")} ${seat + 1}`)]),
          laterPlayers(g).map((name) => [", ", h("span", { class: "later" }, name)])),
        h("td", {}, when(g.started))));
      clear(box,
        rows.length ? h("table", { class: "score-table wide records-table" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("game")), h("th", {}, t("players")), h("th", {}, t("date")))),
          h("tbody", {}, rows)) : h("p", { class: "muted" }, t("no_games")),
        h("div", { class: "row" },
          answer.page > 1 ? h("button", { type: "button", class: "newer", onclick: () => load(answer.page - 1) }, "‹ ", t("newer")) : null,
          answer.page > 1 || answer.more ? h("span", {}, t("page_n", { n: answer.page })) : null,
          answer.more ? h("button", { type: "button", class: "older", onclick: () => load(answer.page + 1) }, t("older"), " ›") : null));
    }).catch((error) => clear(box, h("p", { class: "error" }, sentence(refusal(error)))));
  }
  load(1);
  return box;
}

/** Who joined a game at a later deal (triplettes: the players change from board to board). */
function laterPlayers(g) {
  const first = new Set(g.users.filter((u) => u !== null));
  const later = new Map();
  for (const lineup of g.lineups ?? []) {
    lineup.users.forEach((user, seat) => {
      if (user !== null && !first.has(user)) later.set(user, lineup.names[seat]);
    });
  }
  return [...later.values()];
}

/** The replays to browse: filtered by game and by a player's name, or opened by number. */
function browsePage() {
  const game = h("select", { id: "records-game" }, h("option", { value: "" }, t("all_games")),
    ["french", "africain"].map((name) => h("option", { value: name }, t(name))));
  const player = h("input", { id: "records-player", maxlength: 64, autocomplete: "off" });
  const number = h("input", { id: "replay-number", type: "number", min: 1 });
  const list = h("div", { id: "records" }, gamesList());
  function filter(e) {
    e.preventDefault();
    const filters = {};
    if (game.value) filters.game = game.value;
    if (player.value.trim()) filters.player = player.value.trim();
    clear(list, gamesList(filters));
  }
  return h("section", { class: "panel" }, h("h1", {}, t("replays")),
    h("form", { class: "row", id: "records-filter", onsubmit: filter },
      h("label", {}, t("game"), game), h("label", {}, t("player_filter"), player),
      h("button", { type: "submit" }, t("filter"))),
    list,
    h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); location.hash = `#/replay/${number.value}`; } },
      h("label", {}, t("game_number"), number), h("button", { type: "submit" }, t("open"))),
    h("label", { class: "row" }, t("open_record"),
      fileField(h("input", { type: "file", id: "record-file", accept: ".atout,.txt,.json,application/json", onchange: openRecord }))));
}

const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

export function replayPage(gameId) {
  if (!gameId) return browsePage();
  // The readable record (docs/records.md), every deal's cards shown.
  const record = (format, name) => h("a", {
    id: `record-${format}`, href: `/api/games/${encodeURIComponent(gameId)}?format=${format}`,
    download: `atout-${gameId}.${format === "text" ? "atout" : "json"}`,
  }, t(name));
  // A number the server cannot take ('abc', 0) is no game's: no form was refused.
  const game = api(`/api/games/${encodeURIComponent(gameId)}`).catch((error) => {
    throw error.code === "invalid_request" ? { message: t("no_such_game") } : error;
  });
  // offered once the game is found with moves to show: no links to a game that is not
  // there, nor to one stopped before it had a deal to keep
  const links = h("p", { class: "muted", id: "record-links", hidden: true }, t("record_download"), " ",
    record("text", "record_text"), " · ", record("json", "record_json"));
  game.then((found) => { links.hidden = !found.actions?.length; }, () => {});
  return h("section", { class: "panel" }, h("h1", {}, t("replay", { n: gameId })), recordReplay(game, gameId), links);
}

/** A record file of the player's own (``atout play`` saves them, another program may
 * export them), replayed and reviewed like a game of the server's. */
function openRecord(e) {
  const file = e.target.files[0];
  const section = e.target.closest("section");
  if (!file || !section) return;
  // Any record form (docs/records.md): the server reads it; a log record is an object.
  const record = file.text().then((text) => { try { return JSON.parse(text); } catch { return text; } });
  clear(section, h("h1", {}, file.name), recordReplay(record, null));
}

/** The replay of a record (a promise of it), with the strong robot's review of a seat. */
function recordReplay(recordPromise, gameId) {
  const box = h("div", { id: "replay" }, "…");
  // Each step is said (the box is drawn anew at each, and a region drawn anew is not read).
  const said = h("p", { class: "sr-only", id: "replay-announce", "aria-live": "polite" });
  let steps = [], at = 0, names = [], record = null;
  let stopped = false; // a game ended before its end (by vote): its complete deals only
  // The strong robot's review of one seat (POST /api/analysis, computed by the server in
  // the background and asked for again until it is done), shown move by move.
  let review = null, reviewNote = null, reviewSeat = 0;
  function fail(error) { reviewNote = t("analysis_failed", { why: refusal(error) }); render(); }
  function poll(answer) {
    if (!document.body.contains(box)) return;
    if (answer.status === "running") {
      setTimeout(() => api(`/api/analysis/${answer.key}`).then(poll).catch(fail), 2000);
    } else if (answer.status === "failed") {
      // coded (a refusal's code and params) and worded here; a review stored before
      // the codes holds its English `error` alone, shown as it is
      const { error, ...coded } = answer.analysis;
      refusalsLoaded.then(() => { reviewNote = t("analysis_failed", { why: refusal({ ...coded, message: error }) }); render(); });
    } else { review = answer.analysis; reviewNote = null; render(); }
  }
  function analyse(seat) {
    reviewSeat = seat; review = null; reviewNote = t("analysis_running"); render();
    const asked = { record, seat };
    if (/^\d+$/.test(gameId ?? "")) asked.game_id = Number(gameId);
    api("/api/analysis", asked).then(poll).catch(fail);
  }
  function number(x) { return x.toLocaleString(getLang(), { maximumFractionDigits: 1 }); }
  function analysisBox() {
    const seat = h("select", { id: "analysis-seat" }, names.map((name, i) => h("option", { value: i, selected: i === reviewSeat }, name)));
    const unit = review ? t(`unit_${review.unit.replace(" ", "_")}`) : "";
    const here = review?.decisions.find((d) => d.index <= at - 1 && at - 1 < d.index + d.actions);
    const marked = review ? review.decisions.filter((d) => d.mark) : [];
    return h("div", { class: "analysis", id: "analysis" },
      h("div", { class: "row" }, h("label", {}, t("analyse_seat"), " ", seat),
        h("button", { id: "analyse", onclick: () => analyse(Number(seat.value)) }, t("analyse"))),
      reviewNote ? h("p", { class: "muted", id: "analysis-note" }, reviewNote) : null,
      review ? h("p", { id: "analysis-summary" }, t("analysis_summary", {
        accuracy: number(review.summary.accuracy), inaccuracies: tn("n_inaccuracies", review.summary.inaccuracies),
        mistakes: tn("n_mistakes", review.summary.mistakes), blunders: tn("n_blunders", review.summary.blunders),
        loss: number(review.summary.average_loss), unit })) : null,
      here ? h("p", { id: "analysis-move", class: here.mark ? `mark-${here.mark}` : "" },
        here.mark ? h("strong", {}, `${MARKS[here.mark]} ${t(`mark_${here.mark}`)} · `) : null,
        t("analysis_move", { action: actionText(here.taken.action), score: number(here.taken.expected), best: actionText(here.best[0].action),
          best_score: number(here.best[0].expected), loss: number(Math.max(0, here.loss)), unit })) : null,
      marked.length ? h("div", { id: "analysis-marks" }, h("strong", {}, t("analysis_marks")), " ",
        marked.map((d) => h("button", { class: "secondary", "data-step": d.index + 1, onclick: () => { go(d.index + 1); showMoment(); } },
          `${d.index + 1}. ${actionText(d.taken.action)} ${MARKS[d.mark]}`))) : null);
  }
  function isTrickEnd(i) {
    const before = steps[i - 1]?.view, after = steps[i]?.view;
    if (!before || !after) return false;
    const { progress } = uiOf(after.game).replay;
    return progress(after) !== progress(before);
  }
  function go(i) { at = Math.max(0, Math.min(steps.length - 1, i)); render(); }
  // A marked move chosen below the hands (a phone's long page): the moment it shows,
  // the buttons, the action and the trick, brought into sight; a screen that already
  // shows them (a desktop's) does not move.
  function showMoment() {
    const top = box.querySelector(".replay-controls");
    const bottom = box.querySelector("#replay-trick-box") ?? box.querySelector("#replay-action");
    if (!top || !bottom) return;
    const first = top.getBoundingClientRect(), last = bottom.getBoundingClientRect();
    if (first.top >= 0 && last.bottom <= innerHeight) return;
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    top.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }
  function jumpTrick(direction) {
    let i = at + direction;
    while (i > 0 && i < steps.length - 1 && !isTrickEnd(i)) i += direction;
    go(i);
  }
  function render() {
    // The button pressed is drawn anew: it keeps the keyboard (Enter again steps again).
    const focused = box.contains(document.activeElement) ? document.activeElement : null;
    const again = focused?.id ? `#${CSS.escape(focused.id)}` : focused?.dataset.step ? `[data-step="${focused.dataset.step}"]` : null;
    draw();
    if (again) box.querySelector(again)?.focus();
    const { action } = steps[at];
    said.textContent = `${t("step", { i: at, n: steps.length - 1 })}. ${labelled(t("action"), action ? actionText(action) : "–")}`;
  }
  function draw() {
    const { action, view: v } = steps[at];
    const game = uiOf(v.game).replay;
    const hands = game.hands(v);
    const trick = game.trick(v);
    // Nothing before the first step nor after the last: those buttons say so, and
    // keep the keyboard (aria-disabled, not disabled: a button disabled under the
    // keyboard, "Last" pressed, would drop it on the page's body).
    const ends = (end) => (end ? "true" : null);
    const first = ends(at === 0), last = ends(at === steps.length - 1);
    clear(box,
      stopped ? h("p", { class: "notice", id: "replay-note" }, t("replay_stopped")) : null,
      h("div", { class: "row replay-controls" },
        h("button", { id: "replay-first", "aria-disabled": first, onclick: () => go(0) }, t("first")),
        h("button", { id: "prev-trick", "aria-disabled": first, onclick: () => jumpTrick(-1) }, "« ", t("prev_trick")),
        h("button", { id: "prev", "aria-disabled": first, onclick: () => go(at - 1) }, "‹ ", t("prev")),
        h("span", { id: "step" }, t("step", { i: at, n: steps.length - 1 })),
        h("button", { id: "next", "aria-disabled": last, onclick: () => go(at + 1) }, t("next"), " ›"),
        h("button", { id: "next-trick", "aria-disabled": last, onclick: () => jumpTrick(1) }, t("next_trick"), " »"),
        h("button", { id: "replay-last", "aria-disabled": last, onclick: () => go(steps.length - 1) }, t("last"))),
      h("p", {}, labelled(t("action")), h("span", { id: "replay-action", "data-action": action || "" }, action ? actionText(action) : "–")),
      // the trick next to the buttons that step through it (on a phone the hands
      // below are a long page)
      // (no trick yet, at the deal: no title over nothing)
      trick.length ? h("div", { id: "replay-trick-box" }, h("strong", {}, game.trickTitle(v)),
        h("div", { class: "row cards-row", id: "replay-trick" }, trick.map((p) => h("div", { class: "played" }, cardImage(p.card, "small"), h("small", {}, names[p.seat] || `${t("seat")} ${p.seat + 1}`))))) : null,
      h("div", { class: "replay-hands" }, hands.map((hand, seat) => h("div", { class: "replay-seat" },
        h("strong", {}, names[seat] || `${t("seat")} ${seat + 1}`,
          game.seatNote(v, seat)),
        h("div", { class: "row cards-row" }, sortHand(hand).map((c) => cardImage(c, "small")))))),
      analysisBox(),
      game.extras(v, names));
  }
  recordPromise
    .then((answer) => {
      record = answer;
      return api("/api/replay", record);
    })
    .then((data) => {
      // The names the record gives (a server's game, a file's Seat tags: anyone's text,
      // shown as text); a server's game leaves a robot's seat unnamed, a file may name none.
      const robots = Array.isArray(record.meta?.names);
      names = Array.from({ length: data.players }, (_, seat) =>
        data.names?.[seat] ?? `${t(robots ? "robot" : "seat")} ${seat + 1}`);
      stopped = record.meta?.status === "cancelled";
      // Nothing played (a game stopped before its first deal was played out keeps
      // none of it): nothing to step through, nor to review.
      if (data.steps.length < 2) {
        clear(box, h("p", { class: "notice", id: "replay-note" }, t(stopped ? "replay_stopped_early" : "replay_no_moves")));
        return;
      }
      steps = data.steps;
      // Open on the hands as dealt: step 0 is the table before the first deal.
      const dealt = steps.findIndex((step) => uiOf(step.view.game).replay.hands(step.view).some((hand) => hand.length));
      at = Math.max(0, dealt);
      render();
    })
    // worded in the page's language: the refusals' words may still be on their way
    .catch((error) => refusalsLoaded.then(() => clear(box, h("p", { class: "error" }, sentence(refusal(error))))));
  document.addEventListener("keydown", function keys(e) {
    if (!document.body.contains(box)) { document.removeEventListener("keydown", keys); return; }
    if (!steps.length || e.target.matches("input, select, textarea")) return; // a list's arrows are its own
    // as the buttons: nothing past either end (no step said again)
    if (e.key === "ArrowRight" && at < steps.length - 1) go(at + 1);
    if (e.key === "ArrowLeft" && at > 0) go(at - 1);
  });
  return [box, said];
}
