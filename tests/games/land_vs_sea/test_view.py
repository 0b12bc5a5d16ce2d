"""What a Land vs Sea observation adds for drawing agrees with the rules' own account of the
state (the tiles' faces, its final section, scores, winners and decision), along random
games."""

from __future__ import annotations

from tablelands.games.land_vs_sea.state import LandVsSeaState
from tablelands.games.land_vs_sea.view import face_json
from tests.play import random_states

#: A final section's tile fields that tell its face as it lies.
FACE_FIELDS = ("edges", "regions", "mountains", "corals", "trade", "action")


def test_the_drawing_fields_agree_with_the_rules() -> None:
    for players in (2, 3, 4):
        states = random_states("land-vs-sea", players, players)
        for state in states[::7] + states[-1:]:
            assert isinstance(state, LandVsSeaState)
            rotated = state.edition.rotated
            tiles = state.final_section()["tiles"]
            for seat in range(players):
                seen = state.observation(seat)
                assert seen["board_faces"] == [
                    {key: tile[key] for key in FACE_FIELDS} for tile in tiles
                ]
                own = [
                    {
                        "up": face_json(rotated[tile][up][0]),
                        "down": face_json(rotated[tile][1 - up][0]),
                    }
                    for tile, up in state.hands[seat]
                ]
                assert seen["hand_faces"][seat] == own
                tops = [
                    face_json(rotated[s[-1][0]][s[-1][1]][0]) if s else None for s in state.stacks
                ]
                assert seen["stack_faces"] == tops
                assert [row["total"] for row in seen["standings"]] == state.scores()
                assert seen["asks"] == state.asks()
        final = states[-1]
        assert final.observation(0)["winners"] == final.winners()
