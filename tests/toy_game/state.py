"""Toy Lands rules, edition and notation, kept in one module since the game is so small."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.game import (
    TERMINAL,
    Edition,
    EditionFile,
    Game,
    JsonDict,
    OptionValue,
    State,
)
from tablelands.core.rng import Rng

HAND = 2
NOTATION_HELP = "Lay a card from your hand: lay N (N its number)."


class ToyEditionFile(EditionFile):
    game: Literal["toy-lands"]
    #: Card values, card i (from 1) worth ``cards[i - 1]``.
    cards: list[int] = Field(min_length=8, max_length=16)


class ToyEdition(Edition):
    schema = ToyEditionFile
    package = "tests.toy_game"
    model: ToyEditionFile

    def __init__(self, model: ToyEditionFile) -> None:
        super().__init__(model)
        self.values = {card: value for card, value in enumerate(model.cards, start=1)}


#: Actions are card numbers, and an edition has at most 16 cards.
ACTION_COUNT = 17


class ToyState(State):
    edition: ToyEdition
    #: The deck, top card last.
    deck: list[int]
    hands: list[list[int]]
    #: The cards each seat has laid, face up, in order.
    rows: list[list[int]]
    to_move: int

    def __init__(
        self,
        game: Game[Any],
        edition: ToyEdition,
        players: int,
        seed: int,
        options: dict[str, OptionValue],
    ) -> None:
        super().__init__(game, edition, players, seed, options)
        self.deck = list(edition.values)
        self.rng.shuffle(self.deck)  # top card last
        self.hands = [[self.deck.pop() for _ in range(HAND)] for _ in range(players)]
        self.rows = [[] for _ in range(players)]
        self.to_move = 0

    @property
    def current_player(self) -> int:
        return self.to_move if any(self.hands) else TERMINAL

    def legal_actions(self) -> list[int]:
        return sorted(self.hands[self.to_move]) if any(self.hands) else []

    def apply(self, action: int) -> None:
        if not any(self.hands):
            raise IllegalActionError("the game is over")
        if type(action) is not int or action not in self.hands[self.to_move]:
            raise IllegalActionError(f"{action!r} is not a card in your hand")
        seat = self.to_move
        self.hands[seat].remove(action)
        self.rows[seat].append(action)
        if self.deck:
            self.hands[seat].append(self.deck.pop())
        self.history.append(action)
        self.to_move = (seat + 1) % self.num_players
        while any(self.hands) and not self.hands[self.to_move]:
            self.to_move = (self.to_move + 1) % self.num_players

    def observation(self, player: int) -> JsonDict:
        if not 0 <= player < self.num_players:
            raise ValueError(f"there is no seat {player + 1}")
        return {
            "viewer": player,
            "to_move": self.current_player,
            "hand": sorted(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "rows": [[self.edition.values[c] for c in row] for row in self.rows],
            "laid": [list(row) for row in self.rows],
            "deck_size": len(self.deck),
        }

    def public_observation(self) -> JsonDict:
        return {
            "viewer": None,
            "to_move": self.current_player,
            "hand": [],
            "hand_sizes": [len(h) for h in self.hands],
            "rows": [[self.edition.values[c] for c in row] for row in self.rows],
            "laid": [list(row) for row in self.rows],
            "deck_size": len(self.deck),
        }

    def redraw_hidden(self, player: int, rng: Rng) -> ToyState:
        world = self.clone()
        unseen = sorted([c for s, h in enumerate(self.hands) if s != player for c in h] + self.deck)
        rng.shuffle(unseen)
        for seat, hand in enumerate(self.hands):
            if seat != player:
                world.hands[seat] = [unseen.pop() for _ in hand]
        world.deck = unseen
        return world

    def scores(self) -> list[int]:
        return [sum(self.edition.values[c] for c in row) for row in self.rows]

    def winners(self) -> list[int]:
        scores = self.scores()
        return [seat for seat, score in enumerate(scores) if score == max(scores)]

    def score_breakdown(self) -> list[JsonDict]:
        return [{"seat": seat, "total": score} for seat, score in enumerate(self.scores())]

    def final_section(self) -> JsonDict:
        return {"rows": [list(row) for row in self.rows]}

    def format_action(self, action: int) -> str:
        if type(action) is not int or action not in self.edition.values:
            raise NotationError(f"{action!r} is not a Toy Lands card")
        return f"lay {action}"

    def parse_action(self, text: str) -> int:
        verb, _, number = text.strip().lower().partition(" ")
        if verb != "lay" or not (number.isascii() and number.isdigit()) or len(number) > 3:
            raise NotationError(f"{text[:40]!r} is not an action. {NOTATION_HELP}")
        return int(number)

    def action_to_json(self, action: int) -> JsonDict:
        self.format_action(action)  # checks it
        return {"kind": "lay", "card": action}

    def action_from_json(self, data: object) -> int:
        if not isinstance(data, dict) or data.get("kind") != "lay":
            raise NotationError('kind: a Toy Lands action is {"kind": "lay", "card": N}')
        card = data.get("card")
        if type(card) is not int or not 0 <= card < self.action_count:
            raise NotationError(f"card: {card!r} is not a card number")
        return card
