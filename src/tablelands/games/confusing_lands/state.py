"""Confusing Lands rules: setup, the draft (2 players) or solo rounds, placement, the end.

A round is two phases. In the first, every player chooses one of the two cards dealt
to them and places it; in the second, every player places the card they then hold (the
one passed by the opponent, or in solo the card below the discarded top card, CL-16).
Within a phase, players act in seat order but as if at once: a placement stays hidden
from the others until the phase closes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.game import TERMINAL, Game, JsonDict, OptionValue, SavedState, State
from tablelands.core.geometry import bits
from tablelands.core.rng import Rng
from tablelands.core.saved import read_state_data
from tablelands.games.confusing_lands import notation
from tablelands.games.confusing_lands.components import (
    CARD_COUNT,
    CONDITION_NAMES,
    KIND_NAMES,
    RIVER,
    ConfusingLandsEdition,
    format_ends,
)
from tablelands.games.confusing_lands.landscape import GRID, STRIDE, Landscape, Stamp
from tablelands.games.confusing_lands.notation import (
    FIRST_POSITION,
    ORIENTATIONS,
    POSITIONS,
    Placement,
    parse,
)
from tablelands.games.confusing_lands.scoring import ScoreBreakdown, score_landscape

ROUNDS = 4
FIRST, SECOND = 0, 1
PHASE_NAMES = ("first", "second")

#: Solo ratings, best first: (lowest score, name).
SOLO_RATINGS = (
    (50, "Astounding"),
    (40, "Unbelievable"),
    (30, "Confusing"),
    (20, "Perplexing"),
    (10, "Bewildering"),
)


def solo_rating(score: int) -> str:
    for threshold, name in SOLO_RATINGS:
        if score >= threshold:
            return name
    return "Lost"


class Tables:
    """Everything about an edition's cards that placement needs, computed once."""

    def __init__(self, edition: ConfusingLandsEdition) -> None:
        self.stamps = [
            Stamp.of(edition.orientation(card, side, rotation))
            for card in range(1, CARD_COUNT + 1)
            for side in (0, 1)
            for rotation in range(4)
        ]
        assert len(self.stamps) == ORIENTATIONS
        # Rotations 0 and 2 lie 2 x 3, rotations 1 and 3 stand 3 x 2.
        self.shape_offsets: list[tuple[int, ...]] = []
        self.shape_fits: list[int] = []
        for height, width in ((2, 3), (3, 2)):
            self.shape_offsets.append(
                tuple(r * STRIDE + c for r in range(height) for c in range(width))
            )
            fits = 0
            for row in range(GRID.rows - height + 1):
                for col in range(GRID.cols - width + 1):
                    fits |= 1 << (row * STRIDE + col)
            self.shape_fits.append(fits)

    def legal_positions(self, landscape: Landscape, shape: int) -> int:
        """Top-left positions where a card of ``shape`` covers some space and no condition."""
        if not landscape.occupied:
            return 1 << FIRST_POSITION
        occupied, conditions = landscape.occupied, landscape.condition_cells
        reach = blocked = 0
        for offset in self.shape_offsets[shape]:
            reach |= occupied >> offset
            blocked |= conditions >> offset
        return reach & ~blocked & self.shape_fits[shape]


@lru_cache(maxsize=8)
def tables_for(edition: ConfusingLandsEdition) -> Tables:
    return Tables(edition)


def landscape_from_cards(edition: ConfusingLandsEdition, cards: list[str]) -> Landscape:
    """The landscape built by placements written in notation, in order."""
    tables = tables_for(edition)
    landscape = Landscape()
    for text in cards:
        p = parse(text)
        landscape.stamp(tables.stamps[p.orientation_index], p.at)
    return landscape


def standings(seen: JsonDict, edition: ConfusingLandsEdition) -> list[JsonDict]:
    """Every seat's score from the placements an observation shows (an opponent's placement
    counts once it is revealed)."""
    shared = seen["shared_condition"]
    result = []
    for seat, cards in enumerate(seen["landscapes"]):
        known = [card for card in cards if card is not None]
        breakdown = score_landscape(landscape_from_cards(edition, known), shared)
        result.append({"seat": seat, "cards": len(known), **breakdown.to_json()})
    return result


