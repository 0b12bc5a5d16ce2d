// Shared drawing helpers for the board modules: SVG and HTML element building, hex
// geometry (pointy-top, axial q,r, directions 0 north-east to 5 north-west, clockwise),
// and the patterns that keep terrain readable without colour.

export const SVG_NS = "http://www.w3.org/2000/svg";

/** @typedef {Record<string, string | number | boolean | null | undefined>} Attrs */

/**
 * An SVG element with attributes (null/undefined/false are left out), appended to `parent`.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * An HTML element with attributes and optional text, appended to `parent`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {Element | null} [parent]
 * @param {string} [content]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function html(tag, attrs = {}, parent = null, content = "") {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  if (content) node.textContent = content;
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * @param {Element} node
 * @param {Attrs} attrs
 */
function setAttrs(node, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
}

/**
 * SVG text, centred on x,y unless attrs say otherwise.
 * @param {Element} parent
 * @param {number} x
 * @param {number} y
 * @param {string} content
 * @param {Attrs} [attrs]
 */
export function label(parent, x, y, content, attrs = {}) {
  const node = svg(
    "text",
    { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs },
    parent,
  );
  node.textContent = content;
  return node;
}

/**
 * A hover text (SVG <title>) on an element.
 * @param {Element} parent
 * @param {string} content
 */
export function tooltip(parent, content) {
  svg("title", {}, parent).textContent = content;
}

/**
 * A button that runs `onClick`; `data` become data-* attributes, for tests and styles.
 * @param {Element} parent
 * @param {string} content
 * @param {() => void} onClick
 * @param {Record<string, string | number>} [data]
 */
export function button(parent, content, onClick, data = {}) {
  /** @type {Attrs} */
  const attrs = { type: "button", class: "tl-button" };
  for (const [key, value] of Object.entries(data)) attrs[`data-${key}`] = value;
  const node = html("button", attrs, parent, content);
  node.addEventListener("click", onClick);
  return node;
}

/**
 * Make an SVG element act as a button: clickable, focusable, Enter/Space press it.
 * @param {SVGElement} node
 * @param {() => void} onClick
 * @param {string} name what a screen reader says: what is there and what a click does,
 *   starting with the words the element shows, if it shows a word
 */
export function clickable(node, onClick, name) {
  node.classList.add("tl-clickable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  if (node instanceof SVGSVGElement) {
    // A drawing made a button (a card side, a tile face): its letters and symbols are
    // pictures of what is there, not a label to say, so its name is its title (a hover
    // text as well), which says what the picture shows.
    node.removeAttribute("aria-label");
    const title = svg("title");
    title.textContent = name;
    node.prepend(title);
  } else {
    node.setAttribute("aria-label", name);
  }
  // An image's parts are hidden from screen readers: the drawing holding a button is a
  // group of its parts instead, each named.
  const root = node.ownerSVGElement;
  if (root?.getAttribute("role") === "img") root.setAttribute("role", "group");
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    onClick();
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation(); // the page's Enter would confirm what this very key proposes
      onClick();
    }
  });
}

/**
 * Make an HTML box (a card, a tile in a hand) act as a button named by what it shows:
 * clickable, focusable, Enter/Space press it.
 * @param {HTMLElement} node
 * @param {() => void} onClick
 */
export function pressable(node, onClick) {
  node.classList.add("tl-clickable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.addEventListener("click", onClick);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation(); // the page's Enter would confirm what this very key proposes
      onClick();
    }
  });
}

/** Empty a container. @param {Element} node */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

// ---- hex geometry -------------------------------------------------------------------

const ROOT3 = Math.sqrt(3);

/** Neighbour offsets by direction 0-5 (north-east, east, south-east, south-west, west,
 * north-west), as in the rules. */
export const DIRECTIONS = [
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
];

export const DIRECTION_NAMES = ["north-east", "east", "south-east", "south-west", "west", "north-west"];

/**
 * Centre of hex q,r for hexes of circumradius `size`.
 * @param {number} q
 * @param {number} r
 * @param {number} size
 * @returns {[number, number]}
 */
