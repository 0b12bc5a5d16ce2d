"""Game records: a played game as JSON, and replaying one to check it.

A record holds what is needed to reproduce a game exactly (game, edition, options,
seed, actions in notation) and what the game came to (scores, winners, breakdown, and
the ``final`` end state), so that :func:`replay` can prove the one gives the other.
The format is documented in ``docs/records.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tablelands.core.errors import IllegalActionError, NotationError, RecordError
from tablelands.core.files import read_json, validate
from tablelands.core.game import Edition, Game, OptionValue, State

RECORD_FORMAT = "tablelands-record/1"


class EditionRef(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    hash: str = Field(pattern=r"^sha256:[0-9a-f]{64}$")
    reconstructed: bool


class PlayerRef(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int = Field(ge=0)
    name: str


class GameRecord(BaseModel):
    """One game. ``scores``, ``winners``, ``breakdown`` and ``final`` are null until it ends."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["tablelands-record/1"] = "tablelands-record/1"
    game: str
    edition: EditionRef
    options: dict[str, OptionValue]
    seed: int
    players: list[PlayerRef] = Field(min_length=1)
    actions: list[str]
    scores: list[int] | None = None
    winners: list[int] | None = None
    breakdown: list[dict[str, Any]] | None = None
    final: dict[str, Any] | None = None

    @property
    def complete(self) -> bool:
        return self.final is not None


def record_of(state: State, players: list[str]) -> GameRecord:
    """The record of ``state``'s game so far; ``players`` names each seat (agent spec or person)."""
    if len(players) != state.num_players:
        raise ValueError(f"{state.num_players} seats need {state.num_players} player names")
    done = state.is_terminal
    return GameRecord(
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
    walker = state.game.new_state(
        players=state.num_players, seed=state.seed, options=state.options, edition=state.edition
    )
    texts = []
    for action in state.history:
        texts.append(walker.format_action(action))
        walker.apply(action)
    return texts


def write_record(record: GameRecord, path: Path) -> None:
    """Write ``record`` as indented JSON (creating the folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record.model_dump(mode="json"), indent=2) + "\n", encoding="utf-8")


def read_record(path: Path) -> GameRecord:
    """Read and validate a record; ``RecordError`` names the path and the field."""
    return validate(GameRecord, read_json(path, RecordError), str(path), RecordError)


def first_difference(recorded: Any, replayed: Any, where: str) -> str | None:
    """The dotted path of the first place two JSON values differ, with both values."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in sorted(set(recorded) | set(replayed), key=str):
            if key not in recorded or key not in replayed:
                return f"{where}.{key}: present in only one of recorded and replayed"
            found = first_difference(recorded[key], replayed[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(replayed, list):
        if len(recorded) != len(replayed):
            return f"{where}: recorded {len(recorded)} entries, replayed {len(replayed)}"
        for i, (a, b) in enumerate(zip(recorded, replayed, strict=True)):
            found = first_difference(a, b, f"{where}.{i}")
            if found:
                return found
        return None
    if recorded != replayed:
        return f"{where}: recorded {json.dumps(recorded)}, replayed {json.dumps(replayed)}"
    return None


def replay(record: GameRecord, game: Game[Any], edition: Edition, source: str) -> State:
    """Re-play ``record`` from its seed and actions and check every recorded result.

    Raises ``RecordError`` naming ``source`` and the first field that does not match.
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
    try:
        state = game.new_state(
            players=len(record.players), seed=record.seed, options=record.options, edition=edition
        )
    except (ValueError, RecordError) as exc:
        raise RecordError(f"{source}: {exc}") from None
    for i, text in enumerate(record.actions):
        try:
            state.apply(state.parse_action(text))
        except (NotationError, IllegalActionError) as exc:
            raise RecordError(f"{source}: actions.{i}: {text!r} does not replay: {exc}") from None
    if not record.complete:
        return state
    if not state.is_terminal:
        raise RecordError(
            f"{source}: actions: the game is not over after its {len(record.actions)} actions"
        )
    replayed = record_of(state, [p.name for p in record.players]).model_dump(mode="json")
    recorded = record.model_dump(mode="json")
    for field in ("scores", "winners", "breakdown", "final"):
        found = first_difference(recorded[field], replayed[field], field)
        if found:
            raise RecordError(f"{source}: does not match its replay: {found}")
    return state
