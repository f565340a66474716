"""The page applies an update's patch (``js/patch.js``) as the server means it:
every view of random games, rebuilt in the browser from the first and the
server's patches (``atout.server.patches``), is the view itself. The table
page would otherwise hide a wrong patch by asking for a fresh snapshot."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import orjson
from playwright.sync_api import Page

from atout.server.patches import diff
from tests.server.test_patches import GAMES, views_of_a_game

REBUILD = """async (text) => {
  const { patched } = await import("/js/patch.js");
  return JSON.parse(text).map(({ views, patches }) => {
    let view = views[0];
    return patches.map((patch, i) => {
      view = patched(view, patch);
      return JSON.stringify(view) === JSON.stringify(views[i + 1]);
    });
  });
}"""


def test_the_page_rebuilds_every_view_from_the_patches(page: Page, base_url: str) -> None:
    games: list[dict[str, Any]] = []
    for game in range(len(GAMES)):
        for views in views_of_a_game(game, seed=game).values():
            patches = [diff(a, b) for a, b in pairwise(views)]
            games.append({"views": views, "patches": patches})
    page.goto(base_url)
    # Sent as one JSON text: playwright's own serialisation of the 5 MB of views,
    # value by value, took half a minute.
    rebuilt: list[list[bool]] = page.evaluate(REBUILD, orjson.dumps(games).decode())
    assert [len(r) for r in rebuilt] == [len(g["patches"]) for g in games]
    assert all(all(r) for r in rebuilt)
