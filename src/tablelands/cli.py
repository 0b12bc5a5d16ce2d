"""The ``tablelands`` command: list games, read rules, play, simulate, replay, report, check
editions."""

from __future__ import annotations

import json
import os
import secrets
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tablelands import analysis, sim
from tablelands.agents import AGENTS, Agent, make_agent
from tablelands.agents.mcts import MctsAgent
from tablelands.core.errors import EditionError, RecordError, TablelandsError
from tablelands.core.files import (
    check_output_file,
    check_output_folder,
    read_json,
    write_text_atomic,
)
from tablelands.core.game import Edition, Game, OptionValue
from tablelands.core.match import Setup
from tablelands.core.records import read_record, replay, write_record
from tablelands.core.rng import SEED_LIMIT, Rng
from tablelands.games import game_names, get_game
from tablelands.games.drawing import renderer_for, rules_drawn
from tablelands.server.settings import Limits
from tablelands.session import Session
from tablelands.sim import Simulation
from tablelands.tournament.commands import add_tournament_commands

app = typer.Typer(
    help="Play, study and build bots for Confusing Lands, Land vs Sea and Drifting Lands.",
    no_args_is_help=True,
    add_completion=False,
)
edition_app = typer.Typer(help="Check and export component editions.", no_args_is_help=True)
app.add_typer(edition_app, name="edition")
add_tournament_commands(app)

AGENT_HELP = "Agent specs: " + "; ".join(f"{name}: {text}" for name, text in AGENTS.items()) + "."
GameArg = Annotated[str, typer.Argument(help="Game name: " + ", ".join(game_names()) + ".")]
OptionsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", help="Game option KEY=VALUE (repeatable); see `tablelands games GAME`."
    ),
]
EditionOpt = Annotated[
    Path | None,
    typer.Option("--edition", help="Edition file to play with instead of the packaged one."),
]
SeedOpt = Annotated[
    int | None,
    typer.Option(
        "--seed",
        min=0,
        max=SEED_LIMIT - 1,
        help="Seed (0 to 2^63 - 1); the same seed and actions give the same game.",
    ),
]


def fail(message: str) -> typer.Exit:
    # Not wrapped: an error names paths and fields that must survive copying whole.
    Console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def parse_options(game: Game[Any], given: list[str] | None) -> dict[str, OptionValue]:
    raw: dict[str, OptionValue] = {}
    for item in given or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise fail(f"--option takes KEY=VALUE, not {item!r}")
        raw[key.strip()] = value.strip()
    resolved = game.resolve_options(raw)  # checks names and values
    return {key: resolved[key] for key in raw}


def load_edition(game: Game[Any], path: Path | None) -> Edition:
    """The packaged edition, or the file's, its warnings told on stderr."""
    if path is None:
        packaged: Edition = game.default_edition()
        return packaged
    edition: Edition = game.load_edition(path)
    warn_edition(edition, path)
    return edition


def warn_edition(edition: Edition, path: Path) -> None:
    """Tell on stderr what the edition file does that the published components do not."""
    for warning in edition.warnings():
        Console(stderr=True).print(
            f"[yellow]warning:[/yellow] {path}: {warning}", highlight=False, soft_wrap=True
        )


@app.command("games")
def games_command(
    game: Annotated[str | None, typer.Argument(help="Show one game in detail.")] = None,
) -> None:
    """List the games, or one game's player counts, options and agents."""
    console = Console()
    try:
        if game is None:
            table = Table(title="Games")
            for column in ("name", "title", "players", "about"):
                table.add_column(column)
            for name in game_names():
                info = get_game(name).info
                table.add_row(
                    name, info.title, ", ".join(map(str, info.player_counts)), info.summary
                )
            console.print(table)
            return
        chosen = get_game(game)
    except TablelandsError as exc:
        raise fail(str(exc)) from None
    info = chosen.info
    console.print(f"[bold]{info.title}[/bold] ({info.name}): {info.summary}")
    console.print(f"Players: {', '.join(map(str, info.player_counts))}")
    if info.options:
        table = Table(title="Options (--option KEY=VALUE)")
        for column in ("option", "default", "values", "meaning"):
            table.add_column(column)
        for spec in info.options:
            values = ", ".join(spec.choices) or type(spec.default).__name__
            table.add_row(spec.name, str(spec.default), values, spec.help)
        console.print(table)
    else:
        console.print("Options: none")
    console.print("Agents: " + ", ".join(AGENTS))
    console.print(f"Edition: {chosen.default_edition().name}")


