"""What Drifting Lands gives the search: fast totals that agree with the scoring breakdown,
remembered split checks, the flat search of the last round with greedy playouts, a
utility that prefers wider wins, and hidden hands drawn favouring cheap cards."""

from __future__ import annotations

import pytest

from tablelands.agents.mcts import Budget, search
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games.drifting_lands import GAME, scoring
from tablelands.games.drifting_lands.board import Path
from tablelands.games.drifting_lands.state import (
    FINAL_ROUND_DECISIONS,
    FINAL_SEARCH_WIDTH,
    PHASE_NAMES,
    ROUNDS,
    DriftingLandsState,
)


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


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_totals_agree_with_the_breakdown_all_game_long(players: int, seed: int) -> None:
    # scoring.totals (what search and greedy play use) counts unused cards from a running
    # tally and pawns through remembered continent numbers; the breakdown counts afresh.
    for number, state in enumerate(random_game(players, seed)):
        expected = [row["total"] for row in scoring.breakdown(state)]
        assert scoring.totals(state) == expected
        if number % 7 == 0 and not state.is_terminal:
            sample = state.sample_hidden(state.current_player, Rng(number))
            fresh = [row["total"] for row in scoring.breakdown(sample)]
            assert scoring.totals(sample) == fresh


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


def test_search_turns_flat_for_the_whole_last_round_only() -> None:
    seen = set()
    for state in random_game(3, 5):
        phase = PHASE_NAMES[state.phase]
        final = state.round == ROUNDS - 1 and phase != "over"
        if final:
            seen.add(phase)
        assert state.final_round() == final
        assert state.flat_search == final
        if final:
            assert state.search_width == FINAL_SEARCH_WIDTH
            assert state.prior_visits == 0
            assert state.playout_steps == FINAL_ROUND_DECISIONS
        else:
            assert state.prior_visits > 0
            assert state.playout_steps == 0  # the estimate judges every earlier position
    assert {"drift", "select", "play", "effect"} <= seen


@pytest.mark.parametrize("phase", ["drift", "select", "play"])
def test_a_last_round_playout_reaches_the_end(phase: str) -> None:
    state = last_round(4, 7, phase)
    steps = 0
    while not state.is_terminal:
        state.apply(state.rollout_action(Rng(steps)))
        steps += 1
    assert steps <= FINAL_ROUND_DECISIONS


@pytest.mark.parametrize("phase", ["drift", "select", "play"])
def test_playouts_take_the_best_action_for_the_players_score_standing(phase: str) -> None:
    state = last_round(3, 4, phase)
    seen = 0
    while not state.is_terminal and seen < 24:
        mover = state.current_player
        values = {}
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            values[action] = after.evaluate(mover)
        chosen = state.rollout_action(Rng(seen))
        assert values[chosen] == max(values.values())
        state.apply(chosen)
        seen += 1


def test_utility_ranks_by_the_win_then_by_the_total() -> None:
    for seed in (1, 2, 3):
        state = random_game(3, seed)[-1]
        utility = state.utility()
        returns = state.returns()
        totals = state.scores()
        assert all(0.0 <= u <= 1.0 for u in utility)
        for a in range(3):
            for b in range(3):
                if (returns[a], totals[a]) > (returns[b], totals[b]):
                    assert utility[a] > utility[b]


def test_hidden_hands_are_drawn_favouring_cheap_cards() -> None:
    state = last_round(3, 9)
    me = state.current_player
    other = (me + 1) % 3
    points = state.edition.card_points
    pool = [c for c in state.edition.cards if c not in state.discards[other]]
    drawn: list[int] = []
    for seed in range(200):
        sample = state.sample_hidden(me, Rng(seed))
        assert set(sample.hands[other]) <= set(pool)
        assert len(sample.hands[other]) == len(state.hands[other])
        drawn += sample.hands[other]
    pool_mean = sum(points[c] for c in pool) / len(pool)
    drawn_mean = sum(points[c] for c in drawn) / len(drawn)
    assert drawn_mean < pool_mean - 0.2


@pytest.mark.parametrize(
    ("players", "seed", "phase"), [(3, 2, "play"), (4, 6, "play"), (3, 2, "select")]
)
def test_the_flat_search_uses_only_what_the_player_knows(
    players: int, seed: int, phase: str
) -> None:
    # not first in the seat order, so others' hands are already secret (even when picking)
    state = last_round(players, seed, phase, later_seat=True)
    me = state.current_player
    assert any(state.hands[seat] for seat in range(players) if seat != me)
    other_world = state.sample_hidden(me, Rng(99))
    assert other_world.observation(me) == state.observation(me)
    ranked = search(SeatView(state), Budget(iterations=24), Rng(3))
    assert ranked == search(SeatView(other_world, me), Budget(iterations=24), Rng(3))
    assert len({c.visits for c in ranked}) == 1  # every action played out in the same worlds
    assert len(ranked) <= FINAL_SEARCH_WIDTH
