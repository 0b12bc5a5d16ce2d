"""A state's fields, declared once: copies and saved JSON follow from the declarations.

A game declares what its state holds as annotated class attributes (``deck: list[int]``).
Nothing else is written per field: :meth:`State.clone` and :meth:`State.to_json` follow from
the annotations, and a saved state is read back by replaying its seed and history
(``core/saved.py``), so there is no reader to keep in step either.

How a copy gets a field follows from its type:

- immutable values (``int``, ``str``, ``bool``, ``float``, ``None``, enums, literals, frozen
  dataclasses and tuples of immutable values) are shared;
- a ``list``, ``dict`` or ``set`` is copied, and so are its items unless they are immutable;
- an object with a ``copy()`` method is copied with it;
- anything else must be marked ``Annotated[T, SHARED]``: a value never changed in place, which
  copies share (a table built from the edition, a cache replaced rather than updated).

``Annotated[T, DERIVED]`` marks a field the rules work out from the others (a cache, a table
built from the edition, a board redrawn from placements): it is not saved. Every other field
is saved under its name: tuples as lists, objects by their ``to_json()``.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any, Literal

#: Marks a field never changed in place: copies share it.
SHARED = "shared"
#: Marks a field worked out from the others: it is not saved.
DERIVED = "derived"

_IMMUTABLE = (int, float, str, bool, bytes, type(None))
_SCALARS = frozenset({int, float, str, bool, type(None)})


def _is_immutable(tp: Any) -> bool:
    if tp is Any:
        return False
    origin = typing.get_origin(tp)
    if origin is Annotated:
        return SHARED in tp.__metadata__ or _is_immutable(tp.__origin__)
    if origin is Literal:
        return True
    if origin in (typing.Union, types.UnionType):
        return all(_is_immutable(arg) for arg in typing.get_args(tp))
    if origin in (tuple, frozenset):
        return all(arg is Ellipsis or _is_immutable(arg) for arg in typing.get_args(tp))
    if origin is not None:
        return False
    if not isinstance(tp, type):
        return False
    if issubclass(tp, (*_IMMUTABLE, enum.Enum)):
        return True
    params = getattr(tp, "__dataclass_params__", None)
    return dataclasses.is_dataclass(tp) and params is not None and params.frozen


def copy_expression(tp: Any, value: str, depth: int = 0) -> str | None:
    """Python source that copies ``value`` (an expression) of type ``tp``, or ``None`` when a
    copy shares it; ``TypeError`` naming the type when the declaration does not say how."""
    if _is_immutable(tp):
        return None
    origin = typing.get_origin(tp)
    if origin is Annotated:
        return copy_expression(tp.__origin__, value, depth)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        kept = [arg for arg in args if arg is not type(None)]
        if len(kept) == 1:
            inner = copy_expression(kept[0], value, depth)
            return None if inner is None else f"(None if {value} is None else {inner})"
    elif origin in (list, set):
        item = f"x{depth}"
        inner = copy_expression(args[0], item, depth + 1)
        if inner is None:
            return f"{value}.copy()"
        opening, closing = ("[", "]") if origin is list else ("{", "}")
        return f"{opening}{inner} for {item} in {value}{closing}"
    elif origin is dict:
        key, item = f"k{depth}", f"v{depth}"
        inner = copy_expression(args[1], item, depth + 1)
        if inner is None:
            return f"{value}.copy()"
        return f"{{{key}: {inner} for {key}, {item} in {value}.items()}}"
    elif origin is None and callable(getattr(tp, "copy", None)):
        return f"{value}.copy()"
    raise TypeError(
        f"a copy of {tp!r} cannot be worked out from its type: give it a copy() method, or "
        "mark the field Annotated[..., SHARED] if it is never changed in place"
    )


@dataclasses.dataclass(frozen=True)
class FieldPlan:
    """What a state class declares: every field with its type, and which are saved."""

    #: The kernel's own fields (the seed, the generator, the history...), which the kernel
    #: saves itself.
    kernel: tuple[str, ...]
    types: dict[str, Any]
    saved: tuple[str, ...]

    @classmethod
    def of(cls, state_class: type, kernel: type) -> FieldPlan:
        """The fields ``state_class`` declares beyond those of ``kernel`` (its base), in
        declaration order, bases first."""
        hints = typing.get_type_hints(state_class, include_extras=True)
        own = [
            name
            for name, tp in typing.get_type_hints(kernel).items()
            if typing.get_origin(tp) is not typing.ClassVar
        ]
        names = [
            name
            for base in reversed(state_class.__mro__)
            for name in vars(base).get("__annotations__", {})
            if name not in own and typing.get_origin(hints[name]) is not typing.ClassVar
        ]
        declared = {name: hints[name] for name in dict.fromkeys(names)}
        saved = tuple(name for name, tp in declared.items() if not _is_marked(tp, DERIVED))
        return cls(tuple(own), declared, saved)

    def copier_source(self) -> str:
        """The source of a clone: each field set on a new instance, as it is or as a fresh
        copy (the generator is cloned, the history copied, the kernel's other fields shared)."""
        lines = ["def clone(self):", "    other = new(self.__class__)"]
        for name in self.kernel:
            value = f"self.{name}"
            copied = {"rng": f"{value}.clone()", "history": f"{value}.copy()"}.get(name, value)
            lines.append(f"    other.{name} = {copied}")
        for name, tp in self.types.items():
            value = f"self.{name}"
            lines.append(f"    other.{name} = {copy_expression(tp, value) or value}")
        lines.append("    return other")
        return "\n".join(lines)

    def copier(self) -> Callable[[Any], Any]:
        """The clone function, compiled once per class (as dataclasses compile theirs): a
        clone is on the search's hot path, and straight-line code copies fastest."""
        namespace: dict[str, Any] = {"new": object.__new__}
        exec(self.copier_source(), namespace)
        copier: Callable[[Any], Any] = namespace["clone"]
        return copier


def _is_marked(tp: Any, marker: str) -> bool:
    return typing.get_origin(tp) is Annotated and marker in tp.__metadata__


def plain(value: object) -> object:
    """``value`` as JSON-ready data: tuples become lists, objects their ``to_json()``."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, list | tuple):
        # Most fields are lists of numbers: copy those without a call per item.
        return [item if type(item) in _SCALARS else plain(item) for item in value]
    if isinstance(value, _IMMUTABLE):
        return value
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return plain(to_json())
    raise TypeError(f"{type(value).__name__} has no JSON form: give it a to_json() method")
