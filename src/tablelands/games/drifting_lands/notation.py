"""Drifting Lands actions: integers on the hot path, text in the notation below.

``start N`` · ``drift Q,R>D`` / ``drift Q,R>D1,D2`` · ``select N`` · ``play N`` ·
``split Q,R>D`` / ``split Q,R>D1,D2`` then ``part Q,R Q,R ...`` · ``orogeny Q,R>Q,R`` ·
``move Q,R>Q,R>...`` · ``expel Q,R`` · ``breed Q,R`` · ``evolve Q,R``.

Spaces are board indices (see :class:`HexBitGrid`) in the integers and axial ``q,r`` in text.
A split's part is an index into the list of legal parts, sorted by size then spaces; a move
is its start and end (the path in the text is one cheapest legal path).
"""

from __future__ import annotations

POSITIONS = 512
START = 0  # + corner
DRIFT = 16  # + (space * 6 + first) * 7 + second
SPLIT = DRIFT + POSITIONS * 42  # same layout as DRIFT
PART = SPLIT + POSITIONS * 42  # + index of the part
SELECT = PART + (1 << 16)  # + card id
PLAY = SELECT + 64  # + card id
OROGENY = PLAY + 64  # + lifted * POSITIONS + target
MOVE = OROGENY + POSITIONS * POSITIONS  # + start * POSITIONS + end
EXPEL = MOVE + POSITIONS * POSITIONS  # + space
BREED = EXPEL + POSITIONS  # + space
EVOLVE = BREED + POSITIONS  # + space
ACTION_COUNT = EVOLVE + POSITIONS

NOTATION_HELP = (
    "Actions: start N; drift Q,R>D (or >D1,D2); select N; play N (or play moving); "
    "split Q,R>D then part Q,R Q,R ...; orogeny Q,R>Q,R; move Q,R>Q,R>...; expel Q,R; "
    "breed Q,R; evolve Q,R. Directions 0-5 run clockwise from north-east."
)
