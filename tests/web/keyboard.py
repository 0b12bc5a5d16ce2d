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


#: The fewest Tab presses that may take the focus to the element's control: its distance
#: in document order among the elements that can take the focus, less one (the browser may
#: stop at more places than these, never fewer, so pressing this many never passes it).
TABS_AT_LEAST = """el => {
    const control = el.closest('[tabindex], button, a[href], input, select, textarea');
    const stops = [...document.querySelectorAll('[tabindex], button, a[href], input, select, textarea')]
        .filter((n) => n.tabIndex >= 0 && !n.disabled && n.getClientRects().length
            && getComputedStyle(n).visibility !== "hidden");
    const [at, to] = [stops.indexOf(document.activeElement), stops.indexOf(control)];
    if (to < 0 || to === at) return 0;
    return (to > at ? to - at : stops.length - at + to) - 1;
}"""


def reach(locator: Any) -> None:
    """Move the focus by Tab alone to `locator`'s element (the focus order wraps around).

    The presses that cannot yet reach it are made without looking (:data:`TABS_AT_LEAST`),
    then each press is followed by a look at where the focus is."""
    page = locator.page
    element = locator.element_handle()
    for _ in range(page.evaluate(TABS_AT_LEAST, element)):
        page.keyboard.press("Tab")
    for _ in range(MAX_TABS):
        if page.evaluate(IS_FOCUSED, element):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reaches {locator}")


def key_press(locator: Any) -> None:
    """What a click does, by keyboard: the element reached by Tab, then Enter."""
    reach(locator)
    locator.page.keyboard.press("Enter")
