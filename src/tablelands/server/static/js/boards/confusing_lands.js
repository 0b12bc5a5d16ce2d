// Confusing Lands: every seat's landscape grid, the hand with both sides of each card, the
// scores so far; for the seat to place, pick a card side, turn it (R) or flip it (F), and a
// ghost follows the pointer over the positions where that orientation may go. On a touch
// screen the landscape being built zooms as Land vs Sea's map does: a tap on a position drawn
// smaller than a finger zooms to it first.

import { button, clear, clickable, html, label, listenKeys, svg, svgRoot, tooltip } from "./svg.js";
import { roomBelow, roomFrom } from "./fit.js";
import { marker } from "./marks.js";
import { zoomable } from "./zoom.js";

/** @typedef {import("./types.js").BoardDoc} BoardDoc */
/** @typedef {import("./types.js").BoardHandlers} BoardHandlers */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/**
 * A space as the observation's `cells` give it, or as read from a card side.
 * @typedef {{row: number, col: number, kind: string, river_ends: string, condition: number | null}} Cell
 */
/** @typedef {{card: number, side: "c" | "l", rotation: number, row: number, col: number} & LegalAction} Placement */
/** A card that cannot be placed anywhere, discarded instead (CL-18). @typedef {{card: number} & LegalAction} Discard */

const CELL = 40;
const MINI = 20;
/** The largest a landscape is drawn, in pixels a space: a few cards need not fill the room. */
const LARGEST = 44;
/** A touch screen: the landscape being built zooms (its positions grow small for a finger). */
const TOUCH = window.matchMedia("(pointer: coarse)");

/** @type {Record<string, {fill: string, ink: string, letter: string, name: string}>} */
const KINDS = {
  river: { fill: "#cfe6fb", ink: "#1565c0", letter: "", name: "river" },
  forest: { fill: "#3f8f3f", ink: "#ffffff", letter: "F", name: "forest" },
  mountain: { fill: "#a7a7a7", ink: "#1d1d1d", letter: "M", name: "mountain" },
  village: { fill: "#f3cf5b", ink: "#3b2a00", letter: "V", name: "village" },
  elk: { fill: "#a86b35", ink: "#ffffff", letter: "E", name: "elk" },
  wolf: { fill: "#c23b32", ink: "#ffffff", letter: "W", name: "wolf" },
  crystal: { fill: "#9152b8", ink: "#ffffff", letter: "C", name: "crystal" },
  empty: { fill: "#f4efe1", ink: "#9b9277", letter: "·", name: "empty" },
  condition: { fill: "#233239", ink: "#ffffff", letter: "", name: "condition" },
};

/** Offsets of each river end from a space's centre (unit square). */
const ENDS = /** @type {Record<string, [number, number]>} */ ({ N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] });
const CLOCKWISE = "NESW";

/**
 * The spaces of a card side as printed (2 rows of 3), read from the edition.
 * @param {any} edition
 * @param {number} card
 * @param {"c" | "l"} side
 * @returns {Cell[]}
 */
export function printedSide(edition, card, side) {
  const data = edition.cards.find((/** @type {{id: number}} */ c) => c.id === card);
  const rows = /** @type {string[][]} */ (side === "c" ? data.condition_side : data.landscape_side);
  /** @type {Cell[]} */
  const cells = [];
  rows.forEach((line, row) =>
    line.forEach((text, col) => {
      const [kind, ends = ""] = text.split(":");
      cells.push({ row, col, kind, river_ends: ends, condition: kind === "condition" ? card : null });
    }),
  );
  return cells;
}

/**
 * A side turned clockwise `rotation` quarter turns, as the rules turn it (CL-1): its spaces
 * relative to its top-left, river ends turned with it.
 * @param {Cell[]} cells
 * @param {number} rotation
 * @returns {{cells: Cell[], height: number, width: number}}
 */
export function rotateSide(cells, rotation) {
  let height = 2;
  let width = 3;
  let out = cells;
  for (let turn = 0; turn < rotation % 4; turn += 1) {
    const h = height;
    out = out.map((cell) => ({
      ...cell,
      row: cell.col,
      col: h - 1 - cell.row,
      river_ends: [...cell.river_ends].map((end) => CLOCKWISE[(CLOCKWISE.indexOf(end) + 1) % 4]).join(""),
    }));
    [height, width] = [width, height];
  }
  return { cells: out, height, width };
}

