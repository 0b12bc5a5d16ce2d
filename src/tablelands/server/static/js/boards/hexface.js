// A Land vs Sea face drawn in a hex: land and sea per edge (a wedge each), the lines that
// keep separate regions apart (corner tiles), mountains, corals, bonus symbols, caravan or
// ship, Play Again or Steal. Shapes and letters carry the meaning as well as colours.

import { DIRECTION_NAMES, edgeVector, hexCorner, hexPoints, label, patternFill, svg, tooltip } from "./svg.js";

/**
 * A face drawn out as the observation gives it (`face_json`), edges as directions.
 * @typedef {{type: string, edges: number[], bonus: number}} Region
 * @typedef {{edges: string, regions: Region[], mountains: number[], corals: number[], trade: string | null, action: string | null}} Face
 */

export const LAND = "#8fc46a";
export const SEA = "#4f8fd6";

/**
 * The face turned `rotation` sixth-turns clockwise: printed edge i faces direction i + r.
 * @param {Face} face
 * @param {number} rotation
 * @returns {Face}
 */
export function turnFace(face, rotation) {
  /** @param {number} e */
  const turn = (e) => (e + rotation) % 6;
  const edges = [0, 1, 2, 3, 4, 5].map((d) => face.edges[(d - rotation + 6) % 6]).join("");
  return {
    ...face,
    edges,
    regions: face.regions.map((r) => ({ ...r, edges: r.edges.map(turn) })),
    mountains: face.mountains.map(turn),
    corals: face.corals.map(turn),
  };
}

/**
 * Where a region's marks go: towards the middle of its edges.
 * @param {number[]} edges
 * @param {number} size
 * @returns {[number, number]}
 */
export function regionPoint(edges, size) {
  let x = 0;
  let y = 0;
  for (const e of edges) {
    const [dx, dy] = edgeVector(e);
    x += dx;
    y += dy;
  }
  const length = Math.hypot(x, y);
  // A region across the tile has its edges all round: its marks go by its first edge.
  if (length < 0.35 * edges.length) [x, y] = edgeVector(edges[0]);
  else [x, y] = [x / length, y / length];
  return [x * size * 0.5, y * size * 0.5];
}

/**
 * A face in words, for a screen reader: land and sea by edge, then what is drawn on it.
 * @param {Face} face
 */
export function faceWords(face) {
  /** @param {string} kind */
  const towards = (kind) => DIRECTION_NAMES.filter((_, e) => face.edges[e] === kind).join(", ");
  const words = [];
  if (towards("L")) words.push(`land ${towards("L")}`);
  if (towards("S")) words.push(`sea ${towards("S")}`);
  /** @param {number} count @param {string} name */
  const counted = (count, name) => (count ? [`${count} ${name}${count > 1 ? "s" : ""}`] : []);
  words.push(...counted(face.mountains.length, "mountain"), ...counted(face.corals.length, "coral"));
  words.push(...counted(face.regions.reduce((total, r) => total + r.bonus, 0), "bonus symbol"));
  if (face.trade) words.push(face.trade);
  if (face.action) words.push(face.action === "play_again" ? "Play Again" : "Steal");
  return words.join("; ");
}

/**
 * Draw a face centred at 0,0 into `parent`.
 * @param {SVGSVGElement} root the svg holding the patterns
 * @param {Element} parent
 * @param {Face} face
 * @param {number} size circumradius
 * @param {string} [special] "start", "volcano" or "whirlpool"
 */