@app.command("rules")
def rules_command(game: GameArg) -> None:
    """Show a game's rules, in our words, with the rulings and worked examples drawn."""
    try:
        drawn = rules_drawn(get_game(game))
    except TablelandsError as exc:
        raise fail(str(exc)) from None
    Console().print(*drawn)


@app.command("play", epilog=AGENT_HELP)
def play_command(
    game: GameArg,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players.")
    ] = None,
    solo: Annotated[
        bool, typer.Option("--solo", help="Play alone (the game's solo variant).")
    ] = False,
    vs: Annotated[
        str | None,
        typer.Option("--vs", help="Agent spec for every other seat; without it, hot-seat."),
    ] = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat (1 = first to play).")] = 1,
    seed: SeedOpt = None,
    edition: EditionOpt = None,
    option: OptionsOpt = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="Write the game record here.")
    ] = None,
) -> None:
    """Play a game in the terminal, alone, hot-seat, or against a bot."""
    console = Console()
    try:
        chosen = get_game(game)
        if solo and players not in (None, 1):
            raise fail("--solo is a game for 1 player; leave out --players")
        default = 2 if vs else min(chosen.info.player_counts)
        count = 1 if solo else default if players is None else players
        chosen.check_players(count)  # --players 0 is no default: refused, naming the counts
        if vs and count == 1:
            raise fail("--vs needs an opponent seat: play with --players 2 or more, not solo")
        if not 1 <= seat <= count:
            raise fail(f"--seat must be between 1 and {count}")
        # A seed rebuilds every hidden card: drawn from 63 bits so that it cannot be found by
        # trying them all, and bots get seeds of their own unless the game is to be replayed.
        actual_seed = secrets.randbelow(SEED_LIMIT) if seed is None else seed
        bot_seeds = Rng(actual_seed if seed is not None else secrets.randbits(64))
        options = parse_options(chosen, option)
        setup = Setup.checked(chosen, count, actual_seed, options, load_edition(chosen, edition))
        state = setup.start()
        seats: list[Agent | None] = [
            None if s == seat - 1 or vs is None else make_agent(vs, bot_seeds.next_u64())
            for s in range(count)
        ]
        if record is not None:
            check_output_file(record, RecordError)  # before the game, not after it
    except TablelandsError as exc:
        raise fail(str(exc)) from None
    Session(state, seats, console, record).run()


