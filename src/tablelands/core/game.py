"""The game-agnostic protocol every game implements (after OpenSpiel's state API).

A :class:`Game` describes a game and makes states; a :class:`State` is one position
with everything needed to go on: whose turn it is, the legal actions, and ``apply``.
Actions are plain integers on the hot path; each game gives them a text notation
through :meth:`State.format_action` and :meth:`State.parse_action`.

Randomness belongs to the state: it is drawn from the state's seeded :class:`Rng`
when the rules call for it (shuffles at setup), so a seed and the list of actions
reproduce a game exactly. Information a player may not know is never in
:meth:`State.observation`, and :meth:`State.sample_hidden` redraws exactly that
information, which is what determinized search needs.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import import_module, resources
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from tablelands.core.candidates import ActionFeatures
from tablelands.core.encoding import Encoder
from tablelands.core.errors import EditionError, OptionError
from tablelands.core.factored import Factoring
from tablelands.core.fields import FieldPlan, plain
from tablelands.core.files import content_hash, read_json, validate
from tablelands.core.rng import Rng, seed_problem

#: ``State.current_player`` once the game is over.
TERMINAL = -1

OptionValue = bool | int | str
JsonDict = dict[str, Any]
#: A place of the board a step changed (its key, the game's own) and the seat whose move it
#: shows (see ``Game.places``).
Place = tuple[int, str]
#: One seat's figures for a balance report: named breakdowns, each label to its points (or
#: count), e.g. ``{"points by condition": {"Mighty River": 8}}``.
Breakdowns = dict[str, dict[str, float]]
EditionT = TypeVar("EditionT", bound="Edition")
#: A draw of the hidden information, called as ``redraw(state, player, rng)`` (see
#: :meth:`State.sample_hidden`).
Redraw = Callable[["State", int, Rng], "State"]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option, given on the command line as ``--option NAME=VALUE``."""

    name: str
    help: str
    default: OptionValue
    choices: tuple[str, ...] = ()

    def parse(self, text: str) -> OptionValue:
        """Turn the text of ``NAME=VALUE`` into a value of the default's type."""
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            if lowered in {"on", "true", "yes", "1"}:
                return True
            if lowered in {"off", "false", "no", "0"}:
                return False
            raise OptionError(f"option {self.name!r} takes on/off, not {text!r}")
        if isinstance(self.default, int):
            try:
                return int(text)
            except ValueError:
                raise OptionError(
                    f"option {self.name!r} takes a whole number, not {text!r}"
                ) from None
        if self.choices and text not in self.choices:
            raise OptionError(
                f"option {self.name!r} takes one of {', '.join(self.choices)}, not {text!r}"
            )
        return text


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is: its registry name, title, player counts and options."""

    name: str
    title: str
    summary: str
    player_counts: tuple[int, ...]
    options: tuple[OptionSpec, ...] = field(default=())
    #: The numbered rulings that settle what the rulebook leaves open (each tested, each explained).
    rulings: tuple[str, ...] = field(default=())
    #: The distinct ways to play, as (players, options): what the conformance suite runs.
    modes: tuple[tuple[int, tuple[tuple[str, OptionValue], ...]], ...] = field(default=())
    #: What playing it is like, in one line for someone who has never played it (the lobby).
    blurb: str = ""
    #: A game's rough length with people at the table, in words ("about 15 minutes").
    length: str = ""

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        offered = ", ".join(spec.name for spec in self.options) or "none"
        raise OptionError(f"{self.name} has no option {name!r} (options: {offered})")


class EditionFile(BaseModel):
    """What every edition file holds besides its game's components."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["tablelands-edition/1"]
    name: str = Field(min_length=1)
    reconstructed: bool
    notes: str = ""


def name_fields(fields: list[str], shown: int = 3) -> str:
    """The fields a warning is about, as it names them: the first ``shown`` and how many more
    (``tiles.0.a, tiles.1.b, tiles.4.a and 9 more``)."""
    named = ", ".join(fields[:shown])
    return named if len(fields) <= shown else f"{named} and {len(fields) - shown} more"


