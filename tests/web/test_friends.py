"""Two registered players become friends from the Friends page, one invites the
other to a private table, and the other sees the invitation live and joins."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.play import register


def test_friends_invite_each_other_to_a_private_table(new_context: object, base_url: str) -> None:
    ann = new_context().new_page()  # type: ignore[operator]
    ben = new_context().new_page()  # type: ignore[operator]
    ann_name = register(ann, base_url, "ann")
    ben_name = register(ben, base_url, "ben")

    ann.click("#friends-link")
    ann.fill("#friend-name", ben_name)
    ann.click("#friend-request")
    expect(ann.locator("#outgoing")).to_contain_text(ben_name)

    # Ben, on the lobby, hears of the request at once and accepts it.
    notice = ben.locator(".live-notice.friend_request")
    expect(notice).to_contain_text(ann_name)
    notice.get_by_role("link").click()
    ben.locator(f"#incoming li[data-name='{ann_name}'] button.accept").click()
    friend = ben.locator(f"#friend-list li[data-name='{ann_name}']")
    expect(friend.locator(".dot.online")).to_have_count(1)  # Ann's socket is open
    expect(ann.locator(".live-notice.friend_accepted")).to_contain_text(ben_name)

    # Ann opens a private table and invites Ben, suggested among her friends.
    ann.goto(f"{base_url}/#/")
    ann.check("#opt-private")
    ann.click("#create")
    ann.wait_for_selector("#start")
    table = ann.url.split("#/table/")[1].split("?")[0]
    expect(ann.locator("#friend-suggestions option")).to_have_count(1)
    assert ann.locator("#friend-suggestions option").get_attribute("value") == ben_name
    ann.fill("#invite-name", ben_name)
    ann.click("#invite-send")

    invitation = ben.locator(".live-notice.invitation")
    expect(invitation).to_contain_text(ann_name)
    invitation.locator(f"[data-join='{table}']").click()
    expect(ben.locator(".seat-box.me")).to_have_count(1)
    expect(ann.locator(".seat-box", has_text=ben_name)).to_have_count(1)
