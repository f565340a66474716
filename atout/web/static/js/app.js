// The single page: a header (navigation, language, account) and a router from the
// URL's hash (#/, #/table/ID, #/leaderboard, #/friends, #/profile/NAME, #/replay/ID, #/sheet, #/sheet/ID,
// #/shared/TOKEN, #/tournament/ID).
import { clear, h, sentence } from "./dom.js";
import { getLang, refusal, setLang, t } from "./i18n.js";
import { api, connect, forgetAccount, listen, send, session, setAccount } from "./net.js";
import { lobbyPage } from "./lobby.js";
import { dismissNotices, friendsPage, showNotice } from "./friends.js";

const app = document.getElementById("app");
let leavePage = null;
// The table whose page is shown, and the tables this page watches without a seat
// (as their last snapshot said): a spectator who goes to another page of the app
// stops watching (`leave`), so that the lobby no longer counts them; a seated
// player keeps the seat (they may be inviting friends from another page).
let tableShown = null;
const watching = new Set();
listen((m) => {
  if (m.type === "table" && m.table?.id) {
    if (m.seat === null || m.seat === undefined) watching.add(m.table.id); else watching.delete(m.table.id);
  } else if (m.type === "left") watching.delete(m.table);
  else if (m.type === "closed") watching.clear(); // the server forgets a closed socket's watching
});
let signedOut = false; // the session ended elsewhere: the sign-in page says so

