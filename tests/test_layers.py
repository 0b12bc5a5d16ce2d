"""The layers hold: the kernel imports no game, no bot, no front end and no drawing library;
a game's rules import no bot or front end; only its ``render.py`` draws."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "src" / "tablelands"
FRONT_ENDS = ("tablelands.cli", "tablelands.session", "tablelands.sim", "tablelands.analysis")


def imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def starts(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


@pytest.mark.parametrize("path", sorted((PACKAGE / "core").glob("*.py")), ids=lambda p: p.name)
def test_the_kernel_imports_no_game_bot_front_end_or_drawing(path: Path) -> None:
    banned = ("tablelands.games", "tablelands.agents", "rich", "typer", *FRONT_ENDS)
    assert not {name for name in imports(path) if starts(name, banned)}


@pytest.mark.parametrize(
    "path",
    sorted(p for p in (PACKAGE / "games").rglob("*.py") if p.name != "render.py"),
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_rules_import_no_bot_front_end_or_drawing(path: Path) -> None:
    banned = ("tablelands.agents", *FRONT_ENDS)
    if path.name != "drawing.py":
        banned += ("rich", "tablelands.games.drawing")
    found = {name for name in imports(path) if starts(name, banned)}
    if path.name == "ai.py":  # a game's bot knowledge may use the bots' protocol
        found = {name for name in found if not starts(name, ("tablelands.agents",))}
    assert not found


def knowledge_imports(path: Path) -> set[str]:
    """The imports of a game's ``ai`` module (its bot knowledge) in ``path``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.endswith(".ai"))
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            if module.split(".")[-1] == "ai" or any(alias.name == "ai" for alias in node.names):
                found.add(module)
    return found


@pytest.mark.parametrize(
    "path",
    sorted(p for p in (PACKAGE / "games").rglob("*.py") if p.name not in ("ai.py", "render.py")),
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_rules_import_no_bot_knowledge(path: Path) -> None:
    # ai.py imports the rules, never the reverse (drawing a search's value may use it)
    assert not knowledge_imports(path)
