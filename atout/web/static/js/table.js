// The table page: seats around the felt, the trick in the middle, your hand and the
// prompt for your decision, the score sheet of the game, chat, options and votes.
// The server's view of the game is shown as it is: no rule is decided here; an
// illegal move is sent anyway and the server's reason is shown.
import { clear, h } from "./dom.js";
import { getLang, labelled, refusal, t, tn } from "./i18n.js";
import { muted, play as sound, setMuted } from "./sounds.js";
import { listen, send, session } from "./net.js";
import { actionText, backSVG, cardName, cardSVG, sortHand } from "./cards.js";
import { describeOptions, optionFields, privateMark } from "./lobby.js";
import { scoreChart } from "./chart.js";
import { breakdownList, ecartLeft } from "./french.js";
import { uiOf } from "./games.js";
import { blockedIds, inviteBox } from "./friends.js";
import { patched } from "./patch.js";
import { sized } from "./sized.js";
import { toast } from "./app.js";

// A card the rules refuse now says so in its name (it is still sent when chosen, so
// that the server says why); one being chosen (an écart, a poignée) is a toggle.
export function cardButton(card, { onclick, cls = "", legal = null, small = false, pressed = null } = {}) {
  const b = h("button", { class: `card ${cls}${legal === true ? " legal" : legal === false ? " illegal" : ""}${small ? " small" : ""}`,
    "data-card": card, title: cardName(card), "aria-label": legal === false ? t("not_allowed", { name: cardName(card) }) : cardName(card),
    "aria-pressed": pressed === null ? null : String(pressed), onclick });
  b.innerHTML = cardSVG(card);
  return b;
}

export function cardImage(card, cls = "") {
  const d = h("div", { class: `card ${cls}`, "data-card": card, title: cardName(card) });
  d.innerHTML = cardSVG(card);
  return d;
}

export function cardBack(cls = "") {
  const d = h("div", { class: `card back ${cls}`, "data-card": "back" });
  d.innerHTML = backSVG();
  return d;
}

// The state of the table page last left, and the language it was drawn in: the
// language switch draws the page again, and what the server does not send again
// (the game's end, the last deal's result, the chat) must not be lost with it.
let parked = null;

