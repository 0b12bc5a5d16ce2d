"""A seat's view of a game: everything one seat may be shown, told or advised.

Hidden information is part of the rules, so the kernel makes it hard to leak: a
:class:`SeatView` gives out nothing read from the true state but the seat's observation.
The rest comes from a *world*, a determinization drawn with :meth:`State.sample_hidden`
for that seat, in which everything the seat cannot know has been redrawn at random and the
seed, the state's generator and the history are replaced (the view keeps a copy of the
state only until it draws the world from it, and sends a worker process the world alone).
Whatever a view gives out (the observation, the legal actions, previews, standings,
further worlds for a search) is therefore computed from what the seat may know and nothing
else, and is the same in every world consistent with it.

Renderers, previews, standings, hints and bots all go through a view; only the referee
(the code that applies actions to the true state) holds the state itself. A seat's game log
(:class:`SeatLog`) is likewise written from the seat's observations alone. Someone watching
without a seat gets a :class:`SpectatorView`, made of the public observation alone.
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from tablelands.core.candidates import ActionFeatures, Candidates
from tablelands.core.errors import IllegalActionError
from tablelands.core.game import TERMINAL, Edition, Game, JsonDict, OptionValue, Redraw, State
from tablelands.core.rng import Rng
from tablelands.core.shared import canonical_json

#: Worlds a preview is played in: what differs between them is what the seat cannot know.
PREVIEW_WORLDS = 12


def _canonical(data: Any) -> bytes:
    """The canonical JSON of ``data`` (:func:`~tablelands.core.files.content_hash`'s)."""
    return canonical_json(data).encode()


def _seed_of(digest: bytes) -> int:
    """A generator seed taken from the SHA-256 ``digest`` of JSON data (its first 64 bits,
    as ``content_hash`` writes them), so that what is drawn for a seat depends on what the
    seat knows and nothing else."""
    return int.from_bytes(digest[:8], "big")


def _copy(data: JsonDict) -> JsonDict:
    """A fresh copy of JSON data, sharing nothing with it. Marshal's version 2 shares no
    list or dict and copies several times faster than a trip through JSON text; a value
    that is not plain data is refused (``ValueError``)."""
    copy: JsonDict = marshal.loads(marshal.dumps(data, 2))
    return copy


def common(values: Sequence[Any]) -> Any:
    """What a list of JSON values has in common: equal values as they are, dicts key by key,
    lists of equal length item by item; anything else becomes ``None`` (unknown)."""
    first = values[0]
    kind = type(first)
    if (kind is dict or kind is list) and all(v == first for v in values):
        same = _identical(values)
        if same is not None:
            return same
    if kind is dict and all(type(v) is dict and v.keys() == first.keys() for v in values):
        return {key: common([v[key] for v in values]) for key in first}
    if kind is list and all(type(v) is list and len(v) == len(first) for v in values):
        return [common(items) for items in zip(*values, strict=True)]
    if all(type(v) is kind and v == first for v in values):
        return first
    return None


def _identical(values: Sequence[Any]) -> Any:
    """A fresh copy of the first of ``values`` if they are all the same to the last type
    (``1``, ``True`` and ``1.0`` are equal in Python but not the same to a seat), else
    ``None``: the quick way through the many equal parts of a preview's worlds. Marshal's
    version 2 writes every type and shares no list or dict, so equal bytes mean the same
    values, and reading them back makes a copy the caller may change."""
    try:
        written = [marshal.dumps(v, 2) for v in values]
    except ValueError:  # not plain data
        return None
    if any(w != written[0] for w in written):
        return None
    return marshal.loads(written[0])


class SeatView:
    """What ``seat`` may know of ``state``, and everything derived from it.

    ``SeatView(state)`` is the view of the player to move. The view is a snapshot: it does
    not follow later changes of ``state``. ``seen``, when the caller has it already, is
    ``state.observation(seat)``, taken as it is (and never changed).

    The seat's world is drawn when it is first needed (a frame of a seat not to act needs
    none: its observation and standings are all it shows); until then the view keeps a copy
    of the state, which nothing it gives out is read from, only the world drawn from it.
    """

    __slots__ = (
        "_facts",
        "_observation",
        "_options",
        "_playing",
        "_text",
        "_truth",
        "_world",
        "seat",
    )

    def __init__(self, state: State, seat: int | None = None, seen: JsonDict | None = None) -> None:
        if seat is None:
            seat = state.current_player
        if not 0 <= seat < state.num_players:
            raise ValueError(f"there is no seat {seat + 1} in a {state.num_players}-player game")
        self.seat = seat
        self._observation = state.observation(seat) if seen is None else seen
        self._text = _canonical(self._observation)
        self._facts: tuple[Game[Any], Edition, int, int] = (
            state.game,
            state.edition,
            state.num_players,
            state.current_player,
        )
        self._options = dict(state.options)
        self._truth: State | None = state.clone()
        self._world: State | None = None
        self._playing: hashlib._Hash | None = None

    def __getstate__(self) -> tuple[JsonDict, State, int]:
        # Sent to a search's worker process: the world, never the state it is drawn from (a
        # hash in progress does not pickle either: it is made again).
        return self._observation, self._drawn(), self.seat

    def __setstate__(self, saved: tuple[JsonDict, State, int]) -> None:
        self._observation, world, self.seat = saved
        self._text = _canonical(self._observation)
        self._facts = (world.game, world.edition, world.num_players, world.current_player)
        self._options = dict(world.options)
        self._truth, self._world, self._playing = None, world, None

    def _drawn(self) -> State:
        """The seat's world: what it may know as it is, the rest redrawn at random, seeded by
        the observation alone (so the same whenever it is drawn)."""
        world = self._world
        if world is None:
            truth = self._truth
            assert truth is not None
            rng = Rng(_seed_of(hashlib.sha256(self._text).digest()))
            world = self._world = truth.sample_hidden(self.seat, rng)
            self._truth = None
        return world

    # -- what every seat knows of the game ------------------------------------------

    @property
    def game(self) -> Game[Any]:
        return self._facts[0]

    @property
    def edition(self) -> Edition:
        return self._facts[1]

    @property
    def num_players(self) -> int:
        return self._facts[2]

    @property
    def options(self) -> dict[str, OptionValue]:
        return dict(self._options)

    @property
    def current_player(self) -> int:
        return self._facts[3]

    @property
    def is_terminal(self) -> bool:
        return self._facts[3] == TERMINAL

    @property
    def to_act(self) -> bool:
        """Whether the seat is the one to act."""
        return self._facts[3] == self.seat

    def observation(self) -> JsonDict:
        """Exactly what the seat may know (:meth:`State.observation`), a fresh copy."""
        return _copy(self._observation)

    def observation_json(self) -> str:
        """:meth:`observation` as canonical JSON text (written once, when the view was made)."""
        return self._text.decode()

    # -- the seat's own decision --------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """The seat's legal actions when it is to act (they never depend on what it cannot
        see), else none."""
        return self._drawn().legal_actions() if self.to_act else []

    def format_action(self, action: int) -> str:
        """``action`` in the game's notation, as written in the current position."""
        return self._drawn().format_action(action)

    def parse_action(self, text: str) -> int:
        """The action ``text`` names in the current position (``NotationError`` if none)."""
        return self._drawn().parse_action(text)

    @property
    def action_count(self) -> int:
        """The size of the game's action space: every action is an int in this range
        (:meth:`Game.action_count` for the game's players and options)."""
        return self.game.action_count(self.num_players, self._options)

    def action_to_json(self, action: int) -> JsonDict:
        """``action`` as a JSON description a client can draw (docs/actions.md), as written in
        the current position; ``NotationError`` if no description names it."""
        return self._drawn().action_to_json(action)

    def action_from_json(self, data: object) -> int:
        """The action a description names in the current position (``NotationError`` naming
        the field at fault if none); whether the seat may play it is for :meth:`check`."""
        return self._drawn().action_from_json(data)

    def legal_actions_json(self) -> list[JsonDict]:
        """The seat's legal actions for a client: ``{"id": action, "text": notation,
        **description}`` for each, in the order of :meth:`legal_actions`."""
        return self._drawn().actions_json(self.legal_actions()) if self.to_act else []

    def announce(self, action: int) -> str:
        """What the other seats are told when this seat plays ``action``, in words."""
        self.check(action)
        return self.game.describe(self._drawn(), action)

    def candidates(self, features: ActionFeatures) -> Candidates:
        """The seat's legal actions, each with its ``features`` (``Game.action_features``),
        worked out in the seat's world, which is what the seat knows as it is and the rest
        drawn (``core/candidates.py``); none when it is not to act."""
        world = self._drawn()
        actions = self.legal_actions()
        rows = np.empty((len(actions), len(features.names)), dtype=np.float32)
        points = world.scores()[self.seat] if actions else 0
        for row, action in enumerate(actions):
            after = world.clone()
            after.apply(action)
            rows[row] = features.describe(world, after, self.seat, points)
        return Candidates(actions, rows, features.names)

    def check(self, action: int) -> None:
        """Raise ``IllegalActionError`` naming the rule if the seat may not play ``action``."""
        if not self.to_act:
            raise IllegalActionError(f"it is not seat {self.seat + 1}'s turn")
        self._drawn().clone().apply(action)

    # -- what the seat may work out ---------------------------------------------------

    def world(self, rng: Rng, redraw: Redraw | None = None) -> State:
        """A fresh determinization: a state consistent with everything the seat knows, the
        rest drawn from ``rng`` (by the game's :meth:`State.redraw_hidden`, or by ``redraw``:
        a bot's own draw, given one of these worlds, never the true state). Search plays in
        these, never in the true state."""
        return self._drawn().sample_hidden(self.seat, rng, redraw)

    def preview(self, action: int) -> JsonDict:
        """The observation the seat would have after playing ``action``, with everything that
        depends on what it cannot know (the back of a drawn tile, the next card of the deck)
        set to ``None``. Raises ``IllegalActionError`` for an action it may not play."""
        self.check(action)
        rng = self._playing_rng(action)
        seen = []
        for _ in range(PREVIEW_WORLDS):
            world = self.world(rng)
            world.apply(action)
            seen.append(world.observation(self.seat))
        return self.game.hide_in_preview(self._observation, common(seen))

    def learns_nothing(self, action: int, seen: JsonDict, by_worlds: bool = False) -> bool:
        """Whether playing ``action`` shows the seat nothing it could not foresee, ``seen``
        being its observation after the action (taken in the true state): ``seen`` is what
        it would see after the action in every world it cannot tell apart (as many as a
        preview is played in), and none of it is kept hidden until the action is taken
        (:meth:`Game.hide_in_preview`). What an undo asks of the move it takes back.

        Where the rules say at a glance that the action tells nothing
        (:meth:`State.tells_mover_nothing`), no world is played unless ``by_worlds`` (what
        the conformance suite holds the rules' word against)."""
        self.check(action)
        if self.game.hide_in_preview(self._observation, seen) != seen:
            return False  # the rules keep part of it hidden: no world need be played
        if not by_worlds and self._drawn().tells_mover_nothing(action):
            return True
        rng = self._playing_rng(action)
        known: JsonDict | None = None
        for _ in range(PREVIEW_WORLDS):
            world = self.world(rng)
            world.apply(action)
            # What the seat knows decides the rest of its observation (State.knowledge).
            knows = world.knowledge(self.seat)
            if known is None:
                if not knows.keys() <= seen.keys():
                    return False
                known = {key: seen[key] for key in knows}
            if knows != known:
                return False  # the move told something that differs between the worlds
        return True

    def _playing_rng(self, action: int) -> Rng:
        """The generator of the worlds ``action`` is played in (a preview's, an undo
        check's): seeded by ``[observation, action]``, what the seat knows and the action."""
        if self._playing is None:
            # Seeded by [observation, action]: its canonical JSON begins with the
            # observation's, hashed once for every action asked about.
            self._playing = hashlib.sha256(b"[" + self._text + b",")
        digest = self._playing.copy()
        digest.update(_canonical(action) + b"]")
        return Rng(_seed_of(digest.digest()))

    def standings(self) -> list[JsonDict]:
        """Every seat's score so far as this seat can count it (never from hidden cards)."""
        # The game only reads the observation: no copy of it is needed.
        return self.game.standings(self._observation, self.edition)


