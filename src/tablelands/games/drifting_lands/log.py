"""The Drifting Lands game log: what a seat reads of each step, in words, worked out from its
observations before and after the step (``Game.narrate``), never from the state.

Everything but the hands is public, so the log tells every action but another seat's
choice of card ("Seat 2 selected a card"). An observation shows the board, not the action,
so a drift or a split is found again by trying the moves the rules allow on the board
before the step until one gives the board after it. A step that changes the score so far
(the standings) says so, and the end of the game gives the final score.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from tablelands.core.game import JsonDict, Place
from tablelands.core.geometry import bits
from tablelands.games.drifting_lands.board import NO_STEP, Board, Path
from tablelands.games.drifting_lands.components import (
    BREEDING,
    CARD_TITLES,
    CARD_TYPES,
    CORNER_NAMES,
    DRIFTING,
    HAND,
    OROGENY,
    REPRODUCING,
    ROUNDS,
    SPLITTING,
    ULTRA_DRIFTING,
    ULTRA_SPLITTING,
    DriftingLandsEdition,
)
from tablelands.games.drifting_lands.view import board_from_observation

DIRECTIONS = ("north-east", "east", "south-east", "south-west", "west", "north-west")
#: The pawns an observation shows, by space (q, r): (owner, level).
Pawns = dict[tuple[int, int], tuple[int, int]]


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def pawn_text(owner: int, level: int) -> str:
    return f"{seat_name(owner)}'s level-{level} pawn"


def pawns_text(pawns: list[tuple[int, int]]) -> str:
    """Pawns as (owner, level), alike ones counted: ``Seat 3's 2 level-1 pawns``."""
    counted = Counter(pawns)
    return " and ".join(
        pawn_text(owner, level) if n == 1 else f"{seat_name(owner)}'s {n} level-{level} pawns"
        for (owner, level), n in counted.items()
    )


def card_text(edition: DriftingLandsEdition, card: int) -> str:
    """``card 12, Moving (3 points)``."""
    kind, points = edition.cards[card]
    return (
        f"card {card}, {CARD_TITLES[CARD_TYPES[kind]]} ({points} point{'' if points == 1 else 's'})"
    )


def where(grid_coords: tuple[int, int]) -> str:
    return "{},{}".format(*grid_coords)


def pawns_of(seen: JsonDict) -> Pawns:
    return {(p["q"], p["r"]): (p["owner"], p["level"]) for p in seen["pawns"]}


def introduce(seen: JsonDict) -> list[str]:
    """Who plays, in teams or not, and how the game opens."""
    teams = ", seats 1 and 3 against seats 2 and 4" if seen["teams"] else ""
    return [
        f"{seen['players']} players{teams}; each in turn takes a corner continent, seat 1 first."
    ]


def narrate(before: JsonDict, after: JsonDict, edition: DriftingLandsEdition) -> list[str]:
    """The step's action (a corner taken, a drift, a card selected or played, its effect),
    the pawns it drowned, the new phase or round, and the score so far when it changed (the
    final score at the end)."""
    actor = before["to_move"]
    phase = before["phase"]
    who = seat_name(actor)
    if phase == "start":
        corner = after["corners"][actor]
        line = (
            f"{who} took the {CORNER_NAMES[corner]} corner continent (start {corner + 1}) "
            "with 4 level-1 pawns"
        )
    elif phase == "drift":
        line = f"{who} drifted {drift_text(before, after, edition, ultra=False)}"
    elif phase == "select":
        line = f"{who} selected {chosen(before, after, edition)}"
    elif phase == "play":
        line = played(before, after, edition, actor)
    elif phase == "effect":
        line = f"{who} {effect(before, after, edition)}"
    elif phase == "part":
        line = f"{who} {split_part(before, after, edition)}"
    else:
        line = f"{who} {expelled_to(before, after)}"
    drowned = [(d["owner"], d["level"]) for d in after["drowned"][len(before["drowned"]) :]]
    if drowned:
        line += ", drowning " + pawns_text(drowned)
    lines = [line + "."]
    if after["phase"] == "over":
        return lines + final(after)
    return lines + score_change(before, after) + course(before, after)


