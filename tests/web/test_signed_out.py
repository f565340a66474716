"""A page whose session ended elsewhere (the player changed their password on
another device or tab, which signs every other session out) is signed out: its
stale token dropped, the sign-in page shown with why, in the page's language.
Found by a user pass: the other page toasted the refusal's raw words, "unknown or
expired session token", and went on as a guest."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.play import register

PASSWORD = "a long password"
NEW_PASSWORD = "a new long password"
SAID_EN = "You were signed out: your password was changed or your session ended elsewhere."
SAID_FR = "Session terminée : votre mot de passe a été changé ou votre session a pris fin"


def _sign_in(page: Page, base_url: str, name: str, password: str = PASSWORD) -> None:
    page.goto(f"{base_url}/#/login")
    page.fill("#login-name", name)
    page.fill("#login-password", password)
    page.click("#do-login")
    expect(page.locator("#who")).to_contain_text(name)


def _change_password(page: Page, base_url: str, name: str) -> None:
    page.goto(f"{base_url}/#/profile/{name}")
    page.fill("#password-current", PASSWORD)
    page.fill("#password-new", NEW_PASSWORD)
    page.click("#change-password")
    expect(page.locator("#password-note")).to_contain_text("Password changed")


def _token(page: Page) -> str | None:
    found: str | None = page.evaluate("localStorage.getItem('atout.token')")
    return found


def _signed_out(page: Page, said: str) -> None:
    """The sign-in page, saying why, and no raw refusal anywhere."""
    expect(page.locator("#signed-out")).to_contain_text(said)
    expect(page.locator("#login-name")).to_be_visible()
    expect(page.locator("#login-link")).to_be_visible()  # a guest now, offered to sign in
    assert page.url.endswith("#/login")
    assert _token(page) is None
    for raw in ("session token", "jeton de session", "sign in again"):
        expect(page.locator("body")).not_to_contain_text(raw)


def test_a_page_signed_out_by_a_password_changed_elsewhere_shows_the_sign_in_page(
    new_context: object, base_url: str
) -> None:
    page: Page = new_context().new_page()  # type: ignore[operator]
    name = register(page, base_url, "out")
    # Two other devices of the same player: one in the lobby, one on a table in French.
    lobby: Page = new_context().new_page()  # type: ignore[operator]
    _sign_in(lobby, base_url, name)
    lobby.goto(f"{base_url}/#/")
    french: Page = new_context().new_page()  # type: ignore[operator]
    french.add_init_script("localStorage.setItem('atout.lang', 'fr')")
    _sign_in(french, base_url, name)
    french.goto(f"{base_url}/#/")
    french.click("#create")
    french.wait_for_selector("#start")
    _change_password(page, base_url, name)
    _signed_out(lobby, SAID_EN)
    _signed_out(french, SAID_FR)
    expect(french.locator("#do-login")).to_have_text("Se connecter")
    # Signing in again (with the new password) clears the notice.
    _sign_in(lobby, base_url, name, NEW_PASSWORD)
    expect(lobby.locator("#signed-out")).to_have_count(0)
    lobby.goto(f"{base_url}/#/login")
    expect(lobby.locator("#signed-out")).to_have_count(0)
    # The page that changed the password stays signed in.
    expect(page.locator("#who")).to_contain_text(name)


def test_a_request_with_an_ended_session_signs_the_page_out(page: Page, base_url: str) -> None:
    """A request (not the socket) is the first to meet the ended session."""
    register(page, base_url, "req")
    page.evaluate("localStorage.setItem('atout.token', 'an-ended-session')")
    page.goto(f"{base_url}/#/friends")  # asks /api/friends with the stale token
    _signed_out(page, SAID_EN)


def test_another_tab_of_the_browser_that_changed_the_password_stays_signed_in(
    new_context: object, base_url: str
) -> None:
    """Tabs of one browser share the token: the new session the changing tab
    stores is the other tab's too, and it says nothing of a session ended."""
    context = new_context()  # type: ignore[operator]
    page = context.new_page()
    name = register(page, base_url, "tab")
    other = context.new_page()
    other.goto(f"{base_url}/#/")
    expect(other.locator("#who")).to_contain_text(name)
    _change_password(page, base_url, name)
    expect(other.locator("#who")).to_contain_text(name)
    other.wait_for_function("t => localStorage.getItem('atout.token') === t", arg=_token(page))
    other.wait_for_timeout(1500)  # the socket closed under it was opened again meanwhile
    expect(other.locator("#who")).to_contain_text(name)
    expect(other.locator(".lobby")).to_be_visible()
    for raw in ("session token", "sign in again", "signed out"):
        expect(other.locator("body")).not_to_contain_text(raw)