/**
 * A space in words, as its hover text and the names of targets say it.
 * @param {Cell} cell
 * @param {Record<string, string>} names condition names by number
 */
function spaceWords(cell, names) {
  if (cell.kind === "river") return `river, ends ${cell.river_ends.split("").join(" ")}`;
  if (cell.kind === "condition") return `condition ${cell.condition}: ${names[String(cell.condition)] ?? ""}`;
  return (KINDS[cell.kind] ?? KINDS.empty).name;
}

/**
 * A card side's spaces in words, row by row, for a screen reader.
 * @param {{cells: Cell[], height: number}} shape
 * @param {Record<string, string>} names
 */
function sideWords(shape, names) {
  const rows = [...Array(shape.height).keys()].map((row) =>
    shape.cells.filter((c) => c.row === row).sort((a, b) => a.col - b.col).map((c) => spaceWords(c, names)).join(", "),
  );
  return rows.map((words, row) => `row ${row + 1}: ${words}`).join("; ");
}

/**
 * Draw one space at x,y (its top-left) of size `size`.
 * @param {Element} parent
 * @param {Cell} cell
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {Record<string, string>} names condition names by number
 */
function drawSpace(parent, cell, x, y, size, names) {
  const look = KINDS[cell.kind] ?? KINDS.empty;
  const group = svg("g", { class: `tl-cl-space tl-cl-${cell.kind}`, "data-kind": cell.kind, "data-ends": cell.river_ends || null }, parent);
  svg("rect", { x, y, width: size, height: size, fill: look.fill, stroke: "#5b5240", "stroke-width": size / 40 }, group);
  const cx = x + size / 2;
  const cy = y + size / 2;
  if (cell.kind === "river") {
    for (const end of cell.river_ends) {
      const [dx, dy] = ENDS[end];
      svg("line", { x1: cx, y1: cy, x2: cx + (dx * size) / 2, y2: cy + (dy * size) / 2, stroke: look.ink, "stroke-width": size / 5, "stroke-linecap": "butt" }, group);
    }
    svg("circle", { cx, cy, r: size / 7, fill: look.ink }, group);
  } else if (cell.kind === "condition") {
    label(group, cx, cy, String(cell.condition ?? "?"), { fill: look.ink, "font-size": size * 0.45, "font-weight": "bold" });
  } else {
    label(group, cx, cy, look.letter, { fill: look.ink, "font-size": size * 0.5, "font-weight": "bold" });
  }
  tooltip(group, spaceWords(cell, names));
  return group;
}

/**
 * @param {HTMLElement} container
 * @param {BoardDoc} doc
 * @param {BoardHandlers} handlers
 * @returns {import("./types.js").Board}
 */