@app.command("simulate", epilog=AGENT_HELP)
def simulate_command(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games to play.")],
    agents: Annotated[
        str,
        typer.Option(
            "--agents", "-a", help="Comma-separated agent specs, one per seat (repeated to fill)."
        ),
    ] = "random",
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players.")
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", min=0, max=SEED_LIMIT - 1, help="Game i uses seed SEED + i.")
    ] = 0,
    rotate: Annotated[
        bool, typer.Option("--rotate", help="Rotate the agents' seats from game to game.")
    ] = False,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write one record per game into this folder.")
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Play games in this many processes.")
    ] = 1,
    edition: EditionOpt = None,
    option: OptionsOpt = None,
) -> None:
    """Play many games between bots and report win rates and scores (the same results
    whatever the number of workers)."""
    console = Console()
    try:
        chosen = get_game(game)
        specs = [s.strip() for s in agents.split(",") if s.strip()]
        if not specs:
            raise fail("--agents needs at least one agent spec")
        default = len(specs) if len(specs) in chosen.info.player_counts else 2
        count = default if players is None else players  # --players 0 is refused below
        chosen.check_players(count)
        options = parse_options(chosen, option)
        chosen_edition = load_edition(chosen, edition)
        for spec in set(specs):
            make_agent(spec, 0)
        setup = Setup.checked(chosen, count, seed, options, chosen_edition)
        if seed + games > SEED_LIMIT:
            raise fail(f"--seed: the last game would have seed {seed + games - 1}, over 2^63 - 1")
        if out is not None:
            check_output_folder(out, RecordError)  # before the games, not after the first
    except TablelandsError as exc:
        raise fail(str(exc)) from None
    simulation = Simulation(setup, tuple(specs), rotate)
    wins: dict[str, float] = defaultdict(float)
    seats_played: dict[str, int] = defaultdict(int)
    points: dict[str, list[int]] = defaultdict(list)
    ratings: Counter[str] = Counter()
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("simulating", total=games)
        for outcome in sim.run(simulation, games, workers):
            for s, name in enumerate(outcome.names):
                seats_played[name] += 1
                points[name].append(outcome.scores[s])
                wins[name] += outcome.returns[s] if count > 1 else 0.0
                rating = chosen.rating(outcome.scores[s], count)
                if rating is not None:
                    ratings[rating] += 1
            if out is not None:
                name = f"game-{outcome.index:05d}-seed-{seed + outcome.index}.json"
                try:
                    write_record(outcome.record, out / name)
                except TablelandsError as exc:
                    raise fail(str(exc)) from None
            progress.advance(task)
    table = Table(title=f"{chosen.info.title}: {games} games, {count} players")
    table.add_column("agent")
    table.add_column("seats played", justify="right")
    if count > 1:
        table.add_column("win rate", justify="right")
    for column in ("mean score", "sd", "min", "max"):
        table.add_column(column, justify="right")
    for name in dict.fromkeys(specs):
        scores = points[name]
        row = [name, str(seats_played[name])]
        if count > 1:
            row.append(f"{wins[name] / seats_played[name]:.1%}")
        spread = statistics.pstdev(scores) if len(scores) > 1 else 0.0
        row += [
            f"{statistics.fmean(scores):.2f}",
            f"{spread:.2f}",
            str(min(scores)),
            str(max(scores)),
        ]
        table.add_row(*row)
    console.print(table)
    if ratings:
        rated = Table(title="Solo ratings")
        rated.add_column("rating")
        rated.add_column("games", justify="right")
        for rating, number in sorted(ratings.items(), key=lambda item: -item[1]):
            rated.add_row(rating, str(number))
        console.print(rated)
    if out is not None:
        console.print(f"Records written to {out}/")


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    edition: EditionOpt = None,
    show: Annotated[bool, typer.Option("--show", help="Draw the final position.")] = False,
) -> None:
    """Re-play a record from its seed and actions; fail loudly on any mismatch."""
    console = Console()
    try:
        record = read_record(file)
        chosen = get_game(record.game)
        state = replay(record, chosen, load_edition(chosen, edition), str(file))
    except TablelandsError as exc:
        raise fail(str(exc)) from None
    if show:
        console.print(renderer_for(chosen).board(state.observation(0), state.edition))
    if record.complete:
        console.print(
            f"[green]OK[/green] {file}: {len(record.actions)} actions replay "
            "to the recorded result "
            f"(scores {record.scores}, winners {[w + 1 for w in record.winners or []]})."
        )
    else:
        console.print(
            f"[green]OK[/green] {file}: an unfinished game; "
            f"its {len(record.actions)} actions replay."
        )


@app.command("report")
def report_command(
    results: Annotated[Path, typer.Argument(help="A results file (`tablelands tournament`).")],
    out: Annotated[
        Path, typer.Option("--out", help="The HTML file to write (replaced if there).")
    ] = Path("report.html"),
    tournament: Annotated[
        str | None, typer.Option("--tournament", help="Only this tournament's games (its key).")
    ] = None,
) -> None:
    """Write the balance report of a results file: one self-contained HTML page of charts
    (docs/report.md)."""
    from tablelands.report import write_report  # matplotlib: only for this command

    try:
        report = write_report(results, out, tournament)
    except TablelandsError as exc:
        raise fail(str(exc)) from None
    Console().print(f"Report of {report.games:,} games written to {out}")


