"""Our ``mcts`` against OpenSpiel's information-set MCTS, at equal simulations per decision.

Not part of ``make bench`` (it takes long): run it by hand, e.g.

    python benchmarks/openspiel_match.py -n 100 --simulations 200 --seed 80000

Both bots play our games through the OpenSpiel adapter (``tablelands.envs.openspiel``): the
referee holds the OpenSpiel state; ours is shown a ``SeatView`` of the state inside it,
OpenSpiel's bot the OpenSpiel state itself. The comparison is of the searches, not of what
they know of the games, so OpenSpiel's bot is given what ours has:

- the same number of simulations a decision (``mcts:<n>it`` against ``max_simulations=n``);
- our playout as its evaluator (the game's playout policy, cut short by its estimate), where
  by itself it would play uniformly random rollouts;
- at the root, the same shortlist of actions ours searches (the plan's ``width`` best by the
  game's estimate, drawn in a world of the seat's), so that a budget of a few hundred
  simulations visits every candidate many times instead of each of hundreds once.

OpenSpiel's bot is the Python port of ISMCTS (``open_spiel.python.algorithms.ismcts``; the
C++ ``pyspiel.ISMCTSBot`` cannot search a Python game: docs/openspiel.md), UCT with its
final policy the most visited action, ties drawn at random: the script counts the share of
its decisions that were such ties, and of ours whose most visited actions were level on
visits (ours then takes the better value). Seats alternate from game to game, game ``i`` is
dealt by seed ``seed + i``; the seeds from 70,000 up are kept for evaluation (docs/bots.md).
Decisions with one legal action are played without asking either bot. A win shared by k
seats counts 1/k. Results in docs/bots.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from tablelands.agents import make_agent
from tablelands.agents.knowledge import knowledge_for
from tablelands.agents.mcts import MctsAgent, playout, shortlist
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.envs.openspiel import TablelandsGame, TablelandsState, short_name
from tablelands.tournament.stats import wilson

GAMES = ("confusing-lands", "land-vs-sea", "drifting-lands")


class PlayoutEvaluator:
    """OpenSpiel's evaluator interface over our playout: a leaf's value is what one
    playout of the game's own policy (and its estimate) gives; the prior is uniform."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def evaluate(self, state: TablelandsState) -> np.ndarray[Any, Any]:
        world = state.tablelands_state.clone()
        return np.array(playout(knowledge_for(world.game), world, self.rng))

    def prior(self, state: TablelandsState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


class ShortlistISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]  # open_spiel is untyped
    """OpenSpiel's Python ISMCTS with our playout as its evaluator and, at the root, the
    shortlist ours searches. It counts its simulations and the decisions its final policy
    left to a tie."""

    def __init__(self, game: TablelandsGame, simulations: int, seed: int, uct_c: float) -> None:
        self.random = np.random.RandomState(seed)
        self.rng = Rng(seed)
        super().__init__(
            game, PlayoutEvaluator(self.rng), uct_c, simulations, random_state=self.random
        )
        self.allowed: list[int] | None = None
        self.ties = 0
        # The port draws each world with a new ``UniformProbabilitySampler``, which is not
        # seeded from the bot: a resampler drawing from the bot's generator is reproducible.
        self.set_resampler(self._resample)

    def _resample(self, state: TablelandsState, player: int) -> TablelandsState:
        return state.resample_from_infostate(player, self.random.uniform)

    def run_search(self, state: TablelandsState) -> Any:
        view = SeatView(state.tablelands_state)
        knowledge = knowledge_for(view.game)
        self.allowed = shortlist(knowledge, knowledge.world(view, self.rng), self.rng)
        policy = super().run_search(state)
        if sum(1 for _, share in policy if share > 0) > 1:
            self.ties += 1
        return policy

    def _root_legal(self, node: Any, legal: list[int]) -> list[int]:
        return self.allowed if node is self._root_node and self.allowed is not None else legal

    def check_expand(self, node: Any, legal_actions: list[int]) -> int:
        return int(super().check_expand(node, self._root_legal(node, legal_actions)))

    def select_action_tree_policy(self, state: Any, node: Any, legal_actions: list[int]) -> int:
        legal = self._root_legal(node, legal_actions)
        return int(super().select_action_tree_policy(state, node, legal))


