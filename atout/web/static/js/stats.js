// The leaderboard and a player's profile, read from the server's endpoints.
import { clear, h } from "./dom.js";
import { refusal, t } from "./i18n.js";
import { api, listen, session } from "./net.js";

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
    if (p.chips < p.chips_floor) offerAllowance(box, p);
  }).catch(() => clear(box, h("p", { class: "error" }, t("no_player"))));
  return h("section", { class: "panel narrow" }, h("h1", {}, t("profile", { name })), box);
}

/** On a player's own profile, below the floor: the daily chips. Whose profile it is
 * may be known only at the server's welcome, which can come after the profile. */
function offerAllowance(box, p) {
  const offer = allowanceButton(p.chips_floor);
  const show = () => { offer.hidden = !(p.name === session.name && !session.guest); };
  show();
  box.append(offer);
  const stop = listen((m) => {
    if (!offer.isConnected) stop();
    else if (m.type === "welcome") show();
  });
}

/** The daily chips: one click, the new count shown. */
function allowanceButton(floor) {
  const note = h("p", { class: "muted", id: "allowance-note" }, t("allowance_rule", { floor }));
  const button = h("button", { id: "take-allowance", type: "button", onclick: async () => {
    button.disabled = true;
    try {
      const paid = await api("/api/chips/allowance", {});
      document.querySelector('#profile dd[data-key="chips"]').textContent = paid.chips;
      note.textContent = t("allowance_paid", { n: paid.granted });
      button.remove();
    } catch (error) {
      note.textContent = refusal(error);
      note.className = "error";
    }
  } }, t("take_allowance"));
  return h("div", { class: "allowance" }, button, note);
}
