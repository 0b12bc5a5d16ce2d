"""Learn to play by scoring candidates: a small network (CPU torch) values each legal action
by its features, and learns from the games it plays how good the position it leads to is.

The environment is tablelands' Gymnasium one with ``actions="candidates"``
(docs/research.md): each observation lists the legal actions with a row of features each
(points gained, points after, lead after, and the game's own: conditions kept, spaces
covered...), and the action is the place of one in the list. The network reads one row and
gives one number, the final result it expects after that action; the policy plays the
candidate it values most (exploring at random now and then). This is afterstate value
learning, as TD-Gammon did: the action space's size never matters, only its features.

    pip install torch==2.13.0 && pip install -e '.[rl,train]'
    python examples/train_candidates.py --game confusing-lands --episodes 12000 --out runs/cl
    python examples/train_candidates.py --game land-vs-sea --episodes 1500 --out runs/lvs

Training deals are seeds 0 to 69,999; the evaluation games are seeds from 70,000 up, kept
apart as the bots' figures are (docs/bots.md). Every so often the policy plays the
evaluation games, the curve (result against episodes) is saved as a PNG and a CSV beside
the baselines on the same seeds (Confusing Lands solo: ``greedy`` and ``random``'s mean
scores; Land vs Sea: the win rate against ``random``), and at the end the network is saved,
loaded back and plays them once more.
"""

from __future__ import annotations

import argparse
import csv
import pickle
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from numpy.typing import NDArray

from tablelands.agents import make_agent
from tablelands.core.view import SeatView
from tablelands.envs.gymnasium import TablelandsEnv, make

#: Training deals are seeds below this; evaluation games are seeds from it up.
EVALUATION_SEED = 70_000
Rows = NDArray[np.float32]


@dataclass(frozen=True)
class Task:
    """What is learned: a game, its players, the learner's opponents, what it is paid at
    the end (``reward`` as the environment gives it, divided by ``scale``), and how the
    evaluation games are judged (mean score solo, win rate against ``random`` otherwise)."""

    game: str
    players: int
    reward: str
    scale: float

    @property
    def solo(self) -> bool:
        return self.players == 1

    def env(self, seat: int) -> TablelandsEnv:
        return make(
            self.game,
            self.players,
            seat=seat,
            opponents="random",
            reward=self.reward,
            actions="candidates",
        )


TASKS = {
    "confusing-lands": Task("confusing-lands", 1, "score_difference", 50.0),
    "land-vs-sea": Task("land-vs-sea", 2, "score_difference", 30.0),
}


class Scorer(torch.nn.Module):
    """A candidate's features (standardised by the means and spreads seen in the first
    games) to the result expected after it."""

    def __init__(self, features: int, hidden: int = 64) -> None:
        super().__init__()
        self.register_buffer("mean", torch.zeros(features))
        self.register_buffer("spread", torch.ones(features))
        self.net = torch.nn.Sequential(
            torch.nn.Linear(features, hidden),
            torch.nn.ReLU(),
            torch.nn.Linear(hidden, hidden),
            torch.nn.ReLU(),
            torch.nn.Linear(hidden, 1),
        )
        # Untrained, every candidate is worth the same and the first listed is played: the
        # curve starts from a policy that knows nothing, not from a lucky draw of weights.
        torch.nn.init.zeros_(self.net[-1].weight)
        torch.nn.init.zeros_(self.net[-1].bias)

    def forward(self, rows: torch.Tensor) -> torch.Tensor:
        return self.net((rows - self.mean) / self.spread).squeeze(-1)

    def standardise(self, rows: Rows) -> None:
        self.mean.copy_(torch.from_numpy(rows.mean(axis=0)))
        self.spread.copy_(torch.from_numpy(np.maximum(rows.std(axis=0), 1.0)))

    def pick(self, rows: Rows) -> int:
        with torch.no_grad():
            return int(self(torch.from_numpy(rows)).argmax())


def play(env: TablelandsEnv, seed: int, choose: Any) -> tuple[list[Rows], float]:
    """One game of ``seed``, each decision ``choose(rows)``: the rows of the candidates
    chosen, and the result (the environment's last reward)."""
    observation, _ = env.reset(seed=seed)
    chosen: list[Rows] = []
    reward = 0.0
    over = False
    while not over:
        count = int(observation["action_mask"].sum())
        rows = observation["candidates"][:count]
        place = choose(rows)
        chosen.append(rows[place].copy())
        observation, reward, over, _, info = env.step(place)
        if "illegal" in info:
            raise RuntimeError(info["illegal"])
    return chosen, float(reward)


