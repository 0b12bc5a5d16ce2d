"""The balance report's charts, drawn with matplotlib (Agg, no display) as PNG bytes.

Series are told apart by grey level and hatching as well as by position, so a chart reads
printed in black and white; every chart's numbers are also in a table beside it.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

from tablelands.report.figures import Breakdown
from tablelands.tournament.stats import Interval

WIDTH = 7.2  # inches: the report's text column at DPI
DPI = 110
GREYS = ("#333333", "#8c8c8c", "#c8c8c8", "#ffffff", "#5e5e5e", "#e3e3e3")
HATCHES = ("", "//", "..", "xx", "\\\\", "--")
INK = "#222222"
#: Behind a label drawn over bars, so both read.
LABEL_BOX = {"facecolor": "white", "edgecolor": "none", "pad": 1.0}


def _figure(rows: int, per_row: float = 0.32, least: float = 1.6) -> Figure:
    figure = Figure(figsize=(WIDTH, max(least, 0.9 + per_row * rows)), dpi=DPI)
    FigureCanvasAgg(figure)
    figure.set_layout_engine("constrained")
    return figure


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()


def score_boxes(labels: Sequence[str], samples: Sequence[Sequence[int]], xlabel: str) -> bytes:
    """One box per label: quartiles, whiskers at the 5th and 95th percentiles, a diamond at
    the mean; the first label on top."""
    figure = _figure(len(labels), per_row=0.45)
    axes = figure.add_subplot()
    axes.boxplot(
        [list(sample) for sample in samples][::-1],
        orientation="horizontal",
        whis=(5, 95),
        showfliers=False,
        showmeans=True,
        patch_artist=True,
        boxprops={"facecolor": "#dddddd", "edgecolor": INK},
        medianprops={"color": INK, "linewidth": 2},
        meanprops={"marker": "D", "markerfacecolor": "white", "markeredgecolor": INK},
        whiskerprops={"color": INK},
        capprops={"color": INK},
    )
    axes.set_yticks(range(1, len(labels) + 1), list(labels)[::-1])
    axes.set_xlabel(xlabel)
    axes.grid(axis="x", color="#e5e5e5")
    axes.set_axisbelow(True)
    return _png(figure)


def share_intervals(labels: Sequence[str], shares: Sequence[Interval], fair: float | None) -> bytes:
    """Each label's share of the wins, a dot with its Wilson 95% interval, and a dashed line
    at the fair share where there is one; the first label on top."""
    figure = _figure(len(labels), per_row=0.42)
    axes = figure.add_subplot()
    rows = range(len(labels))[::-1]
    values = [s.share for s in shares]
    # Rounding can put a bound a hair on the wrong side of its share.
    errors = [
        [max(0.0, s.share - s.low) for s in shares],
        [max(0.0, s.high - s.share) for s in shares],
    ]
    axes.errorbar(values, list(rows), xerr=errors, fmt="o", color=INK, capsize=4, markersize=6)
    for row, share in zip(rows, shares, strict=True):
        axes.annotate(
            f"{share.share:.1%}",
            (share.high, row),
            xytext=(6, 0),
            textcoords="offset points",
            va="center",
            fontsize=9,
        )
    if fair is not None:
        axes.axvline(fair, color=INK, linestyle="--", linewidth=1)
        axes.annotate(
            f"fair {fair:.0%}",
            (fair, 1),
            xycoords=("data", "axes fraction"),
            xytext=(3, -2),
            textcoords="offset points",
            va="top",
            fontsize=8,
        )
    axes.set_yticks(list(rows), list(labels))
    axes.set_ylim(-0.7, len(labels) - 0.3)
    axes.set_xlim(0, 1)
    axes.xaxis.set_major_formatter(PercentFormatter(1.0))
    axes.set_xlabel("share of the wins, with its 95% interval")
    axes.grid(axis="x", color="#e5e5e5")
    axes.set_axisbelow(True)
    return _png(figure)


def histogram(values: Sequence[int], xlabel: str) -> bytes:
    """How many games had each value, in at most 40 bins, with the mean marked."""
    figure = _figure(0, least=2.6)
    axes = figure.add_subplot()
    low, high = min(values), max(values)
    # One bar per value while they are few, each centred on its value.
    bins: int | list[float] = (
        [low - 0.5 + n for n in range(high - low + 2)] if high - low < 40 else 40
    )
    axes.hist(values, bins=bins, color="#bbbbbb", edgecolor=INK, linewidth=0.6)
    axes.margins(y=0.18)  # room for the mean's label above the bars (the floor stays at 0)
    mean = sum(values) / len(values)
    axes.axvline(mean, color=INK, linestyle="--", linewidth=1)
    axes.annotate(
        f"mean {mean:.1f}",
        (mean, 1),
        xycoords=("data", "axes fraction"),
        xytext=(4, -2),
        textcoords="offset points",
        va="top",
        fontsize=9,
        bbox=LABEL_BOX,
    )
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    return _png(figure)


def breakdown_bars(breakdown: Breakdown, agents: Sequence[str]) -> bytes:
    """Per label, for each agent: the mean points when taken (left) and how often its seats
    took it (right); one bar per agent, told apart by grey and hatching."""
    labels = breakdown.labels
    figure = _figure(len(labels) * max(1, len(agents)), per_row=0.2, least=2.0)
    left, right = figure.subplots(1, 2, sharey=True, width_ratios=(3, 2))
    height = 0.8 / len(agents)
    rows = range(len(labels))[::-1]
    for n, agent in enumerate(agents):
        figures = breakdown.by_agent[agent]
        offsets = [row + 0.4 - height * (n + 0.5) for row in rows]
        style = {
            "height": height,
            "color": GREYS[n % len(GREYS)],
            "hatch": HATCHES[n % len(HATCHES)],
            "edgecolor": INK,
            "linewidth": 0.6,
        }
        means = [figures[label].mean_taken for label in labels]
        left.barh(offsets, means, label=agent, **style)
        right.barh(offsets, [figures[label].taken for label in labels], **style)
    left.axvline(0, color=INK, linewidth=0.8)
    left.set_yticks(list(rows), labels)
    left.set_xlabel("mean when taken")
    right.set_xlim(0, 1)
    right.set_xticks([0, 0.5, 1])
    right.xaxis.set_major_formatter(PercentFormatter(1.0))
    right.set_xlabel("how often taken (share of seats)")
    for axes in (left, right):
        axes.grid(axis="x", color="#e5e5e5")
        axes.set_axisbelow(True)
    if len(agents) > 1:
        figure.legend(loc="outside upper center", ncols=len(agents), fontsize=9, frameon=False)
    return _png(figure)
