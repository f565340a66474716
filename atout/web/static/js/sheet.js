// The score sheet for games played with real cards: each deal as a person writes it
// down, scored by the server (/api/score, the project's own French scoring), kept in
// localStorage and exported as JSON or CSV. JavaScript only adds the columns up.
import { clear, download, h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { api } from "./net.js";
import { breakdownList } from "./french.js";

const KEY = "atout.sheet";
// French Tarot's variants with their table sizes and contracts, as the engine has
// them (/api/games): the sheet offers exactly those.
let variants = null;
const offered = api("/api/games").then((games) => { variants = games.find((g) => g.name === "french").variants; });

function load() {
  try {
    const sheet = JSON.parse(localStorage.getItem(KEY));
    if (sheet && Array.isArray(sheet.deals)) return sheet;
  } catch { /* a damaged sheet starts again */ }
  return { players: 4, variant: "fft", names: ["", "", "", "", ""], deals: [] };
}

function save(sheet) { localStorage.setItem(KEY, JSON.stringify(sheet)); }

function nameOf(sheet, seat) { return sheet.names[seat] || t("seat_n", { n: seat + 1 }); }

export function sheetPage() {
  const sheet = load();
  const page = h("section", { class: "panel sheet", id: "sheet" });
  const message = h("p", { class: "error", id: "sheet-error", role: "alert" });

  function seatSelect(id, extra = []) {
    return h("select", { id }, extra.map(([v, label]) => h("option", { value: v }, label)),
      [...Array(sheet.players).keys()].map((seat) => h("option", { value: seat }, nameOf(sheet, seat))));
  }

  function render() {
    const offer = variants?.find((v) => v.name === sheet.variant);
    const players = h("select", { id: "sheet-players", onchange: (e) => {
      if (sheet.deals.length && !confirm(t("confirm_clear"))) { e.target.value = sheet.players; return; }
      sheet.players = Number(e.target.value); sheet.deals = []; save(sheet); render();
    } }, (offer?.players ?? [sheet.players]).map((n) => h("option", { value: n, selected: n === sheet.players }, n)));
    const variant = h("select", { id: "sheet-variant", onchange: (e) => { sheet.variant = e.target.value; save(sheet); render(); } },
      (variants ?? [{ name: sheet.variant }]).map((v) => h("option", { value: v.name, selected: v.name === sheet.variant }, t(`variant_${v.name}`))));
    const names = [...Array(sheet.players).keys()].map((seat) => h("input", { id: `sheet-name-${seat}`, value: sheet.names[seat] || "",
      placeholder: t("seat_n", { n: seat + 1 }), maxlength: 20,
      onchange: (e) => { sheet.names[seat] = e.target.value; save(sheet); render(); } }));

    const taker = seatSelect("deal-taker");
    const partner = sheet.players === 5 ? seatSelect("deal-partner") : null;
    const contract = h("select", { id: "deal-contract" }, (offer?.contracts ?? ["garde"]).map((c) => h("option", { value: c, selected: c === "garde" }, t(c))));
    const points = h("input", { id: "deal-points", type: "number", min: 0, max: 91, step: 0.5, required: true });
    const bouts = h("select", { id: "deal-bouts" }, [0, 1, 2, 3].map((n) => h("option", { value: n }, n)));
    const side = (id) => h("select", { id }, h("option", { value: "" }, "–"), h("option", { value: "attack" }, t("attack")), h("option", { value: "defense" }, t("defence")));
    const petit = side("deal-petit");
    const poignees = [0, 1].map((i) => ({
      seat: seatSelect(`deal-poignee-seat-${i}`, [["", "–"]]),
      size: h("select", { id: `deal-poignee-size-${i}` }, ["simple", "double", "triple"].map((s) => h("option", { value: s }, t(s)))),
    }));
    const chelemAnnounced = h("input", { id: "deal-chelem-announced", type: "checkbox" });
    const chelemMade = side("deal-chelem-made");

    async function add(e) {
      e.preventDefault();
      const input = { players: sheet.players, variant: sheet.variant, contract: contract.value, taker: Number(taker.value),
        points: Number(points.value), bouts: Number(bouts.value),
        petit_au_bout: petit.value || null,
        poignees: poignees.filter((p) => p.seat.value !== "").map((p) => ({ seat: Number(p.seat.value), size: p.size.value })),
        chelem: { announced: chelemAnnounced.checked, made: chelemMade.value || null } };
      if (partner) input.partner = Number(partner.value);
      try {
        const result = await api("/api/score", input);
        sheet.deals.push({ input, scores: result.scores, made: result.made, breakdown: result.breakdown });
        save(sheet);
        message.textContent = "";
        render();
      } catch (error) {
        message.textContent = t("error", { msg: error.message });
      }
    }

    const totals = [...Array(sheet.players).keys()].map((seat) => sheet.deals.reduce((sum, d) => sum + d.scores[seat], 0));
    const rows = sheet.deals.map((d, i) => h("tr", { "data-deal": i },
      h("td", {}, i + 1),
      h("td", {}, `${t(d.input.contract)} · ${nameOf(sheet, d.input.taker)}`, h("br"),
        h("small", {}, `${tn("n_points", d.input.points)}, ${tn("n_bouts", d.input.bouts)} · ${d.made ? t("made") : t("failed", { n: Math.abs(d.breakdown.difference ?? 0) })}`),
        h("details", {}, h("summary", {}, t("breakdown")), breakdownList(d.breakdown))),
      d.scores.map((score) => h("td", { class: `score ${score >= 0 ? "pos" : "neg"}` }, score > 0 ? `+${score}` : score)),
      h("td", {}, h("button", { class: "link", title: t("delete"), onclick: () => { sheet.deals.splice(i, 1); save(sheet); render(); } }, "✕"))));

    clear(page,
      h("h1", {}, t("scoresheet")), h("p", { class: "muted" }, t("sheet_help")),
      h("div", { class: "options-grid" }, h("label", {}, t("players"), players), h("label", {}, t("variant"), variant)),
      h("fieldset", {}, h("legend", {}, t("player_names")), h("div", { class: "row" }, names)),
      h("form", { id: "deal-form", class: "deal-form", onsubmit: add },
        h("div", { class: "options-grid" },
          h("label", {}, t("taker_l"), taker), partner ? h("label", {}, t("partner_l"), partner) : null,
          h("label", {}, t("contract"), contract), h("label", {}, t("points"), points), h("label", {}, t("bouts"), bouts),
          h("label", {}, t("petit_au_bout"), petit),
          poignees.map((p) => h("label", {}, t("poignee"), h("span", { class: "row" }, p.seat, p.size))),
          h("label", { class: "check" }, chelemAnnounced, `${t("chelem")} ${t("announced")}`),
          h("label", {}, `${t("chelem")} ${t("made_by")}`, chelemMade)),
        message, h("button", { type: "submit", id: "add-deal" }, t("add_deal"))),
      h("table", { class: "score-table wide", id: "sheet-table" },
        h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("contract")),
          [...Array(sheet.players).keys()].map((seat) => h("th", {}, nameOf(sheet, seat))), h("th", {}))),
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", {}, h("th", {}), h("th", {}, t("total")),
          totals.map((v, seat) => h("th", { class: "total", "data-total": seat }, v)), h("th", {})))),
      h("div", { class: "row" },
        h("button", { id: "export-json", class: "secondary", onclick: () => download("atout-sheet.json", JSON.stringify(sheet, null, 1), "application/json") }, t("export_json")),
        h("button", { id: "export-csv", class: "secondary", onclick: () => download("atout-sheet.csv", toCsv(sheet), "text/csv") }, t("export_csv")),
        h("button", { id: "clear-sheet", class: "secondary", onclick: () => {
          if (confirm(t("confirm_clear"))) { sheet.deals = []; save(sheet); render(); }
        } }, t("clear_sheet"))));
  }
  render();
  offered.then(render); // the variants, sizes and contracts once the server has said them
  return page;
}

function toCsv(sheet) {
  const seats = [...Array(sheet.players).keys()];
  const quote = (v) => `"${String(v).replaceAll('"', '""')}"`;
  const lines = [["deal", "contract", "taker", "points", "bouts", ...seats.map((s) => nameOf(sheet, s))].map(quote).join(",")];
  sheet.deals.forEach((d, i) => lines.push([i + 1, d.input.contract, nameOf(sheet, d.input.taker), d.input.points, d.input.bouts, ...d.scores].map(quote).join(",")));
  lines.push(["total", "", "", "", "", ...seats.map((s) => sheet.deals.reduce((sum, d) => sum + d.scores[s], 0))].map(quote).join(","));
  return lines.join("\n") + "\n";
}
