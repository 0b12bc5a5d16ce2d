"""Drifting Lands notation and ``apply`` against bad input: only the project's own errors,
with messages naming what is wrong, and never a text read as another action (issue 14)."""

from __future__ import annotations

import time

import pytest

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.notation import MAX_ACTION_TEXT
from tablelands.core.view import SeatView
from tablelands.games.drifting_lands import GAME
from tablelands.games.drifting_lands import notation as n
from tablelands.games.drifting_lands.components import CARD_COUNT
from tablelands.games.drifting_lands.state import SELECT, DriftingLandsState

from .helpers import act, blank, cell, give, pawn, set_board


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


# -- the notation reads, the rules judge (core/game.py: State.parse_action) -------------------


def moving_in_the_ocean() -> DriftingLandsState:
    """All ocean, Moving played (3 points, 1 a step): seat 0 L2 on (5,5), seat 1 L3 on (6,5)."""
    state = blank()
    set_board(state, land=[], pawns={(5, 5): (0, 2), (6, 5): (1, 3)})
    give(state, 0, "moving")
    act(state, "play moving")
    return state


def move(state: DriftingLandsState, start: tuple[int, int], end: tuple[int, int]) -> int:
    return n.MOVE + cell(state, *start) * n.POSITIONS + cell(state, *end)


def test_a_move_is_read_by_its_ends_whatever_way_is_written() -> None:
    # The number of a move holds its start and end, and the pawn goes by a cheapest way. A
    # way written that the pawn could not take (through seat 1's pawn on (6,5), or jumping)
    # used to be refused by the notation with IllegalActionError; it names the same move.
    state = moving_in_the_ocean()
    action = move(state, (5, 5), (7, 5))
    assert action in state.legal_actions()  # round (6,5): NE, E, SE, 3 points
    for text in ("move 5,5>6,5>7,5", "move 5,5>7,5", "move 5,5>2,2>7,5", "move 5,5>5,5>7,5"):
        assert state.parse_action(text) == action, text
    act(state, "move 5,5>6,5>7,5")
    assert pawn(state, 7, 5) == (0, 2) and pawn(state, 6, 5) == (1, 3)
    assert pawn(state, 5, 5) is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("move 3,3>4,3", r"there is no pawn on 3,3 to move"),
        ("move 6,5>7,5", r"the pawn on 6,5 is player 2's: move one of yours"),
        ("move 5,5>5,5", r"a pawn moves to another space"),
        ("move 5,5>6,5", r"6,5 holds a level-3 pawn of player 2: your level-2 pawn stops only"),
        (
            "move 5,5>5,6>5,7>5,8>5,9",
            r"the cheapest way from 5,5 to 5,9 costs 4 points .*; the card gives 3",
        ),
    ],
)
def test_a_move_the_pawn_cannot_make_is_read_and_refused_by_the_rules(
    text: str, reason: str
) -> None:
    # ruling DL-6: the notation used to refuse some of these (a route written out) with its
    # own words; now apply and a seat's check refuse them all, naming DL-6 and the reason.
    state = moving_in_the_ocean()
    action = state.parse_action(text)
    start, *_, end = text.removeprefix("move ").split(">")
    assert state.format_action(action).startswith(f"move {start}>")
    assert state.format_action(action).endswith(f">{end}")
    before = state.to_json()
    message = rf"^that move is not possible: {reason}.*\(DL-6\); the game asks you to move a pawn"
    with pytest.raises(IllegalActionError, match=message):
        state.apply(action)
    assert state.to_json() == before
    with pytest.raises(IllegalActionError, match=message):
        SeatView(state).check(action)


def test_a_move_walled_in_by_other_pawns_is_refused_naming_dl_6() -> None:
    # ruling DL-6: seat 0 L1 on (0,0), the corner; seat 1 L2 on (1,0) and (0,1), its only
    # neighbours: that pawn reaches nowhere, whatever the points (seat 0's pawn on (5,5) can).
    state = blank()
    set_board(
        state, land=[], pawns={(0, 0): (0, 1), (1, 0): (1, 2), (0, 1): (1, 2), (5, 5): (0, 1)}
    )
    give(state, 0, "migrating")
    act(state, "play migrating")
    action = state.parse_action("move 0,0>1,0>2,0")
    assert action == move(state, (0, 0), (2, 0))
    with pytest.raises(
        IllegalActionError,
        match=r"no way from 0,0 leads to 2,0: a pawn never passes another player's pawn \(DL-6\)",
    ):
        state.apply(action)


def test_a_move_at_another_time_is_read_and_refused_by_the_rules() -> None:
    # Before a card is played, "move 5,5>6,5" was refused by the notation ("that path costs 1
    # points; the card gives 0"). It is a move's number; the rules say it is not the time.
    state = blank()
    set_board(state, land=[], pawns={(5, 5): (0, 1)})
    give(state, 0, "moving")
    action = state.parse_action("move 5,5>6,5")
    assert action == move(state, (5, 5), (6, 5))
    with pytest.raises(
        IllegalActionError,
        match=r"^it is not the time to move a pawn: the game asks you to play a card from your hand",
    ):
        state.apply(action)


def test_a_part_not_offered_names_no_action_and_no_number_past_the_parts_is_played() -> None:
    # ruling DL-4: a part's number is its place among the parts the split offers, so a part not
    # offered has none: the notation says so (as for JSON), naming the rule, and apply refuses
    # every part number past the offered ones, naming it too.
    state = line_split()  # line (1,3)-(4,3) split NE: the suffixes go
    offered = state.split_parts()
    assert [state.format_action(a) for a in state.legal_actions()] == [
        "part 4,3",
        "part 3,3 4,3",
        "part 2,3 3,3 4,3",
    ]
    for text in ("part 1,3", "part 1,3 2,3", "part 2,3 4,3", "part 1,3 2,3 3,3 4,3"):
        with pytest.raises(
            NotationError,
            match=rf"^that part is not one of the {len(offered)} this split offers, so it names "
            r"no action: a part and the rest must both stay connected.*\(DL-4\)$",
        ):
            state.parse_action(text)
    before = state.to_json()
    for index in (len(offered), len(offered) + 1, (1 << 16) - 1):
        with pytest.raises(
            IllegalActionError,
            match=rf"^that part is not one of the {len(offered)} this split offers: .*\(DL-4\); "
            "the game asks you to choose the part that moves",
        ):
            state.apply(n.PART + index)
        with pytest.raises(IllegalActionError, match=r"\(DL-4\)"):
            SeatView(state).check(n.PART + index)
        assert state.to_json() == before


def test_a_part_when_no_split_is_being_made_names_no_action() -> None:
    state = blank()
    set_board(state, land=[(1, 3), (2, 3)], pawns={(1, 3): (0, 1)})
    give(state, 0, "splitting")
    with pytest.raises(NotationError, match="no split is being made: there is no part to choose"):
        state.parse_action("part 2,3")
    with pytest.raises(
        IllegalActionError, match=r"^it is not the time to choose the part of a split"
    ):
        state.apply(n.PART)


def test_a_move_number_off_the_map_is_refused_naming_dl_6() -> None:
    # Board index 0 is a corner of the grid off the map: no text names it, apply refuses it.
    state = moving_in_the_ocean()
    five_five = cell(state, 5, 5)
    for action in (n.MOVE + five_five * n.POSITIONS, n.MOVE + five_five):
        with pytest.raises(IllegalActionError, match=r"moves between spaces of the map \(DL-6\)"):
            state.apply(action)
