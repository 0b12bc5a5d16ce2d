"""What the Drifting Lands rules give the search: fast totals that agree with the scoring
breakdown, and remembered split checks (what it knows of the game is in test_ai.py)."""

from __future__ import annotations

import pytest

from tablelands.core.rng import Rng
from tablelands.games.drifting_lands.board import Path

from .helpers import random_game


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_totals_agree_with_the_breakdown_all_game_long(players: int, seed: int) -> None:
    # state.scores() (what search and greedy play use) counts unused cards from a running
    # tally and pawns through remembered continent numbers; the breakdown counts afresh.
    for number, state in enumerate(random_game(players, seed)):
        expected = [row["total"] for row in state.score_breakdown()]
        assert state.scores() == expected
        if number % 7 == 0 and not state.is_terminal:
            sample = state.sample_hidden(state.current_player, Rng(number))
            fresh = [row["total"] for row in sample.score_breakdown()]
            assert sample.scores() == fresh


def test_split_checks_agree_with_the_listed_parts() -> None:
    # ruling DL-4: a split path is offered exactly when some part can take it
    checked = 0
    for state in random_game(3, 11)[::5]:
        board = state.board
        for continent in board.continents():
            if continent.bit_count() < 2:
                continue
            for first in range(6):
                for second in (6, *range(6)):
                    path = Path(first, second)
                    assert board.can_split(continent, path) == bool(
                        board.split_parts(continent, path)
                    )
                    checked += 1
    assert checked > 1000
