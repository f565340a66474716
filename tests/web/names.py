"""What a screen reader calls a page's form controls: each one's accessible name as
the browser's own accessibility tree computes it (Chromium's, over its DevTools
protocol), not a guess from the markup."""

from __future__ import annotations

from playwright.sync_api import Page

CONTROLS = ":is(input, select, textarea):not([type=hidden])"


def control_names(page: Page, scope: str) -> dict[str, str]:
    """Each control in sight under ``scope`` (a CSS selector), by its id (or its
    tag and place), with its accessible name; hidden ones are left out."""
    session = page.context.new_cdp_session(page)
    try:
        root = session.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        nodes = session.send(
            "DOM.querySelectorAll", {"nodeId": root, "selector": f"{scope} {CONTROLS}"}
        )["nodeIds"]
        names: dict[str, str] = {}
        for index, node in enumerate(nodes):
            tree = session.send(
                "Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False}
            )["nodes"]
            if not tree or tree[0].get("ignored"):
                continue  # not shown: nothing to name
            described = session.send("DOM.describeNode", {"nodeId": node})["node"]
            pairs = described.get("attributes", [])
            attributes = dict(zip(pairs[::2], pairs[1::2], strict=True))
            key = attributes.get("id") or f"{described['localName']}[{index}]"
            names[key] = str(tree[0].get("name", {}).get("value", "")).strip()
        return names
    finally:
        session.detach()


def unnamed(page: Page, scope: str) -> list[str]:
    """The controls under ``scope`` that a screen reader can name nothing."""
    names = control_names(page, scope)
    assert names, f"no control found under {scope}"
    return [key for key, name in names.items() if not name]
