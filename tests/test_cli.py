"""The ``tablelands`` command, driven as a user would."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from tablelands.agents import make_agent
from tablelands.cli import app
from tablelands.core.examples import EXAMPLE_INFO, example_state, parse_example
from tablelands.core.game import State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games import game_names, get_game
from tablelands.games.drawing import EXAMPLE_BLOCK, renderer_for
from tablelands.session import Session

runner = CliRunner()
GAME = get_game("confusing-lands")


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes else "")


def test_games_lists_and_describes() -> None:
    code, out = run("games")
    assert code == 0 and "confusing-lands" in out and "Confusing Lands" in out
    code, out = run("games", "confusing-lands")
    assert code == 0 and "Players: 1, 2" in out and "greedy" in out and "reconstructed" in out
    code, out = run("games", "chess")
    assert code == 2 and "no game called 'chess'" in out


def test_rules_are_shown() -> None:
    code, out = run("rules", "confusing-lands")
    assert code == 0 and "Land of Plenty" in out and "CL-16" in out


@pytest.mark.parametrize("name", game_names())
def test_the_rules_examples_are_drawn_by_the_renderer_with_their_captions(name: str) -> None:
    game = get_game(name)
    code, out = run("rules", name)
    assert code == 0 and EXAMPLE_INFO not in out and "seed:" not in out
    flat = " ".join(out.split())
    for number, block in enumerate(EXAMPLE_BLOCK.finditer(game.rules_text()), start=1):
        example = parse_example(block["body"], f"example {number}")
        assert " ".join(example.caption.split()) in flat
        # The drawing is the renderer's of the example's position, line for line.
        seen = SeatView(example_state(game, example, "x"), example.seat).observation()
        console = Console(width=80, record=True, color_system=None)
        console.print(renderer_for(game).board(seen, game.default_edition()))
        assert console.export_text().strip() in out


def solo_inputs(seed: int) -> tuple[list[str], int]:
    """Lines that play a whole solo game (first legal action each turn), and its score."""
    state = GAME.new_state(players=1, seed=seed)
    lines = []
    while not state.is_terminal:
        action = state.legal_actions()[0]
        lines.append(state.format_action(action))
        state.apply(action)
    return lines, state.scores()[0]


def test_play_a_whole_solo_game_with_commands(tmp_path: Path) -> None:
    lines, score = solo_inputs(seed=21)
    record = tmp_path / "solo.json"
    script = ["help", "moves 99", "bogus", "19c0", f"preview {lines[0]}", "score", *lines]
    code, out = run(
        "play",
        "confusing-lands",
        "--solo",
        "--seed",
        "21",
        "--record",
        str(record),
        input="\n".join(script) + "\n",
    )
    assert code == 0, out
    assert "moves [START]" in out  # help
    assert "No legal action begins with '99'" in out
    assert "'bogus' is not a placement" in out
    assert "cards are numbered 1 to 18" in out
    assert "preview only" in out
    assert "Solo rating" in out and f"({score} points)" in out
    saved = json.loads(record.read_text())
    assert saved["actions"] == lines and saved["scores"] == [score]
    code, out = run("replay", str(record))
    assert code == 0 and "OK" in out


def test_quitting_keeps_an_unfinished_record(tmp_path: Path) -> None:
    lines, _ = solo_inputs(seed=3)
    record = tmp_path / "part.json"
    code, out = run(
        "play",
        "confusing-lands",
        "--solo",
        "--seed",
        "3",
        "--record",
        str(record),
        input=f"{lines[0]}\nquit\ny\n",
    )
    assert code == 0 and "left unfinished" in out
    saved = json.loads(record.read_text())
    assert saved["actions"] == lines[:1] and saved["final"] is None
    code, out = run("replay", str(record))
    assert code == 0 and "unfinished" in out


def test_end_of_input_leaves_the_game_cleanly() -> None:
    code, out = run("play", "confusing-lands", "--solo", "--seed", "3", input="")
    assert code == 0 and "left unfinished" in out


def test_session_against_a_bot_hides_its_pending_card() -> None:
    state = GAME.new_state(players=2, seed=8)
    console = Console(record=True, width=120)
    screens: list[str] = []

    def read(prompt: str) -> str:
        screens.append(console.export_text(clear=True))
        return session.state.format_action(session.state.legal_actions()[0])

    session = Session(state, [make_agent("greedy", 1), None], console, read=read)
    assert session.run()
    assert state.is_terminal
    # When the human (seat 2) first acts, the bot has placed a card that is not shown yet.
    assert "Player 1 (greedy) has placed a card" in screens[0]
    assert "Player 1's landscape  (0 cards" in screens[0]
    assert "wins" in console.export_text() or "share the win" in console.export_text()


def test_play_rejects_bad_setups() -> None:
    code, out = run("play", "confusing-lands", "--solo", "--vs", "greedy")
    assert code == 2 and "--vs needs an opponent" in out
    code, out = run("play", "confusing-lands", "--vs", "alphazero")
    assert code == 2 and "no agent 'alphazero'" in out
    code, out = run("play", "confusing-lands", "--option", "fast")
    assert code == 2 and "KEY=VALUE" in out
    code, out = run("play", "confusing-lands", "--players", "4")
    assert code == 2 and "not 4" in out


def test_simulate_reports_and_writes_records(tmp_path: Path) -> None:
    out_dir = tmp_path / "records"
    code, out = run(
        "simulate",
        "confusing-lands",
        "--games",
        "6",
        "--agents",
        "greedy,random",
        "--seed",
        "10",
        "--out",
        str(out_dir),
    )
    assert code == 0, out
    assert "greedy" in out and "win rate" in out and "mean score" in out
    files = sorted(out_dir.glob("*.json"))
    assert len(files) == 6
    first = json.loads(files[0].read_text())
    assert first["seed"] == 10 and [p["name"] for p in first["players"]] == ["greedy", "random"]
    code, out = run("replay", str(files[0]))
    assert code == 0


def test_simulate_is_reproducible(tmp_path: Path) -> None:
    for name in ("a", "b"):
        run(
            "simulate",
            "confusing-lands",
            "-n",
            "3",
            "-a",
            "random",
            "-p",
            "1",
            "--seed",
            "4",
            "--out",
            str(tmp_path / name),
        )
    for path in (tmp_path / "a").glob("*.json"):
        assert path.read_text() == (tmp_path / "b" / path.name).read_text()


def test_replay_fails_loudly_on_a_mismatch(tmp_path: Path) -> None:
    run("simulate", "confusing-lands", "-n", "1", "--out", str(tmp_path))
    path = next(tmp_path.glob("*.json"))
    data = json.loads(path.read_text())
    data["breakdown"][0]["total"] += 1
    path.write_text(json.dumps(data))
    code, out = run("replay", str(path))
    assert code == 2 and "breakdown.0.total" in out


def test_edition_validate_and_export(tmp_path: Path) -> None:
    exported = tmp_path / "mine.json"
    code, out = run("edition", "export", "confusing-lands", str(exported))
    assert code == 0
    code, out = run("edition", "validate", str(exported))
    assert code == 0 and "valid" in out and "sha256:" in out
    data = json.loads(exported.read_text())
    data["cards"][3]["condition_side"][0][0] = "unicorn"
    exported.write_text(json.dumps(data))
    code, out = run("edition", "validate", str(exported))
    assert code == 2 and "cards.3.condition_side" in out and "unicorn" in out
    exported.write_text(json.dumps({"cards": []}))
    code, out = run("edition", "validate", str(exported))
    assert code == 2 and "game: missing" in out


def test_what_an_edition_file_does_unlike_the_published_is_told_on_stderr(tmp_path: Path) -> None:
    # Issue 25: a variant the rules allow is played, and what it does that the published
    # components do not is told on stderr, naming the file and the field.
    packaged = get_game("land-vs-sea").default_edition().to_data()
    variant = tmp_path / "alike.json"
    first = packaged["tiles"][0]["a"]
    variant.write_text(
        json.dumps(
            {**packaged, "tiles": [{**t, "a": first, "b": first} for t in packaged["tiles"]]}
        )
    )
    result = runner.invoke(app, ["edition", "validate", str(variant)])
    assert result.exit_code == 0 and "valid" in result.stdout and "warning:" not in result.stdout
    assert f"warning: {variant}: tiles: only 1 different faces" in result.stderr
    result = runner.invoke(app, ["simulate", "land-vs-sea", "-n", "1", "--edition", str(variant)])
    assert result.exit_code == 0, result.output
    assert f"warning: {variant}: tiles.0, tiles.1, tiles.2 and 55 more" in result.stderr
    exported = tmp_path / "packaged.json"
    run("edition", "export", "land-vs-sea", str(exported))
    result = runner.invoke(app, ["edition", "validate", str(exported)])
    assert result.exit_code == 0 and result.stderr == ""


def scripted_inputs(
    name: str, players: int, seed: int, vs: str | None
) -> tuple[list[str], list[int]]:
    """The lines a person types to play seat 1 with its first legal action every time (the
    session plays forced actions itself), and the final scores."""
    game = get_game(name)
    state = game.new_state(players=players, seed=seed)
    bot_seeds = Rng(seed)  # as the CLI seeds bots when --seed is given
    bots = {s: make_agent(vs, bot_seeds.next_u64()) for s in range(1, players)} if vs else {}
    lines: list[str] = []
    last_human = None
    while not state.is_terminal:
        seat = state.current_player
        if seat in bots:
            state.apply(bots[seat].choose(SeatView(state)))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        if not bots and players > 1 and last_human not in (None, seat):
            lines.append("")  # "press Enter when ready"
        last_human = seat
        lines.append(state.format_action(legal[0]))
        state.apply(legal[0])
    return lines, state.scores()


@pytest.mark.parametrize(
    ("name", "players", "vs"),
    [
        ("land-vs-sea", 2, "random"),
        ("land-vs-sea", 3, "greedy"),
        ("land-vs-sea", 2, None),
        ("drifting-lands", 2, "greedy"),
        ("drifting-lands", 4, None),
    ],
)
def test_play_a_whole_game_in_the_terminal(
    tmp_path: Path, name: str, players: int, vs: str | None
) -> None:
    lines, scores = scripted_inputs(name, players, seed=5, vs=vs)
    record = tmp_path / "game.json"
    args = ["play", name, "--players", str(players), "--seed", "5", "--record", str(record)]
    if vs:
        args += ["--vs", vs]
    code, out = run(*args, input="\n".join(lines) + "\n")
    assert code == 0, out[-2000:]
    assert "total" in out  # the final score table
    saved = json.loads(record.read_text())
    assert saved["scores"] == scores
    code, out = run("replay", str(record))
    assert code == 0 and "OK" in out


def test_simulate_land_vs_sea_with_modules(tmp_path: Path) -> None:
    code, out = run(
        "simulate",
        "land-vs-sea",
        "-n",
        "3",
        "-a",
        "greedy,random",
        "-o",
        "mountains=on",
        "-o",
        "trade=on",
        "--out",
        str(tmp_path),
    )
    assert code == 0, out
    saved = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert saved["options"] == {"mountains": True, "trade": True, "waypoints": False}
    code, out = run("simulate", "land-vs-sea", "-n", "1", "-p", "3", "-o", "trade=off")
    assert code == 2 and "always on (LS-12)" in out
    code, out = run("games", "land-vs-sea")
    assert code == 0 and "mountains" in out and "waypoints" in out


def test_simulate_workers_give_the_same_games(tmp_path: Path) -> None:
    for folder, workers in (("one", "1"), ("two", "2")):
        code, out = run(
            "simulate",
            "confusing-lands",
            "-n",
            "4",
            "-a",
            "greedy,random",
            "--rotate",
            "--seed",
            "9",
            "--workers",
            workers,
            "--out",
            str(tmp_path / folder),
        )
        assert code == 0, out
    one = sorted((tmp_path / "one").glob("*.json"))
    assert len(one) == 4
    for path in one:
        assert path.read_text() == (tmp_path / "two" / path.name).read_text()


def test_analyze_weighs_every_decision(tmp_path: Path) -> None:
    run("simulate", "confusing-lands", "-n", "1", "-a", "greedy,random", "--out", str(tmp_path))
    record = next(tmp_path.glob("*.json"))
    code, out = run("analyze", str(record), "--budget", "40it", "--json")
    assert code == 0, out
    data = json.loads(out[out.index("{") :])
    assert len(data["decisions"]) == 16  # every placement had a choice
    assert [p["decisions"] for p in data["players"]] == [8, 8]
    first = data["decisions"][0]
    assert set(first) >= {"index", "player", "played", "best", "played_value", "best_value", "loss"}
    assert first["loss"] == max(0.0, first["best_value"] - first["played_value"])
    _, again_out = run("analyze", str(record), "--budget", "40it", "--json")
    again = json.loads(again_out[again_out.index("{") :])
    assert again["decisions"] == data["decisions"]  # an iterations budget is reproducible
    code, out = run("analyze", str(record), "--budget", "40it")
    assert code == 0 and "Per player" in out and "greedy" in out
    code, out = run("analyze", str(record), "--budget", "fast")
    assert code == 2 and "neither a budget" in out


def test_hint_shows_the_best_actions(tmp_path: Path) -> None:
    lines, _ = solo_inputs(seed=21)
    code, out = run(
        "play",
        "confusing-lands",
        "--solo",
        "--seed",
        "21",
        input="\n".join(["hint 300it", "hint soon", *lines]) + "\n",
    )
    assert code == 0, out
    assert "Hint (300it)" in out and "points expected" in out
    assert "Not a budget" in out


def test_interrupting_a_thinking_bot_keeps_the_record(tmp_path: Path) -> None:
    from tablelands.agents.base import Agent

    class Interrupted(Agent):
        spec = "interrupted"

        def choose(self, state: State) -> int:
            raise KeyboardInterrupt

    state = GAME.new_state(players=2, seed=8)
    record = tmp_path / "kept.json"
    session = Session(state, [Interrupted(0), None], Console(record=True), record_path=record)
    assert session.run() is False
    assert json.loads(record.read_text())["actions"] == []


def test_players_zero_or_fewer_is_an_error_naming_the_player_counts() -> None:
    # --players 0 once played the default count: 0 and negatives are counts, and refused.
    for players in ("0", "-1"):
        code, out = run("simulate", "drifting-lands", "-n", "1", "--players", players)
        assert code == 2
        assert f"error: Drifting Lands is played by 2, 3, 4 players, not {players}" in out
        code, out = run("play", "drifting-lands", "--players", players, input="")
        assert code == 2 and f"played by 2, 3, 4 players, not {players}" in out
    code, out = run("play", "confusing-lands", "--players", "0", "--vs", "random", input="")
    assert code == 2 and "played by 1, 2 players, not 0" in out


def test_an_endless_budget_is_refused_before_any_game() -> None:
    code, out = run("simulate", "confusing-lands", "-n", "1", "--agents", "mcts:1000000000it")
    assert code == 2 and "error:" in out and "100,000it" in out
    code, out = run("play", "confusing-lands", "--vs", "mcts:" + "9" * 5000 + "it", input="")
    assert code == 2 and "at most 100 characters" in out


@st.composite
def fuzzed_command(draw: st.DrawFn) -> list[str]:
    """``play`` (against random bots) or ``simulate -n 1`` of a game, with fuzzed options:
    mostly plausible values (so that many games start), sometimes any integer or text."""

    def number(low: int, high: int) -> str:
        if draw(st.integers(0, 4)):
            return str(draw(st.integers(low, high)))
        return draw(st.integers().map(str) | st.text(max_size=6))

    game = draw(st.sampled_from(game_names()))
    if draw(st.booleans()):
        args = ["simulate", game, "-n", "1", "--agents", "random"]
    else:
        args = ["play", game, "--vs", "random"]
        if draw(st.booleans()):
            args += ["--seat", number(-1, 4)]
    if draw(st.booleans()):
        args += ["--players", number(-1, 5)]
    if draw(st.booleans()):
        args += ["--seed", number(-(2**70), 2**70)]
    names = [spec.name for spec in get_game(game).info.options] or ["teams"]
    for _ in range(draw(st.integers(0, 2))):
        if draw(st.integers(0, 3)):
            key, value = draw(st.sampled_from(names)), draw(st.sampled_from(["on", "off", "2"]))
        else:
            key, value = draw(st.text(max_size=6)), draw(st.text(max_size=6))
        args += ["-o", f"{key}={value}" if draw(st.integers(0, 3)) else key + value]
    return args


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fuzzed_command())
def test_fuzzed_options_end_in_a_game_or_an_error_never_a_traceback(args: list[str]) -> None:
    # Whatever the options: a game (play ends at once, its input being empty; simulate plays
    # one quick game) or exit code 2 with an error message, never a traceback.
    result = runner.invoke(app, args, input="")
    out = result.output + (result.stderr if result.stderr_bytes else "")
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, out)
    assert result.exit_code in (0, 2), (args, out)
    if result.exit_code == 2:
        assert "error" in out.lower(), (args, out)


@pytest.fixture
def terminal_ctrl_c() -> Iterator[None]:
    """Ctrl-C handled by Python's own handler, as in a terminal, whatever a library that ran
    earlier in this test process may have left in its place."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def typed_against_a_bot(state: State, typed: Iterator[str]) -> str:
    """Seat 1 types ``typed`` at the terminal against a random bot, then leaves (the game is
    not over, so the session says so); everything the screen showed."""

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    console = Console(record=True, width=400)
    session = Session(state, [None, make_agent("random", 1)], console, read=read)
    assert session.run() is False  # left when the typing ran out
    return console.export_text()