class Edition:
    """A set of component data (cards, tiles, maps) that a game is played with, validated by
    the game's :attr:`schema` and ready for its rules."""

    #: The pydantic model of the game's edition files.
    schema: ClassVar[type[EditionFile]]
    #: The package whose ``edition.json`` is the packaged edition.
    package: ClassVar[str]

    def __init__(self, model: EditionFile) -> None:
        self.model = model
        self.name = model.name
        self.reconstructed = model.reconstructed
        #: The file's data as given, set by :meth:`from_data`: what :attr:`content_hash` hashes.
        self.given: JsonDict | None = None

    def to_data(self) -> JsonDict:
        """The edition as the JSON data of its file, as given (defaults are not filled in)."""
        if self.given is not None:
            copied: JsonDict = json.loads(json.dumps(self.given))
            return copied
        return self.model.model_dump(mode="json")

    @classmethod
    def from_data(cls, data: object, source: str) -> Self:
        """Validate parsed JSON; ``EditionError`` names ``source`` and the field at fault."""
        edition = cls(validate(cls.schema, data, source, EditionError))
        edition.given = json.loads(json.dumps(data))
        return edition

    @classmethod
    def from_file(cls, path: Path) -> Self:
        return cls.from_data(read_json(path, EditionError), str(path))

    def warnings(self) -> list[str]:
        """What this edition does that the published components do not, though the rules
        allow it (a variant: other counts, faces alike), one line each naming the field
        (``tiles.3.a: ...``). Whatever no rule allows is refused by :meth:`from_data`
        instead. A game that knows its published components overrides this; none by
        default."""
        return []

    @classmethod
    def packaged(cls) -> Self:
        """The edition shipped in the game's package."""
        text = resources.files(cls.package).joinpath("edition.json").read_text(encoding="utf-8")
        return cls.from_data(json.loads(text), f"{cls.package}/edition.json")

    @cached_property
    def content_hash(self) -> str:
        """``sha256:<hex>`` of the canonical JSON of the edition's data as given (see
        docs/records.md); records name it."""
        return content_hash(self.to_data())


class SavedState(BaseModel):
    """The fields every saved state has (see :meth:`State.to_json`)."""

    model_config = ConfigDict(extra="forbid")

    game: str
    edition: str
    players: int
    seed: int
    rng: int
    options: dict[str, Any]
    history: list[int]