export function tablePage(id, params) {
  const lang = getLang();
  const redrawn = parked && parked.id === id && parked.lang !== lang;
  // Notices are functions, worded when drawn (in the language of the moment);
  // `prompt` names the decision last offered (see promptKey).
  const s = redrawn ? parked.s : {
    id, info: null, seat: null, view: null, legal: null, turnUntil: null, chat: [], notices: [],
    deals: [], shownTrick: null, showLast: false, gameOver: null, optionsChanged: [], dealResult: null,
    error: null, selection: new Set(), showOptions: false, asked: null, showSide: false, askedInSide: false, blocked: null,
    hint: null, hinting: false, prompt: null, chatUnread: false, names: null, closed: false,
  };
  parked = null;
  // Whom the player blocked: their chat is not shown, nor any line until that is known
  // (the table's snapshot brings back lines said before this page was drawn). Asked
  // again at each welcome: until then the page does not know who the player is (a
  // guest has none); an answer asked before the last is not taken.
  let askedBlocked = 0;
  const loadBlocked = () => {
    const asked = ++askedBlocked;
    s.blocked = null;
    if (session.connected) blockedIds().then((ids) => { if (asked === askedBlocked) { s.blocked = ids; render(); } });
  };
  loadBlocked();
  // The page is drawn anew in `board` at each change; `live` stays, so that a
  // screen reader hears what it is told (a region drawn anew is not read).
  const board = h("div", { class: "table-board" });
  const live = h("p", { class: "sr-only", id: "turn-announce", role: "status", "aria-live": "polite" });
  // What the others bid and play, and who takes each trick, said as it happens (a
  // screen reader heard only its own turns and the game's end).
  const told = h("div", { class: "sr-only", id: "play-announce", "aria-live": "polite" });
  let saying = [];
  const root = h("div", { class: "table-page", id: "table-page" }, board, live, told);
  let timer = null;
  let announcing = null;

  const ctx = {
    s,
    // The choices are withdrawn until the server answers, so that a second click
    // cannot send a second move; a refusal (which changes nothing) gives them back.
    // The move names the turn it answers (a late one then plays nothing), unless it
    // follows another sent with it (an écart's discards, one decision). A click with
    // no decision of this page's on screen, or on one drawn a moment after its clock
    // ran out (a robot moved for it and the hand was drawn anew under the finger), was
    // aimed at the turn that passed: it sends nothing, and says so.
    act(action, quoted = true) {
      if (quoted && (!s.legal || (s.timedOut && Date.now() - s.turnAt < AIMED_BEFORE))) {
        if (s.timedOut) { s.error = { code: "turn_passed" }; render(); }
        return;
      }
      s.error = null;
      s.timedOut = false;
      if (s.legal) s.asked = s.legal;
      s.legal = null;
      send({ type: "act", table: id, action, turn: quoted ? s.turnId : undefined });
      s.dealResult = null; // going on: the last deal's result was seen
      render();
    },
    render: () => render(),
    // The drawer closed gives the keyboard back to its button, or to a decision
    // asked while it was open (said then, the keyboard left in the drawer).
    closeSide() {
      const back = s.askedInSide && promptKey(s);
      s.showSide = false;
      s.askedInSide = false;
      render();
      if (back) focusPrompt(board); else root.querySelector("#side-toggle")?.focus();
    },
    leave: () => { if (leaving(s)) send({ type: "leave", table: id }); },
    // The invitation's code this page came with (a private table's watch link has
    // it too): a seat taken from the page gives it, as the invitation link's sit does.
    code: params.get("code"),
    name: (seat) => seatName(s, seat),
  };

  // On each (re)connection: sit or watch if the link says so, then ask for a snapshot.
  // After that the server pushes every change (views, table info, events).
  function enter() {
    if (params.get("join")) {
      s.sitting = true; // a refusal of this sit outlives the snapshot that follows it
      send({ type: "sit", table: id, ...(params.get("code") ? { code: params.get("code") } : {}) });
    }
    else if (params.get("code")) {
      s.sitting = true; // so is a refusal of the watch link's code (see the errors below)
      send({ type: "spectate", table: id, code: params.get("code") });
    }
    send({ type: "resume", table: id, last_seq: 0 });
  }

  // One event, from an `event` message (the table's own kinds) or an update's list;
  // the caller renders once afterwards.
  /** Say the moves an update brought, its last few (a resume brings many), as a
   * line added to the region (the last few kept): a screen reader reads each line
   * added, where a text replaced by the next update a moment later went unheard. */
  function tellMoves() {
    if (saying.length) told.append(h("div", {}, saying.slice(-4).join(". ")));
    while (told.childNodes.length > 4) told.firstChild.remove();
    saying = [];
  }

  function onEvent(event) {
    const noticed = s.notices.length;
    noticeEvent(event);
    // What the notices say (a redeal, a vote, a life lost, a clock run out) is said
    // too, and the deal's result: a screen reader heard none of them.
    for (const notice of s.notices.slice(noticed)) saying.push(notice());
    const { kind, data } = event;
    if (kind === "deal_end" && data.contract) {
      const made = data.made ? t("made") : t("failed", { n: Math.abs(data.breakdown?.difference ?? 0) });
      const mine = s.seat !== null && data.scores ? `. ${seatName(s, s.seat)} ${data.scores[s.seat] > 0 ? "+" : ""}${data.scores[s.seat]}` : "";
      saying.push(labelled(t("deal_n", { n: s.deals.length }), `${t(data.contract)} · ${seatName(s, data.taker)} · ${made}${mine}`));
    }
  }

  function noticeEvent({ kind, data }) {
    const others = data?.seat !== undefined && data.seat !== s.seat;
    if (kind === "bid" && others) saying.push(labelled(seatName(s, data.seat), typeof data.bid === "number" ? String(data.bid) : t(data.bid)));
    if (kind === "play" && others) saying.push(t("plays_card", { name: seatName(s, data.seat), card: cardName(data.card) }));
    if (kind === "trick") saying.push(t("trick_won", { name: seatName(s, data.winner) }));
    // A line said while a phone's drawer is closed marks its button (a player's own
    // is said from the open drawer; a blocked player's is not shown).
    if (kind === "table.chat") {
      s.chat.push(data);
      if (!s.showSide && !s.blocked?.has(data.user)) s.chatUnread = true;
      return;
    }
    if (kind === "table.options") {
      s.optionsChanged = data.changed;
      if (data.changed.length) s.notices.push(() => t("options_changed", { what: data.changed.map(optionLabel).join(", ") }));
    }
    if (kind === "table.game_started") { s.deals = []; s.gameOver = null; s.dealResult = null; s.timedOut = false; s.names = null; }
    // The game's players as it ended (one who left it included): its results keep their names.
    if ((kind === "table.game_over" || kind === "table.game_cancelled") && data.names) s.names = data.names;
    if (kind === "table.game_over") s.gameOver = data;
    // Nothing of a game ended amicably is scored: no deal's result waits to be seen.
    if (kind === "table.game_cancelled") { s.gameOver = { cancelled: true, game: data.game }; s.dealResult = null; s.notices.push(() => t("game_cancelled")); }
    // An ended game (played out or cancelled by vote) asks nobody for a move: the
    // last view stays on the table, but its turn and clock are over.
    if (kind === "table.game_over" || kind === "table.game_cancelled") { s.legal = null; s.asked = null; s.turnUntil = null; }
    if (kind === "table.vote") s.notices.push(() => labelled(data.name, data.agree ? t("vote_agree") : t("vote_refuse")));
    // The update's view holds the new state; a completed trick stays shown until the next card.
    if (kind === "play") { s.shownTrick = null; s.fresh = data.card; sound("card"); }
    if (kind === "trick") { s.shownTrick = data; sound("trick"); }
    // The trick that ended a deal stays shown (the card just played with it) until
    // the next deal is dealt or the game ends: the result does not hide it unseen.
    if (kind === "deal" || kind === "bid" || kind === "table.game_over" || kind === "table.game_cancelled") s.shownTrick = null;
    if (kind === "deal" || kind === "bid" || kind === "deal_end") s.showLast = false;
    // a deal is credited to those who sat there when it was played
    if (kind === "deal_end") { const deal = { ...data, names: gameNames(s) }; s.deals.push(deal); s.dealResult = { ...deal, number: s.deals.length }; }
    if (kind === "round_end") {
      // named now: a notice is worded again at each drawing, after seats change hands
      const lost = data.losses.map((n, seat) => n ? `${seatName(s, seat)} −${n}` : null).filter(Boolean).join(", ");
      s.notices.push(() => labelled(t("round_only", { n: data.round }), lost || t("no_life_lost")));
    }
    if (kind === "redeal") s.notices.push(() => t("redeal", { why: t(data.reason) }));
    if (kind === "table.storage") s.notices.push(() => t(data.ok ? "storage_ok" : "storage_waiting"));
    // What the platform's own rules did, said when they act: nobody is left guessing.
    const mine = s.seat !== null && data.seat === s.seat;
    if (kind === "table.disconnected") s.notices.push(() => t("seat_away", { name: data.name }));
    if (kind === "table.returned") s.notices.push(() => t("seat_back", { name: data.name }));
    if (kind === "table.abandoned") s.notices.push(() => t(mine ? "seat_abandoned_mine" : "seat_abandoned", { name: data.name }));
    if (kind === "table.seated") s.notices.push(() => t("seat_taken_by", { name: data.name }));
    if (kind === "table.left") s.notices.push(() => t(data.abandoned ? "seat_left_game" : "seat_left_by", { name: data.name }));
    if (kind === "table.arriving") s.notices.push(() => t("arriving_next_deal", { name: data.name }));
    if (kind === "table.master") s.notices.push(() => t("new_master", { name: data.name }));
    // A seat's clock ran out: a robot makes its move (the protocol's Robots).
    if (kind === "table.timed_out" && mine) { s.timedOut = true; s.notices.push(() => t("time_up")); }
    if (kind === "table.timed_out" && !mine) { const name = seatName(s, data.seat); s.notices.push(() => t("time_up_other", { name })); }
    if (kind === "table.game_over" && data.shared_ip) s.notices.push(() => t("shared_ip_void"));
  }

  // The choices of a human to move come with the view (a snapshot's or an update's);
  // without them it is not this page's turn.
  function setGame(m) {
    // Cards chosen (an écart, a poignée) belong to the decision they were chosen
    // for: a poignée shown must not stay chosen for the next deal's écart.
    if (m.view?.phase !== s.view?.phase) {
      s.selection.clear();
      if (!s.view && m.view) for (const card of chosenBefore(m.view)) s.selection.add(card);
    }
    s.error = null; // a refusal is about the game as it was
    s.view = m.view;
    s.legal = m.turn ? m.turn.legal : null;
    if (m.turn?.id !== s.turnId) s.turnAt = Date.now();
    s.turnId = m.turn?.id; // given back with the move: a move come too late plays nothing
    s.hint = null; // a hint is for the turn it was asked on
    s.hinting = false;
    s.asked = null;
    // The clock of whoever is to move (a human): everyone sees it run.
    const clock = m.turn ?? m.clock;
    s.turnUntil = clock ? Date.now() + clock.seconds * 1000 : null;
  }

  const stop = listen((m) => {
    if (m.type === "welcome") { loadBlocked(); enter(); return; }
    if (m.table !== undefined && m.table !== id && !(m.table && m.table.id === id)) return;
    if (m.type === "table" || m.type === "update") s.elsewhere = false; // the server serves this page again
    if (m.type === "table") {
      s.info = m.table; s.seat = m.seat; s.deals = m.deals || [];
      // Who plays the game shown: its seats now, or the last game's players as it ended.
      if (m.table.playing) s.names = m.table.seats.map((seat) => seat?.name ?? null);
      else if (m.ended?.names) s.names = m.ended.names;
      // The table's recent chat, which this page heard live or missed (drawn anew): it
      // replaces the lines held, so that a snapshot during a session doubles none.
      if (m.chat) s.chat = m.chat;
      if (m.view?.deal) s.dealResult = { ...m.view.deal, number: m.view.deals_played }; // the next one not dealt yet
      // After a game's end the server's table has no game any more (no view): an end
      // this page saw keeps the game's last view with it; one it did not see (drawn
      // anew, or its connection lost meanwhile) drops the view it held, of a game
      // that went on without it. A game started since ends either.
      if (m.table.playing && m.view?.phase !== "over") s.gameOver = null;
      else if (!m.view && m.ended && !s.gameOver) { s.gameOver = m.ended; s.view = null; }
      // The sit this page asked as it came, refused (a guest at a competitive table),
      // is said: the snapshot that answers the page's resume must not wipe why it watches.
      const refused = s.sitting && s.seat === null ? s.error : null;
      s.sitting = false;
      setGame(!m.view && s.gameOver ? { ...m, view: s.view } : m);
      if (refused) s.error = refused;
      render();
    } else if (m.type === "update") {
      // One action (or, after a resume, everything missed): its events, then the game as it now
      // stands: the view patched (`diff`), or whole after a resume. A patch that does not fit the
      // view held (never expected) asks for a fresh snapshot instead.
      let view;
      try { view = m.diff ? patched(s.view, m.diff) : m.view; } catch {
        send({ type: "resume", table: id, last_seq: 0 });
        return;
      }
      const wasMine = Boolean(s.legal);
      s.fresh = null;
      m.events.forEach(onEvent);
      tellMoves();
      setGame({ ...m, view });
      if (s.legal && !wasMine) sound("turn");
      render();
      s.fresh = null; // the card played slides in once, not at every drawing
    } else if (m.type === "table_info") {
      // A seat taken during the game (a tournament's player arriving) plays on under
      // its name; one given up keeps its player's. Between games the last game's stay.
      if (m.table.playing) s.names = m.table.seats.map((seat, i) => seat?.name ?? s.names?.[i] ?? null);
      s.info = m.table; render();
    } else if (m.type === "event") { onEvent(m); tellMoves(); render(); }
    else if (m.type === "error" && m.code === "seat_left") { s.notices.push(() => refusalText(m)); render(); } // why this page watches
    // The seat taken over by another tab (or window) of this player: the server sends
    // this page nothing more and refuses its moves, so it offers none, runs no clock,
    // and offers to take the seat back (a resume does, as a sit would).
    else if (m.type === "error" && m.code === "elsewhere") {
      Object.assign(s, { elsewhere: true, legal: null, asked: null, turnUntil: null, hint: null, hinting: false, error: null });
      render();
    }
    else if (m.type === "error") {
      // The sit (or watch) this page asked as it came, refused (a wrong code, too many),
      // is followed by its resume's refusal of a private table: the sit's reason stays.
      if (!(s.sitting && !s.info && m.code === "table_private" && s.error)) s.error = m; // worded when drawn
      s.hinting = false;
      const back = Boolean(s.asked); // the decision given back takes the keyboard again
      if (s.asked) { s.legal = s.asked; s.asked = null; }
      render();
      if (back && !document.activeElement?.matches("input, textarea, select")) focusPrompt(board);
    }
    else if (m.type === "hint") { s.hint = m; s.hinting = false; render(); }
    else if (m.type === "invited") { s.notices.push(() => t("invitation_sent", { name: m.name })); render(); }
    else if (m.type === "left" && m.reason === "table_closed") {
      // Every player gone, the table closed: nothing here to sit at or wait for.
      Object.assign(s, { closed: true, legal: null, asked: null, turnUntil: null, hint: null, hinting: false });
      render();
    }
    else if (m.type === "left") {
      // Sent away (the master turned spectators off, a block): told why, on the lobby.
      // Sent away as a game ends (a block made during it), the page keeps the result
      // on screen with the reason under it (the table refuses what it asks from then on).
      if (m.reason && s.gameOver) {
        Object.assign(s, { legal: null, asked: null, turnUntil: null, hint: null, hinting: false });
        s.notices.push(() => refusal({ code: m.reason, params: {} }));
        render();
        return;
      }
      if (m.reason) toast(refusal({ code: m.reason, params: {} }), "error");
      location.hash = "#/";
    }
  });
  if (session.connected) enter();

  function onKey(e) {
    // The side panels as a drawer over the table (a narrow window, a zoomed page):
    // Escape closes it, giving the keyboard back to its button; Tab stays inside it.
    const toggle = root.querySelector("#side-toggle");
    const drawer = s.showSide && toggle?.checkVisibility();
    if (e.key === "Escape" && drawer) { ctx.closeSide(); e.preventDefault(); return; }
    if (e.key === "Tab" && drawer) {
      const inside = [...root.querySelectorAll("#side button, #side input, #side select, #side textarea, #side a[href], #side summary")]
        .filter((el) => !el.disabled && el.checkVisibility());
      const at = inside.indexOf(document.activeElement);
      const to = at < 0 ? 0 : e.shiftKey && at === 0 ? inside.length - 1 : !e.shiftKey && at === inside.length - 1 ? 0 : null;
      if (to !== null && inside.length) { inside[to].focus(); e.preventDefault(); }
      return;
    }
    if (e.target.matches("input, textarea, select")) return;
    if (e.key === "Escape" && s.dealResult) { s.dealResult = null; render(); e.preventDefault(); return; }
    if (e.key === "l" || e.key === "L") { s.showLast = !s.showLast; render(); }
    else if (e.key === "c" || e.key === "C") { root.querySelector("#chat-input")?.focus(); e.preventDefault(); }
    else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      const cards = [...root.querySelectorAll("#hand .card")];
      if (!cards.length) return;
      const at = cards.indexOf(document.activeElement);
      const next = at < 0 ? (cards.findIndex((c) => c.classList.contains("legal")) + 1 || 1) - 1
        : (at + (e.key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
      cards[next].focus();
      e.preventDefault();
    }
  }
  document.addEventListener("keydown", onKey);
  timer = setInterval(() => {
    const clock = root.querySelector("#turn-clock");
    if (clock && s.turnUntil) clock.textContent = t("seconds_left", { n: Math.max(0, Math.ceil((s.turnUntil - Date.now()) / 1000)) });
  }, 250);

  // The hand's cards take one Tab (the one in focus, else the first legal one):
  // the arrows move among them, and Tab goes on past the hand.
  root.addEventListener("focusin", (e) => { if (e.target.matches("#hand .card")) rove(board); });

  // Cards chosen and not yet confirmed outlive a reload of the page (this tab's
  // storage), for the same decision of the same deal: a reload mid-écart forgot them.
  const CHOICE = `atout.choice.${id}`;
  function keepChoice() {
    if (!s.view) return; // the page still opening: what it kept is yet to be read
    if (!s.selection.size) sessionStorage.removeItem(CHOICE);
    else sessionStorage.setItem(CHOICE, JSON.stringify({ phase: s.view.phase, deal: s.view.deals_played, cards: [...s.selection] }));
  }
  function chosenBefore(view) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(CHOICE) || "null");
      if (kept?.phase === view.phase && kept.deal === view.deals_played) return kept.cards.filter((c) => (view.hand || []).includes(c));
    } catch { /* not ours to read: nothing kept */ }
    return [];
  }

  function render() {
    keepChoice();
    if (s.showSide) s.chatUnread = false; // the drawer open shows the chat
    const active = document.activeElement;
    const lost = !active || active === document.body || active.id === "app" || root.contains(active); // #app: a page just opened
    const typing = Boolean(active?.matches("input, textarea, select, [contenteditable]"));
    const again = root.contains(active) ? focusSelector(active) : null;
    const chatValue = root.querySelector("#chat-input")?.value ?? "";
    // Drawn anew, the side panels (a phone's drawer) and the chat would start at their
    // top at each move: they keep where the player scrolled them, and the chat, left
    // at its end, shows its latest lines.
    const sideTop = root.querySelector("#side")?.scrollTop ?? 0;
    const log = root.querySelector("#chat-log");
    const logTop = log && log.scrollTop + log.clientHeight < log.scrollHeight - 2 ? log.scrollTop : null;
    clear(board, s.info ? layout(ctx) : s.error ? refusedPage(s) : [h("p", { class: "muted" }, t("connecting"))]);
    const chatInput = root.querySelector("#chat-input");
    if (chatInput) chatInput.value = chatValue;
    const side = root.querySelector("#side");
    if (side) side.scrollTop = sideTop;
    const newLog = root.querySelector("#chat-log");
    if (newLog) newLog.scrollTop = logTop ?? newLog.scrollHeight;
    // What had the keyboard keeps it, drawn anew.
    if (again) board.querySelector(again)?.focus({ preventScroll: true });
    // The game's end is told and takes the keyboard as a decision does: what comes next.
    const over = board.querySelector("#game-over");
    const key = s.gameOver && over ? `over ${s.gameOver.game}` : promptKey(s);
    // An open drawer keeps the keyboard: what comes is said, and the drawer closed
    // goes to it (``closeSide``).
    const drawer = s.showSide && board.querySelector("#side-toggle")?.checkVisibility();
    const keep = typing || drawer;
    if (key !== s.prompt) {
      s.prompt = key;
      if (over && key) {
        announce([over.querySelector("h2"), over.querySelector("#winners"), over.querySelector("#win-reason"), over.querySelector("#my-settlement")].filter(Boolean).map((e) => e.textContent).join(". "));
        if (!keep) ["#again", "#leave-over", "#replay-link"].map((q) => over.querySelector(q)).find(Boolean)?.focus();
      } else {
        announce(key ? labelled(t("your_turn"), board.querySelector("#prompt .prompt-title")?.textContent || t("turn_play")) : "");
        if (key && !keep) focusPrompt(board);
        s.askedInSide = Boolean(key && drawer);
      }
    }
    rove(board);
    // The last trick shown (L, or its button) is said, card by card: it was drawn only.
    if (s.showLast && !s.saidLast) {
      const cards = [...board.querySelectorAll("#trick .card[data-card]")];
      const winner = board.querySelector("#trick .card.winner");
      if (cards.length) {
        told.textContent = labelled(t("last_trick"), cards.map((c) => labelled(seatName(s, Number(c.dataset.seat)), cardName(c.dataset.card))).join(", "))
          + (winner ? `. ${t("trick_won", { name: seatName(s, Number(winner.dataset.seat)) })}` : "");
      }
    }
    s.saidLast = s.showLast;
    // What had the keyboard gone with the drawing (a card played, a bid made, the
    // result closed): the keyboard goes on to what comes next, not to the page's body;
    // a move on its way waits for its answer, which says what comes next.
    if (lost && !s.asked && !root.contains(document.activeElement)) {
      FALLBACK.map((q) => board.querySelector(q)).find((el) => el?.checkVisibility())?.focus({ preventScroll: true });
    }
  }

  // A new decision is said to a screen reader (the text is set a moment after
  // being emptied, so that the same words said again are heard again); what comes
  // meanwhile is said with it, not instead of it (a game's end right after a turn).
  let pending = [];
  function announce(text) {
    clearTimeout(announcing);
    live.textContent = "";
    if (text) pending.push(text);
    if (pending.length) announcing = setTimeout(() => { live.textContent = pending.join(". "); pending = []; }, 100);
  }

  render();
  return [root, () => {
    stop(); clearInterval(timer); clearTimeout(announcing); document.removeEventListener("keydown", onKey);
    parked = { id, lang, s };
  }];
}

