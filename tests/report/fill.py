"""Results files for the report's tests and benchmark, filled with bot games played as
``tablelands.sim`` plays them (the tournament's runner does this for real)."""

from __future__ import annotations

import time
from pathlib import Path

from tablelands.agents import make_agent
from tablelands.core.game import OptionValue
from tablelands.core.match import Setup
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games import get_game
from tablelands.sim import Simulation
from tablelands.tournament.results import GameResult, ResultsFile


def fill_results(
    path: Path,
    game: str,
    players: int,
    agents: tuple[str, ...],
    games: int,
    options: dict[str, OptionValue] | None = None,
    key: str = "t1",
    seed: int = 0,
    variant: str = "",
) -> None:
    """Append ``games`` games of ``agents`` (seats rotated, seeds as ``sim.play_one`` draws
    them) to the results file at ``path``, as tournament ``key``."""
    chosen = get_game(game)
    simulation = Simulation(Setup.checked(chosen, players, seed, options), agents, True)
    results = []
    for index in range(games):
        start = time.perf_counter()
        names = simulation.seats(index)
        setup = simulation.setup_of(index)
        seeder = Rng(setup.seed * 1_000_003 + 17)
        bots = [make_agent(name, seeder.next_u64()) for name in names]
        state = setup.start()
        moves = 0
        while not state.is_terminal:
            state.apply(bots[state.current_player].choose(SeatView(state)))
            moves += 1
        standings = chosen.standings(state.public_observation(), setup.edition)
        results.append(
            GameResult(
                tournament=key,
                index=index,
                game=game,
                players=players,
                options=setup.options,
                edition="packaged",
                variant=variant,
                seed=setup.seed,
                seats=names,
                scores=state.scores(),
                returns=state.returns(),
                moves=moves,
                standings=standings,
                seconds=time.perf_counter() - start,
            )
        )
    with ResultsFile(path) as file:
        file.register(key, {"game": game, "players": players, "agents": list(agents)})
        file.append(results)
