"""The headers every answer carries (server/headers.py): the Content-Security-Policy and the
others on pages, API answers, refusals and static files; pages built for the policy (no
inline script, no style attribute); ``HEAD`` on every page answered as ``GET`` is."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from httpx import Headers

from tablelands.server.headers import content_security_policy
from tablelands.server.limits import MAX_BODY_BYTES
from tests.server.conftest import serving

SERVER = Path(__file__).parents[2] / "src" / "tablelands" / "server"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with serving(sqlite_url) as made:
        yield made


@pytest.fixture
def game_id(client: TestClient) -> str:
    response = client.post(
        "/api/games",
        json={"game": "confusing-lands", "seats": [{"kind": "me", "name": "Ann"}]},
    )
    assert response.status_code == 201, response.text
    made: str = response.json()["game"]["id"]
    return made


def directives(policy: str) -> dict[str, list[str]]:
    parsed: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        assert name not in parsed, f"{name} twice in {policy!r}"
        parsed[name] = sources
    return parsed


def assert_hardened(headers: Headers, what: str) -> None:
    get = headers.get
    policy = get("content-security-policy")
    assert policy, f"{what}: no Content-Security-Policy"
    found = directives(policy)
    assert found["default-src"] == ["'self'"], what
    assert found["script-src"] == ["'self'"], what
    assert found["style-src"] == ["'self'"], what
    assert found["img-src"] == ["'self'"], what
    assert found["connect-src"][0] == "'self'", what
    assert set(found["connect-src"][1:]) <= {"ws://testserver", "wss://testserver"}, what
    assert found["object-src"] == ["'none'"], what
    assert found["base-uri"] == ["'none'"], what
    assert found["form-action"] == ["'self'"], what
    assert found["frame-ancestors"] == ["'none'"], what
    assert "unsafe" not in policy, what
    assert get("x-content-type-options") == "nosniff", what
    assert get("referrer-policy") == "no-referrer", what


def page_paths(game_id: str) -> list[str]:
    """Every page: the lobby, a game's, its spectator's and replay's, the admin's."""
    return ["/", f"/play/{game_id}", f"/watch/{game_id}", f"/replay/{game_id}", "/admin"]


def test_pages_carry_the_policy(client: TestClient, game_id: str) -> None:
    for path in page_paths(game_id):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"].startswith("text/html"), path
        assert_hardened(response.headers, path)
    missing = client.get("/play/no-such-game")
    assert missing.status_code == 404
    assert_hardened(missing.headers, "a missing game's page")


def test_api_answers_and_refusals_carry_the_policy(client: TestClient, game_id: str) -> None:
    answers = {
        "catalog": client.get("/api/games/catalog"),
        "summary": client.get(f"/api/games/{game_id}"),
        "edition": client.get(f"/api/games/{game_id}/edition"),
        "created": client.post(
            "/api/games", json={"game": "confusing-lands", "seats": [{"kind": "me"}]}
        ),
        "no such game": client.get("/api/games/no-such-game"),
        "no token": client.post(f"/api/games/{game_id}/undo", json={"seq": 0}),
        "malformed": client.post("/api/games", json={"game": 3}),
        "too large": client.post(
            "/api/records",
            content=b"x",
            headers={"content-length": str(MAX_BODY_BYTES + 1)},
        ),
        "not allowed": client.delete("/api/games/catalog"),
        "openapi": client.get("/openapi.json"),
    }
    statuses = {name: response.status_code for name, response in answers.items()}
    assert statuses == {
        "catalog": 200,
        "summary": 200,
        "edition": 200,
        "created": 201,
        "no such game": 404,
        "no token": 403,
        "malformed": 422,
        "too large": 413,
        "not allowed": 405,
        "openapi": 200,
    }
    for name, response in answers.items():
        assert_hardened(response.headers, name)
    # A route's own headers stay.
    assert answers["edition"].headers["cache-control"] == "public, max-age=86400"


def test_static_files_carry_the_policy(client: TestClient) -> None:
    for path in ("/static/js/page/play.js", "/static/css/site.css", "/static/icons/favicon.svg"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert_hardened(response.headers, path)
    script = client.get("/static/js/page/play.js")
    assert script.headers["content-type"].startswith("text/javascript")  # nosniff needs it
    missing = client.get("/static/js/nothing.js")
    assert missing.status_code == 404
    assert_hardened(missing.headers, "a missing static file")


def test_the_sockets_of_the_host_are_named_only_for_a_plain_host() -> None:
    assert "connect-src 'self' ws://example.org:8000 wss://example.org:8000;" in (
        content_security_policy("example.org:8000")
    )
    assert "connect-src 'self' ws://[::1]:8000 wss://[::1]:8000;" in (
        content_security_policy("[::1]:8000")
    )
    # A Host header cannot add sources or directives to the policy.
    for host in ("evil.org; script-src *", "a.org *", "a.org,b.org", "", None):
        assert "connect-src 'self';" in content_security_policy(host), host


def test_head_on_every_page_answers_as_get(client: TestClient, game_id: str) -> None:
    for path in [*page_paths(game_id), "/play/no-such-game", "/replay/no-such-game"]:
        got, head = client.get(path), client.head(path)
        assert head.status_code == got.status_code, path
        assert head.content == b"", path
        assert dict(head.headers) == dict(got.headers), path
    # Static files answer HEAD too (Starlette's StaticFiles).
    assert client.head("/static/css/site.css").status_code == 200


def test_the_openapi_document_is_the_apis_with_an_id_per_operation(client: TestClient) -> None:
    # The pages (HTML, GET and HEAD) are not part of the API's document.
    paths = client.get("/openapi.json").json()["paths"]
    assert all(path.startswith("/api/") for path in paths)
    assert set(paths["/api/games/{game_id}"]) == {"get"}
    ids = [op["operationId"] for methods in paths.values() for op in methods.values()]
    assert len(ids) == len(set(ids))


# -- the pages are built for the policy -----------------------------------------------

#: A ``<script>`` that runs its own text (not one with ``src``, not a JSON data block).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")
#: A style attribute, an inline event handler, a ``<style>`` element, a javascript: link.
INLINE_STYLE_OR_HANDLER = re.compile(r"\sstyle\s*=|\son[a-z]+\s*=|<style|javascript:", re.I)
#: Script that makes a style attribute (by an attributes object or setAttribute) or markup.
SCRIPT_STYLE_ATTRIBUTE = re.compile(
    r"""\bstyle\s*:|setAttribute\(\s*["']style|innerHTML|outerHTML|insertAdjacentHTML"""
    r"""|\beval\(|new Function\("""
)


def test_templates_hold_no_inline_script_or_style() -> None:
    templates = sorted((SERVER / "templates").glob("*.html"))
    assert templates
    for template in templates:
        text = template.read_text(encoding="utf-8")
        assert not INLINE_SCRIPT.search(text), f"{template.name}: an inline script"
        found = INLINE_STYLE_OR_HANDLER.search(text)
        assert not found, f"{template.name}: {found.group()!r} (the policy refuses it)"


def test_the_client_makes_no_style_attribute_or_markup() -> None:
    scripts = sorted((SERVER / "static" / "js").rglob("*.js"))
    assert scripts
    for script in scripts:
        for number, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith(("//", "*", "/*")):
                continue
            found = SCRIPT_STYLE_ATTRIBUTE.search(line)
            assert not found, (
                f"{script.relative_to(SERVER)}:{number}: {found.group()!r}: the policy refuses "
                "style attributes (set element.style.x instead) and code from strings"
            )