/** The decision this page's player is asked for, or null: a new one takes the
 * keyboard and is announced. The écart is one decision of several moves. */
function promptKey(s) {
  const legal = s.legal || s.asked; // an answer on its way is still that decision
  const v = s.view;
  if (!legal || !v || s.gameOver || v.to_move !== s.seat) return null;
  if (v.phase === "discard") return "discard";
  return `${v.phase} ${legal.join(" ")}${s.excuseOpen ? " excuse" : ""}`;
}

// Where a new decision takes the keyboard: its first choice the rules allow, in the
// prompt (a bid, the Excuse's value, a question's answer, the écart's confirm), else
// in the hand (the écart's cards, a card to play), where a legal card already in
// focus keeps it.
const PROMPT_FOCUS = ["#prompt .bid-button:not(.illegal)", "#prompt button:not([disabled]):not(.illegal):not(#clear-ecart)", "#hand .card.legal"];

function focusPrompt(board) {
  for (const selector of PROMPT_FOCUS) {
    const target = board.querySelector(selector);
    if (!target) continue;
    const kept = selector.startsWith("#hand") && document.activeElement?.matches(selector);
    if (!kept) target.focus();
    return;
  }
}

// Where the keyboard goes when what had it is drawn no more: a choice asked, the
// deal's result to go on from, the hand, the game's end, the start.
const FALLBACK = ["#prompt button:not([disabled]):not(.illegal)", "#deal-continue", "#hand button.card[tabindex='0']",
  "#game-over a, #game-over button", "#start", "#side-toggle"];

