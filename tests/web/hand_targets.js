// What a tap on each card of the hand hits (tests/web/test_hand_phone.py): for each
// card, the rectangle of points at which document.elementFromPoint finds that card
// (its part no other card covers, sampled every CSS pixel) whose shorter side is
// the longest: the largest square a finger may aim at, and what is left around it.
() => [...document.querySelectorAll("#hand .card")].map((card) => {
  const r = card.getBoundingClientRect();
  const left = Math.ceil(r.left), top = Math.ceil(r.top);
  const cols = Math.floor(r.right) - left, rows = Math.floor(r.bottom) - top;
  // heights[x]: how many points at and above the current row, in column x, hit the card
  const heights = new Array(cols).fill(0);
  let best = { w: 0, h: 0, x: 0, y: 0 };
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const hit = document.elementFromPoint(left + x + 0.5, top + y + 0.5);
      heights[x] = hit && hit.closest(".card") === card ? heights[x] + 1 : 0;
    }
    // the largest rectangle standing on this row: for each column, as wide as its
    // neighbours at least as high let it be
    for (let x = 0; x < cols; x++) {
      if (!heights[x]) continue;
      let a = x, b = x;
      while (a > 0 && heights[a - 1] >= heights[x]) a--;
      while (b < cols - 1 && heights[b + 1] >= heights[x]) b++;
      const w = b - a + 1;
      const side = Math.min(w, heights[x]), bestSide = Math.min(best.w, best.h);
      if (side > bestSide || (side === bestSide && w * heights[x] > best.w * best.h)) best = { w, h: heights[x], x: left + a, y: top + y - heights[x] + 1 };
    }
  }
  return { card: card.dataset.card, w: best.w, h: best.h, x: best.x + best.w / 2, y: best.y + best.h / 2 };
})
