"""Toy Lands, a game made only for tests: a fourth game in one folder and one registry line.

Each player holds two of a small deck's cards, unseen by the others; on a turn they lay one
face up in their row and draw the deck's top card. The highest row wins. Hidden hands, a
shuffled deck, chance and any number of seats from 2 to 4: enough to run the conformance
suite, the agents and the CLI through a game that none of them was written for.
"""

from __future__ import annotations

from collections.abc import Mapping

from tablelands.core.encoding import Encoder
from tablelands.core.factored import Factoring
from tablelands.core.game import Edition, Game, GameInfo, JsonDict, OptionValue, State
from tests.toy_game.encoding import ToyEncoder
from tests.toy_game.factored import ToyFactoring
from tests.toy_game.state import ACTION_COUNT, NOTATION_HELP, ToyEdition, ToyState


class ToyLands(Game[ToyEdition]):
    info = GameInfo(
        name="toy-lands",
        title="Toy Lands",
        summary="Lay your cards one by one; the highest row wins (a game for tests).",
        player_counts=(2, 3, 4),
        modes=((2, ()), (4, ())),
    )
    package = __name__
    state_class = ToyState
    edition_class = ToyEdition

    def count_actions(self, players: int, options: dict[str, OptionValue]) -> int:
        return ACTION_COUNT

    def make_encoder(
        self, players: int, options: dict[str, OptionValue], edition: ToyEdition
    ) -> Encoder:
        return ToyEncoder(players)

    def make_factoring(
        self, players: int, options: dict[str, OptionValue], edition: ToyEdition
    ) -> Factoring:
        return ToyFactoring()

    def max_game_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        return 16  # each action lays a card, and an edition has at most 16

    def standings(self, seen: JsonDict, edition: Edition) -> list[JsonDict]:
        return [{"seat": seat, "total": sum(row)} for seat, row in enumerate(seen["rows"])]

    def describe(self, state: State, action: int) -> str:
        return f"laid {state.format_action(action).split()[1]}"  # laid cards are face up

    def notation_help(self) -> str:
        return NOTATION_HELP


GAME = ToyLands()
