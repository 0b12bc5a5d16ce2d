"""PettingZoo AEC environments of the games (docs/research.md).

``env("land-vs-sea", players=3)`` is a game of Land vs Sea for 3, its agents ``player_0``
to ``player_2`` (the seats). Each agent observes a dict: ``observation``, its knowledge as
the game's fixed-shape float32 vector, and ``action_mask``, int8 over the action space:
action ``i`` is the game's action number ``i`` (``Game.action_count`` of them), or with
``actions="factored"`` the pair ``divmod(i, targets)`` of the game's ``Factoring``, or with
``actions="candidates"`` the ``i``-th of the position's candidates, whose features are the
observation's ``candidates`` rows (``Game.action_features``).
Rewards come at the end: each seat's win share (``State.returns()``) or, with
``reward="score_difference"``, its score less the mean of the others'.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from tablelands.core.game import Edition, OptionValue
from tablelands.envs.spaces import action_space, observation_space
from tablelands.envs.table import MAX_CANDIDATES, Table, agent_name, game_seed

Observation = dict[str, np.ndarray[Any, Any]]


class TablelandsAECEnv(AECEnv[str, Observation, int]):
    """One game, played seat after seat. ``render_mode="ansi"``: :meth:`render` gives what
    the agent to act sees (the whole result once the game is over), as the terminal draws
    it. ``reuse_masks``, ``actions``, ``max_candidates`` and ``planes``: see
    :class:`tablelands.envs.table.Table`."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it from the class)
        "render_modes": ["ansi"],
        "name": "tablelands_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
        reward: str = "win_share",
        render_mode: str | None = None,
        edition: Edition | None = None,
        reuse_masks: bool = False,
        actions: str = "flat",
        max_candidates: int = MAX_CANDIDATES,
        planes: bool = False,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.table = Table(
            game, players, options, reward, edition, reuse_masks, actions, max_candidates, planes
        )
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: observation_space(self.table) for agent in self.possible_agents
        }
        self.action_spaces = {agent: action_space(self.table) for agent in self.possible_agents}
        self._np_random, _ = seeding.np_random()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed``, the game ``Game.new_state(seed=seed)`` sets up (and
        the games of later resets without a seed follow from it); ``options`` is unused
        (the game's options are the environment's)."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.table.start(game_seed(self._np_random, seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._tell_legal(None)

    def observe(self, agent: str) -> Observation:
        return self.table.observe(self._seats[agent])

    def step(self, action: int | None) -> None:
        if not self.agents:
            raise RuntimeError("reset() the environment first: no agent is playing")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is no action")
        self._cumulative_rewards[agent] = 0.0
        self.table.play(int(action))
        table = self.table
        if table.over:
            for seat, reward in enumerate(table.rewards()):
                name = self.possible_agents[seat]
                self.rewards[name] = reward
                self.terminations[name] = True
            self.infos[agent] = {}
        else:
            self._tell_legal(agent)
        self._accumulate_rewards()

    def _tell_legal(self, last: str | None) -> None:
        """Select the agent to act and give it ``infos["legal_actions"]``, the mask's ones
        as a list (the quick way to them where the action space is large)."""
        if last is not None:
            self.infos[last] = {}
        agent = self.agent_selection = self.possible_agents[self.table.to_move]
        self.infos[agent] = {"legal_actions": list(self.table.legal())}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.ansi(self._seats[self.agent_selection])

    def close(self) -> None:
        pass


#: PettingZoo's name for the environment class.
raw_env = TablelandsAECEnv


def env(
    game: str,
    players: int,
    options: Mapping[str, OptionValue] | None = None,
    reward: str = "win_share",
    render_mode: str | None = None,
    edition: Edition | None = None,
    reuse_masks: bool = False,
    actions: str = "flat",
    max_candidates: int = MAX_CANDIDATES,
    planes: bool = False,
) -> TablelandsAECEnv:
    """The AEC environment of ``game`` (a registry name: ``"confusing-lands"``,
    ``"land-vs-sea"``, ``"drifting-lands"``). It checks what PettingZoo's order and bounds
    wrappers would (a step before ``reset``, an action out of range: ``IllegalActionError``
    as for any action the seat may not take) itself: through those wrappers every attribute
    read costs more than a step of the rules."""
    return TablelandsAECEnv(
        game,
        players,
        options,
        reward,
        render_mode,
        edition,
        reuse_masks,
        actions,
        max_candidates,
        planes,
    )
