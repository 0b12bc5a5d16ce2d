"""Confusing Lands: a card-overlap landscape puzzle for 1 or 2 players."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from tablelands.core.game import Edition, Game, GameInfo, JsonDict, State
from tablelands.games.confusing_lands.components import ConfusingLandsEdition
from tablelands.games.confusing_lands.notation import NOTATION_HELP
from tablelands.games.confusing_lands.render import breakdown_table, legend, render_view
from tablelands.games.confusing_lands.scoring import score_landscape
from tablelands.games.confusing_lands.state import (
    SOLO_FLOOR,
    SOLO_SPAN,
    ConfusingLandsState,
    landscape_from_cards,
    solo_rating,
    standings,
)


class ConfusingLands(Game[ConfusingLandsEdition]):
    info = GameInfo(
        name="confusing-lands",
        title="Confusing Lands",
        summary="Overlap 8 double-sided cards into the best-scoring landscape; solo or 2 players.",
        player_counts=(1, 2),
        rulings=tuple(f"CL-{n}" for n in range(1, 18)),
        modes=((1, ()), (2, ())),
    )
    package = __name__

    state_class = ConfusingLandsState
    edition_class = ConfusingLandsEdition

    def state_from_json(
        self, data: JsonDict, edition: Edition | None = None
    ) -> ConfusingLandsState:
        return ConfusingLandsState.from_json(self, self.own_edition(edition), data)

    def render(
        self, seen: JsonDict, edition: Edition, highlight: Sequence[int] = ()
    ) -> RenderableType:
        return Group(render_view(seen, self.own_edition(edition)), legend())

    def standings(self, seen: JsonDict, edition: Edition) -> list[JsonDict]:
        return standings(seen, self.own_edition(edition))

    def render_score(self, seen: JsonDict, edition: Edition, viewer: int) -> RenderableType:
        cards = [card for card in seen["landscapes"][viewer] if card is not None]
        landscape = landscape_from_cards(self.own_edition(edition), cards)
        return breakdown_table([score_landscape(landscape, seen["shared_condition"])], ["you"], [])

    def render_result(self, state: State, names: list[str]) -> RenderableType:
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

    def describe(self, state: State, action: int) -> str:
        # Placements stay hidden until every player has placed in the phase.
        return "has placed a card"

    def describe_value(self, value: float, players: int) -> str:
        if players == 1:
            return f"about {value * SOLO_SPAN - SOLO_FLOOR:.0f} points expected"
        return super().describe_value(value, players)

    def notation_help(self) -> str:
        return NOTATION_HELP


GAME = ConfusingLands()
