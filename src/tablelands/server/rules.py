"""How to play: each game's rules page (``GET /rules/{game}``), rendered from the rules text
its package carries (``games/<game>/rules.md``, which docs/rules/ links to), so the page and
the docs are one text.

A rules text may hold worked examples (``core/examples.py``): the page shows each as a figure
the game's own board draws in the browser."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import escape

from tablelands.core.examples import EXAMPLE_INFO, RulesExample, example_state, parse_example
from tablelands.core.game import Game, JsonDict, Place
from tablelands.core.view import SeatView
from tablelands.games import UnknownGameError, get_game
from tablelands.server.catalog import DEFAULT_AGENT, players_in_words, quick_players


def last_move_places(
    game: Game[Any], example: RulesExample, seen: JsonDict, where: str
) -> list[Place]:
    """The places the example's last move changed, as its seat saw it (``Game.places``):
    what its figure outlines, as a game page outlines the last turn."""
    if not example.moves:
        return []
    earlier = example.model_copy(update={"moves": example.moves[:-1]})
    before = SeatView(example_state(game, earlier, where), example.seat).observation()
    return game.places(before, seen, game.default_edition())


@dataclass(frozen=True, slots=True)
class Rules:
    """A rules text as HTML, its sections (each ``##`` heading's id and words), its worked
    examples, and what their figures draw as the JSON the page embeds: each example's
    observation, the places its last move changed and the game's public edition (``None`` for a text without examples)."""

    html: str
    sections: tuple[tuple[str, str], ...]
    examples: tuple[RulesExample, ...] = ()
    examples_json: str | None = None


def render_rules(text: str, game: Game[Any]) -> Rules:
    """The rules' Markdown as HTML: CommonMark with tables, any raw HTML in it shown as text
    (the text needs none, and what a page shows should never run); each section heading
    given an id, so that the page can list the sections and a link can point at one; each
    worked example a figure for the page's script to draw its board in."""
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = markdown.parse(text)
    sections: list[tuple[str, str]] = []
    for opening, inline in pairwise(tokens):
        if opening.type == "heading_open" and opening.tag == "h2":
            words = "".join(child.content for child in inline.children or [])
            slug = re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-") or "section"
            taken = {known for known, _ in sections}
            unique, count = slug, 1
            while unique in taken:  # two sections of the same words: "setup", "setup-2"
                count += 1
                unique = f"{slug}-{count}"
            opening.attrSet("id", unique)
            sections.append((unique, words))
    examples: list[RulesExample] = []
    observations: list[JsonDict] = []
    last_moves: list[list[Place]] = []
    for token in tokens:
        if token.type == "fence" and token.info.strip() == EXAMPLE_INFO:
            where = f"{game.info.name} rules, example {len(examples) + 1}"
            example = parse_example(token.content, where)
            state = example_state(game, example, where)
            _as_figure(token, len(examples), example.caption)
            examples.append(example)
            seen = SeatView(state, example.seat).observation()
            observations.append(seen)
            last_moves.append(last_move_places(game, example, seen, where))
    html: str = markdown.renderer.render(tokens, markdown.options, {})
    if not examples:
        return Rules(html, tuple(sections))
    data = {
        "edition": game.default_edition().to_data(),
        "observations": observations,
        "last_moves": [[list(place) for place in places] for places in last_moves],
    }
    return Rules(html, tuple(sections), tuple(examples), _script_json(data))


def _as_figure(token: Token, number: int, caption: str) -> None:
    # The block becomes markup of our own making (markdown-it renders an html_block's
    # content as it stands); only the escaped caption comes from the text. The drawing is
    # inert: a picture, its zoom and targets neither focused nor clicked.
    words = escape(caption)
    token.type = "html_block"
    token.content = (
        f'<figure class="tl-rules-example"><div class="tl-rules-board" data-example="{number}"'
        f' role="img" aria-label="{words}"><div class="tl-rules-drawing" inert></div></div>'
        f"<figcaption>{words}</figcaption></figure>\n"
    )


def _script_json(data: object) -> str:
    """``data`` as JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` left
    to end it early or open a comment (each written as its ``\\u`` escape, as Jinja's
    ``tojson`` does)."""
    text = json.dumps(data, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@cache
def rules_of(name: str) -> Rules:
    """The game's rules, rendered; ``UnknownGameError`` for a game not registered."""
    game = get_game(name)
    return render_rules(game.rules_text(), game)


def add_rules_routes(app: FastAPI, templates: Jinja2Templates) -> None:
    @app.get("/rules/{name}", response_class=HTMLResponse)
    @app.head("/rules/{name}", response_class=HTMLResponse)
    async def rules_page(request: Request, name: str) -> HTMLResponse:
        try:
            rules = rules_of(name)
        except UnknownGameError as exc:
            return templates.TemplateResponse(
                request,
                "missing.html",
                {
                    "heading": "No rules for that game",
                    "message": str(exc),
                    "hint": "The lobby has the rules of each game.",
                },
                status_code=404,
            )
        info = get_game(name).info
        return templates.TemplateResponse(
            request,
            "rules.html",
            {
                "info": info,
                "rules": rules,
                "agent": DEFAULT_AGENT,
                "players": quick_players(info),
                "players_text": players_in_words(info.player_counts),
            },
        )
