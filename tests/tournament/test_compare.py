"""Comparing two variants: an edition that changes nothing of the rules shows no
difference at all, an option that changes the scoring shows it significant, and the
tests of significance give the textbook values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablelands.cli import app
from tablelands.games import get_game
from tablelands.tournament.stats import two_proportions, welch

runner = CliRunner()
BASE = ("compare", "land-vs-sea", "-a", "random,random", "-n", "10", "-w", "2")


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes else "")


def rows(out: str) -> dict[str, list[str]]:
    """The comparison table's cells, by figure."""
    table: dict[str, list[str]] = {}
    for line in out.splitlines():
        cells = [cell.strip() for cell in line.strip("│ ").split("│")]
        if len(cells) == 7 and cells[0] not in ("figure", ""):
            table[cells[0]] = cells[1:]
    return table


def test_an_edition_that_changes_no_rule_changes_nothing(tmp_path: Path) -> None:
    data = get_game("land-vs-sea").default_edition().to_data()
    same, renamed = tmp_path / "same.json", tmp_path / "renamed.json"
    same.write_text(json.dumps(data))
    renamed.write_text(json.dumps({**data, "name": "the same tiles, renamed"}))
    code, out = run(
        *BASE, "--a-edition", str(same), "--b-edition", str(renamed),
        "--results", str(tmp_path / "c.db"),
    )  # fmt: skip
    assert code == 0, out
    table = rows(out)
    assert {"win rate: random", "first-seat win rate", "standings: total"} <= set(table)
    for figure, (a, b, _difference, _test, _p, significant) in table.items():
        assert (a, significant) == (b, "no"), figure  # the same seeds play the same games


def test_an_option_that_adds_scoring_shows_significant_differences(tmp_path: Path) -> None:
    code, out = run(
        *BASE, "--a-option", "trade=false", "--b-option", "trade=true",
        "--results", str(tmp_path / "c.db"),
    )  # fmt: skip
    assert code == 0, out
    assert "A (trade=False) against B (trade=True), 10 games each" in out
    table = rows(out)
    a, b, _difference, test, _p, significant = table["standings: by_kind.trade"]
    assert (a, test, significant) == ("0.00", "t", "yes") and float(b) > 0
    assert table["standings: total"][-1] == "yes"
    # Who wins does not change: both seats are random either way.
    assert table["win rate: random"][:2] == ["50.0%", "50.0%"]
    assert table["win rate: random"][3:] == ["z", "1.000", "no"]


def test_compare_needs_one_kind_of_variant(tmp_path: Path) -> None:
    results = ("--results", str(tmp_path / "c.db"))
    code, out = run(*BASE, *results)
    assert code == 2 and "give the variants" in out
    edition = tmp_path / "e.json"
    edition.write_text(json.dumps(get_game("land-vs-sea").default_edition().to_data()))
    code, out = run(*BASE, "--a-option", "trade=true", "--b-edition", str(edition), *results)
    assert code == 2 and "options (--a-option, --b-option) or editions" in out
    code, out = run(*BASE, "--b-option", "trade=often", *results)
    assert code == 2 and "option 'trade' takes on/off, not 'often'" in out


def test_the_tests_of_significance_give_the_textbook_values() -> None:
    # 30/50 against 20/50: pooled 0.5, z = 0.2 / sqrt(0.25 * 0.04) = 2, p = 0.0455.
    test = two_proportions(30, 50, 20, 50)
    assert test.statistic == pytest.approx(2.0) and test.p == pytest.approx(0.0455, abs=1e-4)
    assert test.significant() and not two_proportions(25, 50, 24, 50).significant()
    assert two_proportions(0, 10, 0, 10).p == 1.0
    # Welch: t = -1 / sqrt(1/3 + 4/3), df = (5/3)^2 / ((1/3)^2 / 2 + (4/3)^2 / 2) = 2.941;
    # the two-sided p of Student's t at 2.941 degrees of freedom is 0.4961 (as scipy gives).
    test = welch([1.0, 2.0, 3.0], [1.0, 3.0, 5.0])
    assert test.statistic == pytest.approx(-1 / (5 / 3) ** 0.5)
    assert test.p == pytest.approx(0.4961, abs=1e-4)
    assert welch([1.0, 2.0, 3.0, 4.0], [11.0, 12.0, 13.0, 14.0]).p < 1e-4
    assert welch([2.0, 2.0], [2.0, 2.0]).p == 1.0 and welch([2.0, 2.0], [3.0, 3.0]).p == 0.0
    with pytest.raises(ValueError, match="at least two values"):
        welch([1.0], [1.0, 2.0])
