"""What each Confusing Lands player may see, and what a state holds.

A player sees their own hand and landscape, and an opponent's placements once the phase
closes (placements are made as if at once); a card discarded because it cannot be placed
(CL-18) is seen by all at once. In the second phase of a 2-player round each
holds the card the other passed, so both hands are known. The deck's order is hidden.

:class:`ConfusingLandsFields` declares what a state holds; the rules that set it up and
change it are :class:`~tablelands.games.confusing_lands.state.ConfusingLandsState`'s.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Self

from tablelands.core.fields import DERIVED, SHARED
from tablelands.core.game import Breakdowns, JsonDict, ViewedState
from tablelands.core.geometry import bits
from tablelands.core.rng import Rng
from tablelands.core.shared import share
from tablelands.games.confusing_lands.components import (
    CONDITION_NAMES,
    KIND_NAMES,
    PHASE_NAMES,
    RIVER,
    ROUNDS,
    SECOND,
    ConfusingLandsEdition,
    format_ends,
)
from tablelands.games.confusing_lands.landscape import Landscape, Tables, tables_for
from tablelands.games.confusing_lands.notation import Placement, parse, placement_text
from tablelands.games.confusing_lands.scoring import (
    ScoreBreakdown,
    score_landscape,
    solo_rating,
    winners,
)


class ConfusingLandsFields(ViewedState):
    """What a Confusing Lands state holds, and what each seat may see of it
    (a copy and the saved JSON follow from these declarations: ``core/fields.py``)."""

    edition: ConfusingLandsEdition
    #: The edition's placement tables.
    tables: Annotated[Tables, DERIVED, SHARED]
    #: The deck, top card last.
    deck: list[int]
    shared: int
    round: int
    phase: int
    to_move: int
    hands: list[list[int]]
    #: Each seat's landscape, as its placements built it.
    landscapes: Annotated[list[Landscape], DERIVED]
    #: Each seat's placements (actions), in order.
    placements: list[list[int]]
    #: How many of each seat's placements the other seats have seen.
    revealed: list[int]
    discards: list[int]
    #: The cards each seat discarded because it could not place them (CL-18), in order.
    unplaced: list[list[int]]

    # -- what each seat may know --------------------------------------------------------

    def hand_known(self, viewer: int | None, seat: int) -> bool:
        """Whether ``viewer`` knows ``seat``'s hand. In the second phase of a 2-player round
        each holds the card the other passed, so both hands are known to the seats; a
        spectator (``None``) knows none, the cards being passed face down."""
        return viewer is not None and (viewer == seat or self.phase == SECOND)

    def seen_placements(self, viewer: int | None, seat: int) -> list[int]:
        """The placements of ``seat`` that ``viewer`` has seen, in the order made: all of
        its own, of the others' those of the phases closed."""
        placements = self.placements[seat]
        return placements if viewer == seat else placements[: self.revealed[seat]]

    def view(self, viewer: int | None, drawn: bool = True) -> JsonDict:
        """What ``viewer`` may know (``None``: a spectator, who sees the placements once
        their phase closes and no hand), with what a renderer draws from it
        (:func:`drawing_fields`) when ``drawn``."""
        seats = range(self.num_players)
        seen: JsonDict = {
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
                [placement_text(a) for a in self.seen_placements(viewer, s)] for s in seats
            ],
            "discards": list(self.discards),
            "cannot_place": [list(cards) for cards in self.unplaced],
            "deck_size": len(self.deck),
        }
        return {**seen, **drawing_fields(seen, self.edition)} if drawn else seen

    def redraw_hidden(self, player: int, rng: Rng) -> Self:
        """Redraw the deck order, unknown hands and unseen placements of the others.

        A CL-18 discard is public, so an unseen action is always a placement, made on the
        landscape the player has seen: that landscape has a legal position, and the redrawn
        placement is drawn among its legal ones."""
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
                    kept.append(random_placement(self.tables, landscape, card, rng))
                sample.landscapes[seat] = landscape
                sample.placements[seat] = kept
            if not self.hand_known(player, seat):
                sample.hands[seat] = [unseen.pop() for _ in self.hands[seat]]
        sample.deck = unseen
        return sample

    # -- records -------------------------------------------------------------------------

    def final_section(self) -> JsonDict:
        landscapes = []
        for seat, landscape in enumerate(self.landscapes):
            cells = landscape_cells(landscape)
            cards = [str(Placement.decode(a)) for a in self.placements[seat]]
            landscapes.append({"seat": seat, "cards": cards, "cells": cells})
        return {
            "shared_condition": self.shared,
            "discards": list(self.discards),
            "landscapes": landscapes,
        }


