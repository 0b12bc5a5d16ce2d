"""The lobby's edition check (``POST /api/editions/check``, server/lobby.py) on editions from
strangers (issue 25): what no rule allows is refused naming the field; a variant the rules
allow is valid, with the game's warnings, each naming its field."""

from __future__ import annotations

import copy

from tablelands.games import get_game
from tests.server.conftest import serving


def test_a_variant_is_valid_with_its_warnings_and_a_misspelt_space_is_refused(
    sqlite_url: str,
) -> None:
    game = get_game("land-vs-sea")
    packaged = game.default_edition().to_data()
    alike = copy.deepcopy(packaged)
    for tile in alike["tiles"]:
        tile["a"], tile["b"] = (
            copy.deepcopy(packaged["tiles"][0]["a"]),
            copy.deepcopy(packaged["tiles"][0]["a"]),
        )
    with serving(sqlite_url) as client:
        answer = client.post("/api/editions/check", json={"game": game.info.name, "edition": alike})
        assert answer.status_code == 200, answer.text
        verdict = answer.json()
        assert verdict["valid"] is True
        assert verdict["name"] == game.default_edition().name
        assert verdict["hash"] == game.edition_class.from_data(alike, "x").content_hash
        assert verdict["warnings"] == game.edition_class.from_data(alike, "x").warnings()
        assert (
            "tiles: only 1 different faces (up to turning) among the 116, fewer than there are "
            "tiles: a face on show tells little of its tile (LS-5)"
        ) in verdict["warnings"]
        assert any(w.startswith("tiles: 0 Play Again faces") for w in verdict["warnings"])

        packaged_verdict = client.post(
            "/api/editions/check", json={"game": game.info.name, "edition": packaged}
        ).json()
        assert packaged_verdict["valid"] is True and packaged_verdict["warnings"] == []

        cards = get_game("confusing-lands").default_edition().to_data()
        row = cards["cards"][0]["landscape_side"][0]
        row[0] = "River:ne"
        refused = client.post(
            "/api/editions/check", json={"game": "confusing-lands", "edition": cards}
        ).json()
        assert refused == {
            "valid": False,
            "message": "edition: cards.0.landscape_side.0.0: 'River:ne' is not written as an "
            "edition writes it; write 'river:NE' (a space is lower case with nothing around it, "
            "a river's ends upper case in the order N, E, S, W)",
        }

        tangled = copy.deepcopy(packaged)
        tangled["tiles"][5]["a"] = {
            "edges": "LLLSSS",
            "regions": [{"edges": [0, 2]}, {"edges": [1]}, {"edges": [3, 4, 5]}],
        }
        refused = client.post(
            "/api/editions/check", json={"game": game.info.name, "edition": tangled}
        ).json()
        assert refused["valid"] is False
        assert refused["message"].startswith("edition: tiles.5.a: regions [0, 2] and [1] are")
        assert "LS-1" in refused["message"]
