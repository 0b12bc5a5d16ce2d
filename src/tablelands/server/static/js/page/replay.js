// The replay of a finished game: step through it move by move, forwards and back (buttons,
// ←/→, Home/End, a slider), seen by any seat or by a spectator. Each step's position, the
// move that led to it in words and the log up to it come from the server, which works every
// point of view out once; the steps seen here are kept too.

import { renderBoard } from "../boards/index.js";
import { lightPlaces } from "../boards/marks.js";
import { byId, el } from "./dom.js";
import { namesBySeat, showLog, showPlayers } from "./panel.js";
import { placesOf, recentPlaces } from "./recent.js";

/** @typedef {import("./types.js").SeatInfo} SeatInfo */
/**
 * One step as the server gives it (`GET /api/games/{id}/replay/{step}`).
 * @typedef {{step: number, steps: number, viewer: number | null, observation: any,
 *   standings: {seat: number, total?: number}[],
 *   move: {step: number, seat: number, text: string, words: string[]} | null,
 *   told: string[], log: {step: number, text: string}[],
 *   marks: {step: number, places: [number, string][]}[]}} Step
 */

/** @type {{id: string, title: string, status: string, seats: SeatInfo[]}} */
const summary = JSON.parse(byId("summary", HTMLScriptElement).textContent ?? "{}");
const ui = {
  board: byId("board", HTMLDivElement),
  turn: byId("turn", HTMLSpanElement),
  notice: byId("notice", HTMLDivElement),
  slider: byId("step", HTMLInputElement),
  stepText: byId("step-text", HTMLSpanElement),
  viewer: byId("viewer", HTMLSelectElement),
  move: byId("move", HTMLParagraphElement),
  players: byId("players", HTMLTableElement),
  log: byId("log", HTMLOListElement),
};
/** @type {Map<string, Step>} steps fetched, by viewer and step */
const seen = new Map();
let steps = 0;
let at = 0;
/** @type {any} */
let edition;
/** The last step asked for: an answer to an older request is not drawn. */
let wanted = "";
/** The step drawn last: one step on from it, the step's move is played as it arrives. */
let drawnStep = -1;

/** @param {number} seat */
function seatName(seat) {
  return summary.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
}

/** @param {string} text */
function fail(text) {
  ui.notice.textContent = text;
  ui.notice.hidden = false;
}

/** @param {string} url */
async function read(url) {
  const response = await fetch(url);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.message ?? `${response.status}`);
  return answer;
}

/** Show step `step` as the chosen viewer sees it. @param {number} step */
async function show(step) {
  at = Math.max(0, Math.min(steps, step));
  const viewer = ui.viewer.value;
  const key = `${viewer}:${at}`;
  wanted = key;
  let got = seen.get(key);
  if (!got) {
    got = /** @type {Step} */ (await read(`/api/games/${summary.id}/replay/${at}?viewer=${viewer}`));
    seen.set(key, got);
  }
  if (wanted === key) draw(got);
}

/** @param {Step} step */
function draw(step) {
  ui.slider.value = String(step.step);
  ui.stepText.textContent = `Move ${step.step} of ${step.steps}`;
  ui.turn.textContent = step.step === step.steps ? "The end" : step.step === 0 ? "The start" : `Move ${step.step}`;
  ui.move.replaceChildren(...(step.move === null
    ? ["The game as it began."]
    : [el("strong", { text: `Move ${step.step}, ${seatName(step.move.seat)} (seat ${step.move.seat + 1}): ${step.move.text}` }), ` ${step.move.words.join(" ")}`]));
  /** @type {import("./recent.js").Marks} */
  const marks = new Map(step.marks.map((mark) => [mark.step, mark.places]));
  const arrived = step.step === drawnStep + 1 ? placesOf(marks, step.step) : [];
  drawnStep = step.step;
  const happened = { recent: recentPlaces(marks), arrived };
  renderBoard(ui.board, { observation: step.observation, legal: [], edition, names: namesBySeat(summary.seats), ...happened }, { propose: () => {} });
  ui.board.dataset.step = String(step.step); // what a test waits on
  ui.board.dataset.viewer = ui.viewer.value;
  const frame = /** @type {any} */ ({ standings: step.standings, is_over: step.step === step.steps, current_player: step.observation.to_move });
  showPlayers(ui.players, summary.seats, frame, new Set(step.viewer === null ? [] : [step.viewer]), false);
  /** @type {Map<number, string[]>} */
  const lines = new Map();
  for (const line of step.log) lines.set(line.step, [...(lines.get(line.step) ?? []), line.text]);
  showLog(ui.log, lines, (seq) => lightPlaces(ui.board, seq === null ? [] : placesOf(marks, seq)));
}

/** @param {number} step */
function go(step) {
  show(step).catch((exc) => fail(`The step could not be shown: ${exc instanceof Error ? exc.message : exc}`));
}

document.addEventListener("keydown", (event) => {
  const target = event.target;
  // The slider and the viewer's list move with the keys themselves.
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  go(to);
});
byId("first", HTMLButtonElement).addEventListener("click", () => go(0));
byId("back", HTMLButtonElement).addEventListener("click", () => go(at - 1));
byId("forward", HTMLButtonElement).addEventListener("click", () => go(at + 1));
byId("last", HTMLButtonElement).addEventListener("click", () => go(steps));
ui.slider.addEventListener("input", () => go(Number(ui.slider.value)));
ui.viewer.addEventListener("change", () => go(at));

async function start() {
  const moves = await read(`/api/games/${summary.id}/replay`);
  edition = await read(`/api/games/${summary.id}/edition`);
  steps = moves.steps;
  ui.slider.max = String(steps);
  ui.viewer.replaceChildren(
    el("option", { value: "public", text: "a spectator (public)" }),
    ...summary.seats.map((s) => el("option", { value: String(s.seat), text: `Seat ${s.seat + 1} (${s.name})` })),
  );
  await show(0);
}

start().catch((exc) => fail(`The replay could not start: ${exc instanceof Error ? exc.message : exc}`));
