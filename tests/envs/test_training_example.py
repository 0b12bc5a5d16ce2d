"""The training example (examples/train_candidates.py) runs on a tiny budget for both of its
games: it trains, saves, loads and plays; the candidates it picks from are the game's legal
actions; and its evaluation games are dealt from seeds no training game uses."""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
import torch

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_candidates.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_candidates", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_each_pick_plays_the_legal_action_it_lists() -> None:
    train = example()
    env = train.TASKS["land-vs-sea"].env(1)
    picks: dict[int, int] = {}

    def choose(rows: np.ndarray) -> int:
        table = env.table
        listed = table.candidates()
        assert listed.actions == table.state.legal_actions()
        assert np.array_equal(rows, listed.features)
        picks[len(table.state.history)] = listed.actions[-1]
        return len(rows) - 1

    chosen, _ = train.play(env, 4, choose)
    assert env.table.over and len(chosen) == len(picks) > 10
    history = env.table.state.history
    assert all(history[step] == action for step, action in picks.items())


@pytest.mark.parametrize("game", ["confusing-lands", "land-vs-sea"])
def test_the_example_trains_saves_loads_and_plays_on_a_tiny_budget(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    train = example()
    out = tmp_path / "run"
    argv = ["--game", game, "--episodes", "20", "--evaluate-every", "10", "--games", "2"]
    assert train.main([*argv, "--learn-every", "5", "--out", str(out)]) == 0
    assert (out / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with (out / "curve.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert [int(row["games"]) for row in rows] == [0, 10, 20]
    assert ("greedy" in rows[0]) == (game == "confusing-lands")
    # What was saved is what was trained: the loaded network values candidates as it did.
    loaded = train.load(out / "model.pt")
    saved = torch.load(out / "model.pt", weights_only=True)
    assert saved["game"] == game
    probe = torch.randn(7, int(saved["state"]["mean"].shape[0]))
    trained = train.Scorer(probe.shape[1], saved["hidden"])
    trained.load_state_dict(saved["state"])
    assert torch.equal(loaded(probe), trained(probe))
    assert loaded(probe).std() > 0  # it learned something: untrained, every value is 0
    # A saved network plays the evaluation games again, compared deal by deal.
    assert train.main(["--game", game, "--play", str(out / "model.pt"), "--games", "2"]) == 0
    assert "95% interval" in capsys.readouterr().out
    (tmp_path / "junk.pt").write_text("not a network")
    with pytest.raises(SystemExit, match=r"junk\.pt: not a network this example saved"):
        train.main(["--game", game, "--play", str(tmp_path / "junk.pt")])


def test_training_deals_never_reach_the_evaluation_seeds() -> None:
    train = example()
    for run in (0, 1, 99):
        dealt = [train.training_seed(run, episode) for episode in range(1, 20_000)]
        assert max(dealt) < train.EVALUATION_SEED and len(set(dealt)) == len(dealt)
