"""What every game's action notation shares: which texts are read at all, and how a value
that is not an action number is named in an error.

Only short, plain ASCII text is read. Python's ``str.isdigit``, ``\\d`` and ``int()`` also
take other scripts' digits: ``int('٣')`` is 3, a meaning the writer may not see, and
``int('²')`` raises ``ValueError`` although ``'²'.isdigit()``. The length cap keeps every
number far below ``int()``'s limit of 4,300 digits and every parse fast.
"""

from __future__ import annotations

import reprlib

from tablelands.core.errors import NotationError

#: The longest text read as an action. The longest any game writes is a Drifting Lands
#: ``part`` of 27 tiles, 149 characters on the standard map; the margin leaves room for
#: edition maps with coordinates of more digits.
MAX_ACTION_TEXT = 500

#: An integer of more bits than this is described by its size: ``str()`` of an integer of
#: more than 4,300 digits raises ``ValueError``.
_SHOWN_BITS = 64


def check_text(text: object) -> str:
    """``text`` if it may be read as an action; otherwise ``NotationError`` saying why."""
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, not as {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise NotationError(
            f"an action is at most {MAX_ACTION_TEXT} characters long; this text has {len(text)}"
        )
    if not text.isascii():
        strange = next(c for c in text if not c.isascii())
        raise NotationError(
            f"{strange!r} (U+{ord(strange):04X}) is not a plain ASCII character: actions are "
            "written with the letters, digits 0-9 and signs of their notation"
        )
    return text


def not_an_action(action: object, game: str, count: int) -> str:
    """The error message for an ``action`` that is not one of ``game``'s action numbers, the
    plain ints ``0`` to ``count - 1``; a bool or float equal to one of them is not one."""
    if type(action) is not int:
        return (
            f"{reprlib.repr(action)} is not an action number: actions are plain ints, "
            f"not {type(action).__name__}"
        )
    size = action.bit_length()
    shown = str(action) if size <= _SHOWN_BITS else f"an integer of {size} bits"
    return f"{shown} is not a {game} action number (they run from 0 to {count - 1})"
