"""The ``tablelands tournament`` and ``tablelands compare`` commands (docs/tournaments.md)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table as RichTable
from rich.text import Text

from tablelands.agents import AGENTS, make_agent
from tablelands.core.errors import TablelandsError
from tablelands.core.game import Edition, Game, OptionValue
from tablelands.core.match import Setup
from tablelands.core.rng import SEED_LIMIT
from tablelands.games import game_names, get_game
from tablelands.tournament.backends import BACKENDS, Backend, make_backend
from tablelands.tournament.compare import Figure, figures
from tablelands.tournament.ratings import agent_figures
from tablelands.tournament.results import GameResult, ResultsFile
from tablelands.tournament.runner import open_results, run_tournament
from tablelands.tournament.schedule import Spec, TournamentError

AGENT_HELP = "Agent specs: " + "; ".join(f"{name}: {text}" for name, text in AGENTS.items()) + "."
GameArg = Annotated[str, typer.Argument(help="Game name: " + ", ".join(game_names()) + ".")]
AgentsOpt = Annotated[
    str,
    typer.Option(
        "--agents",
        "-a",
        help="Comma-separated agent specs; give one twice to fill two seats with it.",
    ),
]
GamesOpt = Annotated[
    int,
    typer.Option(
        "--games",
        "-n",
        min=1,
        help="Games per pairing (the agents of one game), their seats rotated from game to "
        "game: a multiple of the player count seats each agent in every seat equally.",
    ),
]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", help="Players per game (default 2).")
]
FormatOpt = Annotated[
    str,
    typer.Option(
        "--format",
        help="round-robin: every combination of PLAYERS agents; gauntlet: the first agent "
        "against every combination of the others.",
    ),
]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers", "-w", min=1, help="Workers (default: this machine's CPUs); same results."
    ),
]
BackendOpt = Annotated[
    str, typer.Option("--backend", help="local: processes here; ray: Ray tasks (the ray extra).")
]
AddressOpt = Annotated[
    str | None,
    typer.Option(
        "--address",
        help="The Ray cluster to use (else RAY_ADDRESS, else a local Ray of WORKERS CPUs).",
    ),
]
ResultsOpt = Annotated[
    Path,
    typer.Option(
        "--results",
        help="Results file (SQLite), appended to as games finish; the same command resumes.",
    ),
]
SeedOpt = Annotated[
    int,
    typer.Option("--seed", min=0, max=SEED_LIMIT - 1, help="Game i is played with seed SEED + i."),
]
OptionsOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Game option KEY=VALUE (repeatable)."),
]


def add_tournament_commands(app: typer.Typer) -> None:
    app.command("tournament", epilog=AGENT_HELP)(tournament_command)
    app.command("compare", epilog=AGENT_HELP)(compare_command)


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def _options(game: Game[Any], given: list[str] | None, flag: str) -> dict[str, OptionValue]:
    raw: dict[str, OptionValue] = {}
    for item in given or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise TournamentError(f"{flag} takes KEY=VALUE, not {item!r}")
        raw[key.strip()] = value.strip()
    return game.resolve_options(raw)  # names and values checked, defaults filled in


def _edition(game: Game[Any], path: Path | None) -> tuple[Edition, str]:
    if path is None:
        return game.default_edition(), "packaged"
    edition: Edition = game.load_edition(path)
    for warning in edition.warnings():  # what it does that the published components do not
        Console(stderr=True).print(
            f"[yellow]warning:[/yellow] {path}: {warning}", highlight=False, soft_wrap=True
        )
    return edition, edition.content_hash


def _agents(text: str) -> tuple[str, ...]:
    specs = tuple(s.strip() for s in text.split(",") if s.strip())
    if not specs:
        raise TournamentError("--agents needs at least one agent spec")
    for spec in set(specs):
        make_agent(spec, 0).close()  # an unknown or malformed spec is refused here
    return specs


def _players(game: Game[Any], players: int | None) -> int:
    counts = game.info.player_counts
    count = players if players is not None else (2 if 2 in counts else counts[0])
    game.check_players(count)
    return count


def _check(spec: Spec, game: Game[Any], edition: Edition) -> None:
    """The tournament's setup checked, to refuse options the game refuses together (or for
    this player count) before any game is played."""
    Setup.checked(game, spec.players, spec.seed, spec.options, edition)


class _SpeedColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("- games/s" if speed is None else f"{speed:.1f} games/s")


def _play(
    console: Console,
    runs: list[tuple[Spec, Edition]],
    game: Game[Any],
    results: ResultsFile,
    backend_of: Callable[[], Backend],
) -> None:
    """Play the tournaments' missing games with a progress bar; on Ctrl-C say how to resume."""
    missing = sum(spec.total - len(results.done(spec.key)) for spec, _ in runs)
    if not missing:
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _SpeedColumn(),
        TimeRemainingColumn(),
    )
    try:
        with backend_of() as backend, Progress(*columns, console=console) as progress:
            task = progress.add_task("playing", total=missing)

            def advance(chunk: list[GameResult]) -> None:
                progress.advance(task, len(chunk))

            for spec, edition in runs:
                run_tournament(spec, game, edition, results, backend, advance)
    except KeyboardInterrupt:
        stored = sum(len(results.done(spec.key)) for spec, _ in runs)
        total = sum(spec.total for spec, _ in runs)
        console.print(
            f"Stopped: {stored} of {total} games are stored in {results.path}; "
            "run the same command again to play the rest."
        )
        raise typer.Exit(code=130) from None


