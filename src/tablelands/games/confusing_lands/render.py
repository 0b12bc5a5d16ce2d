"""Terminal drawing of Confusing Lands, from a player's view (never more than they know)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tablelands.core.game import Edition, JsonDict, State
from tablelands.games.confusing_lands.ai import SOLO_FLOOR, SOLO_SPAN
from tablelands.games.confusing_lands.components import (
    CONDITION,
    CONDITION_NAMES,
    CONDITION_SIDE,
    CRYSTAL,
    EAST,
    ELK,
    EMPTY,
    FOREST,
    LANDSCAPE_SIDE,
    MOUNTAIN,
    NORTH,
    RIVER,
    SOUTH,
    VILLAGE,
    WEST,
    WOLF,
    ConfusingLandsEdition,
    Space,
)
from tablelands.games.confusing_lands.landscape import Landscape, position
from tablelands.games.confusing_lands.scoring import (
    ScoreBreakdown,
    score_landscape,
    solo_rating,
)
from tablelands.games.confusing_lands.state import ConfusingLandsState
from tablelands.games.confusing_lands.view import landscape_from_cards
from tablelands.games.drawing import TerminalRenderer

LETTERS = {FOREST: "F", MOUNTAIN: "M", VILLAGE: "V", ELK: "E", WOLF: "W", CRYSTAL: "C"}
STYLES = {
    RIVER: "bold bright_blue",
    FOREST: "bold green",
    MOUNTAIN: "bold white",
    VILLAGE: "bold yellow",
    ELK: "bold dark_orange3",
    WOLF: "bold red",
    CRYSTAL: "bold magenta",
    EMPTY: "grey50",
    CONDITION: "reverse bold cyan",
}
# Box-drawing glyph for each set of river ends (N=1, E=2, S=4, W=8).
RIVER_GLYPHS = {
    1: "╵",
    2: "╶",
    4: "╷",
    8: "╴",
    3: "└",
    5: "│",
    9: "┘",
    6: "┌",
    10: "─",
    12: "┐",
    7: "├",
    11: "┴",
    13: "┤",
    14: "┬",
    15: "┼",
}


def space_text(space: Space, condition: int = 0) -> Text:
    """A space as 3 characters."""
    if space.kind == RIVER:
        left = "─" if space.ends & WEST else " "
        right = "─" if space.ends & EAST else " "
        return Text(left + RIVER_GLYPHS[space.ends] + right, style=STYLES[RIVER])
    if space.kind == CONDITION:
        return Text(f"{condition:>2} " if condition else " # ", style=STYLES[CONDITION])
    if space.kind == EMPTY:
        return Text(" · ", style=STYLES[EMPTY])
    return Text(f" {LETTERS[space.kind]} ", style=STYLES[space.kind])


def draw_landscape(landscape: Landscape, highlight: int = 0) -> Text:
    """The landscape with row and column numbers; ``highlight`` marks positions to show."""
    if not landscape.occupied:
        return Text("(no cards yet)", style="italic")
    top, left, bottom, right = landscape.bounds()
    out = Text("     " + "".join(f"{c:^3}" for c in range(left, right + 1)) + "\n", style="dim")
    for row in range(top, bottom + 1):
        out.append(f"{row:>4} ", style="dim")
        for col in range(left, right + 1):
            index = position(row, col)
            space = landscape.space_at(index)
            if space is None:
                out.append("   ")
                continue
            cell = space_text(space, landscape.condition_at(index))
            if highlight >> index & 1:
                cell.stylize("underline")
            out.append_text(cell)
        out.append("\n")
    return out


def draw_side(edition: ConfusingLandsEdition, card: int, side: int) -> Text:
    out = Text()
    for row in edition.sides[card, side]:
        for space in row:
            out.append_text(space_text(space, card))
        out.append("\n")
    return out


def draw_hand(edition: ConfusingLandsEdition, cards: list[int | None]) -> Table:
    """The hand, both sides of each card; ``None`` is a card not known yet (in a preview)."""
    table = Table(title="Your hand", show_lines=True)
    table.add_column("card")
    table.add_column("c side (condition)")
    table.add_column("l side (landscape)")
    for card in cards:
        if card is None:
            table.add_row(Text("?", style="bold"), "not known yet", "not known yet")
            continue
        table.add_row(
            Text(f"{card}\n{CONDITION_NAMES[card]}"),
            draw_side(edition, card, CONDITION_SIDE),
            draw_side(edition, card, LANDSCAPE_SIDE),
        )
    return table


def render_view(view: JsonDict, edition: ConfusingLandsEdition) -> RenderableType:
    """Draw an observation (``ConfusingLandsState.view``) or a preview, where ``None`` marks
    a placement or card not known yet: landscapes, scores so far, the hand."""
    viewer = view["viewer"]
    shared = view["shared_condition"]
    parts: list[RenderableType] = [
        Text.assemble(
            ("Confusing Lands", "bold"),
            f"  round {view['round']}/4, {view['phase']} placement  ",
            ("shared condition: ", "dim"),
            (f"{shared} {CONDITION_NAMES[shared]}", "bold cyan"),
        )
    ]
    for seat, cards in enumerate(view["landscapes"]):
        known = [card for card in cards if card is not None]
        landscape = landscape_from_cards(edition, known)
        who = "your" if seat == viewer else f"player {seat + 1}'s"
        breakdown = score_landscape(landscape, shared)
        conditions = ", ".join(f"{c} {CONDITION_NAMES[c]}" for c in sorted(landscape.conditions))
        unseen = f", {len(cards) - len(known)} not seen yet" if len(known) < len(cards) else ""
        parts.append(
            Text.assemble(
                (f"\n{who.capitalize()} landscape", "bold"),
                f"  ({len(known)} cards{unseen}, {breakdown.total} points so far",
                f"; conditions: {conditions})" if conditions else ")",
            )
        )
        parts.append(draw_landscape(landscape))
    if viewer is not None and view["to_move"] == viewer and view["hands"][viewer]:
        parts.append(draw_hand(edition, view["hands"][viewer]))
    return Group(*parts)


def legend() -> Text:
    out = Text("Legend: ")
    for kind, name in (
        (RIVER, "river"),
        (FOREST, "forest"),
        (MOUNTAIN, "mountain"),
        (VILLAGE, "village"),
        (ELK, "elk"),
        (WOLF, "wolf"),
        (CRYSTAL, "crystal"),
        (EMPTY, "empty"),
    ):
        sample = Space(kind, NORTH | SOUTH) if kind == RIVER else Space(kind)
        out.append_text(space_text(sample))
        out.append(f"{name}  ")
    out.append_text(space_text(Space(CONDITION), 12))
    out.append("condition 12")
    return out


def breakdown_table(
    breakdowns: list[ScoreBreakdown], names: list[str], winners: list[int]
) -> Table:
    """Every seat's points condition by condition."""
    table = Table(title="Score")
    table.add_column("")
    for seat, name in enumerate(names):
        mark = " ★" if seat in winners and len(names) > 1 else ""
        table.add_column(f"{name}{mark}", justify="right")
    conditions = sorted({c for b in breakdowns for c in b.conditions})
    for condition in conditions:
        table.add_row(
            f"{condition} {CONDITION_NAMES[condition]}",
            *(
                str(b.conditions[condition]) if condition in b.conditions else ""
                for b in breakdowns
            ),
        )
    shared = breakdowns[0].shared_condition
    table.add_row(
        f"shared: {shared} {CONDITION_NAMES[shared]}",
        *("not scored" if b.shared is None else str(b.shared) for b in breakdowns),
    )
    table.add_row("-10 per condition", *(str(b.penalty) for b in breakdowns))
    table.add_row("[bold]total[/bold]", *(f"[bold]{b.total}[/bold]" for b in breakdowns))
    table.add_row("best single condition", *(str(b.best_single) for b in breakdowns))
    return table


