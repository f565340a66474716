// The leaderboard and a player's profile, read from the server's endpoints.
import { clear, h } from "./dom.js";
import { refusal, t } from "./i18n.js";
import { api } from "./net.js";

export function leaderboardPage() {
  const body = h("tbody", {}, h("tr", {}, h("td", { colspan: 5 }, "…")));
  api("/api/leaderboard").then((rows) => {
    clear(body, rows.map((row, i) => h("tr", {},
      h("td", {}, i + 1), h("td", {}, h("a", { href: `#/profile/${encodeURIComponent(row.name)}` }, row.name)),
      h("td", {}, row.rating), h("td", {}, row.xp), h("td", {}, row.games))));
  }).catch((error) => clear(body, h("tr", {}, h("td", { colspan: 5, class: "error" }, refusal(error)))));
  return h("section", { class: "panel", id: "leaderboard" }, h("h1", {}, t("leaderboard")),
    h("table", { class: "score-table wide" },
      h("thead", {}, h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("name")), h("th", {}, t("rating")), h("th", {}, t("xp")), h("th", {}, t("games")))),
      body));
}

export function profilePage(name) {
  const box = h("dl", { class: "profile", id: "profile" }, "…");
  api(`/api/profile/${encodeURIComponent(name)}`).then((p) => {
    const percent = (x) => (x === null || x === undefined ? "–" : `${Math.round(x * 100)} %`);
    const number = (x) => (x === null || x === undefined ? "–" : Math.round(x * 10) / 10);
    const rows = [["xp", p.xp], ["chips", p.chips], ["rating", p.rating], ["games", p.games], ["wins", p.wins],
      ["contracts_taken", p.contracts_taken], ["success_rate", percent(p.success_rate)], ["average_deal_score", number(p.average_deal_score)]];
    clear(box, rows.map(([key, value]) => [h("dt", {}, t(key)), h("dd", { "data-key": key }, value)]));
  }).catch(() => clear(box, h("p", { class: "error" }, t("no_player"))));
  return h("section", { class: "panel narrow" }, h("h1", {}, t("profile", { name })), box);
}
