"""The Drifting Lands game log: the lines each seat reads, word for word, on boards built by
hand (the boards of test_rules.py; space values and card points are listed there)."""

from __future__ import annotations

from itertools import pairwise

from tablelands.games.drifting_lands import GAME
from tablelands.games.drifting_lands.log import seat_name
from tablelands.games.drifting_lands.state import DriftingLandsState
from tests.play import logged_steps, marked, random_states, told

from .helpers import act, blank, give, set_board
from .test_rules import line_board, selecting_state, ultra_board


def test_the_log_opens_with_the_players_and_the_corners() -> None:
    state = GAME.new_state(players=4, seed=1, options={"teams": True})
    assert GAME.introduce(state.observation(1), state.edition) == [
        "4 players, seats 1 and 3 against seats 2 and 4; each in turn takes a corner "
        "continent, seat 1 first."
    ]
    assert told(state, "start 2")[3][0] == (
        "Seat 1 took the north-east corner continent (start 2) with 4 level-1 pawns."
    )


def test_a_drift_tells_the_continent_its_steps_the_drowned_and_the_score() -> None:
    # ruling DL-3: A = {(2,3), (2,4)} drifts east; seat 0's L2 and seat 1's L3 in its way
    # drown. Before: nobody scores A (2 players need a level total above 2); seat 0 has
    # levels 1 + 2 and 37 card points unused, 40; seat 1 levels 2 + 3 + 1 and 37, 43. After:
    # seat 0 levels 1 and its Drifting (2 points) played, 36; seat 1 levels 2 + 1, 40.
    state = blank()
    set_board(
        state,
        land=[(2, 3), (2, 4)],
        pawns={
            (2, 3): (0, 1),
            (2, 4): (1, 2),
            (3, 3): (0, 2),
            (3, 4): (1, 3),
            (5, 5): (1, 1),
        },
    )
    give(state, 0, "drifting")
    assert told(state, "play drifting") == [["Seat 1 played card 1, Drifting (2 points)."]] * 2
    # Every hand is empty then, so the round ends with the card.
    assert told(state, "drift 2,3>1")[1][:2] == [
        "Seat 1 drifted the continent at 2,3 (2 tiles) east, drowning Seat 1's level-2 pawn "
        "and Seat 2's level-3 pawn.",
        "Score so far: Seat 1 36 (-4), Seat 2 40 (-3).",
    ]


def test_ultra_drifts_that_end_alike_are_told_as_such() -> None:
    # ruling DL-4: east then south-west ends where south-west then east does.
    state = ultra_board()
    assert told(state, "drift 1,3>1,3")[1][0] == (
        "Seat 1 drifted the continent at 1,3 (1 tile) two spaces, east and south-west."
    )
    # East and back west drowns nobody: any continent could have gone out and back.
    state = ultra_board()
    assert told(state, "drift 1,3>1,4")[1][0] == (
        "Seat 1 drifted a continent out and back: the map is as it was."
    )


def test_a_split_tells_its_path_then_the_part_that_moved() -> None:
    # ruling DL-4: part {(3,3), (4,3)} of (1,3)-(4,3) moves north-east; nobody scores either
    # continent (2 players), and seat 0's Splitting (2 points) is played: 38 -> 36.
    state = line_board()
    assert told(state, "split 1,3>0")[1] == [
        "Seat 1 began to split the continent at 1,3 (4 tiles): a part will move north-east."
    ]
    assert told(state, "part 3,3 4,3")[1][:2] == [
        "Seat 1 split 2 tiles (3,3 4,3) off the continent at 1,3 (4 tiles) and moved them "
        "north-east.",
        "Score so far: Seat 1 36 (-2).",
    ]


def test_an_orogeny_tells_the_mountain_and_the_pawns_swept_off() -> None:
    # ruling DL-5: (2,3) is lifted onto (3,3); both tiles' pawns go back to their supplies.
    state = blank()
    set_board(
        state,
        land=[(2, 3), (3, 3), (4, 3)],
        pawns={(2, 3): (0, 1), (3, 3): (1, 2), (4, 3): (0, 1)},
    )
    give(state, 0, "orogeny")
    act(state, "play orogeny")
    assert told(state, "orogeny 2,3>3,3")[1][0] == (
        "Seat 1 raised a mountain at 3,3, lifting the tile at 2,3 onto it, sweeping off Seat "
        "1's level-1 pawn and Seat 2's level-2 pawn."
    )


def test_moves_and_expulsions() -> None:
    # ruling DL-6: the expelled pawn waits for its space, or with none goes to the supply.
    state = blank()
    set_board(
        state,
        land=[(2, 0), (1, 1)],
        mountains=[(2, 0)],
        pawns={(0, 0): (0, 2), (1, 0): (1, 1), (0, 1): (1, 1)},
    )
    give(state, 0, "moving")
    act(state, "play moving")
    assert told(state, "move 0,0>1,0")[1][0] == (
        "Seat 1 moved its level-2 pawn from 0,0 to 1,0, expelling Seat 2's level-1 pawn."
    )
    assert told(state, "expel 0,0")[1][0] == "Seat 1 put Seat 2's expelled level-1 pawn at 0,0."
    state = blank()
    set_board(
        state, land=[], pawns={(2, 0): (0, 2), (1, 0): (0, 1), (0, 0): (1, 1), (0, 1): (1, 1)}
    )
    give(state, 0, "moving")
    act(state, "play moving")
    assert told(state, "move 2,0>1,0>0,0")[1][0] == (
        "Seat 1 moved its level-2 pawn from 2,0 to 0,0, expelling Seat 2's level-1 pawn: with "
        "no empty space beside, it went back to the supply."
    )


