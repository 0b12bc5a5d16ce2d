"""The match (``core/match.py``): a game's setup and its moves, and the one way to rebuild a
game from them, on the real games; and the lint that holds it the only one: nothing in the
package but the match sets a game up (``Game.new_state``)."""

from __future__ import annotations

import ast
import pickle
import re
from itertools import islice
from pathlib import Path

import pytest

from tablelands.core.errors import EditionError, IllegalActionError, OptionError, RecordError
from tablelands.core.game import OptionValue, State
from tablelands.core.match import PLAY, TIMEOUT, UNDO, Match, Move, Setup, Walk, effective
from tablelands.core.rng import SEED_LIMIT
from tablelands.games import get_game
from tests.play import random_game, random_states

#: (game, players, options): every game, solo and with more seats, options on.
MODES: list[tuple[str, int, dict[str, OptionValue]]] = [
    ("confusing-lands", 1, {}),
    ("confusing-lands", 2, {}),
    ("land-vs-sea", 3, {"mountains": True}),
    ("drifting-lands", 4, {"teams": True}),
]
MODE_IDS = [f"{name}-{players}" for name, players, _ in MODES]


def played(
    name: str, players: int, options: dict[str, OptionValue], seed: int, steps: int = 10_000
) -> State:
    """Game ``seed`` after up to ``steps`` seeded random actions (or at its end), played by
    hand (``tests/play.py``)."""
    *_, state = islice(random_game(name, players, seed, options), steps + 1)
    return state


def setup_of(state: State) -> Setup:
    """The setup ``state``'s game was started from."""
    return Setup.of(state)


def starting(message: str) -> str:
    """A ``pytest.raises`` pattern of a message that begins with ``message``."""
    return f"^{re.escape(message)}"


def exactly(message: str) -> str:
    """A ``pytest.raises`` pattern of ``message`` and nothing more."""
    return f"{starting(message)}$"


