// The score sheet for games played with real cards: the players, the rule set and each
// deal as a person writes it down. The server scores every deal with the engine's own
// scoring and adds the running totals; JavaScript adds nothing up. A registered
// player's sheets are kept on the server (/api/sheets: list, share link, CSV); a
// guest's sheet stays in localStorage, scored by /api/sheet/score, and can be kept
// in the account after registering. The contracts and the options (misère, the "mort"
// form at 5) come from the rule set as the engine describes it (/api/games).
import { clear, download, h, sentence } from "./dom.js";
import { getLang, refusal, t, tn } from "./i18n.js";
import { api } from "./net.js";
import { breakdownList } from "./french.js";

const KEY = "atout.sheet";
const POIGNEES = 3;
const MISERES = 2;
let variants = null;
const offered = api("/api/games").then((games) => { variants = games.find((g) => g.name === "french").variants; });

const signedIn = () => Boolean(localStorage.getItem("atout.token"));

function blank(players = 4, variant = "fft") {
  return { title: "", variant, options: {}, players: [...Array(players).keys()].map((n) => ({ name: t("seat_n", { n: n + 1 }) })), deals: [] };
}

// The guest's sheet; one saved by an older version (a count and names) is read too.
function loadLocal() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY));
    if (saved && Array.isArray(saved.players) && Array.isArray(saved.deals)) return saved;
    if (saved && typeof saved.players === "number") {
      const sheet = blank(saved.players, saved.variant);
      sheet.players.forEach((p, seat) => { if (saved.names?.[seat]) p.name = saved.names[seat]; });
      sheet.deals = (saved.deals || []).map(({ input }) => {
        const { players, variant, options, ...deal } = input;
        return deal;
      });
      return sheet;
    }
  } catch { /* a damaged sheet starts again */ }
  return blank();
}

// A player's default name, which nobody typed, speaks the page's language: a sheet
// made in English and opened in French has "Joueur 1", not "Player 1".
const named = (name, seat) => (name === t("seat_n_other", { n: seat + 1 }) ? t("seat_n", { n: seat + 1 }) : name);

// The sheet as written, without what the server adds (scores, totals, id...).
function written(view) {
  const fields = ["contract", "taker", "partner", "points", "bouts", "petit_au_bout", "poignees", "chelem", "miseres", "sitting_out"];
  return { title: view.title, variant: view.variant, options: view.options,
    players: view.players.map(({ name, user }, seat) => (user ? { name, user } : { name: named(name, seat) })),
    deals: view.deals.map((d) => Object.fromEntries(fields.map((f) => [f, d[f]]))) };
}

// Where a sheet is kept, as the same few operations, each answering the scored sheet.
function guestStore() {
  let sheet = loadLocal();
  async function keep(next) {
    const view = await api("/api/sheet/score", next); // refused: nothing is saved
    sheet = next;
    localStorage.setItem(KEY, JSON.stringify(sheet));
    return view;
  }
  return {
    load: () => keep(sheet).catch(() => keep(blank())),
    replace: (next) => keep(next),
    add: (deal) => keep({ ...sheet, deals: [...sheet.deals, deal] }),
    edit: (i, deal) => keep({ ...sheet, deals: sheet.deals.map((d, j) => (j === i ? deal : d)) }),
    remove: (i) => keep({ ...sheet, deals: sheet.deals.filter((_, j) => j !== i) }),
    csv: () => text(`/api/sheet/csv?lang=${getLang()}`, sheet),
    drop: () => keep(blank(sheet.players.length, sheet.variant)),
  };
}

function accountStore(id) {
  const path = `/api/sheets/${id}`;
  return {
    id,
    load: () => api(path),
    replace: (next) => api(path, next, { method: "PUT" }),
    add: (deal) => api(`${path}/deals`, deal),
    edit: (i, deal) => api(`${path}/deals/${i}`, deal, { method: "PUT" }),
    remove: (i) => api(`${path}/deals/${i}`, undefined, { method: "DELETE" }),
    csv: () => text(`${path}/csv?lang=${getLang()}`),
    share: (on) => api(`${path}/share`, undefined, { method: on ? "POST" : "DELETE" }),
    drop: () => api(path, undefined, { method: "DELETE" }),
  };
}

