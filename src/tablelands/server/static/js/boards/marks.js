// What just happened, on any board: each board draws an outline (unseen until used) for every
// place it can show changed, keyed as the game keys it (`Game.places`), with `marker`; the
// outlines of each seat's last turn show in that seat's colour, those of the moves just
// arrived play a short animation, and `lightPlaces` lights a move's places (its log line
// pointed at). The outlines never take a click: targets stay where they are.

import { svg } from "./svg.js";

/** How long after a document arrives its moves' places play their animation (a board drawn
 * again within it, for a pick, plays it on; one drawn later does not). */
const ARRIVING_MS = 1500;

/**
 * What draws the outlines of a document's places: each seat's last turn (`doc.recent`) in
 * that seat's colour, and the places of the moves just arrived (`doc.arrived`) animated.
 * @param {import("./types.js").BoardDoc} doc
 */
export function marker(doc) {
  /** @type {Map<string, number>} */
  const recent = new Map();
  for (const { seat, places } of doc.recent ?? []) for (const key of places) recent.set(key, seat);
  const arrived = new Set(doc.arrived ?? []);
  const until = performance.now() + ARRIVING_MS;
  /**
   * The outline of one place, drawn into the board's layer of marks (over the places,
   * taking no click).
   * @param {Element} layer
   * @param {"polygon" | "rect"} tag
   * @param {string} key the place's key, as the game keys it
   * @param {import("./svg.js").Attrs} attrs its shape and position
   */
  return (layer, tag, key, attrs) => {
    const seat = recent.get(key);
    const classes = ["tl-mark"];
    if (seat !== undefined) classes.push("tl-recent", `tl-recent-${seat % 4}`);
    if (arrived.has(key) && performance.now() < until) classes.push("tl-arrived");
    return svg(tag, { ...attrs, class: classes.join(" "), "data-mark": key, "data-recent": seat, "pointer-events": "none", "aria-hidden": "true" }, layer);
  };
}

/**
 * Light the given places (a log line's move), and only them; none: light nothing.
 * @param {Element} container
 * @param {string[]} places
 */
export function lightPlaces(container, places) {
  const wanted = new Set(places);
  for (const node of container.querySelectorAll("[data-mark]")) {
    node.classList.toggle("tl-mark-lit", wanted.has(node.getAttribute("data-mark") ?? ""));
  }
}
