"""Structured actions (issue 15): every action as a JSON description a client can draw and
click, and back (docs/actions.md).

* The conformance suite, in every mode, round-trips through :func:`check_actions_json` every
  legal action of every state of its first games (and a sample at the other states it checks
  deeply), and checks at every state of its first few games with :func:`check_actions_secret`
  that the descriptions the seat to act gets are the same in every world it cannot tell apart
  (so they never hold more than it may know).
* Per game, a few exact descriptions and refusals pin the schema down.
* Hypothesis throws arbitrary JSON, and legal descriptions with a field broken, at
  ``action_from_json``: only ``NotationError`` ever comes out, and every number that does is
  in ``range(action_count)`` and describes itself back.
* The meta-tests at the end plant a leak and a broken inverse and check that the checks
  report them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablelands.core.errors import NotationError, OptionError
from tablelands.core.game import JsonDict, OptionValue, State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games import game_names, get_game
from tablelands.games.confusing_lands import notation as confusing_lands
from tablelands.games.drifting_lands import notation as drifting_lands
from tablelands.games.drifting_lands.state import PART, DriftingLandsState
from tablelands.games.land_vs_sea import notation as land_vs_sea
from tablelands.games.land_vs_sea.board import unpack
from tablelands.games.land_vs_sea.state import CHOOSE_STEAL, LandVsSeaState
from tests.core.test_fuzz_notation import POSITIONS, position
from tests.play import random_game, random_play

#: Every kind each game's descriptions may have (docs/actions.md).
KINDS = {
    "confusing-lands": {"place", "discard"},
    "land-vs-sea": {
        *("place", "draw", "steal", "steal_none"),
        *("waypoint", "waypoint_none", "hole", "pass"),
    },
    "drifting-lands": {
        *("start", "drift", "split", "part", "select", "play"),
        *("orogeny", "move", "expel", "breed", "evolve"),
    },
}
#: The documented size of each game's action space.
ACTION_COUNTS = {
    "confusing-lands": 230_418,
    "land-vs-sea": 47_644_693,
    "drifting-lands": 634_512,
}
#: Fresh worlds of the seat to act each description is compared in (besides the view's own).
WORLDS = 1


# -- the checks the conformance suite runs ---------------------------------------------


def check_actions_json(state: State, actions: list[int] | None = None) -> None:
    """Every one of ``actions`` (by default every legal action) -> JSON -> the same action;
    each description is plain JSON (no NaN, no tuples) with a ``"kind"`` of the game's."""
    legal = state.legal_actions() if actions is None else actions
    described = [state.action_to_json(action) for action in legal]
    text = json.dumps(described, allow_nan=False)
    assert json.loads(text) == described, "a description is not plain JSON"
    kinds = KINDS.get(state.game.info.name)
    for action, data in zip(legal, json.loads(text), strict=True):
        assert type(data) is dict and type(data.get("kind")) is str, data
        assert kinds is None or data["kind"] in kinds, data
        assert "id" not in data and "text" not in data, "the fields clash with legal_actions_json"
        assert state.action_from_json(data) == action, (state.format_action(action), data)


def check_actions_secret(state: State, rng: Rng) -> None:
    """The seat to act gets the same descriptions, and they read back as the same actions, in
    every world it cannot tell from the truth: they hold nothing it may not know."""
    if state.is_terminal:
        return
    view = SeatView(state)
    listed = view.legal_actions_json()
    assert [entry["id"] for entry in listed] == state.legal_actions()
    assert [entry["text"] for entry in listed] == [
        state.format_action(a) for a in state.legal_actions()
    ]
    json.dumps(listed, allow_nan=False)
    truth = {entry["id"]: state.action_to_json(entry["id"]) for entry in listed}
    for entry in listed:
        fields = {k: v for k, v in entry.items() if k not in ("id", "text")}
        assert fields == truth[entry["id"]], (
            f"{entry['text']}: the seat's view, a world it cannot tell from the truth, "
            "describes it otherwise"
        )
    for _ in range(WORLDS):
        world = view.world(rng)
        for action, data in truth.items():
            assert world.action_to_json(action) == data, (
                f"{state.format_action(action)}: described differently in a world the seat "
                "cannot tell from the truth"
            )
            assert world.action_from_json(data) == action


# -- the action spaces -------------------------------------------------------------------


