"""Land vs Sea: hex tiles, land against sea, 2 to 4 players, hidden tile backs."""

from __future__ import annotations

from collections.abc import Mapping

from tablelands.core.encoding import Encoder
from tablelands.core.errors import OptionError
from tablelands.core.factored import Factoring
from tablelands.core.game import (
    Breakdowns,
    Edition,
    Game,
    GameInfo,
    JsonDict,
    OptionSpec,
    OptionValue,
    Place,
    State,
)
from tablelands.games.land_vs_sea import log
from tablelands.games.land_vs_sea.components import (
    SIDE_NAMES,
    SIDES_BY_PLAYERS,
    TILE_COUNT,
    LandVsSeaEdition,
)
from tablelands.games.land_vs_sea.encoding import LandVsSeaEncoder
from tablelands.games.land_vs_sea.factored import LandVsSeaFactoring
from tablelands.games.land_vs_sea.notation import ACTION_COUNT, NOTATION_HELP, PLACE_COUNT
from tablelands.games.land_vs_sea.state import HAND_SIZE, LandVsSeaState
from tablelands.games.land_vs_sea.view import balance_figures, balance_sides, standings

MODULES = ("mountains", "trade", "waypoints")
ALL_ON = tuple((name, True) for name in MODULES)
#: LS-12: what each player count fixes (3 players: every module; 4 players: waypoints).
FORCED = {3: dict.fromkeys(MODULES, True), 4: {"waypoints": True}}


class LandVsSea(Game[LandVsSeaEdition]):
    info = GameInfo(
        name="land-vs-sea",
        title="Land vs Sea",
        summary="Lay hex tiles to close land and sea areas; land against sea, 2-4 players.",
        player_counts=(2, 3, 4),
        options=(
            OptionSpec("mountains", "mountains and corals score ranges (LS-9)", False),
            OptionSpec("trade", "caravans and ships, and trade routes at the end (LS-10)", False),
            OptionSpec("waypoints", "each land and sea player has a waypoint (LS-11)", False),
        ),
        rulings=tuple(f"LS-{n}" for n in range(1, 13)),
        modes=(
            (2, ()),
            (2, ALL_ON),
            (2, (("mountains", True),)),
            (3, ()),
            (4, ()),
            (4, ALL_ON),
        ),
        blurb="One shared map of hex tiles: land closes islands, sea closes lakes, and every "
        "tile helps one side or the other.",
        length="20 to 40 minutes",
    )
    package = __name__

    state_class = LandVsSeaState
    edition_class = LandVsSeaEdition

    def settle_options(self, players: int, given: dict[str, OptionValue]) -> dict[str, OptionValue]:
        resolved = self.resolve_options(given)
        for name, value in FORCED.get(players, {}).items():
            if name in given and resolved[name] != value:
                raise OptionError(f"with {players} players {name} is always on (LS-12)")
            resolved[name] = value
        return resolved

    def max_game_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The opening hands' draws, then turns: every turn but a pass places a tile, and
        takes at most 12 actions with what follows a placement (Play Again, a hole, a steal, a
        waypoint, the draws); at most ``players - 1`` passes come between two placing turns,
        since all seats passing ends the game (LS-8)."""
        return HAND_SIZE * players + TILE_COUNT * (12 + players - 1)

    def count_actions(self, players: int, options: dict[str, OptionValue]) -> int:
        """Placements, draws, steals (4 seats x 4 slots, whatever the player count),
        waypoints and holes, with every module or none (docs/actions.md)."""
        return ACTION_COUNT

    def make_encoder(
        self, players: int, options: dict[str, OptionValue], edition: LandVsSeaEdition
    ) -> Encoder:
        return LandVsSeaEncoder(players, edition)

    def make_factoring(
        self, players: int, options: dict[str, OptionValue], edition: LandVsSeaEdition
    ) -> Factoring:
        return LandVsSeaFactoring()

    def standings(self, seen: JsonDict, edition: Edition) -> list[JsonDict]:
        return standings(seen)

    def balance_figures(self, standings: list[JsonDict]) -> list[Breakdowns]:
        return balance_figures(standings)

    def balance_sides(self, standings: list[JsonDict]) -> list[str] | None:
        return balance_sides(standings)

    def seat_sides(self, players: int, options: Mapping[str, OptionValue]) -> list[str] | None:
        return [SIDE_NAMES[side].capitalize() for side in SIDES_BY_PLAYERS[players]]

    def hide_in_preview(self, before: JsonDict, after: JsonDict) -> JsonDict:
        """A tile that comes into the viewer's hand (drawn or stolen) shows its up face only,
        unless the viewer has seen its back already (LS-5): in this edition most faces are on
        one tile only, so the up face alone would give the back away."""
        known = {held["tile"] for hand in before["hands"] for held in hand} - {None}
        viewer = after["viewer"]
        hands, hand_faces = list(after["hands"]), list(after["hand_faces"])
        hands[viewer], hand_faces[viewer] = [], []
        for held, faces in zip(after["hands"][viewer], after["hand_faces"][viewer], strict=True):
            unknown = held["tile"] not in known
            hands[viewer].append({**held, "tile": None, "down": None} if unknown else held)
            hand_faces[viewer].append({**faces, "down": None} if unknown else faces)
        # A face drawn out is unknown wherever the face itself is (a stack's next top).
        stack_faces = [
            None if stack["top"] is None else face
            for stack, face in zip(after["stacks"], after["stack_faces"], strict=True)
        ]
        return {**after, "hands": hands, "hand_faces": hand_faces, "stack_faces": stack_faces}

    def describe(self, state: State, action: int) -> str:
        """Everything but the placed tile's id is public (the id would tell its other face)."""
        text = state.format_action(action)
        if action < PLACE_COUNT:
            return "placed a tile at " + text.split("@")[1]
        if text.startswith("draw"):
            return f"drew from stack {text.split()[1]}"
        return {
            "pass": "passed",
            "steal none": "did not steal",
            "waypoint none": "kept the waypoint",
        }.get(text, text)

    def introduce(self, seen: JsonDict, edition: Edition) -> list[str]:
        return log.introduce(seen)

    def narrate(self, before: JsonDict, after: JsonDict, edition: Edition) -> list[str]:
        return log.narrate(before, after)

    def places(self, before: JsonDict, after: JsonDict, edition: Edition) -> list[Place]:
        return log.places(before, after)

    def notation_help(self) -> str:
        return NOTATION_HELP


GAME = LandVsSea()
