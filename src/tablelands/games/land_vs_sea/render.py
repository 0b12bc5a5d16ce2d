"""Terminal drawing of Land vs Sea: the hex map, hands, stacks and scores, as a seat sees them.

Each hex is a block 6 characters wide and 3 lines tall, its six edges drawn around a
4-character centre; a row of hexes sits half a block to the right of the row above, so
neighbours line up as on the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tablelands.core.game import Edition, JsonDict, State
from tablelands.games.drawing import Cell, TerminalRenderer, blank_canvas, canvas_text
from tablelands.games.land_vs_sea.board import unpack
from tablelands.games.land_vs_sea.components import (
    CARAVAN,
    FACE_NAMES,
    PLAY_AGAIN,
    SHIP,
    START_ID,
    STEAL,
    VOLCANO_ID,
    Face,
    LandVsSeaEdition,
)
from tablelands.games.land_vs_sea.notation import PLACE_COUNT, POSITIONS
from tablelands.games.land_vs_sea.state import LandVsSeaState

SIDE_ORDER = ("land", "sea", "cartographer")

LAND_STYLE = "bold green"
SEA_STYLE = "bold bright_blue"
# (line, column) of each edge's mark inside a block, by direction 0-5.
EDGE_CELLS = ((0, 4), (1, 5), (2, 4), (2, 1), (1, 0), (0, 1))


def edge_mark(face: Face, direction: int) -> Cell:
    if face.land >> direction & 1:
        return ("▲", "bold yellow") if face.mountains >> direction & 1 else ("▓", LAND_STYLE)
    return ("*", "bold magenta") if face.corals >> direction & 1 else ("≈", SEA_STYLE)


def centre(face: Face, tile: int, waypoint: int | None) -> list[Cell]:
    if tile == START_ID:
        return [(c, "bold") for c in "STRT"]
    if tile == VOLCANO_ID:
        return [(c, "bold red") for c in ("VOLC" if face.land else "WHRL")]
    action = {PLAY_AGAIN: ("P", "bold yellow"), STEAL: ("X", "bold red")}.get(
        face.action, (" ", "")
    )
    trade = {CARAVAN: ("c", "yellow"), SHIP: ("s", "cyan")}.get(face.trade, (" ", ""))
    bonus = (str(face.bonus), "bold white") if face.bonus else (" ", "")
    mark = (str(waypoint + 1), "reverse bold") if waypoint is not None else (" ", "")
    return [action, trade, bonus, mark]


def face_block(face: Face, tile: int, waypoint: int | None = None) -> list[list[Cell]]:
    block: list[list[Cell]] = [[(" ", "")] * 6 for _ in range(3)]
    for d, (line, col) in enumerate(EDGE_CELLS):
        block[line][col] = edge_mark(face, d)
    block[1][1:5] = centre(face, tile, waypoint)
    return block


def draw_map(
    tiles: list[tuple[int, int, Face, int, int | None]], marked: dict[tuple[int, int], str]
) -> Text:
    """``tiles``: (q, r, face, tile id, waypoint owner); ``marked``: empty positions to label."""
    blocks: dict[tuple[int, int], list[list[Cell]]] = {}
    for q, r, face, tile, waypoint in tiles:
        blocks[q, r] = face_block(face, tile, waypoint)
    for (q, r), label in marked.items():
        block: list[list[Cell]] = [[(" ", "")] * 6 for _ in range(3)]
        block[1] = [(c, "reverse") for c in f"{label:^6}"[:6]]
        blocks[q, r] = block
    xs = [6 * q + 3 * r for q, r in blocks]
    ys = [3 * r for _, r in blocks]
    left, top = min(xs), min(ys)
    width, height = max(xs) - left + 6, max(ys) - top + 3
    canvas = blank_canvas(width, height)
    for (q, r), block in blocks.items():
        x, y = 6 * q + 3 * r - left, 3 * r - top
        for line in range(3):
            canvas[y + line][x : x + 6] = block[line]
    return canvas_text(canvas)


def draw_faces(faces: list[tuple[str, Face | None]]) -> Text:
    """Faces side by side with a caption under each (``None``: a face you cannot see)."""
    out = Text()
    blocks = [face_block(f, -1) if f else [[("?", "dim")] * 6 for _ in range(3)] for _, f in faces]
    for line in range(3):
        for block in blocks:
            for char, style in block[line]:
                out.append(char, style=style or None)
            out.append("   ")
        out.append("\n")
    for caption, _ in faces:
        out.append(f"{caption:<9}", style="dim")
    out.append("\n")
    return out


def legend() -> Text:
    return Text.assemble(
        ("▓", LAND_STYLE),
        " land edge  ",
        ("≈", SEA_STYLE),
        " sea edge  ",
        ("▲", "bold yellow"),
        " mountain  ",
        ("*", "bold magenta"),
        " coral  ",
        ("P", "bold yellow"),
        " Play Again  ",
        ("X", "bold red"),
        " Steal  ",
        ("c", "yellow"),
        " caravan  ",
        ("s", "cyan"),
        " ship  ",
        ("2", "bold white"),
        " bonus symbols  ",
        ("1", "reverse bold"),
        " waypoint of seat 1",
    )


def render_view(view: JsonDict, edition: LandVsSeaEdition) -> RenderableType:
    """Draw an observation (``LandVsSeaState.observation``) or a preview, where ``None``
    stands for what the viewer cannot know yet: nothing it does not hold."""
    show_hands = view["viewer"] is not None
    viewer = view["viewer"]
    sides = view["sides"]
    points = view["points"]
    head = Text.assemble(("Land vs Sea", "bold"), f"  {view['players']} players  ")
    for seat, side in enumerate(sides):
        you = " (you)" if seat == viewer and show_hands else ""
        head.append(
            f"seat {seat + 1} {side}{you}  ", style="bold" if seat == view["to_move"] else ""
        )
    score = Text(
        "Score: "
        + ", ".join(f"{name} {points[i]}" for i, name in enumerate(SIDE_ORDER) if name in sides)
    )
    tiles = []
    waypoints = {(w["q"], w["r"]): w["owner"] for w in view["waypoints"]}
    for entry in view["board"]:
        tile, face = edition.by_key[entry["face"]]
        shown = edition.rotated[tile][face][entry["rotation"]]
        real = {"start": START_ID, "volcano": VOLCANO_ID, "whirlpool": VOLCANO_ID}.get(
            entry["special"], -1
        )
        tiles.append((entry["q"], entry["r"], shown, real, waypoints.get((entry["q"], entry["r"]))))
    marked = {(q, r): f"{q},{r}" for q, r in view.get("marked", [])}
    parts: list[RenderableType] = [head, draw_map(tiles, marked), score]
    stacks = Text("Stacks: ")
    for i, stack in enumerate(view["stacks"]):
        stacks.append(f"stack {i + 1}: {stack['size']} tiles  ")
    stacks.append("Volcano/Whirlpool " + ("set aside" if view["reserve"] else "placed"))
    parts.append(stacks)
    tops = [
        (f"stack {i + 1}", _face(edition, s["top"]))
        for i, s in enumerate(view["stacks"])
        if s["size"]  # an unknown top (in a preview) is drawn as "?"
    ]
    if tops:
        parts.append(draw_faces(tops))
    if show_hands:
        table = Table(title="Hands", show_lines=True)
        table.add_column("seat")
        table.add_column("tiles: up face, then the other face where you know it")
        for seat, hand in enumerate(view["hands"]):
            faces: list[tuple[str, Face | None]] = []
            for slot, held in enumerate(hand, start=1):
                if held["tile"] is not None:
                    up_name, down_name = _face_names(edition, held["tile"], held["up"])
                    faces.append((f"{slot}:{held['tile']}{up_name}^", _face(edition, held["up"])))
                    faces.append(
                        (f"{slot}:{held['tile']}{down_name}", _face(edition, held["down"]))
                    )
                else:
                    faces.append((f"{slot}: up", _face(edition, held["up"])))
            who = f"{seat + 1} {sides[seat]}" + (" (you)" if seat == viewer else "")
            table.add_row(who, draw_faces(faces) if faces else Text("(no tiles)"))
        parts.append(table)
    last, this = view["turn_events"]
    for title, events in (
        ("Last turn", view["events"][last:this]),
        ("This turn", view["events"][this:]),
    ):
        if events:
            lines = [f"  {e['side']} +{e['points']}: {e['detail']}" for e in events]
            parts.append(Text(f"{title}:\n" + "\n".join(lines)))
    parts.append(legend())
    return Group(*parts)


def _face(edition: LandVsSeaEdition, key: str | None) -> Face | None:
    if key is None:
        return None
    tile, face = edition.by_key[key]
    return edition.rotated[tile][face][0]


def _face_names(edition: LandVsSeaEdition, tile: int, up_key: str) -> tuple[str, str]:
    up = 0 if edition.keys[tile][0] == up_key else 1
    return FACE_NAMES[up], FACE_NAMES[1 - up]


def standings_table(rows: list[JsonDict], viewer: int) -> Table:
    """Every seat's points so far by kind of scoring (``Game.standings``)."""
    table = Table(title="Score so far")
    table.add_column("")
    for row in rows:
        you = " (you)" if row["seat"] == viewer else ""
        table.add_column(f"seat {row['seat'] + 1} {row['side']}{you}", justify="right")
    for kind in sorted({kind for row in rows for kind in row["by_kind"]}):
        table.add_row(kind, *(str(row["by_kind"].get(kind, 0)) for row in rows))
    table.add_row("total", *(str(row["total"]) for row in rows))
    return table


