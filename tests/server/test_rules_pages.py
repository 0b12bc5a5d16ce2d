"""How to play: each game's rules page rendered from the rules text its package carries
(docs/rules/ links to the same file), raw HTML in the text never passed through, an unknown
game a page saying so; the lobby's cards, each with a "Play now" and a "How to play"."""

from __future__ import annotations

import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tablelands.core.examples import EXAMPLE_INFO, RulesExample, RulesExampleError, example_state
from tablelands.core.game import JsonDict, State
from tablelands.core.view import SeatView
from tablelands.games import game_names, get_game
from tablelands.games.drifting_lands import PAWN_COLOURS
from tablelands.server.catalog import DEFAULT_AGENT, catalog
from tablelands.server.rules import (
    render_rules,
    rules_of,
)
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
    html = render_rules(text, get_game("confusing-lands")).html
    tags = parsed(html).tags
    assert "script" not in tags and "img" not in tags and "div" not in tags
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;div onclick=" in html
    assert "a" not in tags  # markdown-it makes no link of a javascript: address
    assert render_rules(text, get_game("confusing-lands")).sections == (
        ("setup", "Setup"),
        ("setup-2", "Setup"),
    )


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


# The worked examples: each drawn on its page, each caption's claims true of its position.


def drawn(name: str, number: int) -> tuple[RulesExample, State, JsonDict]:
    """Example ``number`` (from 0) of the game's rules: the example, its position and the
    observation its figure draws."""
    example = rules_of(name).examples[number]
    state = example_state(get_game(name), example, f"{name} example {number + 1}")
    return example, state, SeatView(state, example.seat).observation()


def before_last(name: str, number: int) -> State:
    """Example ``number``'s position one move earlier."""
    example = rules_of(name).examples[number]
    shorter = example.model_copy(update={"moves": example.moves[:-1]})
    return example_state(get_game(name), shorter, f"{name} example {number + 1}")


@pytest.mark.parametrize("name", game_names())
def test_each_rules_page_draws_its_examples_as_figures_with_their_positions(
    sqlite_url: str, name: str
) -> None:
    game = get_game(name)
    text = game.rules_text()
    rules = rules_of(name)
    assert 2 <= len(rules.examples) == text.count(f"```{EXAMPLE_INFO}\n") <= 3
    with serving(sqlite_url) as client:
        page = client.get(f"/rules/{name}").text
    figures = re.findall(
        r'<figure class="tl-rules-example"><div class="tl-rules-board" data-example="(\d+)"'
        r' role="img" aria-label="([^"]+)"><div class="tl-rules-drawing" inert></div></div>'
        r"<figcaption>([^<]+)</figcaption></figure>",
        page,
    )
    assert [int(number) for number, _, _ in figures] == list(range(len(rules.examples)))
    for (_, label, caption), example in zip(figures, rules.examples, strict=True):
        assert label == caption
        assert caption.replace("&#39;", "'") == example.caption
    assert EXAMPLE_INFO not in page  # no example left as a code block
    assert '/static/css/boards.css">' in page
    found = re.search(r'<script id="rules-examples" type="application/json">([^<]*)</script>', page)
    assert found, "the examples' data"
    data = json.loads(found[1])
    assert data["edition"] == game.default_edition().to_data()
    for number, example in enumerate(rules.examples):
        _, state, seen = drawn(name, number)
        assert data["observations"][number] == seen
        assert seen["viewer"] == example.seat
        # The last move's places, outlined: what Game.places gives for it, as the seat saw it.
        earlier = SeatView(before_last(name, number), example.seat).observation()
        places = game.places(earlier, seen, state.edition)
        assert data["last_moves"][number] == [list(place) for place in places] != []
        assert len(state.history) == len(example.moves)


