"""Drifting Lands final scoring (DL-9): continents, pawns, unused cards, ties, teams."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablelands.core.game import JsonDict
from tablelands.core.geometry import bits

if TYPE_CHECKING:
    from tablelands.games.drifting_lands.state import DriftingLandsState

#: 2 players: a total level above this is needed to score a continent (DL-9).
TWO_PLAYER_MINIMUM = 2
ESTIMATE_TEMPERATURE = 8.0


def continent_value(state: DriftingLandsState, continent: int) -> int:
    """DL-1: each tile is worth its space's value, doubled on a mountain."""
    values = state.edition.value
    mountain = state.board.mountain
    return sum(values[s] * (2 if mountain >> s & 1 else 1) for s in bits(continent))


def continents(state: DriftingLandsState) -> list[JsonDict]:
    """Each continent: its value, every seat's total pawn level on it, and who scores what."""
    board = state.board
    grid = board.grid
    result = []
    for number, continent in enumerate(board.continents()):
        value = continent_value(state, continent)
        levels = [0] * state.num_players
        for space, (owner, level) in board.pawns.items():
            if continent >> space & 1:
                levels[owner] += level
        floor = TWO_PLAYER_MINIMUM if state.num_players == 2 else 0
        ranked = sorted({lv for lv in levels if lv > floor}, reverse=True)
        points = [0] * state.num_players
        first = [s for s, lv in enumerate(levels) if ranked and lv == ranked[0]]
        second: list[int] = []
        if len(first) > 1:
            for seat in first:  # tie for first: split the full value, no second place
                points[seat] = value // len(first)
        elif first:
            points[first[0]] = value
            if len(ranked) > 1:
                second = [s for s, lv in enumerate(levels) if lv == ranked[1]]
                for seat in second:  # second place: half, shared when tied (rounded down)
                    points[seat] = (value // 2) // len(second)
        anchor = (continent & -continent).bit_length() - 1
        result.append(
            {
                "continent": number,
                "anchor": list(grid.coords(anchor)),
                "tiles": continent.bit_count(),
                "value": value,
                "levels": levels,
                "first": first,
                "second": second,
                "points": points,
            }
        )
    return result


def breakdown(state: DriftingLandsState) -> list[JsonDict]:
    """Per seat: continent points, pawn levels, unused cards' basic points, and the total."""
    table = continents(state)
    cards = state.edition.cards
    result = []
    for seat in range(state.num_players):
        pawns = [level for owner, level in state.board.pawns.values() if owner == seat]
        used = set(state.discards[seat]) | set(state.hands[seat])
        unused = sum(points for card, (_, points) in cards.items() if card not in used)
        from_continents = sum(entry["points"][seat] for entry in table)
        result.append(
            {
                "seat": seat,
                "team": state.team_of(seat),
                "continents": from_continents,
                "pawns": sum(pawns),
                "cards": unused,
                "total": from_continents + sum(pawns) + unused,
                "pawns_on_board": len(pawns),
            }
        )
    if state.teams:
        for row in result:
            row["team_total"] = sum(r["total"] for r in result if r["team"] == row["team"])
    return result


def winners(state: DriftingLandsState) -> list[int]:
    """Highest total (teams: team sum); ties to more pawns on the board; then shared."""
    rows = breakdown(state)
    sides: dict[int, tuple[int, int]] = {}
    for row in rows:
        total, pawns = sides.get(row["team"], (0, 0))
        sides[row["team"]] = (total + row["total"], pawns + row["pawns_on_board"])
    best = max(sides.values())
    return [row["seat"] for row in rows if sides[row["team"]] == best]


def evaluate(state: DriftingLandsState, player: int) -> float:
    """The score standing: the player's (team's) total minus the best other."""
    rows = breakdown(state)
    sides: dict[int, int] = {}
    for row in rows:
        sides[row["team"]] = sides.get(row["team"], 0) + row["total"]
    mine = sides.pop(state.team_of(player))
    return float(mine - max(sides.values()))


def estimate(state: DriftingLandsState) -> list[float]:
    """Each seat's (team's) share of a softmax over the totals so far."""
    rows = breakdown(state)
    teams = sorted({row["team"] for row in rows})
    totals = [sum(row["total"] for row in rows if row["team"] == team) for team in teams]
    shares = dict(zip(teams, state.shares(totals, ESTIMATE_TEMPERATURE), strict=True))
    return [shares[row["team"]] for row in rows]
