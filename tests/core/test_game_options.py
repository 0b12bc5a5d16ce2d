from __future__ import annotations

import pytest

from tablelands.core.errors import OptionError
from tablelands.core.game import GameInfo, OptionSpec
from tablelands.games import UnknownGameError, get_game

INFO = GameInfo(
    name="demo",
    title="Demo",
    summary="",
    player_counts=(2,),
    options=(
        OptionSpec("mountains", "use mountains", False),
        OptionSpec("rounds", "rounds", 4),
        OptionSpec("map", "which map", "devonian", ("devonian", "other")),
    ),
)


def test_option_values_are_parsed_by_type() -> None:
    assert INFO.option("mountains").parse("on") is True
    assert INFO.option("mountains").parse("OFF") is False
    assert INFO.option("rounds").parse("6") == 6
    assert INFO.option("map").parse("other") == "other"


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("mountains", "maybe", "takes on/off"),
        ("rounds", "six", "whole number"),
        ("map", "mars", "one of devonian, other"),
    ],
)
def test_bad_option_values_are_explained(name: str, text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        INFO.option(name).parse(text)


def test_unknown_option_lists_the_offered_ones() -> None:
    with pytest.raises(OptionError, match=r"no option 'x' \(options: mountains, rounds, map\)"):
        INFO.option("x")


def test_games_check_options_and_player_counts() -> None:
    game = get_game("confusing-lands")
    with pytest.raises(OptionError, match="no option 'speed'"):
        game.new_state(players=2, seed=0, options={"speed": "fast"})
    with pytest.raises(OptionError, match="played by 1, 2 players, not 3"):
        game.new_state(players=3, seed=0)
    with pytest.raises(UnknownGameError, match="the games are: confusing-lands"):
        get_game("chess")
