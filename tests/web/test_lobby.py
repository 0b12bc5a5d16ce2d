"""The lobby, joining and the admin page in a real browser, by clicks and keys: an edition
file chosen (a wrong one refused next to its input, a good one played and shown on the game
page), options and hints, a friend taking their seat by name, my games, the admin list."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tablelands.games import get_game
from tablelands.server.catalog import catalog
from tests.web.conftest import People, Tab
from tests.web.test_pages import my_turn, place_card


@pytest.fixture
def edition_files(tmp_path: Path) -> tuple[Path, Path]:
    """A good Confusing Lands edition file of one's own, and one missing cards."""
    data = get_game("confusing-lands").default_edition().to_data()
    good, bad = tmp_path / "mine.json", tmp_path / "broken.json"
    good.write_text(json.dumps(dict(data, name="My transcription")))
    bad.write_text(json.dumps(dict(data, cards=data["cards"][:5])))
    return good, bad


def expect_refusals(tab: Tab, status: int) -> None:
    """The browser logs a refused request as an error: drop those the test asked for."""
    tab.errors[:] = [e for e in tab.errors if f"status of {status}" not in e]


def test_an_edition_file_is_checked_in_the_form_and_shown_in_the_game(
    tab: Tab, edition_files: tuple[Path, Path]
) -> None:
    good, bad = edition_files
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", "confusing-lands")
    status = page.locator("#edition-status")
    page.set_input_files("#edition-file", str(bad))
    page.wait_for_selector("#edition-status.tl-bad")
    # The game's own words, naming the field, next to the input.
    assert status.inner_text().startswith("edition: cards: the cards must be ids 1 to 18")
    assert page.get_attribute("#edition-file", "aria-invalid") == "true"
    tab.screenshot("lobby-edition-refused")
    page.click("#create")
    assert (
        page.locator("#create-error").inner_text().startswith("The game was not created: edition:")
    )
    assert page.url.rstrip("/") == tab.site  # nothing was made

    page.set_input_files("#edition-file", str(good))
    page.wait_for_selector("#edition-status.tl-ok")
    assert "My transcription (custom" in status.inner_text()
    tab.screenshot("lobby-edition-chosen")
    page.click("#create")
    page.wait_for_url("**/play/*")
    edition = page.locator("#edition")
    assert edition.is_visible()  # said without asking, since it is not the packaged one
    assert "My transcription" in edition.inner_text() and "custom" in edition.inner_text()
    summary = page.evaluate(
        "fetch(location.pathname.replace('/play/', '/api/games/')).then(r => r.json())"
    )
    assert summary["edition"]["packaged"] is False
    assert summary["edition"]["hash"] == edition.get_attribute("title")
    tab.screenshot("game-custom-edition")

    # Back to the packaged edition: the game says so.
    page.goto(tab.site + "/")
    page.click("#create")
    page.wait_for_url("**/play/*")
    assert page.locator("#edition").is_hidden()
    page.click(".tl-about summary")
    assert "(packaged)" in page.locator("#edition").inner_text()


def test_options_seats_strengths_and_hints(tab: Tab) -> None:
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", "land-vs-sea")
    spec = next(g for g in catalog()["games"] if g["name"] == "land-vs-sea")
    for option in spec["options"]:
        # The help is on show under the option, and on hover.
        assert page.locator(f"#option-{option['name']}-help").inner_text() == option["help"]
        assert page.get_attribute(f"#option-{option['name']}", "title") == option["help"]
        assert not page.is_checked(f"#option-{option['name']}")  # the rules' defaults
    page.select_option("#players", "2")
    assert page.locator(".tl-seat").count() == 2
    page.select_option('select[name="kind-1"]', "bot")
    page.select_option('select[name="agent-1"]', "mcts:3s")
    assert page.locator("#seat-1-help").inner_text().startswith("stronger: 3 seconds a move")
    page.select_option('select[name="agent-1"]', "random")
    assert page.locator("#seat-1-help").inner_text().startswith("weakest")
    page.fill('input[name="name-0"]', "Ann")
    # More players: more rows, and the rows set already keep what they were set to.
    page.check("#option-trade")
    page.select_option("#players", "4")
    assert page.locator(".tl-seat").count() == 4
    assert page.input_value('input[name="name-0"]') == "Ann"
    assert page.input_value('select[name="agent-1"]') == "random"
    # What the player count decides (LS-12) is set, locked and said.
    page.select_option("#players", "3")
    for option in ("mountains", "trade", "waypoints"):
        assert page.is_checked(f"#option-{option}") and page.is_disabled(f"#option-{option}")
        assert "(always on with 3 players)" in page.inner_text(f"label[for='option-{option}']")
    tab.screenshot("lobby-options-fixed")
    page.select_option("#players", "2")
    assert page.is_enabled("#option-mountains") and not page.is_checked("#option-mountains")
    assert page.is_checked("#option-trade")  # as it was set before
    assert page.locator(".tl-seat").count() == 2
    page.uncheck("#hints")
    tab.screenshot("lobby-options")
    page.click("#create")
    page.wait_for_url("**/play/*")
    summary = page.evaluate(
        "fetch(location.pathname.replace('/play/', '/api/games/')).then(r => r.json())"
    )
    assert summary["players"] == 2 and summary["hints"] is False
    assert summary["options"] == {"mountains": False, "trade": True, "waypoints": False}
    assert [s["agent"] for s in summary["seats"]] == [None, "random"]
    assert summary["seats"][0]["name"] == "Ann"
    page.click(".tl-about summary")
    about = page.locator(".tl-about").inner_text()
    assert "trade: on" in about and "mountains: off" in about and "Hints not allowed" in about
    # The name given is offered next time.
    page.goto(tab.site + "/")
    assert page.input_value('input[name="name-0"]') == "Ann"


