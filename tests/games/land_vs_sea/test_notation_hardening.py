"""Land vs Sea notation and ``apply`` against bad input: only the project's own errors, with
messages naming what is wrong, and never a text read as another action (issue 14)."""

from __future__ import annotations

import pytest

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.game import State
from tablelands.core.notation import MAX_ACTION_TEXT
from tablelands.games.land_vs_sea import GAME
from tablelands.games.land_vs_sea.components import TILE_COUNT, VOLCANO_ID
from tablelands.games.land_vs_sea.notation import ACTION_COUNT, DRAW, Placement


def new_state() -> State:
    return GAME.new_state(players=2, seed=1)


def test_superscript_digits_are_a_notation_error() -> None:
    state = new_state()
    # int() reads the Arabic-Indic digits U+0660-U+0669: "draw \u0661" was draw 1.
    for text in ("draw \u0661", "draw ²", "17b3@2,-\u0661", "hole ²,0", "steal \u0662/1"):
        with pytest.raises(NotationError, match="not a plain ASCII character"):
            state.parse_action(text)


def test_numbers_past_the_int_digit_limit_are_a_notation_error() -> None:
    state = new_state()
    digits = "1" * 5000  # int() refuses more than 4,300 digits
    for text in (f"draw {digits}", f"{digits}a0@0,0", f"steal 1/{digits}", f"hole 0,{digits}"):
        with pytest.raises(NotationError, match=f"at most {MAX_ACTION_TEXT} characters"):
            state.parse_action(text)


def test_spaces_inside_a_number_are_refused() -> None:
    state = new_state()
    # Spaces were dropped first, so "1 7b3@2,-1" was tile 17 and "...,-1 0" row -10.
    for text in ("1 7b3@2,-1", "17b3@2,-1 0", "waypoint 0,1 2:0"):
        with pytest.raises(NotationError, match="without spaces inside it"):
            state.parse_action(text)


@pytest.mark.parametrize(
    "action",
    [
        -1,
        ACTION_COUNT,
        pytest.param(10**5000, id="10**5000"),
        Placement(0, 0, 0, 0).encode(),  # the start tile, set out by the rules
        Placement(VOLCANO_ID, 1, 5, 0).encode(),  # the Volcano/Whirlpool, likewise
        True,
        float(DRAW),
        None,
    ],
)
def test_format_refuses_what_is_no_action_number(action: object) -> None:
    state = new_state()
    with pytest.raises(NotationError, match=r"not a.* action number"):
        state.format_action(action)  # type: ignore[arg-type]


def test_every_tile_a_player_places_is_formatted() -> None:
    state = new_state()
    for tile in (1, TILE_COUNT):
        action = Placement(tile, 1, 5, 0).encode()
        assert state.parse_action(state.format_action(action)) == action


def test_apply_refuses_bool_and_float() -> None:
    state = new_state()
    legal = state.legal_actions()
    assert DRAW in legal
    before = state.to_json()
    for action in (float(DRAW), True, None, "1", 10**5000, -1, ACTION_COUNT):
        with pytest.raises(IllegalActionError, match=r"not a.* action number"):
            state.apply(action)  # type: ignore[arg-type]
        assert state.to_json() == before
