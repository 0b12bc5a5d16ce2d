"""Run every benchmark (``make bench``): each ``bench_*.py`` here prints its figures and targets."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def main() -> int:
    failed = 0
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module  # as an import would (dataclasses look it up)
        spec.loader.exec_module(module)
        print(f"== {path.stem}")
        failed += module.main()
    print("all targets met" if not failed else f"{failed} target(s) missed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