export function render(container, doc, handlers) {
  const seen = doc.observation;
  const mark = marker(doc);
  const names = /** @type {Record<string, string>} */ (seen.condition_names);
  const legal = /** @type {Placement[]} */ (doc.legal.filter((a) => a.kind === "place"));
  const acting = legal.length > 0;
  // Discards are offered only when no card in hand can be placed (CL-18).
  const discards = /** @type {Discard[]} */ (doc.legal.filter((a) => a.kind === "discard"));
  const viewer = /** @type {number | null} */ (seen.viewer);
  /** The card side in hand, its rotation: what the ghost shows. */
  const choice = { card: legal.length ? legal[0].card : 0, side: /** @type {"c" | "l"} */ ("c"), rotation: 0 };
  if (acting && !legal.some((a) => a.card === choice.card && a.side === "c")) choice.side = "l";
  /** @type {Placement[]} the positions of the chosen orientation wholly over the landscape */
  let covering = [];
  /** @type {(action: Placement | null) => void} the ghost of a position, or none */
  let showGhost = () => {};

  /** Draw again: every change of choice redraws the whole board, it is small. */
  function draw() {
    zoomer?.destroy();
    zoomer = null;
    clear(container);
    container.className = "tl-board tl-cl";
    header();
    const main = html("div", { class: "tl-cl-main" }, container);
    const lands = html("div", { class: "tl-cl-lands" }, main);
    const seats = [...Array(seen.players).keys()];
    // The viewer's own landscape comes first: it is the one being built.
    seats.sort((a, b) => Number(b === viewer) - Number(a === viewer));
    covering = [];
    for (const seat of seats) landscape(lands, seat);
    const side = html("div", { class: "tl-cl-side" }, main);
    hands(side);
    scores(side);
    fit();
    roomBelow(side);
  }

  /**
   * Every landscape at one scale, as large as the room beside the hand allows: side by
   * side within the width, and from where they start down to the bottom of the screen.
   */
  function fit() {
    const lands = container.querySelector(".tl-cl-lands");
    if (!(lands instanceof HTMLElement) || !lands.isConnected) return;
    const sections = /** @type {HTMLElement[]} */ ([...lands.children]).filter((s) => s.querySelector("svg.tl-cl-grid"));
    if (!sections.length) return;
    const grids = sections.map((s) => /** @type {SVGSVGElement} */ (s.querySelector("svg.tl-cl-grid")));
    // The whole landscape's box, whatever part of it a zoom shows.
    const boxes = grids.map((g) => {
      const [x, y, width, height] = (g.dataset.whole ?? "").split(" ").map(Number);
      return { x, y, width, height };
    });
    const others = [...lands.children].filter((s) => !sections.some((t) => t === s));
    const gap = parseFloat(getComputedStyle(lands).columnGap) || 0;
    const wide = lands.clientWidth - gap * (lands.children.length - 1) - others.reduce((sum, s) => sum + s.getBoundingClientRect().width, 0);
    const room = roomFrom(lands);
    const bottom = parseFloat(getComputedStyle(container).paddingBottom) || 0;
    // Twice: how high the titles are depends on how wide the landscapes are drawn.
    for (let pass = 0; pass < 2; pass += 1) {
      // Above each grid: its title, and the zoom's buttons over the one being built.
      const titles = Math.max(...sections.map((s, i) => s.getBoundingClientRect().height - grids[i].getBoundingClientRect().height));
      const high = room - titles - bottom - 8;
      const across = boxes.reduce((sum, b) => sum + b.width, 0);
      // The width always holds them (a page wider than the screen cannot be played); a low
      // room shrinks them no further than 0.3, and the page scrolls down instead.
      const scale = Math.min(LARGEST / CELL, wide / across, Math.max(0.3, high / Math.max(...boxes.map((b) => b.height))));
      sections.forEach((section, i) => {
        section.style.width = `${Math.floor(boxes[i].width * scale)}px`;
        grids[i].style.width = `${Math.floor(boxes[i].width * scale)}px`;
        grids[i].style.height = `${Math.floor(boxes[i].height * scale)}px`;
      });
    }
  }

  function header() {
    const head = html("div", { class: "tl-head" }, container);
    const over = seen.phase === "over";
    const when = over ? "game over" : `round ${seen.round}/4, ${seen.phase} placement`;
    html("span", { class: "tl-title" }, head, "Confusing Lands");
    html("span", {}, head, when);
    const shared = seen.shared_condition;
    html("span", { class: "tl-shared", title: "every landscape with a condition scores it (CL-14)" }, head, `shared condition: ${shared} ${names[String(shared)]}`);
    html("span", {}, head, `deck: ${seen.deck_size}`);
    if (seen.players === 1 || seen.discards.length) html("span", {}, head, `discards: ${seen.discards.length ? seen.discards.join(", ") : "none"}`);
    const asking = acting || discards.length > 0;
    if (!over) html("div", { class: "tl-asks", "data-to-move": seen.to_move }, head, `${seatName(seen.to_move)} to ${discards.length ? "discard" : "place"}${asking ? `: ${seen.asks}` : ""}`);
  }

  /** @param {number} seat */
  function seatName(seat) {
    // Named as the page's players table names them, where the page gives names.
    const name = doc.names?.[seat];
    if (seat === viewer) return "You";
    return name ? `${name}, seat ${seat + 1}` : `Seat ${seat + 1}`;
  }

  /**
   * @param {HTMLElement} parent
   * @param {number} seat
   */
  function landscape(parent, seat) {
    const building = acting && seat === viewer;
    const box = html("section", { class: `tl-cl-landscape${building ? " tl-cl-building" : ""}`, "data-seat": seat }, parent);
    const cells = /** @type {Cell[]} */ (seen.cells[seat]);
    const hidden = seen.placed[seat] - seen.landscapes[seat].length;
    const total = seen.standings[seat].total;
    const title = `${seat === viewer ? "Your landscape" : `Landscape of ${seatName(seat)}`}: ${seen.landscapes[seat].length} cards, ${total} points${seen.phase === "over" ? "" : " so far"}`;
    html("h3", {}, box, title + (hidden > 0 ? ` (+${hidden} face down until the phase ends)` : ""));
    if (!cells.length && !building) {
      // Drawn as a grid, an empty landscape would scale its few labels up to the box's width.
      html("p", { class: "tl-help" }, box, "No cards yet.");
      return;
    }
    // The landscape, and where the seat building it may lay a card (any card, side and
    // turn: the grid does not move as the card in hand is turned).
    const rows = cells.map((c) => c.row);
    const cols = cells.map((c) => c.col);
    if (building) {
      for (const a of legal) {
        const [high, wide] = a.rotation % 2 ? [3, 2] : [2, 3];
        rows.push(a.row, a.row + high - 1);
        cols.push(a.col, a.col + wide - 1);
      }
    }
    const top = Math.min(...rows);
    const left = Math.min(...cols);
    const bottom = Math.max(...rows);
    const right = Math.max(...cols);
    const bar = building && TOUCH.matches ? html("div", { class: "tl-zoom-bar" }, box) : null;
    const root = svgRoot(box, "tl-cl-grid", title);
    const pad = CELL * 0.7;
    const width = (right - left + 1) * CELL;
    const height = (bottom - top + 1) * CELL;
    const whole = `${left * CELL - pad} ${top * CELL - pad} ${width + pad * 1.3} ${height + pad * 1.3}`;
    root.setAttribute("viewBox", whole);
    root.dataset.whole = whole;
    root.style.setProperty("--tl-aspect", String((width + pad) / (height + pad)));
    for (let row = top; row <= bottom; row += 1) label(root, left * CELL - pad / 2, row * CELL + CELL / 2, String(row), { class: "tl-axis" });
    for (let col = left; col <= right; col += 1) label(root, col * CELL + CELL / 2, top * CELL - pad / 2, String(col), { class: "tl-axis" });
    for (const cell of cells) drawSpace(root, cell, cell.col * CELL, cell.row * CELL, CELL, names);
    cardMarks(root, seat);
    if (!building) lastPlaced(root, seat);
    conditionValues(root, cells, seat);
    if (building) aim(root, cells, top, left, bottom, right);
    if (bar) zoomer = zoomable(container, root, bar, CELL, doc);
  }

  /**
   * Where a placement's card lies, in the grid's units, from its notation ("25l1@0,-2").
   * @param {string} text
   */
  function placedCard(text) {
    const found = text.match(/^(\d+)([cl])(\d)@(-?\d+),(-?\d+)$/);
    if (!found) return null;
    const [card, side, rotation, row, col] = [Number(found[1]), /** @type {"c" | "l"} */ (found[2]), Number(found[3]), Number(found[4]), Number(found[5])];
    const shape = rotateSide(printedSide(doc.edition, card, side), rotation);
    return { card, x: col * CELL, y: row * CELL, width: shape.width * CELL, height: shape.height * CELL };
  }

  /**
   * Every card's outline, for the log to light and the moves just arrived to animate.
   * @param {SVGSVGElement} root
   * @param {number} seat
   */
  function cardMarks(root, seat) {
    const marks = svg("g", { class: "tl-marks" }, root);
    for (const text of /** @type {string[]} */ (seen.landscapes[seat])) {
      const where = placedCard(text);
      if (where) mark(marks, "rect", `${seat}:${text}`, { x: where.x + 3, y: where.y + 3, width: where.width - 6, height: where.height - 6 });
    }
  }

  /**
   * The seat's last card shown, framed until the seat places again, so that whoever looked
   * away sees what changed (in a preview: the card proposed).
   * @param {SVGSVGElement} root
   * @param {number} seat
   */
  function lastPlaced(root, seat) {
    const last = /** @type {string[]} */ (seen.landscapes[seat]).at(-1);
    const where = last === undefined ? null : placedCard(last);
    if (!where) return;
    const frame = svg("rect", { x: where.x, y: where.y, width: where.width, height: where.height, class: "tl-cl-last", "data-last": last, "pointer-events": "none" }, root);
    tooltip(frame, `last card of ${seat === viewer ? "yours" : seatName(seat)}: ${where.card} ${names[String(where.card)]}`);
  }

  /**
   * Each condition's current value under its two spaces, so the player sees what it is
   * worth as the landscape grows.
   * @param {SVGSVGElement} root
   * @param {Cell[]} cells
   * @param {number} seat
   */
  function conditionValues(root, cells, seat) {
    const values = /** @type {Record<string, number>} */ (seen.standings[seat].conditions);
    const done = new Set();
    for (const cell of cells) {
      if (cell.kind !== "condition" || done.has(cell.condition)) continue;
      done.add(cell.condition);
      const pair = cells.filter((c) => c.kind === "condition" && c.condition === cell.condition);
      const x = Math.max(...pair.map((c) => c.col)) * CELL + CELL;
      const y = Math.max(...pair.map((c) => c.row)) * CELL + CELL;
      const value = values[String(cell.condition)] ?? 0;
      const badge = svg("g", { class: "tl-cl-value", "data-condition": cell.condition ?? 0 }, root);
      svg("rect", { x: x - 26, y: y - 14, width: 26, height: 14, rx: 3, fill: "#fff8d6", stroke: "#233239" }, badge);
      label(badge, x - 13, y - 7, `=${value}`, { "font-size": 10, "font-weight": "bold", fill: "#233239" });
      tooltip(badge, `${cell.condition} ${names[String(cell.condition)]}: ${value} points now (each condition costs 10)`);
    }
  }

  /**
   * The aiming layer over the viewer's landscape: a lit square with a dot for each position
   * of the chosen orientation, a ghost of the card there on hover; no target over a
   * placed card, so the landscape stays readable under them.
   * @param {SVGSVGElement} root
   * @param {Cell[]} cells the landscape's spaces, which a target's name says it covers
   * @param {number} top
   * @param {number} left
   * @param {number} bottom
   * @param {number} right
   */
  function aim(root, cells, top, left, bottom, right) {
    const shape = rotateSide(printedSide(doc.edition, choice.card, choice.side), choice.rotation);
    const at = new Map(cells.map((c) => [`${c.row},${c.col}`, c]));
    /** What a click on the target of `action` does, and what the card would cover. @param {Placement} action */
    const named = (action) => {
      const covered = shape.cells.flatMap((c) => at.get(`${action.row + c.row},${action.col + c.col}`) ?? []);
      const covers = covered.length ? `covers ${covered.map((c) => spaceWords(c, names)).join(", ")}` : "covers no space";
      return `place card ${action.card} ${action.side === "c" ? "condition" : "landscape"} side, turned ${action.rotation}, with its top-left at row ${action.row}, column ${action.col}: ${covers}`;
    };
    // Each position is lit where a corner of the card goes, off the landscape: its
    // top-left first, as the notation says; else another corner, else another space of the
    // card. Those with fewest such spaces choose first, so that two never share one; one
    // wholly over the landscape is a button beside the hand (`covering`).
    const { height, width } = shape;
    const corners = [[0, 0], [0, width - 1], [height - 1, 0], [height - 1, width - 1]];
    const spaces = [...corners, ...shape.cells.map((c) => [c.row, c.col])];
    /** @param {Placement} a */
    const free = (a) => [...new Set(spaces.map(([r, c]) => `${a.row + r},${a.col + c}`))].filter((k) => !at.has(k));
    const placements = legal.filter((a) => a.card === choice.card && a.side === choice.side && a.rotation === choice.rotation);
    /** @type {Map<string, Placement>} */
    const here = new Map();
    for (const [a, spots] of placements.map((a) => /** @type {[Placement, string[]]} */ ([a, free(a)])).sort((x, y) => x[1].length - y[1].length)) {
      const spot = spots.find((k) => !here.has(k));
      if (spot === undefined) covering.push(a);
      else here.set(spot, a);
    }
    const targets = svg("g", { class: "tl-cl-targets" }, root);
    const ghost = svg("g", { class: "tl-ghost", "pointer-events": "none" }, root);
    showGhost = (action) => {
      clear(ghost);
      if (!action) return;
      for (const cell of shape.cells) drawSpace(ghost, cell, (action.col + cell.col) * CELL, (action.row + cell.row) * CELL, CELL, names);
      svg("rect", { x: action.col * CELL, y: action.row * CELL, width: shape.width * CELL, height: shape.height * CELL, class: "tl-ghost-frame" }, ghost);
      ghost.setAttribute("data-row", String(action.row));
      ghost.setAttribute("data-col", String(action.col));
    };
    for (let row = top; row <= bottom; row += 1) {
      for (let col = left; col <= right; col += 1) {
        if (at.has(`${row},${col}`)) continue;
        const action = here.get(`${row},${col}`);
        const target = svg("rect", { x: col * CELL, y: row * CELL, width: CELL, height: CELL, class: action ? "tl-target tl-legal" : "tl-target", "data-row": row, "data-col": col, "data-legal": action ? "1" : null }, targets);
        if (action) {
          svg("circle", { cx: col * CELL + CELL / 2, cy: row * CELL + CELL / 2, r: 4, class: "tl-legal-dot", "pointer-events": "none" }, targets);
          clickable(target, () => handlers.propose(action), named(action));
        }
        target.addEventListener("mouseenter", () => showGhost(action ?? null));
      }
    }
    targets.addEventListener("mouseleave", () => showGhost(null));
  }

  /** @param {HTMLElement} parent */
  function hands(parent) {
    // A card in hand may be unknown (null) in a preview: the one the deck will give.
    const hands = /** @type {Array<Array<number | null> | null>} */ (seen.hands);
    hands.forEach((cards, seat) => {
      if (!cards || !cards.length) return;
      const box = html("section", { class: "tl-hand", "data-seat": seat }, parent);
      html("h3", {}, box, seat === viewer ? "Your hand" : `Hand of ${seatName(seat)}`);
      for (const card of cards) handCard(box, card, seat === viewer && acting);
      if (seat === viewer && acting) controls(box);
      if (seat === viewer && discards.length) discardChoices(box);
      if (seat === viewer && covering.length) coveringChoices(parent);
    });
  }

  /** Positions with no space off the landscape to light: a button each, the ghost on hover;
   * under the hand, not in it, so that however many they are the hand stays on screen.
   * @param {HTMLElement} parent */
  function coveringChoices(parent) {
    const bar = html("div", { class: "tl-controls tl-cl-covering" }, parent);
    html("span", { class: "tl-note" }, bar, "wholly over your landscape, at:");
    for (const action of covering) {
      const node = button(bar, `${action.row},${action.col}`, () => handlers.propose(action), { place: `${action.row},${action.col}` });
      node.title = `place the card wholly over your landscape, its top-left at row ${action.row}, column ${action.col}`;
      node.setAttribute("aria-label", node.title);
      for (const [on, shown] of /** @type {const} */ ([["mouseenter", action], ["focus", action], ["mouseleave", null], ["blur", null]])) node.addEventListener(on, () => showGhost(shown));
    }
  }

  /** No position lets a card in hand cover the landscape and no condition space: a button
   * per card that may be discarded (CL-18). @param {HTMLElement} parent */
  function discardChoices(parent) {
    const bar = html("div", { class: "tl-controls tl-cl-discard" }, parent);
    const which = discards.length > 1 ? "Neither card can be placed anywhere: choose one to discard." : "This card cannot be placed anywhere: it is discarded.";
    html("p", { class: "tl-cl-stuck" }, bar, `${which} (CL-18)`);
    for (const action of discards) button(bar, `Discard card ${action.card}`, () => handlers.propose(action), { kind: "discard", card: action.card });
  }

  /**
   * A card in hand, both sides; the seat to place picks a side by clicking it.
   * @param {HTMLElement} parent
   * @param {number | null} card null: not known yet (the next card of the deck, in a preview)
   * @param {boolean} picking
   */
  function handCard(parent, card, picking) {
    if (card === null) {
      html("div", { class: "tl-cl-card tl-cl-unknown", "data-card": "unknown" }, parent, "A card from the deck, not known yet");
      return;
    }
    const box = html("div", { class: "tl-cl-card", "data-card": card }, parent);
    html("div", { class: "tl-cl-card-name" }, box, `${card} ${names[String(card)]}`);
    const sides = html("div", { class: "tl-cl-sides" }, box);
    for (const side of /** @type {Array<"c" | "l">} */ (["c", "l"])) {
      const chosen = picking && choice.card === card && choice.side === side;
      const rotation = chosen ? choice.rotation : 0;
      const shape = rotateSide(printedSide(doc.edition, card, side), rotation);
      const what = side === "c" ? "condition side" : "landscape side";
      const root = svgRoot(sides, `tl-cl-mini${chosen ? " tl-chosen" : ""}`, `card ${card} ${what}: ${sideWords(shape, names)}`);
      root.setAttribute("viewBox", `-2 -2 ${MINI * 3 + 4} ${MINI * 3 + 4}`);
      root.setAttribute("data-card", String(card));
      root.setAttribute("data-side", side);
      const dx = ((3 - shape.width) * MINI) / 2;
      const dy = ((3 - shape.height) * MINI) / 2;
      for (const cell of shape.cells) drawSpace(root, cell, dx + cell.col * MINI, dy + cell.row * MINI, MINI, names);
      html("div", { class: "tl-caption" }, sides, side === "c" ? "c: condition" : "l: landscape");
      if (picking && legal.some((a) => a.card === card && a.side === side)) {
        clickable(root, () => {
          if (choice.card !== card || choice.side !== side) Object.assign(choice, { card, side, rotation: 0 });
          draw();
        }, `pick card ${card} ${what}: ${sideWords(shape, names)}`);
        root.setAttribute("aria-pressed", String(chosen));
      }
    }
  }

  /** @param {HTMLElement} parent */
  function controls(parent) {
    const bar = html("div", { class: "tl-controls" }, parent);
    html("span", {}, bar, `card ${choice.card}${choice.side}, turned ${choice.rotation}`);
    button(bar, "Rotate (R)", rotate, { control: "rotate" });
    button(bar, "Flip (F)", flip, { control: "flip" });
    const spots = legal.filter((a) => a.card === choice.card && a.side === choice.side && a.rotation === choice.rotation).length;
    html("span", { class: "tl-note" }, bar, spots ? `${spots} positions, each a dot where a corner goes` : "no position for this orientation");
  }

  function rotate() {
    choice.rotation = (choice.rotation + 1) % 4;
    draw();
  }

  function flip() {
    const other = choice.side === "c" ? "l" : "c";
    if (!legal.some((a) => a.card === choice.card && a.side === other)) return;
    choice.side = other;
    draw();
  }

  /** @param {HTMLElement} parent */
  function scores(parent) {
    const box = html("section", { class: "tl-scores" }, parent);
    const standings = /** @type {any[]} */ (seen.standings);
    html("h3", {}, box, seen.phase === "over" ? "Final score" : "Score so far");
    const table = html("table", {}, box);
    const head = html("tr", {}, table);
    html("th", {}, head, "");
    const winners = /** @type {number[]} */ (seen.winners ?? []);
    for (const s of standings) html("th", {}, head, `${seatName(s.seat)}${winners.includes(s.seat) && seen.players > 1 ? " ★" : ""}`);
    const conditions = [...new Set(standings.flatMap((s) => Object.keys(s.conditions)))].sort((a, b) => Number(a) - Number(b));
    /** @param {string} name @param {(s: any) => string} value */
    const row = (name, value) => {
      const line = html("tr", {}, table);
      html("td", {}, line, name);
      for (const s of standings) html("td", {}, line, value(s));
    };
    for (const c of conditions) row(`${c} ${names[c]}`, (s) => (c in s.conditions ? String(s.conditions[c]) : ""));
    row(`shared: ${seen.shared_condition} ${names[String(seen.shared_condition)]}`, (s) => (s.shared === null ? "not scored" : String(s.shared)));
    row("-10 per condition", (s) => String(s.penalty));
    row("total", (s) => String(s.total));
    row("best single condition", (s) => String(s.best_single));
    if (seen.rating) html("p", { class: "tl-result" }, box, `Solo rating: ${seen.rating} (${standings[0].total} points)`);
    else if (seen.winners && seen.players > 1) html("p", { class: "tl-result" }, box, `${winners.map((w) => seatName(w)).join(" and ")} ${winners.length > 1 ? "share the win" : winners[0] === viewer ? "win" : "wins"}`);
  }

  /** @type {{destroy: () => void} | null} the zoom of the landscape being built, on a touch screen */
  let zoomer = null;
  draw();
  const unlisten = acting
    ? listenKeys((key) => {
        if (key === "r") rotate();
        else if (key === "f") flip();
      })
    : () => {};
  window.addEventListener("resize", fit);
  return {
    destroy: () => {
      unlisten();
      zoomer?.destroy();
      window.removeEventListener("resize", fit);
    },
  };
}
