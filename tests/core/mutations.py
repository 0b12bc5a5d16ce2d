"""Hypothesis strategies that tamper with JSON data: one field replaced, dropped or nudged.

Random JSON values find the type holes; nudges (a number one off, ``1`` as ``1.0`` or
``true``, a list one entry short) find the value holes a random value rarely hits.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

Path = tuple[str | int, ...]

#: Any JSON value, kept small.
json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def paths(data: Any, prefix: Path = ()) -> list[Path]:
    """Every place in ``data`` below the top: object keys and array indices."""
    found: list[Path] = []
    if isinstance(data, dict):
        for key, value in data.items():
            found.append((*prefix, key))
            found.extend(paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found.append((*prefix, i))
            found.extend(paths(value, (*prefix, i)))
    return found


def get(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def nudges(value: Any) -> list[Any]:
    """Values close to ``value`` that a careless check might take for it."""
    if isinstance(value, bool):
        return [not value, int(value), str(value).lower(), None]
    if isinstance(value, int):
        return [value + 1, value - 1, float(value), str(value), value == 1, value + 2**64, -value]
    if isinstance(value, float):
        return [int(value), value + 0.5, str(value)]
    if isinstance(value, str):
        return [value.upper(), f" {value}", value + "x", "", value[:-1]]
    if isinstance(value, list):
        return [value[:-1], [*value, *value[-1:]], list(reversed(value)), [], value[1:]]
    if isinstance(value, dict):
        return [dict(list(value.items())[:-1]), {**value, "extra": 0}, {}]
    return [0, False, ""]


@st.composite
def tampered(draw: st.DrawFn, data: Any) -> tuple[Any, str]:
    """A copy of ``data`` with one field changed, and a description of the change."""
    changed = copy.deepcopy(data)
    path = draw(st.sampled_from(paths(changed)))
    parent = get(changed, path[:-1])
    key = path[-1]
    old = parent[key]
    how = draw(st.sampled_from(["replace", "nudge", "nudge", "drop"]))
    if how == "drop":
        del parent[key]
        return changed, f"dropped {list(path)}"
    new = draw(json_values) if how == "replace" else draw(st.sampled_from(nudges(old)))
    parent[key] = new
    return changed, f"{list(path)}: {json.dumps(old)[:60]} -> {json.dumps(new)[:60]}"