export function drawFace(root, parent, face, size, special) {
  const group = svg("g", { class: "tl-ls-hex", "data-edges": face.edges }, parent);
  const regionOf = new Map();
  face.regions.forEach((region, index) => region.edges.forEach((e) => regionOf.set(e, index)));
  for (let e = 0; e < 6; e += 1) {
    const [x1, y1] = hexCorner(e, size);
    const [x2, y2] = hexCorner(e + 1, size);
    const land = face.edges[e] === "L";
    const points = `0,0 ${x1.toFixed(2)},${y1.toFixed(2)} ${x2.toFixed(2)},${y2.toFixed(2)}`;
    svg("polygon", { points, fill: land ? LAND : SEA, stroke: land ? LAND : SEA, "stroke-width": 0.6 }, group);
    svg("polygon", { points, fill: patternFill(root, land ? "dots" : "waves"), stroke: "none" }, group);
  }
  // Neighbouring edges of different regions are kept apart by a line to the middle.
  for (let e = 0; e < 6; e += 1) {
    const before = (e + 5) % 6;
    if (regionOf.get(before) === regionOf.get(e)) continue;
    const [x, y] = hexCorner(e, size);
    svg("line", { x1: 0, y1: 0, x2: x, y2: y, stroke: "#27311f", "stroke-width": size / 22 }, group);
  }
  svg("polygon", { points: hexPoints(size), fill: "none", stroke: "#2b2b2b", "stroke-width": size / 20 }, group);
  ridges(group, face.mountains, size, "mountain");
  ridges(group, face.corals, size, "coral");
  face.regions.forEach((region) => {
    if (!region.bonus) return;
    const [x, y] = regionPoint(region.edges, size);
    const star = svg("g", { class: "tl-ls-bonus" }, group);
    svg("circle", { cx: x, cy: y, r: size * 0.2, fill: "#fff", stroke: "#6a4b00", "stroke-width": 1 }, star);
    label(star, x, y, region.bonus > 1 ? `★${region.bonus}` : "★", { "font-size": size * 0.24, fill: "#6a4b00", "font-weight": "bold" });
    tooltip(star, `${region.bonus} bonus symbol${region.bonus > 1 ? "s" : ""}`);
  });
  const badges = [];
  if (face.trade) badges.push(face.trade === "caravan" ? ["Cv", "#f2c14e", "caravan"] : ["Sh", "#bfe3ff", "ship"]);
  if (face.action) badges.push(face.action === "play_again" ? ["↻", "#ffe08a", "Play Again"] : ["⚔", "#ffb3a7", "Steal"]);
  badges.forEach(([text, fill, name], index) => {
    const x = badges.length === 2 ? (index === 0 ? -size * 0.22 : size * 0.22) : 0;
    const badge = svg("g", { class: "tl-ls-badge", "data-badge": name }, group);
    svg("rect", { x: x - size * 0.2, y: -size * 0.15, width: size * 0.4, height: size * 0.3, rx: size * 0.07, fill, stroke: "#222", "stroke-width": 0.8 }, badge);
    label(badge, x, 0, text, { "font-size": size * 0.22, "font-weight": "bold", fill: "#222" });
    tooltip(badge, name);
  });
  if (special) {
    const word = { start: "START", volcano: "VOLCANO", whirlpool: "WHIRLPOOL" }[special] ?? special;
    label(group, 0, size * 0.42, word, { "font-size": size * 0.17, "font-weight": "bold", fill: "#fff", stroke: "#222", "stroke-width": 0.4 });
  }
  return group;
}

/**
 * Mountains (brown peaks) or corals (pink branches) along the edges they cover.
 * @param {Element} group
 * @param {number[]} edges
 * @param {number} size
 * @param {"mountain" | "coral"} kind
 */
function ridges(group, edges, size, kind) {
  for (const e of edges) {
    const [dx, dy] = edgeVector(e);
    const x = dx * size * 0.72;
    const y = dy * size * 0.72;
    const mark = svg("g", { class: `tl-ls-${kind}` }, group);
    const s = size * 0.16;
    if (kind === "mountain") {
      svg("polygon", { points: `${x - s},${y + s * 0.7} ${x},${y - s} ${x + s},${y + s * 0.7}`, fill: "#7a4b22", stroke: "#fff", "stroke-width": 0.8 }, mark);
    } else {
      svg("path", { d: `M${x} ${y + s} V${y - s} M${x} ${y} L${x - s} ${y - s * 0.8} M${x} ${y} L${x + s} ${y - s * 0.8}`, stroke: "#ff5fa2", "stroke-width": size / 14, fill: "none", "stroke-linecap": "round" }, mark);
    }
    tooltip(mark, kind);
  }
}
