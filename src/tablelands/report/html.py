"""The balance report as one self-contained HTML file: charts embedded as base64 PNG, the
style inline, no link out of the page, so it opens offline and can be mailed as it is."""

from __future__ import annotations

import base64
import statistics
import struct
from collections.abc import Sequence
from datetime import UTC, datetime
from html import escape

from tablelands.report import plots
from tablelands.report.figures import ALL, Breakdown, Group, Report
from tablelands.tournament.stats import Interval

#: At most this many agents get bars of their own in a breakdown chart; more would crowd it
#: (the table still gives every agent).
CHART_AGENTS = 3

STYLE = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #fafaf8; color: #1d1d1d;
  font: 16px/1.55 "Source Sans 3", "Segoe UI", "Helvetica Neue", Arial, sans-serif; }
main { max-width: 52rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
h1, h2, h3 { font-family: Georgia, "Times New Roman", serif; font-weight: 600;
  line-height: 1.25; }
h1 { font-size: 2rem; margin: 0 0 .25rem; }
h2 { font-size: 1.5rem; margin: 3rem 0 .5rem; padding-top: 1rem; border-top: 2px solid #1d1d1d; }
h3 { font-size: 1.15rem; margin: 2rem 0 .5rem; }
h4 { font-size: 1rem; margin: 1.25rem 0 .25rem; }
p { margin: .5rem 0; }
.lede { color: #444; }
figure { margin: .75rem 0 1rem; }
img { display: block; max-width: 100%; height: auto; background: #fff;
  border: 1px solid #ddd; }
figcaption { font-size: .875rem; color: #444; margin-top: .35rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; font-size: .9rem;
  font-variant-numeric: tabular-nums; }
th, td { padding: .3rem .5rem; border-bottom: 1px solid #ddd; text-align: right;
  vertical-align: top; }
td { white-space: nowrap; }
th:first-child, td:first-child { text-align: left; white-space: normal; overflow-wrap: anywhere; }
thead th { border-bottom: 2px solid #1d1d1d; font-weight: 600; }
nav ol { padding-left: 1.25rem; }
a { color: #1d1d1d; }
.note { font-size: .9rem; color: #444; }
.verdict { font-size: 1.05rem; }
@media (max-width: 30rem) { main { padding: 1.25rem .75rem 3rem; }
  table { font-size: .8rem; } th, td { padding: .25rem .3rem; } }
@media print { body { background: #fff; } h2 { break-before: page; } figure { break-inside: avoid; } }
"""


def render_report(report: Report) -> str:
    """The whole page."""
    made = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    games = f"{report.games:,} game{'s' if report.games != 1 else ''}"
    tournaments = len(report.tournaments)
    contents = "".join(
        f'<li><a href="#{group.anchor}">{escape(group.title)}</a> ({group.games:,} games)</li>'
        for group in report.groups
    )
    body = "".join(_group(group) for group in report.groups)
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>Balance report: {escape(report.path.name)}</title>\n"
        f"<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
        '<header data-section="summary">\n<h1>Balance report</h1>\n'
        f'<p class="lede">{games} from <code>{escape(report.path.name)}</code>, '
        f"{tournaments} tournament{'s' if tournaments != 1 else ''}; made {made}.</p>\n"
        '<p class="note">A share of the wins counts a shared win by its share. Intervals are '
        "Wilson 95% score intervals: over many such runs, the true share would lie inside its "
        "interval about 19 times in 20.</p>\n</header>\n"
        f'<nav data-section="contents"><h2>Contents</h2><ol>{contents}</ol></nav>\n'
        f"{body}</main>\n</body>\n</html>\n"
    )


def _group(group: Group) -> str:
    parts = [
        _scores(group),
        _wins(group),
        _first_player(group),
        _length(group),
        *(_breakdown(group, b) for b in group.breakdowns),
    ]
    agents = ", ".join(f"<code>{escape(a)}</code>" for a in group.agents)
    return (
        f'<section id="{group.anchor}" data-section="group">\n'
        f"<h2>{escape(group.title)}</h2>\n"
        f'<p class="lede">{group.games:,} games; agents {agents}.</p>\n'
        + "".join(parts)
        + "</section>\n"
    )


def _section(group: Group, name: str, title: str, body: str) -> str:
    return (
        f'<section id="{group.anchor}-{name}" data-section="{name}">\n'
        f"<h3>{escape(title)}</h3>\n{body}</section>\n"
    )


def _image(png: bytes, alt: str, caption: str) -> str:
    # The PNG header gives the size, so the page lays out before the images decode.
    width, height = struct.unpack(">II", png[16:24])
    data = base64.b64encode(png).decode("ascii")
    return (
        f'<figure><img src="data:image/png;base64,{data}" width="{width}" height="{height}" '
        f'alt="{escape(alt)}"><figcaption>{escape(caption)}</figcaption></figure>\n'
    )


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    header = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>\n"


def _summary_rows(labels: Sequence[str], samples: Sequence[Sequence[int]]) -> list[list[str]]:
    rows = []
    for label, sample in zip(labels, samples, strict=True):
        spread = statistics.pstdev(sample) if len(sample) > 1 else 0.0
        rows.append(
            [
                label,
                f"{len(sample):,}",
                f"{statistics.fmean(sample):.2f}",
                f"{spread:.2f}",
                f"{statistics.median(sample):g}",
                str(min(sample)),
                str(max(sample)),
            ]
        )
    return rows


SUMMARY_HEAD = ("", "n", "mean", "sd", "median", "min", "max")
BOX_CAPTION = (
    "Boxes span the middle half of the scores, with the median as a thick line and the mean "
    "as a diamond; whiskers reach the 5th and 95th percentiles."
)


def _scores(group: Group) -> str:
    agents = group.agents
    by_agent = [group.scores_by_agent[a] for a in agents]
    seats = [f"seat {n + 1}" for n in range(group.players)]
    body = (
        "<h4>By agent</h4>\n"
        + _image(plots.score_boxes(agents, by_agent, "final score"), "Scores by agent", BOX_CAPTION)
        + _table(("agent", *SUMMARY_HEAD[1:]), _summary_rows(agents, by_agent))
        + "<h4>By seat</h4>\n"
        + _image(
            plots.score_boxes(seats, group.scores_by_seat, "final score"),
            "Scores by seat",
            BOX_CAPTION,
        )
        + _table(("seat", *SUMMARY_HEAD[1:]), _summary_rows(seats, group.scores_by_seat))
    )
    return _section(group, "scores", "Score distributions", body)


def _share_rows(labels: Sequence[str], shares: Sequence[Interval]) -> list[list[str]]:
    return [
        [label, f"{share.share:.1%}", f"{share.low:.1%} to {share.high:.1%}"]
        for label, share in zip(labels, shares, strict=True)
    ]


def _shares(
    title: str, labels: Sequence[str], shares: Sequence[Interval], fair: float | None
) -> str:
    caption = "Dots: share of the wins; bars: its Wilson 95% interval."
    if fair is not None:
        caption += f" The dashed line is the fair share, {fair:.1%}."
    return (
        f"<h4>{escape(title)}</h4>\n"
        + _image(plots.share_intervals(labels, shares, fair), f"Win rate {title.lower()}", caption)
        + _table(("", "share of the wins", "95% interval"), _share_rows(labels, shares))
    )


def _wins(group: Group) -> str:
    if group.players == 1:
        body = '<p class="note">Solo games have no winner: see the scores.</p>\n'
        return _section(group, "wins", "Win rates", body)
    fair = 1 / group.players
    agents = list(group.win_by_agent)
    seats = [f"seat {n + 1}" for n in range(group.players)]
    body = _shares("By agent", agents, [group.win_by_agent[a] for a in agents], fair)
    body += _shares("By seat", seats, group.win_by_seat, fair)
    if group.win_by_side:
        sides = list(group.win_by_side)
        body += _shares("By side", sides, [group.win_by_side[s] for s in sides], 1 / len(sides))
    else:
        body += '<p class="note">Every seat plays for itself in these games: no sides.</p>\n'
    return _section(group, "wins", "Win rates", body)


def _first_player(group: Group) -> str:
    first = group.first_player
    if first is None:
        body = '<p class="note">Solo games: there is no first player to compare.</p>\n'
        return _section(group, "first-player", "First-player advantage", body)
    points = 100 * first.advantage
    if first.low > 0:
        verdict = "The first seat is favoured"
    elif first.high < 0:
        verdict = "The first seat is at a disadvantage"
    else:
        verdict = "No first-seat advantage can be told from these games"
    interval = f"{100 * first.low:+.1f} to {100 * first.high:+.1f}"
    body = (
        f'<p class="verdict">{verdict}: seat 1 takes {first.share.share:.1%} of the wins '
        f"against a fair {first.fair:.1%}, an advantage of {points:+.1f} percentage points "
        f"(95% interval {interval}).</p>\n"
        + _table(
            ("games", "seat 1's share", "fair share", "advantage", "95% interval"),
            [
                [
                    f"{group.games:,}",
                    f"{first.share.share:.1%}",
                    f"{first.fair:.1%}",
                    f"{points:+.1f}",
                    interval,
                ]
            ],
        )
        + '<p class="note">Advantage and interval in percentage points of the wins; an '
        "interval that holds 0 cannot tell an advantage from luck.</p>\n"
    )
    return _section(group, "first-player", "First-player advantage", body)


def _length(group: Group) -> str:
    body = _image(
        plots.histogram(group.moves, "actions a game (chance included)"),
        "Game length",
        "How many games took each number of actions; the dashed line is the mean.",
    ) + _table(("", *SUMMARY_HEAD[1:]), _summary_rows(["actions"], [group.moves]))
    return _section(group, "length", "Game length", body)


def _breakdown(group: Group, breakdown: Breakdown) -> str:
    agents = group.agents if len(group.agents) <= CHART_AGENTS else [ALL]
    agents = [a for a in agents if a in breakdown.by_agent]
    together = breakdown.by_agent[ALL]
    head = ["", "taken", "mean when taken", "mean per seat"]
    per_agent = (
        [a for a in group.agents if a in breakdown.by_agent] if len(group.agents) > 1 else []
    )
    head += [f"{a}: mean when taken" for a in per_agent]
    rows = [
        [
            label,
            f"{together[label].taken:.1%}",
            f"{together[label].mean_taken:.2f}",
            f"{together[label].mean:.2f}",
            *(f"{breakdown.by_agent[a][label].mean_taken:.2f}" for a in per_agent),
        ]
        for label in breakdown.labels
    ]
    caption = (
        "Left: the mean a seat got from each when it took it; right: how often seats took it. "
        "Highest mean first."
    )
    body = _image(plots.breakdown_bars(breakdown, agents), breakdown.name, caption) + _table(
        head, rows
    )
    name = "breakdown-" + "-".join(breakdown.name.lower().split())
    return _section(group, name, breakdown.name.capitalize(), body)
