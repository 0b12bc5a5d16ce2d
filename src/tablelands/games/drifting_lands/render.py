"""Terminal drawing of Drifting Lands: the hex board, pawns, hands and discards, as a seat sees them.

Each space is a block 6 characters wide and 2 lines tall, coloured by terrain, showing its
point value and continent letter, and any pawn as seat number and level.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tablelands.core.drawing import blank_canvas, canvas_text
from tablelands.core.geometry import bits
from tablelands.games.drifting_lands import notation as n
from tablelands.games.drifting_lands.board import MOUNTAIN, PLAIN
from tablelands.games.drifting_lands.components import CARD_TITLES, CARD_TYPES
from tablelands.games.drifting_lands.scoring import breakdown
from tablelands.games.drifting_lands.state import OVER, DriftingLandsState, decode_path

TERRAIN_STYLE = {0: "on blue", PLAIN: "on dark_green", MOUNTAIN: "on orange4"}
SEAT_STYLE = ("bold bright_red", "bold bright_yellow", "bold bright_cyan", "bold bright_white")
MARK_STYLE = "on magenta"
TERRAIN_MARK = ("~", " ", "^")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def targets(state: DriftingLandsState, actions: Sequence[int]) -> int:
    """The spaces the given actions act on, to mark on the board."""
    board = state.board
    marked = 0
    for action in actions:
        if n.DRIFT <= action < n.PART:
            anchor, _, _ = decode_path((action - n.DRIFT) % (n.POSITIONS * 42))
            marked |= board.continent_of(anchor)
        elif n.PART <= action < n.SELECT and state.split_path:
            marked |= state._split_parts()[action - n.PART]
        elif n.OROGENY <= action < n.MOVE:
            marked |= 1 << ((action - n.OROGENY) // n.POSITIONS)
        elif n.MOVE <= action < n.EXPEL:
            marked |= 1 << ((action - n.MOVE) % n.POSITIONS)
        elif n.EXPEL <= action < n.ACTION_COUNT:
            marked |= 1 << ((action - n.EXPEL) % n.POSITIONS)
    return marked


def draw_board(state: DriftingLandsState, marked: int) -> Text:
    """Each space as 3 lines: its q,r; value, continent letter, terrain mark; any pawn."""
    board = state.board
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
        value = state.edition.value[space]
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


def card_name(state: DriftingLandsState, card: int) -> str:
    kind, points = state.edition.cards[card]
    return f"{card} {CARD_TITLES[CARD_TYPES[kind]]} ({points})"


def render_state(
    state: DriftingLandsState, viewer: int | None, highlight: Sequence[int] | None
) -> RenderableType:
    seen = state.observation(0 if viewer is None else viewer)
    to_move = state.current_player
    head = Text.assemble(
        ("Drifting Lands", "bold"), f"  round {seen['round']}/4, {seen['phase']} phase  "
    )
    for seat in range(state.num_players):
        team = f" team {state.team_of(seat) + 1}" if state.teams else ""
        head.append(
            f"seat {seat + 1}{team}{' (you)' if seat == viewer else ''}  ", style=SEAT_STYLE[seat]
        )
    shown = (
        highlight if highlight is not None else (state.legal_actions() if viewer == to_move else [])
    )
    parts: list[RenderableType] = [
        head,
        draw_board(state, targets(state, shown) if viewer is not None else 0),
    ]
    table = Table(title="Players")
    for column in ("seat", "pawns in supply (L1-L4)", "hand", "discard pile", "score so far"):
        table.add_column(column)
    scores = breakdown(state)
    for seat in range(state.num_players):
        if seat == viewer or state.phase == OVER:
            hand = ", ".join(card_name(state, c) for c in sorted(state.hands[seat])) or "-"
        else:
            hand = f"{len(state.hands[seat])} hidden"
        table.add_row(
            Text(str(seat + 1), style=SEAT_STYLE[seat]),
            " ".join(str(x) for x in state.supply[seat][1:]),
            hand,
            ", ".join(card_name(state, c) for c in state.discards[seat]) or "-",
            str(scores[seat]["total"]),
        )
    parts.append(table)
    if state.card:
        parts.append(
            Text(
                f"Being played: {card_name(state, state.card)} by seat {to_move + 1}", style="bold"
            )
        )
    if viewer is not None and viewer == to_move and state.phase == 2:
        free = state._selectable(viewer)
        parts.append(Text("You may select: " + ", ".join(card_name(state, c) for c in free)))
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
            "each space: q,r / value, continent letter / pawn as seat:level",
        )
    )
    return Group(*parts)


def result_table(state: DriftingLandsState, names: list[str]) -> Table:
    """The final score: continents, pawns, unused cards, total (and team totals)."""
    rows = breakdown(state)
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