@app.command("analyze")
def analyze_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    budget: Annotated[
        str, typer.Option("--budget", "-b", help="Search budget per decision: 2s, 0.5s or 5000it.")
    ] = "1s",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for tools.")] = False,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the search.")] = 0,
    edition: EditionOpt = None,
) -> None:
    """Weigh every decision of a recorded game: the move played, the search's preferred move,
    the expected loss, and a summary per player."""
    console = Console()
    try:
        record = read_record(file)
        chosen = get_game(record.game)
        final = replay(record, chosen, load_edition(chosen, edition), str(file))
        adviser = make_agent(f"mcts:{budget}", seed)
    except TablelandsError as exc:
        raise fail(str(exc)) from None
    assert isinstance(adviser, MctsAgent)
    start = Setup.of(final).start()
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("analysing", total=len(final.history))
        verdicts = analysis.analyse(
            start, final.history, adviser.budget, seed, lambda _: progress.advance(task)
        )
    names = [p.name for p in record.players]
    if as_json:
        data = analysis.to_json(verdicts, final.num_players)
        data |= {
            "record": str(file),
            "game": record.game,
            "budget": str(adviser.budget),
            "players_names": names,
        }
        print(json.dumps(data, indent=2))
        return
    table = Table(title=f"{chosen.info.title}: {file.name}, search {adviser.budget} a decision")
    for column in ("#", "seat", "played", "best", "expected loss"):
        table.add_column(column)
    for verdict in verdicts:
        flag = next((n for n, t in reversed(analysis.THRESHOLDS) if verdict.loss >= t), "")
        table.add_row(
            str(verdict.index + 1),
            str(verdict.player + 1),
            verdict.played,
            "" if verdict.best == verdict.played else verdict.best,
            f"{verdict.loss:.3f} {flag[:-3] + 'y' if flag == 'inaccuracies' else flag[:-1]}".strip(),
        )
    console.print(table)
    summary = Table(title="Per player")
    for column in (
        "seat",
        "player",
        "decisions",
        "agreement",
        "mean loss",
        "inaccuracies",
        "mistakes",
        "blunders",
    ):
        summary.add_column(column)
    for row in analysis.summary(verdicts, final.num_players):
        seat = int(row["seat"])
        summary.add_row(
            str(seat + 1),
            names[seat],
            str(row["decisions"]),
            f"{row['agreement']:.0%}",
            f"{row['mean_loss']:.3f}",
            str(row["inaccuracies"]),
            str(row["mistakes"]),
            str(row["blunders"]),
        )
    console.print(summary)


@edition_app.command("validate")
def edition_validate(file: Annotated[Path, typer.Argument(help="An edition file (JSON).")]) -> None:
    """Check an edition file against its game's schema."""
    try:
        data = read_json(file, EditionError)
        name = data.get("game") if isinstance(data, dict) else None
        if not isinstance(name, str):
            raise EditionError(f'{file}: game: missing; it names the game, e.g. "confusing-lands"')
        chosen = get_game(name)
        loaded = chosen.load_edition(file)
    except TablelandsError as exc:
        raise fail(str(exc)) from None
    warn_edition(loaded, file)
    kind = "reconstructed" if loaded.reconstructed else "transcribed"
    Console().print(
        f"[green]valid[/green] {file}: {chosen.info.title} edition {loaded.name!r} "
        f"({kind}), {loaded.content_hash}"
    )