class ConfusingLandsRenderer(TerminalRenderer):
    def board(
        self, seen: JsonDict, edition: Edition, highlight: Sequence[int] = ()
    ) -> RenderableType:
        assert isinstance(edition, ConfusingLandsEdition)
        return Group(render_view(seen, edition), legend())

    def score(
        self, seen: JsonDict, edition: Edition, viewer: int, standings: list[JsonDict]
    ) -> RenderableType:
        assert isinstance(edition, ConfusingLandsEdition)
        cards = [card for card in seen["landscapes"][viewer] if card is not None]
        landscape = landscape_from_cards(edition, cards)
        return breakdown_table([score_landscape(landscape, seen["shared_condition"])], ["you"], [])

    def result(self, state: State, names: list[str]) -> RenderableType:
        assert isinstance(state, ConfusingLandsState)
        table = breakdown_table(state.breakdowns(), names, state.winners())
        if state.num_players == 1:
            score = state.scores()[0]
            return Group(
                table, Text(f"Solo rating: {solo_rating(score)} ({score} points)", style="bold")
            )
        winners = " and ".join(f"{names[s]} (seat {s + 1})" for s in state.winners())
        verb = "share the win" if len(state.winners()) > 1 else "wins"
        return Group(table, Text(f"{winners} {verb}.", style="bold"))

    def value(self, value: float, players: int) -> str:
        if players == 1:
            return f"about {value * SOLO_SPAN - SOLO_FLOOR:.0f} points expected"
        return super().value(value, players)


RENDERER = ConfusingLandsRenderer()