class ConfusingLandsState(State):
    """A game of Confusing Lands for 1 (solo) or 2 players."""

    edition: ConfusingLandsEdition

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
        self.deck = deck  # top card last
        self.shared = self.deck.pop()
        self.round = 0
        self.phase = FIRST
        self.to_move = 0
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.landscapes = [Landscape() for _ in range(players)]
        self.placements: list[list[int]] = [[] for _ in range(players)]
        #: How many of each seat's placements the other seats have seen.
        self.revealed = [0] * players
        self.discards: list[int] = []
        self._breakdowns: list[ScoreBreakdown] | None = None
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
        actions: list[int] = []
        for card in sorted(self.hands[seat]):
            for side in (0, 1):
                for rotation in range(4):
                    base = (((card - 1) * 2 + side) * 4 + rotation) * POSITIONS
                    actions.extend([base + at for at in positions[rotation & 1]])
        return actions

    def check(self, action: int) -> Placement:
        """Decode ``action`` and check it against the rules; raise naming the rule."""
        if self.round == ROUNDS:
            raise IllegalActionError("the game is over: every player has placed 8 cards")
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
        breakdowns = self.breakdowns()
        top = max(b.total for b in breakdowns)
        tied = [s for s, b in enumerate(breakdowns) if b.total == top]
        best = max(breakdowns[s].best_single for s in tied)
        return [s for s in tied if breakdowns[s].best_single == best]

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

    def final_section(self) -> JsonDict:
        landscapes = []
        for seat, landscape in enumerate(self.landscapes):
            cells = [
                {
                    "row": row,
                    "col": col,
                    "kind": KIND_NAMES[space.kind],
                    "river_ends": format_ends(space.ends) if space.kind == RIVER else "",
                    "condition": condition or None,
                }
                for row, col, space, condition in sorted(landscape.cells(), key=lambda c: c[:2])
            ]
            cards = [str(Placement.decode(a)) for a in self.placements[seat]]
            landscapes.append({"seat": seat, "cards": cards, "cells": cells})
        return {
            "shared_condition": self.shared,
            "discards": list(self.discards),
            "landscapes": landscapes,
        }

    # -- information --------------------------------------------------------

    def hand_known(self, viewer: int | None, seat: int) -> bool:
        """Whether ``viewer`` knows ``seat``'s hand. In the second phase of a 2-player round
        each holds the card the other passed, so both hands are known."""
        return viewer is None or viewer == seat or self.phase == SECOND

    def view(self, viewer: int | None) -> JsonDict:
        """What ``viewer`` may know (``None``: a spectator who sees everything)."""
        seats = range(self.num_players)
        return {
            "game": "confusing-lands",
            "viewer": viewer,
            "players": self.num_players,
            "round": min(self.round + 1, ROUNDS),
            "phase": "over" if self.round == ROUNDS else PHASE_NAMES[self.phase],
            "to_move": self.current_player,
            "shared_condition": self.shared,
            "hands": [sorted(self.hands[s]) if self.hand_known(viewer, s) else None for s in seats],
            "hand_sizes": [len(self.hands[s]) for s in seats],
            "landscapes": [
                [
                    str(Placement.decode(a))
                    for a in (
                        self.placements[s]
                        if viewer is None or viewer == s
                        else self.placements[s][: self.revealed[s]]
                    )
                ]
                for s in seats
            ],
            "discards": list(self.discards),
            "deck_size": len(self.deck),
        }

    def observation(self, player: int) -> JsonDict:
        if not 0 <= player < self.num_players:
            raise ValueError(f"there is no seat {player} in a {self.num_players}-player game")
        return self.view(player)

    def redraw_hidden(self, player: int, rng: Rng) -> ConfusingLandsState:
        """Redraw the deck order, unknown hands and unseen placements of the others."""
        sample = self.clone()
        if self.round == ROUNDS:
            return sample
        others = [s for s in range(self.num_players) if s != player]
        unseen = list(self.deck)
        for seat in others:
            if not self.hand_known(player, seat):
                unseen.extend(self.hands[seat])
                unseen.extend(
                    Placement.decode(a).card for a in self.placements[seat][self.revealed[seat] :]
                )
        unseen.sort()  # so the sample depends on what the player knows, not on the real order
        rng.shuffle(unseen)
        for seat in others:
            pending = self.placements[seat][self.revealed[seat] :]
            if pending:
                landscape = Landscape()
                kept = self.placements[seat][: self.revealed[seat]]
                for action in kept:
                    p = Placement.decode(action)
                    landscape.stamp(self.tables.stamps[p.orientation_index], p.at)
                for action in pending:
                    card = (
                        Placement.decode(action).card
                        if self.hand_known(player, seat)
                        else unseen.pop()
                    )
                    kept.append(self._random_placement(landscape, card, rng))
                sample.landscapes[seat] = landscape
                sample.placements[seat] = kept
            if not self.hand_known(player, seat):
                sample.hands[seat] = [unseen.pop() for _ in self.hands[seat]]
        sample.deck = unseen
        sample._breakdowns = None
        return sample

    def _random_placement(self, landscape: Landscape, card: int, rng: Rng) -> int:
        side, rotation = rng.below(2), rng.below(4)
        positions = list(bits(self.tables.legal_positions(landscape, rotation & 1)))
        placement = Placement(card, side, rotation, rng.choice(positions))
        landscape.stamp(self.tables.stamps[placement.orientation_index], placement.at)
        return placement.encode()

    # -- notation, copies, JSON -------------------------------------------

    def format_action(self, action: int) -> str:
        return str(Placement.decode(action))

    def parse_action(self, text: str) -> int:
        return parse(text).encode()

    action_count = notation.ACTION_COUNT

    def action_to_json(self, action: int) -> JsonDict:
        return notation.to_json(action)

    def action_from_json(self, data: object) -> int:
        return notation.from_json(data)

    def clone(self) -> ConfusingLandsState:
        other = ConfusingLandsState.__new__(ConfusingLandsState)
        other.game = self.game
        other.edition = self.edition
        other.tables = self.tables
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options
        other.rng = self.rng.clone()
        other.history = self.history.copy()
        other.deck = self.deck.copy()
        other.shared = self.shared
        other.round = self.round
        other.phase = self.phase
        other.to_move = self.to_move
        other.hands = [h.copy() for h in self.hands]
        other.landscapes = [ls.copy() for ls in self.landscapes]
        other.placements = [p.copy() for p in self.placements]
        other.revealed = self.revealed.copy()
        other.discards = self.discards.copy()
        other._breakdowns = self._breakdowns
        return other

    def to_json(self) -> JsonDict:
        return {
            **self.saved_fields(),
            "deck": list(self.deck),
            "shared": self.shared,
            "round": self.round,
            "phase": self.phase,
            "to_move": self.to_move,
            "hands": [list(h) for h in self.hands],
            "placements": [list(p) for p in self.placements],
            "revealed": list(self.revealed),
            "discards": list(self.discards),
        }

    @classmethod
    def from_json(
        cls, game: Game[Any], edition: ConfusingLandsEdition, data: JsonDict
    ) -> ConfusingLandsState:
        saved = read_state_data(game, StateData, data, edition)
        state = cls.__new__(cls)
        state.restore(game, edition, saved)
        state.tables = tables_for(edition)
        state.deck = list(saved.deck)
        state.shared = saved.shared
        state.round = saved.round
        state.phase = saved.phase
        state.to_move = saved.to_move
        state.hands = [list(h) for h in saved.hands]
        state.placements = [list(p) for p in saved.placements]
        state.revealed = list(saved.revealed)
        state.discards = list(saved.discards)
        state._breakdowns = None
        state.landscapes = []
        for actions in state.placements:
            landscape = Landscape()
            for action in actions:
                p = Placement.decode(action)
                landscape.stamp(state.tables.stamps[p.orientation_index], p.at)
            state.landscapes.append(landscape)
        return state


class StateData(SavedState):
    deck: list[int]
    shared: int
    round: int
    phase: Literal[0, 1]
    to_move: int
    hands: list[list[int]]
    placements: list[list[int]]
    revealed: list[int]
    discards: list[int]
