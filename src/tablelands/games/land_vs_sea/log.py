"""The Land vs Sea game log: what a seat reads of each step, in words, worked out from its
observations before and after the step (``Game.narrate``), never from the state.

A tile is named by its id only where the seat knows it (its own tiles, and tiles it held
before): for the others, "a tile". Scores come from the public score events, each told with
the placement that made it: "Sea placed a tile at 2,-1 and completed a 5-tile sea: +5".
"""

from __future__ import annotations

import re

from tablelands.core.game import JsonDict, Place

#: The kinds of score event (scoring.py) told apart.
AREA, BONUS, RANGE, TRADE, ROUTE = "area", "bonus", "range", "trade", "route"


def seat_name(seen: JsonDict, seat: int) -> str:
    """A seat by its side, as the table says it: "Sea"; with 4 players, "Sea (seat 2)"."""
    side = seen["sides"][seat].capitalize()
    return f"{side} (seat {seat + 1})" if seen["players"] == 4 else side


def tile_text(held: JsonDict) -> str:
    return "a tile" if held["tile"] is None else f"tile {held['tile']}"


def gained(event: JsonDict, side: str) -> str:
    """An event's points: ``+5``, or ``+5 to sea`` when they go to a side other than ``side``."""
    points = f"+{event['points']}"
    return points if event["side"] == side else f"{points} to {event['side']}"


def clause(event: JsonDict, side: str) -> str:
    """One score event of a placement by ``side``, in words."""
    kind, points = event["kind"], event["points"]
    if kind == AREA:
        what = f"completed a {points}-tile {event['side']}"
    elif kind == BONUS:
        what = f"{counted(points, 'bonus symbol')} in it"
    elif kind == RANGE:
        what = f"grew a {points}-tile {event['detail'].split()[0]} range"
    elif kind == TRADE:
        what = "put a caravan or ship next to another"
    else:
        what = f"sent {counted(points, 'waypoint')} home"
    return f"{what}: {gained(event, side)}"


