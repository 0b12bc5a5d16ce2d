"""Our ``mcts`` against OpenSpiel's information-set MCTS, at equal time per decision.

Not part of ``make bench`` (it takes long): run it by hand, e.g.

    python benchmarks/openspiel_match.py -n 100 --seconds 0.05 --seed 0

Both bots play our games through the OpenSpiel adapter (``tablelands.envs.openspiel``): the
referee holds the OpenSpiel state; ours is shown a ``SeatView`` of the state inside it,
OpenSpiel's bot the OpenSpiel state itself. Seats alternate from game to game, game ``i``
is dealt by seed ``seed + i``. OpenSpiel's bot is the Python port of ISMCTS
(``open_spiel.python.algorithms.ismcts``; the C++ ``pyspiel.ISMCTSBot`` cannot search a
Python game: docs/openspiel.md) with one random rollout per leaf, stopped by the same
wall-clock budget as ours. Decisions with one legal action are played without asking either
bot and are not timed. A win shared by k seats counts 1/k. Results and timings in
docs/bots.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tablelands.agents import make_agent
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.envs.openspiel import TablelandsGame, TablelandsState, short_name
from tablelands.tournament.stats import wilson

GAMES = ("confusing-lands", "land-vs-sea", "drifting-lands")


class _OutOfTimeError(Exception):
    """The search's budget is spent."""


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]  # open_spiel is untyped
    """OpenSpiel's Python ISMCTS stopped by wall-clock time, as its C++ version's
    ``max_wall_clock_time`` stops it: a new simulation starts while time is left (and
    always until the root has been visited once, which a policy needs)."""

    def __init__(self, game: TablelandsGame, seconds: float, seed: int, uct_c: float) -> None:
        self.random = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.random)
        super().__init__(game, evaluator, uct_c, max_simulations=10**9, random_state=self.random)
        self.seconds = seconds
        self.deadline = 0.0
        self.simulations = 0
        # The port draws each world with a new ``UniformProbabilitySampler``, which is not
        # seeded from the bot: a resampler drawing from the bot's generator is reproducible.
        self.set_resampler(self._resample)

    def _resample(self, state: TablelandsState, player: int) -> TablelandsState:
        return state.resample_from_infostate(player, self.random.uniform)

    def run_search(self, state: TablelandsState) -> Any:
        self.deadline = time.perf_counter() + self.seconds
        self.simulations = 0
        try:
            return super().run_search(state)
        except _OutOfTimeError:
            return self.get_final_policy(state, self._root_node)

    def sample_root_state(self, state: TablelandsState) -> TablelandsState:
        if time.perf_counter() >= self.deadline and self._root_node.total_visits > 0:
            raise _OutOfTimeError
        self.simulations += 1
        world: TablelandsState = super().sample_root_state(state)
        return world


@dataclass
class Tally:
    """One side's figures over a match."""

    points: float = 0.0
    times: list[float] = field(default_factory=list)
    simulations: list[int] = field(default_factory=list)

    def timing(self) -> str:
        if not self.times:
            return "no decision timed"
        mean = sum(self.times) / len(self.times)
        text = f"{mean * 1000:.1f} ms a decision (max {max(self.times) * 1000:.0f} ms)"
        if self.simulations:
            text += f", {sum(self.simulations) / len(self.simulations):.1f} simulations"
        return text


def play(
    name: str,
    index: int,
    seed: int,
    seconds: float,
    uct_c: float,
    odds: float,
    us: Tally,
    them: Tally,
) -> float:
    """Game ``index``, ours in seat ``index % 2``, OpenSpiel's bot given ``odds`` times the
    time ours takes: ours' share of the win; the decisions are added to the match's tallies."""
    game = pyspiel.load_game(short_name(name), {"players": 2})
    assert isinstance(game, TablelandsGame)
    ours_seat = index % 2
    seeder = Rng(seed * 1_000_003 + index)
    ours = make_agent(f"mcts:{seconds}s", seeder.next_u64())
    theirs = TimedISMCTSBot(game, odds * seconds, seeder.below(2**31), uct_c)
    state = game.state_for_seed(seed + index)
    try:
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            start = time.perf_counter()
            if state.current_player() == ours_seat:
                action = ours.choose(SeatView(state.tablelands_state))
                us.times.append(time.perf_counter() - start)
            else:
                # Ours overshoots its budget (the view, the last iteration, a busy machine):
                # OpenSpiel's bot gets the time ours has taken on average so far.
                if us.times:
                    theirs.seconds = odds * sum(us.times) / len(us.times)
                action = int(theirs.step(state))
                them.times.append(time.perf_counter() - start)
                them.simulations.append(theirs.simulations)
            state.apply_action(action)
    finally:
        ours.close()
    share: float = state.returns()[ours_seat]
    us.points += share
    them.points += 1.0 - share
    return share


def match(name: str, games: int, seed: int, seconds: float, uct_c: float, odds: float) -> None:
    us, them = Tally(), Tally()
    for index in range(games):
        share = play(name, index, seed, seconds, uct_c, odds, us, them)
        print(f"{name} game {index + 1}/{games}: ours in seat {index % 2 + 1} scored {share:g}")
        sys.stdout.flush()
    given = "" if odds == 1 else f", OpenSpiel's bot given {odds:g} times ours' time"
    print(f"== {name}, 2 players, {games} games, seed {seed}, {seconds}s a decision{given}")
    print(f"   ours (mcts:{seconds}s): {wilson(us.points, games)} of the wins; {us.timing()}")
    print(
        f"   OpenSpiel ISMCTS (uct_c {uct_c}, 1 random rollout): "
        f"{wilson(them.points, games)}; {them.timing()}"
    )
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated")
    parser.add_argument("-n", type=int, default=100, help="games per game")
    parser.add_argument("--seconds", type=float, default=0.05, help="time per decision")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--uct-c", type=float, default=1.0, help="ISMCTS exploration")
    parser.add_argument(
        "--odds", type=float, default=1.0, help="OpenSpiel's time as a multiple of ours"
    )
    args = parser.parse_args(argv)
    print("command: python benchmarks/openspiel_match.py " + " ".join(sys.argv[1:]))
    for name in args.games.split(","):
        match(name, args.n, args.seed, args.seconds, args.uct_c, args.odds)


if __name__ == "__main__":
    main()