/** How to find an element again once the page is drawn anew: by its id, or by its
 * card or action within the nearest part with an id (the hand, the prompt). */
function focusSelector(el) {
  if (el.id) return `#${CSS.escape(el.id)}`;
  const within = el.closest("[id]");
  const what = el.dataset.card ? `[data-card="${CSS.escape(el.dataset.card)}"]`
    : el.dataset.action ? `[data-action="${CSS.escape(el.dataset.action)}"]` : null;
  return within && what ? `#${CSS.escape(within.id)} ${what}` : null;
}

/** The hand's one card in the Tab order: the one in focus, else the first legal, else the first. */
function rove(board) {
  const cards = [...board.querySelectorAll("#hand button.card")];
  const kept = cards.find((c) => c === document.activeElement) || cards.find((c) => c.classList.contains("legal")) || cards[0];
  for (const card of cards) card.tabIndex = card === kept ? 0 : -1;
}

function errorLine(s) {
  return h("p", { class: "error", id: "table-error", role: "alert" },
    s.error ? t("illegal", { msg: refusalText(s.error) }) : s.timedOut ? t("time_up") : "");
}

/** A refusal in the reader's words; a seat given to a robot because its player
 * stayed away past the grace time is said so (the catalogue's words say "you left"). */
function refusalText(error) {
  return error.code === "seat_left" && error.params?.why === "away" ? t("seat_left_away") : refusal(error, cardName);
}

// An option the server names by its field, as the options form labels it.
function optionLabel(key) {
  return t(key === "rules" ? "more_rules" : key);
}

/** The name of whoever plays `seat` in the game shown (its deals, bids, tricks,
 * scores and winners), as it was played: a seat changing hands afterwards (a player
 * leaving, a newcomer sitting down between games) renames nothing of it. With no
 * game shown, whoever sits there now. */
export function seatName(s, seat) {
  return nameIn(s, s.view || s.gameOver ? s.names : null, seat);
}

/** The seat's name in `names` (a game's or a deal's players, null for a robot),
 * or whoever sits there now when they are not known. */
export function nameIn(s, names, seat) {
  if (seat === null || seat === undefined) return "";
  const name = names ? names[seat] : s.info?.seats?.[seat]?.name;
  return name ?? `${t("robot")} ${seat + 1}`;
}

/** The names of the game's players, as they stand (a deal played is credited to them). */
function gameNames(s) {
  return s.names ? [...s.names] : (s.info?.seats || []).map((seat) => seat?.name ?? null);
}

// Names cut to `size` characters for narrow places (score table, chart legend); when
// cuts collide (guest_player_1a2b, guest_player_3c4d) the distinct end is kept.
export function shortNames(names, size) {
  const cut = names.map((name) => name.slice(0, size));
  if (new Set(cut).size === cut.length) return cut;
  return names.map((name) => (name.length <= size ? name : `${name.slice(0, size - 5)}…${name.slice(-4)}`));
}

