// The tournoi libre on the #/tournament page: the organiser creates one (players, or
// teams of 2 or 4 that never meet), prints the table plan and the slips, and enters
// each table's sheet at each position: deal by deal in the score sheet's own form
// (the server scores them, the running totals come back), or the bilans copied from
// the paper sheet. The ranking adds each player's bilans (teams: their members').
// Online, players take their places, the organiser opens a position, each table
// bids and plays its deals (robots in the empty seats) and its sheet comes back.
// The server draws the plan, scores and ranks (atout.tournament.libre).
import { clear, h, redraw } from "./dom.js";
import { getLang, labelled, refusal, t, tn } from "./i18n.js";
import { api } from "./net.js";
import { show } from "./sheet.js";
import { exportLink, fieldsValid, onlinePanel, orientation, rankCell, rankHead, rankingNote } from "./tournament_parts.js";

const call = (path, body) => api(path, body, { guest: true });

export function libreCreatePage() {
  const message = h("p", { class: "error", role: "alert", id: "libre-error" });
  const name = h("input", { id: "libre-name", maxlength: 64 });
  const form = h("select", { id: "libre-form" },
    ["individual", "pairs", "fours"].map((f) => h("option", { value: f }, t(`libre_${f}`))));
  const positions = h("input", { id: "libre-positions", type: "number", min: 1, max: 20, value: 5, required: true });
  const deals = h("input", { id: "libre-deals", type: "number", min: 1, max: 30, value: 5, required: true });
  const names = h("textarea", { id: "libre-names", rows: 8, placeholder: t("libre_names_help") });
  async function create(e) {
    e.preventDefault();
    if (!fieldsValid(e.target)) return;
    const body = { name: name.value, form: form.value, positions: Number(positions.value), deals: Number(deals.value),
      names: names.value.split("\n").map((n) => n.trim()).filter(Boolean) };
    try {
      const made = await call("/api/tournaments/libre", body);
      location.hash = `#/tournament/${made.id}`;
    } catch (error) {
      message.textContent = refusal(error);
    }
  }
  return h("section", { class: "panel", id: "tournament" },
    h("h1", {}, t("libre")), h("p", { class: "muted" }, t("libre_help")),
    h("form", { onsubmit: create, novalidate: true },
      h("div", { class: "options-grid" },
        h("label", {}, t("tour_name"), name), h("label", {}, t("tour_form"), form),
        h("label", {}, t("tour_positions"), positions), h("label", {}, t("libre_deals"), deals)),
      h("label", {}, t("tour_names"), names), message,
      h("button", { type: "submit", id: "libre-create" }, t("create"))),
    h("p", {}, h("a", { href: "#/tournament" }, t("tournaments"))));
}

