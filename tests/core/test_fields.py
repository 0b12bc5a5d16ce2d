"""Fields declared once (issue 15): copies and saved JSON follow from the annotations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import pytest

from tablelands.core.fields import DERIVED, SHARED, FieldPlan, copy_expression, plain
from tablelands.core.game import State
from tablelands.core.rng import Rng
from tablelands.games import REGISTRY, get_game
from tests.play import random_play


class Copyable:
    def copy(self) -> Copyable:
        return Copyable()


@dataclass(frozen=True)
class Frozen:
    value: int


class Opaque:
    pass


@pytest.mark.parametrize(
    ("tp", "expected"),
    [
        (int, None),
        (tuple[int, ...], None),
        (tuple[int, int] | None, None),
        (Frozen, None),
        (list[int], "v.copy()"),
        (list[tuple[int, int]], "v.copy()"),
        (list[list[int]], "[x0.copy() for x0 in v]"),
        (list[list[list[int]]], "[[x1.copy() for x1 in x0] for x0 in v]"),
        (dict[int, list[int]], "{k0: v0.copy() for k0, v0 in v.items()}"),
        (set[int], "v.copy()"),
        (Copyable, "v.copy()"),
        (Copyable | None, "(None if v is None else v.copy())"),
        (list[Copyable], "[x0.copy() for x0 in v]"),
        (Annotated[list[int], DERIVED], "v.copy()"),
        (Annotated[list[int], SHARED], None),
        (list[Annotated[dict[str, int], SHARED]], "v.copy()"),
    ],
)
def test_a_copy_follows_from_the_type(tp: Any, expected: str | None) -> None:
    assert copy_expression(tp, "v") == expected


@pytest.mark.parametrize("tp", [Opaque, list[Opaque], Any, list[Any], Copyable | list[int]])
def test_a_type_that_does_not_say_how_to_copy_it_is_refused(tp: Any) -> None:
    with pytest.raises(TypeError, match="SHARED"):
        copy_expression(tp, "v")


def test_plain_turns_tuples_into_lists_and_objects_into_their_json() -> None:
    class Board:
        def to_json(self) -> dict[str, object]:
            return {"cells": ((1, 2), (3, 4))}

    assert plain({"board": Board(), "pair": (1, (2, None))}) == {
        "board": {"cells": [[1, 2], [3, 4]]},
        "pair": [1, [2, None]],
    }
    with pytest.raises(TypeError, match="Opaque has no JSON form"):
        plain(Opaque())


def test_derived_fields_are_not_saved_and_shared_ones_not_copied() -> None:
    class Small(State):
        deck: list[int]
        table: Annotated[list[int], DERIVED, SHARED]
        cache: Annotated[list[int] | None, DERIVED] = None

    plan = FieldPlan.of(Small, State)
    assert plan.saved == ("deck",)
    assert list(plan.types) == ["deck", "table", "cache"]
    source = plan.copier_source()
    assert "other.deck = self.deck.copy()" in source
    assert "other.table = self.table\n" in source  # shared with the copy
    assert "other.rng = self.rng.clone()" in source


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_attribute_of_a_state_is_declared(name: str) -> None:
    """An attribute set but not declared would be shared by every copy without anyone
    saying so, and left out of the saved state."""
    game = get_game(name)
    for players, options in game.info.modes:
        state = game.new_state(players=players, seed=3, options=dict(options))
        rng = Rng(3)
        declared = set(type(state).fields().types) | set(State.__annotations__)
        while not state.is_terminal:
            assert set(vars(state)) <= declared, f"undeclared: {set(vars(state)) - declared}"
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_copy_shares_nothing_that_changes(name: str) -> None:
    """Playing on from a copy leaves the original's saved fields as they were."""
    players = get_game(name).info.modes[-1][0]
    state = random_play(name, players, seed=5, steps=6)
    before = state.to_json()
    copy = state.clone()
    while not copy.is_terminal:
        copy.apply(copy.legal_actions()[0])
    assert state.to_json() == before
    assert copy.to_json() != before
