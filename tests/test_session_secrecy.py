"""Secrecy at the table (issue 14): what a terminal session shows and tells each person.

The session is driven by a scripted ``read`` and its console is cut into screens: what was
printed between two clears of the screen. The checks: the seed is told only at the end;
at a shared screen (hot-seat) the screen is cleared and handed over between seats, the next
person presses Enter before their view is drawn, the view drawn is exactly theirs, and an
action played for a seat automatically is shown in notation to that seat alone; and what
the others are told of a Land vs Sea move never names a tile (the id would tell its back).

The meta-tests at the end plant leaks and check that the checks report them.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from rich.console import Console, RenderableType

from tablelands.agents import Agent, make_agent
from tablelands.core.game import Game, State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games import get_game
from tablelands.games.drawing import renderer_for
from tablelands.games.drifting_lands.state import SELECT
from tablelands.games.land_vs_sea.notation import PLACE_COUNT, decode_placement
from tablelands.session import Session

WIDTH = 200
#: A seed no board, score or prompt would show by chance.
SEED = 7_364_019_285
FORCED = "(the only possible action, played for you)"
PROMPT = re.compile(r"^Player (\d+) > $")
ENTER = re.compile(r"^Seat (\d+), press Enter when ready > $")


def text(renderable: RenderableType) -> str:
    console = Console(record=True, width=WIDTH, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


@dataclass
class Screen:
    """What was printed between two clears of the screen, and the prompts answered there."""

    text: str = ""
    prompts: list[str] = field(default_factory=list)
    #: For each person's prompt: the drawing of their seat's view they should see here.
    expected: list[tuple[int, str]] = field(default_factory=list)

    def seats(self) -> set[int]:
        return {int(m[1]) - 1 for p in self.prompts if (m := PROMPT.match(p))}


@dataclass
class Play:
    seat: int
    notation: str
    forced: bool
    told: str
    human: bool
    screen: int  # index of the screen it was played in


class Table:
    """A session with a scripted person at every human seat, its screens and its plays."""

    def __init__(
        self,
        state: State,
        seats: list[Agent | None],
        *,
        seed: int = 1,
        commands: tuple[str, ...] = (),
        max_turns: int | None = None,
    ) -> None:
        self.console = Console(record=True, width=WIDTH, file=io.StringIO())
        self.console.clear = self._clear  # type: ignore[method-assign]
        self.screens = [Screen()]
        self.plays: list[Play] = []
        self.rng = Rng(seed)
        self.commands = list(commands)
        self.max_turns = max_turns
        self.turns = 0
        self._drawn: set[int] = set()
        table = self

        class Watched(Session):
            def _play(
                self, seat: int, view: SeatView, action: int, who: str, echo: bool = True
            ) -> None:
                table._flush()
                table.plays.append(
                    Play(
                        seat,
                        view.format_action(action),
                        len(view.legal_actions()) == 1,
                        view.announce(action),
                        self.seats[seat] is None,
                        len(table.screens) - 1,
                    )
                )
                super()._play(seat, view, action, who, echo)

        self.session = Watched(state, seats, self.console, read=self._read)

    def _flush(self) -> None:
        self.screens[-1].text += self.console.export_text(clear=True)

    def _clear(self, home: bool = True) -> None:
        self._flush()
        self.screens.append(Screen())

    def _read(self, prompt: str) -> str:
        self._flush()
        screen = self.screens[-1]
        screen.prompts.append(prompt)
        match = PROMPT.match(prompt)
        if match is None:
            return "y" if prompt.startswith("Leave") else ""  # or press Enter
        state = self.session.state
        seat = int(match[1]) - 1
        if len(self.screens) - 1 not in self._drawn:
            # The referee's own drawing of the seat's view, straight from the true state.
            self._drawn.add(len(self.screens) - 1)
            seen = state.observation(seat)
            drawing = text(
                renderer_for(state.game).board(seen, state.edition, state.legal_actions())
            )
            screen.expected.append((seat, drawing))
        if self.commands:
            command = self.commands.pop(0)
            legal = state.legal_actions()
            return command.replace("FIRST", state.format_action(legal[0]))
        if self.max_turns is not None and self.turns >= self.max_turns:
            raise EOFError
        self.turns += 1
        return state.format_action(self.rng.choice(state.legal_actions()))

    def run(self) -> bool:
        finished = self.session.run()
        self._flush()
        return finished

    def everything(self) -> str:
        return "".join(screen.text for screen in self.screens)


# -- the checks, as functions that list what is wrong ----------------------------------


def seed_problems(table: Table, seed: int, finished: bool) -> list[str]:
    """The seed appears nowhere before the end, and is told at the end of a finished game."""
    told = f"Seed {seed}:"
    whole = table.everything()
    before_end = whole.split(told)[0] if finished else whole
    problems = []
    if str(seed) in before_end:
        problems.append("the seed is shown before the game ends")
    if finished and told not in whole:
        problems.append("the seed is not told at the end")
    if not finished and str(seed) in whole:
        problems.append("the seed is shown in a game left unfinished")
    return problems


def hot_seat_problems(table: Table) -> list[str]:
    """At a shared screen: each screen belongs to one seat; between two seats' screens the
    screen is cleared and handed over, and the next person presses Enter before anything of
    theirs is drawn; what is drawn is their own view; a forced action is shown in notation
    only to its seat."""
    problems = []
    screens = table.screens
    owner: list[int | None] = []
    for number, screen in enumerate(screens):
        seats = screen.seats()
        if len(seats) > 1:
            problems.append(f"screen {number} is shared by seats {sorted(seats)}")
        owner.append(min(seats) if seats else None)
        for seat, drawing in screen.expected:
            if drawing not in screen.text:
                problems.append(f"screen {number} does not show seat {seat + 1}'s own view")
    last: int | None = None  # the screen of the seat last at the screen
    for number, seat in enumerate(owner):
        if seat is None:
            continue
        if last is not None and seat != owner[last]:
            # Between two seats' screens: blank screens, then only the hand-over.
            between = screens[last + 1 : number]
            wanted = f"Pass the screen to player {seat + 1}."
            asked = (
                [m and int(m[1]) for m in map(ENTER.match, between[-1].prompts)] if between else []
            )
            blank = all(not s.text.strip() and not s.prompts for s in between[:-1])
            if (
                not between
                or between[-1].text.strip() != wanted
                or asked != [seat + 1]
                or not blank
            ):
                problems.append(
                    f"screen {number} (seat {seat + 1}) follows seat {owner[last] + 1}'s without a "  # type: ignore[operator]
                    "cleared screen asking the next person to press Enter, and nothing else"
                )
        last = number
    for number, screen in enumerate(screens):
        for match in re.finditer(rf"Player (\d+): (.*) {re.escape(FORCED)}", screen.text):
            if owner[number] is not None and int(match[1]) - 1 != owner[number]:
                problems.append(
                    f"seat {match[1]}'s forced action {match[2]!r} is shown on seat "
                    f"{owner[number] + 1}'s screen"  # type: ignore[operator]
                )
    for play in table.plays:
        if not (play.forced and play.human):
            continue
        later = [n for n in range(play.screen, len(screens)) if owner[n] == play.seat]
        shown = any(f"{play.notation} {FORCED}" in screens[n].text for n in later)
        if later and not shown:
            problems.append(f"seat {play.seat + 1} is never shown {play.notation!r} played for it")
    return problems


def told_problems(game: Game[Any], state: State, action: int, told: str) -> list[str]:
    """What the others are told of a Land vs Sea action names no tile."""
    if action >= PLACE_COUNT:
        allowed = (
            r"drew from stack [12]|steal \d/\d|did not steal|passed|kept the waypoint"
            r"|waypoint -?\d+,-?\d+:[0-5]|hole -?\d+,-?\d+"
        )
        return [] if re.fullmatch(allowed, told) else [f"{told!r} for {action}"]
    placement = decode_placement(action)
    q, r = state.format_action(action).split("@")[1].split(",")
    problems = []
    if told != f"placed a tile at {q},{r}":
        problems.append(f"{told!r} for {state.format_action(action)}")
    if re.search(rf"(?<!\d){placement.tile}(?!\d)", told.replace(f"{q},{r}", "")):
        problems.append(f"{told!r} names tile {placement.tile}")
    return problems


# -- the seed -----------------------------------------------------------------------------

GAMES_WITH_A_BOT = [
    pytest.param("confusing-lands", "greedy", id="confusing-lands"),
    pytest.param("land-vs-sea", "random", id="land-vs-sea"),
    pytest.param("drifting-lands", "random", id="drifting-lands"),
]


@pytest.mark.parametrize(("name", "bot"), GAMES_WITH_A_BOT)
def test_seed_is_secret_until_the_end(name: str, bot: str) -> None:
    state = get_game(name).new_state(players=2, seed=SEED)
    commands = ("help", "score", "moves", "show", "preview FIRST", "hint 8it", "rules")
    table = Table(state, [None, make_agent(bot, 3)], commands=commands)
    assert table.run()
    assert not seed_problems(table, SEED, finished=True)
    assert "Hint (8it)" in table.everything()  # the commands were run


def test_seed_stays_secret_when_a_game_is_left() -> None:
    state = get_game("drifting-lands").new_state(players=2, seed=SEED)
    table = Table(state, [None, make_agent("random", 3)], commands=("quit",))
    assert not table.run()
    assert "Game left unfinished" in table.everything()
    assert not seed_problems(table, SEED, finished=False)


def test_bots_moves_are_told_without_the_tile() -> None:
    state = get_game("land-vs-sea").new_state(players=2, seed=SEED)
    table = Table(state, [None, make_agent("random", 5)], max_turns=25)
    table.run()
    bot_placements = [p for p in table.plays if not p.human and "@" in p.notation]
    assert bot_placements
    whole = table.everything()
    for play in bot_placements:
        assert f"Player 2 (random) {play.told}." in whole
        assert play.told == "placed a tile at " + play.notation.split("@")[1]
        assert play.notation not in whole


# -- hot-seat -------------------------------------------------------------------------------

HOT_SEAT = [
    pytest.param("confusing-lands", 2, None, id="confusing-lands"),
    pytest.param("land-vs-sea", 2, 30, id="land-vs-sea"),
    pytest.param("drifting-lands", 2, 45, id="drifting-lands"),
]


@pytest.mark.parametrize(("name", "players", "turns"), HOT_SEAT)
def test_hot_seat_hands_the_screen_over_between_seats(
    name: str, players: int, turns: int | None
) -> None:
    state = get_game(name).new_state(players=players, seed=SEED)
    table = Table(state, [None] * players, max_turns=turns, commands=("score", "preview FIRST"))
    finished = table.run()
    assert finished == (turns is None)
    assert not hot_seat_problems(table)
    assert not seed_problems(table, SEED, finished)
    handovers = sum("Pass the screen" in screen.text for screen in table.screens)
    assert handovers >= 3


def test_forced_action_is_not_shown_in_notation_to_another_seat() -> None:
    """Drifting Lands, 2 players: the second seat's starting corner is forced (opposite the
    first's) while the first seat is at the screen; it is shown to the second seat only."""
    state = get_game("drifting-lands").new_state(players=2, seed=SEED)
    table = Table(state, [None, None], max_turns=45)
    table.run()
    assert not hot_seat_problems(table)
    deferred = [p for p in table.plays if p.forced and p.human and p.seat != 0]
    assert deferred and deferred[0].notation.startswith("start")
    first = deferred[0]
    assert table.screens[first.screen].seats() == {0}
    assert f"{first.notation} {FORCED}" not in table.screens[first.screen].text
    # The first seat is told only what the others are told.
    assert f"Player 2 {first.told}." in table.everything()
    seat_two = [s for s in table.screens if s.seats() == {1}]
    assert f"Played for you: {first.notation} {FORCED}" in seat_two[0].text


