// Drifting Lands: the map with terrain, values and continents (in colours that stay with a
// continent from one document to the next), pawns with owner and level, every seat's
// supply, hand size and discards, my hand, the score so far; for the seat to act, drifts
// and splits as arrows on the continent it may move (picked first where several may; the
// path, then the part), moves
// from a pawn to the spaces it reaches with their step cost, and every other target by
// clicking it.

import { cardFace, cardName, chooseCards } from "./drifting_cards.js";
import { DIRECTIONS, DIRECTION_NAMES, button, clear, clickable, fitViewBox, hexCentre, hexPoints, html, label, listenKeys, patternFill, pressable, svg, svgRoot, tooltip } from "./svg.js";
import { fitToScreen, roomBelow } from "./fit.js";
import { zoomable } from "./zoom.js";
import { marker } from "./marks.js";

/** @typedef {import("./types.js").BoardDoc} BoardDoc */
/** @typedef {import("./types.js").BoardHandlers} BoardHandlers */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {{q: number, r: number}} Space */
/** @typedef {{q: number, r: number, value: number, terrain: string, continent: number | null}} MapSpace */
/** @typedef {{q: number, r: number, owner: number, level: number}} Pawn */

const SIZE = 24;
const OCEAN = "#5d8fcc";
// Continents in soft earth tones, pawns in strong colours, so the two never look alike.
const PALETTE = ["#b9d98c", "#e6c39a", "#d7a9c9", "#9fd6c8", "#c7b8e6", "#e8d27f", "#a9c7a0", "#e0a98f", "#b8cde8", "#d9d9a0", "#c9e0b0", "#f0c6b0"];
const SEAT_COLOURS = ["#c62828", "#212121", "#00838f", "#6a1b9a"];
const SEAT_SHAPES = ["circle", "square", "triangle", "diamond"];
/** The cards of a round's hand (DL-8). */
const HAND = 4;
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** Step costs by levels (ocean 0, plain 1, mountain 2): DL-6. */
const LEVEL = /** @type {Record<string, number>} */ ({ ocean: 0, plain: 1, mountain: 2 });

/**
 * The colours given to the continents last drawn in each container: the observation names
 * continents by index only, which changes as they drift, so a colour follows the nearest
 * continent of the last drawing (a merge keeps the larger one's, a split part gets a new one).
 * @type {WeakMap<Element, Array<{x: number, y: number, size: number, colour: string}>>}
 */
const MEMORY = new WeakMap();

/**
 * @param {Element} container
 * @param {Array<{tiles: number, centre: [number, number]}>} continents
 */
function continentColours(container, continents) {
  const before = MEMORY.get(container) ?? [];
  /** @type {string[]} */
  const colours = new Array(continents.length);
  const used = new Set();
  const order = [...continents.keys()].sort((a, b) => continents[b].tiles - continents[a].tiles);
  for (const index of order) {
    const [x, y] = continents[index].centre;
    let best = null;
    let bestDistance = SIZE * 5;
    for (const old of before) {
      const distance = Math.hypot(old.x - x, old.y - y);
      if (!used.has(old.colour) && distance < bestDistance) [best, bestDistance] = [old.colour, distance];
    }
    colours[index] = best ?? PALETTE.find((c) => !used.has(c) && !before.some((o) => o.colour === c)) ?? PALETTE.find((c) => !used.has(c)) ?? PALETTE[index % PALETTE.length];
    used.add(colours[index]);
  }
  MEMORY.set(container, continents.map((c, i) => ({ x: c.centre[0], y: c.centre[1], size: c.tiles, colour: colours[i] })));
  return colours;
}

/** @param {Space} s */
const key = (s) => `${s.q},${s.r}`;

/**
 * @param {HTMLElement} container
 * @param {BoardDoc} doc
 * @param {BoardHandlers} handlers
 * @returns {import("./types.js").Board}
 */
