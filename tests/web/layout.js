// What the layout tests measure in the page (tests/web/test_layout.py), at once since
// an update may land between two reads: a list of what is wrong, empty when the table
// is usable as it stands.
() => {
  const problems = [];
  const vw = innerWidth, vh = innerHeight;
  const box = (el) => el.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const shown = (el, what) => {
    const r = box(el);
    if (!r.width || !r.height || r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
      problems.push(`${what} is not in the viewport: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
  };
  // Seen whole: in the viewport, cut by no box that clips it, under nothing.
  const readable = (el, what) => {
    shown(el, what);
    const r = box(el);
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const c = box(up);
      if (r.top < c.top - 1 || r.bottom > c.bottom + 1 || r.left < c.left - 1 || r.right > c.right + 1) {
        problems.push(`${what} is cut by its box: ${Math.round(r.top)} to ${Math.round(r.bottom)} in ${Math.round(c.top)} to ${Math.round(c.bottom)}`);
        return;
      }
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !el.contains(hit)) problems.push(`${what} is covered`);
  };
  const scroller = document.scrollingElement;
  if (scroller.scrollHeight > vh + 1) problems.push(`the page scrolls: ${scroller.scrollHeight} px high for ${vh}`);
  if (scroller.scrollWidth > vw + 1) problems.push(`the page scrolls sideways: ${scroller.scrollWidth} px wide for ${vw}`);
  // The header's own controls too: on a phone on its side the language button once
  // sat past the screen's edge, at the end of a header that scrolled sideways.
  for (const selector of ["#felt", "#turn-line", "#turn-clock", "#prompt", "#vote-prompt", "#trick", "#lang", "#login-link"]) {
    const el = document.querySelector(selector);
    if (el) shown(el, selector);
  }
  for (const button of document.querySelectorAll("#prompt button, #vote-prompt button")) {
    shown(button, `the prompt's button ${button.textContent}`);
    if (box(button).height < 32) problems.push(`the prompt's button ${button.textContent} is ${box(button).height} px high`);
  }
  // Once the game is over no card is played: a phone on its side gives the hand's
  // band to the game's end.
  const over = document.querySelector("#game-over") && !document.querySelector("#hand")?.offsetParent;
  const cards = over ? [] : [...document.querySelectorAll("#hand .card")];
  const corners = [];
  for (const card of cards) {
    const name = card.dataset.card;
    shown(card, `the card ${name}`);
    for (const part of card.querySelectorAll(".idx, .idx-suit")) {
      const size = parseFloat(getComputedStyle(part).fontSize) * part.getScreenCTM().a;
      if (part.classList.contains("idx") && size < 11) problems.push(`${name}'s rank is ${size.toFixed(1)} px`);
      const r = box(part);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || hit.closest(".card") !== card) problems.push(`${name}'s corner (${part.textContent}) is covered`);
      if (part.classList.contains("idx")) corners.push([name, r]);
    }
  }
  corners.forEach(([a, ra], i) => corners.slice(i + 1).forEach(([b, rb]) => {
    if (meets(ra, rb)) problems.push(`the ranks of ${a} and ${b} overlap`);
  }));
  const seats = [...document.querySelectorAll(".seat-box")];
  const felt = document.querySelector("#felt");
  seats.forEach((seat, i) => {
    const r = box(seat), f = box(felt);
    if (r.left < f.left - 1 || r.right > f.right + 1 || r.top < f.top - 1 || r.bottom > f.bottom + 1) problems.push(`seat ${seat.dataset.seat} leaves the felt`);
    for (const tag of seat.querySelectorAll(".tag")) {
      const t = box(tag);
      if (t.left < r.left - 1 || t.right > r.right + 1) problems.push(`seat ${seat.dataset.seat}'s tag ${tag.textContent} leaves its box`);
    }
    seats.slice(i + 1).forEach((other) => { if (meets(r, box(other))) problems.push(`seats ${seat.dataset.seat} and ${other.dataset.seat} overlap`); });
    for (const card of document.querySelectorAll("#trick .card")) {
      if (meets(r, box(card))) problems.push(`seat ${seat.dataset.seat} covers the trick's ${card.dataset.card}`);
    }
  });
  // Who won a French trick is said where it can be read while the trick shows.
  if (document.querySelector("#felt[data-game=french] #trick .winner")) {
    const note = document.querySelector("#trick-note");
    if (note) shown(note, "who won the trick");
    else problems.push("who won the trick is not said");
  }
  // Who played each card of the trick is read under or over it, on no other card
  // (the trick takes no taps, so no hit test sees it: its cards' order is
  // compared). Checked at five seats, where the upper cards' names were under the
  // lower cards; on phones, three and four seats' and Africain's still touch the
  // card below them by a few pixels.
  const trickCards = seats.length === 5 ? [...document.querySelectorAll("#trick .card")] : [];
  const layer = (card) => Number(getComputedStyle(card).zIndex) || 0;
  for (const card of trickCards) {
    const label = card.querySelector(".played-by");
    if (!label) continue;
    for (const other of trickCards) {
      if (other !== card && layer(other) > layer(card) && meets(box(label), box(other))) {
        problems.push(`the name of who played ${card.dataset.card} is under ${other.dataset.card}`);
      }
    }
    for (const seat of seats) {
      if (meets(box(label), box(seat))) problems.push(`the name of who played ${card.dataset.card} is under seat ${seat.dataset.seat}`);
    }
  }
  // The drawer's button (phones, tablets upright) sits in the felt's corner: on no seat.
  const toggle = document.querySelector("#side-toggle");
  if (toggle && toggle.offsetParent) {
    for (const seat of seats) if (meets(box(toggle), box(seat))) problems.push(`the menu button covers seat ${seat.dataset.seat}`);
  }
  // The dog's label is read on one line (it once broke mid-word: "Le / chie / n").
  for (const label of document.querySelectorAll(".dog .centre-label")) {
    if (box(label).height > 2 * parseFloat(getComputedStyle(label).fontSize) + 4) problems.push(`the dog's label breaks: ${box(label).height} px high`);
  }
  for (const label of document.querySelectorAll(".centre-label, #deal-result")) {
    for (const seat of seats) if (meets(box(label), box(seat))) problems.push(`${label.id || label.textContent} covers seat ${seat.dataset.seat}`);
  }
  // The last deal's result says how it went and each seat's score, and the game's
  // end who won and what next, both at once (on a phone on its side the end once
  // left the deciding deal's result a few pixels: a cut title and its button).
  for (const el of document.querySelectorAll("#deal-result h3, #deal-result strong, #deal-result .tag, #deal-continue")) {
    readable(el, `the deal's result's ${el.textContent}`);
  }
  for (const el of document.querySelectorAll("#round-label")) readable(el, el.textContent);
  for (const el of document.querySelectorAll("#game-over h2, #game-over p, #game-over button, #game-over .button")) {
    // what comes next (its words, the options' button) waits for the deal's result
    if (!["game-next", "over-options"].includes(el.id) || el.getClientRects().length) readable(el, `the game's end's ${el.textContent}`);
  }
  return problems;
}
