"""Drifting Lands rules: setup, the four rounds and their phases, every basic card (DL-1 to DL-10).

A player's turn in the playing phase is a chain of decisions: the card to play, then its
effect (a drift, a split's path and then its part, an orogeny, a move and perhaps where the
expelled pawn goes, where to breed, which pawn evolves).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Annotated, Any

from tablelands.core.errors import IllegalActionError
from tablelands.core.fields import DERIVED, SHARED
from tablelands.core.game import TERMINAL, Game, JsonDict, OptionValue
from tablelands.core.geometry import bits
from tablelands.core.notation import not_an_action
from tablelands.games.drifting_lands import notation as n
from tablelands.games.drifting_lands.board import MOVE_RULE, NO_STEP, SPLIT_RULE, Board, Path
from tablelands.games.drifting_lands.components import (
    BREEDING,
    DRIFT,
    DRIFTING,
    EFFECT,
    EVOLVING,
    EXPEL,
    HAND,
    MIGRATING,
    MOVING,
    MUTATING,
    OROGENY,
    OVER,
    PART,
    PHASE_NAMES,
    PLAY,
    POSITIONS,
    REPRODUCING,
    ROUNDS,
    SELECT,
    SPLITTING,
    START,
    ULTRA_DRIFTING,
    ULTRA_SPLITTING,
    DriftingLandsEdition,
    asks,
)
from tablelands.games.drifting_lands.notation import decode_path
from tablelands.games.drifting_lands.scoring import breakdown, totals, unused_points, winners
from tablelands.games.drifting_lands.view import DriftingLandsFields

#: DL-6: the movement points of the Moving and Migrating cards.
MOVE_BUDGET = {MOVING: 3, MIGRATING: 5}
#: What each verb of the notation does, for a refusal of an action asked for at another time.
DOING = {
    "start": "choose a starting corner",
    "drift": "drift a continent",
    "split": "split a continent",
    "part": "choose the part of a split",
    "select": "select a card",
    "play": "play a card",
    "orogeny": "raise a mountain",
    "move": "move a pawn",
    "expel": "place an expelled pawn",
    "breed": "breed",
    "evolve": "evolve a pawn",
}


class DriftingLandsState(DriftingLandsFields):
    """A game of Drifting Lands for 2, 3 or 4 players (4: optionally in teams): the rules (its
    fields, what each seat sees of them and their JSON are :class:`DriftingLandsFields`', in
    view.py)."""

    #: The legal actions, once worked out for this decision (replaced, never changed).
    _legal: Annotated[list[int] | None, DERIVED, SHARED]
    #: :meth:`unused_points`, kept up to date as cards change hands (replaced, never changed).
    _unused: Annotated[list[int], DERIVED, SHARED]

    def __init__(
        self,
        game: Game[Any],
        edition: DriftingLandsEdition,
        players: int,
        seed: int,
        options: dict[str, OptionValue],
    ) -> None:
        super().__init__(game, edition, players, seed, options)
        self.teams = bool(options["teams"])
        self.board = Board(edition.grid, sum(edition.corner_tiles))
        self.supply = [list(edition.pawns) for _ in range(players)]
        self.corners = [-1] * players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.discards: list[list[int]] = [[] for _ in range(players)]
        self.round = 0
        self.starter = 0
        self.turn = 0  # position in this phase's seat order
        self.phase = START
        self.to_move = 0
        self.card = 0  # the card being played (id), 0 when none
        self.split_path: tuple[int, int, int] | None = None  # (anchor, first, second)
        self.expelled: tuple[int, int, int] | None = None  # (space, owner, level)
        self.breeds_left = 0
        self.drowned: list[JsonDict] = []
        self._legal = None
        self._unused = self._count_unused()

    # -- seats and turns -----------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def team_of(self, seat: int) -> int:
        """With teams, seats 1 and 3 (0 and 2) against seats 2 and 4 (1 and 3)."""
        return seat % 2 if self.teams else seat

    def seat_at(self, turn: int) -> int:
        return (self.starter + turn) % self.num_players

    def unused_points(self) -> list[int]:
        """Each seat's basic points on the cards in neither its hand nor its discard pile."""
        return self._unused

    def _count_unused(self) -> list[int]:
        return [
            unused_points(self.edition, hand, discards)
            for hand, discards in zip(self.hands, self.discards, strict=True)
        ]

    def _card_moved(self, seat: int, card: int, taken: bool) -> None:
        """Keep unused_points() up to date when ``card`` goes into the seat's hand or discard
        pile (taken) or comes out of its hand to be played (a card in play counts as unused,
        as in the breakdown). The list is shared with copies, so it is replaced."""
        unused = self._unused.copy()
        points = self.edition.card_points[card]
        unused[seat] += -points if taken else points
        self._unused = unused

    def card_type(self, card: int) -> int:
        return self.edition.cards[card][0]

    # -- legal actions ----------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        phase, seat = self.phase, self.to_move
        if phase == START:
            return [n.START + c for c in self._free_corners(seat)]
        if phase == DRIFT:
            return self._drifts(self._own_continents(seat), ultra=False)
        if phase == SELECT:
            return [n.SELECT + c for c in self.selectable_cards()]
        if phase == PLAY:
            return [n.PLAY + c for c in self._distinct(self.hands[seat])]
        if phase == EFFECT:
            return self._effects(seat)
        if phase == PART:
            return [n.PART + i for i in range(len(self.split_parts()))]
        if phase == EXPEL:
            assert self.expelled is not None
            return [n.EXPEL + s for s in bits(self.board.empty_touching(1 << self.expelled[0]))]
        return []

    def _free_corners(self, seat: int) -> list[int]:
        taken = [c for c in self.corners if c >= 0]
        if self.num_players == 2 and taken:
            return [(taken[0] + 2) % 4]  # 2 players: diagonally opposite corners
        return [c for c in range(4) if c not in taken]

    def _own_continents(self, seat: int) -> list[int]:
        own = self.board.pawn_mask(seat)
        return [c for c in self.board.continents() if c & own]

    def _drifts(self, continents: Sequence[int], ultra: bool) -> list[int]:
        board = self.board
        actions = []
        for continent in continents:
            anchor = (continent & -continent).bit_length() - 1
            for first in range(6):
                for second in (NO_STEP, *range(6)) if ultra else (NO_STEP,):
                    if board.path_fits(continent, Path(first, second)):
                        actions.append(n.DRIFT + (anchor * 6 + first) * 7 + second)
        return actions

    def _distinct(self, cards: list[int]) -> list[int]:
        return distinct(self.edition, cards)

    def selectable_cards(self) -> list[int]:
        """DL-8: the cards the player to move may select next."""
        seat = self.to_move
        return selectable(self.edition, self.hands[seat], self.discards[seat])

    def playable_cards(self) -> list[int]:
        """The cards in the hand of the player to move, lowest first."""
        return sorted(self.hands[self.to_move])

    def move_budget(self) -> int | None:
        """DL-6: the movement points of the Moving or Migrating card being played, if one is."""
        return MOVE_BUDGET.get(self.card_type(self.card)) if self.card else None

    def _effects(self, seat: int) -> list[int]:
        kind = self.card_type(self.card)
        board = self.board
        if kind in (DRIFTING, ULTRA_DRIFTING):
            return self._drifts(board.continents(), ultra=kind == ULTRA_DRIFTING)
        if kind in (SPLITTING, ULTRA_SPLITTING):
            # DL-4: only the part moves, so a path is offered when some part can take it.
            seconds = (NO_STEP, *range(6)) if kind == ULTRA_SPLITTING else (NO_STEP,)
            actions = []
            for continent in self._own_continents(seat):
                if continent.bit_count() < 2:
                    continue
                anchor = (continent & -continent).bit_length() - 1
                for first in range(6):
                    for second in seconds:
                        if board.can_split(continent, Path(first, second)):
                            actions.append(n.SPLIT + (anchor * 6 + first) * 7 + second)
            return actions
        if kind == OROGENY:
            return [
                n.OROGENY + lifted * POSITIONS + target
                for continent in self._own_continents(seat)
                for lifted, target in board.orogenies(continent)
            ]
        if kind in (MOVING, MIGRATING):
            return [
                n.MOVE + start * POSITIONS + end
                for start in sorted(bits(board.pawn_mask(seat)))
                for end in board.destinations(start, MOVE_BUDGET[kind])
            ]
        if kind in (BREEDING, REPRODUCING):
            if self.supply[seat][1]:
                return [n.BREED + s for s in bits(board.empty_touching(board.pawn_mask(seat)))]
            return self._evolutions(seat, 1)  # DL-7: no level-1 pawn left: Evolving instead
        return self._evolutions(seat, 1 if kind == EVOLVING else 2)

    def _evolutions(self, seat: int, step: int) -> list[int]:
        """DL-7: pawns that can go ``step`` levels up with a pawn of that level in supply."""
        supply = self.supply[seat]
        return [
            n.EVOLVE + space
            for space, (owner, level) in sorted(self.board.pawns.items())
            if owner == seat and level + step <= 4 and supply[level + step]
        ]

    def split_parts(self) -> tuple[int, ...]:
        """DL-4: the parts the split being made may carry away, smallest first (a part's
        action numbers its place here); none when no split is being made."""
        if self.split_path is None:
            return ()
        anchor, first, second = self.split_path
        return self.board.split_parts(self.board.continent_of(anchor), Path(first, second))

    # -- applying ----------------------------------------------------------------------

    def apply(self, action: int) -> None:
        if type(action) is not int or not 0 <= action < n.ACTION_COUNT:
            raise IllegalActionError(not_an_action(action, "Drifting Lands", n.ACTION_COUNT))
        if self.phase == OVER:
            raise IllegalActionError("the game is over")
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            raise IllegalActionError(self._refusal(action))
        self.history.append(action)
        self._legal = None  # the transition may fill it in for the next decision
        self._transition(self.to_move, self.phase, action)

    def _transition(self, seat: int, phase: int, action: int) -> None:
        if phase == START:
            self._start_on(seat, action - n.START)
        elif phase == DRIFT:
            self._drift(action - n.DRIFT, seat)
            self._next_drifter()
        elif phase == SELECT:
            self.hands[seat].append(action - n.SELECT)
            self._card_moved(seat, action - n.SELECT, taken=True)
            if len(self.hands[seat]) == HAND:
                self._next_selector()
        elif phase == PLAY:
            self.card = action - n.PLAY
            self.hands[seat].remove(self.card)
            self._card_moved(seat, self.card, taken=False)
            self.breeds_left = 2 if self.card_type(self.card) == REPRODUCING else 1
            self.phase = EFFECT
            self._effect_or_end()
        elif phase == EFFECT:
            self._effect(seat, action)
        elif phase == PART:
            assert self.split_path is not None
            _, first, second = self.split_path
            part = self.split_parts()[action - n.PART]
            self._record_drowned(self.board.move_tiles(part, Path(first, second)))
            self.split_path = None
            self._end_card()
        elif phase == EXPEL:
            assert self.expelled is not None
            _, owner, level = self.expelled
            self.board.pawns[action - n.EXPEL] = (owner, level)
            self.expelled = None
            self._end_card()

    def _refusal(self, action: int) -> str:
        """Why an action is not legal now, naming the ruling."""
        ask = self.asks()
        kind = self.card_type(self.card) if self.card else -1
        verb = n.verb_of(action)
        if verb not in self._asked_verbs(kind):
            return f"it is not the time to {DOING[verb]}: the game asks you to {ask}"
        if n.DRIFT <= action < n.PART:
            anchor = decode_path((action - n.DRIFT) % (n.SPLIT - n.DRIFT))[0]
            grid = self.board.grid
            if grid.full >> anchor & 1 and not self.board.land >> anchor & 1:
                q, r = grid.coords(anchor)
                return f"{q},{r} is ocean: name a tile of the continent (DL-2)"
        if self.phase == START:
            return f"that corner cannot be chosen: the game asks you to {ask} (2 players: opposite corners)"
        if self.phase == DRIFT:
            return (
                "that drift is not possible: move a continent carrying your pawn one step, every tile "
                f"staying on the map and off other continents (DL-3); the game asks you to {ask}"
            )
        if self.phase == SELECT:
            return (
                "that card cannot be selected: pick cards not in your discard pile nor already in "
                f"your hand, in rising order (DL-8); the game asks you to {ask}"
            )
        if self.phase == PLAY:
            return f"that card is not in your hand; the game asks you to {ask}"
        if self.phase == PART:
            offered = len(self.split_parts())
            return (
                f"that part is not one of the {offered} this split offers: {SPLIT_RULE}; the "
                f"game asks you to {ask}"
            )
        if kind in (SPLITTING, ULTRA_SPLITTING):
            return f"that split is not possible: {SPLIT_RULE}; the game asks you to {ask}"
        if kind == OROGENY:
            return (
                "that orogeny is not possible: lift a plain tile touching the ocean onto a plain tile "
                f"touching it, on a continent with your pawn (DL-5); the game asks you to {ask}"
            )
        if self.phase == EXPEL:
            assert self.expelled is not None
            q, r = self.board.grid.coords(self.expelled[0])
            return (
                f"the expelled pawn goes to an empty space touching {q},{r}, whatever its "
                f"terrain (DL-6); the game asks you to {ask}"
            )
        if kind in (MOVING, MIGRATING):
            start, end = divmod(action - n.MOVE, POSITIONS)
            problem = self.board.move_problem(self.to_move, start, end, MOVE_BUDGET[kind])
            return f"that move is not possible: {problem or MOVE_RULE}; the game asks you to {ask}"
        if kind in (BREEDING, REPRODUCING, EVOLVING, MUTATING):
            return (
                "that is not possible: breed on an empty space touching your pawn, or evolve a pawn with "
                f"a higher pawn in supply (DL-7, DL-10); the game asks you to {ask}"
            )
        return f"that drift is not possible (DL-3, DL-10); the game asks you to {ask}"

    def _asked_verbs(self, kind: int) -> tuple[str, ...]:
        """The verbs of the actions the game asks for now (``kind``: the card in play's)."""
        if self.phase != EFFECT:
            return (PHASE_NAMES[self.phase],)
        if kind in (DRIFTING, ULTRA_DRIFTING):
            return ("drift",)
        if kind in (SPLITTING, ULTRA_SPLITTING):
            return ("split",)
        if kind == OROGENY:
            return ("orogeny",)
        if kind in (MOVING, MIGRATING):
            return ("move",)
        if kind in (BREEDING, REPRODUCING):
            return ("breed", "evolve")  # DL-7: evolve when no level-1 pawn is left
        return ("evolve",)

    def asks(self) -> str:
        """The current decision, in words addressed to the seat to move."""
        return asks(
            self.phase,
            len(self.hands[self.to_move]),
            self.card_type(self.card) if self.card else None,
        )

    def _start_on(self, seat: int, corner: int) -> None:
        self.corners[seat] = corner
        for space in self.edition.corner_starts[corner]:
            self.board.pawns[space] = (seat, 1)
        self.supply[seat][1] -= 4
        if seat + 1 < self.num_players:
            self.to_move = seat + 1
        else:
            self._begin_round()

    def _begin_round(self) -> None:
        self.phase = DRIFT
        self.turn = -1
        self._next_drifter()

    def _next_drifter(self) -> None:
        """DL-3: each player in turn drifts, when a drift of a continent with their pawn exists."""
        while True:
            self.turn += 1
            if self.turn == self.num_players:
                self.phase = SELECT
                self.turn = 0
                self.to_move = self.seat_at(0)
                return
            self.to_move = self.seat_at(self.turn)
            legal = self._compute_legal()
            if legal:
                self._legal = legal
                return

    def _next_selector(self) -> None:
        self.turn += 1
        if self.turn < self.num_players:
            self.to_move = self.seat_at(self.turn)
            return
        self.phase = PLAY
        self.turn = 0
        self.to_move = self.seat_at(0)

    def _drift(self, code: int, seat: int) -> None:
        anchor, first, second = decode_path(code)
        continent = self.board.continent_of(anchor)
        self._record_drowned(self.board.move_tiles(continent, Path(first, second)))

    def _record_drowned(self, pawns: list[tuple[int, int]]) -> None:
        for owner, level in pawns:
            self.supply[owner][level] += 1
            self.drowned.append({"round": self.round + 1, "owner": owner, "level": level})

    def _effect(self, seat: int, action: int) -> None:
        board = self.board
        if n.DRIFT <= action < n.SPLIT:
            self._drift(action - n.DRIFT, seat)
        elif n.SPLIT <= action < n.PART:
            self.split_path = decode_path(action - n.SPLIT)
            self.phase = PART
            return
        elif n.OROGENY <= action < n.MOVE:
            lifted, target = divmod(action - n.OROGENY, POSITIONS)
            for owner, level in board.lift(lifted, target):
                self.supply[owner][level] += 1
        elif n.MOVE <= action < n.EXPEL:
            start, end = divmod(action - n.MOVE, POSITIONS)
            mover = board.pawns.pop(start)
            victim = board.pawns.get(end)
            board.pawns[end] = mover
            if victim is not None:
                # DL-6: the expelled pawn goes to an empty space touching it, or is removed.
                if board.empty_touching(1 << end):
                    self.expelled = (end, *victim)
                    self.phase = EXPEL
                    return
                self.supply[victim[0]][victim[1]] += 1
        elif n.BREED <= action < n.EVOLVE:
            board.pawns[action - n.BREED] = (seat, 1)
            self.supply[seat][1] -= 1
        else:
            space = action - n.EVOLVE
            owner, level = board.pawns[space]
            step = 2 if self.card_type(self.card) == MUTATING else 1
            self.supply[seat][level] += 1
            self.supply[seat][level + step] -= 1
            board.pawns[space] = (owner, level + step)
        self.breeds_left -= 1
        self._effect_or_end()

    def _effect_or_end(self) -> None:
        """Ask for the card's (next) effect, or end the card when there is none (DL-10)."""
        if self.breeds_left > 0:
            legal = self._compute_legal()
            if legal:
                self._legal = legal
                return
        self._end_card()

    def _end_card(self) -> None:
        seat = self.to_move
        self.discards[seat].append(self.card)
        self._card_moved(seat, self.card, taken=True)
        self.card = 0
        self.breeds_left = 0
        if not any(self.hands):
            self._end_round()
            return
        self.phase = PLAY
        self.turn += 1
        self.to_move = self.seat_at(self.turn)
        while not self.hands[self.to_move]:
            self.turn += 1
            self.to_move = self.seat_at(self.turn)

    def _end_round(self) -> None:
        self.round += 1
        self.starter = (self.starter + 1) % self.num_players  # the marker passes on
        if self.round == ROUNDS:
            self.phase = OVER
            return
        self._begin_round()

    # -- scoring (scoring.py) ------------------------------------------------------------

    def scores(self) -> list[int]:
        return totals(self.board, self.edition, self.unused_points())

    def winners(self) -> list[int]:
        return winners(self.score_breakdown())

    def score_breakdown(self) -> list[JsonDict]:
        unused = [
            unused_points(self.edition, hand, discards)
            for hand, discards in zip(self.hands, self.discards, strict=True)
        ]
        return breakdown(self.board, self.edition, unused, self.teams)

    # -- notation (notation.py), copies ---------------------------------------------------

    def format_action(self, action: int) -> str:
        return n.format_action(self, action)

    def parse_action(self, text: str) -> int:
        return n.parse_action(self, text)

    def action_to_json(self, action: int) -> JsonDict:
        return n.to_json(self, action)

    def action_from_json(self, data: object) -> int:
        return n.from_json(self, data)

    def actions_json(self, actions: Iterable[int]) -> list[JsonDict]:
        return n.actions_json(self, actions)

    def refresh(self) -> None:
        self._legal = None
        self._unused = self._count_unused()

    def hands_redrawn(self, seats: Collection[int]) -> None:
        # The legal actions come from the public fields and the hand of the player to move
        # alone: a world drawn for that player (a search's, a preview's) keeps them.
        if self.to_move in seats:
            self._legal = None
        self._unused = self._count_unused()


def distinct(edition: DriftingLandsEdition, cards: Sequence[int]) -> list[int]:
    """One card of each kind (type and points): identical cards are one choice."""
    seen: set[tuple[int, int]] = set()
    chosen = []
    for card in sorted(cards):
        kind = edition.cards[card]
        if kind not in seen:
            seen.add(kind)
            chosen.append(card)
    return chosen


def selectable(
    edition: DriftingLandsEdition, hand: Sequence[int], discards: Sequence[int]
) -> list[int]:
    """DL-8: the cards a player with ``hand`` and ``discards`` may select next: not in the
    discard pile, chosen in rising order so a hand is one sequence."""
    last = max(hand, default=0)
    spent = set(discards) | set(hand)
    free = [c for c in edition.cards if c not in spent and c > last]
    still = HAND - len(hand) - 1  # picks that must remain possible after this one
    return [c for c in distinct(edition, free) if sum(1 for f in free if f > c) >= still]
