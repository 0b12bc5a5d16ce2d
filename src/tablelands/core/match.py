"""A match: a game's setup and its moves, and the one way to rebuild a game from them.

Everything that plays a game again, whether a bot's or a hint's worker, the referee, a
replay, an analysis, a record or saved state being checked, a simulation or a tournament
game, starts from a :class:`Setup` (:meth:`Setup.start`) and applies its actions through a
:class:`Walk`, so a rebuilt game is the same everywhere and a saved action that does not
apply is refused in one way, naming where it is.

A match's moves are those a server stores (OpenSpiel's history, with boardgame.io's undo):
a play (``action`` is the action number), an undo (``action`` is the seq of the play it
takes back, which must be the last effective one), or a time-out (a clock's: the seat's
time ran out and the match ends there, that seat last; it comes last). The effective moves
are the plays no undo took back; :meth:`Match.state` is the game after them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tablelands.core.errors import OptionError, RecordError, TablelandsError
from tablelands.core.game import Edition, Game, OptionValue, State
from tablelands.core.rng import seed_problem

#: Move kinds: an action played, the taking back of the last effective play, or the end of
#: the match on a clock, its seat last (``action`` 0).
PLAY = "play"
UNDO = "undo"
TIMEOUT = "timeout"


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game is played with: with its actions, enough to rebuild it anywhere.

    ``options`` are settled (every option of the game given a value) and ``edition`` is the
    game's own (:meth:`checked` makes sure of both); a setup pickles, so that a worker
    process can be sent one."""

    game: Game[Any]
    players: int
    options: dict[str, OptionValue]
    edition: Edition
    seed: int

    @classmethod
    def checked(
        cls,
        game: Game[Any],
        players: int,
        seed: int,
        options: Mapping[str, OptionValue] | None = None,
        edition: Edition | None = None,
        source: str | None = None,
    ) -> Setup:
        """A setup whose player count, options, edition and seed the game takes, the
        options settled. A problem is ``RecordError`` naming ``source`` and the field
        (``players``, ``options``, ``seed``) when a source is given, else the game's own
        error (``OptionError``, ``EditionError``)."""
        field_name = "players"
        try:
            game.check_players(players)
            field_name = "options"
            settled = game.settle_options(players, dict(options or {}))
            field_name = "edition"
            own = game.own_edition(edition)
            field_name = "seed"
            problem = seed_problem(seed)
            if problem:
                raise OptionError(problem)
        except TablelandsError as exc:
            if source is None:
                raise
            raise RecordError(f"{source}: {field_name}: {exc}") from None
        return cls(game, players, settled, own, seed)

    @classmethod
    def of(cls, state: State) -> Setup:
        """The setup ``state``'s game started from."""
        return cls(state.game, state.num_players, dict(state.options), state.edition, state.seed)

    def with_seed(self, seed: int) -> Setup:
        """The same game dealt from another seed (a simulation's or tournament's next)."""
        return replace(self, seed=seed)

    @property
    def name(self) -> str:
        """The game's registry name (``land-vs-sea``)."""
        return self.game.info.name

    def start(self) -> State:
        """The game's first position: dealt, shuffled and placed from the seed."""
        return self.game.new_state(
            players=self.players, seed=self.seed, options=self.options, edition=self.edition
        )

    def replay(self, actions: Iterable[int], source: str | None = None) -> State:
        """The game after ``actions`` (see :class:`Walk` for ``source``)."""
        walk = Walk(self, source)
        for action in actions:
            walk.play(action)
        return walk.state


@dataclass(frozen=True, slots=True)
class Move:
    """One stored move: a play (``action`` is the action number), an undo (``action`` is
    the seq of the play it takes back) or a time-out (``seat`` ran out of time). ``seq``
    counts a match's moves from 1, undos included."""

    seq: int
    seat: int
    action: int
    kind: str = PLAY


