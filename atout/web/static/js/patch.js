// An update patches the view the page holds (JSON Patch, RFC 6902: the add,
// remove and replace operations the server writes) instead of sending it again.
// The view held is never changed in place: the patched one is a copy.
export function patched(view, operations) {
  let doc = structuredClone(view);
  for (const { op, path, value } of operations) {
    const tokens = path === "" ? [] : path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (!tokens.length) { doc = structuredClone(value); continue; }
    let parent = doc;
    for (const token of tokens.slice(0, -1)) {
      parent = Array.isArray(parent) ? parent[Number(token)] : parent?.[token];
      if (parent === null || typeof parent !== "object") throw new Error(`no ${path} to patch`);
    }
    const last = tokens[tokens.length - 1];
    if (Array.isArray(parent)) {
      const at = last === "-" ? parent.length : Number(last);
      if (!Number.isInteger(at) || at < 0 || at > parent.length || (op !== "add" && at === parent.length)) throw new Error(`no ${path} to patch`);
      if (op === "add") parent.splice(at, 0, value);
      else if (op === "remove") parent.splice(at, 1);
      else parent[at] = value;
    } else {
      if (op !== "add" && !(last in parent)) throw new Error(`no ${path} to patch`);
      if (op === "remove") delete parent[last];
      else parent[last] = value;
    }
  }
  return doc;
}
