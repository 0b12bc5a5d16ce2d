"""What can be played: every registered game with its player counts and options, and the
agents, for the page that sets up a game (``GET /api/games/catalog``)."""

from __future__ import annotations

from typing import Any

from tablelands.agents import AGENTS
from tablelands.core.errors import TablelandsError
from tablelands.core.game import Game, GameInfo, JsonDict, OptionValue
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
#: The strength the lobby's seats start at, and "Play now against a bot" plays.
DEFAULT_AGENT = "greedy"


def players_in_words(counts: tuple[int, ...]) -> str:
    """``(1,)`` -> ``1 player``; ``(1, 2)`` -> ``1 or 2 players``; ``(2, 3, 4)`` -> ``2 to 4
    players``; counts with a gap are listed: ``(2, 4, 5)`` -> ``2, 4 or 5 players``."""
    if counts == (1,):
        return "1 player"
    if len(counts) == 1:
        return f"{counts[0]} players"
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"


def quick_players(info: GameInfo) -> int:
    """The player count of "Play now against a bot": you and one bot where the game is
    played by two, else its smallest count."""
    return 2 if 2 in info.player_counts else info.player_counts[0]


def fixed_options(game: Game[Any]) -> dict[str, dict[str, OptionValue]]:
    """Per player count, the options it leaves no choice in (Land vs Sea's LS-12, Drifting
    Lands' teams for 4): each with the one value the game takes, found by asking the game
    to settle every other value. Only yes/no options and options with choices are tried."""
    fixed: dict[str, dict[str, OptionValue]] = {}
    for players in game.info.player_counts:
        settled = game.settle_options(players, {})
        for spec in game.info.options:
            values: tuple[OptionValue, ...] = (
                spec.choices
                if spec.choices
                else (True, False)
                if isinstance(spec.default, bool)
                else ()
            )
            others = [v for v in values if v != settled[spec.name]]
            if others and not any(_takes(game, players, spec.name, v) for v in others):
                fixed.setdefault(str(players), {})[spec.name] = settled[spec.name]
    return fixed


def _takes(game: Game[Any], players: int, name: str, value: OptionValue) -> bool:
    try:
        game.settle_options(players, {name: value})
    except TablelandsError:
        return False
    return True


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
                "blurb": info.blurb,
                "length": info.length,
                "rules": f"/rules/{info.name}",
                "quick_players": quick_players(info),
                "players_text": players_in_words(info.player_counts),
                "player_counts": list(info.player_counts),
                "edition": {"name": edition.name, "hash": edition.content_hash},
                "fixed_options": fixed_options(get_game(name)),
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
        "default_agent": DEFAULT_AGENT,
        "seat_kinds": ["me", "bot", "friend", "hotseat"],
    }