def effective(moves: Sequence[Move]) -> tuple[list[Move], dict[int, int]]:
    """The plays no undo took back, in order, and the undone ones: their seq -> the undo's
    seq. ``ValueError`` for moves no referee makes (an undo of anything but the last
    effective play, a move after a time-out, a kind that is none of them)."""
    played: list[Move] = []
    undone: dict[int, int] = {}
    for at, move in enumerate(moves):
        if at and moves[at - 1].kind == TIMEOUT:
            raise ValueError(f"move {move.seq} comes after the time-out that ended the match")
        if move.kind == TIMEOUT:
            continue
        if move.kind == PLAY:
            played.append(move)
        elif move.kind == UNDO and played and played[-1].seq == move.action:
            undone[played.pop().seq] = move.seq
        else:
            raise ValueError(f"move {move.seq} ({move.kind} {move.action}) is not a valid move row")
    return played, undone


class Walk:
    """A game rebuilt from its setup, one saved action at a time.

    With a ``source`` (a file's path, ``record``), an action that does not apply, or comes
    after the end, is a ``RecordError`` naming the source and the action's place
    (``history.12``); without one, the rules' own error: the actions are the referee's."""

    def __init__(self, setup: Setup, source: str | None = None, where: str = "history") -> None:
        self.setup = setup
        self.source = source
        self.where = where
        self.state = setup.start()
        #: The actions applied so far.
        self.done = 0

    def play(self, action: int) -> State:
        """Apply the next saved action; the state after it (the walk's own, not a copy)."""
        place = f"{self.where}.{self.done}"
        if self.source is None:
            self.state.apply(action)
        else:
            if self.state.is_terminal:
                raise RecordError(f"{self.source}: {place}: action {action} comes after the end")
            try:
                self.state.apply(action)
            except TablelandsError as exc:
                raise RecordError(
                    f"{self.source}: {place}: action {action} does not apply: {exc}"
                ) from None
            except Exception as exc:  # a crafted action the rules never produce
                raise RecordError(
                    f"{self.source}: {place}: action {action} does not apply "
                    f"({type(exc).__name__}: {exc})"
                ) from None
        self.done += 1
        return self.state

    def steps(self, actions: Iterable[int]) -> Iterator[tuple[int, State]]:
        """Each action with the state it is played in, before it; the walk applies it
        when asked for the next one (so the loop's body sees the position it was chosen
        in). After the loop the walk's state is the game after every action."""
        for action in actions:
            yield action, self.state
            self.play(action)


@dataclass(frozen=True, slots=True)
class Match:
    """A game's setup and its stored moves (plays, undos and a time-out)."""

    setup: Setup
    moves: tuple[Move, ...] = ()
    #: The effective plays and the undone seqs, worked out once.
    _effective: tuple[list[Move], dict[int, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_effective", effective(self.moves))

    @classmethod
    def of_actions(cls, setup: Setup, actions: Iterable[int]) -> Match:
        """A match of plays only (a simulation's, a record's), their seats found by playing."""
        walk = Walk(setup)
        moves = []
        for seq, (action, state) in enumerate(walk.steps(actions), 1):
            moves.append(Move(seq, state.current_player, action))
        return cls(setup, tuple(moves))

    @property
    def seq(self) -> int:
        """The seq of the last move (0 before any): what the next move is sent against."""
        return self.moves[-1].seq if self.moves else 0

    @property
    def lost_on_time(self) -> int | None:
        """The seat whose time ran out, ending the match with it last (``None``: none did)."""
        last = self.moves[-1] if self.moves else None
        return last.seat if last is not None and last.kind == TIMEOUT else None

    @property
    def played(self) -> list[Move]:
        """The plays no undo took back, in order."""
        return self._effective[0]

    @property
    def undone(self) -> dict[int, int]:
        """The seq of each play taken back -> the seq of the undo that did."""
        return self._effective[1]

    @property
    def actions(self) -> tuple[int, ...]:
        """The effective plays' actions: what rebuilds the game."""
        return tuple(move.action for move in self.played)

    def state(self, source: str | None = None) -> State:
        """The game after its effective moves."""
        return self.setup.replay(self.actions, source)

    def then(self, move: Move) -> Match:
        """This match with one more move."""
        return Match(self.setup, (*self.moves, move))