def chosen(before: JsonDict, after: JsonDict, edition: DriftingLandsEdition) -> str:
    """The card selected, to the seat selecting; to the others only "a card" (DL-8)."""
    new = sorted(set(after["hand"]) - set(before["hand"]))
    return card_text(edition, new[0]) if new else "a card"


def played(before: JsonDict, after: JsonDict, edition: DriftingLandsEdition, actor: int) -> str:
    """The card played, and whether it could do nothing at all (DL-10)."""
    card = after["card"]
    if card is None:  # no legal effect: it went straight to the discard pile
        thrown = card_text(edition, after["discards"][actor][-1])
        return f"{seat_name(actor)} played {thrown}, which could do nothing (DL-10)"
    return f"{seat_name(actor)} played {card_text(edition, card)}"


def course(before: JsonDict, after: JsonDict) -> list[str]:
    """A new round or phase, as it begins, and the seats the drifting phase passed over."""
    lines = []
    opened = before["phase"] == "start" and after["phase"] != "start"
    began = opened or after["round"] != before["round"]
    if began:
        lines.append(
            f"Round {after['round']} of {ROUNDS} begins: {seat_name(after['starter'])} has "
            "the starting-player marker."
        )
    if after["phase"] == "drift" and before["phase"] != "drift":
        lines.append("Drifting phase: each player drifts a continent with a pawn of theirs.")
    if before["phase"] == "drift" or began:
        lines += [
            f"{seat_name(seat)} cannot drift: no continent with its pawns can move (DL-3)."
            for seat in passed_over(before, after)
        ]
    if after["phase"] == "select" and before["phase"] != "select":
        lines.append(f"Selecting phase: each player picks {HAND} cards, in secret (DL-8).")
    if after["phase"] == "play" and before["phase"] == "select":
        lines.append(f"Playing phase: every hand holds {HAND} cards.")
    return lines


def passed_over(before: JsonDict, after: JsonDict) -> list[int]:
    """DL-3: the seats whose turn to drift came and went in the step, none of their
    continents being able to drift: in the round's seat order, those after the seat that
    drifted (or from the first, when the round began) and before the next to drift (or to
    the last, when selecting began)."""
    players = after["players"]
    order = [(after["starter"] + turn) % players for turn in range(players)]
    begin = order.index(before["to_move"]) + 1 if before["phase"] == "drift" else 0
    end = order.index(after["to_move"]) if after["phase"] == "drift" else players
    return order[begin:end]


def score_change(before: JsonDict, after: JsonDict) -> list[str]:
    """The score so far (cards not yet played counting as unused) of the seats it changed for."""
    changed = [
        f"{seat_name(now['seat'])} {now['total']} ({now['total'] - was['total']:+d})"
        for was, now in zip(before["standings"], after["standings"], strict=True)
        if now["total"] != was["total"]
    ]
    return [f"Score so far: {', '.join(changed)}."] if changed else []


def final(seen: JsonDict) -> list[str]:
    """DL-9: every seat's total and where it came from, and who won."""
    lines = ["The game is over."]
    for row in seen["standings"]:
        lines.append(
            f"{seat_name(row['seat'])}: {row['total']} points (continents {row['continents']}, "
            f"pawn levels {row['pawns']}, unused cards {row['cards']}; "
            f"{row['pawns_on_board']} pawns on the map)."
        )
    if seen["teams"]:
        totals = {row["team"]: row["team_total"] for row in seen["standings"]}
        lines.append(f"Seats 1 and 3: {totals[0]} together; seats 2 and 4: {totals[1]} together.")
    won = [seat + 1 for seat in seen["winners"]]
    names = " and ".join(str(seat) for seat in won)
    if seen["teams"]:
        lines.append(f"Seats {names} win." if len(won) == 2 else "Both teams share the win.")
    elif len(won) == 1:
        lines.append(f"Seat {names} wins.")
    else:
        lines.append(f"Seats {names} share the win.")
    return lines


