"""Game records: a played game as JSON, and replaying one to check it.

A record holds what is needed to reproduce a game exactly (game, edition, options,
seed, actions in notation) and what the game came to (scores, winners, breakdown, and
the ``final`` end state), so that :func:`replay` can prove the one gives the other.
A record is valid only if replaying its actions gives exactly every field it holds, type
for type; only the players' names are taken as written. The format and its rules are
documented in ``docs/records.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tablelands.core.errors import RecordError, TablelandsError
from tablelands.core.files import json_difference, read_json, validate, write_text_atomic
from tablelands.core.game import Edition, Game, OptionValue, State
from tablelands.core.match import Setup, Walk
from tablelands.core.rng import SEED_LIMIT, seed_problem

RECORD_FORMAT: Literal["tablelands-record/1"] = "tablelands-record/1"
#: The fields a finished game fills in and an unfinished one leaves null, all four together.
END_FIELDS = ("scores", "winners", "breakdown", "final")


class EditionRef(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str
    hash: str = Field(pattern=r"^sha256:[0-9a-f]{64}$")
    reconstructed: bool


class PlayerRef(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    seat: int = Field(ge=0)
    name: str


class GameRecord(BaseModel):
    """One game. ``scores``, ``winners``, ``breakdown`` and ``final`` are null until it ends.

    Every field is required and strictly typed (``1.0`` or ``true`` is not ``1``), the seed
    is between 0 and 2^63 - 1, and the seats are 0, 1, ... in order."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: Literal["tablelands-record/1"]
    game: str
    edition: EditionRef
    options: dict[str, OptionValue]
    seed: int = Field(ge=0, lt=SEED_LIMIT)
    players: list[PlayerRef] = Field(min_length=1)
    actions: list[str]
    scores: list[int] | None
    winners: list[int] | None
    breakdown: list[dict[str, Any]] | None
    final: dict[str, Any] | None

    @field_validator("players")
    @classmethod
    def _seats_in_order(cls, players: list[PlayerRef]) -> list[PlayerRef]:
        seats = [p.seat for p in players]
        if seats != list(range(len(players))):
            raise ValueError(f"the seats are 0 to {len(players) - 1} in order, not {seats}")
        return players

    @property
    def complete(self) -> bool:
        return self.final is not None


def record_of(state: State, players: list[str]) -> GameRecord:
    """The record of ``state``'s game so far; ``players`` names each seat (agent spec or person).

    Raises ``RecordError`` for a game whose seed a record cannot hold (see :data:`SEED_LIMIT`).
    """
    if len(players) != state.num_players:
        raise ValueError(f"{state.num_players} seats need {state.num_players} player names")
    problem = seed_problem(state.seed)
    if problem:
        raise RecordError(f"this game cannot be recorded: seed: {problem}")
    done = state.is_terminal
    return GameRecord(
        format=RECORD_FORMAT,
        game=state.game.info.name,
        edition=EditionRef(
            name=state.edition.name,
            hash=state.edition.content_hash,
            reconstructed=state.edition.reconstructed,
        ),
        options=dict(state.options),
        seed=state.seed,
        players=[PlayerRef(seat=i, name=name) for i, name in enumerate(players)],
        actions=notation_of_history(state),
        scores=state.scores() if done else None,
        winners=state.winners() if done else None,
        breakdown=state.score_breakdown() if done else None,
        final=state.final_section() if done else None,
    )


def notation_of_history(state: State) -> list[str]:
    """Each action of ``state.history`` in notation, written in the state it was played in
    (a game's notation may depend on the position)."""
    setup = Setup.of(state)
    return [before.format_action(action) for action, before in Walk(setup).steps(state.history)]


def write_record(record: GameRecord, path: Path) -> None:
    """Write ``record`` as indented JSON, atomically (a temporary file in the same folder,
    made if missing, then renamed over ``path``); ``RecordError`` names the path."""
    text = json.dumps(record.model_dump(mode="json"), indent=2) + "\n"
    write_text_atomic(path, text, RecordError)


def read_record(path: Path) -> GameRecord:
    """Read and validate a record; ``RecordError`` names the path and the field."""
    return validate(GameRecord, read_json(path, RecordError), str(path), RecordError)


def first_difference(recorded: Any, replayed: Any, where: str) -> str | None:
    """The dotted path of the first place two JSON values differ, with both values
    (type-exactly: ``true`` is not ``1``, ``1.0`` is not ``1``)."""
    return json_difference(recorded, replayed, where, ("recorded", "replayed"))


def _replay_action(walk: Walk, text: str, where: str, source: str) -> None:
    """Play one recorded action, which must be the canonical notation of a legal action."""
    state = walk.state
    try:
        action = state.parse_action(text)
        if action in state.legal_actions():
            canonical = state.format_action(action)
            if canonical != text:
                raise RecordError(
                    f"{source}: {where}: {text!r} is not written as tablelands writes that "
                    f"action: {canonical!r}"
                )
        walk.play(action)
    except RecordError:
        raise
    except (TablelandsError, ValueError) as exc:
        raise RecordError(f"{source}: {where}: {text!r} does not replay: {exc}") from None
    except Exception as exc:  # a crafted text the notation never produces
        raise RecordError(
            f"{source}: {where}: {text!r} does not replay ({type(exc).__name__}: {exc})"
        ) from None


def replay(record: GameRecord, game: Game[Any], edition: Edition, source: str) -> State:
    """Re-play ``record`` from its seed and actions and check every field it holds.

    The record must be exactly what :func:`record_of` makes of the replayed game (its
    players' names aside): each action in canonical notation, the end fields all filled in
    when the actions reach the end and all null before. Raises ``RecordError`` naming
    ``source`` and the first field that does not match.
    """
    if record.game != game.info.name:
        raise RecordError(
            f"{source}: game: the record is of {record.game!r}, not {game.info.name!r}"
        )
    if record.edition.hash != edition.content_hash:
        raise RecordError(
            f"{source}: edition.hash: the game was played with {record.edition.name!r} "
            f"({record.edition.hash}); the edition given is {edition.name!r} "
            f"({edition.content_hash}). "
            "Pass the record's edition file with --edition."
        )
    setup = Setup.checked(
        game, len(record.players), record.seed, record.options, edition, source=source
    )
    # Without a source: a text that does not replay is refused below, in the record's terms.
    walk = Walk(setup)
    for i, text in enumerate(record.actions):
        if walk.state.is_terminal:
            raise RecordError(
                f"{source}: actions.{i}: {text!r} comes after the end of the game "
                f"(over after {i} actions)"
            )
        _replay_action(walk, text, f"actions.{i}", source)
    state = walk.state
    count = len(record.actions)
    ends = {name: getattr(record, name) for name in END_FIELDS}
    if state.is_terminal:
        missing = [name for name, value in ends.items() if value is None]
        if missing:
            raise RecordError(
                f"{source}: {missing[0]}: the game is over after its {count} actions, so the "
                f"record must hold its {', '.join(missing)}; found null"
            )
    else:
        present = [name for name, value in ends.items() if value is not None]
        if present:
            raise RecordError(
                f"{source}: {present[0]}: the game is not over after its {count} actions, "
                f"so {', '.join(present)} must be null"
            )
    replayed = record_of(state, [p.name for p in record.players]).model_dump()
    found = first_difference(record.model_dump(), replayed, "")
    if found:
        raise RecordError(f"{source}: does not match its replay: {found}")
    return state