def test_breeding_evolving_and_a_card_that_can_do_nothing() -> None:
    # ruling DL-7: with every level-1 pawn on the map, Breeding turns Evolving.
    row = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]
    state = blank()
    set_board(state, land=[], pawns=dict.fromkeys(row, (0, 1)))
    give(state, 0, "breeding")
    act(state, "play breeding")
    assert told(state, "evolve 1,1")[1][0] == (
        "Seat 1 evolved the pawn at 1,1 from level 1 to level 2 (Breeding turned Evolving: no "
        "level-1 pawn in the supply)."
    )
    state = blank()
    set_board(state, land=[], pawns={(0, 0): (0, 1)})
    give(state, 0, "breeding")
    act(state, "play breeding")
    assert told(state, "breed 1,0")[1][0] == "Seat 1 bred a level-1 pawn at 1,0."
    # ruling DL-10: no empty space beside seat 0's pawn: the card does nothing, and its 2
    # points no longer count as unused: seat 0's level 1 and 37 - 2 points, 36.
    state = blank()
    set_board(state, land=[], pawns={(0, 0): (0, 1), (1, 0): (1, 1), (0, 1): (1, 1)})
    give(state, 0, "breeding")
    assert told(state, "play breeding")[1][:2] == [
        "Seat 1 played card 17, Breeding (2 points), which could do nothing (DL-10).",
        "Score so far: Seat 1 36 (-2).",
    ]


def test_a_selection_is_told_to_its_owner_only() -> None:
    # ruling DL-8: the others read only that a card was chosen.
    state = selecting_state()
    mine, theirs = told(state, "select 1")
    assert mine == ["Seat 1 selected card 1, Drifting (2 points)."]
    assert theirs == ["Seat 1 selected a card."]
    for text in ("select 4", "select 6", "select 8", "select 17", "select 18", "select 19"):
        act(state, text)
    theirs, _ = told(state, "select 20")
    assert theirs == [
        "Seat 2 selected a card.",
        "Playing phase: every hand holds 4 cards.",
    ]


def test_rounds_begin_and_the_end_gives_every_score() -> None:
    states = random_states("drifting-lands", 3, 3)
    told = [
        GAME.narrate(before.observation(0), after.observation(0), after.edition)
        for before, after in pairwise(states)
    ]
    starts = [line for lines in told for line in lines if line.startswith("Round")]
    assert starts == [
        f"Round {n} of 4 begins: Seat {(n - 1) % 3 + 1} has the starting-player marker."
        for n in (1, 2, 3, 4)
    ]
    final = states[-1]
    assert isinstance(final, DriftingLandsState)
    rows = final.score_breakdown()
    assert told[-1][-1 - len(rows) - 1 :] == [
        "The game is over.",
        *(
            f"Seat {r['seat'] + 1}: {r['total']} points (continents {r['continents']}, pawn "
            f"levels {r['pawns']}, unused cards {r['cards']}; {r['pawns_on_board']} pawns on "
            "the map)."
            for r in rows
        ),
        "Seat 3 wins.",
    ]
    assert final.winners() == [2]


def test_every_step_tells_every_seat_first_who_acted() -> None:
    for players, options in GAME.info.modes:
        for seed in range(3):
            for actor, lines_per_seat in logged_steps(
                "drifting-lands", players, seed, dict(options)
            ):
                for lines in lines_per_seat:
                    assert lines and lines[0].startswith(seat_name(actor)), (seed, lines)


def test_the_drifting_phase_tells_who_could_not_drift() -> None:
    # ruling DL-3: round 2 runs seats 1, 2, 0. Seat 2's only pawn is in the ocean, so after
    # seat 1's drift its turn passes, and seat 0 drifts.
    state = blank(players=3)
    set_board(state, land=[(2, 8), (5, 7)], pawns={(2, 8): (0, 1), (5, 7): (1, 1), (0, 0): (2, 1)})
    for seat in (2, 1, 0):
        give(state, seat, "evolving")
    act(state, "play evolving", "evolve 2,8", "play evolving", "evolve 5,7", "play evolving")
    lines = told(state, "evolve 0,0")[0]
    assert lines[-2:] == [
        "Round 2 of 4 begins: Seat 2 has the starting-player marker.",
        "Drifting phase: each player drifts a continent with a pawn of theirs.",
    ]
    assert told(state, "drift 5,7>1")[0][-1] == (
        "Seat 3 cannot drift: no continent with its pawns can move (DL-3)."
    )
    assert told(state, "drift 2,8>4")[0][-1] == (
        "Selecting phase: each player picks 4 cards, in secret (DL-8)."
    )


def test_a_drift_marks_the_continent_where_it_went_and_a_move_both_its_spaces() -> None:
    state = blank()
    set_board(state, land=[(2, 3), (2, 4)], pawns={(2, 3): (0, 1), (5, 5): (1, 1)})
    give(state, 0, "drifting")
    assert marked(state, "play drifting") == [[], []]  # a card played changes no space
    # East: the tiles and the pawn on one of them go one space on.
    assert marked(state, "drift 2,3>1") == [[(0, "3,3"), (0, "3,4"), (0, "2,3")]] * 2
    state = blank()
    set_board(state, land=[(2, 0), (1, 1)], pawns={(0, 0): (0, 2), (5, 5): (1, 1)})
    give(state, 0, "moving")
    act(state, "play moving")
    assert marked(state, "move 0,0>1,0") == [[(0, "0,0"), (0, "1,0")]] * 2