def random_placement(tables: Tables, landscape: Landscape, card: int, rng: Rng) -> int:
    """A placement of ``card`` drawn at random among the orientations that have a legal
    position, then among its positions (for a redrawn world), stamped onto ``landscape``."""
    shapes = [list(bits(tables.legal_positions(landscape, shape))) for shape in (0, 1)]
    rotations = [rotation for rotation in range(4) if shapes[rotation & 1]]
    if not rotations:
        raise ValueError(f"card {card} has no legal position on this landscape (CL-2)")
    side, rotation = rng.below(2), rng.choice(rotations)
    placement = Placement(card, side, rotation, rng.choice(shapes[rotation & 1]))
    landscape.stamp(tables.stamps[placement.orientation_index], placement.at)
    return placement.encode()


# -- what an observation shows --------------------------------------------------------------


def landscape_from_cards(edition: ConfusingLandsEdition, cards: list[str]) -> Landscape:
    """The landscape built by placements written in notation, in order."""
    tables = tables_for(edition)
    landscape = Landscape()
    for text in cards:
        p = parse(text)
        landscape.stamp(tables.stamps[p.orientation_index], p.at)
    return landscape


@lru_cache(maxsize=1024)
def shown_landscape(
    edition: ConfusingLandsEdition, cards: tuple[str, ...]
) -> tuple[Landscape, list[JsonDict]]:
    """The landscape placements written in notation build, and its cells
    (:func:`landscape_cells`). Worked out once per list of placements and shared by every
    observation that shows it (each seat's, move after move, until a placement is added),
    so neither is ever changed (``core/shared.py``)."""
    landscape = landscape_from_cards(edition, list(cards))
    return landscape, landscape_cells(landscape)


@lru_cache(maxsize=256)
def landscapes_cells(
    edition: ConfusingLandsEdition, placed: tuple[tuple[str, ...], ...]
) -> list[list[JsonDict]]:
    """Every seat's landscape cells (:func:`shown_landscape`), from each seat's placements:
    an observation's ``cells``, shared as they are (``core/shared.py``)."""
    return [shown_landscape(edition, cards)[1] for cards in placed]


@lru_cache(maxsize=1024)
def _scored(edition: ConfusingLandsEdition, cards: tuple[str, ...], shared: int) -> ScoreBreakdown:
    """The score of the landscape ``cards`` build, with the shared condition ``shared``."""
    return score_landscape(shown_landscape(edition, cards)[0], shared)


def standings(seen: JsonDict, edition: ConfusingLandsEdition) -> list[JsonDict]:
    """Every seat's score from the placements an observation shows (an opponent's placement
    counts once it is revealed)."""
    shared = seen["shared_condition"]
    result = []
    for seat, cards in enumerate(seen["landscapes"]):
        known = tuple(card for card in cards if card is not None)
        breakdown = _scored(edition, known, shared)
        result.append({"seat": seat, "cards": len(known), **breakdown.to_json()})
    return result


