"""Worked examples of a rules text: fenced blocks with the info string ``tablelands-example``,
each a seeded game, the moves played from its start and the seat whose view is drawn
(:class:`RulesExample`). Whoever shows the rules draws each from the engine's own position
(the web app's rules page with the game's board, ``tablelands rules`` with its terminal
renderer), so an example can never drift from the rules.

Game-agnostic: a game is known only through the kernel."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tablelands.core.errors import TablelandsError
from tablelands.core.game import Game, State
from tablelands.core.match import Setup
from tablelands.core.rng import seed_problem

#: The info string that makes a fenced block of a rules text a worked example.
EXAMPLE_INFO = "tablelands-example"


class RulesExampleError(TablelandsError):
    """A worked example of a rules text that cannot be drawn; names the game, the example's
    number (from 1, in the text's order) and the field at fault."""


class RulesExample(BaseModel):
    """One worked example: a game of ``players`` set up from ``seed`` with ``options``, the
    ``moves`` (notation) played in order from its start, drawn as ``seat`` sees it, with a
    ``caption`` saying what the picture shows."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int
    seed: int
    options: dict[str, str] = Field(default_factory=dict)
    moves: tuple[str, ...] = ()
    seat: int
    caption: str = Field(min_length=1)

    @field_validator("options", mode="before")
    @classmethod
    def _options(cls, value: object) -> object:
        # Written as "name=value, name=value", as on the command line.
        if not isinstance(value, str):
            return value
        pairs = [part.strip() for part in value.split(",") if part.strip()]
        if any("=" not in pair for pair in pairs):
            raise ValueError("each option is written name=value")
        return {name.strip(): raw.strip() for name, raw in (p.split("=", 1) for p in pairs)}

    @field_validator("moves", mode="before")
    @classmethod
    def _moves(cls, value: object) -> object:
        # Parted by a comma and a space: a notation's own commas ("7c1@-1,2") have none.
        if not isinstance(value, str):
            return value
        return tuple(move.strip() for move in re.split(r",\s+", value) if move.strip())


def parse_example(text: str, where: str) -> RulesExample:
    """The example a block's text describes: a ``key: value`` a line, a line that starts
    with a space going on with the last key's value (a long caption). ``where`` names the
    example in errors ("confusing-lands rules, example 2")."""
    fields: dict[str, str] = {}
    last: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if line[0].isspace() and last is not None:
            fields[last] += " " + line.strip()
            continue
        key, colon, value = line.partition(":")
        key = key.strip()
        if not colon or not re.fullmatch(r"[a-z]+", key):
            raise RulesExampleError(f"{where}: line {number} is not 'key: value': {line!r}")
        if key in fields:
            raise RulesExampleError(f"{where}: {key}: given twice")
        fields[key], last = value.strip(), key
    try:
        return RulesExample.model_validate(fields)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"]) or "example"
        raise RulesExampleError(f"{where}: {field}: {error['msg']}") from None


def example_state(game: Game[Any], example: RulesExample, where: str) -> State:
    """The position an example shows: its seeded start with its moves played; an error
    naming the field (and the move) that the game refuses."""
    if example.players not in game.info.player_counts:
        raise RulesExampleError(
            f"{where}: players: {game.info.title} is not played by {example.players}"
        )
    if not 0 <= example.seat < example.players:
        raise RulesExampleError(f"{where}: seat: no seat {example.seat} of {example.players}")
    problem = seed_problem(example.seed)
    if problem:
        raise RulesExampleError(f"{where}: seed: {problem}")
    try:  # the players and the seed are good: what is refused now is the options
        state = Setup.checked(game, example.players, example.seed, example.options).start()
    except TablelandsError as exc:
        raise RulesExampleError(f"{where}: options: {exc}") from None
    for number, move in enumerate(example.moves, start=1):
        try:
            state.apply(state.parse_action(move))
        except TablelandsError as exc:
            raise RulesExampleError(f"{where}: moves: move {number} ({move!r}): {exc}") from None
    return state