function seatCount(s) {
  return s.view ? s.view.players : s.info.options.players;
}

// Where seat k (0 = the viewer) sits on the felt: play goes counter-clockwise, so the
// next player is on the viewer's right.
export function seatAngle(s, seat) {
  const n = seatCount(s);
  const me = s.seat ?? 0;
  const k = (seat - me + n) % n;
  return ((270 + (k * 360) / n) * Math.PI) / 180;
}

function seatBox(ctx, seat) {
  const { s } = ctx;
  const info = s.info.seats[seat];
  const v = s.view;
  // On the felt's edge, each box anchored at the same fraction of itself as of the
  // felt (the top seat's top on the felt's top): no box ever leaves the felt.
  const angle = seatAngle(s, seat);
  const x = 50 + 49 * Math.cos(angle), y = 50 - 49 * Math.sin(angle);
  const toMove = v && !s.gameOver && v.to_move === seat; // an ended game waits for nobody
  // Between games an empty seat is free (robots take the free seats as a game starts),
  // and a player who lost the connection holds theirs, away: robots play only in a game.
  // The last game's view, shown with its end, keeps the robots who played it.
  const free = !info && !s.info.playing && !v;
  const robot = !free && (!info || (info.robot && s.info.playing));
  // whoever sits there now; an empty seat of the game shown, who played it
  const name = info ? info.name : seatName(s, seat);
  const tags = v ? uiOf(v.game).seatTags(ctx, seat) : [];
  // A seat on the felt's left or right edge, level with the trick's side cards.
  const flank = Math.abs(Math.cos(angle)) > 0.7;
  return h("div", { class: `seat-box${toMove ? " to-move" : ""}${seat === s.seat ? " me" : ""}${flank ? " flank" : ""} ${y < 50 ? "high" : "low"}`, "data-seat": seat,
    style: `left:${x}%;top:${y}%;--x:${x}%;--y:${y}%` },
    // A name too long for its seat ends in an ellipsis (atout.css); the whole of it is
    // the line's title, shown on hovering it.
    h("div", { class: "seat-name", title: free ? null : name }, free ? null : seatAvatar(info, robot), robot ? robotBadge(info) : null,
      // the name alone ends in an ellipsis: the marks after it stay in view
      free ? h("span", { class: "muted free-seat" }, t("free_seat")) : h("span", { class: "seat-label" }, name),
      seat === s.info.master_seat ? h("span", { title: t("master"), role: "img", "aria-label": t("master") }, " ★") : null,
      info && !info.connected && !robot ? h("span", { title: t("away"), role: "img", "aria-label": t("away") }, " ⚠") : ""),
    h("div", { class: "seat-tags" }, tags),
    toMove && seat !== s.seat ? h("div", { class: "thinking" }, "…") : null);
}

// A registered player's chosen avatar (served by user id); a robot and a guest are
// drawn here, with nothing to load.
// A robot's seat is named "robot 2" already: its badge is said only where a robot
// plays a player's seat ("robot, Alice"), never run into the name ("BOTrobot 2").
function robotBadge(info) {
  return h("span", { class: "robot-badge", title: t("robot"), ...(info ? { role: "img", "aria-label": `${t("robot")},` } : { "aria-hidden": "true" }) }, t("robot_badge"));
}

const ROBOT = '<svg viewBox="0 0 24 24" aria-hidden="true"><rect width="24" height="24" rx="5" fill="#37474f"/><rect x="5" y="7" width="14" height="11" rx="3" fill="#cfd8dc"/><circle cx="9.5" cy="12" r="1.8" fill="#37474f"/><circle cx="14.5" cy="12" r="1.8" fill="#37474f"/><path d="M12 3v4" stroke="#cfd8dc" stroke-width="2"/></svg>';
const GUEST = '<svg viewBox="0 0 24 24" aria-hidden="true"><rect width="24" height="24" rx="5" fill="#5d4037"/><circle cx="12" cy="9" r="4" fill="#ffe0b2"/><path d="M4 22c0-5 4-8 8-8s8 3 8 8z" fill="#ffe0b2"/></svg>';

function seatAvatar(info, robot) {
  if (!robot && info?.user) {
    return h("img", { class: "seat-avatar", src: `/api/avatar/${info.user}`, alt: "", width: 24, height: 24, "data-avatar": "user" });
  }
  const drawn = h("span", { class: "seat-avatar", "data-avatar": robot ? "robot" : "guest", title: robot ? t("robot") : t("guest_avatar") });
  drawn.innerHTML = robot ? ROBOT : GUEST;
  return drawn;
}

// A table that would not let this page in says why; a private one asks for the
// invitation's code (the link the master shares carries it).
function refusedPage(s) {
  const code = h("input", { id: "table-code", autocomplete: "off", maxlength: 64 });
  const enter = (e) => { e.preventDefault(); location.hash = `#/table/${s.id}?join=1&code=${encodeURIComponent(code.value.trim())}`; };
  return h("section", { class: "panel narrow", id: "table-refused" },
    h("p", { class: "error" }, refusal(s.error)),
    // a code refused as wrong is asked again (mistyped, or an old link's)
    ["table_private", "wrong_code"].includes(s.error.code) ? h("form", { class: "row", onsubmit: enter },
      h("label", {}, t("invite_code"), code), h("button", { type: "submit", id: "enter-code" }, t("enter_with_code"))) : null,
    h("a", { href: "#/", class: "button secondary" }, t("lobby")));
}

function layout(ctx) {
  const { s } = ctx;
  const v = s.view;
  const n = seatCount(s);
  const spectator = s.seat === null;
  const felt = sized(h("div", { class: "felt", id: "felt", "data-phase": v ? v.phase : "waiting", "data-game": v ? v.game : "",
    "data-seats": n },
    [...Array(n).keys()].map((seat) => seatBox(ctx, seat)),
    h("div", { class: "centre", id: "centre" },
      v ? uiOf(v.game).centre(ctx) : waitingCentre(ctx))));
  const prompt = s.elsewhere ? elsewhereNotice(ctx) : v && s.seat !== null ? uiOf(v.game).prompt(ctx) : null;
  const turnLine = v && !s.gameOver && !s.elsewhere && v.to_move !== null && v.to_move >= 0
    ? h("div", { class: `turn-line${v.to_move === s.seat ? " mine" : ""}`, id: "turn-line" },
        v.to_move === s.seat ? t("your_turn") : t("waiting_for", { name: seatName(s, v.to_move) }),
        s.turnUntil ? " " : null, // read aloud apart from the clock ("Your turn30 s")
        s.turnUntil ? h("span", { id: "turn-clock", class: "clock" },
          t("seconds_left", { n: Math.max(0, Math.ceil((s.turnUntil - Date.now()) / 1000)) })) : null)
    : null;
  const main = h("section", { class: "play-area" },
    // the page's title for a screen reader, which goes from heading to heading
    h("h1", { class: "sr-only", id: "table-title" }, `${t(s.info.options.game)} · ${t("table")} ${s.id}`),
    spectator && !s.closed ? h("div", { class: "spectator-banner", id: "spectator-banner" }, t("spectator_mode")) : null,
    s.closed ? closedPanel() : null,
    // Who won the trick and the last deal's result are the play area's, not the
    // felt's: over the felt, or beside it on a phone on its side, where the felt has
    // no room between its seats.
    felt, v ? uiOf(v.game).onFelt(ctx) : null, turnLine,
    // Where the side panels are a drawer (a phone, a tablet upright), this opens it:
    // at the turn line's end, where no seat of the felt can be.
    // Its badge says the drawer holds something to see: a vote asking this player,
    // options changed, a chat line unread.
    h("button", { class: "icon side-toggle", id: "side-toggle", "aria-expanded": String(s.showSide), title: t("table_menu"),
      "aria-label": t("table_menu"), onclick: () => {
        s.showSide = !s.showSide; ctx.render();
        if (s.showSide) document.getElementById("side-close")?.focus(); // the drawer opened takes the keyboard
      } }, "☰",
      voteAsks(s) || s.optionsChanged.length || s.chatUnread ? h("span", { class: "side-badge", id: "side-badge", "aria-hidden": "true" }) : null),
    votePrompt(ctx), prompt,
    // A refusal shows between the prompt and the hand, where the player looks (on a
    // phone too), in a line kept even when empty so that the cards never move.
    errorLine(s), (v && uiOf(v.game).hand ? uiOf(v.game).hand(ctx) : handRow(ctx)), gameOverPanel(ctx),
    h("p", { class: "muted keys" }, t("keyboard_help")));
  const side = h("aside", { class: "side", id: "side" },
    h("button", { class: "icon side-close", id: "side-close", "aria-label": t("hide"),
      onclick: () => ctx.closeSide() }, "✕"),
    tableInfoPanel(ctx),
    v ? uiOf(v.game).side(ctx) : null,
    s.view || s.gameOver ? dealsPanel(ctx) : null,
    chatPanel(ctx));
  return h("div", { class: `table-layout${s.showSide ? " side-open" : ""}` }, main, side);
}

