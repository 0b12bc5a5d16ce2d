"""What a player must see of a game page, checked from the elements' boxes: the board, the
hand and the confirm bar on screen and clear of one another, and every lit target the
element a click at its centre reaches."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import SCREENSHOTS

#: Each board (by the class the board module gives #board): the drawings played on, and
#: the player's hand (cards or tiles held, with the controls that turn them) when the
#: position has one, and Land vs Sea's stacks when a tile is drawn from them; Drifting Lands' whole deck, to choose a hand from, may scroll in its
#: panel. {seat} is the seat shown.
PARTS: dict[str, tuple[str, str]] = {
    "tl-cl": (".tl-cl-grid", '.tl-hand[data-seat="{seat}"]'),
    "tl-ls": (
        ".tl-ls-map svg",
        '.tl-hand[data-seat="{seat}"], .tl-ls-side .tl-controls, .tl-ls-faces:has(.tl-clickable)',
    ),
    "tl-dl": (".tl-dl-map svg", ".tl-dl-side .tl-dl-cards:not(.tl-dl-deck)"),
}
#: The confirm bar: the prompt and its buttons, when shown.
BAR = "#confirm, #prompt, #confirm-yes:not([hidden]), #confirm-no:not([hidden])"
#: What a click acts on: the board's lit targets and buttons, and the confirm bar's.
TARGETS = "#board .tl-clickable, #board button:not(:disabled), #confirm button:not([hidden])"

#: The part of the screen where a node can be seen: the window, cut by the boxes of the
#: elements around it that clip their overflow.
SEEN = """(node) => {
  let [left, top, right, bottom] = [0, 0, window.innerWidth, window.innerHeight];
  for (let up = node.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowY === "visible" && style.overflowX === "visible") continue;
    const b = up.getBoundingClientRect();
    [left, top, right, bottom] = [Math.max(left, b.left), Math.max(top, b.top), Math.min(right, b.right), Math.min(bottom, b.bottom)];
  }
  return [left, top, right, bottom];
}"""

#: Each part's box in the window and the board's panels scrolled to their tops, as the
#: position is first seen, and the part of it seen through the elements around it that
#: clip their overflow (a panel scrolling on its own).
MEASURE = """({parts: modules, seat, bar}) => {
  const seen = SEEN;
  const host = document.getElementById("board").className || "";
  const module = Object.keys(modules).find((m) => host.split(" ").includes(m));
  if (!module) return {host, missing: true};
  const [board, hand] = [modules[module][0], modules[module][1].replaceAll("{seat}", String(seat))];
  window.scrollTo(0, 0);
  // Panels that scroll on their own are seen from their top too (then put back).
  const panels = [...document.querySelectorAll("#board *")].filter((n) => n.scrollTop || n.scrollLeft)
    .map((n) => [n, n.scrollLeft, n.scrollTop]);
  for (const [n] of panels) n.scrollTo(0, 0);
  const boxes = (selector, kind) => [...document.querySelectorAll(selector)]
    .filter((n) => n.getClientRects().length)
    .map((n, i) => {
      const b = n.getBoundingClientRect();
      return {kind, name: `${selector.split(",")[0]} #${i + 1} (${n.id || n.getAttribute("class") || n.tagName})`,
              box: [b.left, b.top, b.right, b.bottom], seen: seen(n), node: n};
    });
  const parts = [...boxes(board, "board"), ...boxes(hand, "hand"), ...boxes(bar, "bar")];
  // A part inside another of the same kind (a button in the bar) is not an overlap.
  const nested = (a, b) => a.node.contains(b.node) || b.node.contains(a.node);
  const overlaps = [];
  parts.forEach((a, i) => parts.slice(i + 1).forEach((b) => {
    if (nested(a, b)) return;
    const w = Math.min(a.box[2], b.box[2]) - Math.max(a.box[0], b.box[0]);
    const h = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]);
    if (w > 1 && h > 1) overlaps.push(`${a.name} and ${b.name} overlap by ${w.toFixed(0)}x${h.toFixed(0)}`);
  }));
  for (const [n, left, top] of panels) n.scrollTo(left, top);
  return {
    width: document.documentElement.clientWidth, height: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    host, parts: parts.map(({kind, name, box, seen}) => ({kind, name, box, seen})), overlaps,
  };
}""".replace("SEEN", SEEN)

#: Each lit target's centre (an SVG element's own box's, mapped to the screen; a group's
#: ring, the circle that shows where to tap it, when it has one), scrolled to when it is not
#: seen (off the screen, or hidden in a panel scrolled away), and what the browser finds
#: at that point.
HITS = """(selector) => {
  const seen = SEEN;
  const centre = (node) => {
    const aim = node instanceof SVGGElement ? node.querySelector("circle") ?? node : node;
    if (aim instanceof SVGGraphicsElement && aim.getScreenCTM()) {
      const b = aim.getBBox();
      const p = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2).matrixTransform(aim.getScreenCTM());
      return [p.x, p.y];
    }
    const b = aim.getBoundingClientRect();
    return [b.left + b.width / 2, b.top + b.height / 2];
  };
  const name = (node) => node ? `<${node.tagName.toLowerCase()} ${[...node.attributes].map((a) => `${a.name}="${a.value}"`).join(" ").slice(0, 160)}>` : "nothing";
  const lit = [...document.querySelectorAll(selector)]
    .filter((n) => n.getClientRects().length && getComputedStyle(n).visibility !== "hidden");
  const covered = [];
  for (const node of lit) {
    let [x, y] = centre(node);
    // Out of a zoomed map's view is not under anything: the player pans or fits to it. A
    // centre within a pixel of the view's edge is out of it too: the point a click there
    // lands on is rounded to a pixel, which may be the next element's.
    const map = node instanceof SVGElement ? node.ownerSVGElement : null;
    if (map?.hasAttribute("data-zoomed")) {
      const r = map.getBoundingClientRect();
      if (x < r.left + 1 || x > r.right - 1 || y < r.top + 1 || y > r.bottom - 1) continue;
    }
    // Scrolled to as a player would, then every panel put back where the player left it.
    const scrolled = [];
    const [left, top, right, bottom] = seen(node);
    if (x < left || y < top || x >= right || y >= bottom) {
      for (let up = node.parentElement; up; up = up.parentElement) scrolled.push([up, up.scrollLeft, up.scrollTop]);
      node.scrollIntoView({block: "center", inline: "center"});
      [x, y] = centre(node);
    }
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === node || node.contains(hit))) covered.push(`${name(node)} at ${x.toFixed(0)},${y.toFixed(0)} is under ${name(hit)}`);
    for (const [up, left, top] of scrolled) up.scrollTo(left, top);
  }
  window.scrollTo(0, 0);
  return {count: lit.length, covered};
}""".replace("SEEN", SEEN)


def _inside(box: list[float], frame: list[float]) -> bool:
    left, top, right, bottom = box
    return (
        left >= frame[0] - 1
        and top >= frame[1] - 1
        and right <= frame[2] + 1
        and bottom <= frame[3] + 1
    )


def assert_fits(page: Any, seat: int = 0) -> None:
    """At the seat's turn, with the page scrolled to its top: the confirm bar and the hand
    wholly on screen (not clipped by a panel either), the drawings played on inside the
    screen's width and no taller than it (on a screen 800 high and more, wholly on it), the
    page never wider than the screen, and none of them overlapping another."""
    _fits(page.evaluate(MEASURE, {"parts": PARTS, "seat": seat, "bar": BAR}))


def _fits(seen: dict[str, Any]) -> None:
    assert not seen.get("missing"), f"no board drawn: #board has class {seen['host']!r}"
    width, height = seen["width"], seen["height"]
    problems = list(seen["overlaps"])
    if seen["scrollWidth"] > width:
        problems.append(f"the page is {seen['scrollWidth']} wide on a screen {width} wide")
    kinds = {part["kind"] for part in seen["parts"]}
    problems += [f"no {kind} drawn" for kind in ("board", "bar") if kind not in kinds]
    for part in seen["parts"]:
        left, top, right, bottom = box = part["box"]
        if part["kind"] == "board" and height < 800:
            # A low screen (a phone held landscape) scrolls down to the drawing.
            if left < -1 or right > width + 1 or bottom - top > height + 1:
                problems.append(f"{part['name']} {_show(box)} does not fit {width}x{height}")
        elif not _inside(box, part["seen"]):
            problems.append(f"{part['name']} {_show(box)} is not all seen: {_show(part['seen'])}")
    assert not problems, f"at {width}x{height} ({seen['host']}):\n" + "\n".join(problems)


def _show(box: list[float]) -> str:
    return "[" + ", ".join(f"{value:.0f}" for value in box) + "]"


def assert_targets_clickable(page: Any, selector: str = TARGETS) -> int:
    """Every lit target (and button) the board and the confirm bar offer is what a click at
    its centre reaches, not something drawn over it; the number of targets."""
    return _clickable(page.evaluate(HITS, selector), selector)


def _clickable(found: dict[str, Any], selector: str) -> int:
    assert not found["covered"], "\n".join(found["covered"])
    assert found["count"] > 0, f"nothing to click: {selector}"
    count: int = found["count"]
    return count


#: Both measures at once (one call into the page: they run at every decision).
BOTH = f"args => [({MEASURE})(args), ({HITS})(args.targets)]"


def assert_playable(page: Any, seat: int = 0) -> None:
    """Both checks: what a decision of the seat's turn needs is seen and can be clicked."""
    fits, hits = page.evaluate(BOTH, {"parts": PARTS, "seat": seat, "bar": BAR, "targets": TARGETS})
    try:
        _fits(fits)
        _clickable(hits, TARGETS)
    except AssertionError:
        # What the screen showed, for whoever reads the failure.
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "not-playable.png"))
        raise