class SpectatorView:
    """What anyone watching ``state`` may know: its public observation
    (:meth:`State.public_observation`) and what is worked out from it alone.

    A spectator holds no seat, so it has no decision, no preview and no world: the view
    keeps the public observation and the public facts of the game (its edition, players and
    whose turn it is), never the state. A spectator's game log is a :class:`SeatLog` of
    public observations."""

    __slots__ = ("_observation", "current_player", "edition", "game", "num_players")

    def __init__(self, state: State) -> None:
        self.game: Game[Any] = state.game
        self.edition: Edition = state.edition
        self.num_players = state.num_players
        self.current_player = state.current_player
        self._observation = _copy(state.public_observation())

    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def observation(self) -> JsonDict:
        """Exactly what a spectator may know, a fresh copy."""
        return _copy(self._observation)

    def observation_json(self) -> str:
        """:meth:`observation` as canonical JSON text."""
        return canonical_json(self._observation)

    def standings(self) -> list[JsonDict]:
        """Every seat's score so far as anyone can count it from the public observation."""
        return self.game.standings(self._observation, self.edition)


class SeatLog:
    """The game log one seat reads, in words: the game's opening lines
    (:meth:`Game.introduce`) and, for every step, the lines :meth:`Game.narrate` writes from
    the seat's observations before and after it. Nothing else goes in, so the log tells the
    seat no more than its observations do, whatever it cannot see.

    Whoever holds the true state (the referee, a replay) gives the log the seat's
    observation after every action, with :meth:`follow`; the log keeps only the last one.
    """

    __slots__ = ("_edition", "_game", "_last", "lines")

    def __init__(self, game: Game[Any], edition: Edition, first: JsonDict) -> None:
        self._game = game
        self._edition = edition
        self._last = _copy(first)
        #: Every line so far, oldest first.
        self.lines: list[str] = game.introduce(self._last, edition)

    def follow(self, seen: JsonDict) -> list[str]:
        """Log the step that led to ``seen``, the seat's observation after one more action;
        return the new lines (also added to :attr:`lines`). ``seen`` is kept as it is until
        the next step, read and never changed: whoever changes it afterwards passes a copy."""
        told = self._game.narrate(self._last, seen, self._edition)
        self._last = seen
        self.lines.extend(told)
        return told

    @property
    def last(self) -> JsonDict:
        """The seat's observation after the last step logged (read it, never change it)."""
        return self._last

    @classmethod
    def of(cls, game: Game[Any], edition: Edition, observations: Iterable[JsonDict]) -> SeatLog:
        """The log of a seat's observations, the first one and then one after each action."""
        seen = iter(observations)
        log = cls(game, edition, next(seen))
        for after in seen:
            log.follow(after)
        return log
