// What a tap on each card of the hand hits (tests/web/test_hand_phone.py): for each
// card, the rectangle of points at which document.elementFromPoint finds that card
// (its part no other card covers) whose shorter side is the longest: the largest
// square a finger may aim at, and what is left around it. Points are sampled every
// other CSS pixel (every pixel of a hand of 30 took four seconds of a loaded
// browser), then the best rectangle is grown pixel by pixel on each side while the
// whole new edge still hits the card: its size is exact, not rounded to the grid.
() => [...document.querySelectorAll("#hand .card")].map((card) => {
  const STEP = 2;
  const r = card.getBoundingClientRect();
  const left = Math.ceil(r.left), top = Math.ceil(r.top);
  const right = Math.floor(r.right) - 1, bottom = Math.floor(r.bottom) - 1; // last pixels
  const on = (x, y) => {
    const hit = document.elementFromPoint(x + 0.5, y + 0.5);
    return Boolean(hit) && hit.closest(".card") === card;
  };
  const cols = Math.floor((right - left) / STEP) + 1, rows = Math.floor((bottom - top) / STEP) + 1;
  const px = (samples) => (samples - 1) * STEP + 1; // pixels spanned by consecutive samples
  // heights[c]: how many samples at and above the current row, in column c, hit the card
  const heights = new Array(cols).fill(0);
  let best = null;
  for (let row = 0; row < rows; row++) {
    for (let c = 0; c < cols; c++) heights[c] = on(left + c * STEP, top + row * STEP) ? heights[c] + 1 : 0;
    // the largest rectangle standing on this row: for each column, as wide as its
    // neighbours at least as high let it be
    for (let c = 0; c < cols; c++) {
      if (!heights[c]) continue;
      let a = c, b = c;
      while (a > 0 && heights[a - 1] >= heights[c]) a--;
      while (b < cols - 1 && heights[b + 1] >= heights[c]) b++;
      const w = px(b - a + 1), h = px(heights[c]);
      const side = Math.min(w, h), bestSide = best ? Math.min(best.w, best.h) : 0;
      if (!best || side > bestSide || (side === bestSide && w * h > best.w * best.h)) {
        best = { w, h, x0: left + a * STEP, y0: top + (row - heights[c] + 1) * STEP };
      }
    }
  }
  if (!best) return { card: card.dataset.card, w: 0, h: 0, x: 0, y: 0 };
  let x0 = best.x0, y0 = best.y0, x1 = x0 + best.w - 1, y1 = y0 + best.h - 1;
  const column = (x) => { for (let y = y0; y <= y1; y++) if (!on(x, y)) return false; return true; };
  const line = (y) => { for (let x = x0; x <= x1; x++) if (!on(x, y)) return false; return true; };
  for (let grown = true; grown;) {
    grown = false;
    if (x0 > left && column(x0 - 1)) { x0--; grown = true; }
    if (x1 < right && column(x1 + 1)) { x1++; grown = true; }
    if (y0 > top && line(y0 - 1)) { y0--; grown = true; }
    if (y1 < bottom && line(y1 + 1)) { y1++; grown = true; }
  }
  const w = x1 - x0 + 1, h = y1 - y0 + 1;
  return { card: card.dataset.card, w, h, x: x0 + w / 2, y: y0 + h / 2 };
})