// This page's seat is played from another tab: say so where the prompt would be,
// with the way to play here again.
function elsewhereNotice(ctx) {
  const { s } = ctx;
  return h("div", { class: "prompt", id: "elsewhere" },
    h("span", { class: "prompt-title" }, t("elsewhere_here")),
    h("div", { class: "row" }, h("button", { id: "take-back", onclick: () => send({ type: "resume", table: s.id, last_seq: 0 }) },
      t("take_seat_back"))));
}

function waitingCentre(ctx) {
  const { s } = ctx;
  const free = s.info.seats.map((seat, i) => seat === null ? i : null).filter((i) => i !== null);
  const isMaster = s.seat !== null && s.seat === s.info.master_seat;
  return h("div", { class: "waiting" },
    h("p", {}, describeOptions(s.info.options, true), s.info.options.private ? [" ", privateMark()] : null),
    // A guest may not sit at a competitive table: no seat is offered to be refused.
    s.closed ? null : s.seat === null && free.length && !s.info.playing && session.guest && s.info.options.competitive
      ? h("p", { class: "muted", id: "guests-watch" }, labelled(t("competitive"), t("competitive_guests"))) : null,
    !s.closed && s.seat === null && free.length && !s.info.playing && !(session.guest && s.info.options.competitive)
      ? h("div", { class: "row" }, free.map((i) => h("button", { class: "sit", "data-sit": i,
          onclick: () => send({ type: "sit", table: s.id, seat: i, ...(ctx.code ? { code: ctx.code } : {}) }) }, `${t("sit_here")} ${i + 1}`))) : null,
    // After a game the game-over panel says what comes next (its Play again starts the
    // next game): one way, said once.
    isMaster && !s.info.playing && !s.info.tournament && !s.gameOver ? h("button", { id: "start", class: "big", onclick: () => send({ type: "start", table: s.id }) }, t("start")) : null,
    // whose move it is between games, for those seated who cannot start one
    !isMaster && s.seat !== null && !s.info.playing && !s.info.tournament && s.info.master && !s.gameOver
      ? h("p", { class: "muted", id: "waiting-master" }, masterLine(s, "wait_for_master")) : null);
}

function handRow(ctx) {
  const { s } = ctx;
  const v = s.view;
  if (!v || s.seat === null) return null;
  const hand = sortHand(v.hand || []);
  const plays = new Set((s.legal || []).filter((a) => a.startsWith("play:") || a.startsWith("discard:")).map((a) => a.split(":")[1]));
  const phase = v.phase;
  const inPoignee = phase === "poignee" && s.legal;
  const active = (phase === "play" || phase === "discard") && s.legal;
  const row = handOf(hand.map((card) => {
      if (inPoignee) {
        const chosen = s.selection.has(card);
        const trump = card.startsWith("T") || card === "EX";
        return cardButton(card, { cls: chosen ? "selected" : "", legal: trump ? true : null, pressed: trump ? chosen : null,
          onclick: () => { if (!(card.startsWith("T") || card === "EX")) return; chosen ? s.selection.delete(card) : s.selection.add(card); ctx.render(); } });
      }
      if (phase === "discard" && active) {
        // The écart is chosen, then confirmed: a misclick is undone by clicking again.
        // A card the rules keep is sent anyway, so that the server says why.
        const chosen = s.selection.has(card);
        return cardButton(card, { cls: chosen ? "selected" : "", legal: plays.has(card), pressed: plays.has(card) ? chosen : null,
          onclick: () => {
            if (!plays.has(card)) ctx.act(`discard:${card}`);
            else if (chosen) s.selection.delete(card);
            else if (s.selection.size < ecartLeft(v)) s.selection.add(card);
            ctx.render();
            // The écart complete, its confirm comes next: Enter confirms it.
            if (plays.has(card) && !chosen && s.selection.size === ecartLeft(v)) document.getElementById("confirm-ecart")?.focus();
          } });
      }
      return cardButton(card, { legal: active ? plays.has(card) : null,
        onclick: () => { if (active) ctx.act(`play:${card}`); } });
    }));
  // cards being chosen: each row shows room for a chosen card's mark
  if (inPoignee || (phase === "discard" && active)) row.classList.add("choosing");
  return row;
}

const HAND_ROWS = [2, 3, 4, 5];
// How soon after a decision is drawn, its clock having just run out, a click is
// taken as aimed at the turn that passed (a person reacts in some 200-300 ms).
const AIMED_BEFORE = 400;

/** The hand's cards: the stylesheet overlaps them to fit the width and, when one
 * row would leave a card too narrow a strip (its corner hidden; a finger's width on
 * a phone), folds them into as few balanced rows as keep it (`--rows` at most). For
 * each number of rows r the cards per row are `--p<r>`, a `.hand-break.b<r>` ends
 * each row but the last and the card before it is `.end<r>`: the stylesheet keeps
 * the breaks of the one number of rows it chose. */
export function handOf(cards, ...after) {
  const n = cards.length;
  const style = [`--n:${Math.max(n, 2)}`];
  const ends = new Map();
  for (const r of HAND_ROWS) {
    style.push(`--p${r}:${Math.max(n > 6 ? Math.ceil(n / r) : n, 2)}`); // six cards or fewer: one row
    for (let i = 1; i < r && n > 6; i++) {
      const at = Math.round((i * n) / r);
      ends.set(at, [...(ends.get(at) || []), r]);
    }
  }
  const items = cards.flatMap((card, i) => {
    const rows = ends.get(i + 1) || [];
    for (const r of rows) card.classList.add(`end${r}`);
    return [card, ...rows.map((r) => h("span", { class: `hand-break b${r}` }))];
  });
  // under the last row: what the rows' overlap took from the last row's height
  if (n > 6) items.push(h("span", { class: "hand-end" }));
  return sized(h("div", { class: "hand", id: "hand", role: "group", "aria-label": t("your_hand"), style: style.join(";") },
    items, ...after));
}

