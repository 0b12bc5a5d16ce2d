"""What a Drifting Lands observation adds for drawing agrees with the rules' own account of
the state (its final section, breakdown, winners and decision), along random games."""

from __future__ import annotations

from tablelands.games.drifting_lands.state import DriftingLandsState
from tests.play import random_states


def test_the_drawing_fields_agree_with_the_rules() -> None:
    splits = expulsions = 0
    for players, options in ((2, {}), (3, {}), (4, {"teams": True})):
        states = random_states("drifting-lands", players, players, options)
        for state in states:
            assert isinstance(state, DriftingLandsState)
            final = state.final_section()
            grid = state.board.grid
            for seat in range(players):
                seen = state.observation(seat)
                assert seen["spaces"] == [
                    {key: value for key, value in space.items() if key != "pawn"}
                    for space in final["spaces"]
                ]
                assert seen["continents"] == final["continents"]
                assert seen["asks"] == state.asks()
                if state.split_path is None:
                    assert seen["split"] is None
                else:
                    splits += 1
                    anchor, *steps = state.split_path
                    assert grid.index(seen["split"]["q"], seen["split"]["r"]) == anchor
                    assert seen["split"]["directions"] == [d for d in steps if d != 6]
                if state.expelled is None:
                    assert seen["expelled_pawn"] is None
                else:
                    expulsions += 1
                    pawn = seen["expelled_pawn"]
                    assert (grid.index(pawn["q"], pawn["r"]), pawn["owner"], pawn["level"]) == (
                        state.expelled
                    )
        last = states[-1]
        ended = last.observation(0)
        control = ("continents_first", "continents_second")
        rows = [{k: v for k, v in row.items() if k not in control} for row in ended["standings"]]
        assert rows == last.score_breakdown()
        for row in ended["standings"]:
            firsts = [c for c in ended["continents"] if row["seat"] in c["first"]]
            seconds = [c for c in ended["continents"] if row["seat"] in c["second"]]
            assert (row["continents_first"], row["continents_second"]) == (
                len(firsts),
                len(seconds),
            )
        assert last.observation(0)["winners"] == last.winners()
    assert splits and expulsions
