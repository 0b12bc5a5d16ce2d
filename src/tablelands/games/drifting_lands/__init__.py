"""Drifting Lands: drifting continents and evolving species, 2 to 4 players (basic cards)."""

from __future__ import annotations

from collections.abc import Mapping

from tablelands.core.candidates import ActionFeatures
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
from tablelands.games.drifting_lands import log
from tablelands.games.drifting_lands.candidates import DriftingLandsFeatures
from tablelands.games.drifting_lands.components import HAND, ROUNDS, DriftingLandsEdition
from tablelands.games.drifting_lands.encoding import DriftingLandsEncoder
from tablelands.games.drifting_lands.factored import DriftingLandsFactoring
from tablelands.games.drifting_lands.notation import ACTION_COUNT, NOTATION_HELP
from tablelands.games.drifting_lands.state import DriftingLandsState
from tablelands.games.drifting_lands.view import balance_figures, balance_sides, standings

#: Each seat's pawns, by the colour names of the board's (red, near-black, teal, purple).
PAWN_COLOURS = ("red", "black", "teal", "purple")


class DriftingLands(Game[DriftingLandsEdition]):
    info = GameInfo(
        name="drifting-lands",
        title="Drifting Lands",
        summary="Drift continents, breed and evolve your species, rule the land; 2-4 players.",
        player_counts=(2, 3, 4),
        options=(OptionSpec("teams", "4 players in two teams, seats 1+3 against 2+4", False),),
        rulings=tuple(f"DL-{n}" for n in range(1, 11)),
        modes=((2, ()), (3, ()), (4, ()), (4, (("teams", True),))),
        blurb="Shove continents around the ocean, tear them apart and raise mountains while "
        "your species walks, breeds and evolves to hold the best land.",
        length="30 to 60 minutes",
    )
    package = __name__

    state_class = DriftingLandsState
    edition_class = DriftingLandsEdition

    def settle_options(self, players: int, given: dict[str, OptionValue]) -> dict[str, OptionValue]:
        resolved = self.resolve_options(given)
        if resolved["teams"] and players != 4:
            raise OptionError("the team variety is for 4 players")
        return resolved

    def max_game_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """Per seat: its corner, then each round a drift, its picks and its cards, each card
        played in at most 8 actions (the play, the steps of its effect, a split's part, the
        expulsions)."""
        return players * (1 + ROUNDS * (1 + HAND + HAND * 8))

    def count_actions(self, players: int, options: dict[str, OptionValue]) -> int:
        """Every field of the numbering (start to evolve) over the 512 board indices any map
        fits in, for 2 to 4 players, in teams or not (docs/actions.md)."""
        return ACTION_COUNT

    def make_encoder(
        self, players: int, options: dict[str, OptionValue], edition: DriftingLandsEdition
    ) -> Encoder:
        return DriftingLandsEncoder(players, edition)

    def make_factoring(
        self, players: int, options: dict[str, OptionValue], edition: DriftingLandsEdition
    ) -> Factoring:
        return DriftingLandsFactoring(edition)

    def make_action_features(
        self, players: int, options: dict[str, OptionValue], edition: DriftingLandsEdition
    ) -> ActionFeatures:
        return DriftingLandsFeatures()

    def standings(self, seen: JsonDict, edition: Edition) -> list[JsonDict]:
        return standings(seen, self.own_edition(edition))

    def balance_figures(self, standings: list[JsonDict]) -> list[Breakdowns]:
        return balance_figures(standings)

    def balance_sides(self, standings: list[JsonDict]) -> list[str] | None:
        return balance_sides(standings)

    def seat_sides(self, players: int, options: Mapping[str, OptionValue]) -> list[str] | None:
        # The pawns' colours as the board draws them (SEAT_COLOURS in boards/drifting_lands.js).
        sides = [f"the {colour} pawns" for colour in PAWN_COLOURS[:players]]
        if options.get("teams"):
            sides = [f"{side}, with seat {(seat + 2) % 4 + 1}" for seat, side in enumerate(sides)]
        return sides

    def describe(self, state: State, action: int) -> str:
        text = state.format_action(action)
        return "selected a card" if text.startswith("select") else text

    def introduce(self, seen: JsonDict, edition: Edition) -> list[str]:
        return log.introduce(seen)

    def narrate(self, before: JsonDict, after: JsonDict, edition: Edition) -> list[str]:
        return log.narrate(before, after, self.own_edition(edition))

    def places(self, before: JsonDict, after: JsonDict, edition: Edition) -> list[Place]:
        return log.places(before, after)

    def notation_help(self) -> str:
        return NOTATION_HELP


GAME = DriftingLands()