def invite(tab: Tab, game: str = "confusing-lands") -> str:
    """Make a game of the creator against a friend; the friend's invite link."""
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", game)
    page.select_option("#players", "2")
    page.fill('input[name="name-0"]', "Ann")
    page.select_option('select[name="kind-1"]', "friend")
    page.click("#create")
    link: str = page.locator("#invites input").input_value()
    return link


def test_a_friend_joins_by_name_and_the_link_is_then_used(tab: Tab, people: People) -> None:
    link = invite(tab)
    tab.page.click("#go")
    tab.page.wait_for_url("**/play/*")
    players = tab.page.locator("#players")
    tab.page.wait_for_selector("#players tr[data-seat='1']")
    assert "Player 2 (invited)" in players.inner_text()

    friend = people()
    friend.page.goto(link)
    name = friend.page.locator("#join-name")
    assert name.input_value() == ""  # a browser that never gave a name
    assert "Ann" in friend.page.locator("#join").inner_text()
    friend.screenshot("join-name")
    name.fill("Bea")
    name.press("Enter")
    friend.page.wait_for_function("() => !location.hash")
    friend.page.wait_for_selector("#players tr[data-seat='1'] .tl-you")
    # Everyone sees the name: the creator's page without reloading, the friend's own.
    tab.page.wait_for_function("() => document.getElementById('players').innerText.includes('Bea')")
    assert "invited" not in players.inner_text()
    assert "Ann" in friend.page.locator("#players").inner_text()
    place_card(tab.page)
    friend.page.wait_for_selector(".tl-turn.tl-mine")
    friend.screenshot("join-playing")

    # The same browser, invited again, is offered the name it gave.
    second = invite(tab)
    friend.page.goto(second)
    assert friend.page.locator("#join-name").input_value() == "Bea"

    # Anyone else opening the first link is told it was used, and by whom.
    other = people()
    other.page.goto(link)
    notice = other.page.locator("#notice")
    notice.wait_for(state="visible")
    assert re.search(r"already used: Bea took seat 2", notice.inner_text())
    assert other.page.locator("#join").count() == 0
    other.screenshot("join-used-link")
    # A link holding no seat at all is told so too.
    game_id = link.split("/play/")[1].split("#")[0]
    other.page.goto("about:blank")  # else only the fragment changes: no new page
    other.page.goto(f"{tab.site}/play/{game_id}#token=not-a-token")
    other.page.wait_for_function(
        "() => document.getElementById('notice').innerText.includes('no seat')"
    )
    for made in (friend, other):
        expect_refusals(made, 403)
        assert not made.errors, made.errors


