"""Build Land vs Sea positions by hand: a test edition with chosen faces, tiles laid on the
map directly, chosen hands, and actions played through the real rules."""

from __future__ import annotations

from typing import Any

from tablelands.core.game import OptionValue
from tablelands.games.land_vs_sea import GAME
from tablelands.games.land_vs_sea.board import Placed, pack
from tablelands.games.land_vs_sea.components import TILE_COUNT, LandVsSeaEdition
from tablelands.games.land_vs_sea.state import PLACE, LandVsSeaState

FILLER = "LLSSSS"


def runs(edges: str) -> list[list[int]]:
    """The maximal runs of one edge type around the hex."""
    if len(set(edges)) == 1:
        return [list(range(6))]
    start = next(i for i in range(6) if edges[i] != edges[i - 1])
    groups: list[list[int]] = [[start]]
    for k in range(1, 6):
        i = (start + k) % 6
        if edges[i] == edges[groups[-1][-1]]:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def face(
    edges: str,
    regions: str | None = None,
    bonus: dict[int, int] | None = None,
    mountains: list[int] | None = None,
    corals: list[int] | None = None,
    trade: str | None = None,
    action: str | None = None,
) -> dict[str, Any]:
    """A face as edition data. ``regions`` like ``"0,2|1|3,4,5"`` (default: one region per run
    of same-type edges); ``bonus`` maps a region's position in that list to its symbols."""
    groups = (
        [[int(e) for e in part.split(",")] for part in regions.split("|")]
        if regions
        else runs(edges)
    )
    data: dict[str, Any] = {
        "edges": edges,
        "regions": [{"edges": g, "bonus": (bonus or {}).get(i, 0)} for i, g in enumerate(groups)],
    }
    if mountains:
        data["mountains"] = mountains
    if corals:
        data["corals"] = corals
    if trade:
        data["trade"] = trade
    if action:
        data["action"] = action
    return data


def one(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A tile showing ``data`` on face a and a plain filler on face b."""
    return (data, face(FILLER))


def edition(tiles: dict[int, tuple[dict[str, Any], dict[str, Any]]]) -> LandVsSeaEdition:
    """A test edition: the given tiles, every other tile a plain filler."""
    data = {
        "format": "tablelands-edition/1",
        "game": "land-vs-sea",
        "name": "test edition",
        "reconstructed": True,
        "start": face("LLLSSS"),
        "volcano": face("LLLLLL"),
        "whirlpool": face("SSSSSS"),
        "tiles": [
            {
                "id": i,
                "a": tiles.get(i, (face(FILLER), face(FILLER)))[0],
                "b": tiles.get(i, (face(FILLER), face(FILLER)))[1],
            }
            for i in range(1, TILE_COUNT + 1)
        ],
    }
    return LandVsSeaEdition.from_data(data, "test edition")


def build(
    tiles: dict[int, tuple[dict[str, Any], dict[str, Any]]] | None = None,
    players: int = 2,
    options: dict[str, OptionValue] | None = None,
    seed: int = 0,
) -> LandVsSeaState:
    """A game on a test edition, at the start of seat 1's first turn, every hand empty."""
    state = GAME.new_state(
        players=players, seed=seed, options=options, edition=edition(tiles or {})
    )
    for hand in state.hands:
        hand.clear()
    state.phase = PLACE
    state.to_move = 0
    return state


def lay(
    state: LandVsSeaState, tile: int, face_index: int, rotation: int, q: int, r: int, seat: int = -1
) -> Placed:
    """Put a tile on the map directly (no hand, no turn); ``seat`` -1 scores nothing."""
    _take(state, tile)
    placed = state.board.place(pack(q, r), state.edition.rotated[tile][face_index][rotation])
    state.placed.append((tile, face_index, rotation, seat))
    if seat >= 0:
        state._score(placed, seat)
    return placed


def hold(state: LandVsSeaState, seat: int, tile: int, up: int = 0) -> None:
    """Put a tile into a seat's hand (taking it out of the stacks)."""
    _take(state, tile)
    state.hands[seat].append((tile, up))
    state.known[seat] |= 1 << tile


def turn(state: LandVsSeaState, seat: int) -> None:
    """Make it ``seat``'s turn to place."""
    state._start_turn(seat)


def act(state: LandVsSeaState, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))


def _take(state: LandVsSeaState, tile: int) -> None:
    for stack in state.stacks:
        for i, (t, _) in enumerate(stack):
            if t == tile:
                del stack[i]
                return
    for hand in state.hands:
        for i, (t, _) in enumerate(hand):
            if t == tile:
                del hand[i]
                return
