// Land vs Sea: the map, the stacks' top faces, every hand (mine with both faces, the
// others' up faces), the scores and this turn's events; for the seat to act, each decision
// by clicking: a face in hand then a lit position (R turns it, F flips it), a stack to draw,
// a tile to steal, a region for the waypoint, a hole for the Volcano/Whirlpool.

import { drawFace, faceWords, regionPoint, turnFace } from "./hexface.js";
import { button, clear, clickable, fitViewBox, hexCentre, hexPoints, html, label, listenKeys, pressable, svg, svgRoot, tooltip } from "./svg.js";
import { fitToScreen, roomBelow } from "./fit.js";
import { zoomable } from "./zoom.js";
import { marker } from "./marks.js";

/** @typedef {import("./types.js").BoardDoc} BoardDoc */
/** @typedef {import("./types.js").BoardHandlers} BoardHandlers */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {import("./hexface.js").Face} Face */
/** @typedef {{tile: number | null, up: string, down: string | null}} Held */

const SIZE = 34;
const FACE_SIZE = 28;
/** The colour and letter of each side's waypoints and names. */
const SIDE_LOOK = /** @type {Record<string, {fill: string, letter: string}>} */ ({
  land: { fill: "#2e6b1f", letter: "L" },
  sea: { fill: "#1457a8", letter: "S" },
  cartographer: { fill: "#7b3fa0", letter: "C" },
});

/**
 * Whether an edition face (edges, regions without their type) is the face drawn out.
 * @param {any} printed
 * @param {Face} face
 */