// What the follow page shows of a tournoi libre; ``update`` takes the receipt an
// entry answers and resolves with the view of its version once it is there (pushed
// over the websocket). The sheet being written is kept across the pushed views.
export function libreFollower(id, update) {
  const sheetBox = h("div", { id: "libre-sheet" });
  const bilansBox = h("div");
  let view = null;
  let chosen = null; // "position:table"
  let sheet = null; // the chosen table's sheet shown (sheet.js: a promise of its handle)
  let sheetShown = null; // that sheet as the view had it when last shown (JSON)

  const nameOf = (player) => view.names[player - 1];
  const tableAt = (key) => view.plan.find((p) => `${p.position}:${p.table}` === key);
  const sheetAt = (key) => view.sheets.find((s) => `${s.position}:${s.table}` === key);

  // The table's sheet as the score sheet page reads it; each change sends the whole
  // sheet, which the server scores: the tournament's view then has it.
  function tableStore(key) {
    const [position, table] = key.split(":").map(Number);
    const seats = tableAt(key).seats;
    const asSheet = () => {
      const entered = sheetAt(key);
      if (key === chosen) sheetShown = JSON.stringify(entered ?? null);
      return { title: `${t("tour_position")} ${position} · ${t("table")} ${table}`, variant: "fft", options: {},
        players: seats.map((p) => ({ name: nameOf(p) })), deals: entered?.deals ?? [],
        totals: entered?.bilans ?? seats.map(() => 0) };
    };
    const fields = ["contract", "taker", "partner", "points", "bouts", "petit_au_bout", "poignees", "chelem", "miseres", "sitting_out"];
    const written = () => asSheet().deals.map((d) => Object.fromEntries(fields.map((f) => [f, d[f]]).filter(([, v]) => v !== null)));
    async function send(deals) {
      view = await update(await call(`/api/tournaments/${id}/sheets`, { position, table, deals }));
      return asSheet();
    }
    return {
      load: async () => asSheet(),
      add: (deal) => send([...written(), deal]),
      edit: (i, deal) => send(written().map((d, j) => (j === i ? deal : d))),
      remove: (i) => send(written().filter((_, j) => j !== i)),
    };
  }

  function choose(key) {
    chosen = key;
    clear(sheetBox);
    clear(bilansBox, key ? bilansForm(key) : null);
    sheet = key ? show(sheetBox, tableStore(key), { fixed: true }) : null;
  }

  // The points next to the name (a phone reads them without scrolling sideways, and
  // nothing is held over the positions' columns); a dash, as in the duplicate, for a
  // player or team with no sheet yet (their 0 read as a result).
  function rankingTable() {
    const teams = view.form !== "individual";
    const head = teams ? [t("tour_team"), t("libre_points"), t("libre_members")]
      : [t("tour_player"), t("libre_points"), ...[...Array(view.positions).keys()].map((p) => `P${p + 1}`)];
    const signed = (n) => (n === null ? "–" : n > 0 ? `+${n}` : String(n));
    const total = (row) => h("td", { class: "total key" }, signed(row.rank === null ? null : row.total));
    const rows = view.ranking.map((row) => (teams
      ? h("tr", { "data-team": row.team }, rankCell(row), h("td", {}, `${t("tour_team_n", { n: row.team })} · ${row.names.join(", ")}`),
        total(row), h("td", {}, row.players.join(" / ")))
      : h("tr", { "data-player": row.player }, rankCell(row), h("td", {}, row.name), total(row),
        [...Array(view.positions).keys()].map((p) => h("td", {}, signed(row[`position_${p + 1}`]))))));
    return h("div", { class: "table-scroll" }, h("table", { class: "score-table wide tour-table", id: "libre-ranking" },
      h("thead", {}, h("tr", {}, rankHead(), head.map((label, i) => h("th", { class: i === 1 ? "key" : null }, label)))), h("tbody", {}, rows)));
  }

  function planTable() {
    return h("details", { id: "libre-plan", open: !view.master },
      h("summary", {}, t("libre_plan")),
      h("p", { class: "muted" }, view.repeats ? tn("libre_repeats", view.repeats) : t("libre_no_repeats")),
      h("div", { class: "table-scroll" }, h("table", { class: "score-table tour-table" },
        h("thead", {}, h("tr", {}, [t("tour_position"), t("table"), t("tour_seats")].map((label) => h("th", {}, label)))),
        h("tbody", {}, view.plan.map((p) => h("tr", { "data-position": p.position, "data-table": p.table },
          h("td", {}, p.position), h("td", {}, p.table),
          h("td", {}, p.seats.map((player, i) => `${orientation(p.labels[i])} ${nameOf(player)}`).join(" · "))))))));
  }

  // The organiser: which table's sheet, then its deals (or its bilans). Drawn once: a
  // view pushed while a sheet or bilans are written changes only the tables' marks (✓),
  // and the sheet shown if its table's sheet changed elsewhere (another organiser's
  // page, a table played online), the deal being written kept (sheet.js).
  let enterPart = null;
  let picker = null;
  function entering() {
    if (!enterPart) {
      picker = h("select", { id: "libre-table", onchange: () => choose(picker.value) },
        h("option", { value: "" }, "–"), view.plan.map((p) => h("option", { value: `${p.position}:${p.table}` })));
      enterPart = h("section", { id: "libre-enter" }, h("h2", {}, t("libre_sheet")), h("p", { class: "muted" }, t("libre_sheet_help")),
        h("label", {}, t("libre_choose"), picker), bilansBox, sheetBox);
    }
    const done = new Set(view.sheets.map((s) => `${s.position}:${s.table}`));
    for (const option of [...picker.options].slice(1)) {
      const p = tableAt(option.value);
      const text = `${t("tour_position")} ${p.position} · ${t("table")} ${p.table}${done.has(option.value) ? ` ✓ ${t("libre_entered")}` : ""}`;
      if (option.textContent !== text) option.textContent = text;
    }
    if (sheet && JSON.stringify(sheetAt(chosen) ?? null) !== sheetShown) sheet.then((shown) => shown?.refresh());
    return enterPart;
  }

  function bilansForm(key) {
    const seats = tableAt(key).seats;
    const message = h("p", { class: "error", role: "alert", id: "bilans-error" });
    const sum = h("span", { id: "bilans-sum" });
    const inputs = seats.map((p, i) => h("input", { type: "number", step: 1, required: true, id: `bilan-${i}`,
      "aria-label": nameOf(p), oninput: total }));
    function total() { sum.textContent = t("libre_sum", { n: inputs.reduce((a, input) => a + Number(input.value || 0), 0) }); }
    total();
    async function enter(e) {
      e.preventDefault();
      message.textContent = ""; // a new attempt: the last refusal goes
      if (!fieldsValid(e.target)) return;
      const [position, table] = key.split(":").map(Number);
      try {
        view = await update(await call(`/api/tournaments/${id}/sheets`, { position, table, bilans: inputs.map((input) => Number(input.value)) }));
        choose(key);
      } catch (error) {
        message.textContent = refusal(error);
      }
    }
    return h("details", { id: "libre-bilans" }, h("summary", {}, t("libre_bilans")),
      h("form", { onsubmit: enter, novalidate: true }, h("div", { class: "options-grid" },
        seats.map((p, i) => h("label", {}, nameOf(p), inputs[i]))), h("p", {}, sum), message,
      h("button", { type: "submit", id: "bilans-enter" }, t("libre_enter_bilans"))));
  }

  // Where the reader sits at each position, with the way to the table once it is open.
  function mySeats() {
    const rows = view.plan.filter((p) => p.seats.includes(view.me)).map((p) => {
      const at = p.seats.indexOf(view.me);
      const link = view.online.find((o) => o.position === p.position && o.table === p.table);
      const where = !link ? t("tour_later") : link.done ? t("tour_done")
        : h("a", { href: `#/table/${link.table_id}?join=1`, class: "my-table" }, t("tour_go"));
      return h("tr", { "data-position": p.position }, h("td", {}, p.position), h("td", {}, p.table),
        h("td", {}, `${at + 1} (${orientation(p.labels[at])})`), h("td", {}, where));
    });
    return h("section", { id: "tour-my-seats" }, h("h2", {}, t("tour_your_seats")),
      h("table", { class: "score-table tour-table" },
        h("thead", {}, h("tr", {}, [t("tour_position"), t("table"), t("seat"), ""].map((label) => h("th", {}, label)))),
        h("tbody", {}, rows)));
  }

  // Online: each open table's players in the plan's seat order.
  const opening = {}; // the panel's own kept elements (the position chosen stays)
  function onlinePart() {
    const seatsOf = (o) => tableAt(`${o.position}:${o.table}`).seats
      .map((player, i) => labelled(`${t("seat")} ${i + 1}`, nameOf(player))).join(" · ");
    return onlinePanel(view, id, seatsOf, t("libre_online_help"), update, true, opening);
  }

  // ``places``: the duplicate page's places (a player takes theirs by identity).
  function parts(next, places) {
    view = next;
    const open = (what) => window.open(`/api/tournaments/${id}/libre/${what}?lang=${getLang()}`, "_blank");
    return [
      h("h1", {}, view.name),
      h("p", { class: "muted", id: "tour-summary" }, `${t("libre")} · ${t(`libre_${view.form}`)} · `,
        `${tn("libre_n_players", view.names.length)} · ${tn("tour_n_tables", view.plan.length / view.positions)} · `,
        `${tn("libre_n_positions", view.positions)} · ${tn("libre_n_deals", view.deals)} · `, tn("libre_n_missing", view.missing)),
      h("div", { class: "row" },
        h("button", { class: "secondary", id: "print-plan", onclick: () => open("plan") }, t("libre_print_plan")),
        h("button", { class: "secondary", id: "print-slips", onclick: () => open("slips") }, t("tour_print_slips"))),
      view.me ? mySeats() : null,
      h("h2", {}, t("tour_ranking")), rankingNote(view, t("libre_provisional")), rankingTable(),
      view.master ? entering() : null,
      places,
      view.master || view.online.length ? onlinePart() : null,
      planTable(),
      h("div", { class: "row" }, exportLink(id, "ranking", "csv"), exportLink(id, "results", "csv"), exportLink(id, "results", "json")),
    ];
  }
  return { parts };
}
