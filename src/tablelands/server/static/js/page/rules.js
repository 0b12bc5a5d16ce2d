// A game's rules page: its "Play now against a bot" button, and its worked examples, each
// drawn by the game's own board from the position the server embeds (rules.py).

import { renderBoard } from "../boards/index.js";
import { wirePlayNow } from "./quick.js";

/** @typedef {import("../boards/types.js").BoardDoc} BoardDoc */

/** The most height an example's board takes, in pixels. */
const ROOM = 440;

wirePlayNow(document);
drawExamples();

/**
 * Draw each example figure's board: its observation with the game's public edition, its last
 * move outlined, and no legal actions, so nothing in it takes a click.
 */
function drawExamples() {
  const data = document.getElementById("rules-examples");
  if (!data) return;
  /** @type {{edition: any, observations: any[], last_moves: [number, string][][]}} */
  const examples = JSON.parse(data.textContent || "{}");
  for (const figure of document.querySelectorAll(".tl-rules-board")) {
    if (!(figure instanceof HTMLElement)) continue;
    const drawing = figure.querySelector(".tl-rules-drawing");
    if (!(drawing instanceof HTMLElement)) continue;
    const number = Number(figure.dataset.example);
    const observation = examples.observations[number];
    // A compact drawing, whole on the screen (boards/fit.js reads the room).
    figure.dataset.room = String(Math.min(ROOM, window.innerHeight - 24));
    // The example's last move outlined, as a game page outlines each seat's last turn.
    const recent = (examples.last_moves[number] ?? []).map(([seat, place]) => ({ seat, places: [place] }));
    /** @type {BoardDoc} */
    const doc = { observation, legal: [], edition: examples.edition, recent };
    renderBoard(drawing, doc, { propose: () => {} });
  }
}
