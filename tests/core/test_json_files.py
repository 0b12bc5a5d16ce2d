"""JSON files (issue 14): whatever a file holds, reading it gives the data or a project error
naming the path; writing is atomic; output paths are checked before a long job."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tablelands.core.errors import EditionError, RecordError
from tablelands.core.files import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    check_output_file,
    check_output_folder,
    json_difference,
    nesting_depth,
    read_json,
    write_text_atomic,
)
from tablelands.core.records import read_record
from tablelands.games import get_game


def write(tmp_path: Path, text: str | bytes, name: str = "f.json") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_deeply_nested_json_is_a_record_error(tmp_path: Path) -> None:
    path = write(tmp_path, "[" * 100_000 + "]" * 100_000)
    with pytest.raises(
        RecordError, match=rf"f\.json: nested 100000 levels deep \(at most {MAX_DEPTH}\)"
    ):
        read_record(path)
    path = write(tmp_path, '{"a":' * 5_000 + "1" + "}" * 5_000)
    with pytest.raises(EditionError, match=r"f\.json: nested 5000 levels deep"):
        get_game("confusing-lands").load_edition(path)


def test_nesting_is_counted_outside_strings_only() -> None:
    assert nesting_depth('{"a": "[[[[[[", "b": [[1], {"c": "]]\\"[["}]}') == 3
    assert nesting_depth("1") == 0
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert read_json_text(ok) == json.loads(ok)


def read_json_text(text: str) -> object:
    from tablelands.core.files import parse_json

    return parse_json(text, "text", RecordError)


def test_huge_numbers_are_a_record_error(tmp_path: Path) -> None:
    path = write(tmp_path, '{"seed": ' + "9" * 5_000 + "}")
    with pytest.raises(RecordError, match=r"f\.json: refused: a number of 5000 digits"):
        read_record(path)
    for text in ("[1e999]", "[-1e999]", "[" + "1" * 5000 + ".5]"):
        with pytest.raises(RecordError, match=r"f\.json: refused"):
            read_json(write(tmp_path, text), RecordError)


def test_nan_infinity_and_repeated_keys_are_refused(tmp_path: Path) -> None:
    for text, why in (
        ("[NaN]", "NaN is not a JSON value"),
        ('{"a": Infinity}', "Infinity is not a JSON value"),
        ('{"seed": 1, "seed": 2}', 'the key "seed" is given twice'),
    ):
        with pytest.raises(RecordError, match=why):
            read_json(write(tmp_path, text), RecordError)


def test_oversized_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(RecordError, match=r"big\.json: larger than 16 MiB"):
        read_record(path)


def test_unreadable_files_name_the_path(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path)  # a folder
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="not UTF-8"):
        read_record(write(tmp_path, b"\xff\xfe[]"))
    with pytest.raises(RecordError, match=r"not valid JSON \(line 1"):
        read_record(write(tmp_path, "\ufeff{}"))


def test_json_difference_is_type_exact() -> None:
    assert json_difference({"a": [1, 2]}, {"a": [1, 2]}) is None
    assert json_difference(True, 1) == "(top level): given true, expected 1"
    assert json_difference({"x": [1.0]}, {"x": [1]}) == "x.0: given 1.0, expected 1"
    assert (
        json_difference({"x": 1}, {"x": 1, "y": 2})
        == "y: present in only one of given and expected"
    )
    assert json_difference([1, 2], [1], "l") == "l: given 2 entries, expected 1"
    assert json_difference({"k": "a" * 100}, {"k": "b"}).endswith('expected "b"')  # type: ignore[union-attr]


def test_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "out.json"
    write_text_atomic(path, "one\n", RecordError)
    write_text_atomic(path, "two\n", RecordError)
    assert path.read_text() == "two\n"
    assert sorted(p.name for p in path.parent.iterdir()) == ["out.json"]
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


def test_atomic_write_failure_keeps_the_old_file(tmp_path: Path) -> None:
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "x").write_text("")
    with pytest.raises(RecordError, match=r"taken: cannot write"):
        write_text_atomic(folder, "data", RecordError)  # a folder cannot be replaced by a file
    assert (folder / "x").exists()
    assert sorted(p.name for p in folder.parent.iterdir()) == ["taken"]
    blocker = tmp_path / "file"
    blocker.write_text("keep")
    with pytest.raises(RecordError, match=r"file/r\.json: cannot write"):
        write_text_atomic(blocker / "r.json", "data", RecordError)
    assert blocker.read_text() == "keep"


def test_output_paths_are_checked_before_a_long_job(tmp_path: Path) -> None:
    check_output_file(tmp_path / "new" / "deeper" / "r.json", RecordError)  # can be made
    check_output_folder(tmp_path / "records", RecordError)
    with pytest.raises(RecordError, match="is a folder; give a file name"):
        check_output_file(tmp_path, RecordError)
    a_file = tmp_path / "a.json"
    a_file.write_text("{}")
    check_output_file(a_file, RecordError)  # overwriting is fine
    with pytest.raises(RecordError, match="is a file, not a folder"):
        check_output_folder(a_file, RecordError)
    with pytest.raises(RecordError, match="is not a folder"):
        check_output_file(a_file / "r.json", RecordError)
    with pytest.raises(EditionError, match="is not a folder"):
        check_output_folder(a_file / "records", EditionError)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]  # nothing made


def test_atomic_write_takes_the_longest_file_names(tmp_path: Path) -> None:
    path = tmp_path / ("r" * 250 + ".json")
    write_text_atomic(path, "{}", RecordError)
    assert path.read_text() == "{}"
