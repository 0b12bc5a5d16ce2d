"""How to play: each game's rules page (``GET /rules/{game}``), rendered from the rules text
its package carries (``games/<game>/rules.md``, which docs/rules/ links to), so the page and
the docs are one text.

A rules text may hold worked examples: fenced blocks with the info string
``tablelands-example``, each a seeded game, the moves played from its start and the seat whose
view is drawn (:class:`RulesExample`). The page shows each as a figure the game's own board
draws in the browser, so an example is always the engine's position, never a picture that
could drift from the rules."""

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
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tablelands.core.errors import TablelandsError
from tablelands.core.game import Game, JsonDict, Place, State
from tablelands.core.rng import seed_problem
from tablelands.core.view import SeatView
from tablelands.games import UnknownGameError, get_game
from tablelands.server.catalog import DEFAULT_AGENT, players_in_words, quick_players

#: The info string that makes a fenced block of a rules text a worked example.
EXAMPLE_INFO = "tablelands-example"


class RulesExampleError(TablelandsError):
    """A worked example of a rules text that cannot be drawn; names the game, the example's
    number (from 1, in the text's order) and the field at fault."""


class RulesExample(BaseModel):
    """One worked example: a game of ``players`` set up from ``seed`` with ``options``, the
    ``moves`` (notation) played in order from its start, drawn as ``seat`` sees it, with a
    ``caption`` saying what the picture shows."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int
    seed: int
    options: dict[str, str] = Field(default_factory=dict)
    moves: tuple[str, ...] = ()
    seat: int
    caption: str = Field(min_length=1)

    @field_validator("options", mode="before")
    @classmethod
    def _options(cls, value: object) -> object:
        # Written as "name=value, name=value", as on the command line.
        if not isinstance(value, str):
            return value
        pairs = [part.strip() for part in value.split(",") if part.strip()]
        if any("=" not in pair for pair in pairs):
            raise ValueError("each option is written name=value")
        return {name.strip(): raw.strip() for name, raw in (p.split("=", 1) for p in pairs)}

    @field_validator("moves", mode="before")
    @classmethod
    def _moves(cls, value: object) -> object:
        # Parted by a comma and a space: a notation's own commas ("7c1@-1,2") have none.
        if not isinstance(value, str):
            return value
        return tuple(move.strip() for move in re.split(r",\s+", value) if move.strip())


def parse_example(text: str, where: str) -> RulesExample:
    """The example a block's text describes: a ``key: value`` a line, a line that starts
    with a space going on with the last key's value (a long caption). ``where`` names the
    example in errors ("confusing-lands rules, example 2")."""
    fields: dict[str, str] = {}
    last: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if line[0].isspace() and last is not None:
            fields[last] += " " + line.strip()
            continue
        key, colon, value = line.partition(":")
        key = key.strip()
        if not colon or not re.fullmatch(r"[a-z]+", key):
            raise RulesExampleError(f"{where}: line {number} is not 'key: value': {line!r}")
        if key in fields:
            raise RulesExampleError(f"{where}: {key}: given twice")
        fields[key], last = value.strip(), key
    try:
        return RulesExample.model_validate(fields)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"]) or "example"
        raise RulesExampleError(f"{where}: {field}: {error['msg']}") from None


def example_state(game: Game[Any], example: RulesExample, where: str) -> State:
    """The position an example shows: its seeded start with its moves played; an error
    naming the field (and the move) that the game refuses."""
    if example.players not in game.info.player_counts:
        raise RulesExampleError(
            f"{where}: players: {game.info.title} is not played by {example.players}"
        )
    if not 0 <= example.seat < example.players:
        raise RulesExampleError(f"{where}: seat: no seat {example.seat} of {example.players}")
    problem = seed_problem(example.seed)
    if problem:
        raise RulesExampleError(f"{where}: seed: {problem}")
    try:  # the players and the seed are good: what is refused now is the options
        state = game.new_state(players=example.players, seed=example.seed, options=example.options)
    except TablelandsError as exc:
        raise RulesExampleError(f"{where}: options: {exc}") from None
    for number, move in enumerate(example.moves, start=1):
        try:
            state.apply(state.parse_action(move))
        except TablelandsError as exc:
            raise RulesExampleError(f"{where}: moves: move {number} ({move!r}): {exc}") from None
    return state


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
