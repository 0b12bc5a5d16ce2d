"""The schedule: every pairing or the gauntlet's, each agent in every seat in turn, seeds
from the tournament's seed and the game's index, and a key that follows the spec."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tablelands.tournament.runner import chunks_of, pending_jobs
from tablelands.tournament.schedule import Spec, TournamentError

SPEC = Spec(
    game="drifting-lands",
    players=2,
    agents=("a", "b", "c"),
    games=4,
    format="round-robin",
    seed=100,
)


def test_a_round_robin_plays_every_pairing_with_seats_rotated() -> None:
    assert SPEC.pairings() == [(0, 1), (0, 2), (1, 2)]
    assert SPEC.total == 12
    assert [SPEC.seats(i) for i in range(4)] == [["a", "b"], ["b", "a"], ["a", "b"], ["b", "a"]]
    assert SPEC.seats(4) == ["a", "c"] and SPEC.seats(11) == ["c", "b"]
    # Each agent plays each seat equally often.
    seated = Counter((s, agent) for i in range(SPEC.total) for s, agent in enumerate(SPEC.seats(i)))
    assert set(seated.values()) == {4}


def test_three_players_play_every_combination_in_every_rotation() -> None:
    spec = replace(SPEC, players=3, agents=("a", "b", "c", "d"), games=3)
    assert spec.pairings() == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    assert [spec.seats(i) for i in range(3)] == [
        ["a", "b", "c"],
        ["b", "c", "a"],
        ["c", "a", "b"],
    ]


def test_a_gauntlet_plays_the_first_agent_against_each_other() -> None:
    spec = replace(SPEC, format="gauntlet", agents=("hero", "x", "y", "z"), games=2)
    assert spec.pairings() == [(0, 1), (0, 2), (0, 3)]
    assert [spec.seats(i) for i in range(spec.total)] == [
        ["hero", "x"],
        ["x", "hero"],
        ["hero", "y"],
        ["y", "hero"],
        ["hero", "z"],
        ["z", "hero"],
    ]
    three = replace(spec, players=3)
    assert three.pairings() == [(0, 1, 2), (0, 1, 3), (0, 2, 3)]


def test_a_spec_given_twice_fills_two_seats() -> None:
    spec = replace(SPEC, players=4, agents=("greedy", "random", "random", "random"), games=4)
    assert spec.pairings() == [(0, 1, 2, 3)]
    assert spec.seats(1) == ["random", "random", "random", "greedy"]


def test_seeds_come_from_the_seed_and_index_alone() -> None:
    jobs = pending_jobs(SPEC, done={1, 5})
    assert [job.index for job in jobs] == [0, 2, 3, 4, 6, 7, 8, 9, 10, 11]
    assert [job.seed for job in jobs[:3]] == [100, 102, 103]
    assert jobs[3].seats == ("a", "c")
    assert replace(SPEC, seed=2**63 - 1).seed_of(2) == 1
    # Chunking splits the same jobs whatever the worker count.
    for workers in (1, 2, 7):
        assert [job for chunk in chunks_of(jobs, workers) for job in chunk] == jobs


def test_the_key_changes_with_whatever_decides_the_games() -> None:
    keys = {
        SPEC.key,
        replace(SPEC, seed=101).key,
        replace(SPEC, options={"teams": True}).key,
        replace(SPEC, edition="sha256:00").key,
        replace(SPEC, variant="A").key,
        replace(SPEC, format="gauntlet").key,
        replace(SPEC, agents=("a", "c", "b")).key,
        replace(SPEC, games=5).key,
    }
    assert len(keys) == 8
    assert Spec.from_json(SPEC.to_json()) == SPEC and len(SPEC.key) == 16


def test_impossible_schedules_are_refused_naming_why() -> None:
    with pytest.raises(TournamentError, match="with 4 players needs at least 4 agents, not 3"):
        replace(SPEC, players=4)
    with pytest.raises(TournamentError, match="format 'swiss'"):
        replace(SPEC, format="swiss")
    with pytest.raises(TournamentError, match="at least one"):
        replace(SPEC, games=0)
