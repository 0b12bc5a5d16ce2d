"""The docs hold what the project promises: every ruling explained and tested, rules in docs/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablelands.games import game_names, get_game

ROOT = Path(__file__).parent.parent


@pytest.mark.parametrize("name", game_names())
def test_docs_rules_file_is_the_packaged_rules(name: str) -> None:
    assert (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8") == get_game(
        name
    ).rules_text()


@pytest.mark.parametrize("name", game_names())
def test_every_ruling_is_explained_and_tested(name: str) -> None:
    game = get_game(name)
    assert game.info.rulings
    rules = game.rules_text()
    tests = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py"))
    for ruling in game.info.rulings:
        assert re.search(rf"\*\*{ruling}\*\*", rules), f"{ruling} is not in the rules text"
        assert re.search(rf"ruling {ruling}\b", tests), f"no test names {ruling}"


def test_records_doc_lists_every_record_field() -> None:
    from tablelands.core.records import GameRecord

    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    for field in GameRecord.model_fields:
        assert f"`{field}`" in text
