// Parts of a tournament's page shared by the duplicate and the libre.
import { h, redraw, redrawOptions, sentence } from "./dom.js";
import { checkWords, getLang, refusal, t, tn } from "./i18n.js";
import { api } from "./net.js";

const ORIENTATION_FR = { W: "O" };

/** A seat's orientation as the page's language letters it (the server's N, W, S, E:
 * West is Ouest in French; the A to E of five seats are the same in both). */
export function orientation(label) {
  return getLang() === "fr" ? ORIENTATION_FR[label] ?? label : label;
}

/** Whether the fields in sight of ``form`` (made ``novalidate``: the browser's own
 * bubble speaks the browser's language, unstyled) are as the page asks: a wrong one
 * is said under itself in the page's language, as its description, and the first
 * one takes the focus. The server checks again what is sent. */
export function fieldsValid(form) {
  let first = null;
  for (const field of form.querySelectorAll("input, select, textarea")) {
    if (field.closest("[hidden]")) continue;
    field.setCustomValidity("");
    const wrong = !field.checkValidity();
    fieldSays(field, wrong ? checkWords(field) : "");
    if (wrong) first ??= field;
  }
  if (!form.dataset.checked) { // once said, the words follow what is typed
    form.dataset.checked = "1";
    form.addEventListener("input", ({ target }) => {
      if (document.getElementById(`${target.id}-check`)) fieldSays(target, target.checkValidity() ? "" : checkWords(target));
    });
  }
  first?.focus();
  return !first;
}

function fieldSays(field, words) {
  const id = `${field.id}-check`;
  let note = document.getElementById(id);
  if (!words) {
    note?.remove();
    field.removeAttribute("aria-invalid");
    field.removeAttribute("aria-describedby");
    return;
  }
  if (!note) {
    note = h("small", { class: "field-error", id });
    field.after(note);
  }
  note.textContent = words;
  field.setAttribute("aria-invalid", "true");
  field.setAttribute("aria-describedby", id);
}

/** A percentage as the page's language writes it, its sign held to the number by a
 * narrow space that never breaks the line ("62,5 %" wrapped "%" alone); a dash for none. */
export function percent(value) {
  return value === null || value === undefined ? "–" : `${value.toLocaleString(getLang())}\u202f%`;
}

/** A ranking's first heading: "#" on screen, "Rank" (Rang) for a screen reader. */
export function rankHead() {
  return h("th", { "aria-label": t("rank") }, "#");
}

/** A ranking row's rank cell: a dash, said "no result yet", before the entrant's
 * first result (the server ranks only the entrants with one, the others last). */
export function rankCell(row) {
  if (row.rank !== null) return h("td", {}, row.rank);
  return h("td", { class: "unranked", title: t("tour_no_result") },
    h("span", { "aria-hidden": "true" }, "–"), h("span", { class: "sr-only" }, t("tour_no_result")));
}

/** What the ranking of ``view`` says above its rows: that nobody has a result yet;
 * or, while results are to come, that it is ``provisional`` (the words for its kind)
 * and how many entrants have no result yet (listed last, unranked). */
export function rankingNote(view, provisional) {
  const unranked = view.ranking.filter((row) => row.rank === null).length;
  const words = unranked === view.ranking.length ? [t("tour_no_results_yet")]
    : [view.missing ? provisional : null, unranked ? tn("tour_n_unranked", unranked) : null].filter(Boolean);
  return words.length ? h("p", { class: "muted", id: "ranking-note" }, words.join(" ")) : null;
}

/** A link to tournament ``id``'s ``what`` (ranking, results, adjustments) as a file. */
export function exportLink(id, what, format) {
  return h("a", { class: "button secondary", id: `export-${what}-${format}`,
    href: `/api/tournaments/${id}/export?what=${what}&format=${format}`, download: `tournament-${id}-${what}.${format}` },
  `${t(`tour_${what}`)} ${format.toUpperCase()}`);
}

/** The online part: the organiser opens a position's tables (the next ones open by
 * themselves once a position's tables have all finished); everyone sees each open
 * table's players, and may watch it when ``watchable`` (a duplicate's tables are
 * watched by their players and the organiser only until the tournament is over: the
 * server refuses anyone else, and the row says the table is in play). The panel of
 * tournament ``id`` as ``view`` shows it: ``seatsOf(o)`` names an open
 * table's seats, ``help`` explains the form's play (strings or nodes), and
 * ``opened(receipt)`` is given the receipt the server answers a position's opening with.
 * ``kept``: an object the page keeps across its views, where the panel, its position
 * select and its button are drawn once (the options follow the view): a view pushed
 * while the organiser chooses leaves the choice and the focus as they are. */
export function onlinePanel(view, id, seatsOf, help, opened, watchable = true, kept = {}) {
  kept.message ??= h("p", { class: "error", role: "alert", id: "online-error" });
  const message = kept.message;
  const open = new Set(view.online.map((o) => o.position));
  kept.position ??= h("select", { id: "online-position", "aria-label": t("online_position_l") });
  const position = redrawOptions(kept.position, [...Array(view.positions).keys()].map((p) => p + 1)
    .filter((p) => !open.has(p)).map((p) => [p, `${t("tour_position")} ${p}`]));
  kept.open = async function openPosition() { // the button drawn once calls the view of now's
    message.textContent = ""; // a new attempt: the last refusal goes
    try {
      opened(await api(`/api/tournaments/${id}/online`, { position: Number(position.value) }, { guest: true }));
    } catch (error) {
      message.textContent = sentence(refusal(error));
    }
  };
  kept.row ??= h("div", { class: "row" }, position, h("button", { id: "online-open", onclick: () => kept.open() }, t("tour_open_online")));
  const rows = view.online.map((o) => h("tr", { class: o.done ? "done" : "" }, h("td", {}, o.position), h("td", {}, o.table),
    h("td", {}, seatsOf(o)),
    h("td", {}, o.done ? t("tour_done") : watchable ? h("a", { href: `#/table/${o.table_id}`, class: "online-table" }, t("tour_watch"))
      : h("span", { class: "muted in-play" }, t("tour_in_play")))));
  kept.section ??= h("section", { id: "tour-online" });
  return redraw(kept.section, h("h2", {}, t("tour_online")), h("p", { class: "muted" }, help),
    view.master && position.options.length ? kept.row : null,
    message,
    rows.length ? h("div", { class: "table-scroll" }, h("table", { class: "score-table tour-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("tour_position")), h("th", {}, t("table")), h("th", {}, t("tour_seats")), h("th", {}))),
      h("tbody", {}, rows))) : null);
}
