"""Every game's notation and ``apply`` fuzzed (issue 14), at positions of a seeded random game:

* any text is read as an action number of its own field, or refused with ``NotationError``
  (never ``IllegalActionError``: the notation does not judge legality, ``apply`` does), and
  quickly;
* every legal action's text reads back as that action;
* anything but a legal action number is refused with ``IllegalActionError``, leaving the state
  exactly as it was.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.game import State
from tablelands.core.notation import MAX_ACTION_TEXT
from tablelands.games import game_names, get_game
from tablelands.games.confusing_lands import notation as confusing_lands
from tablelands.games.drifting_lands import notation as drifting_lands
from tablelands.games.land_vs_sea import notation as land_vs_sea

ACTION_COUNTS = {
    "confusing-lands": confusing_lands.ACTION_COUNT,
    "land-vs-sea": land_vs_sea.ACTION_COUNT,
    "drifting-lands": drifting_lands.ACTION_COUNT,
}
FUZZ = settings(max_examples=200, deadline=400)

WORDS = (
    *("start", "drift", "split", "part", "select", "play", "orogeny", "move", "expel"),
    *("breed", "evolve", "moving", "ultra_drifting"),
    *("draw", "steal", "waypoint", "hole", "pass", "none"),
)
#: Characters of no notation that Python still takes for digits (str.isdigit, \d or int()).
ODD_DIGITS = "²³¹\u0660\u0661\u0663\u096b\u09e6\uff10\uff19\U0001d7d9"
NOTATION = "0123456789-+,.>@/: abcl" + ODD_DIGITS


def texts(legal: list[str]) -> st.SearchStrategy[str]:
    """Arbitrary text, notation-like text with odd digits, texts around the length cap and
    numbers past int()'s limit, and the legal actions' texts with a character or two
    inserted, replaced or dropped."""
    fragment = st.text(alphabet=NOTATION, max_size=24)
    strategies = [
        st.text(max_size=60),
        st.builds("{} {}".format, st.sampled_from(WORDS), fragment),
        st.builds("{}{}".format, st.integers(-(10**6), 10**6), fragment),
        st.builds(
            "{} {}".format,
            st.sampled_from(WORDS),
            st.text(
                alphabet="0123456789,> -",
                min_size=MAX_ACTION_TEXT - 20,
                max_size=MAX_ACTION_TEXT + 20,
            ),
        ),
        # past int()'s limit of 4,300 digits
        st.builds("{}{}".format, st.integers(4290, 5000).map("7".__mul__), fragment),
        st.builds("{} {}".format, st.sampled_from(WORDS), st.integers(4290, 5000).map("7".__mul__)),
    ]
    if legal:
        strategies.append(
            st.builds(
                lambda text, at, cut, insert: text[:at] + insert + text[at + cut :],
                st.sampled_from(legal),
                st.integers(0, 20),
                st.integers(0, 1),
                st.text(alphabet=NOTATION + " x", max_size=2),
            )
        )
    return st.one_of(strategies)


def kind(name: str, text: str) -> str:
    """What sort of action a text writes: its verb (for a placement, none)."""
    if name == "drifting-lands":
        return text.split(maxsplit=1)[0].lower()
    letters = re.match(r"[a-z]*", "".join(text.split()).lower())
    assert letters is not None
    return letters[0]


@cache
def positions(name: str) -> dict[str, State]:
    """Positions of a 2-player game seeded 1 and played at random (seeded too): the first
    decision of each kind, the position halfway through and the end."""
    state = get_game(name).new_state(players=2, seed=1)
    rng = random.Random(1)
    played = [state.clone()]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        played.append(state.clone())
    chosen = {"halfway": played[len(played) // 2], "end": played[-1]}
    for seen in played[:-1]:
        verb = kind(name, seen.format_action(seen.legal_actions()[0])) or "placement"
        chosen.setdefault(f"first {verb}", seen)
    return chosen


def position(name: str, label: str) -> State:
    return positions(name)[label].clone()


@cache
def legal_texts(name: str, label: str) -> list[str]:
    state = positions(name)[label]
    return [state.format_action(a) for a in state.legal_actions()]


POSITIONS = [(name, label) for name in game_names() for label in positions(name)]


@pytest.mark.parametrize(("name", "label"), POSITIONS)
@FUZZ
@given(data=st.data())
def test_any_text_is_an_action_of_its_own_field_or_our_error(
    name: str, label: str, data: st.DataObject
) -> None:
    state = position(name, label)
    text = data.draw(texts(legal_texts(name, label)), label="text")
    try:
        action = state.parse_action(text)
    except NotationError:
        return
    assert text.isascii(), f"{text!r}: only ASCII is read, digits 0-9 alone are digits"
    assert type(action) is int
    assert 0 <= action < ACTION_COUNTS[name]
    written = state.format_action(action)
    assert kind(name, written) == kind(name, text), f"{text!r} was read as {written!r}"
    assert state.parse_action(written) == action, f"{text!r} was read as {written!r}"


@pytest.mark.parametrize(("name", "label"), POSITIONS)
def test_every_legal_action_reads_back_from_its_text(name: str, label: str) -> None:
    state = position(name, label)
    for action in state.legal_actions():
        text = state.format_action(action)
        assert len(text) <= MAX_ACTION_TEXT
        assert state.parse_action(text) == action, text


@cache
def texts_of_the_game(name: str) -> list[str]:
    """The texts of the legal actions met anywhere in the game :func:`positions` plays, a
    seeded sample of at most 400 (texts that name actions of other positions and times)."""
    state = get_game(name).new_state(players=2, seed=1)
    rng = random.Random(1)
    seen: set[str] = set()
    while not state.is_terminal:
        seen.update(state.format_action(a) for a in state.legal_actions())
        state.apply(rng.choice(state.legal_actions()))
    found = sorted(seen)
    return random.Random(2).sample(found, min(400, len(found)))


@pytest.mark.parametrize(("name", "label"), POSITIONS)
def test_parse_never_judges_legality(name: str, label: str) -> None:
    """The text of an action of another position or time (another phase, a split's part, a
    move of a pawn elsewhere) is read as an action number, or is no action at all here
    (``NotationError``); whether it may be played is for ``apply``, which names the rule."""
    state = position(name, label)
    legal = set(state.legal_actions())
    for text in texts_of_the_game(name):
        try:
            action = state.parse_action(text)
        except NotationError:
            continue
        assert 0 <= action < ACTION_COUNTS[name], text
        if action not in legal:
            with pytest.raises(IllegalActionError, match=r"."):
                state.clone().apply(action)


@pytest.mark.parametrize(("name", "label"), POSITIONS)
@FUZZ
@given(data=st.data())
def test_apply_takes_only_legal_action_numbers(name: str, label: str, data: st.DataObject) -> None:
    state = position(name, label)
    legal = state.legal_actions()
    count = ACTION_COUNTS[name]
    values: list[st.SearchStrategy[object]] = [
        st.none(),
        st.booleans(),
        st.floats(),
        st.integers(),
        st.integers(0, count - 1),
        # 2**14000 still prints (4,215 digits) if it shows in a failure
        st.sampled_from([-1, count, 2**64, -(2**64), 2**14000]),
    ]
    if legal:
        values += [st.sampled_from(legal), st.sampled_from(legal).map(float)]
    action = data.draw(st.one_of(values), label="action")
    before = state.to_json()
    if type(action) is int and action in legal:
        state.apply(action)
        assert state.history[-1] == action
        return
    with pytest.raises(IllegalActionError):
        state.apply(action)  # type: ignore[arg-type]
    assert state.to_json() == before
