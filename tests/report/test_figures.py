"""The report's figures on a hand-made results file (handmade.py), worked out on paper."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablelands.report.figures import ALL, Group, build_report
from tablelands.tournament.stats import wilson
from tests.report.fill import fill_results
from tests.report.handmade import write_handmade


@pytest.fixture(scope="module")
def groups(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Group]:
    path = tmp_path_factory.mktemp("handmade") / "results.db"
    write_handmade(path)
    report = build_report(path)
    assert report.games == 7 and report.tournaments == ["cl", "lvs"]
    return {group.game: group for group in report.groups}


def test_win_rates_by_agent_and_seat_count_a_shared_win_by_its_share(
    groups: dict[str, Group],
) -> None:
    cl = groups["confusing-lands"]
    assert cl.title == "Confusing Lands, 2 players" and cl.games == 4
    # a: 1 + 0.5 + 0 + 0 of 4 seats; b: 0 + 0.5 + 1 + 1; seat 1: 1 + 0.5 + 0 + 1.
    assert cl.win_by_agent == {"a": wilson(1.5, 4), "b": wilson(2.5, 4)}
    assert cl.win_by_seat == [wilson(2.5, 4), wilson(1.5, 4)]
    seat_one = cl.win_by_seat[0]
    assert (seat_one.share, seat_one.low, seat_one.high) == pytest.approx(
        (0.625, 0.2194, 0.9081), abs=1e-4
    )
    assert cl.win_by_side == {}  # every seat plays for itself


def test_first_player_advantage_is_seat_one_against_the_fair_share(
    groups: dict[str, Group],
) -> None:
    first = groups["confusing-lands"].first_player
    assert first is not None
    assert first.fair == 0.5
    assert first.advantage == pytest.approx(0.125)
    assert (first.low, first.high) == pytest.approx((0.2194 - 0.5, 0.9081 - 0.5), abs=1e-4)
    lvs = groups["land-vs-sea"].first_player
    assert lvs is not None and lvs.fair == 0.25
    assert lvs.share == wilson(0.5, 3)  # seat 1 is land: half of one win in 3 games


def test_win_rate_by_side_sums_the_seats_of_a_side(groups: dict[str, Group]) -> None:
    lvs = groups["land-vs-sea"]
    assert lvs.title == "Land vs Sea, 4 players (waypoints)"
    assert lvs.win_by_side == {"Land": wilson(1, 3), "Sea": wilson(2, 3)}
    assert lvs.win_by_agent == {"random": wilson(3, 12)}  # one win a game, 12 seats


def test_scores_and_game_length(groups: dict[str, Group]) -> None:
    cl = groups["confusing-lands"]
    assert cl.agents == ["a", "b"]
    assert cl.scores_by_agent == {"a": [10, 7, 3, 2], "b": [5, 7, 10, 0]}
    assert cl.scores_by_seat == [[10, 7, 3, 0], [5, 7, 10, 2]]
    assert cl.moves == [16, 16, 14, 18]


def test_points_per_condition_and_how_often_each_is_taken(groups: dict[str, Group]) -> None:
    breakdowns = {b.name: b for b in groups["confusing-lands"].breakdowns}
    conditions = breakdowns["points by condition"]
    # Mighty River: a held it 3 times in 4 seats (8, 6, 2), b twice (4, 10).
    river = {agent: conditions.by_agent[agent]["Mighty River"] for agent in ("a", "b", ALL)}
    assert (river["a"].taken, river["a"].mean_taken, river["a"].mean) == pytest.approx(
        (0.75, 16 / 3, 4.0)
    )
    assert (river["b"].taken, river["b"].mean_taken, river["b"].mean) == (0.5, 7.0, 3.5)
    assert (river[ALL].taken, river[ALL].mean_taken, river[ALL].mean) == (5 / 8, 6.0, 30 / 8)
    # Noble Woodlands held and scoring 0 still counts as taken: a (0, 3), b (6).
    woods = conditions.by_agent["a"]["Noble Woodlands"]
    assert (woods.taken, woods.mean_taken) == (0.5, 1.5)
    assert conditions.by_agent[ALL]["Noble Woodlands"].mean_taken == 3.0
    assert conditions.labels == ["Mighty River", "Noble Woodlands"]  # highest mean first
    shared = breakdowns["points from the shared condition"].by_agent[ALL]["Barrier Range"]
    assert (shared.taken, shared.mean_taken) == (7 / 8, 5 / 7)


def test_points_by_kind_come_from_the_game_in_words(groups: dict[str, Group]) -> None:
    (kinds,) = groups["land-vs-sea"].breakdowns
    assert kinds.name == "points by kind" and kinds.labels == ["Areas"]
    areas = kinds.by_agent["random"]["Areas"]
    assert (areas.taken, areas.mean_taken) == (1.0, (4 + 8 + 2 + 6 + 9 + 3) * 2 / 12)


def test_one_tournament_alone(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    write_handmade(path)
    report = build_report(path, "lvs")
    assert report.games == 3 and [g.game for g in report.groups] == ["land-vs-sea"]


def test_groups_of_one_game_and_player_count_have_sections_of_their_own(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    write_handmade(path)
    fill_results(path, "land-vs-sea", 4, ("random",), 2, key="more")  # waypoints alone
    fill_results(path, "land-vs-sea", 4, ("random",), 2, {"trade": True}, key="trade")
    groups = build_report(path).groups
    assert [(g.anchor, g.games) for g in groups] == [
        ("confusing-lands-2p", 4),
        ("land-vs-sea-4p", 5),
        ("land-vs-sea-4p-2", 2),
    ]
    assert groups[2].title == "Land vs Sea, 4 players (trade, waypoints)"
