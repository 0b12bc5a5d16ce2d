"""Checking saved data against the game it claims to be: states and records are rebuilt.

A saved state (:meth:`State.to_json`) and a game record both hold the seed, options,
player count and actions of a game, and what they came to. Those first fields determine
the rest, so the only proof that the rest is genuine is to rebuild it: play the game again
from the seed and compare, type for type, everything it gives with everything saved. A
state or record that passes is exactly one the rules can reach; anything else is refused
with the path of the first field that differs.
"""

from __future__ import annotations

from typing import Any

from tablelands.core.errors import RecordError, TablelandsError
from tablelands.core.files import json_difference, validate
from tablelands.core.game import Edition, Game, SavedState, State


def load_state(game: Game[Any], data: object, edition: Edition | None = None) -> State:
    """The state ``data`` describes (written by :meth:`State.to_json` with ``edition``, the
    game's packaged edition by default), rebuilt from its seed, options, player count and
    history; ``RecordError`` naming the first field that differs unless every field saved
    is the rebuilt state's, type for type."""
    edition = game.own_edition(edition)
    source = f"{game.info.name} state"
    if not isinstance(data, dict):
        raise RecordError(f"{source}: a saved state is a JSON object, not {type(data).__name__}")
    kernel = {name: value for name, value in data.items() if name in SavedState.model_fields}
    saved = validate(SavedState, kernel, source, RecordError)
    if saved.game != game.info.name:
        raise RecordError(f"{source}: game: this state is of {saved.game!r}")
    if saved.edition != edition.content_hash:
        raise RecordError(
            f"{source}: edition: saved with {saved.edition}, not with {edition.name!r} "
            f"({edition.content_hash})"
        )
    return check_saved_state(game, saved, data, edition, source)


def new_game(
    game: Game[Any], players: int, seed: int, options: dict[str, Any], edition: Edition, source: str
) -> State:
    """The start of a saved game, its player count and options checked first; failures are
    ``RecordError`` naming ``source`` and the field (``players`` or ``options``)."""
    try:
        game.check_players(players)
    except TablelandsError as exc:
        raise RecordError(f"{source}: players: {exc}") from None
    try:
        settled = game.settle_options(players, dict(options))
        return game.new_state(players=players, seed=seed, options=settled, edition=edition)
    except TablelandsError as exc:
        raise RecordError(f"{source}: options: {exc}") from None


def apply_saved(state: State, action: int, where: str, source: str) -> None:
    """Apply one saved action; anything but success is a ``RecordError`` naming ``where``."""
    try:
        state.apply(action)
    except TablelandsError as exc:
        raise RecordError(f"{source}: {where}: action {action} does not apply: {exc}") from None
    except Exception as exc:  # a crafted action the rules never produce
        raise RecordError(
            f"{source}: {where}: action {action} does not apply ({type(exc).__name__}: {exc})"
        ) from None


#: The last state rebuilt: (what it was built from, its history, a copy of it). States are
#: often loaded along one game (a test walking through it, a game saved after every move),
#: and the next one then only needs its new actions applied.
_last_rebuilt: tuple[tuple[object, ...], list[int], State] | None = None


def _rebuilt_start(
    key: tuple[object, ...], game: Game[Any], saved: SavedState, edition: Edition, source: str
) -> tuple[State, int]:
    """A state of the saved game and how many of its history actions it has had: the last
    state rebuilt when the saved history goes on from it, else the game's start."""
    last = _last_rebuilt
    if last is not None and last[0] == key and saved.history[: len(last[1])] == last[1]:
        return last[2].clone(), len(last[1])
    return new_game(game, saved.players, saved.seed, saved.options, edition, source), 0


def check_saved_state(
    game: Game[Any], saved: SavedState, data: dict[str, Any], edition: Edition, source: str
) -> State:
    """Rebuild the state ``data`` describes from its seed, options, player count and
    history, and refuse it (``RecordError`` naming the first field that differs) unless the
    rebuilt state's :meth:`State.to_json` is ``data`` exactly; the rebuilt state."""
    global _last_rebuilt  # noqa: PLW0603 - a one-entry memo
    key = (game, edition.content_hash, saved.players, saved.seed, sorted(saved.options.items()))
    state, done = _rebuilt_start(key, game, saved, edition, source)
    for i, action in enumerate(saved.history[done:], start=done):
        if state.is_terminal:
            raise RecordError(f"{source}: history.{i}: action {action} comes after the end")
        apply_saved(state, action, f"history.{i}", source)
    _last_rebuilt = (key, list(saved.history), state.clone())
    found = json_difference(data, state.to_json(), names=("saved", "rebuilt"))
    if found:
        raise RecordError(
            f"{source}: does not match the state rebuilt from its seed and history: {found}"
        )
    return state
