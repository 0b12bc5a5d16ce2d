// Drawings sized to the screen: a board is seen whole, without scrolling, beside the hand
// and under the confirm bar, whatever the screen and however high the board's header.

/**
 * The height from where `node` starts (on the page, not the window scrolled) down to the
 * screen's bottom; inside a container given a `data-room` (pixels), down to that room's
 * bottom instead: a board drawn far down a page (a rules page's example) has a height of
 * its own, not what is left of the first screen.
 * @param {Element} node
 * @returns {number}
 */
export function roomFrom(node) {
  const top = node.getBoundingClientRect().top;
  const host = node.closest("[data-room]");
  if (host instanceof HTMLElement) return Number(host.dataset.room) - (top - host.getBoundingClientRect().top);
  return window.innerHeight - (top + window.scrollY);
}

/**
 * Cap a drawing's height at the room from where it starts down to the screen's bottom
 * (`roomFrom`), less what the stylesheet keeps under it (`--tl-below`: on a phone held
 * upright, the hand under the map), and never below `least` pixels.
 * @param {SVGSVGElement | HTMLElement} node
 * @param {number} [least]
 */
export function fitToScreen(node, least = 160) {
  if (!node.isConnected) return;
  const host = node.closest(".tl-board");
  const padding = host ? parseFloat(getComputedStyle(host).paddingBottom) || 0 : 0;
  const kept = parseFloat(getComputedStyle(node).getPropertyValue("--tl-below")) || 0;
  node.style.maxHeight = `${Math.max(least, Math.floor(roomFrom(node) - padding - kept - 4))}px`;
}

/**
 * Tell a panel the room from where it starts down to the screen's bottom (`roomFrom`), as
 * `--tl-room`: a phone's panel that scrolls on its own is no higher (boards.css), so its
 * last button can be scrolled into view.
 * @param {HTMLElement} node
 */
export function roomBelow(node) {
  if (!node.isConnected) return;
  node.style.setProperty("--tl-room", `${Math.max(120, Math.floor(roomFrom(node) - 4))}px`);
}
