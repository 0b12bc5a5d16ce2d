"""Parts that many observations share, worked out once (a map's spaces, the faces on the
map drawn out), with their canonical JSON written once too.

A game keeps such a part in a cache and puts the same object in every observation that
shows it (each seat's, move after move, until it changes), so the part is never changed:
``SeatView`` hands out copies. :func:`share` remembers the part's canonical JSON, and
:func:`canonical_json` writes an observation with it: ``SeatView`` hashes every seat's
observation (the seed of the worlds drawn for the seat), and the shared parts are most of
an observation's text.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import orjson

T = TypeVar("T")

#: The shared parts remembered at most (a few per game in play); past it, all are forgotten
#: (a part forgotten is written out in full, never wrongly).
LIMIT = 256

#: ``content_hash``'s canonical JSON: keys sorted, no spaces, not escaped to ASCII.
_json_encode = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
#: What orjson writes where a float below 1e-4 is (``0.00001``, ``2.5e-7``): json writes
#: those otherwise (``1e-05``, ``2.5e-07``); any text holding one is written by json.
_SMALL_FLOAT = (b"e-", b"0.0000")


def _encode(data: Any) -> str:
    """The canonical JSON of ``data``, written by orjson (several times faster than json)
    wherever it writes the same text as json: it refuses keys that are not strings and
    integers past 64 bits, and writes small floats its own way, and json writes those."""
    try:
        text = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return _json_encode(data)
    if any(mark in text for mark in _SMALL_FLOAT):
        return _json_encode(data)
    return text.decode()


#: id of a shared part -> the part (held, so that no other object gets its id) and its
#: text, once written.
_texts: dict[int, tuple[object, str | None]] = {}


def share(part: T) -> T:
    """``part``, JSON data that is never changed from now on, its canonical JSON to be
    remembered by :func:`canonical_json` (sharing a part again costs a look-up)."""
    known = _texts.get(id(part))
    if known is None or known[0] is not part:
        if len(_texts) >= LIMIT:
            _texts.clear()
        _texts[id(part)] = (part, None)
    return part


def canonical_json(data: Any) -> str:
    """The canonical JSON of ``data`` (``json.dumps(data, sort_keys=True, separators=(",",
    ":"), ensure_ascii=False)``), the values of a top-level object that are shared parts
    written from their remembered texts."""
    if type(data) is not dict or not any(id(value) in _texts for value in data.values()):
        return _encode(data)
    if any(type(key) is not str for key in data):
        return _encode(data)  # json turns other keys into text: it alone sorts them so
    items = []
    for key in sorted(data):
        value = data[key]
        known = _texts.get(id(value))
        if known is None or known[0] is not value:
            text = _encode(value)
        elif known[1] is None:
            text = _encode(value)
            _texts[id(value)] = (value, text)
        else:
            text = known[1]
        items.append(f"{_encode(key)}:{text}")
    return "{" + ",".join(items) + "}"
