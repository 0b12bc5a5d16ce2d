"""Only the research environments import PettingZoo or Gymnasium (the optional `rl` extra),
and nothing of the package imports the environments."""

from __future__ import annotations

from tests.test_layers import MODULES, imported_modules, imports, starts

EXTRA = ("pettingzoo", "gymnasium")


def test_only_the_environments_import_the_rl_extra() -> None:
    importers = {
        name for name, path in MODULES.items() if any(starts(i, EXTRA) for i in imports(path))
    }
    assert importers == {
        "tablelands.envs.pettingzoo",
        "tablelands.envs.gymnasium",
        "tablelands.envs.spaces",
    }


def test_nothing_outside_the_environments_imports_them() -> None:
    outside = {
        name
        for name in MODULES
        if not starts(name, ("tablelands.envs",))
        and any(starts(t, ("tablelands.envs",)) for t in imported_modules(name))
    }
    assert outside == set()
