"""Errors raised by the kernel and the games. Every message says what is wrong and why."""

from __future__ import annotations


class TablelandsError(Exception):
    """Base class of every error tablelands raises on purpose."""


class IllegalActionError(TablelandsError):
    """An action that the rules forbid in the current state.

    The message names the rule that forbids it (for example ``CL-2``), so that a
    player can look it up in ``tablelands rules``.
    """


class NotationError(TablelandsError, ValueError):
    """Text that is not an action in the game's notation."""


class EditionError(TablelandsError):
    """An edition (component data) file that cannot be used; names the file and field."""


class RecordError(TablelandsError):
    """A game record that cannot be read or does not replay; names the file and field."""


class OptionError(TablelandsError, ValueError):
    """A game option or player count that the game does not offer."""
