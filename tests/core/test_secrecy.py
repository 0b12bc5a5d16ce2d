"""The secrecy suite (issue 14): a seat is shown, told and advised the same whatever it may
not know.

For every game and mode, at a few states of seeded games (different stages, the late game
and the end included), and for every seat, variants of the state are built that differ only
in what that seat may not know. They are constructed directly, field by field, never with
``sample_hidden``: the unseen deck or stacks reshuffled, other seats' hidden cards or tiles
swapped, an unrevealed placement changed; and in every variant the seed, the state's
generator and the history (which would rebuild all of it) are replaced. For that seat, the
observation, every rendering, the previews of its legal actions, the standings, the hint of
a fixed iteration budget, what it is told, what the others are told, a determinization and
the choice of every agent must then be the same in every variant.

The meta-tests at the end plant leaks (a determinization that is the truth, an observation
that carries a hidden field, a world that keeps the state's generator) and check that the
comparison reports them: the suite can fail.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from rich.console import Console, RenderableType

from tablelands.agents import make_agent
from tablelands.agents.knowledge import DEFAULT, knowledge_for
from tablelands.agents.mcts import Budget, MctsAgent
from tablelands.core.errors import TablelandsError
from tablelands.core.game import Game, Redraw, State
from tablelands.core.geometry import bits
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games import game_names, get_game
from tablelands.games.confusing_lands.landscape import Landscape
from tablelands.games.confusing_lands.notation import Placement
from tablelands.games.confusing_lands.state import FIRST, SECOND, ConfusingLandsState
from tablelands.games.drawing import renderer_for
from tablelands.games.drifting_lands.state import EFFECT, HAND, PLAY, SELECT, DriftingLandsState
from tablelands.games.land_vs_sea.components import START_ID, TILE_COUNT
from tablelands.games.land_vs_sea.notation import DRAW
from tablelands.games.land_vs_sea.state import (
    CHOOSE_STEAL,
    DRAFT,
    PLACE,
    REPLENISH,
    LandVsSeaState,
)

#: Legal actions previewed and announced at a state: all of them when there are this few,
#: else a seeded sample of this many.
PREVIEWED = 10
#: Of those, previews also drawn for the terminal (drawing is the slow part).
PREVIEWS_DRAWN = 3
#: Iterations of the hint and of the mcts agent (a flat search, Drifting Lands' last round,
#: plays every world out from every action, so it gets a few worlds' worth instead).
HINT_ITERATIONS = 48
AGENT_ITERATIONS = 24
FLAT_WORLDS = 1
AGENTS = ("random", "greedy", "mcts")
VARIANTS = 2
HIDDEN_FIELDS_NOT_COMPARED = ("seed", "rng", "history")


# -- the modes and the states checked in each ------------------------------------------


def mode_id(name: str, players: int, options: tuple[tuple[str, Any], ...]) -> str:
    return f"{name}-{players}p-" + ("-".join(f"{k}={v}" for k, v in options) or "default")


MODES = [
    (name, players, options)
    for name in game_names()
    for players, options in get_game(name).info.modes
]

Stage = Callable[[Any], bool]


def _cl_stages(players: int) -> dict[str, Stage]:
    last = players - 1
    return {
        "opening": lambda s: not s.history,
        # 2 players: the first seat's placement of the phase is still hidden from the second.
        "placement-pending": lambda s: s.round == 1 and s.phase == FIRST and s.to_move == last,
        # The card placed in the second phase is the one passed on (solo: the deck's next).
        "passed-card": lambda s: s.round == 2 and s.phase == SECOND and s.to_move == last,
        "last-placement": lambda s: s.round == 3 and s.phase == SECOND and s.to_move == last,
        "over": lambda s: s.is_terminal,
    }


def _ls_stages(players: int) -> dict[str, Stage]:
    last = players - 1
    return {
        "draft": lambda s: s.phase == DRAFT and s.to_move == last,
        "replenish": lambda s: s.phase == REPLENISH and len(s.placed) > 12,
        "steal-or-midgame": lambda s: (
            s.phase == CHOOSE_STEAL or (s.phase == PLACE and len(s.placed) > 30)
        ),
        "late": lambda s: s.phase == PLACE and 0 < sum(map(len, s.stacks)) <= 6,
        "over": lambda s: s.is_terminal,
    }


def _part_chosen(state: DriftingLandsState) -> bool:
    """The seat selecting has chosen some of its cards, and has a choice left."""
    return 0 < len(state.hands[state.to_move]) < HAND - 1 and len(state.legal_actions()) >= 3


def _dl_stages(players: int) -> dict[str, Stage]:
    return {
        # Some seats have chosen their 4 cards, the one to act is halfway through.
        "selecting": lambda s: (
            s.round == 0 and s.phase == SELECT and s.turn >= 1 and _part_chosen(s)
        ),
        "card-in-play": lambda s: s.round == 1 and s.phase == EFFECT and s.turn >= 1,
        "last-round": lambda s: s.round == 3 and s.phase == PLAY and s.turn >= 2,
        "last-round-selecting": lambda s: (
            s.round == 3 and s.phase == SELECT and s.turn >= 1 and _part_chosen(s)
        ),
        "over": lambda s: s.is_terminal,
    }


STAGES: dict[str, Callable[[int], dict[str, Stage]]] = {
    "confusing-lands": _cl_stages,
    "land-vs-sea": _ls_stages,
    "drifting-lands": _dl_stages,
}


def trajectory(game: Game[Any], players: int, options: dict[str, Any], seed: int) -> list[State]:
    """Every state of a seeded game played with seeded random actions."""
    state = game.new_state(players=players, seed=seed, options=options)
    rng = Rng(seed * 7919 + 17)
    states = [state.clone()]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


@cache
def staged_state(
    name: str, players: int, options: tuple[tuple[str, Any], ...], stage: str
) -> State:
    """The first state of the stage in seeded games of the mode (a few seeds are tried)."""
    game = get_game(name)
    wanted = STAGES[name](players)[stage]
    for seed in range(1, 9):
        for state in trajectory(game, players, dict(options), 1000 * seed + players):
            if wanted(state):
                return state
    raise AssertionError(f"no state of stage {stage!r} in {mode_id(name, players, options)}")


CASES = [
    pytest.param(name, players, options, stage, id=f"{mode_id(name, players, options)}-{stage}")
    for name, players, options in MODES
    for stage in STAGES[name](players)
]


# -- variants: the same state for a seat, with what it may not know changed -------------


def hidden_data(state: State) -> str:
    """The state as JSON, without the fields every variant replaces anyway."""
    data = state.to_json()
    for key in HIDDEN_FIELDS_NOT_COMPARED:
        data.pop(key)
    return json.dumps(data, sort_keys=True)


def _cl_landscape(state: ConfusingLandsState, actions: list[int]) -> Landscape:
    landscape = Landscape()
    for action in actions:
        p = Placement.decode(action)
        landscape.stamp(state.tables.stamps[p.orientation_index], p.at)
    return landscape


def _cl_placement(state: ConfusingLandsState, landscape: Landscape, card: int, rng: Rng) -> int:
    """A random legal placement of ``card`` on ``landscape``."""
    choices = [
        Placement(card, side, rotation, at).encode()
        for side in (0, 1)
        for rotation in range(4)
        for at in bits(state.tables.legal_positions(landscape, rotation & 1))
    ]
    return rng.choice(choices)


def vary_confusing_lands(state: ConfusingLandsState, seat: int, rng: Rng) -> ConfusingLandsState:
    """Reshuffle the unseen cards (deck, the others' unknown hands and unrevealed
    placements) and lay every unrevealed placement of the others anew."""
    variant = state.clone()
    if state.is_terminal:
        return variant
    others = [s for s in range(state.num_players) if s != seat]
    # Where an unseen card lies: ("deck", i), ("hand", seat, i) or ("pending", seat, i).
    slots: list[tuple[str, int, int]] = [("deck", 0, i) for i in range(len(state.deck))]
    for other in others:
        if not state.hand_known(seat, other):
            slots += [("hand", other, i) for i in range(len(state.hands[other]))]
            pending = range(state.revealed[other], len(state.placements[other]))
            slots += [("pending", other, i) for i in pending]

    def card_at(slot: tuple[str, int, int]) -> int:
        kind, who, i = slot
        if kind == "deck":
            return state.deck[i]
        if kind == "hand":
            return state.hands[who][i]
        return Placement.decode(state.placements[who][i]).card

    cards = [card_at(slot) for slot in slots]
    shuffled = cards.copy()
    if len(set(cards)) > 1:
        while shuffled == cards:
            rng.shuffle(shuffled)
    new_card = dict(zip(slots, shuffled, strict=True))
    for (kind, who, i), card in new_card.items():
        if kind == "deck":
            variant.deck[i] = card
        elif kind == "hand":
            variant.hands[who][i] = card
    for other in others:
        kept = state.placements[other][: state.revealed[other]]
        landscape = _cl_landscape(state, kept)
        placements = list(kept)
        for i in range(state.revealed[other], len(state.placements[other])):
            card = new_card.get(
                ("pending", other, i), Placement.decode(state.placements[other][i]).card
            )
            action = _cl_placement(state, landscape, card, rng)
            p = Placement.decode(action)
            landscape.stamp(state.tables.stamps[p.orientation_index], p.at)
            placements.append(action)
        variant.placements[other] = placements
        variant.landscapes[other] = _cl_landscape(state, placements)
    variant._breakdowns = None
    return variant


def vary_land_vs_sea(state: LandVsSeaState, seat: int, rng: Rng) -> LandVsSeaState:
    """Exchange tiles the seat has not seen both faces of, each keeping the face it shows
    (held up faces, stack tops, placed faces): the stacks below their tops are permuted and
    turned, and tiles showing the same face trade places. Every other seat's knowledge of
    tiles follows the tiles."""
    variant = state.clone()
    keys = state.edition.keys
    knows = state.known[seat]
    # (kind, a, b, the face key it must show or None)
    slots: list[tuple[str, int, int, str | None]] = []
    for other, hand in enumerate(state.hands):
        for i, (tile, up) in enumerate(hand):
            if other != seat and not knows >> tile & 1:
                slots.append(("hand", other, i, keys[tile][up]))
    for s, stack in enumerate(state.stacks):
        for i, (tile, up) in enumerate(stack):
            slots.append(("stack", s, i, keys[tile][up] if i == len(stack) - 1 else None))
    for i, (tile, face, _, _) in enumerate(state.placed):
        if START_ID < tile <= TILE_COUNT and not knows >> tile & 1:
            slots.append(("placed", i, 0, keys[tile][face]))

    def tile_at(slot: tuple[str, int, int, str | None]) -> tuple[int, int]:
        kind, a, b, _ = slot
        if kind == "hand":
            return state.hands[a][b]
        if kind == "stack":
            return state.stacks[a][b]
        tile, face, _, _ = state.placed[a]
        return tile, face

    original = [tile_at(slot) for slot in slots]
    tiles = [tile for tile, _ in original]

    def fits(slot: int, tile: int) -> bool:
        key = slots[slot][3]
        return key is None or key in keys[tile]

    for _ in range(40 * len(slots)):
        i, j = rng.below(len(slots)), rng.below(len(slots))
        if fits(i, tiles[j]) and fits(j, tiles[i]):
            tiles[i], tiles[j] = tiles[j], tiles[i]
    drawn = []
    for slot, tile in zip(slots, tiles, strict=True):
        key = slot[3]
        faces = [f for f in (0, 1) if key is None or keys[tile][f] == key]
        drawn.append((tile, rng.choice(faces)))
    renamed = {old: new for (old, _), (new, _) in zip(original, drawn, strict=True)}
    for (kind, a, b, _), (tile, face) in zip(slots, drawn, strict=True):
        if kind == "hand":
            variant.hands[a][b] = (tile, face)
        elif kind == "stack":
            variant.stacks[a][b] = (tile, face)
        else:
            _, _, rotation, placer = state.placed[a]
            variant.placed[a] = (tile, face, rotation, placer)
    for other in range(state.num_players):
        if other != seat:
            variant.known[other] = sum(
                1 << renamed.get(t, t) for t in range(TILE_COUNT + 2) if state.known[other] >> t & 1
            )
    return variant


def vary_drifting_lands(state: DriftingLandsState, seat: int, rng: Rng) -> DriftingLandsState:
    """Deal the other seats other hands they could hold (DL-8): the same size, none of their
    discarded cards nor the card in play, and for a hand being selected, low enough to be
    finished in rising order."""
    variant = state.clone()
    cards = sorted(state.edition.cards)
    for other in range(state.num_players):
        size = len(state.hands[other])
        if other == seat or not size:
            continue
        out = set(state.discards[other])
        if other == state.to_move and state.card:
            out.add(state.card)
        eligible = [c for c in cards if c not in out]
        if state.phase == SELECT and other == state.to_move:
            eligible = eligible[: len(eligible) - (HAND - size)]
        hand = sorted(state.hands[other])
        for _ in range(20):
            picked = eligible.copy()
            rng.shuffle(picked)
            hand = sorted(picked[:size])
            if hand != sorted(state.hands[other]):
                break
        variant.hands[other] = hand
    variant.refresh()
    return variant


VARY: dict[str, Callable[[Any, int, Rng], State]] = {
    "confusing-lands": vary_confusing_lands,
    "land-vs-sea": vary_land_vs_sea,
    "drifting-lands": vary_drifting_lands,
}


def variant_of(state: State, seat: int, number: int) -> State:
    """Variant ``number`` of ``state`` for ``seat``: what the seat may not know changed
    (when anything can change), and always another seed, generator and history."""
    rng = Rng(9_000_001 * (number + 1) + 31 * seat + len(state.history))
    variant = VARY[state.game.info.name](state, seat, rng)
    variant.seed = state.seed + 1 + rng.below(10**9)
    variant.rng = Rng(rng.next_u64())
    variant.history = list(state.history)
    rng.shuffle(variant.history)
    assert variant.to_json() != state.to_json()
    return variant


# -- everything a seat is shown, told and advised ---------------------------------------


def text(renderable: RenderableType) -> str:
    console = Console(record=True, width=200, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def sample(actions: list[int], count: int) -> list[int]:
    """All of ``actions`` when there are at most ``count``, else a seeded sample of them."""
    if len(actions) <= count:
        return list(actions)
    order = list(actions)
    Rng(len(actions)).shuffle(order)
    return sorted(order[:count])


def refusal(view: SeatView, action: int) -> str:
    try:
        view.check(action)
    except TablelandsError as exc:
        return f"{type(exc).__name__}: {exc}"
    return "allowed"


def profile(state: State, seat: int, agents: tuple[str, ...] = AGENTS) -> dict[str, Any]:
    """Everything ``seat`` is shown, told or advised at ``state``, as comparable data."""
    view = SeatView(state, seat)
    game = view.game
    seen = view.observation()
    legal = view.legal_actions()
    result: dict[str, Any] = {
        "observation": seen,
        "whose turn": [view.current_player, view.to_act, view.is_terminal],
        "options": view.options,
        "legal actions": legal,
        "notation": [view.format_action(a) for a in legal],
        "rendering": text(renderer_for(game).board(seen, view.edition, legal)),
        "score rendering": text(
            renderer_for(game).score(seen, view.edition, seat, view.standings())
        ),
        "standings": view.standings(),
    }
    if view.is_terminal:
        return result
    # A determinization: any difference in it would reach searches and bots.
    result["world"] = view.world(Rng(5)).to_json()
    knowledge = knowledge_for(game)
    result["bots' world"] = knowledge.world(view, Rng(5)).to_json()
    probes = [a + d for a in legal[:2] for d in (1, 2, 997)] + [0, 1, 10_000]
    result["refusals"] = {a: refusal(view, a) for a in probes if a not in legal}
    if not legal:
        return result
    chosen = sample(legal, PREVIEWED)
    previews = {a: view.preview(a) for a in chosen}
    result["previews"] = previews
    result["preview renderings"] = {
        a: text(renderer_for(game).board(previews[a], view.edition))
        for a in chosen[:PREVIEWS_DRAWN]
    }
    result["announcements"] = {a: view.announce(a) for a in chosen}
    result["parsed"] = {a: view.parse_action(view.format_action(a)) for a in chosen}
    plan = knowledge.plan(knowledge.world(view, Rng(6)))
    flat = plan.flat
    width = min(len(legal), plan.width)
    hint_budget = FLAT_WORLDS * width if flat else HINT_ITERATIONS
    hint = MctsAgent(11, Budget(iterations=hint_budget)).analyse(view)
    result["hint"] = [(c.action, c.visits, c.value) for c in hint]
    agent_budget = FLAT_WORLDS * width if flat else AGENT_ITERATIONS
    for spec in agents:
        full = f"mcts:{agent_budget}it" if spec == "mcts" else spec
        result[f"{spec} agent's choice"] = make_agent(full, 23).choose(view)
    return result


def differences(expected: dict[str, Any], got: dict[str, Any]) -> set[str]:
    """The parts of two profiles that differ, by name."""
    return {key for key in expected.keys() | got.keys() if expected.get(key) != got.get(key)}


def secrecy_failures(state: State, seat: int, variants: int = VARIANTS) -> list[str]:
    """What differs for ``seat`` between ``state`` and its variants (empty: nothing)."""
    expected = profile(state, seat)
    failures = []
    for number in range(variants):
        variant = variant_of(state, seat, number)
        if variant.observation(seat) != state.observation(seat):
            failures.append(f"variant {number} is not one the seat cannot tell apart")
        got = profile(variant, seat)
        failures += [f"variant {number}: {key}" for key in sorted(differences(expected, got))]
    return failures


# -- the suite ------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "options", "stage"), CASES)
def test_a_seat_sees_the_same_whatever_it_cannot_know(
    name: str, players: int, options: tuple[tuple[str, Any], ...], stage: str
) -> None:
    state = staged_state(name, players, options, stage)
    failures = []
    for seat in range(players):
        failures += [f"seat {seat + 1}, {f}" for f in secrecy_failures(state, seat)]
    assert not failures, "\n".join(failures)


def has_secrets(state: State, seat: int) -> bool:
    """Whether anything at all is hidden from ``seat`` (worked out from the rules, not from
    the variant builders or ``sample_hidden``)."""
    if isinstance(state, ConfusingLandsState):
        others = [s for s in range(state.num_players) if s != seat]
        unseen = len(state.deck) + sum(
            len(state.hands[o]) for o in others if not state.hand_known(seat, o)
        )
        pending = sum(len(state.placements[o]) - state.revealed[o] for o in others)
        return unseen + pending > 1 or pending > 0
    if isinstance(state, LandVsSeaState):
        return sum(map(len, state.stacks)) > 1 or any(
            not state.known[seat] >> tile & 1
            for other, hand in enumerate(state.hands)
            if other != seat
            for tile, _ in hand
        )
    assert isinstance(state, DriftingLandsState)
    return any(hand for other, hand in enumerate(state.hands) if other != seat)


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=[mode_id(*m) for m in MODES])
def test_variants_change_what_the_seat_cannot_know(
    name: str, players: int, options: tuple[tuple[str, Any], ...]
) -> None:
    """The variant builders are not idle: before the end, each variant of a state for a seat
    differs from it in hidden data (not only in seed, generator and history) whenever
    anything is hidden from the seat, and it always looks the same to the seat."""
    changed = 0
    for stage in STAGES[name](players):
        state = staged_state(name, players, options, stage)
        for seat in range(players):
            for number in range(VARIANTS):
                variant = variant_of(state, seat, number)
                assert variant.observation(seat) == state.observation(seat), (stage, seat)
                if state.is_terminal:
                    continue
                idle = hidden_data(variant) == hidden_data(state)
                assert not (idle and has_secrets(state, seat)), (stage, seat, number)
                changed += not idle
    assert changed >= 2 * players


# -- focused checks, named after what they guard --------------------------------------------


def _state(name: str, players: int, stage: str, options: tuple[tuple[str, Any], ...] = ()) -> Any:
    return staged_state(name, players, options, stage).clone()


def test_unrevealed_placement_is_hidden_until_the_phase_closes() -> None:
    state = _state("confusing-lands", 2, "placement-pending")
    assert len(state.placements[0]) == state.revealed[0] + 1
    seen = state.observation(1)
    assert len(seen["landscapes"][0]) == state.revealed[0]
    assert seen["hands"][0] is None
    state.apply(state.legal_actions()[0])  # the second seat places: the phase closes
    assert len(state.observation(1)["landscapes"][0]) == len(state.placements[0])


def test_preview_hides_what_the_closing_of_a_phase_reveals() -> None:
    """The second seat's preview of its placement closes the phase: the first seat's hidden
    placement and the card passed on are unknown (None), not guessed."""
    state = _state("confusing-lands", 2, "placement-pending")
    view = SeatView(state, 1)
    after = view.preview(view.legal_actions()[0])
    assert after["landscapes"][0][-1] is None
    assert after["hands"][1] == [None]
    text(renderer_for(state.game).board(after, state.edition))  # drawable with unknowns


def test_preview_in_solo_hides_the_next_card() -> None:
    state = _state("confusing-lands", 1, "opening")
    view = SeatView(state, 0)
    action = view.legal_actions()[0]
    after = view.preview(action)
    assert after["hands"] == [[None]]
    (kept,) = [c for c in state.hands[0] if c != Placement.decode(action).card]
    assert after["discards"] == [*state.discards, kept, None]  # the deck's top card is unknown


def _unseen_tiles(state: LandVsSeaState, seat: int) -> set[int]:
    held = {tile for tile, _ in state.hands[seat]}
    return {t for t in range(1, TILE_COUNT + 1) if t not in held and not state.known[seat] >> t & 1}


def test_preview_of_a_draw_hides_the_tile_back() -> None:
    """A drawn tile shows its top face; which tile it is, and so its back, stays unknown in a
    preview, unless the top face is one only a single unseen tile has (the edition is
    public, and most faces are printed once)."""
    keys = get_game("land-vs-sea").default_edition().keys
    hidden_backs = 0
    for state in trajectory(get_game("land-vs-sea"), 2, {}, 5)[:80]:
        assert isinstance(state, LandVsSeaState)
        seat = state.current_player
        view = SeatView(state, seat)
        for action in view.legal_actions():
            if not DRAW <= action < DRAW + 2:
                continue
            top = state.observation(seat)["stacks"][action - DRAW]["top"]
            could_be = {t for t in _unseen_tiles(state, seat) if top in keys[t]}
            backs = {keys[t][1 - keys[t].index(top)] for t in could_be}
            drawn = view.preview(action)["hands"][seat][-1]
            assert drawn["up"] == top
            if len(could_be) > 1:
                assert drawn["tile"] is None
            if len(backs) > 1:
                assert drawn["down"] is None
                hidden_backs += 1
    assert hidden_backs, "no draw of a tile with an unknown back was previewed"


def test_standings_do_not_count_hidden_hands() -> None:
    for name, players, stage in (
        ("drifting-lands", 3, "card-in-play"),
        ("confusing-lands", 2, "placement-pending"),
    ):
        state = _state(name, players, stage)
        for seat in range(players):
            standings = SeatView(state, seat).standings()
            for number in range(VARIANTS):
                assert SeatView(variant_of(state, seat, number), seat).standings() == standings
    # The pending placement is not counted for the seat that cannot see it.
    state = _state("confusing-lands", 2, "placement-pending")
    assert SeatView(state, 1).standings()[0]["cards"] == state.revealed[0]
    assert SeatView(state, 0).standings()[0]["cards"] == len(state.placements[0])


def test_greedy_ignores_other_hands() -> None:
    for name, players, stage in (
        ("drifting-lands", 2, "last-round"),
        ("land-vs-sea", 3, "late"),
        ("confusing-lands", 2, "placement-pending"),
    ):
        state = _state(name, players, stage)
        seat = state.current_player
        choice = make_agent("greedy", 3).choose(SeatView(state, seat))
        for number in range(VARIANTS):
            variant = variant_of(state, seat, number)
            assert make_agent("greedy", 3).choose(SeatView(variant, seat)) == choice


def test_hint_ignores_the_unseen_deck_and_the_seed() -> None:
    state = _state("confusing-lands", 1, "passed-card")
    view = SeatView(state, 0)
    hint = MctsAgent(4, Budget(iterations=HINT_ITERATIONS)).analyse(view)
    for number in range(VARIANTS):
        variant = variant_of(state, 0, number)
        assert variant.deck != state.deck and variant.seed != state.seed
        again = MctsAgent(4, Budget(iterations=HINT_ITERATIONS)).analyse(SeatView(variant, 0))
        assert again == hint


def test_stack_order_below_the_tops_is_secret() -> None:
    state = _state("land-vs-sea", 2, "steal-or-midgame")
    seat = state.current_player
    variant = state.clone()
    for stack in variant.stacks:
        below = stack[:-1]
        Rng(len(below)).shuffle(below)
        stack[:-1] = [(tile, 1 - up) for tile, up in below]
    assert variant.stacks != state.stacks
    assert not differences(profile(state, seat), profile(variant, seat))


def test_a_tile_back_is_secret_from_the_other_seats() -> None:
    """Only the holder (and whoever held the tile before) knows a held tile's down face."""
    state = _state("land-vs-sea", 3, "late")
    seat = state.current_player
    watcher = (seat + 1) % state.num_players
    seen = state.observation(watcher)
    for held in seen["hands"][seat]:
        if held["tile"] is None:
            assert held["down"] is None and held["up"] is not None
    assert not secrecy_failures(state, watcher, variants=1)