@pytest.mark.parametrize("name", game_names())
def test_action_count_is_the_documented_fixed_size(name: str) -> None:
    state = get_game(name).new_state(players=2, seed=3)
    assert state.action_count == ACTION_COUNTS[name]
    assert SeatView(state).action_count == ACTION_COUNTS[name]
    module = {"confusing-lands": confusing_lands, "land-vs-sea": land_vs_sea}.get(
        name, drifting_lands
    )
    assert state.action_count == module.ACTION_COUNT
    with pytest.raises(NotationError):
        state.action_to_json(state.action_count)
    with pytest.raises(NotationError):
        state.action_to_json(-1)


def ways_to_play(name: str) -> list[tuple[int, tuple[tuple[str, OptionValue], ...]]]:
    """Every player count with the default options, and every mode the game lists."""
    info = get_game(name).info
    return sorted({(players, ()) for players in info.player_counts} | set(info.modes))


WAYS = [
    (name, players, options) for name in game_names() for players, options in ways_to_play(name)
]


def documented_sizes() -> dict[str, tuple[str, int]]:
    """docs/actions.md's table of sizes: each game's title -> (players and options, size)."""
    text = DOCS.read_text(encoding="utf-8").split("\n## Action-space sizes\n", 1)[1]
    table = text.split("\n## ", 1)[0]
    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \| ([0-9,]+) \| [^|]+ \|$", table, re.MULTILINE)
    return {title: (players, int(size.replace(",", ""))) for title, players, size in rows}


@pytest.mark.parametrize(("name", "players", "options"), WAYS)
def test_game_action_count_bounds_every_action_of_random_games_and_is_documented(
    name: str, players: int, options: tuple[tuple[str, OptionValue], ...]
) -> None:
    """The size a research environment fixes before any game (Game.action_count) is the one
    docs/actions.md gives, every position's, and bounds every legal action of random games
    with those players and options."""
    game = get_game(name)
    count = game.action_count(players, dict(options))
    assert type(count) is int
    assert count == documented_sizes()[game.info.title][1]
    assert count == ACTION_COUNTS.get(name, count)
    for seed in range(1, 4):
        seen = 0
        for state in random_game(name, players, seed, dict(options)):
            legal = state.legal_actions()
            assert all(type(a) is int and 0 <= a < count for a in legal), state.history
            seen = max(seen, *legal, 0)
            if not state.history or state.is_terminal:
                assert state.action_count == count
                assert SeatView(state, 0).action_count == count
        assert seen > count // 2, "the random games reach the upper fields of the numbering"


@pytest.mark.parametrize("name", game_names())
def test_game_action_count_refuses_what_the_game_is_not_played_with(name: str) -> None:
    game = get_game(name)
    counts = game.info.player_counts
    for players in (0, -1, max(counts) + 1, *(p for p in range(1, 6) if p not in counts)):
        with pytest.raises(OptionError, match="players"):
            game.action_count(players)
    with pytest.raises(OptionError, match="no option 'colour'"):
        game.action_count(counts[0], {"colour": "red"})
    assert game.action_count(counts[0]) == game.action_count(counts[0], {})


def test_the_table_of_sizes_is_read_for_every_game() -> None:
    # The docs' table, as the test above reads it: each game's row, players and size.
    sizes = documented_sizes()
    assert set(sizes) == {get_game(name).info.title for name in game_names()}
    assert sizes["Drifting Lands"] == ("2 to 4, teams or not", 634_512)


@pytest.mark.parametrize("name", game_names())
def test_seat_view_lists_legal_actions_with_id_text_and_fields(name: str) -> None:
    state = random_play(name, 2, seed=5, steps=12)
    listed = SeatView(state).legal_actions_json()
    assert listed and [e["id"] for e in listed] == state.legal_actions()
    first = listed[0]
    assert first == {
        "id": first["id"],
        "text": state.format_action(first["id"]),
        **state.action_to_json(first["id"]),
    }
    view = SeatView(state)
    assert view.action_from_json(view.action_to_json(first["id"])) == first["id"]
    # A seat that is not to act has nothing to click.
    other = 1 - state.current_player
    assert SeatView(state, other).legal_actions_json() == []


# -- Confusing Lands ---------------------------------------------------------------------


