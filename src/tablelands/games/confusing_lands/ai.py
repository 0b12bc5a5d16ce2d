"""What the bots know of Confusing Lands: each player judged by its own landscape.

Landscapes do not interact, so a player's own score says more than who wins: the search's
result and estimate are each player's own score on a curve, and playouts run to the end
(16 placements at most), each placement the best of a few random ones for the mover. With
2 players the search is flat: sequential halving over the shortlisted placements.
"""

from __future__ import annotations

import math

from tablelands.agents.knowledge import GameKnowledge, SearchPlan
from tablelands.core.rng import Rng
from tablelands.games.confusing_lands.components import ROUNDS
from tablelands.games.confusing_lands.notation import Placement
from tablelands.games.confusing_lands.scoring import score_landscape
from tablelands.games.confusing_lands.state import ConfusingLandsState

#: Solo, a score of -SOLO_FLOOR and below is a result of 0, one of SOLO_SPAN - SOLO_FLOOR
#: and above a result of 1, linearly between.
SOLO_FLOOR, SOLO_SPAN = 30, 100
#: With 2 players, a score's result is the logistic of (score - midpoint) / temperature.
ESTIMATE_TEMPERATURE = 8.0
ESTIMATE_MIDPOINT = 15.0
#: A playout placement is the best, for the mover's own score, of this many random ones.
ROLLOUT_CANDIDATES = 8
#: Solo: a tree, playouts to the end (every placement of the game at most).
PLAN = SearchPlan(playout_steps=2 * ROUNDS * 2)
#: With 2 players: flat sequential halving over the shortlist, on common worlds and luck. A
#: few hundred playouts over 24 placements are close to flat Monte Carlo in a tree anyway;
#: halving gives them to the placements that might be best (docs/bots.md).
DUEL_PLAN = SearchPlan(playout_steps=2 * ROUNDS * 2, flat=True, halving=True)


class ConfusingLandsKnowledge(GameKnowledge[ConfusingLandsState]):
    def plan(self, state: ConfusingLandsState) -> SearchPlan:
        return PLAN if state.num_players == 1 else DUEL_PLAN

    def playout_action(self, state: ConfusingLandsState, rng: Rng) -> int:
        """A quick greedy move: the best, for the mover's own score, of a few random
        placements."""
        legal = state.legal_actions()
        if not state.can_place():
            return rng.choice(legal)  # CL-18 discards: the landscape stays as it is
        seat = state.to_move
        stamps = state.tables.stamps
        best_action, best_score = legal[0], -(10**9)
        for _ in range(ROLLOUT_CANDIDATES):
            action = rng.choice(legal)
            placement = Placement.decode(action)
            landscape = state.landscapes[seat].copy()
            landscape.stamp(stamps[placement.orientation_index], placement.at)
            score = score_landscape(landscape, state.shared).total
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    def estimate(self, state: ConfusingLandsState) -> list[float]:
        """Each player's own score so far, scaled (see :meth:`utility`): landscapes do not
        interact, so judging a player by their own landscape keeps the others' moves out."""
        scores = state.scores()
        if state.num_players == 1:
            return [min(1.0, max(0.0, (scores[0] + SOLO_FLOOR) / SOLO_SPAN))]
        return [
            1.0 / (1.0 + math.exp(-(s - ESTIMATE_MIDPOINT) / ESTIMATE_TEMPERATURE)) for s in scores
        ]

    def utility(self, state: ConfusingLandsState) -> list[float]:
        """For search, each player's own final score on [0, 1]: solo linearly (-30 and below
        is 0, 70 and above is 1); with 2 players through the same smooth curve as
        :meth:`estimate`, since landscapes do not interact and a score says more than a win."""
        return self.estimate(state)

    def evaluate(self, state: ConfusingLandsState, player: int) -> float:
        """The player's own landscape's score."""
        return float(score_landscape(state.landscapes[player], state.shared).total)


KNOWLEDGE = ConfusingLandsKnowledge()