def test_the_seed_generator_and_history_are_secret() -> None:
    """Only the seed, the state's generator and the history differ: nothing shows it."""
    for name, players, stage in (
        ("confusing-lands", 2, "passed-card"),
        ("land-vs-sea", 2, "late"),
        ("drifting-lands", 2, "last-round-selecting"),
    ):
        state = _state(name, players, stage)
        seat = state.current_player
        variant = state.clone()
        variant.seed += 12345
        variant.rng = Rng(987654321)
        variant.history = variant.history[::-1]
        assert not differences(profile(state, seat), profile(variant, seat)), name


# -- the harness can fail ----------------------------------------------------------------

STATE_CLASSES = {
    "confusing-lands": ConfusingLandsState,
    "land-vs-sea": LandVsSeaState,
    "drifting-lands": DriftingLandsState,
}
LEAK_STAGES = {
    "confusing-lands": (2, "placement-pending"),
    "land-vs-sea": (2, "replenish"),
    "drifting-lands": (3, "card-in-play"),
}


def _leak_case(name: str) -> tuple[State, int]:
    players, stage = LEAK_STAGES[name]
    state = _state(name, players, stage)
    return state, state.current_player


def _planted(state: State, seat: int) -> set[str]:
    """The differences the harness finds for the seat to act, with cheap agents."""
    expected = profile(state, seat, agents=("greedy",))
    got = profile(variant_of(state, seat, 0), seat, agents=("greedy",))
    return differences(expected, got)


