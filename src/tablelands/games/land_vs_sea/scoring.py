"""Land vs Sea scoring: what a placement scores and for whom (LS-3, LS-9, LS-10, LS-11), the
trade routes at the end (LS-10), and each side's points by kind.

Scoring works on what the map reports (:class:`~tablelands.games.land_vs_sea.board.Placed`,
the board's trade routes) and the score events, never on a state: the rules (state.py)
record each award as an event, and standings are counted from the events an observation
shows, which are public.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablelands.core.game import JsonDict
from tablelands.games.land_vs_sea.board import Placed
from tablelands.games.land_vs_sea.components import CARTOGRAPHER, LAND, SEA, SIDE_NAMES

#: What a placed caravan or ship beside another scores its placer (LS-10).
TRADE_CONTACT = 2

#: One award: (side, points, kind, detail in words).
Award = tuple[int, int, str, str]


def placement_awards(
    result: Placed,
    placer: int,
    three_players: bool,
    mountains: bool,
    trade: bool,
    waypoints_returned: int,
) -> list[Award]:
    """What one placement by the ``placer`` side scores, in order: each completed area to its
    side and its bonus symbols to the placer (LS-3), grown mountain and coral ranges (LS-9,
    to the cartographer with 3 players), a caravan or ship placed beside another (LS-10) and
    the waypoints it sends home (LS-11)."""
    awards: list[Award] = []
    for area in result.completions:
        name = SIDE_NAMES[area.type]
        awards.append(
            (area.type, area.tiles, "area", f"{name} area of {area.tiles} tiles completed")
        )
        if area.bonus:
            awards.append(
                (placer, area.bonus, "bonus", f"{area.bonus} bonus symbols in the {name} area")
            )
    if mountains:
        if result.mountain_range:
            side = CARTOGRAPHER if three_players else LAND
            detail = f"mountain range of {result.mountain_range} tiles"
            awards.append((side, result.mountain_range, "range", detail))
        if result.coral_range:
            side = CARTOGRAPHER if three_players else SEA
            detail = f"coral range of {result.coral_range} tiles"
            awards.append((side, result.coral_range, "range", detail))
    if trade and result.trade_contact:
        awards.append((placer, TRADE_CONTACT, "trade", "caravan or ship placed next to another"))
    if waypoints_returned:
        detail = f"{waypoints_returned} waypoint(s) returned"
        awards.append((placer, waypoints_returned, "waypoint", detail))
    return awards


def route_awards(routes: Sequence[tuple[int, int]], three_players: bool) -> list[Award]:
    """LS-10 at the end: each trade route of (caravans, ships) scores its tiles to the side
    with more of them; a tie goes to the cartographer with 3 players, else to no one."""
    awards: list[Award] = []
    for caravans, ships in routes:
        total = caravans + ships
        detail = f"trade route of {caravans} caravans and {ships} ships"
        if caravans > ships:
            awards.append((LAND, total, "route", detail))
        elif ships > caravans:
            awards.append((SEA, total, "route", detail))
        elif three_players:
            awards.append((CARTOGRAPHER, total, "route", detail))
    return awards


def breakdown(
    sides: Sequence[str], points: Sequence[int], events: list[JsonDict]
) -> list[JsonDict]:
    """Per seat (playing side ``sides[seat]``), its side's points by kind of score event, and
    its side's total (``points``, by side)."""
    result = []
    for seat, side in enumerate(sides):
        by_kind: dict[str, int] = {}
        for event in events:
            if event["side"] == side:
                by_kind[event["kind"]] = by_kind.get(event["kind"], 0) + event["points"]
        total = points[SIDE_NAMES.index(side)]
        result.append({"seat": seat, "side": side, "by_kind": by_kind, "total": total})
    return result
