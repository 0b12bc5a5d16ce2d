"""Gymnasium single-agent environments of the games (docs/research.md).

The learner holds one seat; the other seats are played by bots named by agent specs
(``tablelands.agents.make_agent``: ``random``, ``greedy``, ``mcts:200it``...), each choosing
from its own ``SeatView`` only. ``make("confusing-lands", players=1)`` is Confusing Lands
solo, with no other seat. Importing this module registers ``tablelands/ConfusingLands-v0``,
``tablelands/LandVsSea-v0`` and ``tablelands/DriftingLands-v0`` with Gymnasium, the same
with factored actions (``actions="factored"``) as ``tablelands/ConfusingLands-factored-v0``
and so on, and with candidates as ``tablelands/ConfusingLands-candidates-v0`` and so on;
``gymnasium.make("tablelands.envs.gymnasium:tablelands/LandVsSea-factored-v0")`` imports it
itself (Gymnasium 1.x loads no plugins from entry points).

The observation is a dict (``observation``: the seat's knowledge as the game's float32
vector; ``action_mask``: int8 over the action space), and ``info["action_mask"]`` is the
same mask. Action ``i`` is the game's action number ``i``, or with factored actions the pair
``divmod(i, targets)`` of the game's ``Factoring`` (``env.unwrapped.table.factoring``), or
with candidates the ``i``-th legal action, whose features are row ``i`` of the observation's
``candidates``; with ``planes=True`` the observation has the map's ``planes`` too. An
illegal action ends the episode with ``illegal_reward`` and ``info["illegal"]`` naming the
rule it breaks, so that a learner which ignores the mask is told, not stopped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from tablelands.agents import make_agent
from tablelands.agents.base import Agent
from tablelands.core.errors import IllegalActionError
from tablelands.core.game import Edition, OptionValue
from tablelands.core.view import SeatView
from tablelands.envs.spaces import action_space, observation_space
from tablelands.envs.table import ACTION_FORMS, MAX_CANDIDATES, Table, game_seed
from tablelands.games import get_game

Observation = dict[str, np.ndarray[Any, Any]]
#: Gymnasium ids -> the game's registry name and the form of its actions.
IDS = {
    f"tablelands/{title}{'' if form == 'flat' else '-' + form}-v0": (name, form)
    for title, name in (
        ("ConfusingLands", "confusing-lands"),
        ("LandVsSea", "land-vs-sea"),
        ("DriftingLands", "drifting-lands"),
    )
    for form in ACTION_FORMS
}


class TablelandsEnv(gymnasium.Env[Observation, np.int64]):
    """One seat (``seat``) of a game, against ``opponents``: one spec for every other seat,
    or one spec per other seat in seat order; ``actions`` (``"flat"``, ``"factored"`` or
    ``"candidates"``), ``max_candidates`` and ``planes``: see
    :class:`~tablelands.envs.table.Table`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, OptionValue] | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "win_share",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        edition: Edition | None = None,
        actions: str = "flat",
        max_candidates: int = MAX_CANDIDATES,
        planes: bool = False,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        if players is None:
            players = get_game(game).info.player_counts[0]
        self.table = Table(
            game,
            players,
            options,
            reward,
            edition,
            actions=actions,
            max_candidates=max_candidates,
            planes=planes,
        )
        if not 0 <= seat < players:
            raise ValueError(f"there is no seat {seat} in a {players}-player game")
        others = players - 1
        specs = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(specs) != others:
            raise ValueError(
                f"{players} players leave {others} other seats, not {len(specs)} opponents"
            )
        for spec in specs:
            make_agent(spec, 0).close()  # refuses a spec that names no agent, at once
        self.seat = seat
        self.specs = specs
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = cast("spaces.Space[Observation]", observation_space(self.table))
        self.action_space = action_space(self.table)
        self._opponents: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game: with ``seed``, the game ``Game.new_state(seed=seed)`` sets up, the
        opponents seeded from it too; ``options`` is unused (the game's are the env's)."""
        super().reset(seed=seed)
        self.table.start(game_seed(self.np_random, seed))
        self._close_opponents()
        others = [s for s in range(self.table.players) if s != self.seat]
        self._opponents = {
            s: make_agent(spec, int(self.np_random.integers(0, 2**62)))
            for s, spec in zip(others, self.specs, strict=True)
        }
        self._play_others()
        seen = self.table.observe(self.seat)
        return seen, {"action_mask": seen["action_mask"].copy()}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        table = self.table
        info: dict[str, Any] = {}
        try:
            table.play(int(action))
        except IllegalActionError as refusal:
            seen = table.observe(self.seat)
            info = {"action_mask": seen["action_mask"].copy(), "illegal": str(refusal)}
            return seen, self.illegal_reward, True, False, info
        self._play_others()
        seen = table.observe(self.seat)
        info["action_mask"] = seen["action_mask"].copy()
        reward = table.rewards()[self.seat] if table.over else 0.0
        return seen, reward, table.over, False, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.ansi(self.seat)

    def close(self) -> None:
        self._close_opponents()

    def _play_others(self) -> None:
        table = self.table
        while not table.over and table.to_move != self.seat:
            seat = table.to_move
            table.play_game_action(self._opponents[seat].choose(SeatView(table.state, seat)))

    def _close_opponents(self) -> None:
        for agent in self._opponents.values():
            agent.close()
        self._opponents = {}


def make(game: str, players: int | None = None, **settings: Any) -> TablelandsEnv:
    """The single-agent environment of ``game`` (a registry name), ``settings`` as
    :class:`TablelandsEnv` takes them."""
    return TablelandsEnv(game, players, **settings)


for _id, (_name, _form) in IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point=f"{__name__}:TablelandsEnv",
            kwargs={"game": _name, "actions": _form},
        )