def test_my_games_tell_whose_turn_it_is_and_can_be_removed(tab: Tab) -> None:
    page = tab.page
    # A solo game played to its end, one waiting for a friend to join, one on my turn.
    page.goto(tab.site + "/")
    page.fill("#title", "Solo to the end")
    page.click("#create")
    page.wait_for_url("**/play/*")
    while page.locator(".tl-result-box:not([hidden])").count() == 0:
        place_card(page)
    page.goto(tab.site + "/")
    page.select_option("#players", "2")
    page.select_option('select[name="kind-0"]', "friend")
    page.select_option('select[name="kind-1"]', "me")
    page.fill("#title", "Waiting for a friend")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    page.goto(tab.site + "/")
    page.fill("#title", "My turn")
    page.click("#create")
    page.wait_for_url("**/play/*")

    page.goto(tab.site + "/")
    items = page.locator("#my-games li[data-game]")
    items.first.wait_for()
    texts = [items.nth(i).inner_text() for i in range(items.count())]
    titles = [t.splitlines()[0] for t in texts]
    assert [t.split(" ")[0] for t in titles] == ["My", "Waiting", "Solo"]  # my turn first
    assert "your turn" in texts[0]
    assert "waiting for Player 1 to join" in texts[1]
    assert re.search(r"over: -?\d+ points", texts[2])
    tab.screenshot("my-games")
    assert page.get_attribute(
        "#my-games li[data-game] a >> nth=0", "href", timeout=1000
    ).startswith("/play/")

    # Removing a game still on asks first; one that is over goes at once.
    page.once("dialog", lambda dialog: dialog.dismiss())
    items.nth(1).locator("button").click()
    assert items.count() == 3
    page.once("dialog", lambda dialog: dialog.accept())
    items.nth(1).locator("button").click()
    page.wait_for_function(
        "() => document.querySelectorAll('#my-games li[data-game]').length === 2"
    )
    page.locator("#my-games li[data-game]", has_text="Solo").locator("button").click()
    page.wait_for_function(
        "() => document.querySelectorAll('#my-games li[data-game]').length === 1"
    )
    page.reload()
    items.first.wait_for()
    assert items.count() == 1 and "My turn" in items.first.inner_text()


def test_the_admin_page_needs_the_token_then_lists_every_game(tab: Tab) -> None:
    page = tab.page
    page.goto(tab.site + "/")
    page.fill("#title", "Seen by the admin")
    page.select_option("#players", "2")
    page.select_option('select[name="kind-1"]', "bot")
    page.select_option('select[name="agent-1"]', "random")
    page.click("#create")
    page.wait_for_url("**/play/*")
    game_id = page.url.rsplit("/", 1)[1]

    page.goto(tab.site + "/admin")
    page.fill("#admin-token", "guess")
    page.press("#admin-token", "Enter")
    error = page.locator("#admin-error")
    error.wait_for(state="visible")
    assert "admin token" in error.inner_text()
    assert page.locator("#admin-games").is_hidden()
    expect_refusals(tab, 403)
    tab.screenshot("admin-refused")

    page.fill("#admin-token", "t")  # the test server's token
    page.click("#admin-login button")
    row = page.locator(f"#admin-table tr[data-game='{game_id}']")
    row.wait_for()
    cells = row.locator("td")
    assert cells.nth(0).inner_text() == "Seen by the admin"
    assert cells.nth(1).inner_text() == "Confusing Lands"
    seats = cells.nth(2).inner_text()
    assert "You · person, own link" in seats and "random · bot" in seats
    assert cells.nth(4).inner_text().isdigit()
    # Watching is the game's page without a token.
    assert row.locator("a", has_text="Watch").get_attribute("href") == f"/play/{game_id}"
    assert re.match(r"Games 1\W\d+ of \d+, newest first", page.locator("#admin-count").inner_text())
    tab.screenshot("admin-list")
    # The token is kept for the tab (a reload asks nothing), until forgotten.
    page.reload()
    row.wait_for()
    assert page.locator("#admin-login").is_hidden()
    page.click("#admin-logout")
    page.locator("#admin-login").wait_for()
    assert page.evaluate("sessionStorage.getItem('tablelands.admin')") is None


def test_a_seats_own_link_from_the_api_plays_the_seat_without_an_invitation(
    people: People, site: str
) -> None:
    """A script makes the game; its own seat's link, opened in a browser, is that seat's
    game page at once. The friend's link stays an invitation."""
    maker, friend = people(), people()
    answer = maker.page.request.post(
        site + "/api/games",
        data={
            "game": "confusing-lands",
            "seats": [{"kind": "me", "name": "Ann"}, {"kind": "friend", "name": "Bea"}],
        },
    )
    assert answer.status == 201, answer.text()
    mine, friends = answer.json()["seats"]
    page = maker.page
    page.goto(site + mine["link"])
    my_turn(page)
    assert page.locator("#join").count() == 0
    assert page.locator("#turn").inner_text() == "Your turn"
    page.wait_for_function("() => !location.hash")  # the token leaves the address bar
    page.goto(site + "/")
    page.locator("#my-games li[data-game]").first.wait_for()  # the seat is remembered
    friend.page.goto(site + friends["link"])
    friend.page.locator("#join-name").wait_for()
    for tab in (maker, friend):
        assert not tab.errors, tab.errors
