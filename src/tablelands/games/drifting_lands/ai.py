"""What the bots know of Drifting Lands: projected final totals, a flat search of the last
round with greedy playouts, and hidden hands expected to hold cheap cards.

The search judges a position by its projected final totals (:func:`projection`) and starts
every node where a greedy player on that projection would: random playouts only added noise,
since most decisions (selecting, playing a card) score nothing by themselves. In the last
round the score standing is what counts and a few actions decide the game, so the search
turns flat: each of the best few actions is played out to the end with everyone taking what
is best for their own standing. Doing so from the round's first drift, not only once its
cards are played, lets the playouts judge the drift and the hand picked by what they lead
to, rather than by the estimate's fixed card values.
"""

from __future__ import annotations

import math

from tablelands.agents.knowledge import GameKnowledge, SearchPlan, shares
from tablelands.core.game import State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games.drifting_lands import notation as n
from tablelands.games.drifting_lands.components import (
    CARD_TYPES,
    EFFECT,
    HAND,
    OVER,
    PART,
    PLAY,
    REPRODUCING,
    ROUNDS,
    SELECT,
)
from tablelands.games.drifting_lands.scoring import award, floor_of, public_unused, standing
from tablelands.games.drifting_lands.state import DriftingLandsState
from tablelands.games.drifting_lands.view import redraw_hands

#: At least as many decisions as the last round can hold: for each of 4 seats a drift,
#: 4 selections and 4 cards of at most 4 decisions each.
FINAL_ROUND_DECISIONS = 4 * (1 + HAND + HAND * 4)
#: Actions searched in each decision of the last round.
FINAL_SEARCH_WIDTH = 4
#: Before the last round: a tree, every new node judged by the estimate, its children
#: starting from their estimates counted as 8 playouts.
TREE_PLAN = SearchPlan(playout_steps=0, prior_visits=8)
#: In the last round: flat over the estimate's best few actions, playouts to the end.
FINAL_PLAN = SearchPlan(width=FINAL_SEARCH_WIDTH, playout_steps=FINAL_ROUND_DECISIONS, flat=True)
#: The final result is the win and this much of a softmax of the totals (the margin).
MARGIN_WEIGHT = 0.05
MARGIN_TEMPERATURE = 8.0
#: The softmax temperature of the estimate, in projected points.
ESTIMATE_TEMPERATURE = 8.0
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
#: A hidden hand is drawn favouring cards of few basic points, each weighing e^(-bias * points):
#: players keep their valuable cards unused for the end, and in the last round they can.
CHEAP_CARD_BIAS = 1.5


def final_round(state: DriftingLandsState) -> bool:
    """Whether the last round is under way (its drifts, selections or cards)."""
    return state.round == ROUNDS - 1 and state.phase != OVER


