"""Drifting Lands final scoring (DL-9): continents, pawns, unused cards, ties, teams."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablelands.core.game import JsonDict
from tablelands.core.geometry import bits
from tablelands.games.drifting_lands.components import CARD_TYPES

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


def award(levels: list[int], value: int, floor: int) -> tuple[list[int], list[int], list[int]]:
    """DL-9 for one continent of ``value``: each seat's points, and who came first and second,
    from every seat's total pawn level on it (a total must be above ``floor`` to count)."""
    ranked = sorted({lv for lv in levels if lv > floor}, reverse=True)
    points = [0] * len(levels)
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
    return points, first, second


def standing(state: DriftingLandsState) -> list[tuple[int, int, list[int]]]:
    """Each continent as (mask, value, every seat's total pawn level on it)."""
    board = state.board
    result = []
    for continent in board.continents():
        levels = [0] * state.num_players
        for space, (owner, level) in board.pawns.items():
            if continent >> space & 1:
                levels[owner] += level
        result.append((continent, continent_value(state, continent), levels))
    return result


def floor_of(state: DriftingLandsState) -> int:
    return TWO_PLAYER_MINIMUM if state.num_players == 2 else 0


def continents(state: DriftingLandsState) -> list[JsonDict]:
    """Each continent: its value, every seat's total pawn level on it, and who scores what."""
    grid = state.board.grid
    result = []
    for number, (continent, value, levels) in enumerate(standing(state)):
        points, first, second = award(levels, value, floor_of(state))
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


#: What a card in hand is expected to add by the end, in points, for the search's estimate:
#: a pawn or a level is worth its level and perhaps a continent; moves and drifts less surely.
CARD_PROMISE = {
    "drifting": 1.0,
    "ultra_drifting": 1.5,
    "splitting": 1.0,
    "ultra_splitting": 1.5,
    "orogeny": 1.0,
    "moving": 1.5,
    "migrating": 2.0,
    "breeding": 2.0,
    "reproducing": 4.0,
    "evolving": 2.0,
    "mutating": 4.0,
}
#: Cards each player keeps unused to the end (24 cards, 4 rounds of 4 played).
KEPT_CARDS = 8
#: How much of a continent's projected points follow each seat's share of the levels on it
#: rather than the current ranking alone: a lead can still be lost, a deficit made up.
SHARE_WEIGHT = 0.3


def projection(state: DriftingLandsState) -> list[float]:
    """Each seat's expected final total: the standing on the board, the unused cards it can
    still keep (the best ``KEPT_CARDS`` of those not yet taken), and what its hand promises."""
    cards = state.edition.cards
    floor = floor_of(state)
    totals = [0.0] * state.num_players
    for owner, level in state.board.pawns.values():
        totals[owner] += level
    for _, value, levels in standing(state):
        present = sum(levels)
        for seat, points in enumerate(award(levels, value, floor)[0]):
            share = value * levels[seat] / present if present else 0.0
            totals[seat] += (1 - SHARE_WEIGHT) * points + SHARE_WEIGHT * share
    result = []
    for seat in range(state.num_players):
        hand = state.hands[seat]
        taken = set(state.discards[seat]) | set(hand)
        if state.card and seat == state.to_move:
            taken.add(state.card)
        kept = sorted((p for c, (_, p) in cards.items() if c not in taken), reverse=True)
        promised = sum(CARD_PROMISE[CARD_TYPES[cards[c][0]]] for c in hand)
        if state.card and seat == state.to_move:
            # A card being played keeps its promise until its effect is carried out.
            promised += CARD_PROMISE[CARD_TYPES[cards[state.card][0]]] * state.unplayed_part()
        result.append(totals[seat] + sum(kept[:KEPT_CARDS]) + promised)
    return result


def estimate(state: DriftingLandsState) -> list[float]:
    """Each seat's (team's) share of a softmax over the projected final totals."""
    projected = projection(state)
    teams = sorted({state.team_of(seat) for seat in range(state.num_players)})
    totals = [
        sum(p for seat, p in enumerate(projected) if state.team_of(seat) == team) for team in teams
    ]
    shares = dict(zip(teams, state.shares(totals, ESTIMATE_TEMPERATURE), strict=True))
    return [shares[state.team_of(seat)] for seat in range(state.num_players)]
