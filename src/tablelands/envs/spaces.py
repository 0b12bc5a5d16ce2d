"""The Gymnasium spaces of a seat's observation and actions, the same in the Gymnasium and
the PettingZoo environments (``Table.observe`` fills them)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from tablelands.envs.table import Table


def observation_space(table: Table) -> spaces.Dict:
    """``observation``: the encoded knowledge, in [0, 1]; ``action_mask``: 1 at each action
    the seat may take; with candidates, ``candidates``: a row of features per place in the
    list, within the features' bound (``ActionFeatures.bound``: points may be negative); with
    planes, ``planes``: the map as channels x rows x columns, in [0, 1]."""
    parts: dict[str, spaces.Space[Any]] = {
        "observation": spaces.Box(0.0, 1.0, shape=table.encoder.shape, dtype=np.float32),
        "action_mask": spaces.MultiBinary(table.action_count),
    }
    if table.features is not None:
        shape = (table.action_count, len(table.features.names))
        bound = table.features.bound
        parts["candidates"] = spaces.Box(-bound, bound, shape=shape, dtype=np.float32)
    if table.planes:
        parts["planes"] = spaces.Box(0.0, 1.0, shape=table.encoder.plane_shape, dtype=np.float32)
    return spaces.Dict(parts)


def action_space(table: Table) -> spaces.Discrete:
    return spaces.Discrete(table.action_count)