def result(task: Task, env: TablelandsEnv) -> float:
    """The evaluation's figure of the game just played: the score solo, else 1 for a win
    against ``random`` (a shared win counts half), 0 for a loss."""
    state = env.table.state
    if task.solo:
        return float(state.scores()[0])
    return state.returns()[env.seat]


def evaluate(task: Task, envs: list[TablelandsEnv], scorer: Scorer, games: int) -> list[float]:
    """The policy's figure in each evaluation game (seats taken in turn)."""
    figures = []
    for index in range(games):
        env = envs[index % len(envs)]
        play(env, EVALUATION_SEED + index, scorer.pick)
        figures.append(result(task, env))
    return figures


def baseline(task: Task, spec: str, games: int) -> list[float]:
    """A bot's figure in each of the same evaluation games, choosing from its own view."""
    figures = []
    for index in range(games):
        seat = index % task.players
        env = make(task.game, task.players, seat=seat, opponents="random")
        env.reset(seed=EVALUATION_SEED + index)
        agent = make_agent(spec, index)
        while not env.table.over:
            env.step(agent.choose(SeatView(env.table.state, seat)))
        figures.append(result(task, env))
    return figures


def compared(policy: list[float], baselines: dict[str, list[float]]) -> str:
    """The policy's mean figure, and its difference from each baseline's game by game (the
    same deals), with a 95% interval."""
    told = [f"policy {np.mean(policy):.3f}"]
    for name, theirs in baselines.items():
        differences = np.array(policy) - np.array(theirs)
        spread = 1.96 * differences.std(ddof=1) / np.sqrt(len(differences))
        mean = differences.mean()
        told.append(
            f"{name} {np.mean(theirs):.3f} (policy - {name}: {mean:+.3f}, 95% interval "
            f"{mean - spread:+.3f} to {mean + spread:+.3f})"
        )
    return "; ".join(told)


def baselines_of(task: Task, games: int) -> dict[str, list[float]]:
    """The baselines' figures on the evaluation games: ``random``, and solo ``greedy``."""
    figures = {"random": baseline(task, "random", games)}
    if task.solo:
        figures["greedy"] = baseline(task, "greedy", games)
    return figures


def training_seed(run: int, episode: int) -> int:
    """The deal of a training game: below the evaluation seeds, another run by run."""
    return (run * 7919 + episode) % EVALUATION_SEED


@dataclass
class Point:
    episodes: int
    seconds: float
    figure: float


def check_output(folder: Path) -> None:
    """Refuse an output folder that cannot be written, before any training."""
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / ".write-test"
    try:
        probe.write_text("")
    except OSError as exc:
        raise SystemExit(f"{folder}: cannot write there ({exc.strerror})") from None
    probe.unlink()


def plot(task: Task, points: list[Point], baselines: dict[str, float], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4), dpi=110)
    axes.plot([p.episodes for p in points], [p.figure for p in points], marker="o", label="policy")
    for (name, value), style in zip(baselines.items(), ("--", ":"), strict=False):
        axes.axhline(value, color="grey", linestyle=style, label=name)
    axes.set_xlabel("training games")
    axes.set_ylabel("mean final score" if task.solo else "win rate against random")
    axes.set_title(f"{task.game}: afterstate values over candidates")
    axes.legend()
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def train(args: argparse.Namespace) -> int:
    task = TASKS[args.game]
    check_output(args.out)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # one core: a small network gains nothing from more threads
    rng = np.random.default_rng(args.seed)
    envs = [task.env(seat) for seat in range(task.players)]
    features = envs[0].table.features
    assert features is not None
    scorer = Scorer(len(features.names), args.hidden)
    optimiser = torch.optim.Adam(scorer.parameters(), lr=args.learning_rate)
    played = baselines_of(task, args.games)
    baselines = {name: float(np.mean(figures)) for name, figures in played.items()}
    told = ", ".join(f"{name} {value:.3f}" for name, value in baselines.items())
    print(f"{task.game}: {args.games} evaluation games from seed {EVALUATION_SEED}: {told}")

    def uniform(rows: Rows) -> int:
        return int(rng.integers(len(rows)))

    # A few games at random set the features' scales before any learning.
    seen = [row for episode in range(20) for row in play(envs[0], episode, uniform)[0]]
    scorer.standardise(np.stack(seen))
    started = time.perf_counter()
    points = [Point(0, 0.0, float(np.mean(evaluate(task, envs, scorer, args.games))))]
    print(f"{0:>7} games  {0.0:7.1f} s  policy {points[0].figure:.3f}")
    rows_kept: list[Rows] = []
    targets_kept: list[float] = []
    for episode in range(1, args.episodes + 1):
        explore = max(args.explore_last, args.explore * (1 - episode / (0.7 * args.episodes)))

        def explored(rows: Rows, explore: float = explore) -> int:
            return uniform(rows) if rng.random() < explore else scorer.pick(rows)

        chosen, reward = play(
            envs[episode % len(envs)], training_seed(args.seed, episode), explored
        )
        rows_kept.extend(chosen)
        targets_kept.extend([reward / task.scale] * len(chosen))
        if len(rows_kept) > args.memory:
            del rows_kept[: len(rows_kept) - args.memory]
            del targets_kept[: len(targets_kept) - args.memory]
        if episode % args.learn_every == 0:
            learn(scorer, optimiser, np.stack(rows_kept), np.array(targets_kept), rng, args)
        if episode % args.evaluate_every == 0 or episode == args.episodes:
            figure = float(np.mean(evaluate(task, envs, scorer, args.games)))
            point = Point(episode, time.perf_counter() - started, figure)
            points.append(point)
            print(f"{episode:>7} games  {point.seconds:7.1f} s  policy {point.figure:.3f}")
    torch.save(
        {"game": task.game, "hidden": args.hidden, "state": scorer.state_dict()},
        args.out / "model.pt",
    )
    loaded = load(args.out / "model.pt")
    final = evaluate(task, envs, loaded, args.games)
    with (args.out / "curve.csv").open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["games", "seconds", "policy", *baselines])
        for point in points:
            writer.writerow(
                [point.episodes, f"{point.seconds:.1f}", f"{point.figure:.3f}"]
                + [f"{value:.3f}" for value in baselines.values()]
            )
    plot(task, points, baselines, args.out / "curve.png")
    print(f"saved, loaded and played again, {args.games} evaluation games:")
    print(f"  {compared(final, played)}")
    print(f"curve in {args.out / 'curve.png'}")
    return 0


