"""The Confusing Lands game log: what a seat reads of each step, in words, worked out from
its observations before and after the step (``Game.narrate``), never from the state.

An opponent's placement made in the same phase stays hidden until the phase closes: the log
tells it as "Seat 2 placed a card" (naming the card when the seat knows its hand), and once
the phase closes tells what it was, with the points it brought. A card discarded because it
cannot be placed (CL-18) is told at once: the discard pile is face up.
"""

from __future__ import annotations

from tablelands.core.game import JsonDict, Place
from tablelands.games.confusing_lands.components import CONDITION_NAMES, CONDITION_SIDE, ROUNDS
from tablelands.games.confusing_lands.landscape import coordinates
from tablelands.games.confusing_lands.notation import parse


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def cards_text(cards: list[int]) -> str:
    """``[4, 9]`` -> ``"cards 4 and 9"``."""
    words = [str(card) for card in cards]
    if len(words) == 1:
        return f"card {words[0]}"
    return "cards " + ", ".join(words[:-1]) + " and " + words[-1]


def placement_text(text: str) -> str:
    """A placement in words: ``card 7 (Roaring Falls) condition side up at -1,2 (7c1@-1,2)``."""
    placement = parse(text)
    row, col = coordinates(placement.at)
    if placement.side == CONDITION_SIDE:
        card = f"card {placement.card} ({CONDITION_NAMES[placement.card]}) condition side up"
    else:
        card = f"card {placement.card} landscape side up"
    return f"{card} at {row},{col} ({text})"


def points_text(before: JsonDict, after: JsonDict, seat: int) -> str:
    """The seat's points now, with the change this step brought."""
    total = after["standings"][seat]["total"]
    change = total - before["standings"][seat]["total"]
    return f"{total} points" + (f" ({change:+d})" if change else "")


def hand_known(seen: JsonDict, seat: int) -> bool:
    return seen["hands"][seat] is not None


def introduce(seen: JsonDict) -> list[str]:
    """The shared condition, and the hands the seat knows."""
    shared = seen["shared_condition"]
    lines = [f"The shared condition is {shared} {CONDITION_NAMES[shared]}."]
    lines += dealt(seen)
    return lines


def dealt(seen: JsonDict) -> list[str]:
    """Who was dealt what, as far as the seat knows; a spectator, who knows no hand, is
    told how many cards each seat is dealt."""
    if seen["viewer"] is None:
        return [
            f"{seat_name(seat)} is dealt {size} cards."
            for seat, size in enumerate(seen["hand_sizes"])
            if size
        ]
    return [
        f"{seat_name(seat)} is dealt {cards_text(hand)}."
        for seat, hand in enumerate(seen["hands"])
        if hand  # an unknown hand is None
    ]


def narrate(before: JsonDict, after: JsonDict) -> list[str]:
    """The placement of the seat that acted (hidden or not), the placements the close of a
    phase reveals, the cards passed on (or discarded and taken, solo), the next deal and the
    end of the game."""
    actor = before["to_move"]
    seats = range(before["players"])
    lines: list[str] = []
    for seat in [actor, *(s for s in seats if s != actor)]:
        new = after["landscapes"][seat][len(before["landscapes"][seat]) :]
        for text in new:
            told = f"{seat_name(seat)} placed {placement_text(text)}: "
            told += points_text(before, after, seat)
            lines.append(told if seat == actor else f"Revealed: {told}")
        if seat == actor and not new:
            lines.append(discarded(before, after, actor) or hidden(before, after, actor))
    if after["phase"] == "over":
        return [*lines, *final(after)]
    if after["round"] != before["round"]:
        return [*lines, f"Round {after['round']} of {ROUNDS} begins.", *dealt(after)]
    if after["phase"] != before["phase"]:
        lines += passed(before, after)
    return lines


def new_discards(before: JsonDict, after: JsonDict, seat: int) -> list[int]:
    """The cards ``seat`` discarded this step because it could not place them (CL-18)."""
    cards: list[int] = after["cannot_place"][seat][len(before["cannot_place"][seat]) :]
    return cards


def discarded(before: JsonDict, after: JsonDict, seat: int) -> str | None:
    """A CL-18 discard in words, or ``None`` when the seat placed a card."""
    cards = new_discards(before, after, seat)
    if not cards:
        return None
    if before["hand_sizes"][seat] > 1:
        return (
            f"{seat_name(seat)} could place neither card and discarded {cards_text(cards)} (CL-18)."
        )
    return f"{seat_name(seat)} could not place {cards_text(cards)} and discarded it (CL-18)."


def hidden(before: JsonDict, after: JsonDict, seat: int) -> str:
    return f"{seat_name(seat)} placed {hidden_card(before, after, seat)}"


def hidden_card(before: JsonDict, after: JsonDict, seat: int) -> str:
    """A placement the seat cannot see yet: which card it was, if the seat knew the hand."""
    if hand_known(before, seat) and hand_known(after, seat):
        gone = sorted(set(before["hands"][seat]) - set(after["hands"][seat]))
        return f"{cards_text(gone)} (where is shown when the phase ends)"
    return "a card"


def passed(before: JsonDict, after: JsonDict) -> list[str]:
    """The first phase's end: the cards not chosen go to the opponent, or solo (CL-16) are
    discarded with the deck's top card while the next card is taken."""
    if after["players"] == 1:
        # A CL-18 discard comes first, and is told on its own.
        thrown = after["discards"][len(before["discards"]) + len(new_discards(before, after, 0)) :]
        kept, top = thrown[:-1], thrown[-1]
        taken = after["hands"][0]
        return [
            f"Seat 1 discards {cards_text(kept)} and the deck's top card {top}, and takes "
            f"{'a card' if taken is None else cards_text(taken)} from the deck."
        ]
    # In the second phase every seat knows both hands (each holds the card the other
    # passed); a spectator knows neither.
    return [
        f"{seat_name(giver)} passes {cards_text(hand) if hand else 'a card'} to {seat_name(taker)}."
        for giver, taker in ((0, 1), (1, 0))
        for hand in [after["hands"][taker]]
    ]


def final(seen: JsonDict) -> list[str]:
    """The final score, and who won (CL-15) or, solo, the rating."""
    rows = seen["standings"]
    if seen["players"] == 1:
        return [f"The game is over: {rows[0]['total']} points, rated {seen['rating']}."]
    scores = ", ".join(f"{seat_name(r['seat'])} {r['total']} points" for r in rows)
    won = seen["winners"]
    if len(won) > 1:
        verdict = "Seats 1 and 2 share the win (CL-15)."
    elif rows[0]["total"] == rows[1]["total"]:
        best = " against ".join(
            str(v) for v in sorted((r["best_single"] for r in rows), reverse=True)
        )
        verdict = f"{seat_name(won[0])} wins on its best single condition, {best} (CL-15)."
    else:
        verdict = f"{seat_name(won[0])} wins."
    return [f"The game is over: {scores}. {verdict}"]


def places(before: JsonDict, after: JsonDict) -> list[Place]:
    """The cards the step put in a landscape the seat can see (its own placement, or those a
    phase's close reveals), keyed ``"<seat>:<placement>"``, each with its landscape's seat."""
    return [
        (seat, f"{seat}:{text}")
        for seat in range(before["players"])
        for text in after["landscapes"][seat][len(before["landscapes"][seat]) :]
    ]