def tournament_command(
    game: GameArg,
    agents: AgentsOpt,
    games: GamesOpt = 10,
    players: PlayersOpt = None,
    option: OptionsOpt = None,
    edition: Annotated[
        Path | None, typer.Option("--edition", help="Edition file instead of the packaged one.")
    ] = None,
    format: FormatOpt = "round-robin",
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    results: ResultsOpt = Path("tournament.db"),
    seed: SeedOpt = 0,
) -> None:
    """Play every pairing of the agents (seats rotated), store each game in a results file
    and print ratings (openskill), win rates with 95% intervals and mean scores."""
    console = Console()
    try:
        chosen = get_game(game)
        chosen_edition, label = _edition(chosen, edition)
        spec = Spec(
            game=chosen.info.name,
            players=_players(chosen, players),
            agents=_agents(agents),
            games=games,
            format=format,
            seed=seed,
            options=_options(chosen, option, "--option"),
            edition=label,
        )
        _check(spec, chosen, chosen_edition)
        count = _workers(workers)
        make = _backend_maker(backend, count, address)
        with open_results(results) as stored:
            _play(console, [(spec, chosen_edition)], chosen, stored, make)
            finished = list(stored.results(spec.key))
    except TablelandsError as exc:
        raise _fail(str(exc)) from None
    console.print(ratings_table(spec, finished, chosen.info.title))


def compare_command(
    game: GameArg,
    agents: AgentsOpt,
    games: GamesOpt = 10,
    players: PlayersOpt = None,
    a_option: Annotated[
        list[str] | None,
        typer.Option("--a-option", help="Variant A's option KEY=VALUE (repeatable)."),
    ] = None,
    b_option: Annotated[
        list[str] | None,
        typer.Option("--b-option", help="Variant B's option KEY=VALUE (repeatable)."),
    ] = None,
    a_edition: Annotated[
        Path | None, typer.Option("--a-edition", help="Variant A's edition file.")
    ] = None,
    b_edition: Annotated[
        Path | None, typer.Option("--b-edition", help="Variant B's edition file.")
    ] = None,
    option: OptionsOpt = None,
    format: FormatOpt = "round-robin",
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    results: ResultsOpt = Path("tournament.db"),
    seed: SeedOpt = 0,
) -> None:
    """Play the same tournament (same seeds) under two variants, A and B, and print each
    figure for both, B - A, and whether the difference is significant at 5%: shares by the
    two-proportion z-test, means by Welch's t-test."""
    console = Console()
    try:
        if (a_option or b_option) and (a_edition or b_edition):
            raise TournamentError(
                "compare options (--a-option, --b-option) or editions (--a-edition, "
                "--b-edition), not both"
            )
        if not (a_option or b_option or a_edition or b_edition):
            raise TournamentError(
                "give the variants: --a-option/--b-option KEY=VALUE or --a-edition/--b-edition"
            )
        chosen = get_game(game)
        common = dict(
            game=chosen.info.name,
            players=_players(chosen, players),
            agents=_agents(agents),
            games=games,
            format=format,
            seed=seed,
        )
        runs: list[tuple[Spec, Edition]] = []
        for label, given, path, flag in (
            ("A", a_option, a_edition, "--a-option"),
            ("B", b_option, b_edition, "--b-option"),
        ):
            chosen_edition, edition_label = _edition(chosen, path)
            spec = Spec(
                **common,  # type: ignore[arg-type]
                options=_options(chosen, [*(option or []), *(given or [])], flag),
                edition=edition_label,
                variant=label,
            )
            _check(spec, chosen, chosen_edition)
            runs.append((spec, chosen_edition))
        make = _backend_maker(backend, _workers(workers), address)
        with open_results(results) as stored:
            _play(console, runs, chosen, stored, make)
            a, b = (list(stored.results(spec.key)) for spec, _ in runs)
    except TablelandsError as exc:
        raise _fail(str(exc)) from None
    console.print(comparison_table(runs[0][0], runs[1][0], figures(a, b), chosen.info.title))