function sharedStore(token) {
  return { load: () => api(`/api/shared/${encodeURIComponent(token)}`), csv: () => text(`/api/shared/${encodeURIComponent(token)}/csv?lang=${getLang()}`) };
}

async function text(path, body) {
  const saved = localStorage.getItem("atout.token");
  const headers = saved ? { Authorization: `Bearer ${saved}` } : {};
  const options = body === undefined ? { headers } : { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  if (!response.ok) throw Object.assign(new Error(response.statusText), await response.json().catch(() => ({})));
  return response.text();
}

function shareUrl(token) { return `${location.origin}${location.pathname}#/shared/${token}`; }

/** The score sheet page: ``id`` a kept sheet's, ``token`` a shared one's (read only). */
export function sheetPage(id, token) {
  const page = h("section", { class: "panel sheet", id: "sheet" });
  if (token) {
    show(page, sharedStore(token), { readOnly: true });
  } else if (!signedIn()) {
    show(page, guestStore(), {});
  } else if (id) {
    show(page, accountStore(id), {});
  } else {
    listPage(page);
  }
  return page;
}

// A registered player's sheets, newest first, a new one, and the browser's own sheet
// (made as a guest) to keep.
async function listPage(page) {
  const message = h("p", { class: "error", role: "alert" });
  const local = loadLocal();
  async function create(sheet) {
    try {
      const made = await api("/api/sheets", sheet);
      if (sheet === local) localStorage.removeItem(KEY);
      location.hash = `#/sheet/${made.id}`;
    } catch (error) { message.textContent = sentence(refusal(error)); }
  }
  let listed = [];
  try { listed = (await api("/api/sheets")).sheets; } catch (error) { message.textContent = sentence(refusal(error)); }
  clear(page, h("h1", {}, t("my_sheets")), h("p", { class: "muted" }, t("sheet_help")),
    listed.length ? h("ul", { class: "sheet-list", id: "sheet-list" }, listed.map((s) => h("li", {},
      h("a", { href: `#/sheet/${s.id}` }, s.title || s.players.map(named).join(", ")), " ",
      h("small", { class: "muted" }, `${t(`variant_${s.variant}`)} · ${tn("n_deals", s.deals)} · ${new Date(s.updated * 1000).toLocaleDateString(getLang())}`))))
      : h("p", { id: "no-sheets" }, t("no_sheets")),
    message,
    h("div", { class: "row" },
      h("button", { id: "new-sheet", onclick: () => create(blank()) }, t("new_sheet")),
      local.deals.length ? h("button", { id: "keep-sheet", class: "secondary", onclick: () => create(local) }, t("keep_sheet", { n: local.deals.length })) : null));
}

// ``fixed``: a sheet whose players and rules are set elsewhere (a tournoi libre's
// table): no setup, and the page around it exports and prints. Resolves with a handle
// whose ``refresh()`` draws the sheet again as the store now has it.
export async function show(page, store, { readOnly = false, fixed = false }) {
  let view;
  try {
    view = await store.load();
  } catch (error) {
    clear(page, h(fixed ? "h2" : "h1", {}, t("scoresheet")), h("p", { class: "error", role: "alert", id: "sheet-error" }, sentence(refusal(error))));
    return;
  }
  let editing = null; // the index of the deal being corrected
  let shared = view.share ?? null;
  // A fixed sheet is a part of its page (a tournoi libre's, whose title is the h1): its
  // headings a level down.
  const [top, sub] = fixed ? ["h2", "h3"] : ["h1", "h2"];
  const message = h("p", { class: "error", id: "sheet-error", role: "alert" });

  // Draw the page again; what is being typed meanwhile (a name, a deal being written
  // down) stays as it was, and where it was typed, unless the change was that deal's
  // (``keepDraft`` false).
  function redraw(keepDraft = true) {
    const typing = `.sheet-setup input:not([type=checkbox])${keepDraft ? ", #deal-form [id]" : ""}`;
    const draft = [...page.querySelectorAll(typing)].map((el) => [el.id, el.value, el.checked]);
    const active = page.contains(document.activeElement) ? document.activeElement : null;
    const [focused, start, end] = active ? [active.id, active.selectionStart, active.selectionEnd] : [];
    render();
    for (const [id, value, checked] of draft) {
      const el = page.querySelector(`#${id}`);
      if (!el) continue;
      if (el.type === "checkbox") el.checked = checked;
      else if (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === value)) el.value = value;
    }
    const refocus = focused ? page.querySelector(`#${focused}`) : null;
    refocus?.focus();
    if (refocus && start !== null && start !== undefined) refocus.setSelectionRange(start, end); // the caret where it was
  }

  async function change(operation, keepDraft = true) {
    try {
      view = await operation();
      message.textContent = "";
      redraw(keepDraft);
      return true;
    } catch (error) {
      const named = (seat) => view.players[seat]?.name ?? String(seat);
      message.textContent = t("error", { msg: refusal(error, undefined, named) });
      return false;
    }
  }

  function render() {
    const sheet = written(view);
    const offer = variants?.find((v) => v.name === sheet.variant);
    const option = (key) => sheet.options[key] ?? offer?.options[key];
    const count = sheet.players.length;
    const mort = count === 5 && option("dealer_sits_out") === true;
    const seats = [...Array(count).keys()];
    const nameOf = (seat) => sheet.players[seat]?.name ?? t("seat_n", { n: seat + 1 });
    const seatSelect = (id, extra = []) => h("select", { id },
      extra.map(([v, label]) => h("option", { value: v }, label)), seats.map((seat) => h("option", { value: seat }, nameOf(seat))));

    // What is written before the first deal: changing the table or the rules starts the sheet again.
    function restart(next) {
      if (view.deals.length && !confirm(t("confirm_clear"))) { render(); return; }
      change(() => store.replace({ ...next, deals: [] }));
    }
    const setup = readOnly || fixed ? null : h("fieldset", { class: "sheet-setup" }, h("legend", {}, t("sheet_setup")),
      h("div", { class: "options-grid" },
        h("label", {}, t("sheet_title"), h("input", { id: "sheet-title", value: sheet.title, maxlength: 80,
          onchange: (e) => { if (e.target.value !== sheet.title) change(() => store.replace({ ...sheet, title: e.target.value })); } })),
        h("label", {}, t("players"), h("select", { id: "sheet-players", onchange: (e) => {
          const n = Number(e.target.value);
          const players = [...Array(n).keys()].map((seat) => sheet.players[seat] ?? { name: t("seat_n", { n: seat + 1 }) });
          const options = { ...sheet.options };
          if (n !== 5) delete options.dealer_sits_out;
          restart({ ...sheet, players, options });
        } }, (offer?.players ?? [count]).map((n) => h("option", { value: n, selected: n === count }, n)))),
        h("label", {}, t("variant"), h("select", { id: "sheet-variant", onchange: (e) => restart({ ...sheet, variant: e.target.value, options: {} }) },
          (variants ?? [{ name: sheet.variant }]).map((v) => h("option", { value: v.name, selected: v.name === sheet.variant }, t(`variant_${v.name}`))))),
        ["misere", ...(count === 5 ? ["dealer_sits_out"] : [])].filter((key) => typeof offer?.options[key] === "boolean").map((key) =>
          h("label", { class: "check" }, h("input", { type: "checkbox", id: `sheet-option-${key}`, checked: option(key) === true,
            onchange: (e) => restart({ ...sheet, options: { ...sheet.options, [key]: e.target.checked } }) }), t(`rule_${key}`)))),
      h("div", { class: "row" }, seats.map((seat) => h("span", { class: "player-name" },
        h("input", { id: `sheet-name-${seat}`, value: nameOf(seat), maxlength: 32, "aria-label": t("seat_n", { n: seat + 1 }),
          onchange: (e) => {
            const name = e.target.value.trim() || t("seat_n", { n: seat + 1 });
            if (name !== nameOf(seat)) setPlayer(seat, { name });
          } }),
        store.id ? h("label", { class: "check", title: t("account_link_help") }, h("input", { type: "checkbox", id: `sheet-account-${seat}`,
          checked: Boolean(sheet.players[seat].user), onchange: (e) => linkAccount(seat, e.target) }), t("account_link")) : null))),
      // said where a phone shows it too, not only in a tooltip
      store.id ? h("p", { class: "muted", id: "sheet-account-help" }, t("account_link_note")) : null);

    // A player is a name, or online a registered player's account: its id, found by
    // the name written (their profile), is what the sheet keeps.
    function setPlayer(seat, player) {
      const players = sheet.players.map((p, i) => (i === seat ? player : p));
      return change(() => store.replace({ ...sheet, players }));
    }
    async function linkAccount(seat, box) {
      if (!box.checked) { setPlayer(seat, { name: nameOf(seat) }); return; }
      try {
        const found = await api(`/api/profile/${encodeURIComponent(nameOf(seat))}`);
        setPlayer(seat, { name: found.name, user: found.id });
      } catch (error) {
        box.checked = false;
        message.textContent = t("error", { msg: refusal(error) });
      }
    }

    const form = readOnly ? null : dealForm();
    function dealForm() {
      const before = editing === null ? null : sheet.deals[editing];
      const taker = seatSelect("deal-taker");
      const partner = count === 5 && !mort ? seatSelect("deal-partner") : null;
      const out = mort ? seatSelect("deal-sitting-out") : null;
      const contract = h("select", { id: "deal-contract" }, (offer?.contracts ?? ["garde"]).map((c) => h("option", { value: c, selected: c === "garde" }, t(c))));
      const points = h("input", { id: "deal-points", type: "number", min: 0, max: 91, step: 0.5, required: true });
      const bouts = h("select", { id: "deal-bouts" }, [0, 1, 2, 3].map((n) => h("option", { value: n }, n)));
      const side = (id) => h("select", { id }, h("option", { value: "" }, "–"), h("option", { value: "attack" }, t("attack")), h("option", { value: "defense" }, t("defence")));
      const petit = side("deal-petit");
      // two selects under one word: each is named for a screen reader ("Poignée 2: its size")
      const pair = (prefix, i, kinds) => {
        const seat = seatSelect(`deal-${prefix}-seat-${i}`, [["", "–"]]);
        const what = `${t(prefix)} ${i + 1}`;
        seat.setAttribute("aria-label", t(`${prefix}_who`, { what }));
        return { seat, kind: h("select", { id: `deal-${prefix}-${prefix === "poignee" ? "size" : "kind"}-${i}`, "aria-label": t(`${prefix}_kind_l`, { what }) },
          kinds.map((k) => h("option", { value: k }, t(k)))) };
      };
      const poignees = [...Array(POIGNEES).keys()].map((i) => pair("poignee", i, ["simple", "double", "triple"]));
      const miseres = option("misere") ? [...Array(MISERES).keys()].map((i) => pair("misere", i, ["sans_atouts", "sans_points"])) : [];
      const announced = h("input", { id: "deal-chelem-announced", type: "checkbox" });
      const chelemMade = side("deal-chelem-made");
      const last = sheet.deals.at(-1);
      if (out && last?.sitting_out != null) out.value = (last.sitting_out + 1) % count; // the deal passes to the right
      if (before) {
        taker.value = before.taker;
        if (partner) partner.value = before.partner ?? before.taker;
        if (out) out.value = before.sitting_out ?? 0;
        contract.value = before.contract;
        points.value = before.points;
        bouts.value = before.bouts;
        petit.value = before.petit_au_bout ?? "";
        before.poignees.slice(0, POIGNEES).forEach((p, i) => { poignees[i].seat.value = p.seat; poignees[i].kind.value = p.size; });
        before.miseres.slice(0, miseres.length).forEach((m, i) => { miseres[i].seat.value = m.seat; miseres[i].kind.value = m.kind; });
        announced.checked = before.chelem.announced;
        chelemMade.value = before.chelem.made ?? "";
      }
      async function submit(e) {
        e.preventDefault();
        const chosen = (rows) => rows.filter((r) => r.seat.value !== "");
        const deal = {
          contract: contract.value, taker: Number(taker.value), points: Number(points.value), bouts: Number(bouts.value),
          petit_au_bout: petit.value || null,
          poignees: chosen(poignees).map((p) => ({ seat: Number(p.seat.value), size: p.kind.value })),
          chelem: { announced: announced.checked, made: chelemMade.value || null },
          miseres: chosen(miseres).map((m) => ({ seat: Number(m.seat.value), kind: m.kind.value })),
        };
        if (partner) deal.partner = Number(partner.value);
        if (out) deal.sitting_out = Number(out.value);
        const index = editing;
        editing = null;
        if (!(await change(() => (index === null ? store.add(deal) : store.edit(index, deal)), false))) editing = index;
      }
      const pairs = (label, rows) => rows.map((r) => h("label", {}, label, h("span", { class: "row" }, r.seat, r.kind)));
      return h("form", { id: "deal-form", class: "deal-form", onsubmit: submit },
        h(sub, {}, before ? t("deal_n", { n: editing + 1 }) : t("new_deal")),
        h("div", { class: "options-grid" },
          out ? h("label", {}, t("sitting_out_l"), out) : null,
          h("label", {}, t("taker_l"), taker), partner ? h("label", {}, t("partner_l"), partner) : null,
          h("label", {}, t("contract"), contract), h("label", {}, t("points"), points), h("label", {}, t("bouts"), bouts),
          h("label", {}, t("petit_au_bout"), petit),
          pairs(t("poignee"), poignees), pairs(t("misere"), miseres),
          h("label", { class: "check" }, announced, `${t("chelem")} ${t("announced")}`),
          h("label", {}, `${t("chelem")} ${t("made_by")}`, chelemMade)),
        message,
        h("div", { class: "row" },
          h("button", { type: "submit", id: "add-deal" }, before ? t("save_deal") : t("add_deal")),
          before ? h("button", { type: "button", id: "cancel-edit", class: "secondary", onclick: () => { editing = null; render(); } }, t("cancel")) : null));
    }

    const signed = (n) => (n > 0 ? `+${n}` : String(n));
    // Each deal's ✎ and ✕ after its number: in sight on a phone, the players' columns
    // scrolling sideways after them.
    const actions = (i) => (readOnly ? null : h("td", { class: "actions" },
      h("button", { class: "link edit", title: t("edit"), "aria-label": t("edit"), onclick: () => {
        editing = i;
        render();
        page.querySelector("#deal-form")?.scrollIntoView({ block: "nearest" }); // a phone's form is a screen up
      } }, "✎"),
      h("button", { class: "link delete", title: t("delete"), "aria-label": t("delete"), onclick: () => {
        if (confirm(t("confirm_delete_deal", { n: i + 1 }))) { editing = null; change(() => store.remove(i)); }
      } }, "✕")));
    const rows = view.deals.map((d, i) => h("tr", { "data-deal": i, class: i === editing ? "editing" : null },
      h("td", {}, i + 1), actions(i),
      h("td", { class: "what" }, `${t(d.contract)} · ${nameOf(d.taker)}${d.partner !== null && d.partner !== d.taker ? ` + ${nameOf(d.partner)}` : ""}`, h("br"),
        h("small", {}, `${tn("n_points", d.points)}, ${tn("n_bouts", d.bouts)} · ${d.made ? t("made") : t("failed", { n: Math.abs(d.breakdown.difference ?? 0) })}`),
        h("details", {}, h("summary", {}, t("breakdown")), breakdownList(d.breakdown))),
      // said as one phrase by a screen reader ("Alice: +60, total 120"), not two bare numbers
      d.scores.map((score, seat) => h("td", { class: `score ${score >= 0 ? "pos" : "neg"}`,
        "aria-label": t("sheet_cell", { name: nameOf(seat), score: signed(score), total: d.totals[seat] }) }, signed(score),
        h("small", { class: "running", "data-running": seat }, d.totals[seat])))));

    const shareBox = store.share && shared ? h("div", { class: "row share no-print", id: "share-box" },
      h("input", { id: "share-link", readonly: true, value: shareUrl(shared), "aria-label": t("share_link") }),
      h("button", { class: "secondary", onclick: () => navigator.clipboard?.writeText(shareUrl(shared)) }, t("copy")),
      h("button", { class: "secondary", id: "unshare-sheet", onclick: async () => { await store.share(false); shared = null; render(); } }, t("unshare"))) : null;

    clear(page,
      h(top, {}, readOnly ? t("shared_sheet") : t("scoresheet")),
      fixed ? null : h("p", { class: "muted no-print" }, readOnly ? t("shared_help") : store.id ? t("sheet_kept") : t("sheet_local")),
      sheet.title ? h(sub, { class: "sheet-title" }, sheet.title) : null,
      h("p", { class: "muted rules-line" }, t(`variant_${sheet.variant}`),
        option("misere") ? ` · ${t("rule_misere")}` : "", mort ? ` · ${t("rule_dealer_sits_out")}` : ""),
      setup, form,
      h("div", { class: "table-scroll" }, h("table", { class: "score-table wide sheet-table", id: "sheet-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), readOnly ? null : h("th", { class: "actions" }),
          h("th", { scope: "col", class: "what" }, t("contract")), seats.map((seat) => h("th", { scope: "col" }, nameOf(seat))))),
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", {}, h("th", {}), readOnly ? null : h("th", { class: "actions" }), h("th", { class: "what" }, t("total")),
          view.totals.map((v, seat) => h("th", { class: "total", "data-total": seat, "aria-label": t("sheet_total_cell", { name: nameOf(seat), total: v }) }, v)))))),
      fixed ? null : h("div", { class: "row no-print sheet-actions" },
        h("button", { id: "export-csv", class: "secondary", onclick: async () => {
          try { download("atout-sheet.csv", await store.csv(), "text/csv"); } catch (error) { message.textContent = sentence(refusal(error)); }
        } }, t("export_csv")),
        h("button", { id: "export-json", class: "secondary", onclick: () => download("atout-sheet.json", JSON.stringify(sheet, null, 1), "application/json") }, t("export_json")),
        h("button", { id: "print-sheet", class: "secondary", onclick: () => window.print() }, t("print")),
        store.share && !shared ? h("button", { id: "share-sheet", class: "secondary", onclick: async () => {
          try { shared = (await store.share(true)).token; render(); } catch (error) { message.textContent = sentence(refusal(error)); }
        } }, t("share_sheet")) : null,
        store.drop ? h("button", { id: store.id ? "delete-sheet" : "clear-sheet", class: "secondary", onclick: () => {
          if (!confirm(t(store.id ? "confirm_delete_sheet" : "confirm_clear"))) return;
          if (!store.id) change(() => store.drop());
          else store.drop().then(() => { location.hash = "#/sheet"; }, (error) => { message.textContent = sentence(refusal(error)); });
        } }, t(store.id ? "delete_sheet" : "clear_sheet")) : null,
        store.id ? h("a", { class: "button secondary", href: "#/sheet", id: "all-sheets" }, t("my_sheets")) : null),
      shareBox, readOnly ? message : null);
  }
  render();
  // The variants, sizes, contracts and options once the server has said them: on a
  // slow line the player may be writing a deal by then.
  offered.then(() => redraw());
  // The page around a fixed sheet says when it changed elsewhere: drawn again from the
  // store, the deal being written kept.
  return { refresh: async () => { view = await store.load(); redraw(); } };
}
