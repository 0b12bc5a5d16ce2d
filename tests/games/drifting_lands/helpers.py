"""Build Drifting Lands positions by hand and play actions through the real rules."""

from __future__ import annotations

from collections.abc import Iterable

from tablelands.core.game import OptionValue
from tablelands.core.rng import Rng
from tablelands.games.drifting_lands import GAME
from tablelands.games.drifting_lands.components import CARD_TYPES, PHASE_NAMES, PLAY, ROUNDS
from tablelands.games.drifting_lands.state import DriftingLandsState

Cell = tuple[int, int]


def blank(
    players: int = 2, options: dict[str, OptionValue] | None = None, seed: int = 0
) -> DriftingLandsState:
    """A game whose board is then set by :func:`set_board`: in the playing phase, seat 0 to play,
    every hand empty."""
    state = GAME.new_state(players=players, seed=seed, options=options)
    state.corners = list(range(players))
    state.phase = PLAY
    state.to_move = 0
    state.turn = 0
    return state


def cell(state: DriftingLandsState, q: int, r: int) -> int:
    return state.board.grid.index(q, r)


def set_board(
    state: DriftingLandsState,
    land: Iterable[Cell],
    mountains: Iterable[Cell] = (),
    pawns: dict[Cell, tuple[int, int]] | None = None,
) -> None:
    """Replace the terrain and pawns; every supply is what the board leaves over."""
    grid = state.board.grid
    state.board.land = sum(1 << grid.index(q, r) for q, r in land)
    state.board.mountain = sum(1 << grid.index(q, r) for q, r in mountains)
    assert state.board.mountain & ~state.board.land == 0, "mountains stand on land"
    state.board.pawns = {
        grid.index(q, r): owner_level for (q, r), owner_level in (pawns or {}).items()
    }
    state.supply = [list(state.edition.pawns) for _ in range(state.num_players)]
    for owner, level in state.board.pawns.values():
        state.supply[owner][level] -= 1
        assert state.supply[owner][level] >= 0, "more pawns of a level than a species has"
    state._legal = None


def give(state: DriftingLandsState, seat: int, *types: str) -> list[int]:
    """Put cards of these types (``"moving"``...) in a seat's hand and make it that seat's turn."""
    ids = []
    for name in types:
        kind = CARD_TYPES.index(name)
        taken = set(state.hands[seat]) | set(state.discards[seat])
        card = next(
            c for c, (k, _) in sorted(state.edition.cards.items()) if k == kind and c not in taken
        )
        state.hands[seat].append(card)
        ids.append(card)
    state.phase = PLAY
    state.to_move = seat
    state.turn = (seat - state.starter) % state.num_players
    state.refresh()
    return ids


def act(state: DriftingLandsState, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))


def pawn(state: DriftingLandsState, q: int, r: int) -> tuple[int, int] | None:
    return state.board.pawns.get(cell(state, q, r))


def is_land(state: DriftingLandsState, q: int, r: int) -> bool:
    return bool(state.board.land >> cell(state, q, r) & 1)


def random_game(players: int, seed: int) -> list[DriftingLandsState]:
    """Every position of one game of random play."""
    state = GAME.new_state(players=players, seed=seed)
    rng = Rng(seed)
    positions = [state.clone()]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        positions.append(state.clone())
    return positions


def last_round(
    players: int, seed: int, phase: str = "play", later_seat: bool = False
) -> DriftingLandsState:
    """A position of random play in the last round's ``phase`` where the player to move has
    a real choice (and, with ``later_seat``, is not the first in the phase's seat order)."""
    state = GAME.new_state(players=players, seed=seed)
    rng = Rng(seed)
    while not (
        state.round == ROUNDS - 1
        and PHASE_NAMES[state.phase] == phase
        and len(state.legal_actions()) >= 2
        and (state.turn > 0 or not later_seat)
    ):
        state.apply(rng.choice(state.legal_actions()))
    return state
