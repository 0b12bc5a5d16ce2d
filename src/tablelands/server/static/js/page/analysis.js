// The analysis panel of a finished game (GET /api/games/{id}/analysis): every decision
// weighed by the search, as `tablelands analyze` gives it, drawn as a chart of the expected
// loss per decision, one line per seat, and listed, big mistakes marked.

import { el } from "./dom.js";

/** @typedef {import("./types.js").SeatInfo} SeatInfo */
/**
 * A decision weighed: its place in the game's moves, the seat, the move played, the
 * search's choice, their expected results (0-1) and the loss between them.
 * @typedef {{index: number, player: number, played: string, best: string,
 *   played_value: number, best_value: number, loss: number}} Verdict
 */
/**
 * @typedef {{seat: number, decisions: number, mean_loss: number, agreement: number,
 *   inaccuracies: number, mistakes: number, blunders: number}} SeatSummary
 */
/**
 * @typedef {{status: "pending", budget: string}
 *   | {status: "failed", budget: string, message: string}
 *   | {status: "done", budget: string, decisions: Verdict[], players: SeatSummary[]}} Analysis
 */

const SVG = "http://www.w3.org/2000/svg";
/** The losses (on the 0-1 scale) from which a move is an inaccuracy, a mistake, a blunder,
 * as `tablelands analyze` counts them. */
const FLAGS = /** @type {const} */ ([["blunder", 0.2], ["mistake", 0.1], ["inaccuracy", 0.05]]);
const COLOURS = ["#1f5fa8", "#c0392b", "#2d6a3e", "#8e44ad", "#b8860b", "#00838f"];
const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 30 };

/** The flag of a loss as the list shows it (3 decimals), so that "0.200" never reads "mistake". @param {number} loss */
function flagOf(loss) {
  const shown = Number(loss.toFixed(3));
  return FLAGS.find(([, low]) => shown >= low)?.[0] ?? "";
}

/**
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @param {(Node | string)[]} [children]
 */
function svg(tag, attrs, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** @param {Map<number, string>} names @param {number} seat */
function nameOf(names, seat) {
  return names.get(seat) ?? `Seat ${seat + 1}`;
}

/**
 * The chart: decisions in the order played along x, expected loss up y, a line per seat.
 * @param {Verdict[]} decisions
 * @param {Map<number, string>} names
 */
export function lossChart(decisions, names) {
  const top = Math.max(0.25, ...decisions.map((d) => d.loss));
  const span = Math.max(1, decisions.length - 1);
  const x = (/** @type {number} */ i) => PAD.left + (i / span) * (WIDTH - PAD.left - PAD.right);
  const y = (/** @type {number} */ loss) => HEIGHT - PAD.bottom - (loss / top) * (HEIGHT - PAD.top - PAD.bottom);
  const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "tl-analysis-chart", role: "img", "aria-label": "Expected loss per decision" });
  chart.append(svg("line", { x1: PAD.left, y1: y(0), x2: WIDTH - PAD.right, y2: y(0), class: "tl-axis" }));
  for (const [flag, low] of FLAGS) {
    chart.append(
      svg("line", { x1: PAD.left, y1: y(low), x2: WIDTH - PAD.right, y2: y(low), class: `tl-threshold tl-${flag}` }),
      svg("text", { x: PAD.left - 4, y: y(low) + 4, "text-anchor": "end", class: "tl-tick" }, [low.toFixed(2)]),
    );
  }
  chart.append(
    svg("text", { x: PAD.left - 4, y: y(0) + 4, "text-anchor": "end", class: "tl-tick" }, ["0"]),
    svg("text", { x: (WIDTH + PAD.left) / 2, y: HEIGHT - 6, "text-anchor": "middle", class: "tl-tick" }, ["decisions, in the order played (move number)"]),
  );
  // The first and last decisions' move numbers, so the axis says where in the game it runs.
  for (const i of new Set([0, decisions.length - 1])) {
    chart.append(svg("text", { x: x(i), y: y(0) + 14, "text-anchor": "middle", class: "tl-tick" }, [`#${decisions[i].index + 1}`]));
  }
  const seats = [...new Set(decisions.map((d) => d.player))].sort((a, b) => a - b);
  for (const seat of seats) {
    const colour = COLOURS[seat % COLOURS.length];
    const mine = decisions.map((d, i) => ({ d, i })).filter(({ d }) => d.player === seat);
    chart.append(svg("polyline", { points: mine.map(({ d, i }) => `${x(i)},${y(d.loss)}`).join(" "), fill: "none", stroke: colour, "stroke-width": 1.5, "data-seat": seat }));
    for (const { d, i } of mine) {
      const flag = flagOf(d.loss);
      const tip = `#${d.index + 1} ${nameOf(names, seat)}: ${d.played}` + (d.best === d.played ? "" : ` (best: ${d.best})`) + `, loss ${d.loss.toFixed(3)}`;
      chart.append(svg("circle", {
        cx: x(i), cy: y(d.loss), r: flag === "mistake" || flag === "blunder" ? 5 : 3, fill: colour,
        class: flag ? `tl-point tl-${flag}` : "tl-point", "data-seat": seat, "data-move": d.index + 1,
      }, [svg("title", {}, [tip])]));
    }
  }
  return chart;
}