def test_confusing_lands_place_names_card_side_rotation_row_col() -> None:
    state = get_game("confusing-lands").new_state(players=2, seed=1)
    action = state.parse_action("7c1@-1,2")
    expected = {"kind": "place", "card": 7, "side": "c", "rotation": 1, "row": -1, "col": 2}
    assert state.action_to_json(action) == expected
    assert state.action_from_json(expected) == action
    landscape = {**expected, "side": "l", "rotation": 3, "row": 0, "col": 0}
    assert state.action_from_json(landscape) == state.parse_action("7l3@0,0")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"card": 19}, "card"),
        ({"card": 0}, "card"),
        ({"card": "7"}, "card"),
        ({"side": "x"}, "side"),
        ({"side": "cl"}, "side"),
        ({"rotation": 4}, "rotation"),
        ({"rotation": True}, "rotation"),  # a bool is not a number
        ({"row": 1.0}, "row"),  # nor is a float
        ({"col": 10**400}, "col"),
        ({"row": -19}, "row"),
        ({"colour": 1}, "colour"),  # no such field
        ({"id": 5}, "id"),
        ({"kind": "move"}, "kind"),
    ],
)
def test_confusing_lands_refuses_a_bad_field_by_name(change: JsonDict, field: str) -> None:
    state = get_game("confusing-lands").new_state(players=2, seed=1)
    data = {"kind": "place", "card": 7, "side": "c", "rotation": 1, "row": -1, "col": 2, **change}
    with pytest.raises(NotationError, match=repr(field)):
        state.action_from_json(data)


def test_a_missing_field_is_named() -> None:
    state = get_game("confusing-lands").new_state(players=2, seed=1)
    with pytest.raises(NotationError, match="'row': missing"):
        state.action_from_json({"kind": "place", "card": 7, "side": "c", "rotation": 1, "col": 2})
    with pytest.raises(NotationError, match="'kind' is missing"):
        state.action_from_json({"card": 7})
    with pytest.raises(NotationError, match="JSON object"):
        state.action_from_json([1, 2])


# -- Land vs Sea ---------------------------------------------------------------------------


def test_land_vs_sea_descriptions_name_what_the_notation_names() -> None:
    state = get_game("land-vs-sea").new_state(players=2, seed=1)
    expected = {
        "17b3@2,-1": {"kind": "place", "tile": 17, "face": "b", "rotation": 3, "q": 2, "r": -1},
        "draw 2": {"kind": "draw", "stack": 2},
        "steal 2/1": {"kind": "steal", "seat": 2, "slot": 1},
        "steal none": {"kind": "steal_none"},
        "waypoint none": {"kind": "waypoint_none"},
        "hole -3,1": {"kind": "hole", "q": -3, "r": 1},
        "pass": {"kind": "pass"},
        # Where no tile lies, a waypoint's region is its one edge.
        "waypoint 5,5:4": {"kind": "waypoint", "q": 5, "r": 5, "edge": 4, "region": [4]},
    }
    for text, data in expected.items():
        action = state.parse_action(text)
        assert state.action_to_json(action) == data, text
        assert state.action_from_json(data) == action, text


def test_land_vs_sea_steal_names_seat_and_slot_never_the_tile() -> None:
    state = _steal_position()
    kinds = set()
    for action in state.legal_actions():
        data = state.action_to_json(action)
        kinds.add(data["kind"])
        assert set(data) <= {"kind", "seat", "slot"}
    assert kinds == {"steal", "steal_none"}


def test_land_vs_sea_waypoint_region_is_every_edge_and_any_edge_names_it() -> None:
    state = random_play("land-vs-sea", 2, seed=2, steps=30)
    assert isinstance(state, LandVsSeaState)
    checked = 0
    for at in state.board.tiles:
        for edge in range(6):
            text = _waypoint_text(at, edge)
            data = state.action_to_json(state.parse_action(text))
            assert edge in data["region"] and data["edge"] == min(data["region"])
            assert state.action_from_json({**data, "edge": edge}) == state.parse_action(text)
            checked += len(data["region"]) > 1
    assert checked, "no region of several edges on the board"