# -- rebuilding ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=MODE_IDS)
def test_a_rebuilt_game_is_the_game_played_by_hand(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    setup = Setup.checked(get_game(name), players, 12, options)
    by_hand = played(name, players, options, 12)
    actions = by_hand.history
    assert by_hand.is_terminal
    assert setup.replay(actions) == by_hand
    assert Match.of_actions(setup, actions).state() == by_hand
    assert Match.of_actions(setup, actions).state("game.json") == by_hand
    half = len(actions) // 2
    midway = Match.of_actions(setup, actions[:half]).state()
    assert midway == played(name, players, options, 12, steps=half) and not midway.is_terminal


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=MODE_IDS)
def test_walk_steps_give_each_action_in_the_position_it_was_played_in(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    states = random_states(name, players, 3, options)[:41]
    actions = states[-1].history
    walk = Walk(Setup.checked(get_game(name), players, 3, options))
    for index, (action, before) in enumerate(walk.steps(actions)):
        assert walk.done == index
        assert before is walk.state and before == states[index]
        assert action in before.legal_actions()
    assert walk.done == len(actions) and walk.state == states[-1]


# -- effective moves ----------------------------------------------------------------------


def test_undos_take_back_the_last_effective_plays() -> None:
    setup = Setup.checked(get_game("land-vs-sea"), 2, 8)
    states = random_states("land-vs-sea", 2, 8)
    first, second, third = states[3].history
    seat = [state.current_player for state in states]
    moves = (
        Move(1, seat[0], first),
        Move(2, seat[1], second),
        Move(3, seat[1], 2, UNDO),
        Move(4, seat[1], second),
        Move(5, seat[2], third),
        Move(6, seat[2], 5, UNDO),
        Move(7, seat[1], 4, UNDO),
        Move(8, seat[1], second),
    )
    match = Match(setup, moves)
    assert match.played == [moves[0], moves[7]]
    assert match.undone == {2: 3, 5: 6, 4: 7}
    assert match.actions == (first, second)
    assert match.seq == 8
    assert match.state() == states[2]
    assert effective(moves) == (match.played, match.undone)
    # One more move: the match it makes is worked out afresh.
    again = match.then(Move(9, seat[2], third))
    assert again.actions == (first, second, third) and again.state() == states[3]
    assert match.actions == (first, second) and Match(setup).seq == 0


def test_a_time_out_ends_the_match_where_it_stands_naming_the_seat() -> None:
    setup = Setup.checked(get_game("land-vs-sea"), 2, 8)
    states = random_states("land-vs-sea", 2, 8)
    first, second = states[2].history
    moves = (
        Move(1, states[0].current_player, first),
        Move(2, states[1].current_player, second),
        Move(3, states[2].current_player, 0, TIMEOUT),
    )
    match = Match(setup, moves)
    assert match.lost_on_time == states[2].current_player
    assert match.played == list(moves[:2]) and match.seq == 3
    assert match.state() == states[2]
    assert Match(setup, moves[:2]).lost_on_time is None and Match(setup).lost_on_time is None


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([Move(1, 0, 1, UNDO)], "move 1 (undo 1) is not a valid move row"),
        ([Move(1, 0, 7), Move(2, 1, 9), Move(3, 1, 1, UNDO)], "move 3 (undo 1)"),
        ([Move(1, 0, 7), Move(2, 0, 1, UNDO), Move(3, 0, 1, UNDO)], "move 3 (undo 1)"),
        ([Move(1, 0, 7, "pass")], "move 1 (pass 7) is not a valid move row"),
        ([Move(1, 0, 7), Move(2, 1, 0, TIMEOUT), Move(3, 1, 9)], "move 3 comes after the time-out"),
    ],
    ids=[
        "nothing-to-undo",
        "undo-of-an-earlier-play",
        "undo-of-an-undone-play",
        "unknown-kind",
        "play-after-a-time-out",
    ],
)
def test_moves_no_referee_makes_are_refused(moves: list[Move], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        effective(moves)
    with pytest.raises(ValueError, match=re.escape(message)):
        Match(Setup.checked(get_game("confusing-lands"), 2, 1), tuple(moves))


@pytest.mark.parametrize(("name", "players"), [("drifting-lands", 3), ("land-vs-sea", 2)])
def test_a_match_of_actions_seats_each_play_by_who_made_it(name: str, players: int) -> None:
    states = random_states(name, players, 21)
    actions = states[-1].history
    match = Match.of_actions(Setup.checked(get_game(name), players, 21), actions)
    expected = tuple(
        Move(seq, state.current_player, action, PLAY)
        for seq, (state, action) in enumerate(zip(states, actions, strict=False), 1)
    )
    assert match.moves == expected
    assert {move.seat for move in match.moves} == set(range(players))
    assert match.played == list(expected) and match.undone == {}
    assert match.actions == tuple(actions) and match.seq == len(actions)


# -- a walk with a source -----------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=MODE_IDS)
def test_a_walk_with_a_source_refuses_an_action_after_the_end(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    final = played(name, players, options, 6)
    actions = final.history
    assert final.is_terminal
    walk = Walk(setup_of(final), "game.json")
    for action in actions:
        walk.play(action)
    late = actions[-1]
    message = f"game.json: history.{len(actions)}: action {late} comes after the end"
    with pytest.raises(RecordError, match=exactly(message)):
        walk.play(late)
    assert walk.done == len(actions) and walk.state == final
    named = Walk(setup_of(final), "r.json", where="actions")
    with pytest.raises(RecordError, match=starting(f"r.json: actions.{len(actions)}: action")):
        for action in [*actions, late]:
            named.play(action)


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=MODE_IDS)
def test_a_walk_with_a_source_refuses_an_action_that_does_not_apply(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    setup = Setup.checked(get_game(name), players, 2, options)
    actions = played(name, players, options, 2, steps=3).history
    walk = Walk(setup, "saved.json")
    for action in actions:
        walk.play(action)
    before = walk.state.clone()
    title = setup.game.info.title
    for bad in (10**9, -1):
        message = f"saved.json: history.3: action {bad} does not apply: {bad} is not a {title} "
        with pytest.raises(RecordError, match=starting(message + "action number")):
            walk.play(bad)
    # Refused without changing the game: the walk goes on from where it was.
    assert walk.done == 3 and walk.state == before
    # Without a source the actions are the referee's: the rules' own error.
    with pytest.raises(IllegalActionError, match=r"^1000000000 is not a"):
        Walk(setup).play(10**9)


def test_an_error_the_rules_never_meant_is_named_too(monkeypatch: pytest.MonkeyPatch) -> None:
    walk = Walk(Setup.checked(get_game("drifting-lands"), 2, 4), "saved.json")
    action = walk.state.legal_actions()[0]

    def broken(_: int) -> None:
        raise KeyError("corner")

    monkeypatch.setattr(walk.state, "apply", broken)
    with pytest.raises(
        RecordError,
        match=exactly(
            f"saved.json: history.0: action {action} does not apply (KeyError: 'corner')"
        ),
    ):
        walk.play(action)


# -- setups -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "players", "seed", "options", "edition_of", "field", "error", "text"),
    [
        ("confusing-lands", 3, 0, {}, None, "players", OptionError, "1, 2 players, not 3"),
        ("land-vs-sea", 2, 0, {"dragons": True}, None, "options", OptionError, "'dragons'"),
        ("land-vs-sea", 2, 0, {"trade": "maybe"}, None, "options", OptionError, "takes on/off"),
        ("land-vs-sea", 4, 0, {"waypoints": False}, None, "options", OptionError, "always on"),
        ("drifting-lands", 2, 0, {"teams": True}, None, "options", OptionError, "for 4 players"),
        ("land-vs-sea", 2, 0, {}, "drifting-lands", "edition", EditionError, "not a Land vs Sea"),
        ("drifting-lands", 2, SEED_LIMIT, {}, None, "seed", OptionError, "between 0 and 2^63"),
        ("confusing-lands", 1, -1, {}, None, "seed", OptionError, "not -1"),
    ],
    ids=[
        "players",
        "unknown-option",
        "option-value",
        "forced-option",
        "teams-of-two",
        "another-games-edition",
        "seed-too-big",
        "negative-seed",
    ],
)
def test_checked_names_the_field_that_the_game_refuses(
    name: str,
    players: int,
    seed: int,
    options: dict[str, OptionValue],
    edition_of: str | None,
    field: str,
    error: type[Exception],
    text: str,
) -> None:
    game = get_game(name)
    edition = None if edition_of is None else get_game(edition_of).default_edition()
    with pytest.raises(error, match=re.escape(text)) as own:
        Setup.checked(game, players, seed, options, edition)
    # With a source: the same error as a RecordError, naming the source and the field.
    with pytest.raises(RecordError, match=exactly(f"s.json: {field}: {own.value}")):
        Setup.checked(game, players, seed, options, edition, source="s.json")


def test_checked_settles_the_options_and_takes_the_games_own_edition() -> None:
    game = get_game("land-vs-sea")
    setup = Setup.checked(game, 4, 7)
    assert setup.options == {"mountains": False, "trade": False, "waypoints": True}
    assert setup.options == game.settle_options(4, {})
    assert setup.edition is game.default_edition()
    assert setup.name == "land-vs-sea" and setup.players == 4 and setup.seed == 7
    assert setup.start() == game.new_state(players=4, seed=7)
    solo = Setup.checked(get_game("confusing-lands"), 1, 0, options={})
    assert solo.options == {} and solo.start().num_players == 1


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=MODE_IDS)
def test_a_setup_and_a_match_pickle(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    setup = Setup.checked(get_game(name), players, 9, options)
    actions = played(name, players, options, 9, steps=25).history
    again: Setup = pickle.loads(pickle.dumps(setup))
    # The game is its package's singleton; the edition comes by value, the same data.
    assert again.game is setup.game
    assert (again.players, again.options, again.seed) == (setup.players, setup.options, 9)
    assert again.edition.content_hash == setup.edition.content_hash
    assert again.replay(actions) == setup.replay(actions)
    match = Match.of_actions(setup, actions).then(Move(len(actions) + 1, 0, len(actions), UNDO))
    copy: Match = pickle.loads(pickle.dumps(match))
    assert copy.moves == match.moves and copy.undone == {len(actions): len(actions) + 1}
    assert copy.state() == match.state() == setup.replay(actions[:-1])


# -- the lint: the match replay is the only rebuild -------------------------------------

PACKAGE = Path(__file__).parents[2] / "src" / "tablelands"
#: Where a game may be set up: its definition, and the match, which every rebuild goes through.
SETS_UP = {Path("core/game.py"), Path("core/match.py")}


def new_state_uses(source: str) -> list[int]:
    """The lines of ``source`` that name ``new_state`` in code (a call, or the method taken
    to call later); docstrings and comments that mention it are not code."""
    lines = set()
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Attribute) and node.attr == "new_state") or (
            isinstance(node, ast.Name) and node.id == "new_state"
        ):
            lines.add(node.lineno)
    return sorted(lines)


def test_nothing_but_the_match_sets_a_game_up() -> None:
    # The whole package, the server included: a game set up anywhere else is a second way
    # of rebuilding one, which may drift from the match's.
    found = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE) not in SETS_UP
        for line in new_state_uses(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_meta_the_lint_finds_a_set_up_in_code_only() -> None:
    source = '''
"""``Game.new_state(seed=5)`` in a docstring is not code."""
# nor is game.new_state() in a comment
state = game.new_state(players=2, seed=1)
start = self.game.new_state
made = new_state(players=2)
'''
    assert new_state_uses(source) == [4, 5, 6]
    assert new_state_uses((PACKAGE / "core" / "match.py").read_text(encoding="utf-8"))
    assert all((PACKAGE / path).is_file() for path in SETS_UP)
