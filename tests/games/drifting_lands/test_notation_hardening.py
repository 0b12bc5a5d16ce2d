"""Drifting Lands notation and ``apply`` against bad input: only the project's own errors,
with messages naming what is wrong, and never a text read as another action (issue 14)."""

from __future__ import annotations

import time

import pytest

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.notation import MAX_ACTION_TEXT
from tablelands.games.drifting_lands import GAME
from tablelands.games.drifting_lands import notation as n
from tablelands.games.drifting_lands.components import CARD_COUNT
from tablelands.games.drifting_lands.state import SELECT, DriftingLandsState

from .helpers import act, blank, give, pawn, set_board


def selecting() -> DriftingLandsState:
    state = GAME.new_state(players=2, seed=1)
    assert isinstance(state, DriftingLandsState)
    while state.phase != SELECT:
        state.apply(state.legal_actions()[0])
    return state


def test_superscript_digits_are_a_notation_error() -> None:
    state = GAME.new_state(players=2, seed=1)
    # '²'.isdigit() holds but int('²') fails; int('\u0661') (Arabic-Indic one) is 1.
    for text in ("start ²", "start \u0661", "drift 1,²>0", "select \u0663"):
        with pytest.raises(NotationError, match="not a plain ASCII character"):
            state.parse_action(text)


def test_numbers_past_the_int_digit_limit_are_a_notation_error() -> None:
    state = selecting()
    digits = "1" * 5000  # int() refuses more than 4,300 digits
    for text in (f"start {digits}", f"select {digits}", f"move 1,{digits}>1,3"):
        with pytest.raises(NotationError, match=f"at most {MAX_ACTION_TEXT} characters"):
            state.parse_action(text)


def test_long_move_and_part_texts_are_refused_at_once() -> None:
    # Finding the cells of these took 15 s (quadratic) before the length cap.
    state = GAME.new_state(players=2, seed=1)
    for verb in ("move", "part"):
        began = time.perf_counter()
        with pytest.raises(NotationError, match=f"at most {MAX_ACTION_TEXT} characters"):
            state.parse_action(f"{verb} " + "1" * 20_000)
        assert time.perf_counter() - began < 1


def test_format_of_a_number_off_the_map_is_a_notation_error() -> None:
    state = GAME.new_state(players=2, seed=1)
    # 108688 is an orogeny from board index 0 to index 0, a corner of the grid off the map.
    with pytest.raises(NotationError, match="108688 is not a Drifting Lands action number"):
        state.format_action(108688)


@pytest.mark.parametrize(
    "action",
    [
        -1,
        n.ACTION_COUNT,
        pytest.param(10**5000, id="10**5000"),
        n.START + 4,
        n.SELECT,
        n.SELECT + CARD_COUNT + 1,
        n.PLAY + 63,
        True,
        1.0,
        None,
    ],
)
def test_format_refuses_what_is_no_action_number(action: object) -> None:
    state = GAME.new_state(players=2, seed=1)
    with pytest.raises(NotationError, match=r"not a.* action number"):
        state.format_action(action)  # type: ignore[arg-type]


def test_every_card_id_fits_its_field() -> None:
    assert CARD_COUNT < n.PLAY - n.SELECT
    assert sorted(GAME.default_edition().cards) == list(range(1, CARD_COUNT + 1))


def test_select_of_missing_card_is_refused() -> None:
    state = selecting()
    # "select 74" was read as SELECT + 74, the number of "play 10".
    for text in ("select 74", "select 0", "select 25", "play 74", "play 25"):
        with pytest.raises(NotationError, match=r"card \d+ does not exist"):
            state.parse_action(text)


def test_apply_refuses_bool_and_float() -> None:
    state = GAME.new_state(players=2, seed=1)
    legal = state.legal_actions()
    assert 1 in legal  # True == 1 and 1.0 == 1: both were taken as "start 2"
    before = state.to_json()
    for action in (True, False, float(legal[0]), 1.0, None, "1", 10**5000, -1):
        with pytest.raises(IllegalActionError, match=r"not a.* action number"):
            state.apply(action)  # type: ignore[arg-type]
        assert state.to_json() == before
    assert state.history == []


def test_move_with_anything_but_cells_between_its_steps_is_refused() -> None:
    state = blank()
    set_board(state, land=[(1, 3), (2, 3), (3, 3)], pawns={(1, 3): (0, 1)})
    give(state, 0, "moving")
    act(state, "play moving")
    # Each of these was read as the move 1,3>2,3: the cells were searched anywhere in the text.
    for text in ("move 1,3 x>2,3", "move 1,3 2,3", "move 1,3>2,3 3", "move >1,3>2,3"):
        with pytest.raises(NotationError, match=r"is not a space Q,R|write move Q,R>Q,R"):
            state.parse_action(text)
    act(state, "move 1, 3 > 2 ,3")
    assert pawn(state, 2, 3) == (0, 1)


def line_split() -> DriftingLandsState:
    state = blank()
    set_board(state, land=[(1, 3), (2, 3), (3, 3), (4, 3)], pawns={(1, 3): (0, 1), (4, 3): (1, 1)})
    give(state, 0, "splitting")
    act(state, "play splitting", "split 1,3>0")
    return state


def test_part_naming_a_space_twice_names_it_once() -> None:
    # The spaces' bits were added up, so a space named twice stood for the next board index.
    state = line_split()
    assert state.parse_action("part 3,3 4,3 4,3") == state.parse_action("part 3,3 4,3")


def test_part_with_anything_but_whitespace_between_cells_is_refused() -> None:
    state = line_split()
    for text in ("part 3,3x4,3", "part 3,34,3", "part 3,3,4,3", "part 3,3 4"):
        with pytest.raises(NotationError):
            state.parse_action(text)
    assert state.parse_action("part 3 ,3  4, 3") == state.parse_action("part 3,3 4,3")