export function toast(text, kind = "info") {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.className = `show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.className = ""; }, 4000);
}

function renderHeader() {
  // A lost connection is said for as long as it lasts: what the player does meanwhile
  // waits for it (the table's choices come back with the snapshot sent on return).
  const banner = document.getElementById("connection");
  banner.hidden = !session.lost;
  banner.textContent = session.lost ? t("disconnected") : "";
  const top = document.getElementById("top");
  const account = session.name
    ? h("span", { class: "who", id: "who" }, t("you_are", { name: session.name }), " ",
        session.guest ? h("small", {}, t("guest_note")) : null)
    : h("span", { class: "who" }, session.connected ? "" : t("connecting"));
  clear(top,
    h("a", { class: "brand", href: "#/" }, "★ atout"),
    // A phone's links scroll sideways in one row (atout.css): the focused one is
    // brought whole into sight (the browser leaves one half past the row's edge).
    h("nav", { onfocusin: (e) => e.target.scrollIntoView({ block: "nearest", inline: "nearest" }) },
      h("a", { href: "#/" }, t("lobby")),
      h("a", { href: "#/leaderboard" }, t("leaderboard")),
      session.guest ? null : h("a", { href: "#/friends", id: "friends-link" }, t("friends")),
      h("a", { href: "#/replay" }, t("replays")),
      h("a", { href: "#/sheet" }, t("scoresheet")),
      h("a", { href: "#/tournament" }, t("tournaments")),
      h("a", { href: "#/help", id: "help-link" }, t("help"))),
    account,
    session.guest ? h("a", { href: "#/login", id: "login-link" }, t("login"))
      : h("button", { class: "link", onclick: () => forgetAccount() }, t("logout")),
    h("button", { class: "lang", id: "lang", "aria-label": t("switch_language"),
      // the page is drawn anew in the other language; the keyboard stays on the switch
      onclick: async () => { setLang(getLang() === "fr" ? "en" : "fr"); await route(); document.getElementById("lang")?.focus(); } },
    t("language")));
}

function loginPage() {
  const name = h("input", { id: "login-name", autocomplete: "username", required: true, maxlength: 24 });
  const password = h("input", { id: "login-password", type: "password", autocomplete: "current-password", required: true });
  const message = h("p", { class: "error", role: "alert" });
  // The fields are checked here first, in the page's language (the browser's own
  // check would speak its language, and the server's answer is a developer's).
  async function submit(path) {
    const missing = !name.value.trim() ? [name, "name_needed"] : !password.value ? [password, "password_needed"] : null;
    if (missing) {
      message.textContent = t(missing[1]);
      missing[0].focus();
      return;
    }
    try {
      const answer = await api(path, { name: name.value, password: password.value });
      signedOut = false;
      setAccount(answer.name, answer.token);
      location.hash = "#/";
    } catch (error) {
      message.textContent = sentence(refusal(error));
    }
  }
  return h("section", { class: "panel narrow" },
    h("h1", {}, t("login")),
    signedOut ? h("p", { class: "notice", id: "signed-out", role: "status" }, t("signed_out_notice")) : null,
    h("form", { novalidate: true, onsubmit: (e) => { e.preventDefault(); submit("/api/login"); } },
      h("label", {}, t("name"), name), h("label", {}, t("password"), password), message,
      h("div", { class: "row" },
        h("button", { type: "submit", id: "do-login" }, t("login")),
        h("button", { type: "button", id: "do-register", onclick: () => submit("/api/register") }, t("register")),
        h("a", { class: "button secondary", href: "#/" }, t("guest")))));
}

// The pages other than the lobby are loaded when first opened, so that a first
// visit transfers the lobby's code only.
let routing = 0;

export async function route() {
  const ticket = ++routing;
  if (leavePage) leavePage();
  leavePage = null;
  renderHeader();
  document.title = t("title");
  const [path, query] = location.hash.replace(/^#/, "").split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query || "");
  if (parts[0] !== "login") signedOut = false;
  const table = parts[0] === "table" && parts[1] ? parts[1] : null;
  if (tableShown !== null && tableShown !== table && watching.delete(tableShown)) send({ type: "leave", table: tableShown });
  tableShown = table;
  dismissNotices(); // the notices that only told something: read on the page they came to
  let page;
  let leave = null;
  if (parts[0] === "table" && parts[1]) [page, leave] = (await import("./table.js")).tablePage(parts[1], params);
  else if (parts[0] === "leaderboard") page = (await import("./stats.js")).leaderboardPage();
  else if (parts[0] === "profile" && parts[1]) page = (await import("./stats.js")).profilePage(parts[1]);
  else if (parts[0] === "replay") page = (await import("./replay.js")).replayPage(parts[1]);
  else if (parts[0] === "sheet") page = (await import("./sheet.js")).sheetPage(parts[1]);
  else if (parts[0] === "shared" && parts[1]) page = (await import("./sheet.js")).sheetPage(null, parts[1]);
  else if (parts[0] === "tournament") [page, leave] = (await import("./tournament.js")).tournamentPage(parts[1]);
  else if (parts[0] === "friends") [page, leave] = friendsPage();
  else if (parts[0] === "login") page = loginPage();
  else if (parts[0] === "help") page = (await import("./help.js")).helpPage();
  else [page, leave] = lobbyPage();
  if (ticket !== routing) { if (leave) leave(); return; } // another page was asked for meanwhile
  leavePage = leave;
  clear(app, page);
  // A page opened from another (a link, a form sent) takes the keyboard at its title,
  // else its start: what had it (a link of the header drawn anew, the form's button)
  // is gone, and the keyboard was left on the page's body.
  if (ticket > 1 && (!document.activeElement || document.activeElement === document.body)) {
    const title = app.querySelector("h1");
    if (title) title.tabIndex = -1;
    (title || app).focus({ preventScroll: true });
  }
}

listen((message) => {
  if (message.type === "welcome" || message.type === "closed") renderHeader();
  // Signed out by the server (the password changed on another tab or device): the
  // sign-in page, saying why, rather than the refusal's words in a toast.
  if (message.type === "signed_out") {
    signedOut = true;
    if (location.hash === "#/login") route(); else location.hash = "#/login";
  } else if (message.type === "welcome" && !message.guest && signedOut) {
    // signed in again by another tab of this browser: the notice no longer holds
    signedOut = false;
    location.hash = "#/";
  }
  showNotice(message);
});
window.addEventListener("hashchange", route);
route();
connect();