def counted(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def introduce(seen: JsonDict) -> list[str]:
    """Who plays which side, in turn order, and the modules played with."""
    names = [seat_name(seen, seat) for seat in range(seen["players"])]
    order = ", ".join(names[:-1]) + " and " + names[-1]
    modules = [name for name, on in seen["options"].items() if on]
    lines = [f"{order} play, in that order; the start tile lies at 0,0."]
    if modules:
        lines.append(f"Modules: {', '.join(modules)}.")
    return lines


def narrate(before: JsonDict, after: JsonDict) -> list[str]:
    """The step's action (a draw, a placement or a pass, a hole chosen, a steal, a
    waypoint), with what each placement scored, and the end of the game."""
    actor = before["to_move"]
    phase = before["phase"]
    if phase in ("draft", "draw"):
        lines = drawn(before, after, actor)
    elif phase in ("place", "place again", "choose hole"):
        lines = placed(before, after, actor)
    elif phase == "steal":
        lines = [stolen(before, after, actor)]
    else:
        lines = [waypoint(before, after, actor)]
    if after["phase"] == "choose hole":
        holes = " and ".join(f"{q},{r}" for q, r in after["holes"])
        lines.append(
            f"{seat_name(after, actor)} chooses the hole for the Volcano/Whirlpool: {holes}."
        )
    if after["phase"] == "over":
        lines += final(before, after)
    return lines


def drawn(before: JsonDict, after: JsonDict, actor: int) -> list[str]:
    """LS-7: the tile drawn, from which stack, and a stack rebuilt from the other."""
    held = after["hands"][actor][-1]
    was = [stack["size"] for stack in before["stacks"]]
    now = [stack["size"] for stack in after["stacks"]]
    tops = [stack["top"] for stack in before["stacks"]]
    candidates = []
    for s, o in ((0, 1), (1, 0)):
        split = was[s] == 1 and was[o] > 1  # the stack ran out and took the other's bottom half
        sizes = [was[o] // 2, was[o] - was[o] // 2] if split else [was[s] - 1, was[o]]
        if tops[s] == held["up"] and [now[s], now[o]] == sizes:
            candidates.append((s, split))
    stack, split = candidates[0]
    lines = [f"{seat_name(after, actor)} drew {tile_text(held)} from stack {stack + 1}."]
    if split:
        lines.append(
            f"Stack {stack + 1} ran out: the bottom half of stack {2 - stack} became stack "
            f"{stack + 1}."
        )
    return lines


def placed(before: JsonDict, after: JsonDict, actor: int) -> list[str]:
    """Each tile the step put on the map (the Volcano or Whirlpool too), with its scores."""
    side = after["sides"][actor]
    who = seat_name(after, actor)
    start = len(before["board"])
    new = after["board"][start:]
    if not new:
        return [f"{who} passed: no tile fits (LS-8)."]
    lines = []
    for index, tile in enumerate(new, start=start):
        where = f"{tile['q']},{tile['r']}"
        if tile["special"] is None:
            line = f"{who} placed {tile_text(gone_from_hand(before, after, actor))} at {where}"
        elif before["phase"] == "choose hole":
            line = f"{who} sent the {tile['special'].capitalize()} to the hole at {where}"
        else:
            line = f"The {tile['special'].capitalize()} filled the hole at {where}"
        scored = [
            clause(event, side)
            for event in after["events"][len(before["events"]) :]
            if event["placement"] == index and event["kind"] != ROUTE
        ]
        lines.append(line + (" and " + ", ".join(scored) if scored else "") + ".")
    if after["phase"] == "place again":
        lines.append(f"{who} plays again (Play Again).")
    return lines


def gone_from_hand(before: JsonDict, after: JsonDict, seat: int) -> JsonDict:
    """The held tile that left the seat's hand (its hand less one, order kept)."""
    hand, rest = before["hands"][seat], after["hands"][seat]
    return next((held for held, kept in zip(hand, rest, strict=False) if held != kept), hand[-1])


def stolen(before: JsonDict, after: JsonDict, actor: int) -> str:
    """LS-6: the tile taken, and from whom, or the chance let go."""
    who = seat_name(after, actor)
    victims = [
        seat for seat, hand in enumerate(after["hands"]) if len(hand) < len(before["hands"][seat])
    ]
    if not victims:
        return f"{who} did not steal."
    held = after["hands"][actor][-1]
    return f"{who} stole {tile_text(held)} from {seat_name(after, victims[0])}."


def waypoint(before: JsonDict, after: JsonDict, actor: int) -> str:
    """LS-11: where the waypoint went, or that it stayed at home."""
    who = seat_name(after, actor)
    put = [mark for mark in after["waypoints"] if mark not in before["waypoints"]]
    if not put:
        return f"{who} kept the waypoint."
    mark = put[0]
    return f"{who} put the waypoint at {mark['q']},{mark['r']} (the region of edge {mark['edge']})."


def final(before: JsonDict, after: JsonDict) -> list[str]:
    """The trade routes scored at the end (LS-10), the final score and who won."""
    lines = [
        f"A trade route of {counted(caravans, 'caravan')} and {counted(ships, 'ship')}: "
        f"+{event['points']} to {event['side']}."
        for event in after["events"][len(before["events"]) :]
        if event["kind"] == ROUTE
        for caravans, ships in [map(int, re.findall(r"[0-9]+", event["detail"]))]
    ]
    sides = list(dict.fromkeys(after["sides"]))
    points = {row["side"]: row["total"] for row in after["standings"]}
    scores = ", ".join(f"{side.capitalize()} {points[side]}" for side in sides)
    won = list(dict.fromkeys(after["sides"][seat] for seat in after["winners"]))
    verdict = (
        f"{won[0].capitalize()} wins."
        if len(won) == 1
        else " and ".join(won).capitalize() + " share the win."
    )
    passed = len(after["board"]) == len(before["board"])
    why = "Everyone passed in turn" if passed else "Every tile is placed"
    return [*lines, f"{why}: the game is over. {scores}. {verdict}"]


def places(before: JsonDict, after: JsonDict) -> list[Place]:
    """The tiles the step put on the map and the tiles it put a waypoint on, keyed ``"q,r"``,
    each with the seat that acted."""
    actor: int = before["to_move"]
    tiles = after["board"][len(before["board"]) :]
    marked = [mark for mark in after["waypoints"] if mark not in before["waypoints"]]
    keys = dict.fromkeys(f"{spot['q']},{spot['r']}" for spot in [*tiles, *marked])
    return [(actor, key) for key in keys]
