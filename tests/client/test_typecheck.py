"""The board modules are plain ES modules with JSDoc types: TypeScript checks them
(`checkJs`, `strict`), from the repository's own `node_modules` (`npm ci`)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.client.conftest import ROOT


def test_typescript_accepts_the_boards() -> None:
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        pytest.fail("TypeScript is not installed: run `npm ci` at the repository root")
    if shutil.which("node") is None:
        pytest.fail("node is missing: install Debian's nodejs and npm")
    result = subprocess.run(
        [str(tsc), "-p", "tsconfig.json", "--noEmit"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
