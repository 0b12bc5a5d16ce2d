"""The balance report (``tablelands report``): figures from a results file, charts, and one
self-contained HTML page (docs/report.md)."""

from __future__ import annotations

from pathlib import Path

from tablelands.core.files import check_output_file, write_text_atomic
from tablelands.report.figures import Report, ReportError, build_report
from tablelands.report.html import render_report

__all__ = ["Report", "ReportError", "build_report", "render_report", "write_report"]


def write_report(results: Path, out: Path, tournament: str | None = None) -> Report:
    """The report of the games in ``results`` (of one tournament if given) written to
    ``out``, checked writable first and replaced atomically."""
    check_output_file(out, ReportError)
    report = build_report(results, tournament)
    write_text_atomic(out, render_report(report), ReportError)
    return report