@edition_app.command("export")
def edition_export(
    game: GameArg,
    out: Annotated[
        Path, typer.Argument(help="Where to write the packaged edition, as a starting point.")
    ],
) -> None:
    """Write the packaged edition to a file, to edit into a transcription of real components."""
    try:
        edition = get_game(game).default_edition()
        check_output_file(out, EditionError)
        # The data as given, so the file written has the packaged edition's hash.
        write_text_atomic(out, json.dumps(edition.to_data(), indent=2) + "\n", EditionError)
    except TablelandsError as exc:
        raise fail(str(exc)) from None
    Console().print(f"Wrote {edition.name!r} to {out}")


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="The port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL, e.g. postgresql+psycopg://user:pass@host/dbname "
            "(default: SQLite in your data directory)."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="Searches (bots, hints) made at once, a process each; one more process "
            "plays the bots that do not search.",
        ),
    ] = 2,
    processes: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="Server processes sharing the address, each serving any game "
            "(more than 1 needs PostgreSQL).",
        ),
    ] = 1,
    hint_budget: Annotated[
        str, typer.Option(help="Search budget of a hint: 2s, 0.5s or 5000it.")
    ] = "1s",
    analysis_budget: Annotated[
        str,
        typer.Option(help="Search budget per decision of a finished game's analysis."),
    ] = "0.2s",
    max_bot_budget: Annotated[
        str | None,
        typer.Option(
            help="The longest a bot made from the web may think a move: seconds (8s) "
            "or iterations (20000it); default: the lobby's strongest, 8s and 20000it."
        ),
    ] = None,
    limit: Annotated[
        list[str] | None,
        typer.Option(
            help="Change one of the server's limits, NAME=VALUE (again for more): "
            + ", ".join(Limits.names())
            + " (docs/server.md, Running it for others)."
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="Another origin (https://example.org) whose pages may open game sockets, "
            "e.g. the public name of a proxy in front of the server."
        ),
    ] = None,
    log_format: Annotated[
        str, typer.Option(help="How log lines are written: text, or json (one object a line).")
    ] = "text",
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The server's address as players reach it, for the links in notifications "
            "(default: http://HOST:PORT)."
        ),
    ] = None,
    smtp_url: Annotated[
        str | None,
        typer.Option(
            help="Send e-mail notifications through smtp://user:password@host:587 (STARTTLS "
            "when offered) or smtps://...; or set TABLELANDS_SMTP_URL, which keeps the "
            "password out of the process list. Default: no e-mail."
        ),
    ] = None,
    mail_from: Annotated[
        str, typer.Option(help="The sender of e-mail notifications.")
    ] = "tablelands <noreply@localhost>",
    push_contact: Annotated[
        str,
        typer.Option(
            help="Who push services may contact about this server (mailto: or https: address)."
        ),
    ] = "mailto:admin@localhost",
) -> None:
    """Run the web app: play in the browser, against bots or friends by invite link."""
    # Imported here: the other commands need none of the web stack.
    from tablelands.server.main import serve
    from tablelands.server.settings import Settings, default_database_url

    for option, text in (("--hint-budget", hint_budget), ("--analysis-budget", analysis_budget)):
        try:
            analysis.budget_of(text)
        except TablelandsError as exc:
            raise fail(f"{option}: {exc}") from None
    if log_format not in ("text", "json"):
        raise fail(f"--log-format is text or json, not {log_format!r}")
    try:
        limits = Limits().with_text(limit or [])
        if max_bot_budget is not None:
            limits = limits.with_bot_budget(max_bot_budget)
    except ValueError as exc:
        raise fail(str(exc)) from None
    try:
        settings = Settings(
            database_url=db or default_database_url(),
            workers=workers,
            hint_budget=hint_budget,
            analysis_budget=analysis_budget,
            limits=limits,
            allowed_origins=tuple(allowed_origin or ()),
            json_logs=log_format == "json",
            public_url=public_url or f"http://{host}:{port}",
            mail_from=mail_from,
            push_contact=push_contact,
            smtp_url=smtp_url or os.environ.get("TABLELANDS_SMTP_URL"),
        )
    except ValueError as exc:
        raise fail(str(exc)) from None
    serve(host, port, settings, processes=processes)


@app.command("admin-token")
def admin_token_command(
    db: Annotated[
        str | None,
        typer.Option(help="The server's database URL (default: SQLite in your data directory)."),
    ] = None,
) -> None:
    """Make a new token for the server's admin page (/admin) and print it, once: the
    database keeps only its hash, and the token before it stops working."""
    from tablelands.server.admin import new_admin_token
    from tablelands.server.db import make_engine, upgrade
    from tablelands.server.events import Publisher
    from tablelands.server.settings import default_database_url
    from tablelands.server.store import Store

    engine = make_engine(db or default_database_url())
    try:
        upgrade(engine)
        token = new_admin_token(Store(engine, Publisher("admin-token", shared=False)))
    finally:
        engine.dispose()
    typer.echo(token)
    print("the admin token, shown this once (the server keeps its hash)", file=sys.stderr)


def main() -> None:
    app()
