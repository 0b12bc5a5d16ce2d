"""What a Confusing Lands observation adds for drawing agrees with the rules' own account of
the state (its final section, scores and winners), along random games."""

from __future__ import annotations

from tablelands.games.confusing_lands.state import ConfusingLandsState
from tests.play import random_states


def test_the_drawing_fields_agree_with_the_rules() -> None:
    for players in (1, 2):
        for seed in range(6):
            states = random_states("confusing-lands", players, seed)
            for state in states:
                assert isinstance(state, ConfusingLandsState)
                for viewer in (*range(players), None):
                    seen = state.view(viewer)
                    assert seen["placed"] == [len(p) for p in state.placements]
                    assert seen["condition_names"]["14"] == "Close Neighbors"
                if state.revealed != [len(p) for p in state.placements]:
                    continue  # a placement is face down: a spectator cannot count it yet
                spectator = state.public_observation()
                assert [row["total"] for row in spectator["standings"]] == state.scores()
                cells = [entry["cells"] for entry in state.final_section()["landscapes"]]
                assert spectator["cells"] == cells
            final = states[-1]
            assert isinstance(final, ConfusingLandsState)
            for seat in range(players):
                seen = final.observation(seat)
                assert seen["winners"] == final.winners()
                assert seen["asks"] == "nothing: the game is over"
                rating = final.score_breakdown()[0].get("rating")
                assert seen["rating"] == rating and (rating is None) == (players == 2)
            assert states[0].observation(0)["winners"] is None