export function render(container, doc, handlers) {
  const seen = doc.observation;
  const mark = marker(doc);
  const viewer = /** @type {number} */ (seen.viewer);
  const legal = doc.legal;
  const spaces = /** @type {MapSpace[]} */ (seen.spaces);
  const bySpace = new Map(spaces.map((s) => [key(s), s]));
  const pawns = new Map(/** @type {Pawn[]} */ (seen.pawns).map((p) => [key(p), p]));
  const continents = /** @type {Array<{continent: number, anchor: [number, number], tiles: number, value: number}>} */ (seen.continents);
  const centres = continents.map((c) => centroid(spaces.filter((s) => s.continent === c.continent)));
  const colours = continentColours(container, continents.map((c, i) => ({ tiles: c.tiles, centre: centres[i] })));
  /** What the seat has chosen so far of a decision made in two clicks. */
  const pick = /** @type {{anchor: string | null, first: number | null, start: string | null, lifted: string | null}} */ ({ anchor: null, first: null, start: null, lifted: null });

  /** @param {MapSpace[]} list @returns {[number, number]} */
  function centroid(list) {
    const points = list.map((s) => hexCentre(s.q, s.r, SIZE));
    return [points.reduce((a, p) => a + p[0], 0) / (points.length || 1), points.reduce((a, p) => a + p[1], 0) / (points.length || 1)];
  }

  /** A space in words (its hover text, and what a target's name says is there). @param {Space} space */
  function spaceWords(space) {
    const s = bySpace.get(key(space));
    if (!s) return key(space);
    const pawn = pawns.get(key(space));
    const on = pawn ? `, ${pawn.owner === viewer ? "your" : `seat ${pawn.owner + 1}'s`} level-${pawn.level} pawn` : "";
    return `${key(s)}: ${s.terrain}, value ${s.value}${s.continent !== null ? `, continent ${LETTERS[s.continent % 26]}` : ""}${on}`;
  }

  /** @param {Space} anchor */
  function continentAt(anchor) {
    return bySpace.get(key(anchor))?.continent ?? null;
  }

  function draw() {
    clear(container);
    container.className = "tl-board tl-dl";
    // A seat's last turn is outlined in its pawns' colour (boards/marks.js).
    SEAT_COLOURS.forEach((colour, seat) => container.style.setProperty(`--tl-seat-${seat}`, colour));
    header();
    const main = html("div", { class: "tl-dl-main" }, container);
    map(html("div", { class: "tl-dl-map" }, main));
    const side = html("div", { class: "tl-dl-side" }, main);
    decisions(side);
    players(side);
    roomBelow(side);
  }

  /** @param {number} seat */
  function seatName(seat) {
    const name = doc.names?.[seat];
    if (seat === viewer) return `You (seat ${seat + 1})`;
    return name ? `${name}, seat ${seat + 1}` : `Seat ${seat + 1}`;
  }

  function header() {
    const head = html("div", { class: "tl-head" }, container);
    html("span", { class: "tl-title" }, head, "Drifting Lands");
    html("span", {}, head, seen.phase === "over" ? "game over" : `round ${seen.round}/4, ${seen.phase} phase`);
    html("span", {}, head, `starting player: seat ${seen.starter + 1}`);
    if (seen.card) html("span", { class: "tl-shared" }, head, `being played: ${cardName(doc.edition, seen.card)}${seen.breeds_left > 1 ? `, ${seen.breeds_left} breedings left` : ""}`);
    if (seen.phase === "over") {
      const winners = /** @type {number[]} */ (seen.winners ?? []);
      html("div", { class: "tl-asks tl-result" }, head, `Game over: ${winners.map(seatName).join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}`);
    } else {
      // The hand is chosen at once here, though the engine asks for its cards one by one.
      // A drift or split is asked as the board offers it: the continent, then its arrow.
      const paths = legal.filter((a) => a.kind === "drift" || a.kind === "split");
      const movable = new Set(paths.map((a) => key(/** @type {Space} */ (a.continent)))).size;
      const asks = legal.some((a) => a.kind === "select") ? `choose this round's ${HAND} cards from your deck`
        : movable > 1 && pick.anchor === null ? `pick a continent to ${paths[0].kind}, then its direction`
        : movable ? `click an arrow to ${paths[0].kind} the continent that way`
        : seen.asks;
      html("div", { class: "tl-asks", "data-phase": seen.phase }, head, `${seatName(seen.to_move)} to act${legal.length ? `: ${asks}` : ""}`);
    }
  }

  /** @param {HTMLElement} parent */
  function map(parent) {
    const bar = html("div", { class: "tl-zoom-bar" }, parent);
    const root = svgRoot(parent, "tl-dl-board", "the map");
    const land = svg("g", {}, root);
    for (const s of spaces) {
      const [x, y] = hexCentre(s.q, s.r, SIZE);
      const group = svg("g", { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-space": key(s), "data-terrain": s.terrain }, land);
      const fill = s.continent === null ? OCEAN : colours[continents.findIndex((c) => c.continent === s.continent)];
      svg("polygon", { points: hexPoints(SIZE - 0.5), fill, stroke: s.continent === null ? "#4a78b0" : "#3a3a3a", "stroke-width": 1 }, group);
      svg("polygon", { points: hexPoints(SIZE - 0.5), fill: patternFill(root, s.terrain === "ocean" ? "waves" : s.terrain === "mountain" ? "hatch" : "dots") }, group);
      label(group, -SIZE * 0.42, -SIZE * 0.42, String(s.value), { "font-size": SIZE * 0.42, "font-weight": "bold", fill: s.continent === null ? "#e8f1ff" : "#222" });
      if (s.continent !== null) label(group, SIZE * 0.45, -SIZE * 0.42, LETTERS[s.continent % 26], { "font-size": SIZE * 0.34, fill: "#222" });
      if (s.terrain === "mountain") label(group, 0, SIZE * 0.5, "▲▲", { "font-size": SIZE * 0.32, fill: "#3b2200" });
      tooltip(group, spaceWords(s));
    }
    for (const pawn of pawns.values()) drawPawn(root, pawn);
    const marks = svg("g", { class: "tl-marks" }, root);
    for (const s of spaces) {
      const [x, y] = hexCentre(s.q, s.r, SIZE);
      mark(marks, "polygon", key(s), { points: hexPoints(SIZE - 2.5), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
    }
    targets(root);
    fitViewBox(root, spaces.map((s) => hexCentre(s.q, s.r, SIZE)), SIZE * 1.2);
    zoomer?.destroy();
    zoomer = zoomable(container, root, bar, SIZE * Math.sqrt(3), doc);
    fitToScreen(root); // once the zoom's buttons above it take their room
  }

  /** @param {Element} parent @param {Pawn} pawn */
  function drawPawn(parent, pawn) {
    const [x, y] = hexCentre(pawn.q, pawn.r, SIZE);
    const group = svg("g", { class: "tl-dl-pawn", "data-pawn": key(pawn), "data-owner": pawn.owner, "data-level": pawn.level, transform: `translate(${x.toFixed(1)},${(y + 2).toFixed(1)})`, "pointer-events": "none" }, parent);
    const s = SIZE * (0.34 + pawn.level * 0.05);
    const look = { fill: SEAT_COLOURS[pawn.owner], stroke: "#fff", "stroke-width": 2 };
    const shape = SEAT_SHAPES[pawn.owner];
    if (shape === "circle") svg("circle", { r: s, ...look }, group);
    else if (shape === "square") svg("rect", { x: -s * 0.9, y: -s * 0.9, width: s * 1.8, height: s * 1.8, ...look }, group);
    else if (shape === "triangle") svg("polygon", { points: `0,${-s * 1.2} ${s * 1.1},${s * 0.8} ${-s * 1.1},${s * 0.8}`, ...look }, group);
    else svg("polygon", { points: `0,${-s * 1.2} ${s * 1.1},0 0,${s * 1.2} ${-s * 1.1},0`, ...look }, group);
    label(group, 0, shape === "triangle" ? s * 0.15 : 0, String(pawn.level), { "font-size": SIZE * 0.5, "font-weight": "bold", fill: "#fff" });
    tooltip(group, `seat ${pawn.owner + 1}'s level-${pawn.level} pawn`);
  }

  /**
   * A lit space to click.
   * @param {Element} root
   * @param {Space} space
   * @param {string} name
   * @param {Record<string, string>} data
   * @param {() => void} onClick
   */
  function target(root, space, name, data, onClick) {
    const [x, y] = hexCentre(space.q, space.r, SIZE);
    /** @type {Record<string, string>} */
    const attrs = { points: hexPoints(SIZE - 3), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, class: "tl-target tl-legal" };
    for (const [k, v] of Object.entries(data)) attrs[`data-${k}`] = v;
    const node = svg("polygon", attrs, root);
    clickable(node, onClick, name);
    return node;
  }

  /** Every clickable target of the decision under way, on the map. @param {SVGSVGElement} root */
  function targets(root) {
    const layer = svg("g", { class: "tl-dl-targets" }, root);
    const paths = legal.filter((a) => a.kind === "drift" || a.kind === "split");
    if (paths.length) arrows(layer, paths);
    const moves = legal.filter((a) => a.kind === "move");
    if (moves.length) walks(layer, moves);
    const orogenies = legal.filter((a) => a.kind === "orogeny");
    if (orogenies.length) lifts(layer, orogenies);
    for (const a of legal.filter((x) => ["breed", "evolve", "expel"].includes(x.kind))) {
      const space = /** @type {Space} */ (a.space);
      target(layer, space, `${a.text} at ${spaceWords(space)}`, { [a.kind]: key(space) }, () => handlers.propose(a));
    }
    const parts = legal.filter((a) => a.kind === "part");
    // Each part the split offers, shown while the pointer is on its button.
    parts.forEach((a, index) => {
      const shape = svg("g", { "data-part-shape": index, visibility: "hidden", "pointer-events": "none" }, layer);
      for (const s of /** @type {Space[]} */ (a.spaces)) svg("polygon", { points: hexPoints(SIZE - 3), transform: `translate(${hexCentre(s.q, s.r, SIZE).map((v) => v.toFixed(1)).join(",")})`, class: "tl-target tl-legal" }, shape);
    });
    if (seen.split) {
      for (const s of spaces.filter((x) => x.continent === continentAt(seen.split))) svg("polygon", { points: hexPoints(SIZE - 5), transform: `translate(${hexCentre(s.q, s.r, SIZE).join(",")})`, fill: "none", stroke: "#fff", "stroke-width": 2, "stroke-dasharray": "2 2", "pointer-events": "none" }, layer);
    }
    if (seen.expelled_pawn) drawPawn(layer, seen.expelled_pawn);
  }

  /**
   * Arrows on each continent the seat may drift or split: first the step, then (Ultra
   * cards) the second step from where the first one leaves it.
   * @param {Element} layer
   * @param {LegalAction[]} paths
   */
  function arrows(layer, paths) {
    /** @type {Map<string, LegalAction[]>} */
    const byAnchor = new Map();
    for (const a of paths) {
      const anchor = key(/** @type {Space} */ (a.continent));
      byAnchor.set(anchor, [...(byAnchor.get(anchor) ?? []), a]);
    }
    // With several continents to move, the continent is picked first, so that only its
    // arrows are drawn: arrows of every continent at once cover each other and the pawns.
    const picking = byAnchor.size > 1 && pick.anchor === null;
    for (const [anchor, actions] of byAnchor) {
      if (!picking && byAnchor.size > 1 && pick.anchor !== anchor) continue;
      const [q, r] = anchor.split(",").map(Number);
      const index = continents.findIndex((c) => c.continent === continentAt({ q, r }));
      const tiles = spaces.filter((s) => s.continent === continents[index].continent);
      if (picking) {
        pickable(layer, anchor, actions, index, tiles);
        continue;
      }
      for (const s of tiles) svg("polygon", { points: hexPoints(SIZE - 4), transform: `translate(${hexCentre(s.q, s.r, SIZE).join(",")})`, fill: "none", stroke: "#ff8f00", "stroke-width": 2.5, "stroke-dasharray": "5 3", "pointer-events": "none" }, layer);
      let [cx, cy] = centres[index];
      const chosen = pick.anchor === anchor && pick.first !== null;
      if (chosen) {
        const first = /** @type {number} */ (pick.first);
        const [dx, dy] = hexCentre(DIRECTIONS[first][0], DIRECTIONS[first][1], SIZE);
        for (const s of tiles) svg("polygon", { points: hexPoints(SIZE - 2), transform: `translate(${(hexCentre(s.q, s.r, SIZE)[0] + dx).toFixed(1)},${(hexCentre(s.q, s.r, SIZE)[1] + dy).toFixed(1)})`, class: "tl-ghost", fill: "rgba(255,255,255,0.35)", stroke: "#fff", "stroke-width": 2, "pointer-events": "none" }, layer);
        [cx, cy] = [cx + dx, cy + dy];
      }
      const steps = chosen ? actions.filter((a) => /** @type {number[]} */ (a.directions)[0] === pick.first && /** @type {number[]} */ (a.directions).length === 2) : actions;
      const directions = [...new Set(steps.map((a) => /** @type {number[]} */ (a.directions)[chosen ? 1 : 0]))];
      for (const d of directions) {
        const angle = -60 + 60 * d;
        const arrow = svg("g", { transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)}) rotate(${angle})`, [chosen ? "data-drift2" : "data-drift"]: `${anchor}>${d}`, "data-kind": actions[0].kind }, layer);
        svg("polygon", { points: `${SIZE * 0.5},-7 ${SIZE * 1.3},-7 ${SIZE * 1.3},-14 ${SIZE * 2},0 ${SIZE * 1.3},14 ${SIZE * 1.3},7 ${SIZE * 0.5},7`, class: "tl-arrow" }, arrow);
        const word = `${actions[0].kind} ${DIRECTION_NAMES[d]}`;
        const further = !chosen && actions.some((a) => /** @type {number[]} */ (a.directions).length === 2 && /** @type {number[]} */ (a.directions)[0] === d);
        const whose = `continent ${LETTERS[continents[index].continent % 26]}`;
        clickable(arrow, () => step(actions, d, chosen), `${chosen ? "then " : ""}${word}: ${whose}${further ? ", then a second step may follow" : ""}`);
        tooltip(arrow, word);
      }
    }
  }

  /**
   * A continent the seat may drift or split, lit whole, to pick before its arrows.
   * @param {Element} layer
   * @param {string} anchor
   * @param {LegalAction[]} actions its drifts or splits
   * @param {number} index its place in the observation's continents
   * @param {MapSpace[]} tiles
   */
  function pickable(layer, anchor, actions, index, tiles) {
    const [cx, cy] = centres[index];
    // The tile nearest the continent's middle carries the circle a click or tap aims at.
    const middle = tiles.map((s) => hexCentre(s.q, s.r, SIZE)).reduce((best, p) => (Math.hypot(p[0] - cx, p[1] - cy) < Math.hypot(best[0] - cx, best[1] - cy) ? p : best));
    const group = svg("g", { "data-drift-continent": anchor, "data-kind": actions[0].kind }, layer);
    for (const s of tiles) svg("polygon", { points: hexPoints(SIZE - 4), transform: `translate(${hexCentre(s.q, s.r, SIZE).join(",")})`, class: "tl-target tl-legal" }, group);
    // On top: a continent's box may centre off its tiles, the circle never does.
    svg("circle", { cx: middle[0].toFixed(1), cy: middle[1].toFixed(1), r: (SIZE * 0.6).toFixed(1), fill: "rgba(0,0,0,0)" }, group);
    const letter = LETTERS[continents[index].continent % 26];
    const size = `${tiles.length} tile${tiles.length > 1 ? "s" : ""}`;
    clickable(group, () => {
      Object.assign(pick, { anchor, first: null });
      draw();
    }, `${actions[0].kind} continent ${letter} (${size}): pick it, then its direction`);
    tooltip(group, `continent ${letter}: ${actions[0].kind} it`);
  }

  /**
   * @param {LegalAction[]} actions the continent's drifts or splits
   * @param {number} d the step clicked
   * @param {boolean} second whether it is the second step
   */
  function step(actions, d, second) {
    /** @param {LegalAction} a */
    const dirs = (a) => /** @type {number[]} */ (a.directions);
    if (second) {
      const action = actions.find((a) => dirs(a).length === 2 && dirs(a)[0] === pick.first && dirs(a)[1] === d);
      if (action) handlers.propose(action);
      return;
    }
    const one = actions.find((a) => dirs(a).length === 1 && dirs(a)[0] === d);
    const further = actions.some((a) => dirs(a).length === 2 && dirs(a)[0] === d);
    if (one && !further) {
      handlers.propose(one);
      return;
    }
    pick.anchor = key(/** @type {Space} */ (actions[0].continent));
    pick.first = d;
    draw();
  }

  /**
   * Moves: a pawn that may move, then each end it reaches with the points its cheapest
   * path costs (the path is drawn on hover).
   * @param {Element} layer
   * @param {LegalAction[]} moves
   */
  function walks(layer, moves) {
    const starts = [...new Set(moves.map((a) => key(/** @type {Space} */ (a.start))))];
    for (const start of starts) {
      const [q, r] = start.split(",").map(Number);
      if (pick.start === start) {
        const [x, y] = hexCentre(q, r, SIZE);
        svg("circle", { cx: x, cy: y, r: SIZE * 0.8, fill: "none", stroke: "#fff", "stroke-width": 3, "pointer-events": "none" }, layer);
        continue;
      }
      target(layer, { q, r }, `move the pawn at ${spaceWords({ q, r })}`, { start }, () => {
        pick.start = start;
        draw();
      });
    }
    if (!pick.start) return;
    const line = svg("polyline", { class: "tl-dl-path", fill: "none", stroke: "#fff", "stroke-width": 4, "stroke-linecap": "round", "pointer-events": "none" }, layer);
    for (const a of moves.filter((x) => key(/** @type {Space} */ (x.start)) === pick.start)) {
      const end = /** @type {Space} */ (a.end);
      const path = /** @type {Space[]} */ (a.path);
      const node = target(layer, end, `${a.text}, ${cost(path)} points, to ${spaceWords(end)}`, { end: key(end) }, () => handlers.propose(a));
      const [x, y] = hexCentre(end.q, end.r, SIZE);
      label(layer, x, y + SIZE * 0.45, `${cost(path)}`, { class: "tl-dl-cost", "font-size": SIZE * 0.42, "font-weight": "bold", fill: "#fff", stroke: "#5a3200", "stroke-width": 0.6, "pointer-events": "none" });
      node.addEventListener("mouseenter", () => line.setAttribute("points", path.map((s) => hexCentre(s.q, s.r, SIZE).map((v) => v.toFixed(1)).join(",")).join(" ")));
    }
  }

  /** @param {Space[]} path */
  function cost(path) {
    let total = 0;
    for (let i = 1; i < path.length; i += 1) {
      const rise = LEVEL[bySpace.get(key(path[i]))?.terrain ?? "ocean"] - LEVEL[bySpace.get(key(path[i - 1]))?.terrain ?? "ocean"];
      total += rise <= 0 ? 1 : rise === 1 ? 2 : 3;
    }
    return total;
  }

  /**
   * Orogeny: the plain tile to lift, then the plain beside it it goes onto.
   * @param {Element} layer
   * @param {LegalAction[]} orogenies
   */
  function lifts(layer, orogenies) {
    if (!pick.lifted) {
      for (const lifted of new Set(orogenies.map((a) => key(/** @type {Space} */ (a.lifted))))) {
        const [q, r] = lifted.split(",").map(Number);
        target(layer, { q, r }, `lift the tile at ${spaceWords({ q, r })}`, { lifted }, () => {
          pick.lifted = lifted;
          draw();
        });
      }
      return;
    }
    for (const a of orogenies.filter((x) => key(/** @type {Space} */ (x.lifted)) === pick.lifted)) {
      const onto = /** @type {Space} */ (a.onto);
      target(layer, onto, `${a.text}, onto ${spaceWords(onto)}`, { onto: key(onto) }, () => handlers.propose(a));
    }
  }

  /** Buttons and cards for what is not a space on the map. @param {HTMLElement} parent */
  function decisions(parent) {
    const bar = html("div", { class: "tl-controls" }, parent);
    for (const a of legal.filter((x) => x.kind === "start")) {
      const corner = /** @type {number} */ (a.corner);
      const printed = doc.edition?.map?.corners?.[corner - 1];
      // Named by the letter the map shows on the corner's continent, and where it lies.
      const [q, r] = printed?.tiles?.[0] ?? [NaN, NaN];
      const continent = continentAt(/** @type {Space} */ ({ q, r }));
      const letter = continent === null ? `corner ${corner}` : `continent ${LETTERS[continent % 26]}`;
      button(bar, `Start on ${letter}${printed?.name ? ` (${printed.name} corner)` : ""}`, () => handlers.propose(a), { corner });
    }
    const parts = legal.filter((a) => a.kind === "part");
    parts.forEach((a, index) => {
      const size = /** @type {Space[]} */ (a.spaces).length;
      const node = button(bar, `Part ${index + 1}: ${size} tile${size > 1 ? "s" : ""}`, () => handlers.propose(a), { part: index });
      /** @param {string} visibility */
      const show = (visibility) => container.querySelector(`[data-part-shape="${index}"]`)?.setAttribute("visibility", visibility);
      node.addEventListener("mouseenter", () => show("visible"));
      node.addEventListener("mouseleave", () => show("hidden"));
      node.addEventListener("focus", () => show("visible"));
      node.addEventListener("blur", () => show("hidden"));
    });
    if (pick.anchor || pick.start || pick.lifted) {
      const chosen = legal.find((a) => pick.anchor && (a.kind === "drift" || a.kind === "split") && key(/** @type {Space} */ (a.continent)) === pick.anchor && /** @type {number[]} */ (a.directions).length === 1 && /** @type {number[]} */ (a.directions)[0] === pick.first);
      if (chosen) button(bar, `Stop after one step (${chosen.text})`, () => handlers.propose(chosen), { control: "one-step" });
      button(bar, "Back (Esc)", () => {
        Object.assign(pick, { anchor: null, first: null, start: null, lifted: null });
        draw();
      }, { control: "back" });
    }
    const hand = /** @type {number[]} */ (seen.hand);
    const plays = legal.filter((a) => a.kind === "play");
    const selects = legal.filter((a) => a.kind === "select");
    if (selects.length) {
      chooseCards(parent, container, doc, handlers, HAND, draw);
    } else if (hand.length) {
      html("h3", {}, parent, plays.length ? "Your hand: play a card" : "Your hand");
      const box = html("div", { class: "tl-dl-cards" }, parent);
      for (const card of hand) {
        const face = cardFace(box, doc.edition, card, "tl-in-hand");
        const play = plays.find((a) => a.card === card);
        if (play) pressable(face, () => handlers.propose(play));
      }
    }
  }

  /** @param {HTMLElement} parent */
  function players(parent) {
    const box = html("section", { class: "tl-scores" }, parent);
    html("h3", {}, box, seen.phase === "over" ? "Final score" : "Players (score as anyone can count it so far)");
    const table = html("table", {}, box);
    const standings = /** @type {any[]} */ (seen.standings);
    const head = html("tr", {}, table);
    html("th", {}, head, "");
    for (let seat = 0; seat < seen.players; seat += 1) {
      const th = html("th", {}, head, `${["●", "■", "▲", "◆"][seat]} ${seatName(seat)}${seen.teams ? ` team ${(seat % 2) + 1}` : ""}`);
      th.style.color = SEAT_COLOURS[seat]; // set by the CSSOM: the CSP refuses style attributes
      th.title = `pawns of seat ${seat + 1}: ${SEAT_SHAPES[seat]}s, level inside`;
    }
    /** @param {string} name @param {(seat: number) => string} value */
    const row = (name, value) => {
      const line = html("tr", {}, table);
      html("td", {}, line, name);
      for (let seat = 0; seat < seen.players; seat += 1) html("td", {}, line, value(seat));
    };
    row("supply L1 L2 L3 L4", (s) => seen.supply[s].join(" "));
    row("cards in hand", (s) => String(seen.hand_sizes[s]));
    row("drowned", (s) => String(seen.drowned.filter((/** @type {{owner: number}} */ d) => d.owner === s).length));
    row("continents", (s) => String(standings[s].continents));
    row("pawns (levels)", (s) => String(standings[s].pawns));
    row("cards not played", (s) => String(standings[s].cards));
    row("total", (s) => String(standings[s].total));
    if (seen.teams) row("team total", (s) => String(standings[s].team_total));
    for (let seat = 0; seat < seen.players; seat += 1) {
      const discards = /** @type {number[]} */ (seen.discards[seat]);
      html("p", { class: "tl-note", "data-discards": seat }, box, `${seatName(seat)} discards: ${discards.length ? discards.map((c) => cardName(doc.edition, c)).join(", ") : "none"}`);
    }
  }

  /** @type {{destroy: () => void} | null} the map's zoom, made again with the map */
  let zoomer = null;
  draw();
  // Esc steps back out of a choice of two clicks (the page's Esc cancels a proposed move).
  const unlisten = legal.length
    ? listenKeys((pressed) => {
        if (pressed === "escape" && (pick.anchor || pick.start || pick.lifted)) {
          Object.assign(pick, { anchor: null, first: null, start: null, lifted: null });
          draw();
        }
      })
    : () => {};
  return {
    destroy: () => {
      unlisten();
      zoomer?.destroy();
    },
  };
}