export function hexCentre(q, r, size) {
  return [size * ROOT3 * (q + r / 2), size * 1.5 * r];
}

/**
 * Corner k (0 top, then clockwise) of a hex centred at 0,0: edge i runs from corner i to
 * corner i + 1, so edge 0 faces north-east.
 * @param {number} k
 * @param {number} size
 * @returns {[number, number]}
 */
export function hexCorner(k, size) {
  const angle = (Math.PI / 180) * (-90 + 60 * k);
  return [size * Math.cos(angle), size * Math.sin(angle)];
}

/**
 * Unit vector from a hex's centre towards the middle of edge (direction) i.
 * @param {number} i
 * @returns {[number, number]}
 */
export function edgeVector(i) {
  const angle = (Math.PI / 180) * (-60 + 60 * i);
  return [Math.cos(angle), Math.sin(angle)];
}

/** Points attribute of a hex of circumradius `size` centred at 0,0. @param {number} size */
export function hexPoints(size) {
  return [0, 1, 2, 3, 4, 5].map((k) => hexCorner(k, size).map((v) => v.toFixed(2)).join(",")).join(" ");
}

/**
 * Fit a viewBox around points with a margin; sets it on the svg.
 * @param {SVGSVGElement} root
 * @param {Array<[number, number]>} points
 * @param {number} margin
 */
export function fitViewBox(root, points, margin) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const left = Math.min(...xs) - margin;
  const top = Math.min(...ys) - margin;
  const width = Math.max(...xs) - left + margin;
  const height = Math.max(...ys) - top + margin;
  root.setAttribute("viewBox", `${left.toFixed(1)} ${top.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`);
}

/**
 * A fresh SVG root that scales with its box (viewBox) and holds the shared patterns.
 * @param {Element} parent
 * @param {string} className
 * @param {string} name its accessible name
 */
export function svgRoot(parent, className, name) {
  const root = svg("svg", { class: className, role: "img", "aria-label": name, preserveAspectRatio: "xMidYMid meet" }, parent);
  addPatterns(root);
  return root;
}

let patternCount = 0;

/** Pattern ids must be unique in a page holding several boards: each root gets its own. */
const PATTERN_IDS = new WeakMap();

/**
 * The fill url of a shared pattern ("waves": water, "hatch": raised ground) in this root.
 * @param {SVGSVGElement} root
 * @param {"waves" | "hatch" | "dots"} name
 */
export function patternFill(root, name) {
  return `url(#${PATTERN_IDS.get(root)}-${name})`;
}

/** @param {SVGSVGElement} root */
function addPatterns(root) {
  patternCount += 1;
  const prefix = `tl-p${patternCount}`;
  PATTERN_IDS.set(root, prefix);
  const defs = svg("defs", {}, root);
  const waves = svg("pattern", { id: `${prefix}-waves`, width: 12, height: 8, patternUnits: "userSpaceOnUse" }, defs);
  svg("path", { d: "M0 5 Q3 2 6 5 T12 5", fill: "none", stroke: "rgba(255,255,255,0.55)", "stroke-width": 1 }, waves);
  const hatch = svg("pattern", { id: `${prefix}-hatch`, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
  svg("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "rgba(0,0,0,0.35)", "stroke-width": 2 }, hatch);
  const dots = svg("pattern", { id: `${prefix}-dots`, width: 7, height: 7, patternUnits: "userSpaceOnUse" }, defs);
  svg("circle", { cx: 3.5, cy: 3.5, r: 0.9, fill: "rgba(0,0,0,0.28)" }, dots);
}

// ---- keyboard -----------------------------------------------------------------------

/**
 * Listen to keys on the whole page while a board is shown; returns the remover. Keys typed
 * into a form field are the field's, not the board's.
 * @param {(key: string, event: KeyboardEvent) => void} onKey
 */
export function listenKeys(onKey) {
  /** @param {KeyboardEvent} event */
  const listener = (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    onKey(event.key.toLowerCase(), event);
  };
  window.addEventListener("keydown", listener);
  return () => window.removeEventListener("keydown", listener);
}
