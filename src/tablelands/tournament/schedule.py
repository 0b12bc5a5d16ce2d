"""A tournament's schedule: which agents sit where in each game, and each game's seeds.

Everything about game ``i`` (its seats, its seed, its agents' seeds) follows from the
tournament's spec and ``i`` alone, so the games may be played in any order, by any number
of processes or machines, and give the same results.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from tablelands.core.errors import TablelandsError
from tablelands.core.files import content_hash
from tablelands.core.game import JsonDict, OptionValue
from tablelands.core.rng import SEED_LIMIT, Rng

FORMATS = ("round-robin", "gauntlet")


class TournamentError(TablelandsError):
    """A tournament that cannot be played as asked, saying what is wrong."""


@dataclass(frozen=True, slots=True)
class Spec:
    """Everything that decides a tournament's games: its key is worked out from it."""

    game: str
    players: int
    agents: tuple[str, ...]
    #: Games per pairing (a pairing: the agents of one game, in any seating).
    games: int
    format: str
    seed: int
    #: Every option's value, defaults included, so that a changed default is a new key.
    options: dict[str, OptionValue] = field(default_factory=dict)
    #: ``packaged`` or the content hash of the edition file.
    edition: str = "packaged"
    #: The variant's label in a comparison, else empty.
    variant: str = ""

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise TournamentError(f"format {self.format!r}: use one of {', '.join(FORMATS)}")
        if self.games < 1:
            raise TournamentError(f"{self.games} games per pairing: play at least one")
        if len(self.agents) < self.players:
            raise TournamentError(
                f"{self.format} with {self.players} players needs at least {self.players} agents, "
                f"not {len(self.agents)} (repeat a spec to fill seats: random,random,greedy)"
            )

    def to_json(self) -> JsonDict:
        return {
            "program": "tablelands tournament",
            "game": self.game,
            "players": self.players,
            "agents": list(self.agents),
            "games": self.games,
            "format": self.format,
            "seed": self.seed,
            "options": dict(sorted(self.options.items())),
            "edition": self.edition,
            "variant": self.variant,
        }

    @classmethod
    def from_json(cls, data: JsonDict) -> Spec:
        fields: dict[str, Any] = {k: v for k, v in data.items() if k != "program"}
        fields["agents"] = tuple(fields["agents"])
        return cls(**fields)

    @property
    def key(self) -> str:
        """The tournament's key in a results file: 16 hex digits of its spec's hash."""
        return content_hash(self.to_json()).removeprefix("sha256:")[:16]

    def pairings(self) -> list[tuple[int, ...]]:
        """Each pairing's agents, as positions in :attr:`agents` (so a spec given twice
        fills two seats): round-robin, every combination of ``players`` of them; a
        gauntlet, the first with every combination of the others."""
        positions = range(len(self.agents))
        if self.format == "round-robin" or self.players == 1:
            return list(combinations(positions, self.players))
        return [(0, *rest) for rest in combinations(positions[1:], self.players - 1)]

    @property
    def total(self) -> int:
        return len(self.pairings()) * self.games

    def seats(self, index: int, pairings: list[tuple[int, ...]] | None = None) -> list[str]:
        """The agent spec of each seat in game ``index``: the pairing's ``j``-th game
        seats its agents rotated ``j`` places, so each sits in every seat in turn."""
        pairing = (pairings or self.pairings())[index // self.games]
        shift = index % self.games % self.players
        return [self.agents[pairing[(s + shift) % self.players]] for s in range(self.players)]

    def seed_of(self, index: int) -> int:
        """Game ``index``'s seed: the tournament's seed plus the index (mod 2^63)."""
        return (self.seed + index) % SEED_LIMIT


def agent_seeds(game_seed: int, seats: int) -> list[int]:
    """Each seat's agent seed, from the game's seed alone."""
    seeder = Rng(game_seed * 1_000_003 + 17)
    return [seeder.next_u64() for _ in range(seats)]
