"""Confusing Lands notation and ``apply`` against bad input: only the project's own errors,
with messages naming what is wrong, and never a text read as another action (issue 14)."""

from __future__ import annotations

import pytest

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.notation import MAX_ACTION_TEXT
from tablelands.games.confusing_lands.landscape import GRID, ORIGIN
from tablelands.games.confusing_lands.notation import ACTION_COUNT

from .helpers import new_state


def test_superscript_digits_are_a_notation_error() -> None:
    state = new_state()
    # int() reads the Arabic-Indic digits U+0660-U+0669: "\u0663c0" was card 3.
    for text in ("\u0663c0", "3c\u0660", "3c0@0,\u0661", "²c0", "3c0@0,²"):
        with pytest.raises(NotationError, match="not a plain ASCII character"):
            state.parse_action(text)


def test_numbers_past_the_int_digit_limit_are_a_notation_error() -> None:
    state = new_state()
    digits = "1" * 5000  # int() refuses more than 4,300 digits
    for text in (f"{digits}c0", f"3c{digits}", f"3c0@0,{digits}"):
        with pytest.raises(NotationError, match=f"at most {MAX_ACTION_TEXT} characters"):
            state.parse_action(text)


def test_spaces_inside_a_number_are_refused() -> None:
    state = new_state()
    # Spaces were dropped first, so "1 2c0" was card 12.
    for text in ("1 2c0", "3c0@1 0,2", "3c0@1,- 1 2"):
        with pytest.raises(NotationError, match="without spaces inside it"):
            state.parse_action(text)


@pytest.mark.parametrize(
    "action",
    [
        -1,
        ACTION_COUNT,
        pytest.param(10**5000, id="10**5000"),
        GRID.cols,  # the guard column at the end of the grid's first row
        True,
        1.0,
        None,
    ],
)
def test_format_refuses_what_is_no_action_number(action: object) -> None:
    state = new_state()
    with pytest.raises(NotationError, match=r"not a.* action number"):
        state.format_action(action)  # type: ignore[arg-type]


def test_apply_refuses_bool_and_float() -> None:
    state = new_state()
    legal = state.legal_actions()
    before = state.to_json()
    for action in (float(legal[0]), True, None, "1", 10**5000, -1, ACTION_COUNT):
        with pytest.raises(IllegalActionError, match=r"not a.* action number"):
            state.apply(action)  # type: ignore[arg-type]
        assert state.to_json() == before


def test_positions_off_the_grid_are_refused_not_wrapped() -> None:
    # The first position past each edge of the grid is no action, not one in another row.
    state = new_state()
    card = state.hands[0][0]
    for row, col in ((0, GRID.cols - ORIGIN), (GRID.rows - ORIGIN, 0), (-ORIGIN - 1, 0)):
        with pytest.raises(NotationError, match="too far from the landscape"):
            state.parse_action(f"{card}c0@{row},{col}")
