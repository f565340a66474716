// Friends: the #/friends page (friends with their online dots kept live, requests to
// answer, a request by name, blocked players), the "Add friend" and "Block" buttons
// of a profile, the invite-by-name box of a table suggesting friends, the players
// blocked (whose chat a table hides), and the live notices of an invitation, a
// request, a request declined, a friend lost, shown on whatever page is open.
// Players are known by user id; names are shown.
import { clear, h, sentence } from "./dom.js";
import { refusal, t } from "./i18n.js";
import { api, listen, send, session } from "./net.js";

const REFRESH_MS = 15000;

export function friendsPage() {
  const box = h("div", { id: "friends" }, "…");
  // tabindex: the keyboard comes here when the button it was on goes with its row
  const note = h("p", { id: "friends-note", role: "status", tabindex: -1 });
  const name = h("input", { id: "friend-name", maxlength: 24, required: true, placeholder: t("name") });
  async function act(path, body, done) {
    const focused = box.contains(document.activeElement); // a row's button, drawn anew below
    try {
      await api(path, body);
      if (path.includes("block")) blocked = null;
      dismissRequest(body);
      note.className = "";
      note.textContent = done || "";
    } catch (error) {
      note.className = "error";
      note.textContent = sentence(refusal(error));
    }
    await load();
    if (focused && !box.contains(document.activeElement)) note.focus(); // not lost on the page's body
  }
  async function load() {
    form.hidden = session.guest; // a guest can neither ask nor block: the way to an account instead
    if (session.guest) {
      clear(box, h("p", { class: "muted", id: "friends-guests" }, t("friends_guests"), " ", h("a", { href: "#/login" }, t("login"))));
      return;
    }
    let data;
    try { data = await api("/api/friends"); } catch (error) { clear(box, h("p", { class: "error" }, sentence(refusal(error)))); return; }
    // A request answered meanwhile (in another tab, say) leaves no notice asking it.
    const waiting = new Set(data.incoming.map((p) => String(p.id)));
    for (const n of document.querySelectorAll("#live-notices .friend_request")) if (!waiting.has(n.dataset.id)) n.remove();
    const person = (p, ...buttons) => h("li", { "data-name": p.name },
      h("a", { href: `#/profile/${encodeURIComponent(p.name)}` }, p.name), " ", ...buttons);
    const button = (label, cls, onclick) => h("button", { class: `small ${cls}`, onclick }, label);
    const blockButton = (p) => button(t("block"), "secondary block",
      () => act("/api/friends/block", { name: p.name }, t("blocked_done", { name: p.name })));
    clear(box,
      data.incoming.length ? [h("h2", {}, t("friend_requests")), h("ul", { id: "incoming", class: "friend-list" },
        data.incoming.map((p) => person(p,
          button(t("accept"), "accept", () => act("/api/friends/accept", { id: p.id }, t("friend_added", { name: p.name }))),
          button(t("decline"), "secondary decline", () => act("/api/friends/remove", { id: p.id }, t("request_declined_done", { name: p.name }))),
          blockButton(p))))] : null,
      h("h2", {}, t("friends")),
      data.friends.length ? h("ul", { id: "friend-list", class: "friend-list" }, data.friends.map((f) => person(f,
        h("span", { class: `dot${f.online ? " online" : ""}`, title: t(f.online ? "online" : "offline") }),
        h("small", { class: "muted" }, t(f.online ? "online" : "offline")), " ",
        f.table ? h("a", { class: "friend-table", href: `#/table/${f.table}` }, t("at_table", { table: f.table })) : null,
        button(t("remove"), "secondary remove", () => act("/api/friends/remove", { id: f.id }, t("friend_removed_done", { name: f.name }))),
        blockButton(f))))
        : h("p", { class: "muted" }, t("no_friends")),
      data.outgoing.length ? [h("h2", {}, t("friend_requests_sent")), h("ul", { id: "outgoing", class: "friend-list" },
        data.outgoing.map((p) => person(p, button(t("withdraw"), "secondary withdraw",
          () => act("/api/friends/remove", { id: p.id }, t("request_withdrawn_done", { name: p.name }))))))] : null,
      h("h2", {}, t("blocked_players")), h("p", { class: "muted" }, t("blocked_rule")),
      data.blocked.length ? h("ul", { id: "blocked-list", class: "friend-list" }, data.blocked.map((p) => person(p,
        button(t("unblock"), "secondary unblock", () => act("/api/friends/unblock", { id: p.id }, t("unblocked_done", { name: p.name })))))) : null);
  }
  // A friend coming or going, a request answered, a friendship ended: the list follows.
  const live = new Set(["friend_request", "friend_accepted", "friend_declined", "friend_removed", "presence", "welcome"]);
  const form = h("form", { class: "row", id: "friend-form", onsubmit: (e) => {
    e.preventDefault();
    act("/api/friends/request", { name: name.value.trim() }, t("friend_asked", { name: name.value.trim() }));
    name.value = "";
  } }, name, h("button", { type: "submit", id: "friend-request" }, t("add_friend")),
    h("button", { type: "button", class: "secondary", id: "block-name", onclick: () => {
      if (!name.reportValidity()) return;
      act("/api/friends/block", { name: name.value.trim() }, t("blocked_done", { name: name.value.trim() }));
      name.value = "";
    } }, t("block")));
  const stop = listen((m) => { if (live.has(m.type)) load(); });
  const timer = setInterval(load, REFRESH_MS);
  load();
  const page = h("section", { class: "panel narrow" }, h("h1", {}, t("friends")), form, note, box);
  return [page, () => { stop(); clearInterval(timer); }];
}

