"""An interactive game in the terminal: people type actions, bots answer.

The screen is always drawn from the view of the person to act, so a hot-seat game or a
game against a bot shows each person only what their seat may know.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeVar

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from tablelands.agents import Agent, AgentSpecError, make_agent
from tablelands.agents.mcts import MctsAgent
from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.game import State
from tablelands.core.records import record_of, write_record

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
HINTS = 5
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

    @property
    def humans(self) -> list[int]:
        return [seat for seat, agent in enumerate(self.seats) if agent is None]

    def seat_names(self) -> list[str]:
        return ["human" if agent is None else agent.spec for agent in self.seats]

    def run(self) -> bool:
        """Play until the end or until a person quits; return whether the game ended."""
        try:
            return self._play_on()
        except KeyboardInterrupt:  # Ctrl-C while a bot thinks: leave, keeping the record
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
            f"[bold]{game.info.title}[/bold], seed {self.state.seed}. "
            "Type [bold]help[/bold] for commands."
        )
        last_human: int | None = None
        while not self.state.is_terminal:
            seat = self.state.current_player
            agent = self.seats[seat]
            if agent is not None:
                action = self._think(
                    partial(agent.choose, self.state), f"Player {seat + 1} is thinking"
                )
                said = game.describe(self.state, action)
                self.state.apply(action)
                self.console.print(f"[dim]Player {seat + 1} ({agent.spec}) {said}.[/dim]")
                continue
            legal = self.state.legal_actions()
            if len(legal) == 1:
                text = self.state.format_action(legal[0])
                self.state.apply(legal[0])
                self.console.print(
                    f"Player {seat + 1}: {text} (the only possible action, played for you)"
                )
                continue
            if len(self.humans) > 1 and last_human not in (None, seat):
                self.console.print(f"\n[bold]Pass the screen to player {seat + 1}.[/bold]")
                if not self._ask(f"Player {seat + 1}, press Enter when ready"):
                    return self._leave()
            last_human = seat
            self.console.print(game.render(self.state, seat))
            if not self._turn(seat):
                return self._leave()
        self._finish()
        return True

    def _ask(self, prompt: str) -> str | None:
        try:
            return self.read(prompt + " > ") or " "
        except (EOFError, KeyboardInterrupt):
            return None

    def _turn(self, seat: int) -> bool:
        """Read commands until the person plays an action; ``False`` if they leave."""
        while True:
            line = self._ask(f"Player {seat + 1}")
            if line is None:
                return False
            word, _, rest = line.strip().partition(" ")
            command = word.lower()
            if not command:
                continue
            if command == "quit":
                answer = self._ask("Leave this game? (y/n)")
                if answer is None or answer.strip().lower().startswith("y"):
                    return False
            elif command == "help":
                self._help()
            elif command in ("show", "hand"):
                chosen = self._matching(rest.strip())
                self.console.print(self.state.game.render(self.state, seat, chosen))
            elif command == "moves":
                self._moves(rest.strip())
            elif command == "preview":
                self._preview(seat, rest)
            elif command == "score":
                self._score(seat)
            elif command == "hint":
                self._hint(rest.strip())
            elif command == "rules":
                self.console.print(Markdown(self.state.game.rules_text()))
            elif self._play(line):
                return True

    def _play(self, text: str) -> bool:
        try:
            self.state.apply(self.state.parse_action(text))
        except (NotationError, IllegalActionError) as exc:
            self.console.print(f"[red]Not played:[/red] {exc}")
            return False
        return True

    def _help(self) -> None:
        table = Table(show_header=False, box=None)
        for name, text in COMMANDS:
            table.add_row(f"[bold]{name}[/bold]", text)
        self.console.print(table)
        self.console.print(self.state.game.notation_help())

    def _matching(self, start: str) -> list[int]:
        """The legal actions whose notation begins with ``start`` (all of them if empty)."""
        legal = self.state.legal_actions()
        if not start:
            return legal
        # "1" must not also match card 10-18: a digit prefix ends at a non-digit.
        pattern = re.compile(re.escape(start.lower()) + (r"(?!\d)" if start[-1].isdigit() else ""))
        return [a for a in legal if pattern.match(self.state.format_action(a).lower())]

    def _moves(self, start: str) -> None:
        texts = [self.state.format_action(a) for a in self._matching(start)]
        if not texts:
            self.console.print(f"No legal action begins with {start!r}.")
            return
        shown = texts[:MOVES_SHOWN]
        self.console.print(", ".join(shown))
        if len(texts) > len(shown):
            self.console.print(f"... and {len(texts) - len(shown)} more; narrow with moves START.")

    def _preview(self, seat: int, text: str) -> None:
        trial = self.state.clone()
        try:
            trial.apply(trial.parse_action(text))
        except (NotationError, IllegalActionError) as exc:
            self.console.print(f"[red]Not possible:[/red] {exc}")
            return
        self.console.print(trial.game.render(trial, seat))
        self.console.print("[dim](preview only: nothing was played)[/dim]")

    def _hint(self, budget_text: str) -> None:
        try:
            adviser = make_agent(
                f"mcts:{budget_text or self.hint_budget}", self.state.seed ^ len(self.state.history)
            )
        except AgentSpecError:
            self.console.print(
                f"[red]Not a budget:[/red] {budget_text!r} (write 2s, 0.5s or 5000it)"
            )
            return
        assert isinstance(adviser, MctsAgent)
        ranked = self._think(lambda: adviser.analyse(self.state), "Thinking")
        game = self.state.game
        table = Table(title=f"Hint ({adviser.budget})")
        for column in ("action", "expected", "visits"):
            table.add_column(column)
        for choice in ranked[:HINTS]:
            table.add_row(
                self.state.format_action(choice.action),
                game.describe_value(choice.value, self.state.num_players),
                str(choice.visits),
            )
        self.console.print(table)

    def _think(self, work: Callable[[], T], what: str) -> T:
        """Run a search off the interactive thread, with a spinner while it runs."""
        future = self._worker.submit(work)
        with self.console.status(f"{what}..."):
            return future.result()

    def _score(self, seat: int) -> None:
        self.console.print(self.state.game.render_score(self.state, seat))

    def _finish(self) -> None:
        game = self.state.game
        self.console.print(game.render(self.state, None))
        self.console.print(game.render_result(self.state, self.seat_names()))
        self._save()

    def _leave(self) -> bool:
        self.console.print("Game left unfinished.")
        self._save()
        return False

    def _save(self) -> None:
        if self.record_path is None:
            return
        write_record(record_of(self.state, self.seat_names()), self.record_path)
        self.console.print(f"Record written to {self.record_path}")
