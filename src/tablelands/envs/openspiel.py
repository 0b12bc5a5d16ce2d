"""Our games as OpenSpiel games (docs/openspiel.md).

Importing this module registers every game of the registry with ``pyspiel.register_game``
as ``python_tablelands_<name>`` (``python_tablelands_land_vs_sea``), so that
``pyspiel.load_game("python_tablelands_land_vs_sea", {"players": 3})`` and every OpenSpiel
algorithm that takes a game find it. The adapter is thin: each OpenSpiel state holds one of
our states and forwards to it.

- Chance is *explicit*, in one chance node at the start: the deal. Our rules draw from the
  state's own seeded generator inside ``apply``, so a game's seed decides every draw of it;
  the first node chooses that seed, uniformly among :data:`DEALS` (outcome ``k`` deals the
  game of seed ``seed + k``, ``seed`` being the game's parameter), and everything after it
  is the players' decisions.
- The information state and observation strings of a seat are its observation as JSON
  (``State.knowledge`` and ``State.observation``), never the true state, and
  ``resample_from_infostate`` is ``State.sample_hidden``, the determinization our own search
  uses.
- A state serializes as its game, seed and actions (``serialize`` pickles the Python side of
  the state), and is rebuilt by replaying them; a determinization, which no seed and
  actions reach, is pickled whole.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from tablelands.core.encoding import Encoder, Vector
from tablelands.core.game import Game, OptionValue, State
from tablelands.core.match import Setup
from tablelands.core.rng import SEED_LIMIT, Rng
from tablelands.games import REGISTRY, get_game

#: The prefix of every short name: OpenSpiel names its Python games ``python_<name>``.
PREFIX = "python_tablelands_"

#: The deals the chance node at the start chooses among (the games of seeds ``seed`` to
#: ``seed + DEALS - 1``): enough for any learning run, few enough to list at once.
DEALS = 4096

#: The returns of a solo game are its score (``State.returns``), taken to lie within these.
SOLO_SCORE_BOUNDS = (-200.0, 400.0)


def short_name(game_name: str) -> str:
    """OpenSpiel's short name of one of our games: ``land-vs-sea`` ->
    ``python_tablelands_land_vs_sea``."""
    return PREFIX + game_name.replace("-", "_")


def _game_type(game: Game[Any]) -> pyspiel.GameType:
    info = game.info
    players = 2 if 2 in info.player_counts else min(info.player_counts)
    parameters: dict[str, Any] = {"players": players, "seed": 0}
    for option in info.options:
        parameters[option.name] = option.default
    solo = min(info.player_counts) == 1
    return pyspiel.GameType(
        short_name=short_name(info.name),
        long_name=f"Tablelands {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # A win is shared among the winners, so returns add up to 1; a solo game returns
        # its score, which adds up to nothing in particular.
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM if solo else pyspiel.GameType.Utility.CONSTANT_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class _Held:
    """Our state inside an OpenSpiel state. OpenSpiel clones a Python state by deep-copying
    its attributes and serializes it by pickling them: this copies by ``State.clone`` and
    pickles as seed and actions, both far cheaper than going through every field."""

    __slots__ = ("replayable", "state")

    def __init__(self, state: State, replayable: bool) -> None:
        self.state = state
        #: Whether the state is its seed's game after its history (not a determinization).
        self.replayable = replayable

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone(), self.replayable)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        state = self.state
        if not self.replayable:
            return (_Held, (state, False))
        game = (state.game.info.name, state.num_players, state.seed, dict(state.options))
        return (_replayed, (*game, list(state.history)))


def _replayed(
    name: str, players: int, seed: int, options: dict[str, OptionValue], history: list[int]
) -> _Held:
    game = get_game(name)
    setup = Setup(game, players, options, game.default_edition(), seed)
    return _Held(setup.replay(history), True)


def _text(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class TablelandsState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel state holding one of our states (``tablelands_state``), or, before the
    deal (``seed`` ``None``), the chance node that deals it."""

    def __init__(self, game: TablelandsGame, seed: int | None) -> None:
        super().__init__(game)
        # Built on first use: OpenSpiel's clone makes a new initial state and then
        # overwrites its attributes, so a set-up here would be thrown away every time.
        self._held: _Held | None = None
        self._seed = seed

    @property
    def dealt(self) -> bool:
        return self._seed is not None

    @property
    def tablelands_state(self) -> State:
        """Our state (the true one: a referee's, not to be shown to a seat)."""
        if self._held is None:
            if self._seed is None:
                raise ValueError("the game is not dealt yet: its first node is the deal")
            game: TablelandsGame = self.get_game()
            self._held = _Held(game.our_state(self._seed), True)
        return self._held.state

    def current_player(self) -> int:
        if not self.dealt:
            return int(pyspiel.PlayerId.CHANCE)
        player = self.tablelands_state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if player < 0 else player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals, equally likely (none once dealt)."""
        return [] if self.dealt else [(deal, 1.0 / DEALS) for deal in range(DEALS)]

    def _legal_actions(self, player: int) -> list[int]:
        if not self.dealt:
            return list(range(DEALS)) if player == pyspiel.PlayerId.CHANCE else []
        state = self.tablelands_state
        return sorted(state.legal_actions()) if player == state.current_player else []

    def _apply_action(self, action: int) -> None:
        if not self.dealt:
            if not 0 <= action < DEALS:
                raise ValueError(f"the deal is one of 0 to {DEALS - 1}, not {action}")
            game: TablelandsGame = self.get_game()
            self._seed = game.seed + action
            return
        self.tablelands_state.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if not self.dealt:
            game: TablelandsGame = self.get_game()
            return f"deal {game.seed + action}"
        return self.tablelands_state.format_action(action)

    def is_terminal(self) -> bool:
        return self.dealt and self.tablelands_state.is_terminal

    def returns(self) -> list[float]:
        if not self.dealt:
            return [0.0] * self.num_players()
        state = self.tablelands_state
        return state.returns() if state.is_terminal else [0.0] * state.num_players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TablelandsState:
        """A state the seat ``player_id`` cannot tell from this one, everything hidden from
        it redrawn (``State.sample_hidden``) from a generator seeded by one draw of
        ``probability_sampler`` (a callable giving a float in [0, 1)); before the deal, a
        copy (nothing is known yet, nor hidden)."""
        if not self.dealt:
            copy: TablelandsState = self.clone()
            return copy
        rng = Rng(int(probability_sampler() * 2.0**53))
        world = self.tablelands_state.sample_hidden(player_id, rng)
        resampled = TablelandsState(self.get_game(), self._seed)
        resampled._held = _Held(world, False)
        return resampled

    def __str__(self) -> str:
        if not self.dealt:
            return "the deal, still to be drawn"
        return _text(self.tablelands_state.to_json())


class _Observer:
    """OpenSpiel's Python observer. With perfect recall a seat's information state is its
    knowledge (the observation without the fields worked out for drawing), else its whole
    observation; an observer of public information alone gets the public observation. The
    tensor of a seat is its knowledge through the game's encoder (docs/research.md; the
    observation holds the same information), ``dict`` its fields by name; before the deal
    the strings say so and the tensor is all zeros, the same for everyone."""

    def __init__(self, encoder: Encoder, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the observers take no parameters, not {sorted(params)}")
        kind = iig_obs_type if iig_obs_type is not None else pyspiel.IIGObservationType()
        self.public = kind.private_info == pyspiel.PrivateInfoType.NONE
        self.recall = bool(kind.perfect_recall)
        self._encoder = encoder
        # A public observer has no seat's knowledge to encode: its tensor stays empty.
        self.tensor: Vector = np.zeros(0 if self.public else encoder.shape, dtype=np.float32)
        self.dict: dict[str, Vector] = (
            {}
            if self.public
            else {name: self.tensor[part] for name, part in encoder.slices.items()}
        )

    def set_from(self, state: TablelandsState, player: int) -> None:
        if self.public:
            return
        if not state.dealt:
            self.tensor[:] = 0.0
            return
        self.tensor[:] = self._encoder.encode(state.tablelands_state.knowledge(player))

    def string_from(self, state: TablelandsState, player: int) -> str:
        if not state.dealt:
            return "the deal, still to be drawn"
        ours = state.tablelands_state
        if self.public:
            return _text(ours.public_observation())
        return _text(ours.knowledge(player) if self.recall else ours.observation(player))


class TablelandsGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """One of our games for OpenSpiel, for the player count and options of ``params``."""

    #: Our game: each registered subclass sets its own (``register_all``).
    ours: Game[Any]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.ours
        game_type = _game_type(game)
        given = dict(game_type.parameter_specification)
        given.update(params or {})
        players = int(given.pop("players"))
        self.seed = int(given.pop("seed"))
        if not 0 <= self.seed <= SEED_LIMIT - DEALS:
            raise ValueError(
                f"seed is 0 to {SEED_LIMIT - DEALS} (it and the next {DEALS - 1} are the deals), not {self.seed}"
            )
        game.check_players(players)
        defaults = {option.name: option.default for option in game.info.options}
        # An option left at its default is the game's to settle for the player count (Land
        # vs Sea with 3 or 4 players plays the modules LS-12 requires).
        chosen = {name: value for name, value in given.items() if defaults[name] != value}
        self.game = game
        self.players = players
        self.options = game.settle_options(players, chosen)
        low, high = SOLO_SCORE_BOUNDS if players == 1 else (0.0, 1.0)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.action_count(players, self.options),
            max_chance_outcomes=DEALS,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None if min(game.info.player_counts) == 1 else 1.0,
            # The deal, then the players' decisions.
            max_game_length=1 + game.max_game_length(players, self.options),
        )
        super().__init__(game_type, info, params or {})
        self.encoder = game.encoder(players, self.options)

    def our_state(self, seed: int) -> State:
        """Our state at the start of game ``seed`` with this game's players and options."""
        setup = Setup(self.game, self.players, self.options, self.game.default_edition(), seed)
        return setup.start()

    def new_initial_state(self) -> TablelandsState:
        """The chance node that deals the game (one of :data:`DEALS`)."""
        return TablelandsState(self, None)

    def state_for_seed(self, seed: int) -> TablelandsState:
        """The start of our game of ``seed``, dealt already (any seed, none of the deals'
        perhaps): OpenSpiel's record of the actions (``history()``) starts empty there."""
        return TablelandsState(self, seed)

    def wrap(self, state: State) -> TablelandsState:
        """An OpenSpiel state holding a copy of ``state`` (one of ours, of this game's
        players and options), for a referee that holds ours. OpenSpiel's record of the
        actions (``history()``) starts empty there, and the copy serializes whole, since
        nothing says its seed and history reach it."""
        if state.game is not self.game or state.num_players != self.players:
            raise ValueError(
                f"a {state.num_players}-player {state.game.info.title} state is not one of "
                f"{self.players}-player {self.game.info.title}"
            )
        if state.options != self.options:
            raise ValueError(f"a state with options {state.options} is not one of {self.options}")
        wrapped = TablelandsState(self, state.seed)
        wrapped._held = _Held(state.clone(), False)
        return wrapped

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self.encoder, iig_obs_type, params)


@cache
def register_all() -> tuple[str, ...]:
    """Register every game of the registry (once); their short names.

    Each is registered by a class of its own, as OpenSpiel's examples are: OpenSpiel keeps the
    creator until after Python has shut down, and dropping the last reference to a plain
    function then aborts the interpreter, whereas a class is never freed that late."""
    names = []
    for name in REGISTRY:
        game = get_game(name)
        creator = type(f"{game.info.title.replace(' ', '')}Game", (TablelandsGame,), {"ours": game})
        pyspiel.register_game(_game_type(game), creator)
        names.append(short_name(name))
    return tuple(names)


register_all()