class Game(ABC, Generic[EditionT]):
    """A game: its description, its editions, and a factory of states."""

    info: ClassVar[GameInfo]
    #: Package that holds ``rules.md`` and the edition data.
    package: ClassVar[str]
    #: The class of this game's editions.
    edition_class: type[EditionT]
    #: The class of this game's states, built as ``state_class(game, edition, players, seed, options)``.
    state_class: Callable[[Game[Any], Any, int, int, dict[str, OptionValue]], State]

    @cached_property
    def _packaged_edition(self) -> EditionT:
        return self.edition_class.packaged()

    def default_edition(self) -> EditionT:
        """The edition shipped inside the package."""
        return self._packaged_edition

    def load_edition(self, path: Path) -> EditionT:
        """Load and validate an edition file; raises ``EditionError`` naming path and field."""
        return self.edition_class.from_file(path)

    def own_edition(self, edition: Edition | None) -> EditionT:
        """``edition``, checked to be one of this game's (``None``: the packaged one)."""
        if edition is None:
            return self._packaged_edition
        if not isinstance(edition, self.edition_class):
            raise EditionError(f"{edition.name!r} is not a {self.info.title} edition")
        return edition

    def new_state(
        self,
        *,
        players: int,
        seed: int,
        options: Mapping[str, OptionValue] | None = None,
        edition: Edition | None = None,
    ) -> State:
        """Set up a new game: deal, shuffle and place from ``seed`` (0 to 2^63 - 1)."""
        problem = seed_problem(seed)
        if problem:
            raise OptionError(problem)
        settled = self.played_with(players, options)
        return self.state_class(self, self.own_edition(edition), players, seed, settled)

    def action_count(self, players: int, options: Mapping[str, OptionValue] | None = None) -> int:
        """The size of the action space of a game of ``players`` with ``options`` (the
        defaults for those not given): every action of such a game, in every position and
        with every edition, is an int in ``range(action_count)``, so a research environment
        can fix its action space before any game is set up (docs/actions.md gives each
        game's). ``OptionError`` for a player count or options the game is not played with,
        as :meth:`new_state` would."""
        return self.count_actions(players, self.played_with(players, options))

    def encoder(
        self,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
        edition: Edition | None = None,
    ) -> Encoder:
        """The fixed-shape numeric encoding of a seat's knowledge in a game of ``players``
        with ``options`` (the defaults for those not given) and ``edition`` (the packaged
        one by default): the same shape in every position (docs/research.md). ``OptionError``
        as :meth:`action_count` gives it."""
        return self.make_encoder(
            players, self.played_with(players, options), self.own_edition(edition)
        )

    @abstractmethod
    def make_encoder(
        self, players: int, options: dict[str, OptionValue], edition: EditionT
    ) -> Encoder:
        """:meth:`encoder` for a player count and settled options the game is played with."""

    def factoring(
        self,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
        edition: Edition | None = None,
    ) -> Factoring:
        """The actions of a game of ``players`` with ``options`` and ``edition`` (the
        packaged one by default) named for learning, as ``(head, target)`` pairs read from
        the seat's knowledge (``core/factored.py``, docs/research.md): the same heads and
        targets in every position and edition. ``OptionError`` as :meth:`action_count`."""
        return self.make_factoring(
            players, self.played_with(players, options), self.own_edition(edition)
        )

    @abstractmethod
    def make_factoring(
        self, players: int, options: dict[str, OptionValue], edition: EditionT
    ) -> Factoring:
        """:meth:`factoring` for a player count and settled options the game is played with."""

    def action_features(
        self,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
        edition: Edition | None = None,
    ) -> ActionFeatures:
        """What each legal action of a game of ``players`` with ``options`` and ``edition``
        is described by, for policies that score candidates (``core/candidates.py``,
        ``SeatView.candidates``). ``OptionError`` as :meth:`action_count`."""
        return self.make_action_features(
            players, self.played_with(players, options), self.own_edition(edition)
        )

    def make_action_features(
        self, players: int, options: dict[str, OptionValue], edition: EditionT
    ) -> ActionFeatures:
        """:meth:`action_features` for settled options: by default the features every game
        has (points gained, points after, lead after, whether the game ends)."""
        return ActionFeatures()

    @abstractmethod
    def count_actions(self, players: int, options: dict[str, OptionValue]) -> int:
        """:meth:`action_count` for a player count and settled options that the game is
        played with: the bound of the game's action numbering (most numbers in the range
        name no action in a given game, and :meth:`State.legal_actions` never lists them)."""

    def settle_options(self, players: int, given: dict[str, OptionValue]) -> dict[str, OptionValue]:
        """The options a game of ``players`` is played with: the defaults overlaid with
        ``given``. A game whose player count fixes some options checks them here."""
        return self.resolve_options(given)

    @abstractmethod
    def notation_help(self) -> str:
        """A short description of the action notation, for interactive help."""

    @abstractmethod
    def standings(self, seen: JsonDict, edition: Edition) -> list[JsonDict]:
        """Every seat's score so far as counted from an observation: what the viewer can
        count, never what hidden cards or tiles would add."""

    def balance_figures(self, standings: list[JsonDict]) -> list[Breakdowns]:
        """Per seat, what a balance report charts of a finished game: named breakdowns of its
        :meth:`standings` rows (of the final public observation), labels in words. A label a
        seat's breakdown leaves out is one the seat did not take (a condition it did not
        hold, a kind of points it did not score), so the report can tell how often each is
        taken. By default none."""
        return [{} for _ in standings]

    def balance_sides(self, standings: list[JsonDict]) -> list[str] | None:
        """Each seat's side in words (``Land``, a team) from the :meth:`standings` rows, for a
        balance report's win rate by side; ``None`` where every seat plays for itself."""
        return None

    def seat_sides(self, players: int, options: Mapping[str, OptionValue]) -> list[str] | None:
        """Each seat's side or colour in words before the game starts (``Sea``, ``the black
        pawns``), for whoever is invited to a seat; ``None`` where seats differ only by their
        number."""
        return None

    def hide_in_preview(self, before: JsonDict, after: JsonDict) -> JsonDict:
        """A preview (``after``, what the viewer would see after an action, with what differs
        between worlds already ``None``) less what the rules keep hidden until the action is
        really taken, even where the edition would let it be worked out; ``before`` is the
        viewer's observation now. Both are read, never changed: a game that hides more
        returns a new observation. By default nothing more is hidden."""
        return after

    @abstractmethod
    def max_game_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """An upper bound on the actions of a whole game of ``players`` with ``options``
        (OpenSpiel's ``max_game_length``, and how long an episode may run)."""

    def rating(self, score: int, players: int) -> str | None:
        """The name the rulebook gives a final score, if any (a solo game's rating)."""
        return None

    def describe(self, state: State, action: int) -> str:
        """What the other players are told of ``action``, about to be played in ``state``
        (a world of the player to move: see ``SeatView.announce``), in words."""
        return "moved"

    def introduce(self, seen: JsonDict, edition: Edition) -> list[str]:
        """The lines a seat's game log opens with, in words, from its first observation
        ``seen`` and the public edition alone (see ``SeatLog``). By default none."""
        return []

    def narrate(self, before: JsonDict, after: JsonDict, edition: Edition) -> list[str]:
        """The lines a seat's game log gives one step, in words: what the action that took
        the seat's observation from ``before`` to ``after`` did, as far as the seat can tell
        (a placement hidden from it is told as hidden, then told again once revealed).
        Computed from the two observations and the public edition alone, so the log can
        never tell more than the seat may know (see ``SeatLog``); both are read, never
        changed. By default none."""
        return []

    def places(self, before: JsonDict, after: JsonDict, edition: Edition) -> list[Place]:
        """The places of the board one step changed, as a seat can tell from its
        observations before and after it (like :meth:`narrate`, from them and the public
        edition alone), each with the seat whose move it shows: what a board outlines as
        that seat's last move, and lights when the step's log line is pointed at. A place's
        key is the game's own (a board draws it from the observation the same way). By
        default none."""
        return []

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # A game is its package's singleton: worker processes get it by name, not by value.
        return (_game_of_package, (self.package,))

    def rules_text(self) -> str:
        """The game's rules, in our words (``rules.md`` in the game's package)."""
        return resources.files(self.package).joinpath("rules.md").read_text(encoding="utf-8")

    def resolve_options(self, given: Mapping[str, OptionValue] | None) -> dict[str, OptionValue]:
        """Defaults overlaid with ``given``; unknown names and wrong types raise ``OptionError``."""
        resolved: dict[str, OptionValue] = {spec.name: spec.default for spec in self.info.options}
        for name, raw in (given or {}).items():
            spec = self.info.option(name)
            value = spec.parse(raw) if isinstance(raw, str) else raw
            if type(value) is not type(spec.default):
                raise OptionError(f"option {name!r} needs a {type(spec.default).__name__}")
            resolved[name] = value
        return resolved

    def played_with(
        self, players: int, options: Mapping[str, OptionValue] | None
    ) -> dict[str, OptionValue]:
        """The settled options of a game of ``players`` with ``options`` (the defaults for
        those not given): ``OptionError`` for a player count or an option it is not played
        with."""
        self.check_players(players)
        return self.settle_options(players, dict(options or {}))

    def check_players(self, players: int) -> None:
        if players not in self.info.player_counts:
            counts = ", ".join(str(n) for n in self.info.player_counts)
            raise OptionError(f"{self.info.title} is played by {counts} players, not {players}")