def _waypoint_text(at: int, edge: int) -> str:
    q, r = unpack(at)
    return f"waypoint {q},{r}:{edge}"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "place", "tile": 59, "face": "a", "rotation": 0, "q": 0, "r": 0}, "tile"),
        ({"kind": "place", "tile": 1, "face": "c", "rotation": 0, "q": 0, "r": 0}, "face"),
        ({"kind": "place", "tile": 1, "face": "a", "rotation": 6, "q": 0, "r": 0}, "rotation"),
        ({"kind": "place", "tile": 1, "face": "a", "rotation": 0, "q": 128, "r": 0}, "q"),
        ({"kind": "draw", "stack": 3}, "stack"),
        ({"kind": "steal", "seat": 5, "slot": 1}, "seat"),
        ({"kind": "steal", "seat": 1, "slot": 0}, "slot"),
        ({"kind": "steal", "seat": 1, "slot": 1, "tile": 4}, "tile"),
        ({"kind": "waypoint", "q": 0, "r": 0, "edge": 6}, "edge"),
        ({"kind": "hole", "q": 0}, "r"),
        ({"kind": "pass", "now": True}, "now"),
        ({"kind": "Pass"}, "kind"),
    ],
)
def test_land_vs_sea_refuses_a_bad_field_by_name(data: JsonDict, field: str) -> None:
    state = get_game("land-vs-sea").new_state(players=2, seed=1)
    with pytest.raises(NotationError, match=repr(field)):
        state.action_from_json(data)


def _steal_position() -> LandVsSeaState:
    """The first steal of a seeded random 2-player game."""
    for seed in range(40):
        state = get_game("land-vs-sea").new_state(players=2, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal and state.phase != CHOOSE_STEAL:
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal:
            assert isinstance(state, LandVsSeaState)
            return state
    pytest.fail("no steal came up in 40 games")


# -- Drifting Lands ----------------------------------------------------------------------


def _dl_first(phase_or_text: str, seed_range: range = range(30)) -> DriftingLandsState:
    """The first position of a seeded random 2-player game whose legal actions include one
    whose text starts with ``phase_or_text``."""
    for seed in seed_range:
        state = get_game("drifting-lands").new_state(players=2, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal:
            if any(state.format_action(a).startswith(phase_or_text) for a in state.legal_actions()):
                assert isinstance(state, DriftingLandsState)
                return state
            state.apply(rng.choice(state.legal_actions()))
    pytest.fail(f"no {phase_or_text!r} came up")


def test_drifting_lands_start_select_play_and_single_spaces() -> None:
    state = get_game("drifting-lands").new_state(players=2, seed=1)
    assert isinstance(state, DriftingLandsState)
    (q, r), (q2, r2) = state.board.grid.cells()[:2]
    here, there = {"q": q, "r": r}, {"q": q2, "r": r2}
    for text, data in {
        "start 3": {"kind": "start", "corner": 3},
        "select 12": {"kind": "select", "card": 12},
        "play 7": {"kind": "play", "card": 7},
        f"expel {q},{r}": {"kind": "expel", "space": here},
        f"breed {q},{r}": {"kind": "breed", "space": here},
        f"evolve {q},{r}": {"kind": "evolve", "space": here},
        f"orogeny {q},{r}>{q2},{r2}": {"kind": "orogeny", "lifted": here, "onto": there},
    }.items():
        action = state.parse_action(text)
        assert state.action_to_json(action) == data, text
        assert state.action_from_json(data) == action, text


def test_drifting_lands_drift_is_its_continent_anchor_and_directions() -> None:
    state = _dl_first("drift")
    action = state.legal_actions()[0]
    data = state.action_to_json(action)
    text = state.format_action(action)  # drift Q,R>D: Q,R is the anchor
    q, r = (int(x) for x in text.split()[1].split(">")[0].split(","))
    assert data == {
        "kind": "drift",
        "continent": {"q": q, "r": r},
        "directions": [int(d) for d in text.split(">")[1].split(",")],
    }
    # Any tile of the continent names it, as in the notation.
    board = state.board
    anchor = board.grid.index(q, r)
    for tile in _spaces_of(board.continent_of(anchor)):
        tq, tr = board.grid.coords(tile)
        assert state.action_from_json({**data, "continent": {"q": tq, "r": tr}}) == action
    ultra = state.action_from_json({**data, "directions": [1, 4]})
    assert state.action_to_json(ultra)["directions"] == [1, 4]
    assert state.format_action(ultra).endswith(">1,4")


def _spaces_of(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def test_drifting_lands_part_is_described_by_its_spaces() -> None:
    state = _dl_first("part")
    assert state.phase == PART
    for action in state.legal_actions():
        data = state.action_to_json(action)
        cells = state.format_action(action).split()[1:]
        assert data == {
            "kind": "part",
            "spaces": [{"q": int(c.split(",")[0]), "r": int(c.split(",")[1])} for c in cells],
        }
        # The spaces in any order name the same part.
        shuffled = {**data, "spaces": list(reversed(data["spaces"]))}
        assert state.action_from_json(shuffled) == action
    first = state.action_to_json(state.legal_actions()[0])
    with pytest.raises(NotationError, match="named twice"):
        state.action_from_json({**first, "spaces": first["spaces"] * 2})
    rest = [s for s in state.board.grid.cells() if {"q": s[0], "r": s[1]} not in first["spaces"]]
    with pytest.raises(NotationError, match="not one of the parts"):
        state.action_from_json({"kind": "part", "spaces": [{"q": q, "r": r} for q, r in rest]})
    before = get_game("drifting-lands").new_state(players=2, seed=1)
    with pytest.raises(NotationError, match="no split"):
        before.action_from_json(first)


def test_drifting_lands_move_gives_start_end_and_the_path_of_its_text() -> None:
    state = _dl_first("move")
    for action in state.legal_actions():
        data = state.action_to_json(action)
        cells = [c.split(",") for c in state.format_action(action).split()[1].split(">")]
        path = [{"q": int(q), "r": int(r)} for q, r in cells]
        assert data == {"kind": "move", "start": path[0], "end": path[-1], "path": path}
        # The path is a description: the move is its start and end.
        assert state.action_from_json({k: v for k, v in data.items() if k != "path"}) == action


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "start", "corner": 5}, "corner"),
        ({"kind": "drift", "continent": {"q": 0, "r": 0}, "directions": []}, "directions"),
        ({"kind": "drift", "continent": {"q": 0, "r": 0}, "directions": [1, 2, 3]}, "directions"),
        ({"kind": "drift", "continent": {"q": 0, "r": 0}, "directions": [6]}, "directions"),
        ({"kind": "split", "continent": {"q": 0}, "directions": [0]}, "continent"),
        ({"kind": "split", "continent": {"q": 0, "r": "1"}, "directions": [0]}, "continent.r"),
        ({"kind": "drift", "continent": {"q": 99, "r": 99}, "directions": [0]}, "continent"),
        ({"kind": "part", "spaces": []}, "spaces"),
        ({"kind": "part", "spaces": [{"q": 99, "r": 0}]}, "spaces[0]"),
        ({"kind": "select", "card": 25}, "card"),
        ({"kind": "play", "card": "moving"}, "card"),
        ({"kind": "move", "start": {"q": 0, "r": 0}}, "end"),
        ({"kind": "breed", "space": [0, 0]}, "space"),
        ({"kind": "evolve", "q": 0, "r": 0}, "space"),
    ],
)
def test_drifting_lands_refuses_a_bad_field_by_name(data: JsonDict, field: str) -> None:
    state = get_game("drifting-lands").new_state(players=2, seed=1)
    with pytest.raises(NotationError, match=repr(field).replace("[", r"\[")):
        state.action_from_json(data)