def result_table(state: LandVsSeaState, names: list[str]) -> Table:
    """The final score of each side, by kind of scoring."""
    rows = state.score_breakdown()
    winners = state.winners()
    table = Table(title="Score")
    table.add_column("")
    for seat, name in enumerate(names):
        mark = " ★" if seat in winners else ""
        table.add_column(f"{seat + 1} {rows[seat]['side']} {name}{mark}", justify="right")
    kinds = sorted({kind for row in rows for kind in row["by_kind"]})
    for kind in kinds:
        table.add_row(kind, *(str(row["by_kind"].get(kind, 0)) for row in rows))
    table.add_row("total", *(str(row["total"]) for row in rows))
    return table


class LandVsSeaRenderer(TerminalRenderer):
    def board(
        self, seen: JsonDict, edition: Edition, highlight: Sequence[int] = ()
    ) -> RenderableType:
        assert isinstance(edition, LandVsSeaEdition)
        marked = sorted({unpack(a % POSITIONS) for a in highlight if 0 <= a < PLACE_COUNT})
        return render_view(seen | {"marked": marked}, edition)

    def score(
        self, seen: JsonDict, edition: Edition, viewer: int, standings: list[JsonDict]
    ) -> RenderableType:
        return standings_table(standings, viewer)

    def result(self, state: State, names: list[str]) -> RenderableType:
        assert isinstance(state, LandVsSeaState)
        return result_table(state, names)


RENDERER = LandVsSeaRenderer()