# -- what the others are told of a Land vs Sea move --------------------------------------


@pytest.mark.parametrize(("players", "options"), [(2, ()), (3, ()), (4, (("trade", True),))])
def test_announcements_never_name_a_land_vs_sea_tile(
    players: int, options: tuple[tuple[str, Any], ...]
) -> None:
    game = get_game("land-vs-sea")
    state = game.new_state(players=players, seed=SEED + players, options=dict(options))
    rng = Rng(players)
    checked = 0
    kinds: set[str] = set()
    while not state.is_terminal:
        legal = state.legal_actions()
        if len(state.history) % 5 == 0 or len(legal) <= 20:
            view = SeatView(state)
            for action in view.legal_actions():
                told = view.announce(action)
                assert not told_problems(game, state, action, told)
                kinds.add(told.split()[0])
                checked += 1
        state.apply(rng.choice(legal))
    assert checked > 1000 and {"placed", "drew"} <= kinds


def test_confusing_lands_placements_are_told_without_the_card() -> None:
    state = get_game("confusing-lands").new_state(players=2, seed=SEED)
    rng = Rng(2)
    while not state.is_terminal:
        view = SeatView(state)
        assert {view.announce(a) for a in view.legal_actions()} == {"has placed a card"}
        state.apply(rng.choice(state.legal_actions()))