def balance_figures(rows: list[JsonDict]) -> list[Breakdowns]:
    """Per seat of a finished game's standings: the points of each condition it held (CL-13;
    one held and scoring nothing is still taken), of the shared condition, and by source."""
    result = []
    for row in rows:
        own = {CONDITION_NAMES[int(card)]: points for card, points in row["conditions"].items()}
        sources = {
            "Own conditions": sum(own.values()),
            "Shared condition": row["shared"] or 0,
            "Penalty": row["penalty"],
        }
        figures: Breakdowns = {
            "points by condition": own,
            "points by source": {label: v for label, v in sources.items() if v},
        }
        if row["shared"] is not None:
            shared = CONDITION_NAMES[row["shared_condition"]]
            figures["points from the shared condition"] = {shared: row["shared"]}
        result.append(figures)
    return result


def landscape_cells(landscape: Landscape) -> list[JsonDict]:
    """Every position of a landscape, row by row: what it shows (``kind``, a river's ends
    as compass letters, a condition space's condition)."""
    return [
        {
            "row": row,
            "col": col,
            "kind": KIND_NAMES[space.kind],
            "river_ends": format_ends(space.ends) if space.kind == RIVER else "",
            "condition": condition or None,
        }
        for row, col, space, condition in sorted(landscape.cells(), key=lambda c: c[:2])
    ]


def placed_counts(seen: JsonDict) -> list[int]:
    """How many cards each seat has placed, hidden ones included: one a phase, and in the
    phase under way, the seats before the one to move (they place in seat order)."""
    seats = range(seen["players"])
    if seen["phase"] == "over":
        return [2 * ROUNDS - len(seen["cannot_place"][seat]) for seat in seats]
    done = 2 * (seen["round"] - 1) + PHASE_NAMES.index(seen["phase"])
    return [done + (seat < seen["to_move"]) - len(seen["cannot_place"][seat]) for seat in seats]


def asks(seen: JsonDict, stuck: bool) -> str:
    """The decision of the seat to move, in words addressed to it; ``stuck`` when its
    landscape leaves no legal position (CL-18)."""
    if seen["phase"] == "over":
        return "nothing: the game is over"
    solo = seen["players"] == 1
    if stuck:
        if seen["phase"] == PHASE_NAMES[SECOND]:
            return "discard the card you hold: it cannot be placed anywhere (CL-18)"
        other = "is discarded too (CL-16)" if solo else "goes to your opponent"
        return f"neither card can be placed anywhere: discard one; the other {other} (CL-18)"
    if seen["phase"] == PHASE_NAMES[SECOND]:
        held = "the card you took from the deck" if solo else "the card passed to you"
        return f"place {held} (card side rotation @row,col)"
    other = "is discarded (CL-16)" if solo else "goes to your opponent"
    return f"place one of your two cards; the other {other} (card side rotation @row,col)"


#: The conditions' names by number, as every observation gives them (shared, never changed).
_CONDITION_NAMES = {str(c): name for c, name in CONDITION_NAMES.items()}


def drawing_fields(seen: JsonDict, edition: ConfusingLandsEdition) -> JsonDict:
    """What an observation adds for drawing (docs/views.md), worked out from the rest of
    it and the public edition alone, so it tells nothing more: every landscape's cells, the
    cards each seat has placed, the standings, the decision to make, the conditions' names,
    and at the end the winners (and a solo game's rating)."""
    placed = tuple(tuple(cards) for cards in seen["landscapes"])
    shown = [shown_landscape(edition, cards) for cards in placed]
    rows = standings(seen, edition)
    over = seen["phase"] == "over"
    # The seat to move has placed all it will place before this phase and every seat has
    # seen those placements, so its shown landscape is the one it places on.
    mover = shown[seen["to_move"]][0] if not over else None
    tables = tables_for(edition)
    stuck = mover is not None and not any(tables.legal_positions(mover, s) for s in (0, 1))
    return {
        "cells": share(landscapes_cells(edition, placed)),
        "placed": placed_counts(seen),
        "standings": rows,
        "asks": asks(seen, stuck),
        "condition_names": share(_CONDITION_NAMES),
        "winners": winners([(r["total"], r["best_single"]) for r in rows]) if over else None,
        "rating": solo_rating(rows[0]["total"]) if over and seen["players"] == 1 else None,
    }
