"""What every game's action notation shares: which texts are read at all, and how a value
that is not an action number is named in an error.

Only short, plain ASCII text is read. Python's ``str.isdigit``, ``\\d`` and ``int()`` also
take other scripts' digits: ``int('٣')`` is 3, a meaning the writer may not see, and
``int('²')`` raises ``ValueError`` although ``'²'.isdigit()``. The length cap keeps every
number far below ``int()``'s limit of 4,300 digits and every parse fast.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Sequence

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


# -- actions as JSON --------------------------------------------------------------------

#: The longest list read in an action's JSON description (a Drifting Lands part or path
#: names at most as many spaces as a map has positions).
MAX_JSON_LIST = 512


def json_shown(value: object) -> str:
    """A short description of a JSON value for an error message: numbers, short strings and
    ``null`` as written, anything else by its JSON type (never a huge printout)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        size = value.bit_length()
        return str(value) if size <= _SHOWN_BITS else f"an integer of {size} bits"
    if isinstance(value, float):
        return reprlib.repr(value)
    if isinstance(value, str):
        return reprlib.repr(value)
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


class ActionFields:
    """Reads one action's JSON description (``State.action_from_json``) field by field.

    The description is an object with a ``"kind"`` and named fields. Every problem raises
    ``NotationError`` naming the field and what is wrong with it; :meth:`done` refuses
    fields the kind does not have. Nothing here checks legality: ``apply`` does.
    """

    __slots__ = ("_data", "_read", "game", "kind")

    def __init__(self, data: object, game: str, kinds: tuple[str, ...]) -> None:
        self.game = game
        if not isinstance(data, dict):
            raise NotationError(
                f"a {game} action is described by a JSON object, not {json_shown(data)}"
            )
        for key in data:
            if not isinstance(key, str):
                raise NotationError(
                    f"{game} action: field names are strings, not {json_shown(key)}"
                )
        self._data: dict[str, object] = data
        self._read: set[str] = {"kind"}
        kind = data.get("kind")
        if kind is None:
            raise NotationError(
                f"{game} action: field 'kind' is missing (one of {', '.join(kinds)})"
            )
        if not isinstance(kind, str) or kind not in kinds:
            raise NotationError(
                f"{game} action: field 'kind': {json_shown(kind)} is not a kind of action "
                f"(one of {', '.join(kinds)})"
            )
        self.kind = kind

    def fail(self, name: str, problem: str) -> NotationError:
        """The error for field ``name``: ``problem`` says what is wrong with it."""
        return NotationError(f"{self.game} action {self.kind!r}: field {name!r}: {problem}")

    def value(self, name: str) -> object:
        """Field ``name`` as given; ``NotationError`` if it is missing."""
        self._read.add(name)
        if name not in self._data:
            raise self.fail(name, "missing")
        return self._data[name]

    def integer(self, name: str, low: int, high: int, what: str = "") -> int:
        """Field ``name``, a JSON integer from ``low`` to ``high``."""
        return whole(self.value(name), low, high, lambda problem: self.fail(name, problem), what)

    def letter(self, name: str, letters: Sequence[str], what: str) -> int:
        """Field ``name``, one of ``letters`` (lower case); its index in ``letters``."""
        value = self.value(name)
        if not isinstance(value, str) or len(value) != 1 or value not in letters:
            choices = " or ".join(repr(c) for c in letters)
            raise self.fail(name, f"{json_shown(value)} is not {what}: write {choices}")
        return letters.index(value)

    def items(self, name: str, shortest: int, longest: int = MAX_JSON_LIST) -> list[object]:
        """Field ``name``, a JSON list of ``shortest`` to ``longest`` items."""
        value = self.value(name)
        if not isinstance(value, list):
            raise self.fail(name, f"{json_shown(value)} is not a list")
        if not shortest <= len(value) <= longest:
            size = f"{shortest}" if shortest == longest else f"{shortest} to {longest}"
            raise self.fail(name, f"a list of {len(value)}: it takes {size} items")
        return value

    def space(self, label: str, value: object) -> tuple[int, int]:
        """``value`` read as a hex space ``{"q": Q, "r": R}`` (``label`` names it in errors,
        such as ``path[2]``); whether the map has it is for the game to say."""
        if not isinstance(value, dict) or set(value) != {"q", "r"}:
            raise self.fail(label, f'{json_shown(value)} is not a space {{"q": Q, "r": R}}')
        q, r = value["q"], value["r"]
        for axis, number in (("q", q), ("r", r)):
            if type(number) is not int:
                raise self.fail(f"{label}.{axis}", f"{json_shown(number)} is not a whole number")
        assert type(q) is int and type(r) is int
        return q, r

    def done(self, *described: str) -> None:
        """Refuse any field the kind does not have. ``described`` names the fields that a
        description gives for a client's convenience and that are accepted but not read."""
        for key in self._data:
            if key not in self._read and key not in described:
                raise NotationError(
                    f"{self.game} action {self.kind!r}: field {reprlib.repr(key)} is not a "
                    "field of this kind of action"
                )


def whole(
    value: object,
    low: int,
    high: int,
    fail: Callable[[str], NotationError],
    what: str = "",
) -> int:
    """``value`` if it is a JSON integer from ``low`` to ``high`` (never a bool or a float),
    else ``fail`` of what is wrong, ending in ``what`` when given."""
    hint = f": {what}" if what else ""
    if type(value) is not int:
        raise fail(f"{json_shown(value)} is not a whole number{hint}")
    if not low <= value <= high:
        raise fail(f"{json_shown(value)} is out of range ({low} to {high}){hint}")
    return value