# -- the effects of cards ---------------------------------------------------------------------


def effect(before: JsonDict, after: JsonDict, edition: DriftingLandsEdition) -> str:
    """What the card being played did, by its type."""
    kind = edition.cards[before["card"]][0]
    if kind in (DRIFTING, ULTRA_DRIFTING):
        return "drifted " + drift_text(before, after, edition, ultra=kind == ULTRA_DRIFTING)
    if kind in (SPLITTING, ULTRA_SPLITTING):
        split = after["split"]
        board = board_from_observation(before, edition)
        space = board.grid.index(split["q"], split["r"])
        return (
            f"began to split {continent_text(board, board.continent_of(space))}: a part will "
            f"move {steps_text(split['directions'])}"
        )
    if kind == OROGENY:
        return orogeny(before, after)
    return pawn_change(before, after, breeding=kind in (BREEDING, REPRODUCING))


def continent_text(board: Board, continent: int) -> str:
    """A continent by the tile its drifts are written with (its lowest space), and its size."""
    anchor = (continent & -continent).bit_length() - 1
    return f"the continent at {where(board.grid.coords(anchor))} ({tiles(continent)})"


def tiles(mask: int) -> str:
    count = mask.bit_count()
    return f"{count} tile{'' if count == 1 else 's'}"


def steps_text(directions: list[int]) -> str:
    return ", then ".join(DIRECTIONS[d] for d in directions)


def moved(board: Board, mask: int, path: Path) -> Board:
    """The board after the tiles of ``mask`` move along ``path``."""
    trial = board.copy()
    trial.move_tiles(mask, path)
    return trial


def same_board(one: Board, other: Board) -> bool:
    return (one.land, one.mountain, one.pawns) == (other.land, other.mountain, other.pawns)


def drift_text(
    before: JsonDict, after: JsonDict, edition: DriftingLandsEdition, ultra: bool
) -> str:
    """DL-3: the continent that drifted and its steps, found by trying every drift the
    rules allow on the board before the step. Moves that end alike (two steps taken in either
    order, a step and its way back) cannot be told apart, and are told as such."""
    board = board_from_observation(before, edition)
    target = board_from_observation(after, edition)
    seconds = (NO_STEP, *range(6)) if ultra else (NO_STEP,)
    found = [
        (continent, path)
        for continent in board.continents()
        for first, second in product(range(6), seconds)
        for path in [Path(first, second)]
        if board.path_fits(continent, path) and same_board(moved(board, continent, path), target)
    ]
    continents = {continent for continent, _ in found}
    paths = {path for _, path in found}
    if board.land == target.land:
        if len(continents) > 1:
            return "a continent out and back: the map is as it was"
        return f"{continent_text(board, found[0][0])} out and back"
    name = continent_text(board, found[0][0])
    if len(paths) > 1:
        return (
            f"{name} two spaces, {' and '.join(DIRECTIONS[d] for d in sorted(found[0][1].steps))}"
        )
    return f"{name} {steps_text(list(found[0][1].steps))}"


def split_part(before: JsonDict, after: JsonDict, edition: DriftingLandsEdition) -> str:
    """DL-4: the part that split off and moved, among those the split offered."""
    board = board_from_observation(before, edition)
    target = board_from_observation(after, edition)
    split = before["split"]
    continent = board.continent_of(board.grid.index(split["q"], split["r"]))
    path = Path(*split["directions"])
    part = next(
        part
        for part in board.split_parts(continent, path)
        if same_board(moved(board, part, path), target)
    )
    spaces = " ".join(where(board.grid.coords(s)) for s in bits(part))
    return (
        f"split {tiles(part)} ({spaces}) off {continent_text(board, continent)} "
        f"and moved them {steps_text(split['directions'])}"
    )


