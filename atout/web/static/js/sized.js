// The felt's and the hand's sizes, as CSS variables on them (--felt-w, --felt-h,
// --hand-w, in px), which their seats and cards scale with. Container query units
// did this, but each drawing of the table then computed the styles inside both
// again in the middle of layout: nearly half the page's work at every update.
// The page draws its felt and hand anew at each update: the new ones start with
// the sizes last measured, and a change of size (a prompt, a rotated phone) is
// measured after layout and before paint, so that nothing is shown at a wrong size.
const measured = new Map(); // element id -> { w, h }
const watched = new Map(); // element id -> the element measured now

const observer = new ResizeObserver((entries) => {
  for (const { target, contentRect } of entries) {
    if (watched.get(target.id) !== target) continue;
    measured.set(target.id, { w: contentRect.width, h: contentRect.height });
    apply(target);
  }
});

function apply(el) {
  const size = measured.get(el.id);
  if (!size) return;
  for (const [axis, value] of [["w", size.w], ["h", size.h]]) {
    const name = `--${el.id}-${axis}`, text = `${value}px`;
    if (el.style.getPropertyValue(name) !== text) el.style.setProperty(name, text);
  }
}

/** Measure ``el`` (the felt or the hand, by its id) from now on, in place of the
 * element of the same id drawn before; returns it. */
export function sized(el) {
  const before = watched.get(el.id);
  if (before && before !== el) observer.unobserve(before);
  watched.set(el.id, el);
  apply(el);
  observer.observe(el);
  return el;
}
