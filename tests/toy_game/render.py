"""Toy Lands in the terminal: rows and the viewer's hand as plain text."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from tablelands.core.game import Edition, JsonDict
from tablelands.games.drawing import TerminalRenderer


class ToyRenderer(TerminalRenderer):
    def board(
        self, seen: JsonDict, edition: Edition, highlight: Sequence[int] = ()
    ) -> RenderableType:
        lines = [f"seat {s + 1}: {row}" for s, row in enumerate(seen["rows"])]
        lines.append(f"your hand: {seen['hand']}  (deck: {seen['deck_size']})")
        return Text("\n".join(lines))


RENDERER = ToyRenderer()