def replay(args: argparse.Namespace) -> int:
    """Play a saved network on the evaluation games beside the baselines (``--play``)."""
    task = TASKS[args.game]
    torch.set_num_threads(1)  # as in training: the same sums, so near ties break alike
    try:
        scorer = load(args.play)
    except (OSError, KeyError, RuntimeError, pickle.UnpicklingError) as problem:
        raise SystemExit(f"{args.play}: not a network this example saved ({problem})") from None
    envs = [task.env(seat) for seat in range(task.players)]
    policy = evaluate(task, envs, scorer, args.games)
    print(f"{task.game}, {args.games} evaluation games from seed {EVALUATION_SEED}:")
    print(f"  {compared(policy, baselines_of(task, args.games))}")
    return 0


def learn(
    scorer: Scorer,
    optimiser: torch.optim.Optimizer,
    rows: Rows,
    targets: NDArray[np.float64],
    rng: np.random.Generator,
    args: argparse.Namespace,
) -> None:
    """A few minibatch steps of regression: each chosen candidate's value toward the result
    of its game."""
    inputs = torch.from_numpy(rows)
    wanted = torch.from_numpy(targets.astype(np.float32))
    for _ in range(args.steps_per_learn):
        batch = torch.from_numpy(rng.integers(len(rows), size=min(args.batch, len(rows))))
        loss = torch.nn.functional.mse_loss(scorer(inputs[batch]), wanted[batch])
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()


def load(path: Path) -> Scorer:
    """A network saved by :func:`train`."""
    saved = torch.load(path, weights_only=True)
    state = saved["state"]
    scorer = Scorer(int(state["mean"].shape[0]), int(saved["hidden"]))
    scorer.load_state_dict(state)
    return scorer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(TASKS), default="confusing-lands")
    parser.add_argument("--episodes", type=int, default=12_000, help="training games")
    parser.add_argument(
        "--evaluate-every", type=int, default=1_000, help="games between evaluations"
    )
    parser.add_argument("--games", type=int, default=100, help="evaluation games each time")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hidden", type=int, default=64, help="the network's hidden width")
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--explore", type=float, default=0.3, help="first share of random picks")
    parser.add_argument("--explore-last", type=float, default=0.02, help="last share of them")
    parser.add_argument("--memory", type=int, default=50_000, help="decisions kept to learn from")
    parser.add_argument("--learn-every", type=int, default=10, help="games between learning")
    parser.add_argument("--steps-per-learn", type=int, default=20, help="minibatches each time")
    parser.add_argument("--batch", type=int, default=256, help="decisions in a minibatch")
    parser.add_argument("--out", type=Path, default=Path("runs/candidates"), help="output folder")
    parser.add_argument(
        "--play", type=Path, help="no training: play this saved model.pt on the evaluation games"
    )
    args = parser.parse_args(argv)
    if args.episodes < 1 or args.evaluate_every < 1 or args.games < 1:
        parser.error("--episodes, --evaluate-every and --games are at least 1")
    return replay(args) if args.play is not None else train(args)


if __name__ == "__main__":
    sys.exit(main())