@dataclass
class Tally:
    """One side's figures over a match."""

    points: float = 0.0
    times: list[float] = field(default_factory=list)
    ties: int = 0

    def timing(self, simulations: int) -> str:
        if not self.times:
            return "no decision searched"
        mean = sum(self.times) / len(self.times)
        share = self.ties / len(self.times)
        return (
            f"{len(self.times)} decisions, {simulations} simulations each, "
            f"{mean * 1000:.0f} ms a decision; ties {share:.1%}"
        )


def ours_choice(agent: MctsAgent, view: SeatView, tally: Tally) -> int:
    """Our agent's choice (its most visited root action, the better value among level
    ones), noting a level first place."""
    ranked = agent.analyse(view)
    if len(ranked) > 1 and ranked[0].visits == ranked[1].visits:
        tally.ties += 1
    return ranked[0].action


def play(
    name: str, index: int, seed: int, simulations: int, uct_c: float, us: Tally, them: Tally
) -> float:
    """Game ``index``, ours in seat ``index % 2``: ours' share of the win; the decisions are
    added to the match's tallies."""
    game = pyspiel.load_game(short_name(name), {"players": 2})
    assert isinstance(game, TablelandsGame)
    ours_seat = index % 2
    seeder = Rng(seed * 1_000_003 + index)
    ours = make_agent(f"mcts:{simulations}it", seeder.next_u64())
    assert isinstance(ours, MctsAgent)
    theirs = ShortlistISMCTSBot(game, simulations, seeder.below(2**31), uct_c)
    state = game.state_for_seed(seed + index)
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        start = time.perf_counter()
        if state.current_player() == ours_seat:
            action = ours_choice(ours, SeatView(state.tablelands_state), us)
            us.times.append(time.perf_counter() - start)
        else:
            action = int(theirs.step(state))
            them.times.append(time.perf_counter() - start)
        state.apply_action(action)
    them.ties += theirs.ties
    share: float = state.returns()[ours_seat]
    us.points += share
    them.points += 1.0 - share
    return share


def match(name: str, games: int, seed: int, simulations: int, uct_c: float) -> None:
    us, them = Tally(), Tally()
    for index in range(games):
        share = play(name, index, seed, simulations, uct_c, us, them)
        print(f"{name} game {index + 1}/{games}: ours in seat {index % 2 + 1} scored {share:g}")
        sys.stdout.flush()
    print(f"== {name}, 2 players, {games} games, seeds {seed} to {seed + games - 1}")
    print(f"   ours (mcts:{simulations}it): {wilson(us.points, games)} of the wins")
    print(f"     {us.timing(simulations)} (level on visits: the better value is taken)")
    print(f"   OpenSpiel ISMCTS (uct_c {uct_c}, our playout, our root shortlist): ", end="")
    print(f"{wilson(them.points, games)}")
    print(f"     {them.timing(simulations)} (level on visits: drawn at random)")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated")
    parser.add_argument("-n", type=int, default=100, help="games per game")
    parser.add_argument("--simulations", type=int, default=200, help="simulations a decision")
    parser.add_argument("--seed", type=int, default=80_000, help="the first game's deal")
    parser.add_argument("--uct-c", type=float, default=0.7, help="ISMCTS exploration")
    args = parser.parse_args(argv)
    if args.seed < 70_000:
        parser.error("--seed: the seeds below 70,000 are for tuning (docs/bots.md)")
    print("command: python benchmarks/openspiel_match.py " + " ".join(sys.argv[1:]))
    for name in args.games.split(","):
        match(name, args.n, args.seed, args.simulations, args.uct_c)


if __name__ == "__main__":
    main()
