"""Land vs Sea rules: setup, the opening draft, turns, scoring, modules, the end (LS-1 to LS-12).

A turn is a chain of decisions, each one action: place a tile (again after Play Again),
choose a hole for the Volcano/Whirlpool when two open at once, steal, put a waypoint,
then draw back up to two tiles one at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from tablelands.core.errors import IllegalActionError
from tablelands.core.game import TERMINAL, Game, JsonDict, OptionValue
from tablelands.core.notation import not_an_action
from tablelands.games.land_vs_sea import notation
from tablelands.games.land_vs_sea.board import STEPS, Board, Placed, pack, unpack
from tablelands.games.land_vs_sea.components import (
    ASKS,
    CARTOGRAPHER,
    CHOOSE_HOLE,
    CHOOSE_STEAL,
    DRAFT,
    OVER,
    PLACE,
    PLACE_AGAIN,
    PLAY_AGAIN,
    PUT_WAYPOINT,
    REPLENISH,
    SIDE_NAMES,
    SIDES_BY_PLAYERS,
    START_ID,
    STEAL,
    TILE_COUNT,
    VOLCANO_ID,
    LandVsSeaEdition,
)
from tablelands.games.land_vs_sea.notation import (
    ACTION_COUNT,
    DRAW,
    HOLE,
    NO_STEAL,
    NO_WAYPOINT,
    PASS,
    PLACE_COUNT,
    POSITIONS,
    WAYPOINT,
    decode_placement,
    format_action,
)
from tablelands.games.land_vs_sea.notation import STEAL as STEAL_ACTION
from tablelands.games.land_vs_sea.scoring import (
    Award,
    breakdown,
    placement_awards,
    route_awards,
)
from tablelands.games.land_vs_sea.view import LandVsSeaFields

HAND_SIZE = 2


@cache
def rotations_fitting(land: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """For a printed land mask: (known, land) constraint -> the rotations that match it."""
    table: dict[tuple[int, int], tuple[int, ...]] = {}
    rotated = [((land << r) | (land >> (6 - r))) & 0b111111 for r in range(6)]
    for known in range(64):
        sub = known
        while True:
            table[known, sub] = tuple(r for r in range(6) if rotated[r] & known == sub)
            if sub == 0:
                break
            sub = (sub - 1) & known
    return table


class LandVsSeaState(LandVsSeaFields):
    """A game of Land vs Sea for 2, 3 or 4 players: the rules (its fields, what each seat sees
    of them and their JSON are :class:`LandVsSeaFields`', in view.py)."""

    def __init__(
        self,
        game: Game[Any],
        edition: LandVsSeaEdition,
        players: int,
        seed: int,
        options: dict[str, OptionValue],
    ) -> None:
        super().__init__(game, edition, players, seed, options)
        self.mountains = bool(options["mountains"])
        self.trade = bool(options["trade"])
        self.waypoints = bool(options["waypoints"])
        self.sides = SIDES_BY_PLAYERS[players]
        tiles = [(tile, self.rng.below(2)) for tile in range(1, TILE_COUNT + 1)]
        self.rng.shuffle(tiles)
        half = len(tiles) // 2
        self.stacks: list[list[tuple[int, int]]] = [tiles[:half], tiles[half:]]  # top last
        self.hands: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.known = [0] * players  # per seat, bitmask of tile ids whose both faces it has seen
        self.board = Board()
        #: per placement: (tile id, face, rotation, placer seat or -1 for the start tile)
        self.placed: list[tuple[int, int, int, int]] = []
        self.reserve = True  # the Volcano/Whirlpool is still set aside
        self.points = [0, 0, 0]
        self.events: list[JsonDict] = []
        # LS-12: waypoints for land and sea only with 3 players.
        self.waypoint_home = [self.waypoints and side != CARTOGRAPHER for side in self.sides]
        self.phase = DRAFT
        self.to_move = 0
        self.turn_placements = 0
        self.last_face_action = 0
        self.holes: list[int] = []
        self.passes = 0
        # Where the previous turn's and this turn's score events begin in ``events``.
        self.last_turn_events = self.turn_events = 0
        self._place(START_ID, 0, 0, pack(0, 0), -1)

    # -- the flow of a turn ----------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def _placements(self, seat: int) -> list[int]:
        board = self.board
        rotated = self.edition.rotated
        frontier = list(board.frontier.items())
        actions: list[int] = []
        seen: set[int] = set()
        for tile, _ in self.hands[seat]:
            if tile in seen:
                continue
            seen.add(tile)
            for face in (0, 1):
                table = rotations_fitting(rotated[tile][face][0].land)
                offsets = [((tile * 2 + face) * 6 + r) * POSITIONS for r in range(6)]
                actions += [
                    offsets[rotation] + position
                    for position, constraint in frontier
                    for rotation in table[constraint]
                ]
        return actions

    def legal_actions(self) -> list[int]:
        phase, seat = self.phase, self.to_move
        if phase in (PLACE, PLACE_AGAIN):
            return self._placements(seat) or [PASS]
        if phase in (DRAFT, REPLENISH):
            return [DRAW + s for s in (0, 1) if self.stacks[s]]
        if phase == CHOOSE_STEAL:
            return [
                STEAL_ACTION + victim * 4 + slot
                for victim in range(self.num_players)
                if victim != seat and len(self.hands[victim]) >= HAND_SIZE
                for slot in range(len(self.hands[victim]))
            ] + [NO_STEAL]
        if phase == PUT_WAYPOINT:
            return [
                WAYPOINT + position * 6 + edge for position, edge in self._waypoint_spots(seat)
            ] + [NO_WAYPOINT]
        if phase == CHOOSE_HOLE:
            return [HOLE + position for position in self.holes]
        return []

    def apply(self, action: int) -> None:
        if type(action) is not int or not 0 <= action < ACTION_COUNT:
            raise IllegalActionError(not_an_action(action, "Land vs Sea", ACTION_COUNT))
        phase, seat = self.phase, self.to_move
        if phase == OVER:
            raise IllegalActionError("the game is over")
        if 0 <= action < PLACE_COUNT:
            self._apply_placement(seat, action)
        elif action == PASS:
            if phase != PLACE or self._placements(seat):
                raise IllegalActionError("you may pass only when no held tile can be placed (LS-8)")
            self.history.append(action)
            self.passes += 1
            if self.passes >= self.num_players:
                self._finish()
            else:
                self._start_turn((seat + 1) % self.num_players)
        elif DRAW <= action < DRAW + 2:
            self._apply_draw(seat, action - DRAW)
        elif STEAL_ACTION <= action <= NO_STEAL:
            self._apply_steal(seat, action)
        elif action == NO_WAYPOINT or WAYPOINT <= action < HOLE:
            self._apply_waypoint(seat, action)
        elif HOLE <= action < HOLE + POSITIONS:
            if phase != CHOOSE_HOLE or action - HOLE not in self.holes:
                where = ", ".join("{},{}".format(*unpack(h)) for h in self.holes) or "none now"
                raise IllegalActionError(
                    f"the Volcano/Whirlpool goes in one of the new holes ({where}) (LS-4)"
                )
            self.history.append(action)
            self.holes = []
            self._fill_hole(action - HOLE, seat)
            self._after_placement(seat)

    def _expect(self, phases: tuple[int, ...], what: str) -> None:
        if self.phase not in phases:
            raise IllegalActionError(
                f"{what} is not possible now: the game asks you to {self.asks()}"
            )

    def asks(self) -> str:
        """What the current decision is, in words."""
        return ASKS[self.phase]

    def _apply_placement(self, seat: int, action: int) -> None:
        self._expect((PLACE, PLACE_AGAIN), "placing a tile")
        p = decode_placement(action)
        hand = self.hands[seat]
        slot = next((i for i, (tile, _) in enumerate(hand) if tile == p.tile), None)
        if slot is None:
            held = ", ".join(str(t) for t, _ in hand) or "nothing"
            raise IllegalActionError(f"tile {p.tile} is not in your hand (you hold {held})")
        face = self.edition.rotated[p.tile][p.face][p.rotation]
        board = self.board
        if not board.fits(p.position, face):
            raise IllegalActionError(self._misfit(p.position, face.land))
        hand.pop(slot)
        self.history.append(action)
        self.passes = 0
        self.turn_placements += 1
        self.last_face_action = face.action
        self._place(p.tile, p.face, p.rotation, p.position, seat)
        if self.holes and self.reserve:
            if len(self.holes) > 1:
                self.phase = CHOOSE_HOLE
                return
            self._fill_hole(self.holes.pop(), seat)
        self.holes = []
        self._after_placement(seat)

    def _misfit(self, position: int, land: int) -> str:
        q, r = unpack(position)
        if position in self.board.tiles:
            return f"{q},{r} already holds a tile (LS-2)"
        constraint = self.board.frontier.get(position)
        if constraint is None:
            return f"{q},{r} touches no tile: a tile goes next to the map (LS-2)"
        known, want = constraint
        for d in range(6):
            if known >> d & 1 and (land >> d & 1) != (want >> d & 1):
                mine, theirs = ("land", "sea") if land >> d & 1 else ("sea", "land")
                return (
                    f"at {q},{r} edge {d} would be {mine} against the neighbour's {theirs}: "
                    "touching edges must match (LS-2)"
                )
        raise AssertionError("a placement that fits was refused")

    def _place(self, tile: int, face: int, rotation: int, position: int, seat: int) -> None:
        placed_face = self.edition.rotated[tile][face][rotation]
        result = self.board.place(position, placed_face)
        self.placed.append((tile, face, rotation, seat))
        if seat >= 0:
            self._score(result, seat)
        self.holes = result.holes

    def _fill_hole(self, position: int, seat: int) -> None:
        """LS-4: the Volcano (all land) or Whirlpool (all sea) face fills a closed hole."""
        self.reserve = False
        face = 0 if self.board.frontier[position][1] else 1
        self._place(VOLCANO_ID, face, 0, position, seat)
        self.holes = []

    def _after_placement(self, seat: int) -> None:
        if not any(self.stacks) and not any(self.hands):
            self._finish()
            return
        action = self.last_face_action
        if action == PLAY_AGAIN and self.turn_placements == 1 and self._placements(seat):
            self.phase = PLACE_AGAIN
            return
        if action == STEAL and any(
            len(h) >= HAND_SIZE for v, h in enumerate(self.hands) if v != seat
        ):
            self.phase = CHOOSE_STEAL
            return
        self._after_placements(seat)

    def _after_placements(self, seat: int) -> None:
        if self.waypoint_home[seat] and self._waypoint_spots(seat):
            self.phase = PUT_WAYPOINT
            return
        self._replenish(seat)

    def _replenish(self, seat: int) -> None:
        if len(self.hands[seat]) < HAND_SIZE and any(self.stacks):
            self.phase = REPLENISH
            return
        self._start_turn((seat + 1) % self.num_players)

    def _start_turn(self, seat: int) -> None:
        self.last_turn_events = self.turn_events
        self.turn_events = len(self.events)
        self.to_move = seat
        self.phase = PLACE
        self.turn_placements = 0
        self.last_face_action = 0

    def _apply_draw(self, seat: int, stack: int) -> None:
        self._expect((DRAFT, REPLENISH), "drawing")
        if not self.stacks[stack]:
            raise IllegalActionError(f"stack {stack + 1} is empty (LS-7)")
        tile = self.stacks[stack].pop()
        self.history.append(DRAW + stack)
        self.hands[seat].append(tile)
        self.known[seat] |= 1 << tile[0]
        other = self.stacks[1 - stack]
        if not self.stacks[stack] and len(other) > 1:
            # LS-7: the other stack's bottom half (rounded down) becomes the new stack.
            half = len(other) // 2
            self.stacks[stack] = other[:half]
            self.stacks[1 - stack] = other[half:]
        if self.phase == DRAFT:
            if all(len(h) == HAND_SIZE for h in self.hands):
                self._start_turn(0)
            else:
                self.to_move = (seat + 1) % self.num_players
        elif len(self.hands[seat]) >= HAND_SIZE or not any(self.stacks):
            self._start_turn((seat + 1) % self.num_players)

    def _apply_steal(self, seat: int, action: int) -> None:
        self._expect((CHOOSE_STEAL,), "stealing")
        if action != NO_STEAL:
            victim, slot = divmod(action - STEAL_ACTION, 4)
            if victim == seat or victim >= self.num_players:
                raise IllegalActionError(f"seat {victim + 1} is not another player (LS-6)")
            hand = self.hands[victim]
            if len(hand) < HAND_SIZE:
                raise IllegalActionError(
                    f"seat {victim + 1} holds one tile: a last tile is never stolen (LS-6)"
                )
            if slot >= len(hand):
                raise IllegalActionError(
                    f"seat {victim + 1} holds {len(hand)} tiles, no slot {slot + 1}"
                )
            tile = hand.pop(slot)
            self.hands[seat].append(tile)
            self.known[seat] |= 1 << tile[0]
        self.history.append(action)
        self._after_placements(seat)

    # -- waypoints ---------------------------------------------------------------

    def _waypoint_spots(self, seat: int) -> list[tuple[int, int]]:
        """LS-11: (position, lowest edge of the region) for each region the seat may mark."""
        board = self.board
        kind = self.sides[seat]
        spots = []
        for position, index in board.tiles.items():
            if position in board.waypoints:
                continue
            face = board.faces[index]
            free = sum(1 << d for d, step in enumerate(STEPS) if position + step not in board.tiles)
            if not free:
                continue
            for region, edges in enumerate(face.region_edges):
                if face.region_types[region] == kind and edges & free:
                    spots.append((position, (edges & -edges).bit_length() - 1))
        return spots

    def _apply_waypoint(self, seat: int, action: int) -> None:
        self._expect((PUT_WAYPOINT,), "putting a waypoint")
        if action != NO_WAYPOINT:
            position, edge = divmod(action - WAYPOINT, 6)
            position, edge = divmod(action - WAYPOINT, 6)
            if (position, edge) not in self._waypoint_spots(seat):
                q, r = unpack(position)
                raise IllegalActionError(
                    f"no waypoint at {q},{r}:{edge}: it goes on a {SIDE_NAMES[self.sides[seat]]} "
                    "region with an edge facing an empty position, on a tile without a waypoint "
                    "(LS-11; name the region by its lowest edge)"
                )
            node = self.board.edge_node[position][edge]
            self.board.waypoints[position] = (seat, node)
            self.waypoint_home[seat] = False
        self.history.append(action)
        self._replenish(seat)

    # -- scoring -------------------------------------------------------------------

    def _award(self, awards: list[Award]) -> None:
        for side, points, kind, detail in awards:
            self.points[side] += points
            self.events.append(
                {
                    "placement": len(self.placed) - 1,
                    "kind": kind,
                    "side": SIDE_NAMES[side],
                    "points": points,
                    "detail": detail,
                }
            )

    def _score(self, result: Placed, seat: int) -> None:
        """Score a placement (scoring.py), sending home the waypoints it frees (LS-11)."""
        returned: list[int] = []
        if self.waypoints:
            for area in result.completions:
                returned.extend(area.waypoints)
            returned = list(dict.fromkeys(returned + result.surrounded))
            for position in returned:
                owner, _ = self.board.waypoints.pop(position)
                self.waypoint_home[owner] = True
        three = self.num_players == 3
        self._award(
            placement_awards(
                result, self.sides[seat], three, self.mountains, self.trade, len(returned)
            )
        )

    def _finish(self) -> None:
        if self.trade:
            self._award(route_awards(self.board.trade_routes(), self.num_players == 3))
        self.phase = OVER

    def scores(self) -> list[int]:
        return [self.points[side] for side in self.sides]

    def winners(self) -> list[int]:
        scores = self.scores()
        top = max(scores)
        return [seat for seat, score in enumerate(scores) if score == top]

    def score_breakdown(self) -> list[JsonDict]:
        return breakdown([SIDE_NAMES[side] for side in self.sides], self.points, self.events)

    # -- notation ----------------------------------------------------------------

    def format_action(self, action: int) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> int:
        return notation.parse_action(text, self.board)

    def action_to_json(self, action: int) -> JsonDict:
        return notation.to_json(action, self.board)

    def action_from_json(self, data: object) -> int:
        return notation.from_json(data, self.board)

    def actions_json(self, actions: Iterable[int]) -> list[JsonDict]:
        return notation.actions_json(actions, self.board)