def test_confusing_lands_examples_show_an_overlap_land_of_plenty_and_a_final_score() -> None:
    def spaces(placed: str) -> set[tuple[int, int]]:
        found = re.fullmatch(r"\d+[cl](\d)@(-?\d+),(-?\d+)", placed)
        assert found
        turned, row, col = int(found[1]) % 2, int(found[2]), int(found[3])
        rows, cols = (3, 2) if turned else (2, 3)
        return {(row + r, col + c) for r in range(rows) for c in range(cols)}

    def kinds(seen: JsonDict, seat: int) -> Counter[str]:
        return Counter(cell["kind"] for cell in seen["cells"][seat])

    # 1: card 17 overlaps card 4 on one space, its condition spaces showing.
    _, _, seen = drawn("confusing-lands", 0)
    assert seen["landscapes"][0] == ["4l1@0,0", "17c2@-1,1"]
    first, second = (spaces(placed) for placed in seen["landscapes"][0])
    assert first & second == {(0, 1)}
    conditions = {(c["row"], c["col"]) for c in seen["cells"][0] if c["kind"] == "condition"}
    assert conditions == {(-1, 2), (-1, 3)}
    # 2: seat 2's Land of Plenty copies the shared The Circle Of Life's 6.
    _, _, seen = drawn("confusing-lands", 1)
    assert seen["condition_names"][str(seen["shared_condition"])] == "The Circle Of Life"
    mine = seen["standings"][1]
    assert (mine["conditions"], mine["shared"], mine["penalty"], mine["total"]) == (
        {"16": 6},
        6,
        -10,
        2,
    )
    assert (kinds(seen, 1)["wolf"], kinds(seen, 1)["elk"]) == (2, 1)
    # 3: the end of the game, seat 1's 35 against seat 2's 38.
    _, state, seen = drawn("confusing-lands", 2)
    assert state.is_terminal and seen["winners"] == [1]
    mine = seen["standings"][0]
    assert (mine["conditions"], mine["shared"], mine["penalty"], mine["total"]) == (
        {"2": 15, "17": 16},
        24,
        -20,
        35,
    )
    assert seen["standings"][1]["total"] == 38
    counted = kinds(seen, 0)
    assert [counted[k] for k in ("village", "mountain", "forest", "wolf", "elk")] == [6, 5, 5, 4, 4]
    forests = {(c["row"], c["col"]) for c in seen["cells"][0] if c["kind"] == "forest"}
    assert all({(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & forests for r, c in forests)


def test_land_vs_sea_examples_score_a_completed_area_for_its_side() -> None:
    def last_events(number: int) -> list[JsonDict]:
        earlier = len(before_last("land-vs-sea", number).observation(0)["events"])
        events: list[JsonDict] = drawn("land-vs-sea", number)[2]["events"][earlier:]
        return events

    def placed_at(seen: JsonDict, q: int, r: int) -> int:
        [tile] = [t for t in seen["board"] if (t["q"], t["r"]) == (q, r)]
        placer: int = tile["placer"]
        return placer

    # 1: land's tile 56 closes a land area of 3 tiles with a bonus symbol: 3 + 1 to land.
    example, _, seen = drawn("land-vs-sea", 0)
    assert example.moves[-1].startswith("56") and placed_at(seen, 0, -2) == 0
    assert [(e["kind"], e["side"], e["points"]) for e in last_events(0)] == [
        ("area", "land", 3),
        ("bonus", "land", 1),
    ]
    assert "land area of 3 tiles" in last_events(0)[0]["detail"]
    assert [row["total"] for row in seen["standings"]] == [4, 0]
    # 2: land's tile 18 closes a sea area of 3 tiles: its 3 go to sea.
    example, _, seen = drawn("land-vs-sea", 1)
    assert example.moves[-1].startswith("18") and placed_at(seen, 0, -2) == 0
    assert [(e["kind"], e["side"], e["points"]) for e in last_events(1)] == [("area", "sea", 3)]
    assert [row["total"] for row in seen["standings"]] == [0, 3]


def test_drifting_lands_examples_show_the_starts_a_drift_and_an_orogeny() -> None:
    def home(seen: JsonDict, seat: int) -> JsonDict:
        """The continent the seat's pawns are on (they are all on one)."""
        theirs = [c for c in seen["continents"] if c["levels"][seat]]
        assert len(theirs) == 1
        return theirs[0]

    # 1: seat 1 takes the north-west corner, seat 2 is left only the south-east one.
    _, _, seen = drawn("drifting-lands", 0)
    first = before_last("drifting-lands", 0)
    assert [first.format_action(a) for a in first.legal_actions()] == ["start 3"]
    assert seen["corners"] == [0, 2]
    for seat in (0, 1):
        assert [p["level"] for p in seen["pawns"] if p["owner"] == seat] == [1, 1, 1, 1]
        assert home(seen, seat)["levels"][seat] == 4 and home(seen, seat)["tiles"] == 7
    # 2: its continent drifted east, tiles and pawns, and is worth 16, not 12.
    _, _, seen = drawn("drifting-lands", 1)
    earlier = SeatView(before_last("drifting-lands", 1), 0).observation()
    assert (home(earlier, 0)["value"], home(seen, 0)["value"]) == (12, 16)

    def moved(spots: list[tuple[int, int]]) -> set[tuple[int, int]]:
        return {(q + 1, r) for q, r in spots}

    def of_seat(seen: JsonDict) -> list[tuple[int, int]]:
        return [(p["q"], p["r"]) for p in seen["pawns"] if p["owner"] == 0]

    def tiles(seen: JsonDict, anchor: JsonDict) -> list[tuple[int, int]]:
        return [(s["q"], s["r"]) for s in seen["spaces"] if s["continent"] == anchor["continent"]]

    assert set(of_seat(seen)) == moved(of_seat(earlier))
    assert set(tiles(seen, home(seen, 0))) == moved(tiles(earlier, home(earlier, 0)))
    # 3: Orogeny lifts 3,2 onto 2,2: a mountain worth twice 2, ocean left, two pawns gone.
    example, _, seen = drawn("drifting-lands", 2)
    assert example.moves[-1] == "orogeny 3,2>2,2"
    at = {(s["q"], s["r"]): s for s in seen["spaces"]}
    assert seen["mountains"] == [[2, 2]]
    assert (at[2, 2]["terrain"], at[2, 2]["value"], at[3, 2]["terrain"]) == ("mountain", 2, "ocean")
    assert len(of_seat(seen)) == 2 and len(of_seat(earlier)) == 4
    assert (home(seen, 0)["levels"][0], home(seen, 0)["points"][0]) == (2, 0)
    land = [s for s in seen["spaces"] if s["continent"] == home(seen, 0)["continent"]]
    assert home(seen, 0)["value"] == sum(s["value"] for s in land) + at[2, 2]["value"]


EXAMPLE = "players: 2\nseed: 2\nmoves: 4l1@0,0, 7l3@0,0\nseat: 0\ncaption: Two cards.\n"


@pytest.mark.parametrize(
    ("block", "field"),
    [
        (EXAMPLE.replace("seat: 0\n", ""), "seat"),
        (EXAMPLE.replace("seat: 0", "seat: 2"), "seat"),
        (EXAMPLE.replace("players: 2", "players: 5"), "players"),
        (EXAMPLE.replace("seed: 2", "seed: two"), "seed"),
        (EXAMPLE.replace("seed: 2", "seed: -1"), "seed"),
        (EXAMPLE + "options: colours=on\n", "options"),
        (EXAMPLE + "options: colours\n", "options"),
        (EXAMPLE.replace("7l3@0,0", "7l3@5,5"), "moves: move 2 ('7l3@5,5')"),
        (EXAMPLE.replace("7l3@0,0", "take 7"), "moves: move 2 ('take 7')"),
        (EXAMPLE.replace("caption: Two cards.", "caption:"), "caption"),
        (EXAMPLE + "colour: red\n", "colour"),
        (EXAMPLE + "seat: 1\n", "seat: given twice"),
        (EXAMPLE + "a line of its own\n", "line 6"),
    ],
)
def test_a_malformed_example_names_the_game_the_example_and_the_field(
    block: str, field: str
) -> None:
    good = f"```{EXAMPLE_INFO}\n{EXAMPLE}```\n"
    text = f"# Rules\n\n## Setup\n\n{good}\nThen:\n\n```{EXAMPLE_INFO}\n{block}```\n"
    with pytest.raises(RulesExampleError) as raised:
        render_rules(text, get_game("confusing-lands"))
    assert str(raised.value).startswith(f"confusing-lands rules, example 2: {field}"), raised.value


def test_an_examples_caption_and_data_cannot_end_their_element() -> None:
    caption = 'A "</script><script>alert(1)</script> <b>x</b> & more'
    text = (
        f"# Rules\n\n```{EXAMPLE_INFO}\n"
        + EXAMPLE.replace("caption: Two cards.", f"caption: {caption}")
        + "```\n\n```python\nprint(1)\n```\n"
    )
    rules = render_rules(text, get_game("confusing-lands"))
    assert "<script" not in rules.html and "<b>" not in rules.html
    assert "&lt;/script&gt;" in rules.html and "&#34;" in rules.html
    assert '<code class="language-python">' in rules.html  # other code blocks stay code
    assert rules.examples_json is not None
    assert not set("<>&") & set(rules.examples_json)
    assert json.loads(rules.examples_json)["observations"][0]["game"] == "confusing-lands"
