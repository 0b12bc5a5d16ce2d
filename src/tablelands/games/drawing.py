"""Terminal drawing of the games, apart from their rules: each game's ``render.py`` gives a
:class:`TerminalRenderer` as ``RENDERER``, which the terminal front ends find through
:func:`renderer_for`. The kernel stays pure data and rules; drawing lives here and in the
games' renderers, and the web client draws the same observations in the browser.

Renderers draw observations (``SeatView.observation`` or a preview, where ``None`` stands
for what the viewer cannot know yet), never states, so they cannot show more than a seat
may know; only :meth:`TerminalRenderer.result` draws a finished game, where all is public.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from importlib import import_module
from typing import Any

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from tablelands.core.examples import EXAMPLE_INFO, example_state, parse_example
from tablelands.core.game import Edition, Game, JsonDict, State
from tablelands.core.view import SeatView

#: A worked example's fenced block in a rules text (what CommonMark reads as one).
EXAMPLE_BLOCK = re.compile(rf"^```{EXAMPLE_INFO}[ \t]*\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)

#: One character and its rich style ("" for none).
Cell = tuple[str, str]


def blank_canvas(width: int, height: int) -> list[list[Cell]]:
    return [[(" ", "")] * width for _ in range(height)]


def canvas_text(canvas: list[list[Cell]]) -> Text:
    """The canvas as rich text, one line per row."""
    out = Text()
    for row in canvas:
        for char, style in row:
            out.append(char, style=style or None)
        out.append("\n")
    return out


class TerminalRenderer(ABC):
    """How one game is drawn in the terminal. :meth:`board` is the game's own; the rest
    have plain defaults a game may improve on."""

    @abstractmethod
    def board(
        self, seen: JsonDict, edition: Edition, highlight: Sequence[int] = ()
    ) -> RenderableType:
        """Draw an observation, marking where the viewer's ``highlight`` actions would play."""

    def score(
        self, seen: JsonDict, edition: Edition, viewer: int, standings: list[JsonDict]
    ) -> RenderableType:
        """``viewer``'s score so far (``standings``: ``Game.standings`` of ``seen``)."""
        return Pretty(standings[viewer])

    def result(self, state: State, names: list[str]) -> RenderableType:
        """The end of a game: every seat's score, and who won."""
        table = Table(title="Result")
        table.add_column("seat")
        table.add_column("player")
        table.add_column("score", justify="right")
        winners = state.winners()
        for seat, score in enumerate(state.scores()):
            mark = " (winner)" if seat in winners and state.num_players > 1 else ""
            table.add_row(str(seat + 1), names[seat] + mark, str(score))
        return table

    def value(self, value: float, players: int) -> str:
        """A search's expected result (on its 0-1 scale) in words."""
        return f"{value:.0%} expected win share" if players > 1 else f"{value:.2f} expected result"


def renderer_for(game: Game[Any]) -> TerminalRenderer:
    """The terminal renderer of ``game`` (``RENDERER`` in its package's ``render`` module)."""
    renderer = import_module(f"{game.package}.render").RENDERER
    assert isinstance(renderer, TerminalRenderer)
    return renderer


def rules_drawn(game: Game[Any]) -> list[RenderableType]:
    """The game's rules text for the terminal: its Markdown, each worked example drawn by the
    game's renderer from the engine's position (``core/examples.py``) with its caption."""
    text = game.rules_text()
    drawn: list[RenderableType] = []
    renderer = renderer_for(game)
    edition = game.default_edition()
    last = 0
    for number, block in enumerate(EXAMPLE_BLOCK.finditer(text), start=1):
        drawn.append(Markdown(text[last : block.start()]))
        where = f"{game.info.name} rules, example {number}"
        example = parse_example(block["body"], where)
        seen = SeatView(example_state(game, example, where), example.seat).observation()
        drawn += [renderer.board(seen, edition), Text(example.caption, style="italic")]
        last = block.end()
    drawn.append(Markdown(text[last:]))
    return drawn