/** Who won a game, the word agreed with their number. */
function winnersLine(s, seats) {
  return t(seats.length > 1 ? "winners" : "winner", { names: seats.map((seat) => seatName(s, seat)).join(", ") });
}

// The game's end says who won (or that it was ended by agreement) and what comes
// next: the master starts the next game; the others keep their seats for it, or leave.
function gameOverPanel(ctx) {
  const { s } = ctx;
  const over = s.gameOver;
  if (!over) return null;
  const master = !s.closed && s.seat !== null && s.seat === s.info.master_seat;
  const why = over.result ? uiOf(s.info.options.game)?.endNote?.(ctx, over.result) : null;
  const next = s.closed ? null : master ? t("next_game_master")
    : s.info.master ? masterLine(s, s.seat === null ? "next_game_watch" : "next_game_seated") : null;
  return h("div", { class: "panel game-over", id: "game-over" },
    h("h2", {}, over.cancelled ? t("game_cancelled") : t("game_over")),
    over.result ? h("p", { id: "winners" }, winnersLine(s, over.result.winners)) : null,
    // why they won, where the game says (an Africain game's end), from the result: a
    // reload after the end keeps it, though the game's view is gone
    why ? h("p", { id: "win-reason" }, why) : null,
    over.shared_ip ? h("p", { class: "notice", id: "shared-ip" }, t("shared_ip_void")) : null, // why nothing was scored
    settlementPart(s, over.settlement),
    next ? h("p", { class: "muted", id: "game-next" }, next) : null,
    h("div", { class: "row" },
      over.game && !over.cancelled ? h("a", { class: "button", id: "replay-link", href: `#/replay/${over.game}` }, t("replay_game")) : null,
      master ? h("button", { id: "again", onclick: () => { s.gameOver = null; send({ type: "start", table: s.id }); } }, t("new_game")) : null,
      // the options form where it is, beside the table or in a phone's drawer (☰):
      // the panel names this button, not ⚙, which a phone keeps in the drawer
      master ? h("button", { class: "secondary", id: "over-options", onclick: () => openOptions(ctx) }, t("table_options")) : null,
      !master && s.seat !== null && !s.closed ? h("button", { class: "secondary", id: "leave-over", onclick: () => ctx.leave() }, t("leave")) : null));
}

/** What the master may do next, named as the table's master now; a master whose
 * connection dropped holds the table (and its start) until they come back or their
 * grace time runs out: said, lest the others wait on them unknowing. */
function masterLine(s, key) {
  const seat = s.info.seats?.[s.info.master_seat];
  const line = t(key, { name: s.info.master });
  return seat && !seat.connected ? `${line} ${t("master_away", { name: s.info.master })}` : line;
}

/** The table closed (every player gone): nothing left to sit at or wait for. */
function closedPanel() {
  return h("div", { class: "panel table-closed", id: "table-closed", role: "status" },
    h("p", {}, t("table_closed")),
    h("a", { class: "button", id: "back-to-lobby", href: "#/" }, t("back_to_lobby")));
}

// The options form opened (the drawer too, where the side panels are one), its
// first field given the keyboard and brought into sight.
function openOptions(ctx) {
  const { s } = ctx;
  s.showOptions = true;
  s.optionsChanged = [];
  if (document.getElementById("side-toggle")?.checkVisibility()) s.showSide = true; // a drawer: opened
  ctx.render();
  const first = document.querySelector("#side .options-editor :is(input, select)");
  first?.focus({ preventScroll: true });
  first?.scrollIntoView({ block: "nearest" });
}

/** A change of chips or XP with its sign: "+120", "-100", "0". */
function signed(n) {
  return `${n > 0 ? "+" : n < 0 ? "-" : ""}${Math.abs(n).toLocaleString(getLang())}`;
}

// What a scored (competitive) game changed, as the server stored it: this page's
// player's own chips and XP, found by their user id (a name may be another's),
// then each registered seat's. A practice game, or one voided for a
// shared address, has no settlement: nothing is said of chips.
function settlementPart(s, settled) {
  if (!Array.isArray(settled) || !settled.length) return null;
  const me = session.user;
  const mine = me === null ? null : settled.find((p) => p.user === me);
  const sign = (n) => (n > 0 ? "pos" : n < 0 ? "neg" : null);
  return [
    mine ? h("p", { id: "my-settlement", class: sign(mine.chips) },
      t("you_settled", { chips: signed(mine.chips), xp: signed(mine.xp) })) : null,
    h("table", { class: "settlement", id: "settlement", "aria-label": t("settlement_title") },
      h("thead", {}, h("tr", {}, h("th", {}, t("settled_player")), h("th", {}, t("chips")), h("th", {}, t("xp")))),
      h("tbody", {}, settled.map((p) => h("tr", { "data-user": String(p.user), class: p.user === me ? "me" : null },
        h("td", {}, p.name ?? seatName(s, p.seat)),
        h("td", { class: sign(p.chips) }, signed(p.chips)),
        h("td", {}, signed(p.xp))))))];
}

// A game under way that this page's player may vote the end of.
function inGame(s) {
  return Boolean(s.view && !s.gameOver && s.seat !== null);
}

/** Whether to leave: asked first of a player still in a game under way, which a
 * robot then plays to its end, their bet lost (one tap beside the sounds' button
 * did it). A player out of the game (Africain, no lives left) loses nothing. */
function leaving(s) {
  if (!inGame(s) || s.view.in_game?.[s.seat] === false) return true;
  const { competitive, bet } = s.info?.options || {};
  return confirm(t("leave_confirm") + (competitive && bet ? ` ${t("leave_confirm_bet", { bet })}` : ""));
}

// Another player proposed the amicable end and this player has not answered yet.
function voteAsks(s) {
  const votes = s.info.votes || [];
  return inGame(s) && votes.length > 0 && !votes.includes(s.seat);
}

function voteButtons(s, ids = {}) {
  return [
    h("button", { id: ids.agree, class: "secondary", onclick: () => send({ type: "vote", table: s.id, agree: true }) }, t("vote_agree")),
    h("button", { id: ids.refuse, class: "secondary", onclick: () => send({ type: "vote", table: s.id, agree: false }) }, t("vote_refuse"))];
}

// The vote asks for an answer where the player looks, not only in the drawer: who
// proposed it, what it means, and the two answers.
function votePrompt(ctx) {
  const { s } = ctx;
  if (!voteAsks(s)) return null;
  const names = s.info.votes.map((seat) => seatName(s, seat)).join(", ");
  return h("div", { class: "prompt vote-prompt", id: "vote-prompt" },
    h("span", { class: "prompt-title" }, t("vote_question")), h("span", {}, t("vote_by", { names })),
    h("div", { class: "row" }, voteButtons(s, { agree: "vote-agree", refuse: "vote-refuse" })));
}

/** The options form of ⚙: the master's to change and send, the others' to read. */
function optionsForm(ctx, isMaster) {
  const { s } = ctx;
  const info = s.info;
  if (!isMaster) return h("fieldset", { class: "options-editor", id: "options-view", disabled: true }, optionFields(info.options).fields);
  const fields = optionFields(info.options);
  return h("form", { class: "options-editor", onsubmit: (e) => {
    e.preventDefault();
    const value = fields.value();
    const patch = Object.fromEntries(Object.entries(value).filter(([k, val]) => info.options[k] !== val));
    send({ type: "options", table: s.id, options: patch });
    s.showOptions = false;
    ctx.render();
  } }, fields.fields, h("button", { type: "submit", id: "save-options" }, t("save_options")));
}

