// Duplicate tournaments (#/tournament): the organiser creates one, prints its boards
// and slips, enters each table's result as the travelling slip says it, or opens its
// positions online; players take their places and are told where to sit; everyone
// with the link follows the movement and the ranking, which the server pushes over
// the websocket as results come in. The server deals, checks and ranks
// (atout.tournament): this page only shows and asks. A change the page makes is
// answered by a receipt (the version it made); the view of that version is the one
// pushed over the websocket, not sent twice.
import { clear, h, redraw, sentence } from "./dom.js";
import { getLang, labelled, refusal, t, tn } from "./i18n.js";
import { api, listen, send, session, token } from "./net.js";
import { libreCreatePage, libreFollower } from "./libre.js";
import { toast } from "./app.js";
import { adjustedMark, adjustmentsPart, placeControls, sessionsPart } from "./tournament_arbiter.js";
import { exportLink, fieldsValid, onlinePanel, orientation, percent, rankCell, rankHead, rankingNote } from "./tournament_parts.js";


// How long a change's view may take to come over the websocket before it is fetched.
const PUSH_WAIT = 5000;

function labels(players) {
  return players === 4 ? ["N", "W", "S", "E"] : ["A", "B", "C", "D", "E"];
}

// The organiser may be a guest: the tournament endpoints take either token.
const call = (path, body) => api(path, body, { guest: true });

export function tournamentPage(id) {
  if (id === "libre") return [libreCreatePage(), null];
  return id ? followPage(Number(id)) : [createPage(), null];
}

function createPage() {
  const message = h("p", { class: "error", role: "alert", id: "tour-error" });
  const name = h("input", { id: "tour-name", required: true, maxlength: 64 });
  const form = h("select", { id: "tour-form", onchange: () => showFor(form.value) },
    ["individual", "triplettes", "quadrettes", "teams"].map((f) => h("option", { value: f }, t(`tour_${f}`))));
  const movement = h("select", { id: "tour-movement" },
    ["plain", "howell"].map((m) => h("option", { value: m }, t(`tour_${m}`))));
  const teamSize = (id) => h("input", { id, type: "number", min: 4, max: 6, value: 4 });
  const teamA = teamSize("tour-team-a");
  const teamB = teamSize("tour-team-b");
  const players = h("select", { id: "tour-players" }, [4, 5].map((n) => h("option", { value: n }, n)));
  const tables = h("input", { id: "tour-tables", type: "number", min: 1, max: 60, value: 5, required: true });
  const positions = h("input", { id: "tour-positions", type: "number", min: 1, max: 60, placeholder: t("tour_auto") });
  const perPosition = h("input", { id: "tour-per-position", type: "number", min: 1, max: 10, placeholder: t("tour_auto") });
  const names = h("textarea", { id: "tour-names", rows: 6, placeholder: t("tour_names_help") });
  const mine = h("ul", { id: "tour-mine" });
  // Each form's own choices: the triplettes' movement, the match's team sizes.
  const only = (element, forms) => { element.dataset.forms = forms; return element; };
  const formChoices = [
    only(h("label", {}, t("tour_movement_kind"), movement), "triplettes"),
    only(h("label", {}, t("tour_team_a"), teamA), "teams"), only(h("label", {}, t("tour_team_b"), teamB), "teams")];
  const tableChoices = only(h("label", {}, t("tour_tables"), tables), "individual triplettes quadrettes");
  const playerChoices = only(h("label", {}, t("tour_players"), players), "individual");
  function showFor(chosen) {
    for (const element of [...formChoices, tableChoices, playerChoices]) element.hidden = !element.dataset.forms.split(" ").includes(chosen);
    names.placeholder = chosen === "individual" ? t("tour_names_help") : t("tour_names_teams");
  }
  showFor("individual");

  async function create(e) {
    e.preventDefault();
    if (!fieldsValid(e.target)) return;
    const body = { name: name.value, form: form.value,
      players: form.value === "individual" ? Number(players.value) : 4,
      names: names.value.split("\n").map((n) => n.trim()).filter(Boolean) };
    if (form.value !== "teams") body.tables = Number(tables.value); // the match has its two
    if (positions.value) body.positions = Number(positions.value);
    if (perPosition.value) body.per_position = Number(perPosition.value);
    if (form.value === "triplettes") body.movement = movement.value;
    if (form.value === "teams") body.team_sizes = [Number(teamA.value), Number(teamB.value)];
    try {
      const made = await call("/api/tournaments", body);
      location.hash = `#/tournament/${made.id}`;
    } catch (error) {
      message.textContent = sentence(refusal(error));
    }
  }
  call("/api/tournaments").then((list) => clear(mine, list.map((item) =>
    h("li", {}, h("a", { href: `#/tournament/${item.id}` }, item.name))))).catch(() => {});
  return h("section", { class: "panel", id: "tournament" },
    h("h1", {}, t("tournaments")), h("p", { class: "muted" }, t("tour_help")),
    h("form", { onsubmit: create, novalidate: true },
      h("div", { class: "options-grid" },
        h("label", {}, t("tour_name"), name), h("label", {}, t("tour_form"), form),
        playerChoices, tableChoices,
        h("label", {}, t("tour_positions"), positions), h("label", {}, t("tour_per_position"), perPosition), formChoices),
      h("label", {}, t("tour_names"), names, h("small", { class: "muted", id: "tour-names-empty" }, t("tour_names_empty"))), message,
      h("button", { type: "submit", id: "tour-create" }, t("create"))),
    h("p", {}, h("a", { href: "#/tournament/libre", id: "libre-link" }, t("libre_create"))),
    h("h2", {}, t("tour_mine")), mine);
}

