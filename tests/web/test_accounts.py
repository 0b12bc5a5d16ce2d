"""Accounts in Chromium: sign up and play a seat; sign in from a second browser and find
the same game with the seat playable; sign out; another account sees none of it; deleting
the account leaves the game with nobody's name."""

from __future__ import annotations

import re
import secrets
from typing import Any

from tests.web.conftest import People, Tab
from tests.web.test_pages import create, my_turn, place_card

PASSWORD = "a long enough password"


def sign_up(page: Any, site: str, name: str, email: str) -> None:
    page.goto(site + "/account")
    form = page.locator("#sign-up")
    form.get_by_label("Name").fill(name)
    form.get_by_label("E-mail").fill(email)
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Create my account").click()
    page.locator("#signed-in:not([hidden])").wait_for()


def sign_in(page: Any, site: str, email: str) -> None:
    page.goto(site + "/account")
    form = page.locator("#sign-in")
    form.get_by_label("E-mail").fill(email)
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Sign in").click()
    page.locator("#signed-in:not([hidden])").wait_for()


def test_an_accounts_seat_is_played_from_another_browser_and_deletion_leaves_it_anonymous(
    tab: Tab, people: People
) -> None:
    email = f"ann-{secrets.token_hex(4)}@example.org"
    page = tab.page
    sign_up(page, tab.site, "Ann", email)
    tab.screenshot("account-signed-in")
    create(tab, "confusing-lands", 2, [("me", None), ("bot", "random")])
    page.wait_for_url(re.compile(r"/play/"))
    game_url = page.url.split("#")[0]
    my_turn(page)
    place_card(page)  # a seat played in the first browser

    phone = people()
    sign_in(phone.page, tab.site, email)
    phone.page.goto(tab.site + "/")
    mine = phone.page.locator("#my-games a", has_text="Confusing Lands")
    mine.first.wait_for()
    mine.first.click()
    phone.page.wait_for_url(re.compile(r"/play/"))
    my_turn(phone.page)
    assert phone.page.locator('#players tr[data-seat="0"]', has_text="you").count() == 1
    place_card(phone.page)  # the same seat, playable here
    phone.screenshot("account-second-browser")
    stolen = [c for c in phone.page.context.cookies() if c["name"] == "tl_session"]
    assert stolen and stolen[0]["httpOnly"], "the page's scripts never see the session"
    # Signed out, the second browser holds the game no more.
    phone.page.goto(tab.site + "/account")
    phone.page.get_by_role("button", name="Sign out").click()
    phone.page.locator("#signed-out:not([hidden])").wait_for()
    phone.page.goto(tab.site + "/")
    phone.page.locator("#my-games").wait_for()
    assert phone.page.locator("#my-games a", has_text="Confusing Lands").count() == 0
    assert not phone.errors, phone.errors

    # The phone's cookie, stolen before it signed out, is nobody's session now.
    thief = people()
    thief.page.context.add_cookies(stolen)
    thief.page.goto(tab.site + "/account")
    thief.page.locator("#signed-out:not([hidden])").wait_for()
    answer = thief.page.request.get(tab.site + "/api/account/seats")
    assert answer.status == 401

    stranger = people()
    sign_up(stranger.page, tab.site, "Bob", f"bob-{secrets.token_hex(4)}@example.org")
    held = stranger.page.locator("#held").inner_text()
    assert held.startswith("Your account holds no seat yet")
    assert not stranger.errors, stranger.errors

    page.goto(tab.site + "/account")
    page.click(".tl-danger summary")
    page.get_by_role("button", name="Delete my account for good").click()
    page.locator("#signed-out:not([hidden])").wait_for()
    page.goto(game_url)
    page.locator('#players tr[data-seat="0"]').wait_for()
    assert "Ann" not in page.locator("#players").inner_text()
    assert "Player 1" in page.locator("#players").inner_text()
