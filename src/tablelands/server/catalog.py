"""What can be played: every registered game with its player counts and options, and the
agents, for the page that sets up a game (``GET /api/games/catalog``)."""

from __future__ import annotations

from tablelands.agents import AGENTS
from tablelands.core.game import JsonDict
from tablelands.games import game_names, get_game

#: The agents, weakest first, with a spec to start from; ``mcts`` takes any budget.
STRENGTHS: tuple[tuple[str, str, str], ...] = (
    ("random", "random", "weakest: any legal action"),
    ("greedy", "greedy", "weak: the best immediate evaluation"),
    ("mcts", "mcts:1s", "strong, and stronger with more time (mcts:2s, mcts:5s)"),
)


def catalog() -> JsonDict:
    games = []
    for name in game_names():
        info = get_game(name).info
        games.append(
            {
                "name": info.name,
                "title": info.title,
                "summary": info.summary,
                "player_counts": list(info.player_counts),
                "options": [
                    {
                        "name": spec.name,
                        "help": spec.help,
                        "default": spec.default,
                        "type": type(spec.default).__name__,
                        "choices": list(spec.choices),
                    }
                    for spec in info.options
                ],
            }
        )
    agents = [
        {"name": name, "spec": spec, "strength": strength, "help": AGENTS[name]}
        for name, spec, strength in STRENGTHS
    ]
    return {
        "games": games,
        "agents": agents,
        "seat_kinds": ["me", "bot", "friend", "hotseat"],
    }
