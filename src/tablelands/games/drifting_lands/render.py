"""Terminal drawing of Drifting Lands: the hex board, pawns, hands and discards, as a seat sees them.

Each space is a block 6 characters wide and 2 lines tall, coloured by terrain, showing its
point value and continent letter, and any pawn as seat number and level.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tablelands.core.game import Edition, JsonDict, State
from tablelands.core.geometry import bits
from tablelands.games.drawing import TerminalRenderer, blank_canvas, canvas_text
from tablelands.games.drifting_lands import notation as n
from tablelands.games.drifting_lands.board import MOUNTAIN, PLAIN, Board, Path
from tablelands.games.drifting_lands.components import (
    CARD_TITLES,
    CARD_TYPES,
    POSITIONS,
    DriftingLandsEdition,
)
from tablelands.games.drifting_lands.notation import decode_path
from tablelands.games.drifting_lands.scoring import public_breakdown
from tablelands.games.drifting_lands.state import DriftingLandsState, selectable
from tablelands.games.drifting_lands.view import board_from_observation

TERRAIN_STYLE = {0: "on blue", PLAIN: "on dark_green", MOUNTAIN: "on orange4"}
SEAT_STYLE = ("bold bright_red", "bold bright_yellow", "bold bright_cyan", "bold bright_white")
MARK_STYLE = "on magenta"
TERRAIN_MARK = ("~", " ", "^")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def targets(board: Board, split_path: Sequence[int] | None, actions: Sequence[int]) -> int:
    """The spaces the given actions act on, to mark on the board."""
    marked = 0
    for action in actions:
        if n.DRIFT <= action < n.PART:
            anchor, _, _ = decode_path((action - n.DRIFT) % (POSITIONS * 42))
            marked |= board.continent_of(anchor)
        elif n.PART <= action < n.SELECT and split_path:
            anchor, first, second = split_path
            parts = board.split_parts(board.continent_of(anchor), Path(first, second))
            if action - n.PART < len(parts):
                marked |= parts[action - n.PART]
        elif n.OROGENY <= action < n.MOVE:
            marked |= 1 << ((action - n.OROGENY) // POSITIONS)
        elif n.MOVE <= action < n.EXPEL:
            marked |= 1 << ((action - n.MOVE) % POSITIONS)
        elif n.EXPEL <= action < n.ACTION_COUNT:
            marked |= 1 << ((action - n.EXPEL) % POSITIONS)
    return marked


def draw_board(board: Board, edition: DriftingLandsEdition, marked: int) -> Text:
    """Each space as 3 lines: its q,r; value, continent letter, terrain mark; any pawn."""
    grid = board.grid
    letters = {}
    for number, continent in enumerate(board.continents()):
        for space in bits(continent):
            letters[space] = LETTERS[number % len(LETTERS)]
    cells = {grid.coords(s): s for s in bits(grid.full)}
    xs = [6 * q + 3 * r for q, r in cells]
    left = min(xs)
    top = min(r for _, r in cells)
    height = 3 * (max(r for _, r in cells) - top + 1)
    canvas = blank_canvas(max(xs) - left + 6, height)
    for (q, r), space in cells.items():
        x, y = 6 * q + 3 * r - left, 3 * (r - top)
        level = board.level(space)
        target = marked >> space & 1
        style = MARK_STYLE if target else TERRAIN_STYLE[level]
        value = edition.value[space]
        middle = f" {value}{letters.get(space, ' ')}{TERRAIN_MARK[level]}{'*' if target else ' '} "
        pawn = board.pawns.get(space)
        bottom = f" {pawn[0] + 1}:{pawn[1]} " if pawn else ""
        texts = (
            (f"{q},{r}".center(6), f"dim {style}"),
            (middle, style),
            (bottom.ljust(6), f"{SEAT_STYLE[pawn[0]]} {style}" if pawn else style),
        )
        for line, (text, text_style) in enumerate(texts):
            for i, char in enumerate(text[:6]):
                canvas[y + line][x + i] = (char, text_style)
    return canvas_text(canvas)


def card_name(edition: DriftingLandsEdition, card: int) -> str:
    kind, points = edition.cards[card]
    return f"{card} {CARD_TITLES[CARD_TYPES[kind]]} ({points})"


def render_view(
    seen: JsonDict, edition: DriftingLandsEdition, highlight: Sequence[int]
) -> RenderableType:
    """Draw an observation (``DriftingLandsState.observation``): the board, every seat's
    supply, hand size and discards, the viewer's hand, and the score so far as anyone can
    count it (the cards not yet played counting as unused)."""
    viewer = seen["viewer"]
    to_move = seen["to_move"]
    players = seen["players"]
    board = board_from_observation(seen, edition)
    head = Text.assemble(
        ("Drifting Lands", "bold"), f"  round {seen['round']}/4, {seen['phase']} phase  "
    )
    for seat in range(players):
        team = f" team {seat % 2 + 1}" if seen["teams"] else ""
        head.append(
            f"seat {seat + 1}{team}{' (you)' if seat == viewer else ''}  ", style=SEAT_STYLE[seat]
        )
    parts: list[RenderableType] = [
        head,
        draw_board(board, edition, targets(board, seen["split_path"], highlight)),
    ]
    table = Table(title="Players")
    for column in ("seat", "pawns in supply (L1-L4)", "hand", "discard pile", "score so far"):
        table.add_column(column)
    standing = public_breakdown(board, edition, seen["discards"], seen["teams"])
    for seat in range(players):
        if seat == viewer:
            hand = ", ".join(card_name(edition, c) for c in seen["hand"]) or "-"
        else:
            hand = f"{seen['hand_sizes'][seat]} hidden" if seen["hand_sizes"][seat] else "-"
        table.add_row(
            Text(str(seat + 1), style=SEAT_STYLE[seat]),
            " ".join(str(x) for x in seen["supply"][seat]),
            hand,
            ", ".join(card_name(edition, c) for c in seen["discards"][seat]) or "-",
            str(standing[seat]["total"]),
        )
    parts.append(table)
    if seen["card"]:
        parts.append(
            Text(
                f"Being played: {card_name(edition, seen['card'])} by seat {to_move + 1}",
                style="bold",
            )
        )
    if viewer == to_move and seen["phase"] == "select":
        free = selectable(edition, seen["hand"], seen["discards"][viewer])
        parts.append(Text("You may select: " + ", ".join(card_name(edition, c) for c in free)))
    parts.append(
        Text.assemble(
            ("  ", TERRAIN_STYLE[0]),
            " ocean  ",
            ("  ", TERRAIN_STYLE[PLAIN]),
            " plain  ",
            ("  ", TERRAIN_STYLE[MOUNTAIN]),
            " mountain  ",
            ("  ", MARK_STYLE),
            " target  ",
            "each space: q,r / value, continent letter / pawn as seat:level; "
            "score so far counts cards not yet played as unused",
        )
    )
    return Group(*parts)


def standings_table(rows: list[JsonDict], viewer: int) -> Table:
    """The score so far of every seat as anyone can count it (``Game.standings``)."""
    table = Table(title="Score so far (cards not yet played count as unused)")
    table.add_column("")
    for row in rows:
        you = " (you)" if row["seat"] == viewer else ""
        table.add_column(f"seat {row['seat'] + 1}{you}", justify="right")
    for key, label in (
        ("continents", "continents"),
        ("pawns", "pawns (levels)"),
        ("cards", "cards not yet played"),
        ("total", "total"),
        ("pawns_on_board", "pawns on the map"),
    ):
        table.add_row(label, *(str(row[key]) for row in rows))
    if rows and "team_total" in rows[0]:
        table.add_row("team total", *(str(row["team_total"]) for row in rows))
    return table


def result_table(state: DriftingLandsState, names: list[str]) -> Table:
    """The final score: continents, pawns, unused cards, total (and team totals)."""
    rows = state.score_breakdown()
    winners = state.winners()
    table = Table(title="Score")
    table.add_column("")
    for seat, name in enumerate(names):
        mark = " ★" if seat in winners else ""
        table.add_column(f"{seat + 1} {name}{mark}", justify="right", style=SEAT_STYLE[seat])
    for key, label in (
        ("continents", "continents"),
        ("pawns", "pawns (levels)"),
        ("cards", "unused cards"),
        ("total", "total"),
        ("pawns_on_board", "pawns on the map"),
    ):
        table.add_row(label, *(str(row[key]) for row in rows))
    if state.teams:
        table.add_row("team total", *(str(row["team_total"]) for row in rows))
    return table


class DriftingLandsRenderer(TerminalRenderer):
    def board(
        self, seen: JsonDict, edition: Edition, highlight: Sequence[int] = ()
    ) -> RenderableType:
        assert isinstance(edition, DriftingLandsEdition)
        return render_view(seen, edition, highlight)

    def score(
        self, seen: JsonDict, edition: Edition, viewer: int, standings: list[JsonDict]
    ) -> RenderableType:
        return standings_table(standings, viewer)

    def result(self, state: State, names: list[str]) -> RenderableType:
        assert isinstance(state, DriftingLandsState)
        return result_table(state, names)


RENDERER = DriftingLandsRenderer()