// On another registered player's profile: ask them to be a friend, or block them.
// Whose page it is may be known only at the server's welcome, after the profile.
export function addFriendButton(name) {
  const note = h("span", { role: "status", id: "add-friend-note" });
  const ask = (path, said) => async () => {
    try {
      const answer = await api(path, { name });
      if (path.includes("block")) blocked = null;
      note.className = "";
      note.textContent = said(answer);
    } catch (error) {
      note.className = "error";
      note.textContent = sentence(refusal(error));
    }
  };
  const box = h("p", {},
    h("button", { id: "add-friend", onclick: ask("/api/friends/request",
      (answer) => t(answer.friends ? "friend_added" : "friend_asked", { name })) }, t("add_friend")), " ",
    h("button", { id: "block-player", class: "secondary", onclick: ask("/api/friends/block",
      () => t("blocked_done", { name })) }, t("block")), " ", note);
  const show = () => { box.hidden = session.guest || !session.name || session.name === name; };
  show();
  const stop = listen((m) => {
    if (!box.isConnected) stop();
    else if (m.type === "welcome") show();
  });
  return box;
}

// At a table: invite a player by name, the master's friends suggested. The same
// box for every render of the table (what is typed stays; friends fetched once).
let invite = null;
export function inviteBox(tableId) {
  if (invite?.dataset.table === tableId) return invite;
  const list = h("datalist", { id: "friend-suggestions" });
  if (!session.guest) {
    api("/api/friends").then((data) => clear(list, data.friends.map((f) => h("option", { value: f.name })))).catch(() => {});
  }
  const name = h("input", { id: "invite-name", list: "friend-suggestions", maxlength: 24, required: true, placeholder: t("name") });
  invite = h("form", { class: "row invite-name", "data-table": tableId, onsubmit: (e) => {
    e.preventDefault();
    if (name.value.trim()) send({ type: "invite", table: tableId, name: name.value.trim() });
    name.value = "";
  } }, list, name, h("button", { type: "submit", class: "secondary", id: "invite-send" }, t("invite")));
  return invite;
}

// The user ids this registered player blocked (empty for a guest), read once and
// again after a block or an unblock from this page.
let blocked = null;
export function blockedIds() {
  if (session.guest) return Promise.resolve(new Set());
  blocked ??= api("/api/friends").then((data) => new Set(data.blocked.map((p) => p.id)), () => new Set());
  return blocked;
}
listen((m) => { if (m.type === "welcome") blocked = null; }); // another account, perhaps

// The notice of a friend request goes once the request is answered (accepted,
// declined, its asker blocked): it stayed up to its 30 s, asking what was done.
function dismissRequest({ id, name }) {
  for (const n of document.querySelectorAll("#live-notices .friend_request")) {
    if ((id != null && n.dataset.id === String(id)) || (name && n.dataset.name?.toLowerCase() === name.toLowerCase())) n.remove();
  }
}

/** The notices that ask something: they stay across pages until answered or gone. */
const ASKING = new Set(["invitation", "friend_request"]);

// The live notices, on any page: an invitation with its Join link, a friend request,
// a request declined, a friend lost.
export function showNotice(message) {
  let body = null;
  if (message.type === "invitation") {
    const link = `#/table/${encodeURIComponent(message.table)}?join=1&code=${encodeURIComponent(message.code)}`;
    body = [t("invited_by", { name: message.from }), " ", h("a", { class: "button", href: link, "data-join": message.table }, t("join_invited"))];
  } else if (message.type === "friend_request") {
    body = [t("friend_request_from", { name: message.from }), " ", h("a", { href: "#/friends" }, t("friends"))];
  } else if (message.type === "friend_accepted") {
    body = [t("friend_added", { name: message.from })];
  } else if (message.type === "friend_declined" || message.type === "friend_removed") {
    body = [t(message.type === "friend_declined" ? "friend_declined_by" : "friend_removed_by", { name: message.from })];
  } else return;
  let area = document.getElementById("live-notices");
  if (!area) {
    // Under the header, never over it nor over the page: laid over them, the notices
    // covered a phone's links and a table's heading and ⚙ (the stylesheet lays them
    // in the page's flow, at every width).
    area = h("div", { id: "live-notices", role: "status", "aria-live": "polite" });
    const header = document.getElementById("top");
    if (header) header.after(area); else document.body.append(area);
  }
  const request = message.type === "friend_request" ? { "data-id": String(message.id), "data-name": message.from } : {};
  const notice = h("div", { class: `live-notice ${message.type}`, ...request }, body,
    h("button", { class: "link close", "aria-label": t("close"), onclick: () => notice.remove() }, "×"));
  notice.addEventListener("click", (e) => { if (e.target.tagName === "A") notice.remove(); });
  // It goes by itself: one that asks something (an invitation, a request) after
  // 30 s, one that only tells after 12 s, or when another page opens. Not while
  // the pointer or the keyboard is on it: its reader is still at it.
  const stay = ASKING.has(message.type) ? 30000 : 12000;
  let timer = null;
  const arm = () => { clearTimeout(timer); timer = setTimeout(() => notice.remove(), stay); };
  const hold = () => clearTimeout(timer);
  notice.addEventListener("pointerenter", hold);
  notice.addEventListener("focusin", hold);
  notice.addEventListener("pointerleave", arm);
  notice.addEventListener("focusout", (e) => { if (!notice.contains(e.relatedTarget)) arm(); });
  area.append(notice);
  arm();
}

/** Another page opened: the notices that only told something (a friend accepted,
 * declined, lost) were seen on the page they came to, and go. */
export function dismissNotices() {
  for (const n of document.querySelectorAll("#live-notices .live-notice")) {
    if (![...ASKING].some((type) => n.classList.contains(type))) n.remove();
  }
}
