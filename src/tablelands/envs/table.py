"""What the PettingZoo and Gymnasium environments share: one game at a time, its seats'
encoded knowledge and action masks, the rewards at the end and the terminal drawing.

Nothing here imports PettingZoo or Gymnasium. Observations come from
``State.knowledge(seat)`` through the game's encoder, masks from ``legal_actions()``, or by
the game's quick ways to the same (``Encoder.quick_encode``, ``Factoring.quick``, held equal
by the conformance suite): a seat is given what it may know and nothing else
(docs/research.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from io import StringIO
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray
from rich.console import Console

from tablelands.core.candidates import ActionFeatures, Candidates
from tablelands.core.encoding import Knowledge, Vector
from tablelands.core.errors import IllegalActionError, OptionError
from tablelands.core.factored import FactoredActions, Factoring
from tablelands.core.game import TERMINAL, Edition, Game, OptionValue, State
from tablelands.core.match import Setup
from tablelands.core.rng import SEED_LIMIT, seed_problem
from tablelands.core.view import SeatView
from tablelands.games import get_game
from tablelands.games.drawing import renderer_for

Reward = Literal["win_share", "score_difference"]
REWARDS: tuple[Reward, ...] = ("win_share", "score_difference")
#: How actions are numbered: the game's own numbers, the factored pairs' indices, or the
#: places of the position's candidates in their list.
ActionForm = Literal["flat", "factored", "candidates"]
ACTION_FORMS: tuple[ActionForm, ...] = ("flat", "factored", "candidates")
#: Candidates a position lists at most by default: more than any seeded game has shown
#: (816, a Confusing Lands solo hand of two cards on a wide landscape).
MAX_CANDIDATES = 1024
Mask = NDArray[np.int8]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def game_seed(np_random: np.random.Generator, seed: int | None) -> int:
    """The game's seed: ``seed`` itself when given (so ``reset(seed=5)`` plays the game
    the setup of seed 5 starts), else one drawn from the environment's generator."""
    if seed is None:
        return int(np_random.integers(0, SEED_LIMIT))
    problem = seed_problem(seed)
    if problem:
        raise OptionError(problem)
    return seed


