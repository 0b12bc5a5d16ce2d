"""The training example (examples/train_confusing_lands.py) runs on a tiny budget: it
starts, trains a few hundred steps, saves, loads and plays; and the masks it gives the
learner name exactly the game's legal actions."""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_confusing_lands.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_confusing_lands", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_learners_masks_name_the_games_legal_actions() -> None:
    train = example()
    env = train.solo_env()
    env.reset(seed=3)
    steps = 0
    while not env.table.over:
        legal = sorted(env.table.state.legal_actions())
        named = np.flatnonzero(env.action_masks())
        assert sorted(env.table.factored().action(int(i)) for i in named) == legal
        before = len(env.table.state.history)
        env.step(int(named[steps % len(named)]))
        assert len(env.table.state.history) == before + 1
        steps += 1
    assert steps >= 8


def test_the_example_trains_saves_loads_and_plays_on_a_tiny_budget(tmp_path: Path) -> None:
    train = example()
    out = tmp_path / "run"
    assert (
        train.main(["--steps", "256", "--evaluate-every", "128", "--games", "2", "--out", str(out)])
        == 0
    )
    assert (out / "model.zip").stat().st_size > 0
    assert (out / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with (out / "curve.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert [int(row["steps"]) for row in rows] == [0, 128, 256]