/**
 * Draw the panel for the analysis as the server gives it.
 * @param {HTMLElement} box
 * @param {Analysis} analysis
 * @param {SeatInfo[]} seats
 */
export function showAnalysis(box, analysis, seats) {
  box.hidden = false;
  box.dataset.status = analysis.status; // what a test waits on
  const head = el("h2", { text: "Analysis" });
  if (analysis.status === "pending") {
    box.replaceChildren(head, el("p", { class: "tl-help", text: `The search is weighing every decision of the game (${analysis.budget} each)…` }));
    return;
  }
  if (analysis.status === "failed") {
    box.replaceChildren(head, el("p", { class: "tl-error", text: `The analysis could not be made: ${analysis.message}` }));
    return;
  }
  const names = new Map(seats.map((s) => [s.seat, s.name]));
  const legend = el("p", { class: "tl-legend" }, analysis.players.map((p) => {
    const entry = el("span", { text: `● ${nameOf(names, p.seat)}: ${p.decisions} decisions, ${Math.round(p.agreement * 100)}% as the search, mean loss ${p.mean_loss.toFixed(3)}; inaccuracies ${p.inaccuracies}, mistakes ${p.mistakes}, blunders ${p.blunders}` });
    entry.style.color = COLOURS[p.seat % COLOURS.length]; // by the CSSOM: the CSP refuses style attributes
    return entry;
  }));
  const rows = analysis.decisions.map((d) => {
    const flag = flagOf(d.loss);
    return el("tr", { class: flag ? `tl-${flag}` : undefined, "data-move": d.index + 1 }, [
      el("td", { text: String(d.index + 1) }),
      el("td", { text: nameOf(names, d.player) }),
      el("td", { text: d.played }),
      el("td", { text: d.best === d.played ? "the same" : d.best }),
      el("td", { class: "tl-loss", text: `${d.loss.toFixed(3)}${flag ? ` ${flag}` : ""}` }),
    ]);
  });
  const list = el("table", { class: "tl-analysis-list" }, [
    el("tr", {}, ["#", "Player", "Move played", "The bot's choice", "Expected loss"].map((text) => el("th", { text }))),
    ...rows,
  ]);
  box.replaceChildren(
    head,
    el("p", { class: "tl-help", text: `Each decision weighed by the search (${analysis.budget} each) from what the player could see then; the loss is how much of the expected result (0 to 1) the move played gave up against the search's choice.` }),
    analysis.decisions.length ? lossChart(analysis.decisions, names) : el("p", { text: "There was no decision to weigh." }),
    legend,
    list,
  );
}

/**
 * The panel of a game: loaded when the game is over, again while the analysis is pending
 * (the socket's `analysis` message asks at once; the timer covers a socket that missed it).
 * @param {HTMLElement} box
 * @param {string} gameId
 */
export function analysisPanel(box, gameId) {
  let started = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {SeatInfo[]} */
  let seats = [];

  async function load() {
    clearTimeout(timer);
    const response = await fetch(`/api/games/${gameId}/analysis`);
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.message ?? `the server answered ${response.status}`);
    showAnalysis(box, answer, seats);
    if (answer.status === "pending") timer = setTimeout(() => void load().catch(() => undefined), 3000);
  }

  return {
    /** The game is over: show its analysis (once). @param {SeatInfo[]} players */
    start(players) {
      seats = players;
      if (started) return Promise.resolve();
      started = true;
      return load();
    },
    /** The socket said the analysis is ready. */
    ready() {
      return started ? load() : Promise.resolve();
    },
  };
}