class Table:
    """A game of ``name`` for ``players`` with ``options``, ready to be played again and
    again (:meth:`start`), with each seat's observation vector and action mask.

    ``actions``: ``"flat"``, the game's own action numbers (``Game.action_count``), or
    ``"factored"``, the index ``head * targets + target`` of each action's pair in the game's
    :class:`~tablelands.core.factored.Factoring` (``Game.factoring``): a space of at most
    about 100,000 where the flat ones run to millions.

    ``"candidates"``, the place of each legal action in the position's list of candidates
    (:meth:`candidates`: the legal actions with their features, ``Game.action_features``),
    ``max_candidates`` of them at most: where more are legal, those that gain the most points.

    ``planes``: observations carry the map as planes too (``Encoder.planes``: channels x
    rows x columns), for convolutional networks.

    ``reuse_masks``: each seat's mask is one array, rewritten in place whenever that seat
    is observed again (fast where the action space is large: Land vs Sea's is 47.6 million),
    instead of a new array each time (safe to keep)."""

    def __init__(
        self,
        name: str,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
        reward: str = "win_share",
        edition: Edition | None = None,
        reuse_masks: bool = False,
        actions: str = "flat",
        max_candidates: int = MAX_CANDIDATES,
        planes: bool = False,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if actions not in ACTION_FORMS:
            raise ValueError(f"actions is one of {', '.join(ACTION_FORMS)}, not {actions!r}")
        #: The game being played: seed 0's until :meth:`start` deals another.
        self.setup = Setup.checked(get_game(name), players, 0, options, edition)
        self.reward = reward
        self.encoder = self.game.encoder(players, self.setup.options, self.setup.edition)
        #: The factored form's, when the actions are factored.
        self.factoring: Factoring | None = None
        #: What describes each candidate, when the actions are candidates.
        self.features: ActionFeatures | None = None
        if actions == "factored":
            self.factoring = self.game.factoring(players, self.setup.options, self.setup.edition)
            self.action_count = self.factoring.size
        elif actions == "candidates":
            if max_candidates < 1:
                raise ValueError(f"max_candidates is at least 1, not {max_candidates}")
            self.features = self.game.action_features(
                players, self.setup.options, self.setup.edition
            )
            self.action_count = max_candidates
        else:
            self.action_count = self.game.action_count(players, self.setup.options)
        self.reuse_masks = reuse_masks
        #: Whether observations carry the map as planes (``Encoder.planes``) too.
        self.planes = planes
        self._masks = [
            np.zeros(self.action_count, dtype=np.int8) for _ in range(players if reuse_masks else 0)
        ]
        self._marked = [np.zeros(0, dtype=np.intp) for _ in range(players)]
        self.state: State = self.setup.start()
        self._legal: list[int] | None = None
        self._legal_indices: NDArray[np.intp] | None = None
        self._factored: FactoredActions | None = None
        self._candidates: Candidates | None = None
        self._knowledge: dict[int, Knowledge] = {}

    @property
    def game(self) -> Game[Any]:
        return self.setup.game

    @property
    def players(self) -> int:
        return self.setup.players

    def start(self, seed: int) -> None:
        """Deal the game of ``seed`` (``OptionError`` for a seed no game has)."""
        setup = self.setup.with_seed(seed)
        self.state = setup.start()
        self.setup = setup
        self._moved()

    @property
    def to_move(self) -> int:
        return self.state.current_player

    @property
    def over(self) -> bool:
        return self.state.current_player == TERMINAL

    def legal(self) -> list[int]:
        """The legal actions of the seat to move, in the table's form (worked out once a
        position)."""
        if self._legal is None:
            if self.over:
                self._legal = []
            elif self.factoring is not None:
                self._legal = self.factored().indices
            elif self.features is not None:
                self._legal = list(range(len(self.candidates())))
            else:
                self._legal = self.state.legal_actions()
        return self._legal

    def factored(self) -> FactoredActions:
        """The legal actions of the seat to move, named in the factored form."""
        if self.factoring is None:
            raise ValueError("this table numbers its actions as the game does: not factored")
        if self._factored is None:
            self._factored = FactoredActions.of(self.factoring, self.state, self.knowledge)
        return self._factored

    def candidates(self) -> Candidates:
        """The legal actions of the seat to move with their features, worked out in its
        world (``SeatView.candidates``), at most ``max_candidates`` of them."""
        if self.features is None:
            raise ValueError(f"this table's actions are {self.form}: not candidates")
        if self._candidates is None:
            view = SeatView(self.state)
            self._candidates = view.candidates(self.features).best(self.action_count)
        return self._candidates

    def candidate_rows(self, seat: int) -> NDArray[np.float32]:
        """The candidates' features as ``max_candidates`` rows, a candidate's row at its
        place in the list and zeros after the last (all zeros unless ``seat`` is to move)."""
        assert self.features is not None
        rows = np.zeros((self.action_count, len(self.features.names)), dtype=np.float32)
        if seat == self.state.current_player:
            listed = self.candidates().features
            rows[: len(listed)] = listed
        return rows

    @property
    def form(self) -> ActionForm:
        """How the table numbers actions: ``"flat"``, ``"factored"`` or ``"candidates"``."""
        if self.factoring is not None:
            return "factored"
        return "candidates" if self.features is not None else "flat"

    def play(self, action: int) -> None:
        """Play ``action`` (in the table's form) for the seat to move: ``IllegalActionError``
        naming the rule if it may not, leaving the game as it was."""
        if self.features is not None:
            listed = self.candidates().actions if not self.over else []
            if not 0 <= action < len(listed):
                raise IllegalActionError(
                    "the game is over"
                    if self.over
                    else f"candidate {action} is not listed: there are {len(listed)} (0 to "
                    f"{len(listed) - 1})"
                )
            action = listed[action]
        elif self.factoring is not None:
            flat = self.factored().action(action) if not self.over else None
            if flat is None:
                raise IllegalActionError(self._unnamed(action))
            action = flat
        self.play_game_action(action)

    def play_game_action(self, action: int) -> None:
        """Play the game's own action number ``action`` (what an agent's ``choose`` gives),
        whatever the table's form: ``IllegalActionError`` as :meth:`play`."""
        self.state.apply(action)
        self._moved()

    def _unnamed(self, index: int) -> str:
        """Why the factored ``index`` cannot be played now."""
        factoring = self.factoring
        assert factoring is not None
        if self.over:
            return "the game is over"
        if not 0 <= index < factoring.size:
            return f"{index} is not a factored action: they are 0 to {factoring.size - 1}"
        head, target = factoring.pair(index)
        return (
            f"factored action {index} ({factoring.heads[head]}, target {target}) names no "
            "legal action here"
        )

    def _moved(self) -> None:
        self._legal = self._legal_indices = self._factored = self._candidates = None
        self._knowledge = {}

    def knowledge(self, seat: int) -> Knowledge:
        """What ``seat`` knows now (``State.knowledge``, worked out once a position)."""
        known = self._knowledge.get(seat)
        if known is None:
            known = self._knowledge[seat] = self.state.knowledge(seat)
        return known

    def observation(self, seat: int) -> Vector:
        """``seat``'s knowledge encoded (``Encoder.quick_encode`` where the game has it)."""
        quick = self.encoder.quick_encode(self.state, seat)
        return quick if quick is not None else self.encoder.encode(self.knowledge(seat))

    def mask(self, seat: int) -> Mask:
        """1 at every action ``seat`` may play now (none unless it is to move)."""
        if seat == self.state.current_player:
            legal = self._legal_indices
            if legal is None:
                legal = self._legal_indices = (
                    self.factored().array
                    if self.factoring is not None and not self.over
                    else np.array(self.legal(), dtype=np.intp)
                )
        else:
            legal = self._marked[seat][:0]
        if not self.reuse_masks:
            fresh = np.zeros(self.action_count, dtype=np.int8)
            fresh[legal] = 1
            return fresh
        mask = self._masks[seat]
        mask[self._marked[seat]] = 0
        mask[legal] = 1
        self._marked[seat] = legal
        return mask

    def observe(self, seat: int) -> dict[str, NDArray[Any]]:
        """``seat``'s observation as the environments give it: its encoded knowledge, its
        mask, for candidates the candidates' rows and, with ``planes``, the map's planes."""
        seen: dict[str, NDArray[Any]] = {
            "observation": self.observation(seat),
            "action_mask": self.mask(seat),
        }
        if self.features is not None:
            seen["candidates"] = self.candidate_rows(seat)
        if self.planes:
            seen["planes"] = self.encoder.planes(self.knowledge(seat))
        return seen

    def rewards(self) -> list[float]:
        """Each seat's reward at the end: its win share (``State.returns()``), or with
        ``score_difference`` its score less the mean score of the other seats (solo: its
        score)."""
        state = self.state
        if self.reward == "win_share":
            return state.returns()
        scores = state.scores()
        if self.players == 1:
            return [float(scores[0])]
        total = sum(scores)
        return [s - (total - s) / (self.players - 1) for s in scores]

    def ansi(self, seat: int) -> str:
        """What ``seat`` sees, drawn as the terminal session draws it (with the result once
        the game is over), as text with ANSI colours."""
        renderer = renderer_for(self.game)
        out = StringIO()
        console = Console(file=out, force_terminal=True, color_system="standard", width=120)
        state = self.state
        console.print(renderer.board(state.observation(seat), self.setup.edition))
        if self.over:
            console.print(renderer.result(state, [agent_name(s) for s in range(self.players)]))
        return out.getvalue()
