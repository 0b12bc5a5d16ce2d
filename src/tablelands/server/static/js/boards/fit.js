// Drawings sized to the screen: a board is seen whole, without scrolling, beside the hand
// and under the confirm bar, whatever the screen and however high the board's header.

/**
 * Cap a drawing's height at the room from where it starts (on the page, not the window
 * scrolled) down to the screen's bottom, and never below `least` pixels.
 * @param {SVGSVGElement | HTMLElement} node
 * @param {number} [least]
 */
export function fitToScreen(node, least = 160) {
  if (!node.isConnected) return;
  const top = node.getBoundingClientRect().top + window.scrollY;
  const host = node.closest(".tl-board");
  const below = host ? parseFloat(getComputedStyle(host).paddingBottom) || 0 : 0;
  node.style.maxHeight = `${Math.max(least, Math.floor(window.innerHeight - top - below - 4))}px`;
}

/**
 * Tell a panel the room from where it starts down to the screen's bottom, as `--tl-room`:
 * a phone's panel that scrolls on its own is no higher (boards.css), so its last button
 * can be scrolled into view.
 * @param {HTMLElement} node
 */
export function roomBelow(node) {
  if (!node.isConnected) return;
  const top = node.getBoundingClientRect().top + window.scrollY;
  node.style.setProperty("--tl-room", `${Math.max(120, Math.floor(window.innerHeight - top - 4))}px`);
}
