"""``core/shared.py``: the canonical JSON of an observation is json's text to the byte,
whoever writes it (orjson where it writes the same, json where not: small floats, keys
that are not strings, integers past 64 bits), with shared parts or without."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tablelands.core.shared import canonical_json, share


def reference(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
documents = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        | st.dictionaries(st.integers(-5, 5), inner, max_size=3)
    ),
    max_leaves=24,
)


@given(documents)
def test_the_canonical_json_is_jsons_text(data: Any) -> None:
    assert canonical_json(data) == reference(data)


@given(st.dictionaries(st.text(max_size=6), documents, max_size=5), st.data())
def test_shared_parts_change_nothing_of_the_text(data: dict[str, Any], draw: st.DataObject) -> None:
    for value in data.values():
        if draw.draw(st.booleans()):
            share(value)
    assert canonical_json(data) == reference(data)
    assert canonical_json(data) == reference(data)  # written again from remembered texts


def test_small_floats_are_written_as_json_writes_them() -> None:
    # orjson writes 1e-05 as 0.00001 and 2.5e-07 as 2.5e-7.
    assert canonical_json({"p": [1e-05, 2.5e-07, 0.5]}) == '{"p":[1e-05,2.5e-07,0.5]}'
