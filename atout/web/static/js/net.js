// The websocket to the server: says hello with the saved session (account token or
// guest token), reconnects after a drop, and hands every message to the listeners.
// The guest token is kept like an account's: a guest who closes the tab comes back
// as the same guest, to the same seat.
// A drop is not always a close: a phone's half-open connection neither closes nor
// errs. So the server is pinged when it has said nothing for a while, and a socket
// that leaves the ping (or the hello) unanswered too long is given up for a new one;
// the browser's offline and online events are heeded at once.
const listeners = new Set();
const pending = [];
let socket = null;
let ready = false;
let retry = 500;
let retryTimer = null;
let heard = 0; // when the server last said something
let waitingSince = null; // when the socket began to owe an answer (the welcome, a pong)
let lapsed = false; // this page's account session ended elsewhere (sessionEnded)
const PING_AFTER = 5000, ANSWER_WITHIN = 5000, OPEN_WITHIN = 10000;
// `lost`: the connection dropped and is being restored (the page says so).
export const session = { user: null, name: null, guest: true, connected: false, lost: false };

export function token() {
  return localStorage.getItem("atout.token") || localStorage.getItem("atout.guest");
}

export function setAccount(name, value) {
  lapsed = false;
  localStorage.setItem("atout.token", value);
  localStorage.removeItem("atout.guest");
  reconnect();
}

// Logging out ends the session on the server too: a copy of the token, or a
// socket opened with it, is good for nothing afterwards.
export function forgetAccount() {
  const saved = localStorage.getItem("atout.token");
  if (saved) fetch("/api/logout", { method: "POST", headers: { Authorization: `Bearer ${saved}` } }).catch(() => {});
  localStorage.removeItem("atout.token");
  localStorage.removeItem("atout.guest");
  reconnect();
}

export function listen(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function emit(message) {
  for (const fn of [...listeners]) fn(message);
}

export function send(message) {
  if (ready) socket.send(JSON.stringify(message));
  else pending.push(message);
}

export function connect() {
  clearTimeout(retryTimer);
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  const ws = new WebSocket(url);
  const old = socket;
  socket = ws;
  if (old) old.close(); // its close is no longer this module's concern
  waitingSince = Date.now();
  let saved = null; // the token this socket said hello with
  ws.onopen = () => {
    const hello = { type: "hello", v: 4 };
    saved = token();
    if (saved) hello.token = saved;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (event) => {
    if (socket !== ws) return;
    heard = Date.now();
    waitingSince = null;
    const message = JSON.parse(event.data);
    if (message.type === "pong") return;
    if (message.type === "welcome") {
      ready = true;
      retry = 500;
      Object.assign(session, { user: message.user ?? null, name: message.name, guest: message.guest, connected: true, lost: false });
      if (message.guest_token) localStorage.setItem("atout.guest", message.guest_token);
      emit(message);
      // A move chosen while the link was down was chosen on a view that may be
      // stale (the game went on, or ended): the page is given its table afresh,
      // and its player chooses again.
      for (const queued of pending.splice(0)) if (queued.type !== "act") ws.send(JSON.stringify(queued));
      return;
    }
    // The session ended elsewhere (a password changed on another tab or device):
    // not a protocol error to show. The socket closed under this page says nothing;
    // its reconnection tells, with the token stored by then (another tab of this
    // browser may have stored the new session's): refused, the page is signed out.
    if (message.type === "error" && message.code === "signed_out") return;
    if (!ready && message.type === "error" && message.code === "unknown_session") {
      sessionEnded(saved);
      return;
    }
    emit(message);
  };
  ws.onclose = () => lose(ws);
}

/** The session of the token `stale` is over: forget the token, unless another tab
 * of this browser signed in anew meanwhile (its token, stored since, is good), and
 * tell the pages that this one is signed out. A guest's token the server forgot
 * makes a new guest without a word. */
function sessionEnded(stale) {
  if (!stale) return;
  if (localStorage.getItem("atout.guest") === stale) localStorage.removeItem("atout.guest");
  if (localStorage.getItem("atout.token") !== stale) return;
  localStorage.removeItem("atout.token");
  lapsed = true;
  Object.assign(session, { user: null, name: null, guest: true });
  emit({ type: "signed_out" });
}

// A page signed out so follows another tab of this browser that signs in (or
// stores the new session of a changed password) afterwards.
window.addEventListener("storage", (e) => {
  if (e.key !== "atout.token" || !e.newValue || !lapsed) return;
  lapsed = false;
  reconnect();
});

/** Give up a socket that closed or stopped answering, and try again after a while. */
function lose(ws) {
  if (!ws || socket !== ws) return;
  socket = null;
  ready = false;
  waitingSince = null;
  Object.assign(session, { connected: false, lost: true });
  ws.close();
  emit({ type: "closed" });
  retryTimer = setTimeout(connect, retry);
  retry = Math.min(retry * 2, 5000);
}

setInterval(() => {
  if (!socket) return;
  const now = Date.now();
  if (waitingSince !== null) {
    if (now - waitingSince > (ready ? ANSWER_WITHIN : OPEN_WITHIN)) lose(socket);
  } else if (ready && now - heard > PING_AFTER) {
    waitingSince = now;
    socket.send(JSON.stringify({ type: "ping" }));
  }
}, 1000);
window.addEventListener("offline", () => lose(socket));
window.addEventListener("online", () => { if (!ready) connect(); });

function reconnect() {
  ready = false;
  connect();
}

// GET without a body, POST with one, or the method given (PUT, DELETE); with
// { guest: true } a guest's token goes too (the endpoints that take guests).
export async function api(path, body, { method = body === undefined ? "GET" : "POST", guest = false } = {}) {
  const options = body === undefined ? { method } : {
    method, headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
  const saved = guest ? token() : localStorage.getItem("atout.token");
  if (saved) options.headers = { ...(options.headers || {}), Authorization: `Bearer ${saved}` };
  let response;
  try {
    response = await fetch(path, options);
  } catch {
    // No answer (offline, the server gone): coded as the server's refusals are
    // (atout/refusals.json), for refusal() to say it in the page's language, not the
    // browser's English "Failed to fetch" (nor as a success: it may not be saved).
    const lost = "connection lost: this may not have been saved. Check the connection and try again";
    throw Object.assign(new Error(lost), { code: "connection_lost", params: {} });
  }
  const data = await response.json().catch(() => ({}));
  // The account's token no longer opens anything (its session ended elsewhere):
  // this page is signed out, and its socket starts again as a guest's.
  if (response.status === 401 && data.code === "sign_in_first" && saved && saved === localStorage.getItem("atout.token")) {
    sessionEnded(saved);
    reconnect();
  }
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail : response.statusText;
    // A refusal's code and parameters travel with it, for refusal() to word it.
    throw Object.assign(new Error(detail), { code: data.code, params: data.params });
  }
  return data;
}
