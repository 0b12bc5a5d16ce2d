"""Information-set Monte Carlo tree search (single-observer ISMCTS), for any number of players.

The search is given a :class:`SeatView`, never the true state. Each iteration draws a
determinization from it: a world in which everything the searching player cannot see is
redrawn consistently with what they have seen (:meth:`GameKnowledge.world`, by default
:meth:`SeatView.world`). It then walks one shared tree of action sequences, choosing among
the actions legal in that determinization by UCB with availability counts, adds one node,
plays out with the game's playout policy (cut short by its estimate when it has one), and
backs up every player's result. Each node keeps the result of the player who chose the
action leading to it, so every player in the tree plays for themselves.

What the search knows of a game (the plan of the search per position, the estimate, the
playout policy, the utility, the worlds to search in) is the game's :class:`GameKnowledge`
(``agents/knowledge.py``, kept in the game's ``ai.py``), never the state's.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tablelands.agents.base import Agent
from tablelands.agents.knowledge import GameKnowledge, knowledge_for
from tablelands.core.game import State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView

#: The knowledge of whichever game is searched.
Knowledge = GameKnowledge[Any]
EXPLORATION = 0.7
TIE_JITTER = 1e-9


@dataclass(slots=True)
class Node:
    """Statistics of one action sequence from the root."""

    player: int  # who chose the action leading here (-1 at the root)
    visits: int = 0
    available: int = 0
    value: float = 0.0  # summed result of ``player``
    prior: int = 0  # visits that are the game's estimate, not playouts
    children: dict[int, Node] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Choice:
    """A root action with what the search expects of it."""

    action: int
    visits: int  # iterations through it (not counting the estimate's prior visits)
    value: float  # mean result in [0, 1] for the player to move


@dataclass(frozen=True, slots=True)
class Budget:
    """How long to search a decision: a number of iterations, or seconds of wall time."""

    iterations: int | None = None
    seconds: float | None = None

    def __str__(self) -> str:
        return f"{self.iterations}it" if self.iterations is not None else f"{self.seconds:g}s"


def search(
    view: SeatView,
    budget: Budget,
    rng: Rng,
    only: int | None = None,
    stop: threading.Event | None = None,
) -> list[Choice]:
    """Search for the seat of ``view``, which is to act: root actions, most visited first.
    With ``only``, the root tries that action alone (to weigh a move that was played).
    Setting ``stop`` ends the search early, with what it has found (one iteration at least)."""
    legal = view.legal_actions()
    if len(legal) == 1 and only is None:
        return [Choice(legal[0], 1, 0.5)]
    return _ranked(grow(view, budget, rng, only, stop).children)


def shortlist(knowledge: Knowledge, state: State, rng: Rng) -> list[int] | None:
    """The root actions (the plan's ``width`` of them) whose resulting positions the game's
    estimate likes best, when there are more than that and the game has an estimate
    (``None``: keep them all). ``state`` is a determinization of the searching player's.
    Equally judged actions are kept in random order."""
    legal = state.legal_actions()
    me = state.current_player
    limit = knowledge.plan(state).width
    if len(legal) <= limit:
        return None
    judged = []
    for action in legal:
        guess = _judge(knowledge, state, action)
        if guess is None:
            return None
        judged.append((-guess[me], rng.random(), action))
    judged.sort()
    return [action for _, _, action in judged[:limit]]


def _judge(knowledge: Knowledge, state: State, action: int) -> list[float] | None:
    """The game's result or estimate of the position ``action`` leads to."""
    after = state.clone()
    after.apply(action)
    return knowledge.utility(after) if after.is_terminal else knowledge.estimate(after)


def grow(
    view: SeatView,
    budget: Budget,
    rng: Rng,
    only: int | None = None,
    stop: threading.Event | None = None,
) -> Node:
    """Build the search tree of ``view``'s decision within ``budget`` (or until ``stop``)."""
    stopped = stop.is_set if stop is not None else lambda: False
    knowledge = knowledge_for(view.game)
    root = Node(player=-1)
    first = knowledge.world(view, rng)
    allowed = [only] if only is not None else shortlist(knowledge, first, rng)
    deadline = time.perf_counter() + budget.seconds if budget.seconds is not None else math.inf
    limit = budget.iterations if budget.iterations is not None else math.inf
    plan = knowledge.plan(first)
    if plan.flat:
        actions = allowed or view.legal_actions()
        grow_flat = _grow_halving if plan.halving else _grow_flat
        grow_flat(knowledge, view, root, rng, actions, limit, deadline, stopped)
        return root
    done = 0
    while done < limit and (done == 0 or (time.perf_counter() < deadline and not stopped())):
        _iterate(knowledge, knowledge.world(view, rng), root, rng, allowed)
        done += 1
    return root


def _play_world(
    knowledge: Knowledge,
    view: SeatView,
    root: Node,
    rng: Rng,
    actions: list[int],
    cut_short: Callable[[], bool],
    same_luck: bool,
) -> bool:
    """Draw one world and play it out once from every action in ``actions``, adding the
    results to the root's children; with ``same_luck`` every playout is seeded alike. A
    world ``cut_short`` (asked before each playout) is dropped: ``False``."""
    me = view.seat
    world = knowledge.world(view, rng)
    luck = rng.next_u64() if same_luck else None
    results = []
    for action in actions:
        if cut_short():
            return False
        game = world.clone()
        game.apply(action)
        results.append(playout(knowledge, game, rng if luck is None else Rng(luck))[me])
    for action, result in zip(actions, results, strict=True):
        child = root.children.setdefault(action, Node(player=me))
        child.visits += 1
        child.available += 1
        child.value += result
    return True


def _grow_flat(
    knowledge: Knowledge,
    view: SeatView,
    root: Node,
    rng: Rng,
    actions: list[int],
    limit: float,
    deadline: float,
    stopped: Callable[[], bool],
) -> None:
    """Flat Monte Carlo with common determinizations: each drawn world is played out once
    from every action, so actions are compared on the same hidden information (far less
    noise than a world each). A world cut short by the deadline is dropped; the first one
    is always finished, so every action has a result."""
    done = 0

    def cut_short() -> bool:
        return done > 0 and (time.perf_counter() >= deadline or stopped())

    while done == 0 or (done + len(actions) <= limit and not cut_short()):
        if not _play_world(knowledge, view, root, rng, actions, cut_short, same_luck=False):
            return
        done += len(actions)


def _grow_halving(
    knowledge: Knowledge,
    view: SeatView,
    root: Node,
    rng: Rng,
    actions: list[int],
    limit: float,
    deadline: float,
    stopped: Callable[[], bool],
) -> None:
    """Sequential halving over common worlds and common luck: the budget is split evenly
    among the ``ceil(log2(len(actions)))`` rounds; in each, every action still in is played
    out in the same drawn worlds, each world's playouts from one seed, and the better half
    by mean result goes on. So the actions still in at the end have the most visits, and
    actions are compared on the same hidden information and the same later luck. Under a
    time budget the first world's cost sets how many playouts the time holds."""
    rounds = max(1, math.ceil(math.log2(len(actions))))
    alive = list(actions)
    done = 0

    def cut_short() -> bool:
        return done > 0 and (time.perf_counter() >= deadline or stopped())

    started = time.perf_counter()
    _play_world(knowledge, view, root, rng, alive, cut_short, same_luck=True)
    done = len(actions)
    if math.isinf(limit):
        each = (time.perf_counter() - started) / len(actions)
        limit = done + (deadline - time.perf_counter()) / max(each, 1e-9)
    for round_index in range(rounds):
        # The first world, played already, is the first round's.
        spent = done - len(actions) if round_index == 0 else done
        worlds = max(1, int((limit - spent) / (rounds - round_index) // len(alive)))
        for _ in range(worlds - 1 if round_index == 0 else worlds):
            if done + len(alive) > limit:
                return
            if not _play_world(knowledge, view, root, rng, alive, cut_short, same_luck=True):
                return
            done += len(alive)
        if len(alive) > 1:
            means = {a: root.children[a].value / root.children[a].visits for a in alive}
            alive.sort(key=lambda a: -means[a])
            alive = alive[: (len(alive) + 1) // 2]


def _ranked(children: dict[int, Node]) -> list[Choice]:
    choices = [
        Choice(a, n.visits - n.prior, n.value / n.visits) for a, n in children.items() if n.visits
    ]
    return sorted(choices, key=lambda c: (-c.visits, -c.value, c.action))


def _iterate(
    knowledge: Knowledge, game: State, root: Node, rng: Rng, allowed: list[int] | None = None
) -> None:
    node = root
    path = [root]
    while not game.is_terminal:
        legal = allowed if node is root and allowed is not None else game.legal_actions()
        children = node.children
        untried = [a for a in legal if a not in children]
        for action in legal:
            child = children.get(action)
            if child is not None:
                child.available += 1
        weight = knowledge.plan(game).prior_visits if untried else 0
        if weight:
            _expand_with_priors(knowledge, game, children, untried, rng, weight)
        elif untried:
            # Expand the game's playout choice first when it is new here: a cheap prior.
            # At the root it may lie outside the shortlist, which alone is searched.
            action = knowledge.playout_action(game, rng)
            if action not in untried:
                action = rng.choice(untried)
            child = Node(player=game.current_player, available=1)
            children[action] = child
            game.apply(action)
            path.append(child)
            break
        action = _select(children, legal)
        node = children[action]
        game.apply(action)
        path.append(node)
        if node.visits == node.prior:
            break  # a node reached for the first time is judged by a playout
    result = playout(knowledge, game, rng)
    for visited in path:
        visited.visits += 1
        if visited.player >= 0:
            visited.value += result[visited.player]


def _expand_with_priors(
    knowledge: Knowledge,
    game: State,
    children: dict[int, Node],
    untried: list[int],
    rng: Rng,
    weight: int,
) -> None:
    """Add a child for each untried action, starting with the game's estimate of the position
    it leads to counted as ``weight`` playouts (the plan's ``prior_visits``): the search then
    begins where a greedy player would, and only visits overturn it. Equal estimates are
    ordered at random (a jitter far below any real difference), so ties do not always go to
    the lowest action."""
    mover = game.current_player
    for action in untried:
        guess = _judge(knowledge, game, action)
        value = (guess[mover] if guess is not None else 0.5) + rng.random() * TIE_JITTER
        children[action] = Node(
            player=mover, visits=weight, available=weight, value=value * weight, prior=weight
        )


def _select(children: dict[int, Node], legal: list[int]) -> int:
    """UCB on values rescaled to the spread among these children (min-max), so that the
    exploration weight means the same whatever the scale of the game's results."""
    means = [children[a].value / children[a].visits for a in legal]
    low, high = min(means), max(means)
    scale = 1.0 / (high - low) if high > low else 0.0
    best_score = -math.inf
    best_action = legal[0]
    for action, mean in zip(legal, means, strict=True):
        child = children[action]
        score = (mean - low) * scale + EXPLORATION * math.sqrt(
            math.log(child.available) / child.visits
        )
        if score > best_score:
            best_score, best_action = score, action
    return best_action


def playout(knowledge: Knowledge, game: State, rng: Rng) -> list[float]:
    """Play ``game`` out with the playout policy for the plan's ``playout_steps`` (of the
    position the playout begins in), then let the estimate stand in for the rest."""
    if game.is_terminal:
        return knowledge.utility(game)
    cut = knowledge.plan(game).playout_steps
    policy = knowledge.playout_action
    steps = 0
    while not game.is_terminal:
        if steps == cut:
            guess = knowledge.estimate(game)
            if guess is not None:
                return guess
        game.apply(policy(game, rng))
        steps += 1
    return knowledge.utility(game)


def _root_statistics(
    view: SeatView, budget: Budget, seed: int
) -> dict[int, tuple[int, float, int]]:
    """One worker's search as (visits, summed result, prior visits) per root action; runs in
    a subprocess."""
    root = grow(view, budget, Rng(seed))
    return {a: (n.visits, n.value, n.prior) for a, n in root.children.items()}


def search_parallel(
    view: SeatView, budget: Budget, rng: Rng, pool: Executor, workers: int
) -> list[Choice]:
    """Root-parallel search: ``workers`` independent trees whose root statistics are added."""
    legal = view.legal_actions()
    if len(legal) == 1:
        return [Choice(legal[0], 1, 0.5)]
    seeds = [rng.next_u64() for _ in range(workers)]
    merged: dict[int, Node] = {}
    for stats in pool.map(_root_statistics, [view] * workers, [budget] * workers, seeds):
        for action, (visits, value, prior) in stats.items():
            node = merged.setdefault(action, Node(player=view.seat))
            node.visits += visits
            node.value += value
            node.prior += prior
    return _ranked(merged)


class MctsAgent(Agent):
    """ISMCTS with a budget per decision (``mcts:2s``, ``mcts:5000it``), in one process or
    several (``workers=2``: root parallelization, each worker with its own seed)."""

    def __init__(self, seed: int, budget: Budget, workers: int = 1, spec: str = "mcts") -> None:
        super().__init__(seed)
        self.budget = budget
        self.workers = workers
        self.spec = spec
        self._pool: ProcessPoolExecutor | None = None
        self._stop = threading.Event()

    def analyse(self, view: SeatView) -> list[Choice]:
        """Every root action with its visits and expected result, best first. A search in
        one process ends early, with what it has, when :meth:`cancel` is called."""
        try:
            if self.workers == 1:
                return search(view, self.budget, self.rng.fork(), stop=self._stop)
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.workers)
            return search_parallel(view, self.budget, self.rng, self._pool, self.workers)
        finally:
            self._stop.clear()

    def cancel(self) -> None:
        self._stop.set()

    def choose(self, view: SeatView) -> int:
        return self.analyse(view)[0].action

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None
