"""Reading, validating and writing the project's JSON files (editions, records, states).

Every failure names the file and, for a schema failure, the field at fault, e.g.
``cards.3.condition_side.1: expected 3 spaces``. Nothing a file holds can make reading it
fail with anything but the project error the caller names: a file is at most
:data:`MAX_FILE_BYTES` long, nests at most :data:`MAX_DEPTH` arrays and objects deep,
writes no number of more than :data:`MAX_NUMBER_DIGITS` digits, no ``NaN`` or
``Infinity`` and no key twice in one object.

Writing is atomic (a temporary file in the same folder, then a rename), so a file is
either the old one or the whole new one, never half written.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import tempfile
from itertools import accumulate
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from tablelands.core.errors import TablelandsError

ModelT = TypeVar("ModelT", bound=BaseModel)

#: The largest JSON file read (16 MiB): far more than any record, edition or state needs.
MAX_FILE_BYTES = 16 * 1024 * 1024
#: The deepest nesting of arrays and objects read; the formats need fewer than 10 levels.
MAX_DEPTH = 64
#: The most digits a number may be written with (a seed or generator state has 20 at most).
MAX_NUMBER_DIGITS = 40

# A JSON string (escapes included), and the brackets left once strings are gone.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
# A check's message that starts by naming a field inside the object checked.
_INNER_FIELD = re.compile(r"([A-Za-z_]\w*(?:\.\w+)*): ")


class _RefusedError(Exception):
    """A value the parser met that the project's JSON does not allow (inside ``json.loads``)."""


def describe_validation_error(exc: ValidationError) -> str:
    """One line per problem: the dotted field path, then what is wrong with it. A check of a
    whole object may name the field inside it (``corners.0.name: ...``): that joins the path."""
    lines = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"])
        message = error["msg"].removeprefix("Value error, ")
        inner = _INNER_FIELD.match(message)
        if inner:
            where = f"{where}.{inner[1]}" if where else inner[1]
            message = message[inner.end() :]
        lines.append(f"{where or '(top level)'}: {message}")
    return "; ".join(lines)


def nesting_depth(text: str) -> int:
    """How deep the arrays and objects of JSON ``text`` nest, counted without recursion
    (brackets inside strings do not count)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(_DEPTH_STEP[b] for b in brackets), default=0)


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _RefusedError(
            f"a number of {len(text.lstrip('-'))} digits (at most {MAX_NUMBER_DIGITS})"
        )
    return int(text)


def _parse_float(text: str) -> float:
    digits = sum(c.isdigit() for c in text)
    if digits > MAX_NUMBER_DIGITS:
        raise _RefusedError(f"a number of {digits} digits (at most {MAX_NUMBER_DIGITS})")
    value = float(text)
    if not math.isfinite(value):
        raise _RefusedError(f"the number {text} is out of range")
    return value


def _parse_constant(text: str) -> Any:
    raise _RefusedError(f"{text} is not a JSON value")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RefusedError(f"the key {json.dumps(key)} is given twice in one object")
            seen.add(key)
    return result


def parse_json(text: str, source: str, error: type[TablelandsError]) -> Any:
    """Parse JSON ``text`` within the limits above; ``error`` names ``source`` and what is wrong."""
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise error(f"{source}: nested {depth} levels deep (at most {MAX_DEPTH})")
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError as exc:
        raise error(
            f"{source}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except _RefusedError as exc:
        raise error(f"{source}: refused: {exc}") from None
    except (ValueError, RecursionError) as exc:  # whatever else the parser may refuse
        raise error(f"{source}: not valid JSON ({exc})") from None


def read_json(path: Path, error: type[TablelandsError]) -> Any:
    """Parse a JSON file, raising ``error`` with the path and what is wrong (the line of a
    syntax error); a file over :data:`MAX_FILE_BYTES` is refused before it is read."""
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise error(f"{path}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{path}: not UTF-8 text") from None
    return parse_json(text, str(path), error)


def validate(model: type[ModelT], data: Any, source: str, error: type[TablelandsError]) -> ModelT:
    """Validate ``data`` against ``model`` as JSON, strictly: a number is never a string, a
    whole number never ``1.0`` or ``true``. Failures name ``source`` and the field."""
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise error(f"{source}: not JSON data ({exc})") from None
    try:
        return model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise error(f"{source}: {describe_validation_error(exc)}") from None


def content_hash(data: Any) -> str:
    """``sha256:<hex>`` of the canonical JSON of ``data``: keys sorted, no spaces, UTF-8
    (``json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``)."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------------------
# Comparing JSON values


def _show(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def json_difference(
    given: Any, expected: Any, where: str = "", names: tuple[str, str] = ("given", "expected")
) -> str | None:
    """The dotted path of the first place two JSON values differ, with both values, or
    ``None`` when they are equal. Types count: ``true`` is not ``1`` and ``1.0`` is not ``1``.
    Object keys are visited in ``expected``'s order, then the keys only ``given`` has."""
    first, second = names

    def at(key: object) -> str:
        return f"{where}.{key}" if where else str(key)

    if isinstance(given, dict) and isinstance(expected, dict):
        for key in [*expected, *(k for k in given if k not in expected)]:
            if key not in given or key not in expected:
                return f"{at(key)}: present in only one of {first} and {second}"
            found = json_difference(given[key], expected[key], at(key), names)
            if found:
                return found
        return None
    if isinstance(given, list) and isinstance(expected, list):
        for i, (a, b) in enumerate(zip(given, expected, strict=False)):
            found = json_difference(a, b, at(i), names)
            if found:
                return found
        if len(given) != len(expected):
            return (
                f"{where or '(top level)'}: {first} {len(given)} entries, {second} {len(expected)}"
            )
        return None
    if type(given) is not type(expected) or given != expected:
        return f"{where or '(top level)'}: {first} {_show(given)}, {second} {_show(expected)}"
    return None


# ---------------------------------------------------------------------------
# Writing


def _nearest_existing(path: Path) -> Path:
    folder = path
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


def _check_folder(folder: Path, path: Path, error: type[TablelandsError]) -> None:
    """``folder`` exists or can be made, and files can be written in it."""
    existing = _nearest_existing(folder)
    if not existing.is_dir():
        raise error(f"{path}: cannot write: {existing} is not a folder")
    try:  # the one sure test (permissions, read-only file systems): write a file there
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as exc:
        what = "" if existing == folder else f" (where {folder} would be made)"
        raise error(
            f"{path}: cannot write in the folder {existing}{what}: {exc.strerror or exc}"
        ) from None


def check_output_file(path: Path, error: type[TablelandsError]) -> None:
    """Before a long job: a file can be written at ``path`` (it is no folder, and its
    folder exists or can be made and is writable); else ``error`` naming the path."""
    if path.is_dir():
        raise error(f"{path}: is a folder; give a file name")
    _check_folder(path.parent, path, error)


def check_output_folder(path: Path, error: type[TablelandsError]) -> None:
    """Before a long job: files can be written into the folder ``path`` (it is a folder,
    or can be made, and is writable); else ``error`` naming the path."""
    if path.exists() and not path.is_dir():
        raise error(f"{path}: is a file, not a folder")
    _check_folder(path, path, error)


def _new_file_mode(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_text_atomic(path: Path, text: str, error: type[TablelandsError]) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: into a temporary file in the same
    folder (made if missing), then renamed over ``path``; ``error`` names the path."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # A short name of its own: the file's name may already be as long as names go.
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tablelands-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.chmod(temporary, _new_file_mode(path))
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except OSError as exc:
        raise error(f"{path}: cannot write: {exc.strerror or exc}") from None
