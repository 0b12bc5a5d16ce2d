"""The lobby's words for a game's player counts."""

from __future__ import annotations

import pytest

from tablelands.server.catalog import players_in_words


@pytest.mark.parametrize(
    ("counts", "words"),
    [
        ((1,), "1 player"),
        ((2,), "2 players"),
        ((1, 2), "1 or 2 players"),
        ((2, 3, 4), "2 to 4 players"),
        ((2, 4), "2 or 4 players"),
        ((2, 4, 5), "2, 4 or 5 players"),
    ],
)
def test_player_counts_in_words(counts: tuple[int, ...], words: str) -> None:
    assert players_in_words(counts) == words
