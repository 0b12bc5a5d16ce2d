"""What each game gives the balance report of a finished game's standings: breakdowns in
words that add up to the seat's score, and the seats' sides."""

from __future__ import annotations

from typing import Any

import pytest

from tablelands.core.game import JsonDict
from tablelands.games import get_game
from tablelands.games.confusing_lands.components import CONDITION_NAMES
from tests.play import random_game


def final_standings(name: str, players: int, seed: int, options: dict[str, Any]) -> list[JsonDict]:
    *_, state = random_game(name, players, seed, options)
    return get_game(name).standings(state.public_observation(), state.edition)


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 2), (2, 3)])
def test_confusing_lands_points_by_condition(players: int, seed: int) -> None:
    game = get_game("confusing-lands")
    rows = final_standings("confusing-lands", players, seed, {})
    assert game.balance_sides(rows) is None
    for row, figures in zip(rows, game.balance_figures(rows), strict=True):
        held = {CONDITION_NAMES[int(c)]: v for c, v in row["conditions"].items()}
        assert figures["points by condition"] == held
        assert sum(figures["points by source"].values()) == row["total"]
        assert 0 not in figures["points by source"].values()
        if row["shared"] is None:
            assert "points from the shared condition" not in figures
        else:
            shared = {CONDITION_NAMES[row["shared_condition"]]: row["shared"]}
            assert figures["points from the shared condition"] == shared


@pytest.mark.parametrize("players", [2, 3, 4])
def test_land_vs_sea_points_by_kind_and_sides(players: int) -> None:
    game = get_game("land-vs-sea")
    rows = final_standings("land-vs-sea", players, players, {})
    sides = {2: ["Land", "Sea"], 3: ["Land", "Sea", "Cartographer"], 4: ["Land", "Sea"] * 2}
    assert game.balance_sides(rows) == sides[players]
    words = {"Areas", "Bonus symbols", "Mountain and coral ranges", "Trade contacts"}
    words |= {"Trade routes", "Waypoints returned"}
    for row, figures in zip(rows, game.balance_figures(rows), strict=True):
        (kinds,) = figures.values()
        assert set(kinds) <= words and len(kinds) == len(row["by_kind"])
        assert sum(kinds.values()) == sum(row["by_kind"].values())


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"teams": True})])
def test_drifting_lands_points_by_source_and_continent_control(
    players: int, options: dict[str, Any]
) -> None:
    game = get_game("drifting-lands")
    rows = final_standings("drifting-lands", players, 5, options)
    teams = ["Seats 1 and 3", "Seats 2 and 4"] * 2
    assert game.balance_sides(rows) == (teams if options else None)
    for row, figures in zip(rows, game.balance_figures(rows), strict=True):
        assert sum(figures["points by source"].values()) == row["total"]
        control = figures["continents controlled"]
        assert control.get("First on a continent", 0) == row["continents_first"]
        assert control.get("Second on a continent", 0) == row["continents_second"]
    # Some seat came first somewhere, and whoever did scored from continents.
    assert any(row["continents_first"] for row in rows)
    assert all(row["continents"] > 0 for row in rows if row["continents_first"])
