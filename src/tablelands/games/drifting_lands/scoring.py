"""Drifting Lands final scoring (DL-9): continents, pawns, unused cards, ties, teams."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablelands.core.game import JsonDict
from tablelands.core.geometry import bits
from tablelands.games.drifting_lands.board import OCEAN_NUMBER, Board, TerrainMemo
from tablelands.games.drifting_lands.components import CARD_TYPES, DriftingLandsEdition

if TYPE_CHECKING:
    from tablelands.games.drifting_lands.state import DriftingLandsState

#: 2 players: a total level above this is needed to score a continent (DL-9).
TWO_PLAYER_MINIMUM = 2
ESTIMATE_TEMPERATURE = 8.0


def continent_value(state: DriftingLandsState, continent: int) -> int:
    """DL-1: each tile is worth its space's value, doubled on a mountain."""
    memo = state.edition.value_memo  # by map and space values: not the board's TerrainMemo
    key = (continent, state.board.mountain & continent)
    value = memo.get(key)
    if value is None:
        values = state.edition.value
        points = sum(values[s] for s in bits(continent)) + sum(values[s] for s in bits(key[1]))
        value = TerrainMemo.store(memo, key, points)
    return value


def award(levels: list[int], value: int, floor: int) -> tuple[list[int], list[int], list[int]]:
    """DL-9 for one continent of ``value``: each seat's points, and who came first and second,
    from every seat's total pawn level on it (a total must be above ``floor`` to count)."""
    points = [0] * len(levels)
    top = max(levels)
    if top <= floor:
        return points, [], []
    first = [seat for seat, level in enumerate(levels) if level == top]
    if len(first) > 1:
        for seat in first:  # tie for first: split the full value, no second place
            points[seat] = value // len(first)
        return points, first, []
    points[first[0]] = value
    runner_up = max((level for level in levels if level < top), default=floor)
    if runner_up <= floor:
        return points, first, []
    second = [seat for seat, level in enumerate(levels) if level == runner_up]
    for seat in second:  # second place: half, shared when tied (rounded down)
        points[seat] = (value // 2) // len(second)
    return points, first, second


def _levels_on(board: Board, players: int, count: int) -> list[list[int]]:
    """For each of the board's ``count`` continents, every seat's total pawn level on it."""
    numbers = board.continent_numbers()
    levels = [[0] * players for _ in range(count)]
    for space, (owner, level) in board.pawns.items():
        number = numbers[space]
        if number != OCEAN_NUMBER:
            levels[number][owner] += level
    return levels


def standing(state: DriftingLandsState) -> list[tuple[int, int, list[int]]]:
    """Each continent as (mask, value, every seat's total pawn level on it)."""
    board = state.board
    found = board.continents()
    levels = _levels_on(board, state.num_players, len(found))
    return [
        (continent, continent_value(state, continent), on_it)
        for continent, on_it in zip(found, levels, strict=True)
    ]


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


def unused_points(state: DriftingLandsState, seat: int) -> int:
    """The basic points of the seat's cards in neither its hand nor its discard pile."""
    points = state.edition.card_points
    used = sum(points[c] for c in state.discards[seat]) + sum(points[c] for c in state.hands[seat])
    return state.edition.all_card_points - used


def totals(state: DriftingLandsState) -> list[int]:
    """Each seat's total as :func:`breakdown` counts it, without the details (for search)."""
    result = [0] * state.num_players
    for owner, level in state.board.pawns.values():
        result[owner] += level
    floor = floor_of(state)
    for _, value, levels in standing(state):
        for seat, points in enumerate(award(levels, value, floor)[0]):
            result[seat] += points
    return [total + unused for total, unused in zip(result, state.unused_points(), strict=True)]


def breakdown(state: DriftingLandsState) -> list[JsonDict]:
    """Per seat: continent points, pawn levels, unused cards' basic points, and the total."""
    table = continents(state)
    result = []
    for seat in range(state.num_players):
        pawns = [level for owner, level in state.board.pawns.values() if owner == seat]
        unused = unused_points(state, seat)
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
    """The score standing as ``player`` can count it: its (team's) total minus the best
    other. Another seat's hand is hidden, so its cards count as unused until they are
    played (as in :func:`public_breakdown`); only the player's own hand is known."""
    exact = totals(state)
    unused = state.unused_points()
    sides: dict[int, int] = {}
    for seat, total in enumerate(exact):
        hidden = 0 if seat == player else public_unused(state.edition, state.discards[seat])
        counted = total if seat == player else total - unused[seat] + hidden
        team = state.team_of(seat)
        sides[team] = sides.get(team, 0) + counted
    mine = sides.pop(state.team_of(player))
    return float(mine - max(sides.values()))


def public_unused(edition: DriftingLandsEdition, discards: list[int]) -> int:
    """The basic points of a seat's cards not yet played: what anyone can count of its unused
    cards while its hand is hidden (equal to the unused cards once the hand is empty)."""
    points = edition.card_points
    return edition.all_card_points - sum(points[c] for c in discards)


def public_breakdown(
    board: Board, edition: DriftingLandsEdition, discards: list[list[int]], teams: bool
) -> list[JsonDict]:
    """Every seat's score so far from what everyone sees: continents and pawns as
    :func:`breakdown` counts them, and the cards not yet played as unused (hands are
    hidden, so a card counts as used once it is played)."""
    players = len(discards)
    floor = TWO_PLAYER_MINIMUM if players == 2 else 0
    found = board.continents()
    levels = _levels_on(board, players, len(found))
    from_continents = [0] * players
    for continent, on_it in zip(found, levels, strict=True):
        value = sum(edition.value[s] for s in bits(continent)) + sum(
            edition.value[s] for s in bits(continent & board.mountain)
        )
        for seat, points in enumerate(award(on_it, value, floor)[0]):
            from_continents[seat] += points
    result = []
    for seat in range(players):
        pawns = [level for owner, level in board.pawns.values() if owner == seat]
        cards = public_unused(edition, discards[seat])
        result.append(
            {
                "seat": seat,
                "team": seat % 2 if teams else seat,
                "continents": from_continents[seat],
                "pawns": sum(pawns),
                "cards": cards,
                "total": from_continents[seat] + sum(pawns) + cards,
                "pawns_on_board": len(pawns),
            }
        )
    if teams:
        for row in result:
            row["team_total"] = sum(r["total"] for r in result if r["team"] == row["team"])
    return result


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


def seat_shares(state: DriftingLandsState, points: list[float], temperature: float) -> list[float]:
    """Each seat's (team's) share of a softmax over the seats' (teams' summed) ``points``."""
    teams = sorted({state.team_of(seat) for seat in range(state.num_players)})
    totals = [
        sum(p for seat, p in enumerate(points) if state.team_of(seat) == team) for team in teams
    ]
    shares = dict(zip(teams, state.shares(totals, temperature), strict=True))
    return [shares[state.team_of(seat)] for seat in range(state.num_players)]


def estimate(state: DriftingLandsState) -> list[float]:
    """Each seat's (team's) share of a softmax over the projected final totals."""
    return seat_shares(state, projection(state), ESTIMATE_TEMPERATURE)