def orogeny(before: JsonDict, after: JsonDict) -> str:
    """DL-5: the tile lifted, the mountain raised, and the pawns swept off both."""
    lifted = {tuple(cell) for cell in before["land"]} - {tuple(cell) for cell in after["land"]}
    raised = {tuple(cell) for cell in after["mountains"]} - {
        tuple(cell) for cell in before["mountains"]
    }
    (source,), (onto,) = lifted, raised
    was, now = pawns_of(before), pawns_of(after)
    swept = [was[cell] for cell in (source, onto) if cell in was and cell not in now]
    text = f"raised a mountain at {where(onto)}, lifting the tile at {where(source)} onto it"
    return text + (", sweeping off " + pawns_text(swept) if swept else "")


def pawn_change(before: JsonDict, after: JsonDict, breeding: bool) -> str:
    """DL-6 and DL-7: a pawn moved (and any pawn it expelled), bred or evolved."""
    was, now = pawns_of(before), pawns_of(after)
    gone = {cell: pawn for cell, pawn in was.items() if now.get(cell) != pawn}
    come = {cell: pawn for cell, pawn in now.items() if was.get(cell) != pawn}
    starts = [cell for cell in gone if cell not in come]
    if starts:  # a move: the pawn left its space
        start = starts[0]
        mover = gone[start]
        end = next(cell for cell, pawn in come.items() if pawn == mover)
        text = f"moved its level-{mover[1]} pawn from {where(start)} to {where(end)}"
        victim = was.get(end)
        if victim is None:
            return text
        text += f", expelling {pawn_text(*victim)}"
        if after["expelled_pawn"] is None:  # DL-6: nowhere to go, so back to the supply
            text += ": with no empty space beside, it went back to the supply"
        return text
    ((cell, pawn),) = come.items()
    if cell not in was:
        return f"bred a level-1 pawn at {where(cell)}"
    instead = " (Breeding turned Evolving: no level-1 pawn in the supply)" if breeding else ""
    return (
        f"evolved the pawn at {where(cell)} from level {was[cell][1]} to level {pawn[1]}{instead}"
    )


def expelled_to(before: JsonDict, after: JsonDict) -> str:
    """DL-6: where the expelled pawn went."""
    pawn = before["expelled_pawn"]
    was, now = pawns_of(before), pawns_of(after)
    cell = next(c for c, p in now.items() if was.get(c) != p)
    return f"put {seat_name(pawn['owner'])}'s expelled level-{pawn['level']} pawn at {where(cell)}"


def places(before: JsonDict, after: JsonDict) -> list[Place]:
    """The spaces the step changed, keyed ``"q,r"``, each with the seat that acted: the
    tiles of every continent that drifted, split or grew (a continent is its tiles, so one
    only renumbered is not changed), and every space whose pawn came, went or levelled up."""
    actor: int = before["to_move"]
    shapes_before = set(continent_shapes(before).values())
    pawns_before, pawns_after = pawn_spots(before), pawn_spots(after)
    changed: dict[str, None] = {}
    for shape in continent_shapes(after).values():
        if shape not in shapes_before:
            changed.update(dict.fromkeys(sorted(shape)))
    for spot in sorted(pawns_before.keys() | pawns_after.keys()):
        if pawns_before.get(spot) != pawns_after.get(spot):
            changed[spot] = None
    return [(actor, spot) for spot in changed]


def continent_shapes(seen: JsonDict) -> dict[int, frozenset[str]]:
    """Each continent's tiles, as ``"q,r"`` keys."""
    tiles: dict[int, set[str]] = {}
    for space in seen["spaces"]:
        if space["continent"] is not None:
            tiles.setdefault(space["continent"], set()).add(f"{space['q']},{space['r']}")
    return {continent: frozenset(keys) for continent, keys in tiles.items()}


def pawn_spots(seen: JsonDict) -> dict[str, tuple[int, int]]:
    """The pawn on each space that holds one (its owner and level), by ``"q,r"``."""
    return {f"{pawn['q']},{pawn['r']}": (pawn["owner"], pawn["level"]) for pawn in seen["pawns"]}