def _workers(workers: int | None) -> int:
    return workers if workers is not None else len(os.sched_getaffinity(0))


def _backend_maker(name: str, workers: int, address: str | None) -> Callable[[], Backend]:
    if name not in BACKENDS:
        raise TournamentError(f"--backend {name!r}: use one of {', '.join(BACKENDS)}")
    if address is not None and name != "ray":
        raise TournamentError("--address is for --backend ray")
    # Made only when there are games to play: a finished tournament starts no Ray.
    return lambda: make_backend(name, workers, address)


def ratings_table(spec: Spec, results: list[GameResult], title: str) -> RichTable:
    """The tournament's agents, best conservative rating first (solo games: the scores)."""
    rated = spec.players > 1
    table = RichTable(
        title=f"{title}: {len(results)} games, {spec.players} players, {spec.format}",
        caption="rating: openskill Plackett-Luce mu and sigma; ordinal: mu - 3 sigma; wins: "
        "the share won (a shared win counts its share), with its Wilson 95% interval; "
        "score: the mean"
        if rated
        else "score: the mean",
        caption_justify="left",
    )
    columns = ("mu", "sigma", "ordinal", "wins", "95% interval") if rated else ()
    for column in ("agent", "seats", *columns, "score"):
        table.add_column(
            column,
            justify="left" if column == "agent" else "right",
            no_wrap=column == "95% interval",
        )
    for row in agent_figures(results):
        cells = [row.agent, str(row.seats)]
        if row.wins is not None:
            cells += [
                f"{row.mu:.2f}",
                f"{row.sigma:.2f}",
                f"{row.ordinal:.2f}",
                f"{row.wins.share:.1%}",
                f"[{row.wins.low:.1%}, {row.wins.high:.1%}]",
            ]
        table.add_row(*cells, f"{row.mean_score:.2f}")
    return table


def comparison_table(a: Spec, b: Spec, rows: list[Figure], title: str) -> RichTable:
    def variant(spec: Spec) -> str:
        changed = {k: v for k, v in spec.options.items() if a.options[k] != b.options[k]}
        parts = [f"{k}={v}" for k, v in changed.items()]
        if a.edition != b.edition:
            parts.append(f"edition {spec.edition[:19]}")
        return ", ".join(parts) or "as A"

    table = RichTable(
        title=f"{title}: A ({variant(a)}) against B ({variant(b)}), {a.total} games each",
        caption="significant: p < 0.05; shares by the two-proportion z-test, means by "
        "Welch's t-test",
        caption_justify="left",
    )
    for column in ("figure", "A", "B", "B - A", "test", "p", "significant"):
        table.add_column(column, justify="left" if column == "figure" else "right")
    for row in rows:
        share = row.name.startswith(("win rate", "first-seat"))

        def number(x: float, share: bool = share) -> str:
            return f"{x:.1%}" if share else f"{x:.2f}"

        test = row.test
        table.add_row(
            row.name,
            number(row.a),
            number(row.b),
            ("+" if row.difference > 0 else "") + number(row.difference),
            "-" if test is None else test.kind,
            "-" if test is None else f"{test.p:.3f}",
            "yes" if row.significant else "no",
        )
    return table