def test_drifting_lands_selections_are_told_without_the_card() -> None:
    state = get_game("drifting-lands").new_state(players=3, seed=SEED)
    rng = Rng(3)
    selections = 0
    while not state.is_terminal:
        view = SeatView(state)
        for action in view.legal_actions():
            told = view.announce(action)
            if view.format_action(action).startswith("select"):
                assert told == "selected a card"
                selections += 1
        state.apply(rng.choice(state.legal_actions()))
    assert selections > 20


# -- the checks can fail -----------------------------------------------------------------


def _hot_seat_table() -> Table:
    state = get_game("drifting-lands").new_state(players=2, seed=SEED)
    table = Table(state, [None, None], max_turns=12)
    table.run()
    return table


def test_hot_seat_check_catches_a_screen_not_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Session, "_hand_over", lambda self, seat: True)
    problems = hot_seat_problems(_hot_seat_table())
    assert any("screen 0 is shared by seats [0, 1]" in p for p in problems), problems


def test_hot_seat_check_catches_a_view_drawn_before_enter(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Session._hand_over

    def eager(self: Session, seat: int) -> bool:
        view = SeatView(self.state, seat)
        self.console.clear()
        self.console.print(self.drawing.board(view.observation(), view.edition))
        return real(self, seat)

    monkeypatch.setattr(Session, "_hand_over", eager)
    assert any("without a cleared screen" in p for p in hot_seat_problems(_hot_seat_table()))


def test_hot_seat_check_catches_another_seats_view(monkeypatch: pytest.MonkeyPatch) -> None:
    def the_others(self: SeatView) -> dict[str, Any]:
        return self._world.observation(1 - self.seat)

    monkeypatch.setattr(SeatView, "observation", the_others)
    assert any("own view" in p for p in hot_seat_problems(_hot_seat_table()))


def test_hot_seat_check_catches_a_forced_action_shown_to_another_seat() -> None:
    state = get_game("drifting-lands").new_state(players=2, seed=SEED)
    table = Table(state, [None, None], max_turns=12)
    console = table.console

    class Blurted(list[str]):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

        def append(self, own: str) -> None:
            console.print(f"Player {self.seat + 1}: {own}")
            super().append(own)

    class Forced(dict[int, list[str]]):
        def setdefault(self, seat: int, default: Any = None) -> list[str]:
            return super().setdefault(seat, Blurted(seat))

    table.session._forced = Forced()
    table.run()
    assert any("forced action" in p for p in hot_seat_problems(table))


def test_seed_check_catches_a_seed_shown_early(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Session, "_help", lambda self: self.console.print(f"({self.state.seed})"))
    state = get_game("confusing-lands").new_state(players=2, seed=SEED)
    table = Table(state, [None, make_agent("random", 3)], commands=("help",))
    assert table.run()
    assert seed_problems(table, SEED, finished=True) == ["the seed is shown before the game ends"]


def test_announcement_check_catches_a_tile_id() -> None:
    game = get_game("land-vs-sea")
    state = game.new_state(players=2, seed=SEED)
    while state.legal_actions()[0] >= PLACE_COUNT:
        state.apply(state.legal_actions()[0])
    action = state.legal_actions()[0]
    assert told_problems(game, state, action, state.format_action(action))
    assert told_problems(game, state, action, f"placed tile {decode_placement(action).tile}")
    assert not told_problems(game, state, action, SeatView(state).announce(action))


def test_forced_action_before_anyone_is_at_the_screen_is_kept_for_its_seat() -> None:
    """A hot-seat session started at a position where the first seat's remaining picks are
    forced (Drifting Lands, selecting): they are secret cards, and the second seat must not
    see them on the screen it is then given."""
    state = get_game("drifting-lands").new_state(players=2, seed=5)
    rng = Rng(1)
    while not (state.phase == SELECT and state.turn == 0 and len(state.legal_actions()) == 1):
        state.apply(rng.choice(state.legal_actions()))
    table = Table(state, [None, None], max_turns=3)
    table.run()
    assert not hot_seat_problems(table)
