// Zoom and pan of a map drawn in an SVG (Land vs Sea, Drifting Lands), as on a phone's map
// app: the wheel, a drag, a pinch, the buttons above the map and the keys + − 0 change the
// part of the map shown (its viewBox, of the map's own proportions, so the page never moves).
// The part shown is kept while the board is drawn again (a new position, a turned tile);
// "Fit" shows the whole map. A tap on a target drawn smaller than a finger is first a zoom
// to it, so that the second tap is sure to hit what it aims at.

import { html, listenKeys } from "./svg.js";

/** @typedef {{x: number, y: number, w: number, h: number}} Box */

/** How far in a map may be zoomed: until a hex is this wide (CSS px). */
const MOST_HEX_PX = 120;
/** A target narrower than this (CSS px) is too small to tap surely: the tap zooms first. */
export const TAP_PX = 40;
/** How wide a hex is made by a tap's zoom (CSS px). */
const TAPPED_PX = 56;
/** How far a pointer moves before a press is a drag rather than a click (CSS px). */
const DRAG_PX = 6;

/** The part shown of each board container's map, kept across its redraws. */
const kept = new WeakMap();

/**
 * Make `root`'s map zoomable, its controls drawn into `bar`; `cell` is a hex's width in the
 * map's units. Call once the map's viewBox shows it whole.
 * @param {HTMLElement} container the board's container (what the part shown is kept by)
 * @param {SVGSVGElement} root
 * @param {HTMLElement} bar
 * @param {number} cell
 * @param {object} doc what the board draws: a zoom made by a tap is for one position, a new
 *   document is seen whole again; one the player made is kept
 * @returns {{destroy: () => void}}
 */
