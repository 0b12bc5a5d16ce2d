"""The pages under the server's Content-Security-Policy in a real browser: the lobby, games
of every title played a few moves (the sockets, the boards' drawing), a game played to its
end, its replay, its spectator's page and the admin page, with no violation reported by the
browser; the policy enforced (an inline script and a style attribute are refused); ``HEAD``
on a page answered by the real server as ``GET`` is, without a body."""

from __future__ import annotations

import urllib.request
from typing import Any

from tests.web.clicks import ACT, RESULT, create_game, game_id
from tests.web.conftest import Tab
from tests.web.test_pages import my_turn, place_card
from tests.web.test_watching import at_step

#: Every violation the page's document reports, sent to the test as it happens.
LISTEN = """
window.tablelandsSeen = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const text = `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ` +
    `${event.sourceFile}:${event.lineNumber} (${event.sample})`;
  window.tablelandsSeen.push(text);
  window.tablelandsViolation(text);
});
"""

#: Decisions played in each title's game against a bot.
DECISIONS = 3


def watched(tab: Tab) -> list[str]:
    """The policy's violations on the tab's pages, from now on: the documents' events and the
    console's messages about the policy (which the tab's errors hold as well)."""
    violations: list[str] = []

    def reported(text: str) -> None:
        violations.append(text)

    tab.page.expose_function("tablelandsViolation", reported)
    tab.page.add_init_script(LISTEN)

    def console(message: Any) -> None:
        if "Content Security Policy" in message.text:
            violations.append(f"console: {message.text}")

    tab.page.on("console", console)
    return violations


def test_the_pages_load_and_play_with_no_violation(tab: Tab) -> None:
    violations = watched(tab)
    page = tab.page
    lobby = page.goto(tab.site + "/")
    assert lobby is not None
    assert "script-src 'self'" in lobby.headers["content-security-policy"]

    # Each title against a bot, a few decisions by clicks: the socket and the boards.
    for title in ("land-vs-sea", "drifting-lands", "confusing-lands"):
        create_game(tab, title, [("me", None), ("bot", "random")])
        for _ in range(DECISIONS):
            my_turn(page)
            if page.locator(RESULT).count():
                break
            ACT[title](page)
        assert not violations, (title, violations)

    # A game played to its end, then its replay stepped through, its spectator's page and
    # the admin page.
    create_game(tab, "confusing-lands", [("me", None)])
    made = game_id(page)
    my_turn(page)
    moves = 0
    while not page.locator(RESULT).count():
        place_card(page)
        moves += 1
        assert moves < 30
    page.locator("#replay-link").click()
    page.wait_for_url(f"**/replay/{made}")
    at_step(page, 0)
    for step in range(1, 4):
        page.keyboard.press("ArrowRight")
        at_step(page, step)
    page.goto(f"{tab.site}/watch/{made}")
    page.locator("#board svg").first.wait_for()
    page.goto(f"{tab.site}/admin")
    page.fill("#admin-token", "t")  # the test server's token
    page.press("#admin-token", "Enter")
    page.locator(f"#admin-table tr[data-game='{made}']").wait_for()
    assert not violations, violations
    assert not tab.errors, tab.errors


def test_the_policy_is_enforced(tab: Tab) -> None:
    """What the policy is there to refuse, it refuses, and the browser says so."""
    watched(tab)
    page = tab.page
    page.goto(tab.site + "/")
    page.locator("#game").wait_for()
    page.evaluate(
        """() => {
          const script = document.createElement("script");
          script.textContent = "window.injected = true";
          document.body.append(script);
          document.getElementById("game").setAttribute("style", "color: red");
        }"""
    )
    # The document's own list: reports come as events, however slowly a busy machine runs.
    page.wait_for_function("() => window.tablelandsSeen.length >= 2")
    assert page.evaluate("() => window.injected") is None
    color = page.evaluate("() => getComputedStyle(document.getElementById('game')).color")
    assert color != "rgb(255, 0, 0)"
    reported = page.evaluate("() => window.tablelandsSeen")
    assert any(v.startswith("script-src-elem blocked inline") for v in reported), reported
    assert any(v.startswith("style-src-attr blocked inline") for v in reported), reported
    # The browser's console says it as well: the errors expected here.
    assert tab.errors and all("Content Security Policy" in e for e in tab.errors), tab.errors
    tab.errors.clear()


def _answer(url: str, method: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(request, timeout=10) as answer:
        headers = {name.lower(): value for name, value in answer.headers.items()}
        return answer.status, headers, answer.read()


def test_head_on_a_page_answers_as_get_does(site: str) -> None:
    for path in ("/", "/admin"):
        got_status, got_headers, got_body = _answer(site + path, "GET")
        head_status, head_headers, head_body = _answer(site + path, "HEAD")
        assert (head_status, head_body) == (got_status, b""), path
        del got_headers["date"], head_headers["date"]
        assert head_headers == got_headers, path
        assert int(head_headers["content-length"]) == len(got_body), path
