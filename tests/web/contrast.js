// Every visible text's contrast with what is behind it (WCAG 2 relative
// luminance): the texts under 4.5:1 (3:1 for large text), as "ratio text" lines.
() => {
  const parse = (c) => (c.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const blend = (top, under) => {
    const a = top.length > 3 ? top[3] : 1;
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a));
  };
  // The colour behind an element: its own background over its ancestors'.
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg.length && (bg.length < 4 || bg[3] > 0)) layers.push(bg);
      if (bg.length && (bg.length < 4 || bg[3] === 1)) break;
    }
    let colour = [255, 255, 255];
    for (const layer of layers.reverse()) colour = blend(layer, colour);
    return colour;
  };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    if (el.closest("svg, .card")) continue; // card faces are drawn, not text on a page
    const style = getComputedStyle(el);
    const fg = blend(parse(style.color), behind(el));
    const [hi, lo] = [lum(fg), lum(behind(el))].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    if (ratio < (large ? 3 : 4.5)) found.push(`${ratio.toFixed(2)} ${el.tagName.toLowerCase()}.${el.className} "${text.slice(0, 30)}"`);
  }
  return [...new Set(found)];
}
