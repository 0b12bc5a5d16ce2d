"""Drifting Lands final scoring (DL-9): continents, pawns, unused cards, ties, teams.

Scoring works on a board, the edition and the seats' cards, never on a state: the rules
(state.py) count a state's score with it, and the standings count what an observation
shows with it (the cards not yet played counting as unused, hands being hidden).
"""

from __future__ import annotations

from collections.abc import Sequence

from tablelands.core.game import JsonDict
from tablelands.core.geometry import bits
from tablelands.games.drifting_lands.board import OCEAN_NUMBER, Board, TerrainMemo
from tablelands.games.drifting_lands.components import DriftingLandsEdition

#: 2 players: a total level above this is needed to score a continent (DL-9).
TWO_PLAYER_MINIMUM = 2


def floor_of(players: int) -> int:
    """The total level a seat must pass to score a continent, with ``players`` players."""
    return TWO_PLAYER_MINIMUM if players == 2 else 0


def continent_value(edition: DriftingLandsEdition, board: Board, continent: int) -> int:
    """DL-1: each tile is worth its space's value, doubled on a mountain."""
    memo = edition.value_memo  # by map and space values: not the board's TerrainMemo
    key = (continent, board.mountain & continent)
    value = memo.get(key)
    if value is None:
        values = edition.value
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


def standing(
    board: Board, edition: DriftingLandsEdition, players: int
) -> list[tuple[int, int, list[int]]]:
    """Each continent as (mask, value, every seat's total pawn level on it)."""
    found = board.continents()
    levels = _levels_on(board, players, len(found))
    return [
        (continent, continent_value(edition, board, continent), on_it)
        for continent, on_it in zip(found, levels, strict=True)
    ]


def continents(board: Board, edition: DriftingLandsEdition, players: int) -> list[JsonDict]:
    """Each continent: its value, every seat's total pawn level on it, and who scores what."""
    grid = board.grid
    result = []
    for number, (continent, value, levels) in enumerate(standing(board, edition, players)):
        points, first, second = award(levels, value, floor_of(players))
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


def unused_points(
    edition: DriftingLandsEdition, hand: Sequence[int], discards: Sequence[int]
) -> int:
    """The basic points of a seat's cards in neither its ``hand`` nor its ``discards``."""
    points = edition.card_points
    used = sum(points[c] for c in discards) + sum(points[c] for c in hand)
    return edition.all_card_points - used


def public_unused(edition: DriftingLandsEdition, discards: Sequence[int]) -> int:
    """The basic points of a seat's cards not yet played: what anyone can count of its unused
    cards while its hand is hidden (equal to the unused cards once the hand is empty)."""
    return unused_points(edition, (), discards)


def totals(board: Board, edition: DriftingLandsEdition, unused: list[int]) -> list[int]:
    """Each seat's total as :func:`breakdown` counts it, without the details (for search):
    ``unused`` gives each seat's unused cards' basic points."""
    result = [0] * len(unused)
    for owner, level in board.pawns.values():
        result[owner] += level
    floor = floor_of(len(unused))
    for _, value, levels in standing(board, edition, len(unused)):
        for seat, points in enumerate(award(levels, value, floor)[0]):
            result[seat] += points
    return [total + cards for total, cards in zip(result, unused, strict=True)]


def breakdown(
    board: Board, edition: DriftingLandsEdition, unused: list[int], teams: bool
) -> list[JsonDict]:
    """Per seat: continent points, pawn levels, unused cards' basic points (``unused``, by
    seat), and the total (with teams, seats 1 and 3 against 2 and 4, the team's total too)."""
    return _rows(board, continents(board, edition, len(unused)), unused, teams)


def _rows(board: Board, table: list[JsonDict], unused: list[int], teams: bool) -> list[JsonDict]:
    result = []
    for seat, cards in enumerate(unused):
        pawns = [level for owner, level in board.pawns.values() if owner == seat]
        from_continents = sum(entry["points"][seat] for entry in table)
        result.append(
            {
                "seat": seat,
                "team": seat % 2 if teams else seat,
                "continents": from_continents,
                "pawns": sum(pawns),
                "cards": cards,
                "total": from_continents + sum(pawns) + cards,
                "pawns_on_board": len(pawns),
            }
        )
    if teams:
        for row in result:
            row["team_total"] = sum(r["total"] for r in result if r["team"] == row["team"])
    return result


def winners(rows: list[JsonDict]) -> list[int]:
    """From a :func:`breakdown`: the highest total (teams: team sum); ties to more pawns on
    the board; then shared."""
    sides: dict[int, tuple[int, int]] = {}
    for row in rows:
        total, pawns = sides.get(row["team"], (0, 0))
        sides[row["team"]] = (total + row["total"], pawns + row["pawns_on_board"])
    best = max(sides.values())
    return [row["seat"] for row in rows if sides[row["team"]] == best]


def public_breakdown(
    board: Board, edition: DriftingLandsEdition, discards: list[list[int]], teams: bool
) -> list[JsonDict]:
    """Every seat's score so far from what everyone sees: continents and pawns as
    :func:`breakdown` counts them, and the cards not yet played as unused (hands are
    hidden, so a card counts as used once it is played), and the continents it controls:
    on how many it comes first and second (ties included), for a balance report."""
    return public_rows(board, edition, discards, teams, continents(board, edition, len(discards)))


def public_rows(
    board: Board,
    edition: DriftingLandsEdition,
    discards: list[list[int]],
    teams: bool,
    table: list[JsonDict],
) -> list[JsonDict]:
    """:func:`public_breakdown` from the board's :func:`continents` (``table``), worked out
    already (an observation shows them too)."""
    unused = [public_unused(edition, d) for d in discards]
    rows = _rows(board, table, unused, teams)
    for row in rows:
        row["continents_first"] = sum(row["seat"] in entry["first"] for entry in table)
        row["continents_second"] = sum(row["seat"] in entry["second"] for entry in table)
    return rows
