"""Terminal drawing shared by the games: a grid of characters with styles, as rich text."""

from __future__ import annotations

from rich.text import Text

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
