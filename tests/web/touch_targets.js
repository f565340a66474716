// Every control a finger taps on the page shown, measured (tests/web/test_touch_targets.py):
// a list of those smaller than `least` px high (and, an icon's button, wide), as
// "what w x h". A checkbox or a radio is tapped by its label, which wraps it; the
// hand's cards are test_hand_phone.py's. Exempt: a link inside a run of text (a
// sentence's link, text nodes beside it), the 24 px guidance's own exception.
// `dense`: a short screen's table, whose header and play area keep their denser
// controls' height (the felt has no room for it), is measured in its drawer, and
// in its play area the width of its icons' buttons (☰, a digit's bid): width costs
// no height.
([least, dense]) => {
  const small = [];
  const name = (el) => {
    const text = (el.getAttribute("aria-label") || el.textContent || el.value || el.title || "").trim().replace(/\s+/g, " ");
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.type && el.tagName !== "BUTTON" ? "[" + el.type + "]" : ""} "${text.slice(0, 24)}"`;
  };
  const inText = (a) => getComputedStyle(a).display === "inline"
    && [...a.parentElement.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  for (const el of document.querySelectorAll('button, a[href], input, select, textarea, summary, [role=button]')) {
    if (el.type === "hidden" || el.closest("#hand, .sr-only")) continue;
    if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
    if (el.matches("a") && inText(el)) continue;
    const denser = dense && document.querySelector("#table-page") && el.closest("header#top, .play-area")
      && !el.matches(".last-trick-button");
    if (denser && el.closest("header#top")) continue;
    const target = el.matches("input[type=checkbox], input[type=radio]") ? el.closest("label") || el : el;
    const r = target.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const icon = (target.textContent || "").trim().length <= 2 && !target.matches("input, select, label");
    if (denser ? icon && r.width < least - 0.5 : r.height < least - 0.5 || (icon && r.width < least - 0.5)) {
      small.push(`${name(el)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return small;
}
