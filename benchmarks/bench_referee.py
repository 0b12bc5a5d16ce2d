"""The web server's referee work per move, in-process: whole seeded games of random moves,
each move played and every seat's frame made as the server makes them, ms per move.

What is timed per move is what ``server/position.py`` (``Position.check_play``, ``play``,
``can_undo``, ``view``) and ``server/referee.py`` (``frames``, with ``messages.seat_frame``)
do for one play, reproduced here from the kernel's objects alone (the server is not
imported, so that a change to it does not change what this measures): the true state
cloned and the action applied to the copy, every seat's log and the public log following
it (every seat's observation made once, for its log and its view), then for every seat its
:class:`SeatView` and the frame (legal actions as JSON, standings, the log lines since the
seat's last frame, and the observation's text the view wrote), the undo check for the seat
that moved when it is still to act, and each frame as JSON text. Choosing the
move is not timed. Spectators' frames are left out: a game is usually played without any.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import pin_to_one_core, report
from tablelands.core.game import JsonDict, State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatLog, SeatView
from tablelands.games import get_game

#: game, players, target ms per move: half the median measured before the views were made
#: cheaper (2 December 2026, this bench on the code before it: 7.5, 9.3, 17.1, 12.8 and
#: 17.6 ms per move, on a machine with a load of about 4).
CASES = (
    ("confusing-lands", 2, 3.8),
    ("land-vs-sea", 2, 4.7),
    ("land-vs-sea", 4, 8.5),
    ("drifting-lands", 2, 6.4),
    ("drifting-lands", 4, 8.8),
)
GAMES = 12


@dataclass(frozen=True, slots=True)
class LogLine:
    """``referee.LogLine``: a line of a log and the seq of the move that wrote it."""

    seq: int
    text: str


class Referee:
    """A game's true state and the seats' logs, moved on one play at a time as the
    server's ``Position`` moves them; :meth:`play` also makes every seat's frame."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.seq = 0
        self.last_seat = -1
        game, edition, n = state.game, state.edition, state.num_players
        self.logs = [SeatLog(game, edition, state.observation(seat)) for seat in range(n)]
        self.lines = [[LogLine(0, text) for text in log.lines] for log in self.logs]
        self.public_log = SeatLog(game, edition, state.public_observation())
        self.public_lines = [LogLine(0, text) for text in self.public_log.lines]
        self.views: dict[int, SeatView] = {}
        self.seats: list[JsonDict] = [
            {"seat": seat, "kind": "friend", "name": f"seat {seat + 1}", "agent": None}
            | {"connected": True, "invited": False}
            for seat in range(n)
        ]

    def play(self, action: int) -> list[str]:
        """Play the current player's ``action``; every seat's frame as JSON text."""
        before, seat = self.state, self.state.current_player
        rng_before = before.rng.state
        after = before.clone()  # Position.check_play
        after.apply(action)
        # Position.play
        views_before, self.views = self.views, {}
        self.state = after
        self.seq += 1
        self.last_seat = seat
        seen = [after.observation(s) for s in range(after.num_players)]
        for s, log in enumerate(self.logs):
            self.lines[s].extend(LogLine(self.seq, text) for text in log.follow(seen[s]))
        self.public_lines.extend(
            LogLine(self.seq, text) for text in self.public_log.follow(after.public_observation())
        )
        # Position.can_undo: only the seat that moved, while it is still to act and nothing
        # was drawn; its view before the move is the one its last frame was made from.
        can_undo = False
        if after.current_player == seat and after.rng.state == rng_before:
            mover = views_before.get(seat) or SeatView(before, seat)
            can_undo = mover.learns_nothing(action, seen[seat])
        result: JsonDict | None = None
        if after.is_terminal:
            result = {"scores": after.scores(), "winners": after.winners(), "seed": after.seed}
        since = self.seq - 1
        frames = []
        for s in range(after.num_players):
            view = self.views[s] = SeatView(after, s, seen[s])  # Position.view
            frame = seat_frame(view, self.seq, self.lines[s], since, can_undo and s == seat)
            frame["seats"], frame["result"] = self.seats, result
            # messages.Frame.text: the observation's text is the view's own.
            text = json.dumps(frame, separators=(",", ":"), ensure_ascii=False)
            frames.append(f'{text[:-1]},"observation":{view.observation_json()}}}')
        return frames


def seat_frame(
    view: SeatView, seq: int, lines: list[LogLine], since: int, can_undo: bool
) -> JsonDict:
    """``messages.seat_frame``'s fields but the observation, field for field (the seats and
    result set after)."""
    return {
        "type": "view",
        "game": "bench",
        "seq": seq,
        "seat": view.seat,
        "to_act": view.to_act,
        "current_player": view.current_player,
        "is_over": view.is_terminal,
        "legal_actions": view.legal_actions_json(),
        "can_undo": can_undo,
        "standings": view.standings(),
        "log": [{"seq": line.seq, "text": line.text} for line in lines if line.seq > since],
        "undone": [],
        "seats": None,
        "result": None,
    }


def game_ms_per_move(name: str, players: int, seed: int) -> float:
    """One whole game of random moves from ``seed``: the referee's ms per move, in CPU time
    of this process (other work on a shared machine changes it less than the clock)."""
    referee = Referee(get_game(name).new_state(players=players, seed=seed))
    rng = Rng(seed + 1000)
    spent = 0.0
    moves = 0
    while not referee.state.is_terminal:
        action = rng.choice(referee.state.legal_actions())
        start = time.process_time()
        referee.play(action)
        spent += time.process_time() - start
        moves += 1
    return 1000 * spent / moves


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    games = int(args[0]) if args else GAMES
    pin_to_one_core()
    missed = 0
    for name, players, target in CASES:
        game_ms_per_move(name, players, games)  # untimed: first calls compile and fill caches
        figures = [game_ms_per_move(name, players, seed) for seed in range(games)]
        median, mean = statistics.median(figures), statistics.fmean(figures)
        print(f"{name}, {players} players, {games} games: median {median:.2f} ms/move")
        missed += report(f"{name} referee, {players} players, mean", mean, "ms/move", target, False)
    return missed


if __name__ == "__main__":
    sys.exit(main())