function sameFace(printed, face) {
  /** @param {number[]} list */
  const text = (list) => [...list].sort((a, b) => a - b).join(",");
  /** @param {Array<{edges: number[], bonus: number}>} regions */
  const regions = (regions) => regions.map((r) => `${text(r.edges)}+${r.bonus}`).sort().join("|");
  return (
    printed.edges === face.edges &&
    text(printed.mountains) === text(face.mountains) &&
    text(printed.corals) === text(face.corals) &&
    printed.trade === face.trade &&
    printed.action === face.action &&
    regions(printed.regions) === regions(face.regions)
  );
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
  const viewer = /** @type {number} */ (seen.viewer);
  // A face's mountains, corals and trade symbols count only with their module (LS-9,
  // LS-10): without it they are not drawn, told or explained.
  const modules = /** @type {Record<string, boolean>} */ (seen.options);
  /** @param {Face} face */
  const inPlay = (face) => ({
    ...face,
    mountains: modules.mountains ? face.mountains : [],
    corals: modules.mountains ? face.corals : [],
    trade: modules.trade ? face.trade : null,
  });
  /** @param {SVGSVGElement} root @param {Element} parent @param {Face} face @param {number} size @param {string} [special] */
  const drawInPlay = (root, parent, face, size, special) => drawFace(root, parent, inPlay(face), size, special);
  /** @param {Face} face */
  const wordsInPlay = (face) => faceWords(inPlay(face));
  const sides = /** @type {string[]} */ (seen.sides);
  const legal = doc.legal;
  const places = legal.filter((a) => a.kind === "place");
  /** @type {{slot: number, up: boolean, rotation: number}} the face in hand being aimed */
  const choice = { slot: 0, up: true, rotation: 0 };

  /**
   * The face letter ("a" or "b") of a slot's up or down face, from the public edition:
   * the observation names faces by key, the place action by letter.
   * @param {number} slot
   * @param {boolean} up
   */
  function letterOf(slot, up) {
    const held = /** @type {Held} */ (seen.hands[viewer][slot]);
    const drawn = seen.hand_faces[viewer][slot];
    const tile = doc.edition?.tiles.find((/** @type {{id: number}} */ t) => t.id === held.tile);
    if (!tile) return null;
    const upLetter = sameFace(tile.a, drawn.up) ? "a" : "b";
    return up ? upLetter : upLetter === "a" ? "b" : "a";
  }

  /** The legal placements of the chosen face, by position "q,r". */
  function aimed() {
    const held = /** @type {Held | undefined} */ (seen.hands[viewer][choice.slot]);
    const letter = letterOf(choice.slot, choice.up);
    /** @type {Map<string, LegalAction>} */
    const spots = new Map();
    for (const a of places) {
      if (held && a.tile === held.tile && a.face === letter && a.rotation === choice.rotation) spots.set(`${a.q},${a.r}`, a);
    }
    return spots;
  }

  /**
   * The turns of the chosen face that fit somewhere on the map.
   * @returns {Set<number>}
   */
  function fittingTurns() {
    const held = /** @type {Held | undefined} */ (seen.hands[viewer][choice.slot]);
    const letter = letterOf(choice.slot, choice.up);
    return new Set(places.filter((a) => held && a.tile === held.tile && a.face === letter).map((a) => /** @type {number} */ (a.rotation)));
  }

  /**
   * The next turn after `from` (clockwise) that fits somewhere, so that turning never stops
   * on a way the tile cannot be laid; the next sixth-turn where none fits.
   * @param {number} from
   */
  function nextFit(from) {
    const fits = fittingTurns();
    for (let step = 1; step <= 6; step += 1) {
      if (fits.has((from + step) % 6)) return (from + step) % 6;
    }
    return (from + 1) % 6;
  }

  /** The face being aimed, turned as chosen. */
  function aimedFace() {
    const drawn = seen.hand_faces[viewer][choice.slot];
    return turnFace(choice.up ? drawn.up : drawn.down, choice.rotation);
  }

  /** Start on a slot and face that can be placed at all. */
  function firstChoice() {
    for (const [slot, held] of /** @type {Held[]} */ (seen.hands[viewer]).entries()) {
      for (const up of [true, false]) {
        const letter = letterOf(slot, up);
        const fits = places.filter((a) => a.tile === held.tile && a.face === letter);
        if (fits.length) return Object.assign(choice, { slot, up, rotation: /** @type {number} */ (fits[0].rotation) });
      }
    }
    return choice;
  }
  if (places.length) firstChoice();

  function draw() {
    clear(container);
    container.className = "tl-board tl-ls";
    header();
    const main = html("div", { class: "tl-ls-main" }, container);
    map(html("div", { class: "tl-ls-map" }, main));
    const side = html("div", { class: "tl-ls-side" }, main);
    choices(side);
    // The stacks before the hands when a tile is to be drawn: what the decision acts on
    // comes first (on a phone held upright, on screen under the map).
    if (legal.some((a) => a.kind === "draw")) {
      stacks(side);
      hands(side);
    } else {
      hands(side);
      stacks(side);
    }
    scores(side);
    roomBelow(side);
  }

  /** @param {number} seat */
  function seatName(seat) {
    const side = sides[seat];
    const name = seen.players === 4 ? `${side} (seat ${seat + 1})` : side;
    return seat === viewer ? `You (${name})` : name[0].toUpperCase() + name.slice(1);
  }

  function header() {
    const head = html("div", { class: "tl-head" }, container);
    html("span", { class: "tl-title" }, head, "Land vs Sea");
    const on = Object.entries(modules).filter(([, isOn]) => isOn).map(([name]) => name);
    html("span", {}, head, `${seen.players} players, modules: ${on.length ? on.join(", ") : "none"}`);
    const points = /** @type {number[]} */ (seen.points);
    ["land", "sea", "cartographer"].forEach((side, i) => {
      if (sides.includes(side)) html("span", { class: `tl-ls-side-${side}`, "data-points": side }, head, `${side} ${points[i]}`);
    });
    html("span", {}, head, `Volcano/Whirlpool ${seen.reserve ? "set aside" : "placed"}`);
    if (seen.phase === "over") {
      const winners = /** @type {number[]} */ (seen.winners ?? []);
      const text = winners.length === seen.players ? "a tie" : `${[...new Set(winners.map((w) => sides[w]))].join(", ")} wins`;
      html("div", { class: "tl-asks tl-result" }, head, `Game over: ${text}`);
    } else {
      const step = seen.turn_placements ? `, ${seen.turn_placements} placed this turn` : "";
      html("div", { class: "tl-asks", "data-phase": seen.phase }, head, `${seatName(seen.to_move)}: ${seen.phase}${step}${legal.length ? ` — ${seen.asks}` : ""}`);
    }
  }

  /** @param {HTMLElement} parent */
  function map(parent) {
    const bar = html("div", { class: "tl-zoom-bar" }, parent);
    const root = svgRoot(parent, "tl-ls-board", "the map");
    /** @type {Array<[number, number]>} */
    const points = [];
    const board = /** @type {Array<{q: number, r: number, special: string | null, placer: number}>} */ (seen.board);
    const tiles = svg("g", {}, root);
    board.forEach((entry, index) => {
      const [x, y] = hexCentre(entry.q, entry.r, SIZE);
      points.push([x, y]);
      const group = svg("g", { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-q": entry.q, "data-r": entry.r, "data-tile": "" }, tiles);
      drawInPlay(root, group, seen.board_faces[index], SIZE, entry.special ?? undefined);
      tooltip(group, `${entry.q},${entry.r}${entry.special ? ` ${entry.special}` : ""}: ${wordsInPlay(seen.board_faces[index])}${entry.placer >= 0 ? `, placed by ${sides[entry.placer]}` : ""}`);
    });
    waypoints(root, board);
    const marks = svg("g", { class: "tl-marks" }, root);
    for (const entry of board) {
      const [x, y] = hexCentre(entry.q, entry.r, SIZE);
      mark(marks, "polygon", `${entry.q},${entry.r}`, { points: hexPoints(SIZE - 2.5), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
    }
    const spots = places.length ? aimed() : new Map();
    const ghost = svg("g", { class: "tl-ghost", "pointer-events": "none" }, root);
    for (const [key, action] of spots) {
      const [x, y] = hexCentre(/** @type {number} */ (action.q), /** @type {number} */ (action.r), SIZE);
      points.push([x, y]);
      const spot = svg("polygon", { points: hexPoints(SIZE - 3), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, class: "tl-target tl-legal", "data-place": key }, root);
      clickable(spot, () => handlers.propose(action), `place tile ${action.tile}, ${choice.up ? "up" : "down"} face, turned ${action.rotation}, at ${key}`);
      spot.addEventListener("mouseenter", () => {
        clear(ghost);
        const group = svg("g", { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` }, ghost);
        drawInPlay(root, group, aimedFace(), SIZE);
        ghost.setAttribute("data-place", key);
      });
      spot.addEventListener("mouseleave", () => clear(ghost));
    }
    // Empty neighbours of the map are drawn faintly, so that a missing light reads as "it
    // does not fit here" rather than as the edge of the world.
    const taken = new Set(board.map((b) => `${b.q},${b.r}`));
    for (const b of board) {
      for (const [dq, dr] of [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]]) {
        const key = `${b.q + dq},${b.r + dr}`;
        if (taken.has(key) || spots.has(key)) continue;
        taken.add(key);
        const [x, y] = hexCentre(b.q + dq, b.r + dr, SIZE);
        points.push([x, y]);
        svg("polygon", { points: hexPoints(SIZE - 3), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, class: "tl-target", "data-empty": key, fill: "none", stroke: "#c9bfa6", "stroke-dasharray": "3 4" }, root);
      }
    }
    root.appendChild(ghost);
    for (const action of legal.filter((a) => a.kind === "hole")) {
      const [x, y] = hexCentre(/** @type {number} */ (action.q), /** @type {number} */ (action.r), SIZE);
      const hole = svg("g", { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-hole": `${action.q},${action.r}` }, root);
      svg("polygon", { points: hexPoints(SIZE - 3), class: "tl-target tl-legal" }, hole);
      label(hole, 0, 0, "hole", { "font-weight": "bold", fill: "#5a3200" });
      clickable(hole, () => handlers.propose(action), `hole: the Volcano or Whirlpool goes to ${action.q},${action.r}`);
    }
    waypointTargets(root);
    fitViewBox(root, points, SIZE * 1.1);
    zoomer?.destroy();
    zoomer = zoomable(container, root, bar, SIZE * Math.sqrt(3), doc);
    fitToScreen(root); // once the zoom's buttons above it take their room
  }

  /**
   * @param {SVGSVGElement} root
   * @param {Array<{q: number, r: number}>} board
   */
  function waypoints(root, board) {
    for (const w of /** @type {Array<{q: number, r: number, edge: number, owner: number}>} */ (seen.waypoints)) {
      const index = board.findIndex((b) => b.q === w.q && b.r === w.r);
      const face = /** @type {Face} */ (seen.board_faces[index]);
      const region = face.regions.find((r) => r.edges.includes(w.edge));
      const [cx, cy] = hexCentre(w.q, w.r, SIZE);
      const [dx, dy] = regionPoint(region ? region.edges : [w.edge], SIZE);
      const look = SIDE_LOOK[sides[w.owner]];
      const disc = svg("g", { class: "tl-ls-waypoint", "data-waypoint-owner": w.owner }, root);
      svg("circle", { cx: cx + dx * 0.9, cy: cy + dy * 0.9, r: SIZE * 0.22, fill: look.fill, stroke: "#fff", "stroke-width": 2 }, disc);
      label(disc, cx + dx * 0.9, cy + dy * 0.9, `${look.letter}${seen.players === 4 ? w.owner + 1 : ""}`, { fill: "#fff", "font-size": SIZE * 0.24, "font-weight": "bold" });
      tooltip(disc, `${seatName(w.owner)}'s waypoint`);
    }
  }

  /** Each region a waypoint may go on, lit over its edges' wedges. @param {SVGSVGElement} root */
  function waypointTargets(root) {
    for (const action of legal.filter((a) => a.kind === "waypoint")) {
      const [x, y] = hexCentre(/** @type {number} */ (action.q), /** @type {number} */ (action.r), SIZE);
      const edges = /** @type {number[]} */ (action.region);
      const group = svg("g", { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-waypoint": `${action.q},${action.r}:${action.edge}` }, root);
      const [px, py] = regionPoint(edges, SIZE);
      for (const e of edges) {
        const [ax, ay] = [Math.cos((Math.PI / 180) * (-90 + 60 * e)), Math.sin((Math.PI / 180) * (-90 + 60 * e))];
        const [bx, by] = [Math.cos((Math.PI / 180) * (-30 + 60 * e)), Math.sin((Math.PI / 180) * (-30 + 60 * e))];
        svg("polygon", { points: `0,0 ${ax * SIZE},${ay * SIZE} ${bx * SIZE},${by * SIZE}`, class: "tl-target tl-legal" }, group);
      }
      svg("circle", { cx: px, cy: py, r: SIZE * 0.18, fill: "#fff", stroke: "#ff8f00", "stroke-width": 2, "stroke-dasharray": "3 2" }, group);
      clickable(group, () => handlers.propose(action), `waypoint on ${action.text}`);
    }
  }

  /** Buttons for the decisions that have no place on the map. @param {HTMLElement} parent */
  function choices(parent) {
    const bar = html("div", { class: "tl-controls" }, parent);
    const words = /** @type {Record<string, string>} */ ({ pass: "Pass (no tile fits)", steal_none: "Do not steal", waypoint_none: "Keep my waypoint" });
    for (const action of legal) {
      if (action.kind in words) button(bar, words[action.kind], () => handlers.propose(action), { kind: action.kind });
    }
    if (!places.length) return;
    const spots = aimed().size;
    html("span", {}, bar, `Tile ${seen.hands[viewer][choice.slot].tile}, ${choice.up ? "up" : "down"} face (printed ${letterOf(choice.slot, choice.up)}), turned ${choice.rotation}`);
    button(bar, "Rotate (R)", rotate, { control: "rotate" });
    button(bar, "Flip (F)", flip, { control: "flip" });
    const turns = fittingTurns();
    const others = turns.size > 1 || (turns.size === 1 && !turns.has(choice.rotation));
    html("span", { class: "tl-note" }, bar, (spots ? `${spots} position${spots > 1 ? "s" : ""} lit on the map` : turns.size ? "fits nowhere turned so" : "this face fits nowhere") + (others ? "; R turns it to the next way it fits" : ""));
  }

  function rotate() {
    choice.rotation = nextFit(choice.rotation);
    draw();
  }

  function flip() {
    choice.up = !choice.up;
    draw();
  }

  /**
   * A face in a small svg of its own.
   * @param {Element} parent
   * @param {Face | null} face
   * @param {string} name
   * @param {Record<string, string | number>} data
   */
  function faceBox(parent, face, name, data) {
    const root = svgRoot(parent, "tl-ls-face", `${name}: ${face ? wordsInPlay(face) : "empty"}`);
    root.setAttribute("viewBox", `${-FACE_SIZE - 2} ${-FACE_SIZE - 2} ${2 * FACE_SIZE + 4} ${2 * FACE_SIZE + 4}`);
    for (const [key, value] of Object.entries(data)) root.setAttribute(`data-${key}`, String(value));
    if (face) drawInPlay(root, root, face, FACE_SIZE);
    else label(root, 0, 0, "empty", { "font-size": 13, fill: "#777" });
    return root;
  }

  /** @param {HTMLElement} parent */
  function hands(parent) {
    const steals = legal.filter((a) => a.kind === "steal");
    /** @type {Held[][]} */ (seen.hands).forEach((hand, seat) => {
      const box = html("section", { class: "tl-hand", "data-seat": seat }, parent);
      html("h3", { class: `tl-ls-side-${sides[seat]}` }, box, `${seatName(seat)}: ${hand.length ? "" : "no tiles"}`);
      hand.forEach((held, slot) => {
        const drawn = seen.hand_faces[seat][slot];
        const cell = html("div", { class: "tl-ls-slot", "data-seat": seat, "data-slot": slot + 1 }, box);
        const tile = html("div", { class: "tl-ls-tile" }, cell);
        const mine = seat === viewer && places.length > 0;
        for (const up of [true, false]) {
          if (!up && !drawn.down) continue;
          const chosen = mine && choice.slot === slot && choice.up === up;
          const face = chosen ? aimedFace() : up ? drawn.up : drawn.down;
          const root = faceBox(tile, face, `${up ? "up" : "down"} face`, { face: up ? "up" : "down" });
          if (chosen) root.classList.add("tl-chosen");
          if (mine) {
            clickable(root, () => {
              if (choice.slot !== slot || choice.up !== up) Object.assign(choice, { slot, up, rotation: nextFit(5) });
              draw();
            }, `aim tile ${held.tile} ${up ? "up" : "down"} face: ${face ? wordsInPlay(face) : "empty"}`);
            root.setAttribute("aria-pressed", String(chosen));
          }
        }
        html("div", { class: "tl-caption" }, cell, held.tile ? `tile ${held.tile}: up, down` : `slot ${slot + 1}: up face`);
        const steal = steals.find((a) => a.seat === seat + 1 && a.slot === slot + 1);
        if (steal) {
          cell.classList.add("tl-chosen");
          cell.setAttribute("data-steal", `${seat + 1}/${slot + 1}`);
          pressable(cell, () => handlers.propose(steal));
          cell.title = "steal this tile";
        }
      });
    });
  }

  /** @param {HTMLElement} parent */
  function stacks(parent) {
    const box = html("section", { class: "tl-ls-faces" }, parent);
    html("h3", {}, box, "Stacks (top faces)");
    /** @type {Array<{size: number}>} */ (seen.stacks).forEach((stack, index) => {
      const cell = html("div", { class: "tl-ls-slot" }, box);
      const root = faceBox(cell, seen.stack_faces[index], `stack ${index + 1}`, { stack: index + 1 });
      html("div", { class: "tl-caption" }, cell, `stack ${index + 1}: ${stack.size} tiles`);
      const draw = legal.find((a) => a.kind === "draw" && a.stack === index + 1);
      if (draw) {
        root.classList.add("tl-chosen");
        clickable(root, () => handlers.propose(draw), `draw from stack ${index + 1}: ${wordsInPlay(seen.stack_faces[index])}`);
      }
    });
  }

  /** @param {HTMLElement} parent */
  function scores(parent) {
    const box = html("section", { class: "tl-scores" }, parent);
    const standings = /** @type {Array<{seat: number, side: string, by_kind: Record<string, number>, total: number}>} */ (seen.standings);
    html("h3", {}, box, seen.phase === "over" ? "Final score" : "Score so far");
    const table = html("table", {}, box);
    const head = html("tr", {}, table);
    html("th", {}, head, "");
    for (const s of standings) html("th", {}, head, seatName(s.seat));
    const kinds = [...new Set(standings.flatMap((s) => Object.keys(s.by_kind)))].sort();
    for (const kind of [...kinds, "total"]) {
      const line = html("tr", {}, table);
      html("td", {}, line, kind);
      for (const s of standings) html("td", {}, line, String(kind === "total" ? s.total : s.by_kind[kind] ?? 0));
    }
    const events = /** @type {Array<{side: string, points: number, detail: string}>} */ (seen.events);
    const [last, now] = /** @type {[number, number]} */ (seen.turn_events);
    for (const [title, list] of /** @type {Array<[string, typeof events]>} */ ([["Last turn", events.slice(last, now)], ["This turn", events.slice(now)]])) {
      if (!list.length) continue;
      html("h3", {}, box, title);
      const ul = html("ul", { class: "tl-ls-events" }, box);
      for (const e of list) html("li", {}, ul, `${e.side} +${e.points}: ${e.detail}`);
    }
    legend(box);
  }

  /** @param {HTMLElement} parent */
  function legend(parent) {
    const symbols = [
      ...(modules.mountains ? ["▲ mountain", "pink branch coral"] : []),
      "★ bonus symbol",
      ...(modules.trade ? ["Cv caravan", "Sh ship"] : []),
      "↻ Play Again",
      "⚔ Steal",
    ];
    const waypoints = modules.waypoints ? "; L/S discs: waypoints" : "";
    html("p", { class: "tl-note" }, parent, `Green dotted: land, blue waves: sea; ${symbols.join(", ")}${waypoints}; lines from the middle part separate regions.`);
  }

  /** @type {{destroy: () => void} | null} the map's zoom, made again with the map */
  let zoomer = null;
  draw();
  const unlisten = places.length
    ? listenKeys((key) => {
        if (key === "r") rotate();
        else if (key === "f") flip();
      })
    : () => {};
  return {
    destroy: () => {
      unlisten();
      zoomer?.destroy();
    },
  };
}
