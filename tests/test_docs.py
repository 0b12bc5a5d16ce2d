"""The docs hold what the project promises: every ruling explained and tested, rules in docs/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablelands.core.rng import Rng
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


def documented_fields(title: str) -> list[str]:
    """The fields docs/views.md lists for a game (the first column of its section's table)."""
    text = (ROOT / "docs" / "views.md").read_text(encoding="utf-8")
    section = text.split(f"### {title}\n", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE)


@pytest.mark.parametrize("name", game_names())
def test_views_doc_lists_every_observation_field(name: str) -> None:
    game = get_game(name)
    fields = documented_fields(game.info.title)
    assert len(fields) == len(set(fields))
    for players, options in game.info.modes:
        for steps in (0, 7, 60, 10_000):
            state = game.new_state(players=players, seed=steps, options=dict(options))
            rng = Rng(steps)
            for _ in range(steps):
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
            for seat in range(players):
                assert list(state.observation(seat)) == fields
            assert list(state.public_observation()) == fields  # a spectator's has them too


def test_views_doc_example_runs() -> None:
    text = (ROOT / "docs" / "views.md").read_text(encoding="utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    scope: dict[str, object] = {}
    exec(code, scope)
    document = scope["document"]
    assert isinstance(document, dict)
    assert document["observation"]["phase"] == "over"
    assert document["log"][-1].startswith("Every tile is placed: the game is over.")
