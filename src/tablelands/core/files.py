"""Reading and validating the project's JSON files (editions, records).

Every failure names the file and, for a schema failure, the field at fault, e.g.
``cards.3.condition_side.1: expected 3 spaces``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from tablelands.core.errors import TablelandsError

ModelT = TypeVar("ModelT", bound=BaseModel)


def describe_validation_error(exc: ValidationError) -> str:
    """One line per problem: the dotted field path, then what is wrong with it."""
    lines = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"]) or "(top level)"
        lines.append(f"{where}: {error['msg']}")
    return "; ".join(lines)


def read_json(path: Path, error: type[TablelandsError]) -> Any:
    """Parse a JSON file, raising ``error`` with the path and the line of a syntax error."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise error(f"{path}: not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(
            f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None


def validate(model: type[ModelT], data: Any, source: str, error: type[TablelandsError]) -> ModelT:
    """Validate ``data`` against ``model``; failures name ``source`` and the field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise error(f"{source}: {describe_validation_error(exc)}") from None


def content_hash(data: Any) -> str:
    """``sha256:<hex>`` of the canonical JSON of ``data`` (sorted keys, no spaces)."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()
