"""Write the golden records and search choices that tests/golden/test_golden.py holds the
code to: ``python -m tests.golden.make_golden``. Run it only when a change of behaviour is
meant, and say why in the commit: these files are what 'behaviour unchanged' means."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tablelands.agents import make_agent
from tablelands.agents.mcts import MctsAgent
from tablelands.core.records import record_of
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games import game_names, get_game

HERE = Path(__file__).parent
RECORDS = HERE / "records"
CHOICES = HERE / "mcts_choices.json"
#: Agents per seat, repeated to fill the seats.
SPECS = ("greedy", "random", "mcts:40it")
SEARCH_ITERATIONS = 120
POSITIONS_PER_MODE = 3


def modes() -> list[tuple[str, int, dict[str, Any]]]:
    return [
        (name, players, dict(options))
        for name in game_names()
        for players, options in get_game(name).info.modes
    ]


def mode_name(name: str, players: int, options: dict[str, Any]) -> str:
    on = "-".join(key for key, value in sorted(options.items()) if value)
    return f"{name}-{players}p" + (f"-{on}" if on else "")


def golden_record(name: str, players: int, options: dict[str, Any]) -> str:
    """The record of one seeded game between greedy, random and a small search."""
    state = get_game(name).new_state(players=players, seed=2026, options=options)
    specs = [SPECS[s % len(SPECS)] for s in range(players)]
    seeds = Rng(99)
    bots = [make_agent(spec, seeds.next_u64()) for spec in specs]
    while not state.is_terminal:
        state.apply(bots[state.current_player].choose(SeatView(state)))
    return json.dumps(record_of(state, specs).model_dump(mode="json"), indent=2) + "\n"


def search_choices(name: str, players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The search's ranking at a few positions of a random game (fixed iterations)."""
    state = get_game(name).new_state(players=players, seed=7, options=options)
    rng = Rng(7)
    found = []
    step = 0
    while not state.is_terminal and len(found) < POSITIONS_PER_MODE:
        if len(state.legal_actions()) > 1 and step % 11 == 5:
            agent = make_agent(f"mcts:{SEARCH_ITERATIONS}it", step)
            assert isinstance(agent, MctsAgent)
            ranked = agent.analyse(SeatView(state))
            found.append(
                {
                    "actions": len(state.history),
                    "ranked": [[c.action, c.visits, round(c.value, 9)] for c in ranked[:5]],
                }
            )
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    return found


def main() -> None:
    RECORDS.mkdir(exist_ok=True)
    choices = {}
    for name, players, options in modes():
        label = mode_name(name, players, options)
        (RECORDS / f"{label}.json").write_text(golden_record(name, players, options))
        choices[label] = search_choices(name, players, options)
    CHOICES.write_text(json.dumps(choices, indent=1) + "\n")


if __name__ == "__main__":
    main()
