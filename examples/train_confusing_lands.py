"""Masked-action PPO on Confusing Lands solo, against the score random play makes.

sb3-contrib's ``MaskablePPO`` (CPU torch) learns the solo game through the Gymnasium
environment (``tablelands.envs.gymnasium``); every so often the policy plays a set of
evaluation games, and so does ``random`` on the same seeds, and the learning curve (mean
final score against steps) is saved as a PNG and a CSV. At the end the model is saved,
loaded back, and plays the evaluation games once more. docs/research.md shows a full run.

    pip install -e '.[rl,train]'        # torch==2.13.0 first: the CPU build
    python examples/train_confusing_lands.py --steps 60000 --out runs/cl-ppo

The game's own action space has 230,418 actions (a card by its id, its side and turn, and
a position on a 40x40 grid), too wide a policy head to train on a CPU in minutes. The
policy picks in the factored form instead (``actions="factored"``, docs/research.md): the
card named by its slot in the hand with its side and turn, then the grid cell, 28,800
actions, each the name of one legal action of the game.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from numpy.typing import NDArray
from sb3_contrib import MaskablePPO

from tablelands.agents import make_agent
from tablelands.core.view import SeatView
from tablelands.envs.gymnasium import TablelandsEnv, make

#: The evaluation games' seeds: the same for the policy and for random play.
EVALUATION_SEED = 1_000_000


class Masked(gymnasium.Wrapper[NDArray[np.float32], np.int64, Any, np.int64]):
    """The environment as ``MaskablePPO`` takes it: the observation is the encoded
    knowledge alone, and ``action_masks()`` the mask of the factored legal actions."""

    def __init__(self, env: TablelandsEnv) -> None:
        super().__init__(env)
        self.table = env.table
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]
        self._mask = np.zeros(env.table.action_count, dtype=bool)

    def reset(self, **kwargs: Any) -> tuple[NDArray[np.float32], dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        self._mask = observation["action_mask"] != 0
        return observation["observation"], info

    def step(
        self, action: np.int64 | int
    ) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        observation, reward, over, cut, info = self.env.step(int(action))
        self._mask = observation["action_mask"] != 0
        return observation["observation"], float(reward), over, cut, info

    def action_masks(self) -> NDArray[np.bool_]:
        return self._mask


def solo_env() -> Masked:
    return Masked(make("confusing-lands", players=1, actions="factored"))


def policy_scores(model: MaskablePPO, games: int) -> list[int]:
    """The final score of each evaluation game, the policy choosing its likeliest legal
    action."""
    env = solo_env()
    scores = []
    for index in range(games):
        observation, _ = env.reset(seed=EVALUATION_SEED + index)
        over = False
        while not over:
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=True
            )
            observation, _, over, _, _ = env.step(int(action))
        scores.append(env.table.state.scores()[0])
    return scores


def random_scores(games: int) -> list[int]:
    """The final score of each evaluation game played by ``random``."""
    env = make("confusing-lands", players=1)
    scores = []
    for index in range(games):
        env.reset(seed=EVALUATION_SEED + index)
        agent = make_agent("random", index)
        while not env.table.over:
            env.step(agent.choose(SeatView(env.table.state, 0)))
        scores.append(env.table.state.scores()[0])
    return scores


@dataclass
class Point:
    steps: int
    seconds: float
    mean_score: float


def check_output(folder: Path) -> None:
    """Refuse an output folder that cannot be written, before any training."""
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / ".write-test"
    try:
        probe.write_text("")
    except OSError as exc:
        raise SystemExit(f"{folder}: cannot write there ({exc.strerror})") from None
    probe.unlink()


def plot(points: list[Point], baseline: float, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4), dpi=110)
    axes.plot(
        [p.steps for p in points], [p.mean_score for p in points], marker="o", label="MaskablePPO"
    )
    axes.axhline(baseline, color="grey", linestyle="--", label="random play")
    axes.set_xlabel("training steps (decisions)")
    axes.set_ylabel("mean final score, evaluation games")
    axes.set_title("Confusing Lands solo: masked-action PPO")
    axes.legend()
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60_000, help="training steps (decisions)")
    parser.add_argument(
        "--evaluate-every", type=int, default=5_000, help="steps between evaluations"
    )
    parser.add_argument("--games", type=int, default=50, help="evaluation games each time")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--entropy", type=float, default=0.01, help="entropy bonus: more keeps exploring longer"
    )
    parser.add_argument("--out", type=Path, default=Path("runs/cl-ppo"), help="output folder")
    args = parser.parse_args(argv)
    check_output(args.out)
    torch.set_num_threads(1)  # one core: a small network gains nothing from more threads
    env = solo_env()
    model = MaskablePPO(
        "MlpPolicy",
        env,
        # A rollout never runs past the next evaluation.
        n_steps=min(512, args.evaluate_every),
        batch_size=min(128, args.evaluate_every),
        n_epochs=4,
        learning_rate=3e-4,
        ent_coef=args.entropy,
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    baseline = float(np.mean(random_scores(args.games)))
    print(f"random play: mean score {baseline:.2f} over {args.games} games")
    started = time.perf_counter()
    points = [Point(0, 0.0, float(np.mean(policy_scores(model, args.games))))]
    while model.num_timesteps < args.steps:
        chunk = min(args.evaluate_every, args.steps - model.num_timesteps)
        model.learn(chunk, reset_num_timesteps=False)
        points.append(
            Point(
                model.num_timesteps,
                time.perf_counter() - started,
                float(np.mean(policy_scores(model, args.games))),
            )
        )
        last = points[-1]
        print(f"{last.steps:>8} steps  {last.seconds:7.1f} s  mean score {last.mean_score:.2f}")
    model.save(args.out / "model.zip")
    loaded = MaskablePPO.load(args.out / "model.zip", device="cpu")
    final = policy_scores(loaded, args.games)
    with (args.out / "curve.csv").open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["steps", "seconds", "mean_score", "random_mean_score"])
        for point in points:
            writer.writerow(
                [point.steps, f"{point.seconds:.1f}", f"{point.mean_score:.3f}", f"{baseline:.3f}"]
            )
    plot(points, baseline, args.out / "curve.png")
    spread = np.std(final) / np.sqrt(len(final))
    print(
        f"saved, loaded and played again: mean score {np.mean(final):.2f} "
        f"(+-{1.96 * spread:.2f}) against random play's {baseline:.2f}; "
        f"curve in {args.out / 'curve.png'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
