"""The report as a reader sees it: opened in chromium from the file, every chart decodes,
nothing runs off the page; screenshots kept in tests/report/screenshots for a look."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tablelands.report import write_report
from tests.report.fill import fill_results

SCREENSHOTS = Path(__file__).parent / "screenshots"


@pytest.fixture(scope="module")
def report_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("report")
    results = folder / "results.db"
    fill_results(results, "confusing-lands", 2, ("random", "greedy"), 60, key="cl")
    fill_results(results, "land-vs-sea", 3, ("random", "greedy"), 12, key="lvs")
    fill_results(results, "drifting-lands", 4, ("random",), 8, {"teams": True}, key="dl")
    out = folder / "report.html"
    write_report(results, out)
    return out


@pytest.mark.parametrize(("width", "name"), [(1280, "wide"), (390, "narrow")])
def test_the_report_reads_in_a_browser(
    browser: Any, report_page: Path, width: int, name: str
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900}, offline=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("requestfailed", lambda request: errors.append(request.url))
    page.goto(report_page.as_uri())
    page.wait_for_load_state("load")
    images = page.eval_on_selector_all(
        "img", "images => images.map(i => [i.complete, i.naturalWidth, i.naturalHeight])"
    )
    assert len(images) >= 20
    assert all(complete and w > 0 and h > 0 for complete, w, h in images)
    # Nothing wider than the window: no sideways scrolling, no image or table cut off.
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    wide = page.eval_on_selector_all(
        "img, table",
        "els => els.filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)"
        ".map(e => e.outerHTML.slice(0, 80))",
    )
    assert wide == []
    headings = page.eval_on_selector_all("h2", "hs => hs.map(h => h.textContent)")
    assert headings == [
        "Contents",
        "Confusing Lands, 2 players",
        "Land vs Sea, 3 players (mountains, trade, waypoints)",
        "Drifting Lands, 4 players (teams)",
    ]
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"report-{name}.png"), full_page=True)
    page.locator("#land-vs-sea-3p").screenshot(path=str(SCREENSHOTS / f"report-lvs-{name}.png"))
    assert errors == []
    context.close()
