"""The database itself refuses a second move at one seq, and migrations make the schema."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError

from tablelands.core.match import PLAY, UNDO, Move, effective
from tablelands.server.db import MoveRow, make_engine, now, upgrade
from tests.server.conftest import serving


def test_the_unique_game_seq_refuses_a_second_move_whatever_the_server_checks(
    database_url: str,
) -> None:
    with serving(database_url) as client:
        made = client.post(
            "/api/games", json={"game": "confusing-lands", "seats": [{"kind": "me"}]}
        )
        game_id = made.json()["game"]["id"]
    engine = make_engine(database_url)
    upgrade(engine)  # at head already: nothing to do
    assert {"games", "seats", "moves", "alembic_version"} <= set(inspect(engine).get_table_names())
    row = {"game_id": game_id, "seq": 1, "seat": 0, "action": 738, "kind": PLAY}
    with engine.begin() as connection:
        connection.execute(MoveRow.__table__.insert(), {**row, "created_at": now()})
    with pytest.raises(IntegrityError), engine.begin() as connection:
        connection.execute(MoveRow.__table__.insert(), {**row, "created_at": now()})
    engine.dispose()


def test_effective_moves_skip_the_undone_and_refuse_rows_no_referee_writes() -> None:
    rows = [Move(1, 0, 5, PLAY), Move(2, 0, 6, PLAY), Move(3, 0, 2, UNDO), Move(4, 0, 7, PLAY)]
    played, undone = effective(rows)
    assert [m.action for m in played] == [5, 7] and undone == {2: 3}
    with pytest.raises(ValueError, match="not a valid move row"):
        effective([Move(1, 0, 5, PLAY), Move(2, 0, 9, UNDO)])


def test_sqlite_keeps_a_write_ahead_log(sqlite_url: str) -> None:
    engine = make_engine(sqlite_url)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    engine.dispose()
