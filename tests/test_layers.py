"""The layers hold: the kernel imports no game, no bot, no front end and no drawing library;
a game's rules import no bot or front end; only its ``render.py`` draws."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "src" / "tablelands"
FRONT_ENDS = (
    "tablelands.cli",
    "tablelands.session",
    "tablelands.sim",
    "tablelands.analysis",
    "tablelands.server",
    "tablelands.report",
)


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
    banned = ("tablelands.games", "tablelands.agents", "rich", "typer", "matplotlib", *FRONT_ENDS)
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


# -- no import cycles -------------------------------------------------------------------


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported_modules(name: str) -> set[str]:
    """The package's modules that module ``name`` imports, wherever the import stands: at the
    top, inside a function or under ``TYPE_CHECKING``. ``from package import module`` imports
    the module; ``from package import name`` imports the package's ``__init__``."""
    path = MODULES[name]
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                base = f"{package}.{base}" if base else package
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in MODULES else base)
    return {module for module in found if module in MODULES and module != name}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every set of modules that import one another, round and round (strongly connected
    components of more than one module, or a module importing itself), each as a list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return cycles


def test_no_module_imports_one_that_imports_it_back() -> None:
    # Not even inside a function, at the bottom of a module or under TYPE_CHECKING.
    graph = {name: imported_modules(name) for name in MODULES}
    assert import_cycles(graph) == []


def test_nothing_but_the_cli_imports_the_server() -> None:
    outside = [
        name
        for name in MODULES
        if not starts(name, ("tablelands.server", "tablelands.cli"))
        and any(starts(target, ("tablelands.server",)) for target in imported_modules(name))
    ]
    assert outside == []
    assert any(starts(t, ("tablelands.server",)) for t in imported_modules("tablelands.cli"))


def test_meta_the_cycle_finder_finds_cycles() -> None:
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert import_cycles({"a": {"a"}}) == [["a"]]
    assert import_cycles({"a": {"b"}, "b": set()}) == []
    assert "tablelands.games.drifting_lands.notation" in imported_modules(
        "tablelands.games.drifting_lands.state"
    )
