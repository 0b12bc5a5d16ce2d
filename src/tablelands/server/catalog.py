"""What can be played: every registered game with its player counts and options, and the
agents, for the page that sets up a game (``GET /api/games/catalog``)."""

from __future__ import annotations

from tablelands.agents import AGENTS
from tablelands.core.game import JsonDict
from tablelands.games import game_names, get_game

#: The bot strengths the lobby offers, weakest first: the agent, its spec, a label and what
#: it plays like. Any other spec (``mcts:5000it``) can still be sent to the API.
STRENGTHS: tuple[tuple[str, str, str, str], ...] = (
    ("random", "random", "Random", "weakest: any legal action, for learning the rules"),
    ("greedy", "greedy", "Greedy", "weak: the best immediate evaluation, no look-ahead"),
    ("mcts", "mcts:1s", "Search, 1 s", "strong: searches the game 1 second a move"),
    ("mcts", "mcts:3s", "Search, 3 s", "stronger: 3 seconds a move"),
    ("mcts", "mcts:8s", "Search, 8 s", "strongest here: 8 seconds a move"),
)


def catalog() -> JsonDict:
    games = []
    for name in game_names():
        info = get_game(name).info
        edition = get_game(name).default_edition()
        games.append(
            {
                "name": info.name,
                "title": info.title,
                "summary": info.summary,
                "player_counts": list(info.player_counts),
                "edition": {"name": edition.name, "hash": edition.content_hash},
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
        {"name": name, "spec": spec, "label": label, "strength": strength, "help": AGENTS[name]}
        for name, spec, label, strength in STRENGTHS
    ]
    return {
        "games": games,
        "agents": agents,
        "seat_kinds": ["me", "bot", "friend", "hotseat"],
    }