# -- the documentation ---------------------------------------------------------------------

DOCS = Path(__file__).parent.parent.parent / "docs" / "actions.md"
TITLES = {"confusing-lands": "Confusing Lands", "land-vs-sea": "Land vs Sea"}


def _section(name: str) -> str:
    title = TITLES.get(name, "Drifting Lands")
    text = DOCS.read_text(encoding="utf-8")
    return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("name", game_names())
def test_docs_give_every_kind_and_the_action_count(name: str) -> None:
    section = _section(name)
    for kind in KINDS[name]:
        assert f"| `{kind}` |" in section or f'"kind": "{kind}"' in section, kind
    title = TITLES.get(name, "Drifting Lands")
    assert documented_sizes()[title][1] == ACTION_COUNTS[name]


@pytest.mark.parametrize("name", game_names())
def test_docs_examples_are_what_the_notation_reads(name: str) -> None:
    """Each example row (notation, description) of the docs names the same action, where the
    notation can be read in a new game."""
    state = get_game(name).new_state(players=2, seed=1)
    rows = re.findall(r"\| `([^`]+)` \| `(\{.*\})` \|", _section(name))
    if name == "confusing-lands":
        rows = [("7c1@-1,2", re.findall(r"```json\n(.*)\n```", _section(name))[0])]
    assert len(rows) >= len(KINDS[name]) - 1
    read = 0
    for text, example in rows:
        data = json.loads(example)
        assert data["kind"] in KINDS[name]
        try:
            action = state.parse_action(text)
        except NotationError:
            continue  # the notation needs the position the example came from (a part)
        assert state.action_from_json(data) == action, text
        read += 1
    assert read >= len(rows) // 2


