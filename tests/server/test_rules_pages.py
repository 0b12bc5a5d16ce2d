"""How to play: each game's rules page rendered from the rules text its package carries
(docs/rules/ links to the same file), raw HTML in the text never passed through, an unknown
game a page saying so; the lobby's cards, each with a "Play now" and a "How to play"."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tablelands.games import game_names, get_game
from tablelands.games.drifting_lands import PAWN_COLOURS
from tablelands.server.catalog import DEFAULT_AGENT, catalog
from tablelands.server.rules import render_rules
from tests.server.conftest import serving

DOCS = Path(__file__).parents[2] / "docs" / "rules"
DRIFTING_BOARD = (
    Path(__file__).parents[2] / "src/tablelands/server/static/js/boards/drifting_lands.js"
)
#: What each colour name of Drifting Lands' pawns looks like, roughly.
LOOKS = {
    "red": (200, 40, 40),
    "black": (30, 30, 30),
    "teal": (0, 130, 140),
    "purple": (110, 30, 150),
}


class Headings(HTMLParser):
    """A page's headings (level, text) and its elements' tags."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[tuple[int, str]] = []
        self.tags: list[str] = []
        self._open: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if re.fullmatch(r"h[1-6]", tag):
            self._open = int(tag[1])
            self.headings.append((self._open, ""))

    def handle_endtag(self, tag: str) -> None:
        if re.fullmatch(r"h[1-6]", tag):
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            level, text = self.headings[-1]
            self.headings[-1] = (level, text + data)


def parsed(html: str) -> Headings:
    parser = Headings()
    parser.feed(html)
    return parser


def markdown_headings(text: str) -> list[tuple[int, str]]:
    """The ATX headings of a Markdown text, outside fenced code."""
    found, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"(#{1,6}) (.+)", line)):
            found.append((len(match[1]), match[2].replace("`", "").strip()))
    return found


@pytest.mark.parametrize("name", game_names())
def test_each_rules_page_renders_the_packaged_text_with_its_headings(
    sqlite_url: str, name: str
) -> None:
    game = get_game(name)
    packaged = (Path(__file__).parents[2] / "src" / game.package.replace(".", "/")) / "rules.md"
    # One copy of the text: the docs' file is the package's.
    assert (DOCS / f"{name}.md").resolve() == packaged.resolve()
    text = packaged.read_text(encoding="utf-8")
    with serving(sqlite_url) as client:
        response = client.get(f"/rules/{name}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = parsed(response.text)
    expected = markdown_headings(text)
    assert expected[0] == (1, game.info.title)
    # Every heading of the text, in its order and level; then the page's own side.
    assert page.headings == [*expected, (2, "Try it"), (2, "On this page")]
    # Each section listed, its link going to its heading.
    sections = [words for level, words in expected if level == 2]
    links = re.findall(r'<li><a href="#([a-z0-9-]+)">([^<]+)</a></li>', response.text)
    assert [words for _, words in links] == sections
    for anchor, words in links:
        assert re.search(
            rf'<h2 id="{anchor}">{re.escape(words)}',
            response.text.replace("<code>", "").replace("</code>", ""),
        ), words
    assert "<table>" in response.text  # Markdown tables are rendered, not left as pipes
    assert "<code>" in response.text
    # The page's own parts: the one-click game and the way back.
    assert f'data-play-now="{name}"' in response.text
    assert f'data-agent="{DEFAULT_AGENT}"' in response.text
    assert "Play now against a bot" in response.text
    assert 'href="/"' in response.text
    assert game.info.blurb and game.info.blurb in response.text


def test_an_unknown_game_has_no_rules_page_and_the_page_says_so(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        response = client.get("/rules/chess")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    page = parsed(response.text)
    assert (1, "No rules for that game") in page.headings
    assert "no game called &#39;chess&#39;" in response.text
    for name in game_names():
        assert name in response.text  # the games there are, named
    assert 'href="/"' in response.text


def test_raw_html_in_the_rules_text_is_shown_as_text_never_passed_through() -> None:
    text = (
        "# Rules\n\n## Setup\n\n## Setup\n\nA <script>alert(1)</script> and <img src=x onerror=alert(2)> inline.\n\n"
        '<div onclick="alert(3)">a block</div>\n\n[link](javascript:alert(4))\n'
    )
    html = render_rules(text).html
    tags = parsed(html).tags
    assert "script" not in tags and "img" not in tags and "div" not in tags
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;div onclick=" in html
    assert "a" not in tags  # markdown-it makes no link of a javascript: address
    assert render_rules(text).sections == (("setup", "Setup"), ("setup-2", "Setup"))


def test_the_lobby_has_a_card_per_game_with_its_facts_from_the_game(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        response = client.get("/")
        pictures = {n: client.get(f"/static/images/{n}.png").status_code for n in game_names()}
    assert response.status_code == 200
    assert pictures == dict.fromkeys(game_names(), 200)
    html = response.text
    for entry in catalog()["games"]:
        info = get_game(entry["name"]).info
        card = html.split(f'data-game="{info.name}"', 1)[1].split("</li>", 1)[0]
        assert info.blurb and info.blurb in card
        assert info.length and info.length in card
        assert entry["players_text"] in card
        assert f'data-play-now="{info.name}"' in card and 'data-players="2"' in card
        assert f'href="/rules/{info.name}"' in card
        assert f"images/{info.name}.png" in card
    assert 'id="new-game"' in html  # the full form stays, below the cards


def test_a_summary_names_each_seats_side_where_the_game_has_sides(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        sides = {}
        for name, players in (("land-vs-sea", 3), ("drifting-lands", 2), ("confusing-lands", 2)):
            seats = [{"kind": "me"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
            made = client.post("/api/games", json={"game": name, "seats": seats}).json()
            sides[name] = made["game"]["sides"]
    assert sides == {
        "land-vs-sea": ["Land", "Sea", "Cartographer"],
        "drifting-lands": ["the red pawns", "the black pawns"],
        "confusing-lands": None,
    }


def test_drifting_lands_names_the_pawn_colours_the_board_draws() -> None:
    """The invite's colour names and the board's colours are kept in two places (the game's
    package, the board module): each drawn colour is nearest the one its seat is told."""
    found = re.search(r"SEAT_COLOURS = \[([^\]]+)\]", DRIFTING_BOARD.read_text())
    assert found
    drawn = [
        tuple(int(h[i : i + 2], 16) for i in (1, 3, 5))
        for h in re.findall(r"#[0-9a-f]{6}", found[1])
    ]
    assert len(drawn) == len(PAWN_COLOURS) == 4

    def nearest(rgb: tuple[int, ...]) -> str:
        return min(
            LOOKS, key=lambda name: sum((a - b) ** 2 for a, b in zip(LOOKS[name], rgb, strict=True))
        )

    assert [nearest(rgb) for rgb in drawn] == list(PAWN_COLOURS)
