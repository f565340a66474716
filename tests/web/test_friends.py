"""Two registered players become friends from the Friends page, one invites the
other to a private table, and the other sees the invitation live and joins; a
friend's coming and going shows live; a declined request and a lost friend are
told; a blocked player's chat is hidden, the blocker's private tables stay
shut to them, and one watching such a table is sent away told why."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, WebSocketRoute, expect

from tests.web.conftest import touch_screen
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
    expect(ann.get_by_text(f"Invitation sent to {ben_name}")).to_be_visible()

    invitation = ben.locator(".live-notice.invitation")
    expect(invitation).to_contain_text(ann_name)
    invitation.locator(f"[data-join='{table}']").click()
    expect(ben.locator(".seat-box.me")).to_have_count(1)
    expect(ann.locator(".seat-box", has_text=ben_name)).to_have_count(1)
    # Every seat shows its avatar: the two players' own images, the robot's drawing.
    ann.click("#start")
    for seat_of in (ann_name, ben_name):
        avatar = ann.locator(".seat-box", has_text=seat_of).locator("img.seat-avatar")
        expect(avatar).to_have_attribute("src", re.compile(r"^/api/avatar/\d+$"))
        expect(avatar).to_have_js_property("complete", True)
        assert avatar.evaluate("img => img.naturalWidth") > 0  # an image, loaded
    expect(ann.locator('.seat-box [data-avatar="robot"] svg')).to_have_count(2)  # 4 seats

    # Ben's chat shows, until Ann blocks him from his profile: then it is hidden.
    ben.fill("#chat-input", "hello Ann")
    ben.press("#chat-input", "Enter")
    expect(ann.locator("#chat-log")).to_contain_text("hello Ann")
    profile = ann.context.new_page()
    profile.goto(f"{base_url}/#/profile/{ben_name}")
    profile.click("#block-player")
    expect(profile.locator("#add-friend-note")).to_contain_text(ben_name)
    # The table is drawn again before the server has said who Ann is, as on a slow line.
    late = LateWelcome()
    ann.route_web_socket(re.compile(r"/ws$"), late.route)
    ann.reload()
    ann.wait_for_selector("#table-page", state="attached")
    late.release()
    ben.fill("#chat-input", "still there?")
    ben.press("#chat-input", "Enter")
    expect(ben.locator("#chat-log")).to_contain_text("still there?")
    ann.fill("#chat-input", "bye")  # the table tells chat in order: his came before
    ann.press("#chat-input", "Enter")
    expect(ann.locator("#chat-log li")).to_have_text([re.compile("bye$")])


def test_presence_is_live_and_a_decline_a_removal_and_a_block_are_told(
    new_context: object, base_url: str
) -> None:
    ann = new_context().new_page()  # type: ignore[operator]
    ben_context = new_context()  # type: ignore[operator]
    ben = ben_context.new_page()
    ann_name = register(ann, base_url, "ann")
    ben_name = register(ben, base_url, "ben")
    ben_token = ben.evaluate("localStorage.getItem('atout.token')")

    ann.click("#friends-link")
    ann.fill("#friend-name", ben_name)
    ann.click("#friend-request")
    ben.click("#friends-link")
    ben.locator(f"#incoming li[data-name='{ann_name}'] button.decline").click()
    expect(ann.locator(".live-notice.friend_declined")).to_contain_text(ben_name)
    expect(ann.locator("#outgoing")).to_have_count(0)  # the page followed

    ann.fill("#friend-name", ben_name)
    ann.click("#friend-request")
    ben.locator(f"#incoming li[data-name='{ann_name}'] button.accept").click()
    friend = ann.locator(f"#friend-list li[data-name='{ben_name}']")
    expect(friend.locator(".dot.online")).to_have_count(1)
    # Ben closes his only tab: Ann's page, left alone, shows him offline; back, online.
    ben.close()
    expect(friend.locator(".dot.online")).to_have_count(0)
    expect(friend).to_contain_text("offline")
    ben = ben_context.new_page()
    ben.goto(f"{base_url}/#/friends")
    expect(friend.locator(".dot.online")).to_have_count(1)

    ben.locator(f"#friend-list li[data-name='{ann_name}'] button.remove").click()
    expect(ann.locator(".live-notice.friend_removed")).to_contain_text(ben_name)
    expect(ann.locator("#friend-list")).to_have_count(0)

    # Ann blocks Ben by name: listed as blocked; his link to her private table, code
    # and all, is refused with the reason.
    ann.fill("#friend-name", ben_name)
    ann.click("#block-name")
    expect(ann.locator(f"#blocked-list li[data-name='{ben_name}']")).to_have_count(1)
    ann.goto(f"{base_url}/#/")
    ann.check("#opt-private")
    ann.click("#create")
    link = ann.locator("#invite-link").input_value()
    ben.goto(link)
    expect(ben.locator("#table-refused")).to_contain_text("master")
    assert ben_token == ben.evaluate("localStorage.getItem('atout.token')")
    ann.goto(f"{base_url}/#/friends")
    ann.locator(f"#blocked-list li[data-name='{ben_name}'] button.unblock").click()
    expect(ann.locator("#blocked-list")).to_have_count(0)


def test_a_spectator_the_master_blocks_is_sent_to_the_lobby_told_why(
    new_context: object, base_url: str
) -> None:
    """Ben watches Ann's private table by its watch link; Ann blocks him from his
    profile: his page goes to the lobby saying why, his tab still signed in."""
    ann = new_context().new_page()  # type: ignore[operator]
    ben = new_context().new_page()  # type: ignore[operator]
    register(ann, base_url, "ann")
    ben_name = register(ben, base_url, "ben")
    ann.goto(f"{base_url}/#/")
    ann.check("#opt-private")
    ann.click("#create")
    ben.goto(ann.locator("#watch-link").input_value())
    expect(ben.locator("#spectator-banner")).to_be_visible()
    profile = ann.context.new_page()
    profile.goto(f"{base_url}/#/profile/{ben_name}")
    profile.click("#block-player")
    expect(ben.locator("#toast")).to_have_text(
        "this table's master does not take you at their private tables"
    )
    expect(ben.locator("#table-page")).to_have_count(0)
    expect(ben.locator("#who")).to_contain_text(ben_name)


class LateWelcome:
    """A page's socket whose messages from the server wait until ``release``."""

    def __init__(self) -> None:
        self.held: list[tuple[WebSocketRoute, str | bytes]] | None = []

    def route(self, page_side: WebSocketRoute) -> None:
        server = page_side.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if self.held is None:
                page_side.send(message)
            else:
                self.held.append((page_side, message))

        server.on_message(to_page)

    def release(self) -> None:
        held, self.held = self.held or [], None
        for page_side, message in held:
            page_side.send(message)