class State(ABC):
    """One position of a game. Mutable: :meth:`apply` changes it, :meth:`clone` copies it."""

    game: Game[Any]
    num_players: int
    seed: int
    options: dict[str, OptionValue]
    edition: Edition
    rng: Rng
    #: Every action applied since setup, in order.
    history: list[int]
    _field_plan: ClassVar[FieldPlan]

    def __init__(
        self,
        game: Game[Any],
        edition: Edition,
        players: int,
        seed: int,
        options: dict[str, OptionValue],
    ) -> None:
        self.game = game
        self.edition = edition
        self.num_players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.history = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "clone" not in vars(cls):
            # Each class compiles its own copy on first use, from its own declarations: a
            # subclass must not inherit its base's, which would miss the subclass's fields.
            cls.clone = State.clone  # type: ignore[method-assign]

    @classmethod
    def fields(cls) -> FieldPlan:
        """The fields this class declares beyond the kernel's (see ``core/fields.py``)."""
        plan = cls.__dict__.get("_field_plan")
        if plan is None:
            plan = FieldPlan.of(cls, State)
            cls._field_plan = plan
        return plan

    def clone(self) -> Self:
        """An independent copy; applying actions to it leaves this state as it is.

        Compiled from the class's field declarations on first use (``core/fields.py``)."""
        cls = type(self)
        copier = cls.fields().copier()
        cls.clone = copier  # type: ignore[method-assign,assignment]  # later calls skip this
        copy: Self = copier(self)
        return copy

    def to_json(self) -> JsonDict:
        """The whole state as JSON-ready data: the fields of :class:`SavedState`, then every
        field the class declares and does not mark ``DERIVED`` (``core/fields.py``).
        ``core.saved.load_state`` reads it back."""
        data = self.saved_fields()
        for name in self.fields().saved:
            data[name] = plain(getattr(self, name))
        return data

    def saved_fields(self) -> JsonDict:
        """The fields of :class:`SavedState`: what every state saves first."""
        return {
            "game": self.game.info.name,
            "edition": self.edition.content_hash,
            "players": self.num_players,
            "seed": self.seed,
            "rng": self.rng.state,
            "options": dict(self.options),
            "history": list(self.history),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or :data:`TERMINAL` once the game is over."""

    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Every action the current player may take; empty only when terminal."""

    @abstractmethod
    def apply(self, action: int) -> None:
        """Play ``action`` for the current player.

        Raises ``IllegalActionError`` naming the rule it breaks, leaving the state unchanged.
        """

    @abstractmethod
    def observation(self, player: int) -> JsonDict:
        """Exactly what ``player`` may know, as JSON-ready data. It may share parts with
        other observations (what a game works out once and shows in many: a map's spaces,
        ``core/shared.py``), so it is read, never changed: a copy is changed instead
        (``SeatView`` hands out copies)."""

    def knowledge(self, player: int) -> JsonDict:
        """The part of :meth:`observation` the rest of it is worked out from: without the
        fields added for drawing, which follow from it and the public edition. Two states
        give ``player`` the same knowledge exactly when they give the same observation, so
        this is the cheap way to compare observations. By default the whole observation."""
        return self.observation(player)

    def tells_mover_nothing(self, action: int) -> bool:
        """Whether ``action``, played by the seat to move, surely tells that seat nothing
        of what is hidden from it now, should the action draw nothing at random (what
        chance brings is judged apart: an undo refuses any draw). Worked out from what that
        seat knows alone, so the same in every world it cannot tell apart: its
        :class:`~tablelands.core.view.SeatView` asks its own world. True lets an undo check
        skip playing the action in the seat's worlds (``SeatView.learns_nothing``); False,
        the default, when the rules cannot tell at a glance: the worlds decide. The
        conformance suite holds every True against the worlds."""
        return False

    def seat_checked(self, player: int) -> int:
        """``player`` if it is a seat of this game, else ``ValueError``."""
        if not 0 <= player < self.num_players:
            raise ValueError(f"there is no seat {player} in a {self.num_players}-player game")
        return player

    @abstractmethod
    def public_observation(self) -> JsonDict:
        """What anyone watching may know, a spectator who holds no seat: the fields of
        :meth:`observation` with ``"viewer": None`` and nothing any seat keeps private (no
        hand's hidden faces, no deck order, no card placed face down): never more than
        every seat knows."""

    def sample_hidden(self, player: int, rng: Rng, redraw: Redraw | None = None) -> State:
        """A determinization for ``player``: a copy in which everything hidden from
        ``player`` is redrawn from ``rng``, consistently with ``observation(player)``
        (which is unchanged). The seed, the state's generator and the history, which would
        tell the hidden parts, are replaced: the copy's seed is 0, its generator is drawn
        from ``rng`` and its history is empty. Always a fresh sample, never the truth.

        ``redraw`` (called as ``redraw(self, player, rng)``) draws the hidden parts instead
        of :meth:`redraw_hidden`: a bot that expects some worlds more than others passes
        its own draw here, which must keep to the same contract."""
        world = self.redraw_hidden(player, rng) if redraw is None else redraw(self, player, rng)
        world.seed = 0
        world.rng = Rng(rng.next_u64())
        world.history = []
        return world

    @abstractmethod
    def redraw_hidden(self, player: int, rng: Rng) -> State:
        """A copy in which everything hidden from ``player`` is redrawn from ``rng``, every
        consistent arrangement possible and none favoured (the rules know no player's
        habits), depending on nothing ``player`` cannot see (for :meth:`sample_hidden`,
        which also replaces the seed, generator and history)."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat: the final scores once terminal, the standing so far before."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that share the win (after tie-breaks); only meaningful when terminal."""

    def returns(self) -> list[float]:
        """Utility per seat at the end: the win split among the winners, 0 for the others."""
        won = self.winners()
        return [1.0 / len(won) if seat in won else 0.0 for seat in range(self.num_players)]

    @abstractmethod
    def score_breakdown(self) -> list[JsonDict]:
        """Per seat, where each point came from, as JSON-ready data."""

    @abstractmethod
    def final_section(self) -> JsonDict:
        """The end state as a record's ``final`` section (see docs/records.md)."""

    @abstractmethod
    def format_action(self, action: int) -> str:
        """The action in the game's text notation."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """The action named by ``text``; raises ``NotationError`` explaining what is wrong
        when it names no action number.

        Parsing does not check legality (it never raises ``IllegalActionError``): :meth:`apply`
        does, naming the rule.
        """

    @property
    def action_count(self) -> int:
        """The size of the game's action space, the same in every position: every action is
        an int in ``range(action_count)`` (:meth:`Game.action_count` for this game's players
        and options; docs/actions.md gives each game's)."""
        return self.game.action_count(self.num_players, self.options)

    @abstractmethod
    def action_to_json(self, action: int) -> JsonDict:
        """The action as a JSON description a client can draw: ``"kind"`` and named fields
        (docs/actions.md), as written in this position, never naming anything the player to
        move may not know; ``NotationError`` if no description names it."""

    @abstractmethod
    def action_from_json(self, data: object) -> int:
        """The action a description (:meth:`action_to_json`) names in this position; anything
        malformed or out of range raises ``NotationError`` naming the field and what is wrong.

        Like :meth:`parse_action` it does not check legality: :meth:`apply` does.
        """

    def actions_json(self, actions: Iterable[int]) -> list[JsonDict]:
        """Each of ``actions`` for a client, as written in this position: ``{"id": action,
        "text": notation, **description}`` (:meth:`format_action`, :meth:`action_to_json`).
        A game whose texts and descriptions share work (a path found for both, the same
        placements listed position after position) gives them together here."""
        return [
            {"id": action, "text": self.format_action(action), **self.action_to_json(action)}
            for action in actions
        ]


class ViewedState(State):
    """A state whose seats and spectators are all shown one :meth:`view` of it: a seat's
    view, or the public one (``player`` ``None``), with its drawing fields or without them
    (its knowledge)."""

    @abstractmethod
    def view(self, player: int | None, drawn: bool = True) -> JsonDict:
        """What ``player`` may know (``None``: anyone watching), with the fields worked out
        from it for drawing when ``drawn``."""

    def observation(self, player: int) -> JsonDict:
        return self.view(self.seat_checked(player))

    def knowledge(self, player: int) -> JsonDict:
        return self.view(self.seat_checked(player), drawn=False)

    def public_observation(self) -> JsonDict:
        return self.view(None)


def _game_of_package(package: str) -> Game[Any]:
    game = import_module(package).GAME
    assert isinstance(game, Game)
    return game
