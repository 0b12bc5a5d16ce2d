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