# -- fuzzing -----------------------------------------------------------------------------

FUZZ = settings(max_examples=150, deadline=1000)

JSON: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    # 2**14000 still prints (4,215 digits) if it shows in a failure
    | st.sampled_from([-(2**70), 2**70, 2**14000, 0, 1, -1, "a", "c", "l", "b"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def descriptions(state: State) -> st.SearchStrategy[Any]:
    """Arbitrary JSON; objects of the game's kinds with arbitrary fields; and the legal
    actions' descriptions with one field replaced, removed or added."""
    kinds = sorted(KINDS[state.game.info.name])
    names = sorted({"q", "r", "row", "col", "card", "tile", "spaces", "path", "directions"})
    made = st.fixed_dictionaries(
        {"kind": st.sampled_from(kinds)},
        optional={name: JSON for name in names},
    )
    strategies = [JSON, made]
    legal = [state.action_to_json(a) for a in state.legal_actions()[:200]]
    if legal:
        strategies.append(
            st.builds(
                _broken,
                st.sampled_from(legal),
                st.sampled_from(["replace", "remove", "add", "nudge"]),
                st.integers(0, 10),
                JSON,
                st.integers(-3, 3),
            )
        )
    return st.one_of(strategies)


def _broken(data: JsonDict, how: str, which: int, value: Any, nudge: int) -> JsonDict:
    broken = json.loads(json.dumps(data))
    keys = sorted(broken)
    key = keys[which % len(keys)]
    if how == "replace":
        broken[key] = value
    elif how == "remove":
        del broken[key]
    elif how == "add":
        broken[f"extra{which}"] = value
    else:
        _nudge(broken, nudge)
    return broken


def _nudge(data: Any, by: int) -> None:
    """Move every number in ``data`` by ``by``: descriptions near legal ones."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in list(items):
        if type(value) is int:
            data[key] = value + by
        elif isinstance(value, dict | list):
            _nudge(value, by)


@pytest.mark.parametrize(("name", "label"), POSITIONS)
@FUZZ
@given(data=st.data())
def test_any_json_is_an_action_in_range_or_a_notation_error(
    name: str, label: str, data: st.DataObject
) -> None:
    state = position(name, label)
    described = data.draw(descriptions(state), label="description")
    try:
        action = state.action_from_json(described)
    except NotationError:
        return
    assert type(action) is int
    assert 0 <= action < state.action_count
    again = state.action_to_json(action)
    assert state.action_from_json(again) == action


# -- the checks can fail ------------------------------------------------------------------


def test_meta_a_description_that_names_a_hidden_tile_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = get_game("land-vs-sea").new_state(players=2, seed=1)
    rng = Rng(1)
    while not any(state.format_action(a).startswith("draw") for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, LandVsSeaState)
    assert all(len(stack) > 2 for stack in state.stacks)
    check_actions_secret(state, Rng(1))  # as it is: no leak

    honest = LandVsSeaState.action_to_json

    def leaky(self: LandVsSeaState, action: int) -> JsonDict:
        data = honest(self, action)
        if data["kind"] == "draw":
            data["tile"] = self.stacks[data["stack"] - 1][-2][0]  # the one under the top
        return data

    monkeypatch.setattr(LandVsSeaState, "action_to_json", leaky)
    monkeypatch.setattr(land_vs_sea, "from_json", _lenient(land_vs_sea.from_json, "tile"))
    with pytest.raises(AssertionError, match="cannot tell from the truth"):
        check_actions_secret(state, Rng(1))


def _lenient(read: Any, field: str) -> Any:
    def lenient(data: Any, board: Any) -> int:
        result: int = read({k: v for k, v in data.items() if k != field}, board)
        return result

    return lenient


def test_meta_an_inverse_that_is_off_by_one_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    state = get_game("confusing-lands").new_state(players=2, seed=1)
    check_actions_json(state)
    honest = confusing_lands.from_json
    monkeypatch.setattr(confusing_lands, "from_json", lambda data: honest(data) + 1)
    with pytest.raises(AssertionError):
        check_actions_json(state)


def test_meta_a_description_that_is_not_plain_json_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = get_game("drifting-lands").new_state(players=2, seed=1)
    check_actions_json(state)
    honest = drifting_lands.to_json
    monkeypatch.setattr(drifting_lands, "to_json", lambda s, a: {**honest(s, a), "corner": (1, 2)})
    with pytest.raises(AssertionError, match="plain JSON"):
        check_actions_json(state)