/** A tournament created without names numbers its places ("1", "2"...: the
 * organiser prints the slips by number, the players take their places by it):
 * each reads "Player 1", not a bare "1" beside its number. */
function numbered(view) {
  const name = (text) => (/^\d+$/.test(text) ? t("tour_player_n", { n: text }) : text);
  return { ...view, names: view.names.map(name),
    ranking: view.ranking.map((row) => ({ ...row, ...(row.name === undefined ? {} : { name: name(row.name) }),
      ...(row.names === undefined ? {} : { names: row.names.map(name) }) })) };
}

function followPage(id) {
  const page = h("section", { class: "panel", id: "tournament" }, t("connecting"));
  let view = null;
  // The last result entered, said once drawn (a region drawn anew with its words is not read).
  const saved = h("p", { class: "notice-ok", id: "result-saved", role: "status", "aria-live": "polite" });

  async function load() {
    try {
      view = await call(`/api/tournaments/${id}`);
      render();
    } catch (error) {
      clear(page, h("p", { class: "error", role: "alert" }, sentence(refusal(error))));
    }
  }

  // The server pushes the tournament as it changes; what only this reader is told
  // (organiser or not, the place held) comes from the page's own look, or a receipt.
  const follow = () => send({ type: "tournament", tournament: id });
  const waits = new Set(); // the changes made here whose view has not come yet
  const unlisten = listen((m) => {
    if (m.type === "welcome") follow(); // a new socket follows again
    else if (m.type === "tournament" && m.tournament === id && view && m.view.version >= view.version) {
      view = { ...m.view, master: view.master, me: view.me };
      for (const wait of [...waits]) if (view.version >= wait.version) wait.done();
      render();
    }
  });

  // A change's receipt ({version, master, me}) made good: the view of that version,
  // pushed to this page's socket before the receipt was sent, or fetched if the
  // socket is down or the push late. Resolves with the view, the receipt's part in it.
  function reached(receipt) {
    return new Promise((resolve) => {
      let timer = null;
      let settled = false;
      const wait = { version: receipt.version, done: () => {
        if (settled) return; // the push and the fetch both came
        settled = true;
        waits.delete(wait);
        clearTimeout(timer);
        view = { ...view, master: receipt.master, me: receipt.me };
        resolve(view);
      } };
      if (view.version >= receipt.version) { wait.done(); return; }
      waits.add(wait);
      timer = setTimeout(async () => {
        try {
          const fetched = await call(`/api/tournaments/${id}`);
          if (fetched.version > view.version) view = fetched;
        } catch { /* the view as it stands */ }
        wait.done();
      }, session.connected ? PUSH_WAIT : 0);
    });
  }

  function nameOf(player) { return view.names[player - 1]; }
  // In triplettes and the match a seating's seats are teams (the match's A and B).
  const teamSeats = () => view.form === "triplettes" || view.form === "teams";
  function teamName(team) { return t("tour_team_n", { n: view.form === "teams" ? "AB"[team - 1] : team }); }
  const step = () => t(view.form === "teams" ? "tour_quarter" : "tour_position");
  function seatName(entrant) { return teamSeats() ? teamName(entrant) : nameOf(entrant); }

  // The key column (global %, PM) next to the entrant's name: a phone reads it without
  // scrolling sideways, and nothing is held over the other columns (held at a phone's
  // right edge, it covered the column before it: "Att", a "1" of "100 %").
  function rankingTable() {
    const teamCell = (row) => h("td", {}, `${teamName(row.team)} · ${row.names.join(", ")}`, adjustedMark(row));
    if (view.form === "quadrettes" || view.form === "teams") {
      return h("table", { class: "score-table wide tour-table", id: "tour-ranking" },
        h("thead", {}, h("tr", {}, rankHead(), h("th", {}, t("tour_team")), h("th", { class: "key" }, "PM"), h("th", {}, t("tour_boards")))),
        h("tbody", {}, view.ranking.map((row) => h("tr", { "data-team": row.team }, rankCell(row), teamCell(row),
          h("td", { class: "total key" }, row.pm.toLocaleString(getLang(), { minimumFractionDigits: 3, maximumFractionDigits: 3 })),
          h("td", {}, row.boards)))));
    }
    const triplettes = view.form === "triplettes";
    const who = triplettes ? [t("tour_team"), t("tour_line")] : [t("tour_player"), t("tour_orientation")];
    return h("table", { class: "score-table wide tour-table", id: "tour-ranking" },
      h("thead", {}, h("tr", {}, rankHead(), h("th", {}, who[0]), h("th", { class: "key" }, t("tour_overall")),
        [who[1], t("tour_boards"), t("tour_attack"), t("tour_defence")].map((label) => h("th", {}, label)))),
      h("tbody", {}, view.ranking.map((row) => h("tr", triplettes ? { "data-team": row.team } : { "data-player": row.player },
        rankCell(row), triplettes ? teamCell(row) : h("td", {}, row.name, adjustedMark(row)),
        h("td", { class: "total key" }, percent(row.overall)),
        h("td", {}, triplettes ? row.line.split("").map(orientation).join("") : orientation(row.orientation)), h("td", {}, row.boards),
        h("td", {}, percent(row.attack)), h("td", {}, percent(row.defence))))));
  }

  function movementTable() {
    const seats = labels(view.players);
    return h("details", { id: "tour-movement" }, h("summary", {}, t("tour_movement")),
      h("p", { class: "muted" }, view.meets_once ? t("tour_meets_once") : t("tour_meets_again"), " ",
        view.boards_once ? t("tour_boards_once") : t("tour_boards_again")),
      h("table", { class: "score-table tour-table" },
        h("thead", {}, h("tr", {}, h("th", {}, t("tour_position")), h("th", {}, t("table")),
          seats.map((s) => h("th", {}, orientation(s))), h("th", {}, t("tour_boards")))),
        h("tbody", {}, view.seatings.map((s) => h("tr", {}, h("td", {}, s.position), h("td", {}, s.table),
          s.seats.map((p) => h("td", {}, seatName(p))), h("td", {}, s.boards.join(", ")))))));
  }

  function resultsTable() {
    return h("table", { class: "score-table tour-table", id: "tour-results" },
      h("thead", {}, h("tr", {}, [t("tour_board"), step(), t("table"), t("taker"), teamSeats() ? t("tour_attacker") : null,
        t("contract"), t("points"), t("bouts"), t("tour_score")].filter(Boolean).map((label) => h("th", {}, label)))),
      h("tbody", {}, view.results.map((r) => h("tr", {}, h("td", {}, r.board), h("td", {}, r.position), h("td", {}, r.table),
        h("td", {}, orientation(r.taker)), teamSeats() ? h("td", {}, r.attacker) : null, h("td", {}, t(r.contract)),
        h("td", {}, Number(r.points).toLocaleString(getLang())), h("td", {}, r.bouts),
        h("td", { class: `score ${r.score >= 0 ? "pos" : "neg"}` }, r.score > 0 ? `+${r.score}` : r.score)))));
  }

  // The organiser's form: the board's taker and the imposed Garde come from the board,
  // the rest is what the travelling slip says. Drawn once: a view pushed while the
  // organiser writes (another organiser's result, a table played online) redraws the
  // page around it and changes only its marks in place (which plays have a result, who
  // may still attack), never what is typed nor where the focus is. A play with a
  // result is said so, and entering it again is its correction: a reason is asked, and
  // the correction is kept as an adjustment (the server refuses the plain entry).
  let resultForm = null;
  function resultPart() {
    resultForm ??= makeResultForm();
    resultForm.refresh();
    return resultForm.element;
  }

  function makeResultForm() {
    const seats = labels(view.players);
    const message = h("p", { class: "error", role: "alert", id: "result-error" });
    const keyOf = (p) => `${p.position}:${p.table}:${p.board}`;
    // the movement's plays, in its order; who may attack each comes from the view of now
    const plays = () => view.seatings.flatMap((s) => s.boards.map((b, i) => ({ ...s, board: b, taker: s.takers[i], attackers: s.attackers[i] })));
    const keys = plays().map(keyOf);
    const playsByKey = () => new Map(plays().map((p) => [keyOf(p), p]));
    const playOf = (key) => playsByKey().get(key);
    const entered = () => new Map(view.results.map((r) => [keyOf(r), r]));
    const number = (v) => Number(v).toLocaleString(getLang());
    // Triplettes and the match: who attacked (the badges' rotation names one player, the
    // match's captain chooses); the match's attacker also chose the contract.
    const attacker = h("select", { id: "result-attacker" });
    function chooseAttackers() {
      const allowed = playOf(play.value).attackers;
      if ([...attacker.options].map((o) => Number(o.value)).join() === allowed.join()) return; // as it is: untouched
      const was = Number(attacker.value);
      clear(attacker, allowed.map((p) => h("option", { value: p }, nameOf(p))));
      if (allowed.includes(was)) attacker.value = String(was);
    }
    const contract = view.form === "teams"
      ? h("select", { id: "result-contract" }, ["garde", "garde_sans", "garde_contre"].map((c) => h("option", { value: c }, t(c))))
      : null;
    const play = h("select", { id: "result-play", onchange: () => showPlay() }, keys.map((key) => h("option", { value: key })));
    const seatSelect = (id, first) => h("select", { id }, first ? h("option", { value: "" }, "–") : null,
      seats.map((s, i) => h("option", { value: i }, orientation(s))));
    const partner = view.players === 5 ? seatSelect("result-partner") : null;
    const points = h("input", { id: "result-points", type: "number", min: 0, max: 91, step: 0.5, required: true });
    const bouts = h("select", { id: "result-bouts" }, [0, 1, 2, 3].map((n) => h("option", { value: n }, n)));
    const side = (id) => h("select", { id }, h("option", { value: "" }, "–"),
      h("option", { value: "attack" }, t("attack")), h("option", { value: "defense" }, t("defence")));
    const petit = side("result-petit");
    const poignee = { seat: seatSelect("result-poignee-seat", true),
      size: h("select", { id: "result-poignee-size", "aria-label": t("poignee_kind_l", { what: t("poignee") }) },
        ["simple", "double", "triple"].map((s) => h("option", { value: s }, t(s)))) };
    poignee.seat.setAttribute("aria-label", t("poignee_who", { what: t("poignee") })); // two selects under one word
    const announced = h("input", { id: "result-chelem-announced", type: "checkbox" });
    const chelem = side("result-chelem-made");
    // asked only of a play with a result: its correction's reason, kept with the adjustment
    const reason = h("input", { id: "result-reason", maxlength: 200 });
    const reasonLabel = h("label", { id: "result-reason-label" }, t("tour_correct_reason"), reason);
    const was = h("p", { id: "result-was", "aria-live": "polite" });
    const button = h("button", { type: "submit", id: "result-enter" });

    // The chosen play: its result if it has one, and so whether this is a correction.
    function showPlay() {
      chooseAttackers();
      const before = entered().get(play.value);
      reasonLabel.hidden = !before;
      reason.required = Boolean(before);
      was.hidden = !before;
      was.textContent = before ? t("tour_play_entered", { score: before.score > 0 ? `+${before.score}` : before.score, points: number(before.points) }) : "";
      button.textContent = t(before ? "tour_correct" : "tour_enter");
    }
    // Each play named with its mark, as the view of now has it.
    function refresh() {
      const done = entered();
      const byKey = playsByKey();
      for (const option of play.options) {
        const p = byKey.get(option.value);
        const text = `${step()} ${p.position} · ${t("table")} ${p.table} · ${t("tour_board")} ${p.board}${done.has(option.value) ? ` ✓ ${t("tour_entered")}` : ""}`;
        if (option.textContent !== text) option.textContent = text;
      }
      showPlay();
    }
    // The next play with no result after ``key``, in the movement's order (``key`` if none).
    function nextToEnter(key) {
      const done = entered();
      const at = keys.indexOf(key);
      return keys.map((_, k) => keys[(at + 1 + k) % keys.length]).find((next) => !done.has(next)) ?? key;
    }

    async function enter(e) {
      e.preventDefault();
      message.textContent = "";
      saved.textContent = ""; // a new attempt: the last one's words go
      if (!fieldsValid(form)) return;
      const key = play.value;
      const [position, table, board] = key.split(":").map(Number);
      const deal = { players: view.players, contract: contract?.value ?? "garde", taker: playOf(key).taker, points: Number(points.value),
        bouts: Number(bouts.value), petit_au_bout: petit.value || null,
        poignees: poignee.seat.value === "" ? [] : [{ seat: Number(poignee.seat.value), size: poignee.size.value }],
        chelem: { announced: announced.checked, made: chelem.value || null } };
      if (partner) deal.partner = Number(partner.value);
      const entry = { position, table, board, deal };
      if (teamSeats()) entry.attacker = Number(attacker.value);
      // a result already entered is corrected with a reason: an adjustment, kept and revocable
      const correcting = entered().has(key);
      try {
        await reached(correcting ? await call(`/api/tournaments/${id}/adjustments`, { kind: "correct", reason: reason.value, ...entry })
          : await call(`/api/tournaments/${id}/results`, entry));
      } catch (error) {
        message.textContent = sentence(refusal(error));
        if (error.code === "tournament_result_entered") { // entered meanwhile, and the page had not heard of it
          call(`/api/tournaments/${id}`).then((fresh) => { if (fresh.version > view.version) { view = fresh; render(); } }).catch(() => {});
        }
        return;
      }
      form.reset();
      play.value = nextToEnter(key);
      render();
      saved.textContent = t(correcting ? "tour_result_corrected" : "tour_result_saved", { table, board });
      // the keyboard goes on at the next play still to enter, which the form now names
      play.focus();
    }
    const form = h("form", { id: "result-form", class: "deal-form", onsubmit: enter, novalidate: true },
      h("h2", {}, t("tour_enter")), saved, // next to the play the keyboard goes on at
      h("div", { class: "options-grid" },
        h("label", { class: "play" }, t("tour_play"), play), was, partner ? h("label", {}, t("partner_l"), partner) : null,
        teamSeats() ? h("label", {}, t("tour_attacker"), attacker) : null, contract ? h("label", {}, t("contract"), contract) : null,
        h("label", {}, t("points"), points), h("label", {}, t("bouts"), bouts),
        h("label", {}, t("petit_au_bout"), petit),
        h("label", {}, t("poignee"), h("span", { class: "row" }, poignee.seat, poignee.size)),
        h("label", { class: "check" }, announced, `${t("chelem")} ${t("announced")}`),
        h("label", {}, `${t("chelem")} ${t("made_by")}`, chelem), reasonLabel),
      h("p", { class: "muted" }, t(view.form === "teams" ? "tour_chosen" : "tour_imposed"),
        view.form === "triplettes" ? ` ${t("tour_badge")}` : null), message, button);
    play.value = nextToEnter(keys.at(-1)); // the first play still to enter
    return { element: form, refresh };
  }

  // Places: each player holds one with their account or guest identity; the movement
  // then tells them where to sit at each position. Its elements are kept across views,
  // down to the organiser's selects (redraw): a view pushed while the organiser chooses
  // where a player goes, or from when a robot plays, leaves the choice and the focus.
  const placing = { rows: {} };
  function placesPart() {
    placing.message ??= h("p", { class: "error", role: "alert", id: "place-error" });
    const message = placing.message;
    const started = view.online.length > 0;
    async function change(path, body) {
      message.textContent = "";
      try {
        await reached(await call(`/api/tournaments/${id}/${path}`, body));
        render();
      } catch (error) {
        message.textContent = sentence(refusal(error));
      }
    }
    const rows = view.names.map((name, i) => {
      const player = i + 1;
      const held = view.places[i];
      const mayTake = !held && !view.over && (view.me === null || !started);
      const action = player === view.me
        ? (started ? t("tour_you") : h("button", { class: "secondary", id: "place-leave", onclick: () => change("leave", {}) }, t("tour_leave_place")))
        : mayTake ? h("button", { class: "take-place", "data-take": player, "aria-label": t("tour_take_place_l", { name, n: player }),
          onclick: () => change("places", { player }) }, t("tour_take_place")) : null;
      const kept = placing.rows[player] ??= { row: h("tr", { "data-place": player }), cell: h("td") };
      return redraw(kept.row, h("td", {}, player), h("td", {}, name),
        h("td", { class: "place-state" }, held ? held.name : view.robots.includes(player) ? t("place_robot_held") : t("tour_free")), h("td", {}, action),
        redraw(kept.cell, placeControls(view, player, change, kept)));
    });
    placing.section ??= h("details", { id: "tour-places" });
    if (placing.started !== started) placing.section.open = !started; // open until the play begins
    placing.started = started;
    placing.body ??= h("tbody");
    placing.table ??= h("table", { class: "score-table tour-table stacked" }, placing.body);
    redraw(placing.body, rows);
    placing.summary ??= h("summary", {}, t("tour_places"));
    return redraw(placing.section, placing.summary, h("p", { class: "muted" }, t("tour_places_help")), message, placing.table);
  }

  // Where the reader sits at each position: table, seat (numbered from the table's
  // first dealer) and orientation, with the way to the table once it is open. In
  // triplettes the seat changes from board to board (the lineups), the reader
  // watching the boards their triplette attacks with another.
  function mySeats() {
    const seats = labels(view.players);
    const lineups = (s) => s.lineups || s.boards.map(() => s.seats);
    const place = (at, s) => `${(at - s.shift + seats.length) % seats.length + 1} (${orientation(seats[at])})`;
    const rows = view.seatings.filter((s) => lineups(s).some((l) => l.includes(view.me))).map((s) => {
      const ats = lineups(s).map((l) => l.indexOf(view.me));
      const seat = new Set(ats).size === 1 ? place(ats[0], s)
        : ats.map((at, i) => labelled(`${t("tour_board")} ${s.boards[i]}`, at < 0 ? t("tour_watch") : place(at, s))).join(" · ");
      const link = view.online.find((o) => o.position === s.position && o.table === s.table);
      const where = !link ? t("tour_later") : link.done ? t("tour_done")
        : h("a", { href: `#/table/${link.table_id}?join=1`, class: "my-table" }, t("tour_go"));
      return h("tr", { "data-position": s.position }, h("td", {}, s.position), h("td", {}, s.table),
        h("td", {}, seat), h("td", {}, where));
    });
    return h("section", { id: "tour-my-seats" }, h("h2", {}, t("tour_your_seats")),
      h("table", { class: "score-table tour-table" },
        h("thead", {}, h("tr", {}, [t("tour_position"), t("table"), t("seat"), ""].map((label) => h("th", {}, label)))),
        h("tbody", {}, rows)));
  }

  // Online: each player takes the seat of their orientation (seat numbers start at
  // the table's first dealer).
  const opening = {}; // the panel's own kept elements (the position chosen stays)
  function onlinePart() {
    const seats = labels(view.players);
    const seatsOf = (o) => {
      const seating = view.seatings.find((s) => s.position === o.position && s.table === o.table);
      return seats.map((_, seat) => {
        const at = (seat + seating.shift) % seats.length;
        return labelled(`${t("seat")} ${seat + 1}`, `${seatName(seating.seats[at])} (${orientation(seats[at])})`);
      }).join(" · ");
    };
    const help = [t("tour_online_help"), " ", t("tour_live_help"), teamSeats() ? ` ${t(`tour_online_${view.form}`)}` : "",
      view.over ? "" : ` ${t("tour_private_help")}`];
    // until the end only the organiser playing nowhere in it watches (the server says so too)
    const watchable = view.over || (view.master && view.me === null);
    return onlinePanel(view, id, seatsOf, help, async (receipt) => {
      await reached(receipt);
      render();
    }, watchable, opening);
  }

  async function printable(what) {
    // in the page's language (the server words the print pages in English or French)
    const response = await fetch(`/api/tournaments/${id}/print/${what}?lang=${getLang()}`, { headers: { Authorization: `Bearer ${token()}` } });
    if (!response.ok) { // the boards of an organiser who plays wait for the end
      toast(sentence(refusal(await response.json().catch(() => ({ message: response.statusText })))), "error");
      return;
    }
    const url = URL.createObjectURL(new Blob([await response.text()], { type: "text/html" }));
    window.open(url, "_blank");
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  // A tournoi libre (libre.js): its own parts, the sheet being written kept across
  // views (its part is drawn once, and stays in the page as the rest is drawn anew).
  let libre = null;
  function renderLibre() {
    libre ??= libreFollower(id, async (receipt) => { await reached(receipt); renderLibre(); return view; });
    redraw(page, ...libre.parts(view, placesPart()));
  }

  // Every view pushed is drawn at once, the organiser's forms kept as they are being
  // written (redraw: their elements stay in the page, with their values and focus).
  const adjusting = {}; // the arbiter's part's own kept elements
  function render() {
    if (view.kind === "libre") { renderLibre(); return; }
    view = numbered(view);
    redraw(page,
      h("h1", {}, view.name),
      h("p", { class: "muted", id: "tour-summary" },
        `${t(`tour_${view.form}`)} · ${tn("tour_n_tables", view.tables)} · ${tn("tour_n_boards", view.boards)} · `,
        tn("tour_n_missing", view.missing), view.over ? ` · ${t("tour_over")}` : ""),
      view.master ? h("div", { class: "row" },
        h("button", { class: "secondary", id: "print-boards", onclick: () => printable("boards") }, t("tour_print_boards")),
        h("button", { class: "secondary", id: "print-slips", onclick: () => printable("slips") }, t("tour_print_slips"))) : null,
      view.me ? mySeats() : null,
      h("h2", {}, t("tour_ranking")),
      rankingNote(view, t(view.form === "quadrettes" || view.form === "teams" ? "tour_provisional_pm" : "tour_provisional")),
      rankingTable(),
      // what an organiser does most first (a phone's page is long), then the arbiter's part
      view.master ? resultPart() : null,
      adjustmentsPart(view, id, async (receipt) => { await reached(receipt); render(); }, adjusting),
      placesPart(),
      view.master || view.online.length ? onlinePart() : null,
      movementTable(),
      h("h2", {}, t("tour_results")), resultsTable(),
      h("div", { class: "row" }, exportLink(id, "ranking", "csv"), exportLink(id, "results", "csv"), exportLink(id, "results", "json"),
        view.adjustments.length ? exportLink(id, "adjustments", "csv") : null),
      sessionsPart(view, id));
  }

  load();
  follow();
  return [page, () => { unlisten(); send({ type: "tournament", tournament: id, follow: false }); }];
}
