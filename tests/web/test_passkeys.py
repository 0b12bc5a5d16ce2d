"""Passkeys in Chromium, with its virtual authenticator (the DevTools protocol's WebAuthn
domain) as the device: add one from the account page, sign out, and sign in with it, on
this browser and on another holding the same (synced) passkey; a site opened by its IP
address says passkeys need its name."""

from __future__ import annotations

import secrets
from typing import Any

from tests.web.conftest import People, Tab
from tests.web.test_accounts import sign_up


def device(page: Any) -> tuple[Any, str]:
    """A platform authenticator for ``page`` that its person always unlocks: the DevTools
    session and the authenticator's id."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp, made["authenticatorId"]


def test_a_passkey_added_on_the_account_page_signs_in_here_and_on_another_browser(
    tab: Tab, people: People
) -> None:
    site = tab.site.replace("127.0.0.1", "localhost")
    email = f"ann-{secrets.token_hex(4)}@example.org"
    page = tab.page
    cdp, authenticator = device(page)
    sign_up(page, site, "Ann", email)
    assert page.locator("#passkeys li").inner_text() == "None yet."
    page.get_by_role("button", name="Add a passkey").click()
    page.locator("#passkey-status", has_text="Passkey added").wait_for()
    # The status is told once the list is read anew, so the list already holds it.
    assert page.locator("#passkeys li").all_inner_texts() == [
        "Passkey on localhost (not used yet) Remove"
    ]
    tab.screenshot("account-passkey")

    page.get_by_role("button", name="Sign out").click()
    page.locator("#signed-out:not([hidden])").wait_for()
    tab.screenshot("account-signed-out")
    page.get_by_role("button", name="Sign in with a passkey").click()
    page.locator("#signed-in:not([hidden])").wait_for()
    assert page.locator("#who").inner_text() == f"Signed in as Ann ({email})"
    page.locator("#passkeys li", has_text="last used").wait_for()

    # The same passkey on another device (as a synced one is): it signs that browser in.
    credential = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
    laptop = people()
    other_cdp, other_authenticator = device(laptop.page)
    other_cdp.send(
        "WebAuthn.addCredential",
        {"authenticatorId": other_authenticator, "credential": credential["credentials"][0]},
    )
    laptop.page.goto(site + "/account")
    laptop.page.get_by_role("button", name="Sign in with a passkey").click()
    laptop.page.locator("#signed-in:not([hidden])").wait_for()
    assert laptop.page.locator("#who").inner_text() == f"Signed in as Ann ({email})"
    # Removed, it signs in no more.
    laptop.page.get_by_role("button", name="Remove Passkey on localhost").click()
    laptop.page.locator("#passkeys li", has_text="None yet.").wait_for()
    laptop.page.get_by_role("button", name="Sign out").click()
    laptop.page.get_by_role("button", name="Sign in with a passkey").click()
    laptop.page.locator("#account-error", has_text="no account's here").wait_for()
    assert laptop.errors == [] or all("403" in error for error in laptop.errors)


def test_a_site_opened_by_its_address_says_passkeys_need_its_name(tab: Tab) -> None:
    page = tab.page
    page.goto(tab.site + "/account")
    button = page.get_by_role("button", name="Sign in with a passkey")
    assert button.is_disabled()
    status = page.locator("#passkey-sign-in-status").inner_text()
    assert status.startswith("Passkeys need the site opened by its name: try http://localhost:")
