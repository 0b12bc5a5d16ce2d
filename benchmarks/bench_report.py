"""The balance report over 10,000 games: written in under 30 s (a results file of random
Confusing Lands games, made once per run in a temporary folder, is not timed)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))  # tests/report/fill.py fills the file

from tests.report.fill import fill_results

from common import report
from tablelands.report import write_report

GAMES = 10_000
TARGET_SECONDS = 30


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-report-") as folder:
        results = Path(folder) / "results.db"
        start = time.perf_counter()
        fill_results(results, "confusing-lands", 2, ("random",), GAMES, key="bench")
        print(
            f"({GAMES:,} games played into the results file in {time.perf_counter() - start:.0f} s)"
        )
        start = time.perf_counter()
        write_report(results, Path(folder) / "report.html")
        seconds = time.perf_counter() - start
    return report(
        f"report over {GAMES:,} games", seconds, "s", TARGET_SECONDS, higher_is_better=False
    )


if __name__ == "__main__":
    sys.exit(main())
