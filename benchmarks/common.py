"""Helpers for benchmark scripts: timing on one core and reporting against a target."""

from __future__ import annotations

import os
import time
from collections.abc import Callable


def pin_to_one_core() -> None:
    """Run on a single core so figures mean 'per core' (where the OS allows it)."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def best_rate(work: Callable[[], int], repeats: int = 3) -> float:
    """Best of ``repeats`` runs of ``work`` (which returns the units it did), per second."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        units = work()
        rates.append(units / (time.perf_counter() - start))
    return max(rates)


def report(name: str, value: float, unit: str, target: float, higher_is_better: bool = True) -> int:
    """Print one figure against its target; return 1 when the target is missed."""
    met = value >= target if higher_is_better else value <= target
    sign = ">=" if higher_is_better else "<="
    print(f"{name}: {value:,.1f} {unit} (target {sign} {target:,.0f}) {'OK' if met else 'MISSED'}")
    return 0 if met else 1
