"""An interactive game in the terminal: people type actions, bots answer.

The session is the referee: it alone holds the true state and applies actions to it.
Everything it shows a person (the board, previews, scores, hints) and everything a bot is
given comes from a :class:`SeatView` of that seat, so nobody sees more than their seat may
know. Between two people at one screen (hot-seat) the screen is cleared and handed over,
and the seed, which would rebuild every hidden card, is told only at the end.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeVar

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from tablelands import analysis
from tablelands.agents import Agent, AgentSpecError
from tablelands.core.errors import IllegalActionError, NotationError, TablelandsError
from tablelands.core.game import State
from tablelands.core.records import record_of, write_record
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games.drawing import TerminalRenderer, renderer_for

COMMANDS = (
    ("ACTION", "play an action written in the game's notation"),
    (
        "show [START]",
        "draw the game again, marking where actions beginning with START go (alias: hand)",
    ),
    ("moves [START]", "list your legal actions, or those whose notation begins with START"),
    ("preview ACTION", "draw the game as it would be after ACTION, without playing it"),
    ("score", "your score so far and where it comes from"),
    (
        "hint [BUDGET]",
        "the search's best few actions for you and what each is expected to bring (e.g. hint 3s)",
    ),
    ("rules", "the rules of the game"),
    ("help", "this list"),
    ("quit", "leave the game (the record is saved if --record was given)"),
)
MOVES_SHOWN = 60
T = TypeVar("T")


@dataclass
class Session:
    """One game between seats that are people (``None``) or agents."""

    state: State
    seats: list[Agent | None]
    console: Console
    record_path: Path | None = None
    read: Callable[[str], str] = field(default=input)
    hint_budget: str = "1s"
    _worker: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1), init=False)
    #: What every seat is told, in order: bots' and people's moves as the others see them.
    _told: list[str] = field(default_factory=list, init=False)
    #: Per seat: how much of ``_told`` it has seen, and what was played for it in its absence.
    _seen: dict[int, int] = field(default_factory=dict, init=False)
    _forced: dict[int, list[str]] = field(default_factory=dict, init=False)
    #: Hints are seeded apart from the game, whose seed stays secret until the end.
    _hint_rng: Rng = field(default_factory=lambda: Rng(secrets.randbits(64)), init=False)

    @property
    def drawing(self) -> TerminalRenderer:
        return renderer_for(self.state.game)

    @property
    def humans(self) -> list[int]:
        return [seat for seat, agent in enumerate(self.seats) if agent is None]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def seat_names(self) -> list[str]:
        return ["human" if agent is None else agent.spec for agent in self.seats]

    def run(self) -> bool:
        """Play until the end or until a person quits; return whether the game ended."""
        try:
            return self._play_on()
        except KeyboardInterrupt:  # Ctrl-C outside a prompt or a search: leave, keeping the record
            self.console.print()
            return self._leave()
        finally:
            self._worker.shutdown()
            for agent in self.seats:
                if agent is not None:
                    agent.close()

    def _play_on(self) -> bool:
        game = self.state.game
        self.console.print(
            f"[bold]{game.info.title}[/bold], {self.state.num_players} "
            f"player{'s' if self.state.num_players > 1 else ''}. Type [bold]help[/bold] for "
            "commands. (The seed is shown at the end: it would tell every hidden card.)"
        )
        on_screen: int | None = None
        while not self.state.is_terminal:
            seat = self.state.current_player
            view = SeatView(self.state, seat)
            agent = self.seats[seat]
            if agent is not None:
                action = self._think(
                    partial(agent.choose, view), agent.cancel, f"Player {seat + 1}"
                )
                self._play(seat, view, action, f"Player {seat + 1} ({agent.spec})")
                continue
            legal = view.legal_actions()
            if len(legal) == 1:
                own = f"{view.format_action(legal[0])} (the only possible action, played for you)"
                self._play(seat, view, legal[0], f"Player {seat + 1}", echo=False)
                if on_screen == seat or not self.hot_seat:
                    self.console.print(f"Player {seat + 1}: {own}")
                    self._seen[seat] = len(self._told)
                else:  # told when the seat next has the screen
                    self._forced.setdefault(seat, []).append(own)
                continue
            if self.hot_seat and on_screen not in (None, seat) and not self._hand_over(seat):
                return self._leave()
            on_screen = seat
            self._catch_up(seat)
            self.console.print(self.drawing.board(view.observation(), view.edition, legal))
            typed = self._turn(view)
            if typed is None:
                return self._leave()
            self._play(seat, view, typed, f"Player {seat + 1}", echo=False)
            self._seen[seat] = len(self._told)  # they saw their own move
        self._finish()
        return True

    def _play(self, seat: int, view: SeatView, action: int, who: str, echo: bool = True) -> None:
        """Apply ``action`` to the true state, tell the others, and keep the record."""
        said = view.announce(action)
        self.state.apply(action)
        self._told.append(f"{who} {said}.")
        if echo and not self.hot_seat:
            self.console.print(f"[dim]{who} {said}.[/dim]")
        self._save()

    def _hand_over(self, seat: int) -> bool:
        """Clear the screen and wait until the next person is at it."""
        self._clear()
        self.console.print(f"[bold]Pass the screen to player {seat + 1}.[/bold]")
        if self._ask(f"Seat {seat + 1}, press Enter when ready") is None:
            return False
        self._clear()
        return True

    def _clear(self) -> None:
        """Clear the screen and, in a terminal, its scrollback, where the last seat's hand
        could still be read."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _catch_up(self, seat: int) -> None:
        """Tell a person at a shared screen what happened since their last turn."""
        if not self.hot_seat:
            return
        for line in self._told[self._seen.get(seat, 0) :]:
            self.console.print(f"[dim]{line}[/dim]")
        for own in self._forced.pop(seat, []):
            self.console.print(f"Played for you: {own}")
        self._seen[seat] = len(self._told)

    def _ask(self, prompt: str) -> str | None:
        try:
            return self.read(prompt + " > ") or " "
        except (EOFError, KeyboardInterrupt):
            return None

    def _turn(self, view: SeatView) -> int | None:
        """Read commands until the person names a legal action; ``None`` if they leave."""
        seat = view.seat
        game = view.game
        while True:
            line = self._ask(f"Player {seat + 1}")
            if line is None:
                return None
            word, _, rest = line.strip().partition(" ")
            command = word.lower()
            if not command:
                continue
            if command == "quit":
                answer = self._ask("Leave this game? (y/n)")
                if answer is None or answer.strip().lower().startswith("y"):
                    return None
            elif command == "help":
                self._help()
            elif command in ("show", "hand"):
                chosen = self._matching(view, rest.strip())
                self.console.print(self.drawing.board(view.observation(), view.edition, chosen))
            elif command == "moves":
                self._moves(view, rest.strip())
            elif command == "preview":
                self._preview(view, rest)
            elif command == "score":
                self.console.print(
                    self.drawing.score(view.observation(), view.edition, seat, view.standings())
                )
            elif command == "hint":
                self._hint(view, rest.strip())
            elif command == "rules":
                self.console.print(Markdown(game.rules_text()))
            else:
                try:
                    action = view.parse_action(line)
                    view.check(action)
                except (NotationError, IllegalActionError) as exc:
                    self.console.print(f"[red]Not played:[/red] {exc}")
                    continue
                return action

    def _help(self) -> None:
        table = Table(show_header=False, box=None)
        for name, text in COMMANDS:
            table.add_row(f"[bold]{name}[/bold]", text)
        self.console.print(table)
        self.console.print(self.state.game.notation_help())

    @staticmethod
    def _matching(view: SeatView, start: str) -> list[int]:
        """The legal actions whose notation begins with ``start`` (all of them if empty)."""
        legal = view.legal_actions()
        if not start:
            return legal
        # "1" must not also match card 10-18: a digit prefix ends at a non-digit.
        pattern = re.compile(re.escape(start.lower()) + (r"(?!\d)" if start[-1].isdigit() else ""))
        return [a for a in legal if pattern.match(view.format_action(a).lower())]

    def _moves(self, view: SeatView, start: str) -> None:
        texts = [view.format_action(a) for a in self._matching(view, start)]
        if not texts:
            self.console.print(f"No legal action begins with {start!r}.")
            return
        shown = texts[:MOVES_SHOWN]
        self.console.print(", ".join(shown))
        if len(texts) > len(shown):
            self.console.print(f"... and {len(texts) - len(shown)} more; narrow with moves START.")

    def _preview(self, view: SeatView, text: str) -> None:
        try:
            after = view.preview(view.parse_action(text))
        except (NotationError, IllegalActionError) as exc:
            self.console.print(f"[red]Not possible:[/red] {exc}")
            return
        self.console.print(self.drawing.board(after, view.edition))
        self.console.print(
            "[dim](preview only: nothing was played; ? marks what you cannot know yet)[/dim]"
        )

    def _hint(self, view: SeatView, budget_text: str) -> None:
        try:
            budget = analysis.budget_of(budget_text or self.hint_budget)
        except AgentSpecError as exc:
            self.console.print(f"[red]Not a budget:[/red] {exc}")
            return
        stop = threading.Event()
        rng = self._hint_rng.fork()
        ranked = self._think(
            lambda: analysis.advise(view, budget, rng, stop=stop), stop.set, "Thinking"
        )
        table = Table(title=f"Hint ({budget})")
        for column in ("action", "expected", "visits"):
            table.add_column(column)
        for choice in ranked:
            table.add_row(
                view.format_action(choice.action),
                self.drawing.value(choice.value, view.num_players),
                str(choice.visits),
            )
        self.console.print(table)

    def _think(self, work: Callable[[], T], cancel: Callable[[], None], who: str) -> T:
        """Run a search off the interactive thread, with a spinner while it runs. Ctrl-C cuts
        the thinking short (``cancel``: the search answers with what it has), not the game."""
        future: Future[T] | None = None
        try:
            future = self._worker.submit(work)
            with self.console.status(f"{who} is thinking... (Ctrl-C to cut it short)"):
                return future.result()
        except KeyboardInterrupt:
            if future is None:
                raise
            cancel()
            self.console.print(f"[dim]{who}: thinking cut short.[/dim]")
            return future.result()

    def _finish(self) -> None:
        last = self.humans[-1] if self.humans else 0
        self.console.print(self.drawing.board(self.state.observation(last), self.state.edition))
        self.console.print(self.drawing.result(self.state, self.seat_names()))
        self.console.print(f"Seed {self.state.seed}: the same seed and actions replay this game.")
        self._save(announce=True)

    def _leave(self) -> bool:
        self.console.print("Game left unfinished.")
        self._save(announce=True)
        return False

    def _save(self, announce: bool = False) -> None:
        """Write the record so far (after every move, so nothing is lost)."""
        if self.record_path is None:
            return
        try:
            write_record(record_of(self.state, self.seat_names()), self.record_path)
        except TablelandsError as exc:
            self.console.print(f"[red]The record could not be written:[/red] {exc}")
            return
        if announce:
            self.console.print(f"Record written to {self.record_path}")