def test_a_guest_is_shown_the_way_to_an_account_not_a_form_that_refuses(
    new_context: object, base_url: str
) -> None:
    page = new_context().new_page()  # type: ignore[operator]
    page.goto(f"{base_url}/#/friends")
    expect(page.locator("#friends-guests")).to_contain_text("Register to have friends.")
    expect(page.locator("#friend-form")).to_be_hidden()
    page.locator("#friends-guests a").click()
    expect(page.locator("#login-name")).to_be_visible()
    assert page.url.endswith("#/login")

    register(page, base_url, "fg")
    page.goto(f"{base_url}/#/friends")
    expect(page.locator("#friend-form")).to_be_visible()
    expect(page.locator("#friends-guests")).to_have_count(0)


def test_a_request_s_notice_leaves_a_phone_s_header_and_goes_once_answered(
    new_context: object, browser: Browser, base_url: str
) -> None:
    """On a phone the notices stacked over the header (its links, Log out, the
    language button), and a friend request's notice stayed up to its 30 s after the
    request was accepted. They now lie under the header, and the request's notice
    goes once answered."""
    ann = new_context().new_page()  # type: ignore[operator]
    ann_name = register(ann, base_url, "ann")
    with touch_screen(browser, 390, 844, is_mobile=True) as ben:
        ben_name = register(ben, base_url, "ben")
        for asker in ("", "2"):  # two notices, stacked
            if asker:
                other = new_context().new_page()  # type: ignore[operator]
                register(other, base_url, "cat")
                asking = other
            else:
                asking = ann
            asking.click("#friends-link")
            asking.fill("#friend-name", ben_name)
            asking.click("#friend-request")
        notices = ben.locator(".live-notice.friend_request")
        expect(notices).to_have_count(2)
        covered: list[str] = ben.evaluate(
            """() => {
              const box = (el) => el.getBoundingClientRect(), out = [];
              const meets = (a, b) => a.left < b.right && b.left < a.right
                && a.top < b.bottom && b.top < a.bottom;
              for (const n of document.querySelectorAll('.live-notice'))
                for (const c of document.querySelectorAll('header#top a, header#top button'))
                  if (c.getClientRects().length && meets(box(n), box(c))) out.push(c.textContent);
              return out;
            }"""
        )
        assert not covered, f"the notices cover the header's {covered}"
        ben.locator("#friends-link").tap()  # the header's link, not the notice's
        ben.locator(f"#incoming li[data-name='{ann_name}'] button.accept").tap()
        expect(ben.locator(f"#friend-list li[data-name='{ann_name}']")).to_be_visible()
        expect(notices).to_have_count(1)  # Ann's answered, the other's still asking
        expect(notices).not_to_contain_text(ann_name)