class DriftingLandsKnowledge(GameKnowledge[DriftingLandsState]):
    def plan(self, state: DriftingLandsState) -> SearchPlan:
        return FINAL_PLAN if final_round(state) else TREE_PLAN

    def playout_action(self, state: DriftingLandsState, rng: Rng) -> int:
        """The greedy action (:meth:`greedy_action`). Which card to pick or play changes no
        score but the card's own basic points: a picked card stops counting as unused, and a
        card in play counts as unused until its effect is done. So those choices are read off
        the cards (the cheapest pick, the dearest play) rather than tried one by one."""
        if state.phase in (SELECT, PLAY):
            points = state.edition.card_points
            first = n.SELECT if state.phase == SELECT else n.PLAY
            sign = -1 if state.phase == SELECT else 1
            legal = state.legal_actions()
            best = max(sign * points[action - first] for action in legal)
            return rng.choice([a for a in legal if sign * points[a - first] == best])
        return self.greedy_action(state, rng)

    def utility(self, state: DriftingLandsState) -> list[float]:
        """The win, and a little for the margin, so that among equally winning (or losing)
        actions the search prefers the larger margin."""
        final = [float(total) for total in state.scores()]
        margins = seat_shares(state, final, MARGIN_TEMPERATURE)
        return [
            (1 - MARGIN_WEIGHT) * won + MARGIN_WEIGHT * margin
            for won, margin in zip(state.returns(), margins, strict=True)
        ]

    def estimate(self, state: DriftingLandsState) -> list[float]:
        """Each seat's (team's) share of a softmax over the projected final totals."""
        return seat_shares(state, projection(state), ESTIMATE_TEMPERATURE)

    def evaluate(self, state: DriftingLandsState, player: int) -> float:
        """The score standing as ``player`` can count it: its (team's) total minus the best
        other. Another seat's hand is hidden, so its cards count as unused until they are
        played (as in :func:`scoring.public_breakdown`); only the player's own hand is
        known."""
        exact = state.scores()
        unused = state.unused_points()
        sides: dict[int, int] = {}
        for seat, total in enumerate(exact):
            hidden = 0 if seat == player else public_unused(state.edition, state.discards[seat])
            counted = total if seat == player else total - unused[seat] + hidden
            team = state.team_of(seat)
            sides[team] = sides.get(team, 0) + counted
        mine = sides.pop(state.team_of(player))
        return float(mine - max(sides.values()))

    def world(self, view: SeatView, rng: Rng) -> State:
        """A world whose hidden hands favour cheap cards (:data:`CHEAP_CARD_BIAS`)."""
        return view.world(rng, _cheap_hands)


KNOWLEDGE = DriftingLandsKnowledge()


def _cheap_hands(world: State, viewer: int, rng: Rng) -> State:
    """Every other hand redrawn from the cards it may hold, each card weighing
    e^(-CHEAP_CARD_BIAS * points): a weighted draw without replacement, in which the largest
    keys u^(1/weight) win."""
    assert isinstance(world, DriftingLandsState)
    points = world.edition.card_points

    def draw(cards: list[int], size: int) -> list[int]:
        keyed = sorted(
            cards, key=lambda c: rng.random() ** (1 / math.exp(-CHEAP_CARD_BIAS * points[c]))
        )
        return keyed[-size:]

    return redraw_hands(world, viewer, draw)


def unplayed_part(state: DriftingLandsState) -> float:
    """How much of the card in play is still to be carried out: 1 before its effect, half of
    Reproducing after its first breed, 0 once the effect is done or with no card."""
    if not state.card or state.phase not in (EFFECT, PART):
        return 0.0
    return state.breeds_left / 2 if state.card_type(state.card) == REPRODUCING else 1.0


def projection(state: DriftingLandsState) -> list[float]:
    """Each seat's expected final total: the standing on the board, the unused cards it can
    still keep (the best ``KEPT_CARDS`` of those not yet taken), and what its hand promises."""
    cards = state.edition.cards
    floor = floor_of(state.num_players)
    expected = [0.0] * state.num_players
    for owner, level in state.board.pawns.values():
        expected[owner] += level
    for _, value, levels in standing(state.board, state.edition, state.num_players):
        present = sum(levels)
        for seat, points in enumerate(award(levels, value, floor)[0]):
            share = value * levels[seat] / present if present else 0.0
            expected[seat] += (1 - SHARE_WEIGHT) * points + SHARE_WEIGHT * share
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
            promised += CARD_PROMISE[CARD_TYPES[cards[state.card][0]]] * unplayed_part(state)
        result.append(expected[seat] + sum(kept[:KEPT_CARDS]) + promised)
    return result


def seat_shares(state: DriftingLandsState, points: list[float], temperature: float) -> list[float]:
    """Each seat's (team's) share of a softmax over the seats' (teams' summed) ``points``."""
    teams = sorted({state.team_of(seat) for seat in range(state.num_players)})
    summed = [
        sum(p for seat, p in enumerate(points) if state.team_of(seat) == team) for team in teams
    ]
    by_team = dict(zip(teams, shares(summed, temperature), strict=True))
    return [by_team[state.team_of(seat)] for seat in range(state.num_players)]
