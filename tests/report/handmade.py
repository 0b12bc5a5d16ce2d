"""A results file made by hand, small enough that every figure of its report can be worked
out on paper (test_figures.py does)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tablelands.core.game import JsonDict
from tablelands.tournament.results import GameResult, ResultsFile


def _cl_row(seat: int, conditions: dict[int, int], shared: int | None) -> JsonDict:
    total = sum(conditions.values()) + (shared or 0)
    return {
        "seat": seat,
        "cards": 8,
        "conditions": {str(c): v for c, v in conditions.items()},
        "shared_condition": 3,
        "shared": shared,
        "penalty": 0,
        "total": total,
        "best_single": max(conditions.values(), default=0),
    }


def _result(
    key: str, game: str, index: int, seats: list[str], returns: list[float], **kw: Any
) -> GameResult:
    standings: list[JsonDict] = kw["standings"]
    return GameResult(
        tournament=key,
        index=index,
        game=game,
        players=len(seats),
        options=kw.get("options", {}),
        edition="packaged",
        variant="",
        seed=index,
        seats=seats,
        scores=[row["total"] for row in standings],
        returns=returns,
        moves=kw["moves"],
        standings=standings,
        seconds=0.01,
    )


# Confusing Lands, agents a and b, seats swapped each game. Condition 1 is Mighty River,
# 2 Noble Woodlands, 3 (the shared one) Barrier Range.
CONFUSING = [
    (["a", "b"], [1.0, 0.0], 16, [_cl_row(0, {1: 8, 2: 0}, 2), _cl_row(1, {1: 4}, 1)]),
    (["b", "a"], [0.5, 0.5], 16, [_cl_row(0, {2: 6}, 1), _cl_row(1, {1: 6}, 1)]),
    (["a", "b"], [0.0, 1.0], 14, [_cl_row(0, {2: 3}, 0), _cl_row(1, {1: 10}, 0)]),
    (["b", "a"], [1.0, 0.0], 18, [_cl_row(0, {}, None), _cl_row(1, {1: 2}, 0)]),
]


def _lvs_rows(land: int, sea: int) -> list[JsonDict]:
    sides = ("land", "sea", "land", "sea")
    points = {"land": land, "sea": sea}
    return [
        {"seat": s, "side": side, "by_kind": {"area": points[side]}, "total": points[side]}
        for s, side in enumerate(sides)
    ]


# Land vs Sea, 4 players (seats 1 and 3 land): sea wins twice, land once.
LAND_VS_SEA = [
    ([0.0, 0.5, 0.0, 0.5], 120, _lvs_rows(4, 8)),
    ([0.0, 0.5, 0.0, 0.5], 130, _lvs_rows(2, 6)),
    ([0.5, 0.0, 0.5, 0.0], 110, _lvs_rows(9, 3)),
]


def write_handmade(path: Path) -> None:
    with ResultsFile(path) as file:
        file.register("cl", {"game": "confusing-lands"})
        file.register("lvs", {"game": "land-vs-sea"})
        file.append(
            [
                _result("cl", "confusing-lands", i, seats, returns, moves=moves, standings=rows)
                for i, (seats, returns, moves, rows) in enumerate(CONFUSING)
            ]
        )
        file.append(
            [
                _result(
                    "lvs",
                    "land-vs-sea",
                    i,
                    ["random"] * 4,
                    returns,
                    moves=moves,
                    standings=rows,
                    options={"mountains": False, "trade": False, "waypoints": True},
                )
                for i, (returns, moves, rows) in enumerate(LAND_VS_SEA)
            ]
        )
