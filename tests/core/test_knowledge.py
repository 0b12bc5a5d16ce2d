"""``State.knowledge``: the observation less its drawing fields, the cheap way to compare
observations, and ``SeatView.learns_nothing``, which an undo rests on.

Knowledge is a part of the observation (every field with the observation's own value), and
the fields it leaves out are worked out from it: two states that give a seat the same
knowledge give it the same observation. Checked along seeded games in every mode, and
against each position's variants (what the seat cannot know changed), which must give the
same knowledge.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablelands.core.game import State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games import get_game
from tests.core.test_secrecy import MODES, VARIANTS, mode_id, trajectory, variant_of


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=[mode_id(*m) for m in MODES])
def test_knowledge_is_the_observation_less_what_follows_from_it(
    name: str, players: int, options: tuple[tuple[str, Any], ...]
) -> None:
    states = trajectory(get_game(name), players, dict(options), seed=11)
    for step, state in enumerate(states[:: max(1, len(states) // 25)]):
        for seat in range(players):
            known, seen = state.knowledge(seat), state.observation(seat)
            assert known.keys() < seen.keys(), f"step {step}: no drawing field left out"
            assert all(seen[key] == known[key] for key in known), f"step {step}, seat {seat}"
            for number in range(VARIANTS):
                variant = variant_of(state, seat, number)
                assert variant.knowledge(seat) == known, f"step {step}, seat {seat}"
                assert variant.observation(seat) == seen


def test_a_move_that_draws_nothing_hidden_teaches_nothing_and_a_draw_does() -> None:
    # Land vs Sea: placing a tile from the hand shows nothing new; drawing a tile from a
    # stack shows its back, which the seat could not foresee (LS-5).
    game = get_game("land-vs-sea")
    state = game.new_state(players=2, seed=4)
    rng = Rng(5)
    placed = drew = False
    while not state.is_terminal and not (placed and drew):
        view = SeatView(state)
        action = rng.choice(state.legal_actions())
        kind = view.action_to_json(action)["kind"]
        after = state.clone()
        after.apply(action)
        seen = after.observation(view.seat)
        if kind == "place" and state.rng.state == after.rng.state:
            assert view.learns_nothing(action, seen), view.format_action(action)
            placed = True
        if kind == "draw":
            assert not view.learns_nothing(action, seen), view.format_action(action)
            drew = True
        state = after
    assert placed and drew


def count_worlds(monkeypatch: pytest.MonkeyPatch, kind: type[State]) -> list[int]:
    """A list that grows by one at each world drawn in a state of ``kind``."""
    drawn: list[int] = []
    real = kind.sample_hidden

    def counted(self: State, *args: Any, **kwargs: Any) -> State:
        drawn.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(kind, "sample_hidden", counted)
    return drawn


@pytest.mark.parametrize("name", ["land-vs-sea", "drifting-lands"])
def test_where_the_rules_say_a_move_tells_nothing_no_world_is_played(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # State.tells_mover_nothing spares an undo check its worlds (12 games played out a
    # move): the answer is the worlds' own, and none is drawn for it.
    game = get_game(name)
    state = game.new_state(players=2, seed=9)
    rng = Rng(10)
    spared = 0
    while not state.is_terminal and spared < 5:
        view = SeatView(state)
        action = rng.choice(state.legal_actions())
        after = state.clone()
        after.apply(action)
        seen = after.observation(view.seat)
        if state.tells_mover_nothing(action) and after.rng.state == state.rng.state:
            by_worlds = view.learns_nothing(action, seen, by_worlds=True)
            drawn = count_worlds(monkeypatch, type(state))
            assert view.learns_nothing(action, seen) == by_worlds
            monkeypatch.undo()
            assert not drawn, f"{view.format_action(action)}: {len(drawn)} worlds drawn"
            spared += 1
        state = after
    assert spared == 5


def test_the_rules_never_say_a_draw_or_a_steal_tells_nothing() -> None:
    # Land vs Sea: a drawn or stolen tile shows its hidden face (LS-5, LS-6).
    state = get_game("land-vs-sea").new_state(players=2, seed=4)
    rng = Rng(6)
    kinds: set[str] = set()
    while not state.is_terminal:
        view = SeatView(state)
        for action in state.legal_actions():
            kind = view.action_to_json(action)["kind"]
            if kind in ("draw", "steal"):
                assert not state.tells_mover_nothing(action), view.format_action(action)
                kinds.add(kind)
        state.apply(rng.choice(state.legal_actions()))
    assert kinds == {"draw", "steal"}
