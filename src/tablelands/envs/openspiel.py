"""Our games as OpenSpiel games (docs/openspiel.md).

Importing this module registers every game of the registry with ``pyspiel.register_game``
as ``python_tablelands_<name>`` (``python_tablelands_land_vs_sea``), so that
``pyspiel.load_game("python_tablelands_land_vs_sea", {"players": 3})`` and every OpenSpiel
algorithm that takes a game find it. The adapter is thin: each OpenSpiel state holds one of
our states and forwards to it.

- Chance is *sampled stochastic*: our rules draw from the state's own seeded generator
  inside ``apply``, so the deal of a game is its ``seed`` parameter and a state carries its
  generator with it; there are no chance nodes.
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

import pyspiel

from tablelands.core.game import Game, OptionValue, State
from tablelands.core.rng import Rng
from tablelands.games import REGISTRY, get_game

#: The prefix of every short name: OpenSpiel names its Python games ``python_<name>``.
PREFIX = "python_tablelands_"

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
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
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
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
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
    state = get_game(name).new_state(players=players, seed=seed, options=options)
    for action in history:
        state.apply(action)
    return _Held(state, True)


def _text(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class TablelandsState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel state holding one of our states (``tablelands_state``)."""

    def __init__(self, game: TablelandsGame, seed: int) -> None:
        super().__init__(game)
        # Built on first use: OpenSpiel's clone makes a new initial state and then
        # overwrites its attributes, so a set-up here would be thrown away every time.
        self._held: _Held | None = None
        self._seed = seed

    @property
    def tablelands_state(self) -> State:
        """Our state (the true one: a referee's, not to be shown to a seat)."""
        if self._held is None:
            game: TablelandsGame = self.get_game()
            self._held = _Held(game.our_state(self._seed), True)
        return self._held.state

    def current_player(self) -> int:
        player = self.tablelands_state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if player < 0 else player

    def _legal_actions(self, player: int) -> list[int]:
        state = self.tablelands_state
        return sorted(state.legal_actions()) if player == state.current_player else []

    def _apply_action(self, action: int) -> None:
        self.tablelands_state.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.tablelands_state.format_action(action)

    def is_terminal(self) -> bool:
        return self.tablelands_state.is_terminal

    def returns(self) -> list[float]:
        state = self.tablelands_state
        return state.returns() if state.is_terminal else [0.0] * state.num_players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TablelandsState:
        """A state the seat ``player_id`` cannot tell from this one, everything hidden from
        it redrawn (``State.sample_hidden``) from a generator seeded by one draw of
        ``probability_sampler`` (a callable giving a float in [0, 1))."""
        rng = Rng(int(probability_sampler() * 2.0**53))
        world = self.tablelands_state.sample_hidden(player_id, rng)
        copy = TablelandsState(self.get_game(), self._seed)
        copy._held = _Held(world, False)
        return copy

    def __str__(self) -> str:
        return _text(self.tablelands_state.to_json())


class _Observer:
    """OpenSpiel's Python observer: strings only (the tensors come from the encoders).
    With perfect recall a seat's information state is its knowledge (the observation without
    the fields worked out for drawing), else its whole observation; an observer of public
    information alone gets the public observation."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the observers take no parameters, not {sorted(params)}")
        self.tensor = None
        self.dict: dict[str, Any] = {}
        kind = iig_obs_type if iig_obs_type is not None else pyspiel.IIGObservationType()
        self.public = kind.private_info == pyspiel.PrivateInfoType.NONE
        self.recall = bool(kind.perfect_recall)

    def set_from(self, state: TablelandsState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: TablelandsState, player: int) -> str:
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
            max_chance_outcomes=0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None if min(game.info.player_counts) == 1 else 1.0,
            max_game_length=game.max_game_length(players, self.options),
        )
        super().__init__(game_type, info, params or {})

    def our_state(self, seed: int) -> State:
        """Our state at the start of game ``seed`` with this game's players and options."""
        return self.game.new_state(players=self.players, seed=seed, options=dict(self.options))

    def new_initial_state(self) -> TablelandsState:
        """The start of the game dealt by the ``seed`` parameter."""
        return TablelandsState(self, self.seed)

    def state_for_seed(self, seed: int) -> TablelandsState:
        """The start of the game dealt by ``seed`` (another deal than the parameter's)."""
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
        return _Observer(iig_obs_type, params)


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