export function zoomable(container, root, bar, cell, doc) {
  const fit = boxOf(root);
  /** @type {{fit: Box, view: Box, doc: object, tapped: boolean} | undefined} */
  const before = kept.get(container);
  // Only a zoom is kept: a map seen whole stays whole as it grows (its old extent kept
  // would cut off every tile placed since).
  const zoomed = before !== undefined && before.view.w < before.fit.w - 0.5;
  const keep = zoomed && !(before.tapped && before.doc !== doc);
  let view = keep ? clamp(resize(before.view, before.view.w, fit), fit) : fit;
  let tapped = keep ? before.tapped : false;
  root.classList.add("tl-zoomable");

  function show() {
    view = clamp(view, fit);
    kept.set(container, { fit, view, doc, tapped });
    root.setAttribute("viewBox", [view.x, view.y, view.w, view.h].map((n) => n.toFixed(1)).join(" "));
    const zoomed = view.w < fit.w - 0.5;
    root.toggleAttribute("data-zoomed", zoomed);
    fitButton.disabled = !zoomed;
    outButton.disabled = !zoomed;
    inButton.disabled = view.w <= narrowest() + 0.5;
  }

  /** The narrowest part of the map that may be shown: a hex as wide as `MOST_HEX_PX`. */
  function narrowest() {
    return Math.min(fit.w, (view.w * cell * scale()) / MOST_HEX_PX);
  }

  /** Screen pixels per map unit. */
  function scale() {
    return root.getScreenCTM()?.a ?? 1;
  }

  /** @param {number} clientX @param {number} clientY */
  function toMap(clientX, clientY) {
    const ctm = root.getScreenCTM();
    if (!ctm) return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
    const point = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: point.x, y: point.y };
  }

  /**
   * Zoom by `factor` (over 1: in) keeping the map point `at` where it is on the screen.
   * @param {number} factor
   * @param {{x: number, y: number}} [at]
   * @param {boolean} [byTap] a zoom to tell a tap apart, for this position only
   */
  function zoom(factor, at = { x: view.x + view.w / 2, y: view.y + view.h / 2 }, byTap = false) {
    tapped = byTap;
    const width = Math.min(fit.w, Math.max(narrowest(), view.w / factor));
    const ratio = width / view.w;
    view = resize({ ...view, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio }, width, fit);
    show();
  }

  const tools = html("div", { class: "tl-zoom", role: "group", "aria-label": "map zoom" }, bar);
  const inButton = tool("in", "+", "Zoom in (+)", () => zoom(1.5));
  const outButton = tool("out", "−", "Zoom out (−)", () => zoom(1 / 1.5));
  const fitButton = tool("fit", "Fit", "Fit the whole map (0)", () => {
    tapped = false;
    view = fit;
    show();
  });
  show();

  /** @param {string} what @param {string} text @param {string} name @param {() => void} onClick */
  function tool(what, text, name, onClick) {
    const node = html("button", { type: "button", "aria-label": name, title: name, "data-zoom": what }, tools, text);
    node.addEventListener("click", onClick);
    return /** @type {HTMLButtonElement} */ (node);
  }

  // Wheel, drag and pinch.
  /** @type {Map<number, {x: number, y: number}>} */
  const pointers = new Map();
  let dragged = 0;
  let pinch = 0;
  let touched = false;

  /** @param {WheelEvent} event */
  const onWheel = (event) => {
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.25 : 1 / 1.25, toMap(event.clientX, event.clientY));
  };
  /** @param {PointerEvent} event */
  const onDown = (event) => {
    touched = event.pointerType === "touch";
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) dragged = 0;
    if (pointers.size === 2) pinch = spread();
  };
  /** @param {PointerEvent} event */
  const onMove = (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) {
      const now = spread();
      if (pinch > 0 && now > 0) {
        const [a, b] = [...pointers.values()];
        zoom(now / pinch, toMap((a.x + b.x) / 2, (a.y + b.y) / 2));
      }
      pinch = now;
      dragged = DRAG_PX;
      return;
    }
    dragged += Math.abs(dx) + Math.abs(dy);
    if (dragged < DRAG_PX || view.w >= fit.w - 0.5) return;
    if (!root.hasPointerCapture(event.pointerId)) root.setPointerCapture(event.pointerId);
    const unit = scale();
    view = { ...view, x: view.x - dx / unit, y: view.y - dy / unit };
    show();
  };
  /** @param {PointerEvent} event */
  const onUp = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = 0;
  };
  /**
   * A click that ends a drag is not a click; a tap on a target too small to be sure of is
   * a zoom to it (the map says so: `data-tap-zoomed`), and the next tap picks.
   * @param {MouseEvent} event
   */
  const onClick = (event) => {
    if (dragged >= DRAG_PX) {
      event.stopPropagation();
      event.preventDefault();
      dragged = 0;
      return;
    }
    const target = event.target instanceof Element ? event.target.closest(".tl-clickable") : null;
    if (touched && target && cell * scale() < TAP_PX && view.w > narrowest() + 0.5) {
      event.stopPropagation();
      event.preventDefault();
      zoom(TAPPED_PX / (cell * scale()), toMap(event.clientX, event.clientY), true);
      root.setAttribute("data-tap-zoomed", "");
      return;
    }
    root.removeAttribute("data-tap-zoomed");
  };
  /** @param {string} key */
  const onKey = (key) => {
    if (root.closest("[inert]")) return; // a picture (a rules page's example) takes no keys
    if (key === "+" || key === "=") zoom(1.5);
    else if (key === "-" || key === "−") zoom(1 / 1.5);
    else if (key === "0") {
      tapped = false;
      view = fit;
      show();
    }
  };

  function spread() {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  root.addEventListener("wheel", onWheel, { passive: false });
  root.addEventListener("pointerdown", onDown);
  root.addEventListener("pointermove", onMove);
  root.addEventListener("pointerup", onUp);
  root.addEventListener("pointercancel", onUp);
  root.addEventListener("click", onClick, true);
  return { destroy: listenKeys(onKey) };
}

/** @param {SVGSVGElement} root @returns {Box} */
function boxOf(root) {
  const [x, y, w, h] = (root.getAttribute("viewBox") ?? "0 0 100 100").split(/\s+/).map(Number);
  return { x, y, w, h };
}

/**
 * `box` made `width` wide, of `fit`'s proportions, about the same top-left.
 * @param {Box} box @param {number} width @param {Box} fit
 * @returns {Box}
 */
function resize(box, width, fit) {
  const w = Math.min(width, fit.w);
  return { x: box.x, y: box.y, w, h: (w * fit.h) / fit.w };
}

/**
 * `view` moved back over the map where it strays past its edges.
 * @param {Box} view @param {Box} fit
 * @returns {Box}
 */
function clamp(view, fit) {
  if (view.w >= fit.w - 0.5) return fit;
  const x = Math.min(Math.max(view.x, fit.x), fit.x + fit.w - view.w);
  const y = Math.min(Math.max(view.y, fit.y), fit.y + fit.h - view.h);
  return { ...view, x, y };
}
