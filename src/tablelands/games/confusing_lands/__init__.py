"""Confusing Lands: a card-overlap landscape puzzle for 1 or 2 players."""

from __future__ import annotations

from collections.abc import Mapping

from tablelands.core.candidates import ActionFeatures
from tablelands.core.encoding import Encoder
from tablelands.core.factored import Factoring
from tablelands.core.game import (
    Breakdowns,
    Edition,
    Game,
    GameInfo,
    JsonDict,
    OptionValue,
    Place,
    State,
)
from tablelands.games.confusing_lands import log
from tablelands.games.confusing_lands.candidates import ConfusingLandsFeatures
from tablelands.games.confusing_lands.components import ROUNDS, ConfusingLandsEdition
from tablelands.games.confusing_lands.encoding import ConfusingLandsEncoder
from tablelands.games.confusing_lands.factored import ConfusingLandsFactoring
from tablelands.games.confusing_lands.notation import ACTION_COUNT, NOTATION_HELP
from tablelands.games.confusing_lands.scoring import solo_rating
from tablelands.games.confusing_lands.state import ConfusingLandsState
from tablelands.games.confusing_lands.view import balance_figures, standings


class ConfusingLands(Game[ConfusingLandsEdition]):
    info = GameInfo(
        name="confusing-lands",
        title="Confusing Lands",
        summary="Overlap 8 double-sided cards into the best-scoring landscape; solo or 2 players.",
        player_counts=(1, 2),
        rulings=tuple(f"CL-{n}" for n in range(1, 19)),
        modes=((1, ()), (2, ())),
        blurb="A quick puzzle: lay cards over one another and keep only the scoring "
        "conditions your landscape can pay for.",
        length="10 to 20 minutes",
    )
    package = __name__

    state_class = ConfusingLandsState
    edition_class = ConfusingLandsEdition

    def max_game_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """Each seat places one card in each of the two phases of every round (a card that
        cannot be placed is discarded without an action: CL-18)."""
        return players * ROUNDS * 2

    def count_actions(self, players: int, options: dict[str, OptionValue]) -> int:
        """A placement is its orientation (18 cards x 2 sides x 4 rotations) and the grid
        position of its top-left space, alone or with another player; then come the 18 CL-18
        discards (docs/actions.md)."""
        return ACTION_COUNT

    def make_encoder(
        self, players: int, options: dict[str, OptionValue], edition: ConfusingLandsEdition
    ) -> Encoder:
        return ConfusingLandsEncoder(players, edition)

    def make_factoring(
        self, players: int, options: dict[str, OptionValue], edition: ConfusingLandsEdition
    ) -> Factoring:
        return ConfusingLandsFactoring()

    def make_action_features(
        self, players: int, options: dict[str, OptionValue], edition: ConfusingLandsEdition
    ) -> ActionFeatures:
        return ConfusingLandsFeatures()

    def standings(self, seen: JsonDict, edition: Edition) -> list[JsonDict]:
        return standings(seen, self.own_edition(edition))

    def balance_figures(self, standings: list[JsonDict]) -> list[Breakdowns]:
        return balance_figures(standings)

    def describe(self, state: State, action: int) -> str:
        # Placements stay hidden until every player has placed in the phase.
        return "has placed a card"

    def introduce(self, seen: JsonDict, edition: Edition) -> list[str]:
        return log.introduce(seen)

    def narrate(self, before: JsonDict, after: JsonDict, edition: Edition) -> list[str]:
        return log.narrate(before, after)

    def places(self, before: JsonDict, after: JsonDict, edition: Edition) -> list[Place]:
        return log.places(before, after)

    def rating(self, score: int, players: int) -> str | None:
        return solo_rating(score) if players == 1 else None

    def notation_help(self) -> str:
        return NOTATION_HELP


GAME = ConfusingLands()
