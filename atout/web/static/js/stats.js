// The leaderboard and a player's profile (level, badges, avatar, games), read from the
// server's endpoints.
import { clear, fileField, h, sentence } from "./dom.js";
import { getLang, refusal, t } from "./i18n.js";
import { api, listen, session, setAccount } from "./net.js";
import { gamesList } from "./replay.js";
import { addFriendButton } from "./friends.js";

export function leaderboardPage() {
  const body = h("tbody", {}, h("tr", {}, h("td", { colspan: 6 }, "…")));
  api("/api/leaderboard").then((rows) => {
    if (!rows.length) { clear(body, h("tr", {}, h("td", { colspan: 6, class: "muted" }, t("leaderboard_empty")))); return; }
    clear(body, rows.map((row, i) => h("tr", {},
      h("td", {}, i + 1),
      h("td", {}, avatarImage(row.avatar, "small"), h("a", { href: `#/profile/${encodeURIComponent(row.name)}` }, row.name)),
      h("td", {}, figure(row.rating)), h("td", {}, figure(row.xp)), h("td", {}, figure(row.games)), h("td", { class: "level" }, row.level))));
  }).catch((error) => clear(body, h("tr", {}, h("td", { colspan: 6, class: "error" }, sentence(refusal(error))))));
  return h("section", { class: "panel", id: "leaderboard" }, h("h1", {}, t("leaderboard")),
    h("table", { class: "score-table wide leaderboard-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("name")), h("th", {}, t("rating")), h("th", {}, t("xp")), h("th", {}, t("games")), h("th", {}, t("level")))),
      body));
}

/** A figure as the page's language writes it ("3,75" and "1 200" in French). */
function figure(x) {
  return typeof x === "number" ? x.toLocaleString(getLang()) : x;
}

function avatarImage(src, size) {
  return h("img", { class: `avatar ${size}`, src, alt: "", width: size === "small" ? 24 : 96, height: size === "small" ? 24 : 96 });
}

export function profilePage(name) {
  const box = h("dl", { class: "profile", id: "profile" }, "…");
  const head = h("div", { class: "profile-head" });
  const more = h("div", {});
  api(`/api/profile/${encodeURIComponent(name)}`).then((p) => {
    const percent = (x) => (x === null || x === undefined ? "–" : `${Math.round(x * 100)} %`);
    const number = (x) => (x === null || x === undefined ? "–" : figure(Math.round(x * 10) / 10));
    const rows = [["xp", p.xp], ["chips", p.chips], ["rating", p.rating], ["games", p.games], ["wins", p.wins],
      ["contracts_taken", p.contracts_taken], ["success_rate", percent(p.success_rate)], ["average_deal_score", number(p.average_deal_score)]];
    // The figures are the scored games' (competitive ones): the list below has every game.
    const label = { games: "competitive_games" };
    clear(box, rows.map(([key, value]) => [h("dt", {}, t(label[key] ?? key)), h("dd", { "data-key": key }, figure(value))]));
    clear(head, h("img", { class: "avatar large", id: "profile-avatar", src: p.avatar, alt: t("avatar"), width: 96, height: 96 }),
      levelBox(p.level));
    clear(more, h("p", { class: "muted", id: "profile-counts" }, t("profile_counts")),
      addFriendButton(p.name), badgeList(p.badges), avatarChooser(p), passwordForm(p),
      h("h2", {}, t("player_games")), gamesList({ player: p.name }));
    if (p.chips < p.chips_floor) offerAllowance(box, p);
  }).catch(() => clear(box, h("p", { class: "error" }, t("no_player"))));
  return h("section", { class: "panel narrow" }, h("h1", {}, t("profile", { name })), head, box, more);
}

/** The level, a bar of the progress to the next, and the rule of levels. */
function levelBox(level) {
  const done = level.next > level.floor ? (level.xp - level.floor) / (level.next - level.floor) : 1;
  return h("div", { class: "level-box", id: "level" },
    h("strong", { id: "level-n" }, t("level_n", { n: level.level })),
    h("progress", { max: 100, value: Math.round(done * 100), "aria-label": t("level") }),
    h("small", {}, t("level_progress", { xp: level.xp, next: level.next, n: level.level + 1 })),
    h("small", { class: "muted" }, t("levels_rule")));
}

/** The badges held, each with its rule and date. */
function badgeList(held) {
  const when = (seconds) => new Date(seconds * 1000).toLocaleDateString(getLang());
  return h("div", { id: "badges" }, h("h2", {}, t("badges")),
    held.length ? h("ul", { class: "badges" }, held.map((b) => h("li", { "data-badge": b.badge },
      h("strong", {}, t(`badge_${b.badge}`)), " — ", t(`badge_${b.badge}_rule`), " ",
      h("small", { class: "muted" }, t("earned_on", { date: when(b.earned) })))))
      : h("p", { class: "muted" }, t("no_badges")));
}

/** On a player's own profile: the drawn avatars to click, or an image to upload. */
function avatarChooser(p) {
  const note = h("p", { id: "avatar-note", role: "status" });
  async function save(body, type) {
    const saved = localStorage.getItem("atout.token");
    const refused = (answer) => {
      note.className = "error";
      note.textContent = sentence(refusal({ code: answer.code, params: answer.params, message: answer.detail }));
    };
    let response;
    try {
      response = await fetch("/api/avatar", { method: "PUT", body,
        headers: { "Content-Type": type, Authorization: `Bearer ${saved}` } });
    } catch {
      // No answer: offline, or a photo over the limit refused before it was all
      // sent (the server then closes the connection, which some browsers report so).
      refused({ code: "connection_lost", params: {}, detail: "connection lost" });
      return;
    }
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      refused(answer);
      return;
    }
    document.getElementById("profile-avatar").src = answer.avatar;
    note.className = "";
    note.textContent = t("avatar_saved");
  }
  const choices = h("div", { class: "row avatar-choices" });
  const named = (drawn) => {
    const [motif, colour] = drawn.split("-");
    return t("avatar_drawn", { motif: t(`motif_${motif}`), colour: t(`colour_${colour}`) });
  };
  api("/api/avatars").then((names) => clear(choices, names.map((drawn) => h("button", {
    type: "button", class: "avatar-choice", "data-avatar": drawn, title: named(drawn),
    onclick: () => save(JSON.stringify({ drawn }), "application/json") },
  h("img", { src: `/api/avatars/${drawn}.svg`, alt: named(drawn), width: 40, height: 40 })))));
  const file = h("input", { type: "file", id: "avatar-file", accept: "image/png,image/jpeg,image/webp",
    onchange: () => { if (file.files[0]) save(file.files[0], "application/octet-stream"); } });
  const box = h("div", { id: "avatar-chooser" }, h("h2", {}, t("choose_avatar")), choices,
    h("label", {}, t("upload_avatar"), " ", fileField(file)), note);
  return ownOnly(box, p);
}

