"""What the bots know of a game (agents/knowledge.py): found through the registry in each
game's ai.py, with defaults that serve a game without any."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tablelands.agents.knowledge import (
    DEFAULT,
    GameKnowledge,
    SearchPlan,
    knowledge_for,
    shares,
)
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games import game_names, get_game
from tests.play import random_play


def test_shares_are_a_softmax() -> None:
    equal = shares([3.0, 3.0], 5.0)
    assert equal == [0.5, 0.5]
    ahead = shares([10.0, 0.0, 0.0], 5.0)
    assert abs(sum(ahead) - 1.0) < 1e-12 and ahead[0] > 0.7 and ahead[1] == ahead[2]
    # Huge gaps do not overflow.
    assert shares([1000.0, 0.0], 1.0)[0] == 1.0


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_its_knowledge_in_its_ai_module(name: str) -> None:
    game = get_game(name)
    knowledge = knowledge_for(game)
    assert knowledge is importlib.import_module(f"{game.package}.ai").KNOWLEDGE
    assert knowledge is not DEFAULT and isinstance(knowledge, GameKnowledge)
    assert knowledge_for(game) is knowledge


def fake_game(package: str) -> Any:
    return SimpleNamespace(package=package)


def test_a_game_without_an_ai_module_gets_the_defaults() -> None:
    assert knowledge_for(fake_game("tests.agents")) is DEFAULT


def test_an_ai_module_that_fails_to_import_is_not_taken_for_a_missing_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "broken_knowledge_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "ai.py").write_text("import no_such_module_for_the_test\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("broken_knowledge_game", "broken_knowledge_game.ai"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    with pytest.raises(ModuleNotFoundError, match="no_such_module_for_the_test"):
        knowledge_for(fake_game("broken_knowledge_game"))
    (package / "ai.py").write_text("KNOWLEDGE = 42\n")
    with pytest.raises(TypeError, match="not a GameKnowledge"):
        knowledge_for(fake_game("broken_knowledge_game"))


def test_the_defaults_search_a_tree_on_random_playouts_to_the_rules_result() -> None:
    state = random_play("land-vs-sea", 2, 3, 20)
    assert DEFAULT.plan(state) == SearchPlan(width=24, playout_steps=40, prior_visits=0, flat=False)
    assert DEFAULT.estimate(state) is None
    assert DEFAULT.playout_action(state, Rng(1)) in state.legal_actions()
    view = SeatView(state)
    assert DEFAULT.world(view, Rng(4)).to_json() == view.world(Rng(4)).to_json()
    over = random_play("land-vs-sea", 2, 3)
    assert over.is_terminal
    assert DEFAULT.utility(over) == over.returns()


def test_the_default_evaluation_is_the_score_standing() -> None:
    state = random_play("land-vs-sea", 2, 5)
    scores = state.scores()
    assert DEFAULT.evaluate(state, 0) == scores[0] - scores[1]
    assert DEFAULT.evaluate(state, 1) == scores[1] - scores[0]
    solo = random_play("confusing-lands", 1, 5)
    assert DEFAULT.evaluate(solo, 0) == solo.scores()[0]


def test_greedy_action_takes_the_best_evaluation() -> None:
    state = random_play("confusing-lands", 2, 4, 5)
    knowledge = knowledge_for(state.game)
    mover = state.current_player
    values = {}
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        values[action] = knowledge.evaluate(after, mover)
    for seed in range(5):
        assert values[knowledge.greedy_action(state, Rng(seed))] == max(values.values())