@pytest.mark.parametrize("name", list(STATE_CLASSES))
def test_harness_catches_a_determinization_that_is_the_truth(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, seat = _leak_case(name)
    monkeypatch.setattr(
        STATE_CLASSES[name], "redraw_hidden", lambda self, player, rng: self.clone()
    )
    # A bot's own draw (Drifting Lands' cheap hands) redraws from what the seat sees and so
    # never passes the truth on: let the bots draw their worlds as the rules do.
    monkeypatch.setattr(knowledge_for(state.game), "world", DEFAULT.world)
    found = _planted(state, seat)
    # Searches in the truth, and previews that know what a draw brings.
    assert "world" in found and found & {"hint", "previews"}, found


@pytest.mark.parametrize("name", list(STATE_CLASSES))
def test_harness_catches_a_world_keeping_the_states_generator(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, seat = _leak_case(name)
    real = State.sample_hidden

    def leaky(self: State, player: int, rng: Rng, redraw: Redraw | None = None) -> State:
        world = real(self, player, rng, redraw)
        world.rng = self.rng.clone()
        return world

    monkeypatch.setattr(State, "sample_hidden", leaky)
    assert "world" in _planted(state, seat)


@pytest.mark.parametrize("name", list(STATE_CLASSES))
def test_harness_catches_a_rendering_of_a_hidden_field(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An observation carrying a hidden field (the deck, the stacks, the others' hands) and a
    renderer printing it."""
    state, seat = _leak_case(name)
    secret = {
        "confusing-lands": lambda s: s.deck,
        "land-vs-sea": lambda s: s.stacks,
        "drifting-lands": lambda s: s.hands,
    }[name]
    cls = STATE_CLASSES[name]
    real_observation = cls.observation
    monkeypatch.setattr(
        cls, "observation", lambda self, p: real_observation(self, p) | {"leak": str(secret(self))}
    )
    drawing = type(renderer_for(state.game))
    real_board = drawing.board
    monkeypatch.setattr(
        drawing,
        "board",
        lambda self, seen, edition, highlight=(): (
            f"{text(real_board(self, seen, edition, highlight))}{seen.get('leak')}"
        ),
    )
    found = _planted(state, seat)
    assert {"observation", "rendering"} <= found, found


def test_harness_catches_a_standing_counting_a_hidden_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    state, seat = _leak_case("confusing-lands")
    real = ConfusingLandsState.view

    def leaky(self: ConfusingLandsState, viewer: int | None) -> dict[str, Any]:
        seen = real(self, viewer)
        # Every placement, hidden or not.
        seen["landscapes"] = [[str(Placement.decode(a)) for a in p] for p in self.placements]
        return seen

    monkeypatch.setattr(ConfusingLandsState, "view", leaky)
    found = _planted(state, seat)
    assert {"observation", "standings", "rendering"} <= found, found


def test_harness_reports_a_variant_the_seat_could_tell_apart() -> None:
    state, seat = _leak_case("drifting-lands")
    variant = state.clone()
    variant.hands[seat] = variant.hands[seat][:-1]  # the seat's own hand: it would notice
    variant._legal = None
    assert "observation" in differences(profile(state, seat, ()), profile(variant, seat, ()))


def test_harness_compares_every_part_named() -> None:
    state, seat = _leak_case("land-vs-sea")
    parts = profile(state, seat)
    assert set(parts) >= {
        "observation",
        "rendering",
        "score rendering",
        "previews",
        "preview renderings",
        "standings",
        "hint",
        "world",
        "announcements",
        "random agent's choice",
        "greedy agent's choice",
        "mcts agent's choice",
    }
    assert re.search(r"\S", parts["rendering"]) and parts["previews"]