/** On a player's own profile: a new password, the current one given. The server
 * then signs every other session out; this page goes on with the new session. */
function passwordForm(p) {
  const current = h("input", { type: "password", id: "password-current", autocomplete: "current-password" });
  const next = h("input", { type: "password", id: "password-new", autocomplete: "new-password" });
  const note = h("p", { id: "password-note", role: "status" });
  const say = (text, error) => { note.className = error ? "error" : ""; note.textContent = text; };
  const form = h("form", { id: "password-form", novalidate: true, onsubmit: async (e) => {
    e.preventDefault();
    const missing = !current.value ? current : !next.value ? next : null;
    if (missing) { say(t("password_needed"), true); missing.focus(); return; }
    try {
      const answer = await api("/api/password", { password: current.value, new_password: next.value });
      setAccount(answer.name, answer.token);
      current.value = next.value = "";
      say(t("password_changed"), false);
    } catch (error) {
      say(sentence(refusal(error)), true);
    }
  } }, h("h2", {}, t("change_password")), h("label", {}, t("current_password"), current),
  h("label", {}, t("new_password"), next), note, h("button", { type: "submit", id: "change-password" }, t("change_password")));
  return ownOnly(form, p);
}

/** ``el``, shown on a player's own profile only. Whose profile it is may be known
 * only at the server's welcome, which can come after the profile. */
function ownOnly(el, p) {
  const show = () => { el.hidden = !(p.id === session.user && !session.guest); };
  show();
  const stop = listen((m) => {
    if (!el.isConnected) stop();
    else if (m.type === "welcome") show();
  });
  return el;
}

/** On a player's own profile, below the floor: the daily chips. */
function offerAllowance(box, p) {
  box.append(ownOnly(allowanceButton(p.chips_floor), p));
}

/** The daily chips: one click, the new count shown. */
function allowanceButton(floor) {
  const note = h("p", { class: "muted", id: "allowance-note" }, t("allowance_rule", { floor }));
  const button = h("button", { id: "take-allowance", type: "button", onclick: async () => {
    button.disabled = true;
    try {
      const paid = await api("/api/chips/allowance", {});
      document.querySelector('#profile dd[data-key="chips"]').textContent = figure(paid.chips);
      note.textContent = t("allowance_paid", { n: paid.granted });
      button.remove();
    } catch (error) {
      note.textContent = sentence(refusal(error));
      note.className = "error";
    }
  } }, t("take_allowance"));
  return h("div", { class: "allowance" }, button, note);
}
