// The lobby: public tables updating live, and the form creating a table with every
// option its master chooses.
import { clear, h } from "./dom.js";
import { labelled, refusal, t, tn } from "./i18n.js";
import { api, listen, send, session } from "./net.js";
import { toast } from "./app.js";

// The games, their variants and the numbers of players each deals for, as the
// server's engine answers them: the page encodes no rule of its own.
let games = null;
const gamesLoaded = api("/api/games").then((list) => { games = list; });
const ROBOT_LEVELS = ["random", "heuristic", "strong"];
// Whether a game's tables choose their number of deals (`rounds`: a French Tarot
// partie; an Africain game lasts until one player is left), as /api/games says;
// until it has answered, a table of more than one deal surely does.
const hasRounds = (name, rounds) => games?.find((g) => g.name === name)?.rounds ?? rounds > 1;

/** A rule's value as a reader reads it: yes or no, a contract's or a word's name,
 * a list or a table of them (a tournament's imposed contract, a variant's sizes). */
function ruleValue(value) {
  if (typeof value === "boolean") return t(value ? "yes" : "no");
  if (typeof value === "string") return t(value);
  if (Array.isArray(value)) return value.map(ruleValue).join(", ");
  if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${t(k)} ${ruleValue(v)}`).join(", ");
  return String(value);
}

/** Rules a table's summary names but its form does not offer: a tournament's
 * (who takes, whether the imposed contract is a minimum) and the variant's own size. */
const NOT_IN_FORM = new Set(["imposed_taker", "imposed_minimum", "max_players"]);

/** A private table's mark: a padlock drawn here (the 🔒 emoji showed as an empty
 * box where no emoji font is installed) and the word, which screen readers read. */
const LOCK = '<svg class="lock" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 7V5a4 4 0 0 1 8 0v2h1.5v8.5h-11V7zm2 0h4V5a2 2 0 0 0-4 0z"/></svg>';
export function privateMark() {
  const mark = h("span", { class: "badge private", "data-private": "" }, t("private_mark"));
  mark.insertAdjacentHTML("afterbegin", LOCK);
  return mark;
}

/** The options in words; `marked`: a private table's mark is beside them (privateMark). */
export function describeOptions(o, marked = false) {
  const game = t(o.game);
  const parts = [`${game} · ${o.players} ${t("players").toLowerCase()} · ${t(`variant_${o.variant}`)}`,
    `${o.turn_seconds} s`, o.competitive ? `${t("competitive")}${o.bet ? ` · ${o.bet} ${t("chips").toLowerCase()}` : ""}` : t("practice")];
  if (hasRounds(o.game, o.rounds)) parts.push(labelled(t("rounds"), o.rounds));
  parts.push(labelled(t("robot_level"), t(`level_${o.robot_level}`)));
  for (const [name, value] of Object.entries(o.rules || {})) {
    parts.push(labelled(t(`rule_${name}`), ruleValue(value)));
  }
  if (o.private && !marked) parts.push(t("private_mark"));
  if (!o.spectators) parts.push(t("no_spectators"));
  return parts.join(" · ");
}

export function optionFields(current = {}, onChange = null) {
  const o = { game: "french", players: 4, variant: null, turn_seconds: 30, competitive: false, bet: 0,
    private: false, spectators: true, rounds: 1, robot_level: "heuristic", rules: {}, ...current };
  // Until the server's list arrives, each select holds the current choice only.
  const choice = (value, label, selected = true) => h("option", { value, selected }, label);
  const game = h("select", { id: "opt-game", name: "game" }, choice(o.game, t(o.game)));
  const players = h("select", { id: "opt-players", name: "players" }, choice(o.players, o.players));
  const variant = h("select", { id: "opt-variant", name: "variant" },
    o.variant ? choice(o.variant, t(`variant_${o.variant}`)) : null);
  function fillChoices() {
    if (!games) return;
    const chosenGame = game.value || o.game;
    clear(game, games.map((g) => choice(g.name, t(g.name), g.name === chosenGame)));
    const entry = games.find((g) => g.name === game.value);
    const known = (name) => entry.variants.some((v) => v.name === name);
    const chosenVariant = known(variant.value) ? variant.value : known(o.variant) ? o.variant : entry.default_variant;
    clear(variant, entry.variants.map((v) => choice(v.name, t(`variant_${v.name}`), v.name === chosenVariant)));
    const sizes = entry.variants.find((v) => v.name === variant.value).players;
    const wanted = Number(players.value || o.players);
    const chosenPlayers = sizes.includes(wanted) ? wanted : sizes.includes(4) ? 4 : sizes.at(-1);
    clear(players, sizes.map((n) => choice(n, n, n === chosenPlayers)));
    rounds.closest("label").hidden = !entry.rounds;
  }
  // The variant's own rules a master may change (yes/no and numbers), each with
  // its value as the engine has it; only the changed ones are sent.
  const ruleBox = h("div", { class: "rules-grid" });
  const rulesPanel = h("details", { id: "opt-rules" }, h("summary", {}, t("more_rules")), ruleBox);
  let defaults = {};
  function fillRules() {
    const entry = games.find((g) => g.name === game.value).variants.find((v) => v.name === variant.value);
    const keep = entry.name === o.variant && game.value === o.game ? o.rules || {} : {};
    defaults = entry.options;
    const labelled = Object.entries(defaults).filter(([name, value]) =>
      t(`rule_${name}`) !== `rule_${name}` && !NOT_IN_FORM.has(name) && (typeof value === "boolean" || Number.isInteger(value)));
    clear(ruleBox, labelled.map(([name, value]) => {
      const current = name in keep ? keep[name] : value;
      const input = typeof value === "boolean"
        ? h("input", { type: "checkbox", "data-rule": name, checked: current })
        : h("input", { type: "number", "data-rule": name, value: current, step: 1 });
      // a box before its words, a number after them, as the form's other fields
      return typeof value === "boolean"
        ? h("label", { class: "check" }, input, t(`rule_${name}`))
        : h("label", {}, t(`rule_${name}`), input);
    }));
  }
  function rules() {
    const changed = {};
    for (const input of ruleBox.querySelectorAll("[data-rule]")) {
      const name = input.dataset.rule;
      const value = input.type === "checkbox" ? input.checked : Number(input.value);
      if (value !== defaults[name]) changed[name] = value;
    }
    return changed;
  }
  const refill = () => { fillChoices(); if (games) fillRules(); };
  game.addEventListener("change", refill);
  variant.addEventListener("change", refill);
  gamesLoaded.then(refill);
  const seconds = h("input", { id: "opt-seconds", type: "number", min: 1, max: 600, step: 1, value: o.turn_seconds });
  const competitive = h("input", { id: "opt-competitive", type: "checkbox", checked: o.competitive });
  const bet = h("input", { id: "opt-bet", type: "number", min: 0, max: 1000000, value: o.bet });
  // Guests play practice tables only, and are told so where they see it (no tooltip
  // on a phone); a practice table bets nothing, so its bet is not asked. Who is a
  // guest is known from the server's welcome, which comes after the form is drawn
  // on a reload or a log-in: the page calls account() again then.
  const guestNote = h("small", { class: "muted", id: "opt-competitive-guests" }, t("competitive_guests"));
  function account() {
    competitive.disabled = session.guest && !o.competitive;
    if (competitive.disabled) competitive.checked = false;
    guestNote.hidden = !competitive.disabled;
    bet.disabled = !competitive.checked;
  }
  competitive.addEventListener("change", account);
  account();
  const priv = h("input", { id: "opt-private", type: "checkbox", checked: o.private });
  const spectators = h("input", { id: "opt-spectators", type: "checkbox", checked: o.spectators });
  const rounds = h("input", { id: "opt-rounds", type: "number", min: 1, max: 50, value: o.rounds });
  const robot = h("select", { id: "opt-robot" }, ROBOT_LEVELS.map((level) =>
    h("option", { value: level, selected: level === o.robot_level }, t(`robot_${level}`))));
  const fields = h("div", { class: "options-grid" },
    h("label", {}, t("game"), game), h("label", {}, t("players"), players), h("label", {}, t("variant"), variant),
    h("label", {}, t("turn_seconds"), seconds), h("label", {}, t("rounds"), rounds), h("label", {}, t("robot_level"), robot),
    h("label", { class: "check" }, competitive, h("span", { class: "check-text" }, t("competitive")), guestNote), h("label", {}, t("bet"), bet),
    h("label", { class: "check" }, priv, t("private")), h("label", { class: "check" }, spectators, t("spectators")),
    rulesPanel);
  if (onChange) fields.addEventListener("change", onChange);
  function value() {
    return { game: game.value, players: Number(players.value), variant: variant.value,
      turn_seconds: Number(seconds.value), competitive: competitive.checked,
      bet: competitive.checked ? Number(bet.value) : 0, private: priv.checked,
      spectators: spectators.checked, rounds: Number(rounds.value), robot_level: robot.value, rules: rules() };
  }
  return { fields, value, account };
}

function tableRow(info) {
  const free = info.seats.filter((s) => s === null).length;
  // A guest may not sit at a competitive table (the server refuses it): the row
  // offers to watch it, and says who plays there.
  const guestOnly = session.guest && info.options.competitive;
  // During a game an empty seat is a robot's, and nobody may sit there until it ends.
  const empty = () => info.playing ? h("span", { class: "seat robot" }, t("robot")) : h("span", { class: "seat free" }, t("free_seat"));
  // A player who lost the connection keeps the seat, away: a robot plays it only
  // while a game runs (or for good, once they left the game).
  const seats = info.seats.map((s, seat) => {
    if (s === null) return empty();
    const robot = s.robot && info.playing, away = !robot && !s.connected;
    return h("span", { class: `seat${robot ? " robot" : ""}${away ? " away" : ""}` }, s.name,
      seat === info.master_seat ? h("span", { role: "img", "aria-label": t("master"), title: t("master") }, " ★") : "",
      robot ? ` (${t("robot")})` : away ? ` (${t("away")})` : "");
  });
  return h("li", { class: "table-item", "data-table": info.id },
    h("div", { class: "table-head" }, h("strong", {}, `${t("table")} ${info.id}`),
      h("span", { class: `badge ${info.playing ? "busy" : "open"}` }, info.playing ? t("playing") : t("waiting")),
      info.spectators ? h("span", { class: "muted" }, tn("spectating", info.spectators)) : null),
    h("div", { class: "muted" }, describeOptions(info.options)),
    h("div", { class: "seats" }, seats),
    h("div", { class: "row" },
      !info.playing && free && !guestOnly ? h("a", { class: "button", href: `#/table/${info.id}?join=1` }, t("join")) : null,
      info.options.spectators ? h("a", { class: `button${guestOnly ? "" : " secondary"}`, href: `#/table/${info.id}` }, t("watch")) : null,
      guestOnly && !info.playing && free ? h("small", { class: "muted guests-watch" }, labelled(t("competitive"), t("competitive_guests"))) : null));
}

