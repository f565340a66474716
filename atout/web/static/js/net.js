// The websocket to the server: says hello with the saved session (account token or
// guest token), reconnects after a drop, and hands every message to the listeners.
// The guest token is kept like an account's: a guest who closes the tab comes back
// as the same guest, to the same seat.
const listeners = new Set();
const pending = [];
let socket = null;
let ready = false;
let retry = 500;
export const session = { name: null, guest: true, connected: false };

export function token() {
  return localStorage.getItem("atout.token") || localStorage.getItem("atout.guest");
}

export function setAccount(name, value) {
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
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    const hello = { type: "hello", v: 4 };
    const saved = token();
    if (saved) hello.token = saved;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "welcome") {
      ready = true;
      retry = 500;
      Object.assign(session, { name: message.name, guest: message.guest, connected: true });
      if (message.guest_token) localStorage.setItem("atout.guest", message.guest_token);
      emit(message);
      while (pending.length && ready) ws.send(JSON.stringify(pending.shift()));
      return;
    }
    if (!ready && message.type === "error" && message.code === "unknown_session") {
      // A stale token: forget it and start again as a new guest.
      localStorage.removeItem("atout.token");
      localStorage.removeItem("atout.guest");
    }
    emit(message);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    ready = false;
    session.connected = false;
    emit({ type: "closed" });
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function reconnect() {
  const old = socket;
  socket = null;
  ready = false;
  if (old) old.close();
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
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail
      : Array.isArray(data.detail) ? data.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ")
      : response.statusText;
    // A refusal's code and parameters travel with it, for refusal() to word it.
    throw Object.assign(new Error(detail), { code: data.code, params: data.params });
  }
  return data;
}
