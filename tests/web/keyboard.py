"""Playing by keyboard alone: Tab goes from one control or lit target to the next, Enter or
Space picks the one with the focus, as a player without a mouse would."""

from __future__ import annotations

from typing import Any

#: More Tab presses than any page has stops: past it, the target cannot be reached.
MAX_TABS = 600

#: Whether the element, or the control it is part of (a lit target's ring, a button's
#: label), has the focus.
IS_FOCUSED = """el => {
    const control = el.closest('[tabindex], button, a[href], input, select, textarea');
    return control !== null && control === document.activeElement;
}"""


def reach(locator: Any) -> None:
    """Move the focus by Tab alone to `locator`'s element (the focus order wraps around)."""
    page = locator.page
    element = locator.element_handle()
    for _ in range(MAX_TABS):
        if page.evaluate(IS_FOCUSED, element):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reaches {locator}")


def key_press(locator: Any) -> None:
    """What a click does, by keyboard: the element reached by Tab, then Enter."""
    reach(locator)
    locator.page.keyboard.press("Enter")