/** Where a table comes in the list: one with a seat to take and someone there to
 * play with first, then games under way, then tables whose players are all away
 * (a guest who closed the page: its seat is kept for the grace period). */
function listed(info) {
  const people = info.seats.filter(Boolean); // a seat nobody took is null, robot or not
  if (people.length && people.every((seat) => !seat.connected)) return 2;
  return info.playing ? 1 : 0;
}

export function lobbyPage() {
  const tables = new Map();
  const list = h("ul", { class: "tables", id: "tables" });
  function render() {
    const shown = [...tables.values()].sort((a, b) => listed(a) - listed(b));
    clear(list, shown.length ? shown.map(tableRow) : h("li", { class: "muted" }, t("no_tables")));
  }
  render();
  const options = optionFields();
  const form = h("form", { id: "create-form", class: "panel", onsubmit: (e) => {
    e.preventDefault();
    waitingForTable = true;
    send({ type: "create", options: options.value() });
  } }, h("h2", {}, t("create_table")), options.fields, h("button", { type: "submit", id: "create" }, t("create")));
  let waitingForTable = false;
  const stop = listen((m) => {
    if (m.type === "welcome") { options.account(); send({ type: "lobby", subscribe: true }); }
    else if (m.type === "lobby") { tables.clear(); for (const info of m.tables) tables.set(info.id, info); render(); }
    else if (m.type === "lobby_update") { tables.set(m.table.id, m.table); render(); }
    else if (m.type === "lobby_remove") { tables.delete(m.table); render(); }
    else if (m.type === "table" && waitingForTable) { waitingForTable = false; location.hash = `#/table/${m.table.id}`; }
    else if (m.type === "error") toast(t("error", { msg: refusal(m) }), "error");
  });
  if (session.connected) send({ type: "lobby", subscribe: true });
  // On a phone the form comes under every table: a way to it from the top.
  const toForm = h("button", { type: "button", class: "secondary to-create", id: "to-create", onclick: () => {
    form.scrollIntoView({ block: "start" });
    form.querySelector("select, input")?.focus({ preventScroll: true });
  } }, t("create_table"));
  const page = h("div", { class: "lobby" },
    h("section", { class: "panel" }, h("div", { class: "lobby-head" }, h("h1", {}, t("lobby")), toForm), list), form);
  return [page, () => { stop(); send({ type: "lobby", subscribe: false }); }];
}
