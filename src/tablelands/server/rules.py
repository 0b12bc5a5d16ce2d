"""How to play: each game's rules page (``GET /rules/{game}``), rendered from the rules text
its package carries (``games/<game>/rules.md``, which docs/rules/ links to), so the page and
the docs are one text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import pairwise

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from markdown_it import MarkdownIt

from tablelands.games import UnknownGameError, get_game
from tablelands.server.catalog import DEFAULT_AGENT, players_in_words, quick_players


@dataclass(frozen=True, slots=True)
class Rules:
    """A rules text as HTML, and its sections (each ``##`` heading's id and words)."""

    html: str
    sections: tuple[tuple[str, str], ...]


def render_rules(text: str) -> Rules:
    """The rules' Markdown as HTML: CommonMark with tables, any raw HTML in it shown as text
    (the text needs none, and what a page shows should never run); each section heading
    given an id, so that the page can list the sections and a link can point at one."""
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
    html: str = markdown.renderer.render(tokens, markdown.options, {})
    return Rules(html, tuple(sections))


@cache
def rules_of(name: str) -> Rules:
    """The game's rules, rendered; ``UnknownGameError`` for a game not registered."""
    game = get_game(name)
    text = (resources.files(game.package) / "rules.md").read_text(encoding="utf-8")
    return render_rules(text)


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
