// A tiny element builder so that pages are plain functions returning DOM nodes.
import { t } from "./i18n.js";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === "html") el.innerHTML = value;
    else if (key === "class") el.className = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** ``el`` drawn anew with ``children``, as clear() does, except that a child already
 * in it that comes again stays where it is, never taken out: a form being written in
 * keeps its element, so its values, its caret and the focus (an element taken out
 * of the page loses the focus). The kept children keep their order. */
export function redraw(el, ...children) {
  const nodes = [];
  const flat = (list) => {
    for (const child of list) {
      if (child === null || child === undefined || child === false) continue;
      if (Array.isArray(child)) flat(child);
      else nodes.push(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  };
  flat(children);
  const kept = new Set(nodes.filter((node) => node.parentNode === el));
  for (const child of [...el.childNodes]) if (!kept.has(child)) child.remove();
  let next = el.firstChild;
  for (const node of nodes) {
    if (node === next) next = node.nextSibling;
    else el.insertBefore(node, next);
  }
  return el;
}

/** ``select`` given the options ``list`` names ([value, label] pairs) as redraw()
 * does: an option whose value comes again stays, so the choice made stays chosen
 * (the select kept in the page keeps its focus too); a choice gone leaves the first. */
export function redrawOptions(select, list) {
  const had = new Map([...select.options].map((option) => [option.value, option]));
  return redraw(select, list.map(([value, label]) => {
    const option = had.get(String(value)) ?? h("option", { value });
    if (option.textContent !== String(label)) option.textContent = label;
    return option;
  }));
}

/** A file field in the page's language: the browser's own button and its "no file"
 * speak the browser's language ("Choose File" on a French page), so the input is
 * hidden and opened by a button of the page's, the chosen file's name beside it.
 * Returns the parts to put in the field's label. */
export function fileField(input) {
  input.hidden = true;
  const chosen = h("span", { class: "muted file-chosen" }, t("no_file"));
  input.addEventListener("change", () => { chosen.textContent = input.files[0]?.name ?? t("no_file"); });
  const button = h("button", { type: "button", class: "secondary file-button", onclick: () => input.click() }, t("choose_file"));
  return [button, " ", chosen, input];
}

export function download(filename, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A refusal shown on its own, as a sentence: the catalogue words refusals as
 * clauses to follow "Error: " ("aucune partie finie ne porte ce numéro"), so one
 * standing alone begins with a capital and ends with a full stop, as the page's
 * other messages do. */
export function sentence(text) {
  const words = String(text ?? "").trim();
  if (!words) return words;
  const capital = words[0].toLocaleUpperCase(document.documentElement.lang || undefined) + words.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}
