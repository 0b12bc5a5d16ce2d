"""Confusing Lands rules: setup, the draft (2 players) or solo rounds, placement, the end.

A round is two phases. In the first, every player chooses one of the two cards dealt
to them and places it; in the second, every player places the card they then hold (the
one passed by the opponent, or in solo the card below the discarded top card, CL-16).
Within a phase, players act in seat order but as if at once: a placement stays hidden
from the others until the phase closes. A card that cannot be placed anywhere is discarded
face up instead (ruling CL-18), which everyone sees at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.fields import DERIVED, SHARED
from tablelands.core.game import TERMINAL, Game, JsonDict, OptionValue
from tablelands.core.geometry import bits
from tablelands.games.confusing_lands import notation
from tablelands.games.confusing_lands.components import (
    CARD_COUNT,
    CONDITION_NAMES,
    FIRST,
    ROUNDS,
    SECOND,
    ConfusingLandsEdition,
)
from tablelands.games.confusing_lands.landscape import FIRST_POSITION, Landscape, tables_for
from tablelands.games.confusing_lands.notation import (
    POSITIONS,
    Placement,
    discard_action,
    discarded_card,
    format_action,
    parse_action,
)
from tablelands.games.confusing_lands.scoring import (
    ScoreBreakdown,
    score_landscape,
    solo_rating,
    winners,
)
from tablelands.games.confusing_lands.view import ConfusingLandsFields


class ConfusingLandsState(ConfusingLandsFields):
    """A game of Confusing Lands for 1 (solo) or 2 players: the rules (its fields, what each
    seat sees of them and their JSON are :class:`ConfusingLandsFields`', in view.py)."""

    #: The final breakdowns, kept once the game is over.
    _breakdowns: Annotated[list[ScoreBreakdown] | None, DERIVED, SHARED] = None

    def __init__(
        self,
        game: Game[Any],
        edition: ConfusingLandsEdition,
        players: int,
        seed: int,
        options: dict[str, OptionValue],
    ) -> None:
        super().__init__(game, edition, players, seed, options)
        self.tables = tables_for(edition)
        deck = list(range(1, CARD_COUNT + 1))
        self.rng.shuffle(deck)
        self.deck = deck
        self.shared = self.deck.pop()
        self.round = 0
        self.phase = FIRST
        self.to_move = 0
        self.hands = [[] for _ in range(players)]
        self.landscapes = [Landscape() for _ in range(players)]
        self.placements = [[] for _ in range(players)]
        self.revealed = [0] * players
        self.discards = []
        self.unplaced = [[] for _ in range(players)]
        self._breakdowns = None
        self._deal()

    # -- the flow of a game -------------------------------------------------

    def _deal(self) -> None:
        for hand in self.hands:
            hand.extend((self.deck.pop(), self.deck.pop()))

    @property
    def current_player(self) -> int:
        return TERMINAL if self.round == ROUNDS else self.to_move

    def legal_actions(self) -> list[int]:
        if self.round == ROUNDS:
            return []
        seat = self.to_move
        tables = self.tables
        landscape = self.landscapes[seat]
        positions = [list(bits(tables.legal_positions(landscape, shape))) for shape in (0, 1)]
        if not any(positions):
            # CL-18: where a card fits depends only on its shape, and every card has the same
            # one, so either both cards in hand can be placed or neither can.
            return [discard_action(card) for card in sorted(self.hands[seat])]
        actions: list[int] = []
        for card in sorted(self.hands[seat]):
            for side in (0, 1):
                for rotation in range(4):
                    base = (((card - 1) * 2 + side) * 4 + rotation) * POSITIONS
                    actions.extend([base + at for at in positions[rotation & 1]])
        return actions

    def can_place(self) -> bool:
        """Whether the seat to move has a legal placement (CL-2) for the cards it holds."""
        landscape = self.landscapes[self.to_move]
        return any(self.tables.legal_positions(landscape, shape) for shape in (0, 1))

    def check_discard(self, card: int) -> None:
        """Check a CL-18 discard of ``card``; raise naming the rule."""
        hand = self.hands[self.to_move]
        if card not in hand:
            held = " and ".join(str(c) for c in sorted(hand))
            raise IllegalActionError(f"card {card} is not in your hand (you hold {held})")
        if self.can_place():
            raise IllegalActionError(
                f"card {card} can be placed: a card is discarded only when no side, rotation "
                "and position lets it cover your landscape and no condition space (CL-18)"
            )

    def check(self, action: int) -> Placement | None:
        """Decode ``action`` and check it against the rules; raise naming the rule. ``None``
        for a discard (CL-18)."""
        if self.round == ROUNDS:
            raise IllegalActionError("the game is over: all 4 rounds have been played")
        card = discarded_card(action)
        if card is not None:
            self.check_discard(card)
            return None
        try:
            placement = Placement.decode(action)
        except NotationError as exc:
            raise IllegalActionError(str(exc)) from None
        seat = self.to_move
        hand = self.hands[seat]
        if placement.card not in hand:
            held = " and ".join(str(c) for c in sorted(hand))
            raise IllegalActionError(f"card {placement.card} is not in your hand (you hold {held})")
        landscape = self.landscapes[seat]
        shape = placement.rotation & 1
        if not landscape.occupied:
            if placement.at != FIRST_POSITION:
                raise IllegalActionError(
                    "the first card starts your landscape: its top-left space is 0,0 (CL-2)"
                )
            return placement
        if not (self.tables.shape_fits[shape] >> placement.at) & 1:
            raise IllegalActionError("that position is off the grid of possible positions (CL-2)")
        footprint = self.tables.stamps[placement.orientation_index].footprint << placement.at
        if not footprint & landscape.occupied:
            raise IllegalActionError(
                "a new card must cover at least one space of your landscape (CL-2)"
            )
        covered = footprint & landscape.condition_cells
        if covered:
            condition = landscape.condition_at(covered.bit_length() - 1)
            raise IllegalActionError(
                f"that would cover a space of scoring condition {condition} "
                f"({CONDITION_NAMES[condition]}); condition spaces are never covered (CL-2)"
            )
        return placement

    def apply(self, action: int) -> None:
        placement = self.check(action)
        seat = self.to_move
        if placement is None:  # a CL-18 discard, face up
            card = discarded_card(action)
            assert card is not None
            self.hands[seat].remove(card)
            self.discards.append(card)
            self.unplaced[seat].append(card)
            self.history.append(action)
            self._advance(seat)
            return
        self.landscapes[seat].stamp(self.tables.stamps[placement.orientation_index], placement.at)
        self.placements[seat].append(action)
        self.hands[seat].remove(placement.card)
        self.history.append(action)
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        solo = self.num_players == 1
        if self.phase == FIRST and solo:
            # CL-16: the unchosen card and the top card are discarded, the next one is taken.
            self.discards.extend(self.hands[0])
            self.discards.append(self.deck.pop())
            self.hands[0] = [self.deck.pop()]
        if seat + 1 < self.num_players:
            self.to_move = seat + 1
            return
        self.to_move = 0
        self.revealed = [len(p) for p in self.placements]
        if self.phase == FIRST:
            if not solo:
                # Each passes the card not chosen to the other.
                self.hands.reverse()
            self.phase = SECOND
            return
        self.phase = FIRST
        self.round += 1
        if self.round < ROUNDS:
            self._deal()

    # -- scoring ------------------------------------------------------------

    def breakdowns(self) -> list[ScoreBreakdown]:
        if self._breakdowns is not None:
            return self._breakdowns
        result = [score_landscape(ls, self.shared) for ls in self.landscapes]
        if self.round == ROUNDS:
            self._breakdowns = result
        return result

    def scores(self) -> list[int]:
        return [b.total for b in self.breakdowns()]

    def winners(self) -> list[int]:
        """Most points; tied, the best single condition (CL-15); still tied, all share."""
        return winners([(b.total, b.best_single) for b in self.breakdowns()])

    def returns(self) -> list[float]:
        if self.num_players == 1:
            return [float(self.scores()[0])]
        return super().returns()

    def score_breakdown(self) -> list[JsonDict]:
        result = []
        for seat, breakdown in enumerate(self.breakdowns()):
            entry: JsonDict = {"seat": seat, **breakdown.to_json()}
            if self.num_players == 1:
                entry["rating"] = solo_rating(breakdown.total)
            result.append(entry)
        return result

    # -- notation and copies ----------------------------------------------

    def format_action(self, action: int) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

    def action_to_json(self, action: int) -> JsonDict:
        return notation.to_json(action)

    def action_from_json(self, data: object) -> int:
        return notation.from_json(data)

    def actions_json(self, actions: Iterable[int]) -> list[JsonDict]:
        # An entry's values are numbers and strings: a shallow copy shares nothing changeable.
        return [dict(notation.action_entry(action)) for action in actions]
