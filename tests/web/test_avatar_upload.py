"""An avatar uploaded from the profile page as a phone gives it: a photo of
several megabytes is saved and shown upright and small; a file cut short, or
one over the limit, says why in the page's words, never nothing."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from atout.server.limits import AVATAR_BODY_LIMIT
from tests.server.test_avatar_uploads import phone_photo
from tests.web.play import register


def _upload(page: Page, data: bytes) -> None:
    page.set_input_files(
        "#avatar-file", {"name": "IMG_0001.JPG", "mimeType": "image/jpeg", "buffer": data}
    )


def test_a_phone_photo_is_saved_and_a_broken_file_refused(page: Page, base_url: str) -> None:
    name = register(page, base_url, "photo")
    page.goto(f"{base_url}/#/profile/{name}")
    field = page.locator("label", has=page.locator("#avatar-file"))
    expect(field).to_contain_text("at most 16 MiB")
    note, avatar = page.locator("#avatar-note"), page.locator("#profile-avatar")

    photo = phone_photo()
    _upload(page, photo)
    expect(note).to_have_text("Avatar saved.")
    expect(avatar).to_have_js_property("naturalWidth", 192)  # upright: taller than wide
    expect(avatar).to_have_js_property("naturalHeight", 256)
    saved = avatar.get_attribute("src")

    _upload(page, photo[:-4000])
    expect(note).to_have_class("error")
    expect(note).to_contain_text("cut short")
    _upload(page, photo * (AVATAR_BODY_LIMIT // len(photo) + 1))
    # The server answers 413 before the body is all sent, and closes: the browser
    # reads the refusal (Chromium does), or reports the connection lost; either is said.
    expect(note).to_have_text(
        re.compile(r"an avatar.s image takes at most 16 MiB|Connection lost", re.IGNORECASE)
    )
    expect(note).to_have_class("error")
    assert avatar.get_attribute("src") == saved