function tableInfoPanel(ctx) {
  const { s } = ctx;
  const info = s.info;
  const isMaster = s.seat !== null && s.seat === info.master_seat;
  const link = info.invite_code ? `${location.origin}/#/table/${info.id}?join=1&code=${info.invite_code}` : null;
  // Spectators come in by the code too (a private table), without sitting down.
  const watchLink = info.invite_code && info.options.spectators ? `${location.origin}/#/table/${info.id}?code=${info.invite_code}` : null;
  // ⚙ opens the options form: the master's to change, the others' to read (what a
  // change notice names is there under the same labels). The open form is kept
  // across renders, as long as the options it shows stand (in the language it was
  // worded in): a player sitting down while the master types would otherwise wipe
  // what was typed.
  const formKey = s.showOptions ? `${isMaster} ${getLang()} ${JSON.stringify(info.options)}` : null;
  if (s.optionsForm?.key !== formKey) s.optionsForm = formKey && { key: formKey, node: optionsForm(ctx, isMaster) };
  const editor = s.optionsForm?.node ?? null;
  const voters = (info.votes || []).map((seat) => seatName(s, seat));
  const voted = s.seat !== null && (info.votes || []).includes(s.seat); // asked nothing again
  return h("div", { class: "panel table-info" },
    h("h2", {}, `${t("table")} ${info.id}`,
      h("button", { class: `icon${s.optionsChanged.length ? " changed" : ""}`, id: "options-button", title: t("options"), "aria-label": t("options"),
        onclick: () => { s.showOptions = !s.showOptions; s.optionsChanged = []; ctx.render(); } }, "⚙")),
    h("p", { class: "muted", id: "options-summary" }, describeOptions(info.options, true), info.options.private ? [" ", privateMark()] : null),
    editor,
    s.notices.length ? h("ul", { class: "notices", id: "notices" }, s.notices.slice(-4).map((n) => h("li", {}, n()))) : null,
    link ? h("div", { class: "invite" }, h("label", {}, t("invite_link"), h("input", { readonly: true, id: "invite-link", value: link,
      onfocus: (e) => e.target.select() }))) : null,
    watchLink ? h("div", { class: "invite" }, h("label", {}, t("watch_link"), h("input", { readonly: true, id: "watch-link", value: watchLink,
      onfocus: (e) => e.target.select() }))) : null,
    isMaster && info.options.private ? inviteBox(s.id) : null,
    voters.length ? h("p", { id: "votes" }, t("votes", { names: voters.join(", ") })) : null,
    inGame(s) && voted ? h("p", { class: "muted", id: "my-vote" }, t("vote_given")) : null,
    hintBox(ctx),
    h("div", { class: "row" },
      inGame(s) && !voters.length ? h("button", { id: "vote-end", class: "secondary", onclick: () => send({ type: "vote", table: s.id, agree: true }) },
        t("vote_end")) : null,
      inGame(s) && voters.length && !voted ? voteButtons(s, { agree: "vote-end" }) : null,
      // its words say whether sounds are on (pressed or not would say it twice, at odds)
      h("button", { class: "secondary", id: "mute",
        onclick: () => { setMuted(!muted()); ctx.render(); } }, muted() ? t("sound_off") : t("sound_on")),
      s.closed ? null : h("button", { class: "secondary", id: "leave", onclick: () => ctx.leave() }, t("leave"))));
}

// The strong robot's suggestion for this player's own turn, at a practice table only
// (the server refuses it elsewhere), with its reason: the best options' expected scores.
function hintBox(ctx) {
  const { s } = ctx;
  if (!s.legal || s.info.options.competitive || s.info.tournament) return null;
  const ask = () => { s.hinting = true; send({ type: "hint", table: s.id }); ctx.render(); };
  return h("div", { id: "hint-box" },
    h("button", { type: "button", class: "secondary", id: "hint", disabled: s.hinting, onclick: ask }, t("hint")),
    s.hinting ? h("p", { class: "muted" }, t("hint_wait")) : null,
    s.hint ? h("div", {},
      h("p", { id: "hint-action" }, t("hint_says", { action: actionText(s.hint.action) })),
      h("ul", { id: "hint-options" }, s.hint.options.map((o) => h("li", {},
        t("hint_option", { action: actionText(o.action), score: o.expected.toLocaleString(getLang()) }))))) : null);
}

function dealsPanel(ctx) {
  const { s } = ctx;
  const n = seatCount(s);
  const names = [...Array(n).keys()].map((seat) => seatName(s, seat));
  const v = s.view;
  if (!uiOf(v ? v.game : s.info.options.game).dealSheet) return null;
  const finalDeals = s.gameOver?.result?.deals;
  const dealScores = finalDeals || s.deals.map((d) => d.scores);
  const totals = v?.totals || s.gameOver?.result?.totals || dealScores.reduce((acc, d) => acc.map((a, i) => a + d[i]), Array(n).fill(0));
  const rows = s.deals.flatMap((d, i) => [
    h("tr", { class: "deal-head" }, h("td", { colspan: n + 1 }, `${i + 1}. ${t(d.contract) || "-"} · ${nameIn(s, d.names ?? s.names, d.taker)} · `,
      h("small", {}, d.made ? t("made") : t("failed", { n: d.breakdown ? Math.abs(d.breakdown.difference ?? 0) : "" }),
        ` · ${tn("n_points", d.attack_half_points / 2)} · ${tn("n_bouts", d.bouts)}`),
      d.breakdown ? h("details", {}, h("summary", {}, t("breakdown")), breakdownList(d.breakdown)) : null)),
    h("tr", { class: "deal-scores" }, h("td", {}),
      d.scores.map((score) => h("td", { class: score >= 0 ? "pos" : "neg" }, score > 0 ? `+${score}` : score)))]);
  const chart = h("div", { class: "chart-box", id: "score-chart" });
  chart.innerHTML = scoreChart(shortNames(names, 9), dealScores);
  return h("div", { class: "panel scores", id: "scores" },
    h("h2", {}, t("deal_scores")),
    h("table", { class: "score-table game-scores" },
      // names cut to fit, said whole (a screen reader read the cut ones)
      h("thead", {}, h("tr", {}, h("th", {}), shortNames(names, 7).map((short, seat) =>
        h("th", { title: names[seat], "aria-label": names[seat] }, short)))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {}, h("th", { "aria-label": t("total") }, "Σ"), totals.map((v2) => h("th", { class: "total" }, v2))))),
    h("h3", {}, t("scores_chart")), chart);
}

function chatPanel(ctx) {
  const { s } = ctx;
  const input = h("input", { id: "chat-input", maxlength: 300, placeholder: t("say"), "aria-label": t("chat") });
  return h("div", { class: "panel chat" },
    h("h2", {}, t("chat")),
    h("ul", { class: "chat-log", id: "chat-log" }, (s.blocked ? s.chat.filter((c) => !s.blocked.has(c.user)) : []).slice(-30)
      .map((c) => h("li", c.time ? { title: new Date(c.time * 1000).toLocaleTimeString(getLang()) } : {},
        h("b", {}, labelled(c.name)), c.text))),
    h("form", { class: "row", onsubmit: (e) => {
      e.preventDefault();
      if (input.value.trim()) send({ type: "chat", table: s.id, text: input.value.trim() });
      input.value = "";
    } }, input, h("button", { type: "submit" }, t("send"))));
}