@pytest.mark.usefixtures("terminal_ctrl_c")
def test_ctrl_c_while_a_bot_thinks_cuts_the_thinking_not_the_game(tmp_path: Path) -> None:
    import os
    import threading
    import time

    from tablelands.agents.base import Agent

    class Slow(Agent):
        """Thinks until cancelled, after pressing Ctrl-C itself (a real SIGINT)."""

        spec = "slow"

        def __init__(self) -> None:
            super().__init__(0)
            self.cancelled = threading.Event()

        def choose(self, view: SeatView) -> int:
            time.sleep(0.3)  # a person presses Ctrl-C while the bot thinks
            os.kill(os.getpid(), signal.SIGINT)
            assert self.cancelled.wait(timeout=20)
            return view.legal_actions()[0]

        def cancel(self) -> None:
            self.cancelled.set()

    def read(prompt: str) -> str:
        raise EOFError  # the person leaves at the first prompt

    state = GAME.new_state(players=2, seed=8)
    record = tmp_path / "kept.json"
    console = Console(record=True)
    session = Session(state, [Slow(), None], console, record_path=record, read=read)
    assert session.run() is False
    assert "thinking cut short" in console.export_text()
    assert len(json.loads(record.read_text())["actions"]) == 1  # the bot still moved


def test_an_illegal_move_typed_at_the_terminal_is_refused_naming_the_rule() -> None:
    # The notation reads a move by its ends and a part by its place among those offered; the
    # session checks what it reads with the rules, so the person is told the rule (DL-6, DL-4)
    # and asked again, and nothing is played.
    from tests.games.drifting_lands.helpers import act, blank, give, pawn, set_board

    state = blank()
    set_board(
        state,
        land=[(1, 3), (2, 3), (3, 3), (4, 3)],
        pawns={(1, 3): (0, 1), (4, 3): (1, 1), (6, 6): (0, 2), (7, 6): (1, 3)},
    )
    give(state, 0, "moving", "splitting")
    act(state, "play moving")
    typed = iter(
        [
            "move 6,6>7,6",  # onto a higher pawn
            "move 6,6>6,7>6,8>6,9>6,10",  # 4 points, the card gives 3
            "move 4,3>5,3",  # seat 2's pawn
            "part 4,3",  # no split is being made
            "move 6,6>7,6>8,6",  # a way through seat 2's pawn, to a space the pawn can reach
        ]
    )

    out = typed_against_a_bot(state, typed)
    refusals = [line for line in out.splitlines() if line.startswith("Not played:")]
    assert refusals == [
        "Not played: that move is not possible: 7,6 holds a level-3 pawn of player 2: your "
        "level-2 pawn stops only on a lower pawn of another player (DL-6); the game asks you to "
        "move a pawn up to 3 points (move Q,R>...)",
        "Not played: that move is not possible: the cheapest way from 6,6 to 6,10 costs 4 points "
        "(1 a step, 2 one level up, 3 ocean to mountain); the card gives 3 (DL-6); the game asks "
        "you to move a pawn up to 3 points (move Q,R>...)",
        "Not played: that move is not possible: the pawn on 4,3 is player 2's: move one of yours "
        "(DL-6); the game asks you to move a pawn up to 3 points (move Q,R>...)",
        "Not played: no split is being made: there is no part to choose (a part follows split "
        "Q,R>D)",
    ]
    assert pawn(state, 8, 6) == (0, 2) and pawn(state, 6, 6) is None  # the last was played


def test_a_part_the_split_does_not_offer_is_refused_at_the_terminal_naming_dl_4() -> None:
    from tests.games.drifting_lands.helpers import act, blank, give, is_land, set_board

    state = blank()
    set_board(state, land=[(1, 3), (2, 3), (3, 3), (4, 3)], pawns={(1, 3): (0, 1)})
    give(state, 0, "splitting")
    act(state, "play splitting", "split 1,3>0")  # north-east: only the suffixes may go
    out = typed_against_a_bot(state, iter(["part 1,3", "part 2,3 4,3", "part 4,3"]))
    refusals = [line for line in out.splitlines() if "Not played" in line]
    assert len(refusals) == 2
    for line in refusals:
        assert line.startswith("Not played: that part is not one of the 3 this split offers")
        assert line.endswith(
            "must end up not touching the rest, on the map and off other tiles (DL-4)"
        )
    assert is_land(state, 5, 2) and not is_land(state, 4, 3)  # part 4,3 went north-east
