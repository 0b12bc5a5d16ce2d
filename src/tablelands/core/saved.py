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

from tablelands.core.errors import RecordError
from tablelands.core.files import json_difference, validate
from tablelands.core.game import Edition, Game, SavedState, State
from tablelands.core.match import Setup, Walk


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


#: The walk of the last state rebuilt, and what it was built from. States are often loaded
#: along one game (a test walking through it, a game saved after every move), and the next
#: one then only needs its new actions applied. Its state is never handed out (a copy is).
_last_walk: tuple[tuple[object, ...], Walk] | None = None


def _walk_to(
    key: tuple[object, ...], game: Game[Any], saved: SavedState, edition: Edition, source: str
) -> Walk:
    """A walk of the saved game: the last one when the saved history goes on from it, else
    one from the game's start, its setup checked (``RecordError`` naming the field)."""
    last = _last_walk
    if last is not None and last[0] == key:
        walk = last[1]
        if walk.source == source and saved.history[: walk.done] == walk.state.history:
            return walk
    setup = Setup.checked(game, saved.players, saved.seed, saved.options, edition, source=source)
    return Walk(setup, source)


def check_saved_state(
    game: Game[Any], saved: SavedState, data: dict[str, Any], edition: Edition, source: str
) -> State:
    """Rebuild the state ``data`` describes from its seed, options, player count and
    history, and refuse it (``RecordError`` naming the first field that differs) unless the
    rebuilt state's :meth:`State.to_json` is ``data`` exactly; the rebuilt state."""
    global _last_walk  # noqa: PLW0603 - a one-entry memo
    key = (game, edition.content_hash, saved.players, saved.seed, sorted(saved.options.items()))
    walk = _walk_to(key, game, saved, edition, source)
    # Forgotten while it walks: an action that fails may leave its state half changed.
    _last_walk = None
    for action in saved.history[walk.done :]:
        walk.play(action)
    _last_walk = (key, walk)
    state = walk.state.clone()
    found = json_difference(data, state.to_json(), names=("saved", "rebuilt"))
    if found:
        raise RecordError(
            f"{source}: does not match the state rebuilt from its seed and history: {found}"
        )
    return state
