// The one entry point a game page needs: draw `doc` for its game into `container`.

import * as confusingLands from "./confusing_lands.js";
import * as driftingLands from "./drifting_lands.js";
import * as landVsSea from "./land_vs_sea.js";

/** @typedef {import("./types.js").BoardDoc} BoardDoc */
/** @typedef {import("./types.js").BoardHandlers} BoardHandlers */
/** @typedef {import("./types.js").Board} Board */

/** @type {Record<string, (container: HTMLElement, doc: BoardDoc, handlers: BoardHandlers) => Board>} */
const BOARDS = {
  "confusing-lands": confusingLands.render,
  "land-vs-sea": landVsSea.render,
  "drifting-lands": driftingLands.render,
};

/** The board drawn in each container, so that drawing again first undoes the last one. */
const shown = new WeakMap();

/**
 * Draw a seat's document (observation, legal actions, edition) into `container`, replacing
 * what was there; clicks on legal targets call `handlers.propose` with the legal action.
 * @param {HTMLElement} container
 * @param {BoardDoc} doc
 * @param {BoardHandlers} handlers
 * @returns {Board}
 */
export function renderBoard(container, doc, handlers) {
  const game = doc.observation.game;
  const draw = BOARDS[game];
  if (!draw) throw new Error(`no board for game ${JSON.stringify(game)}`);
  shown.get(container)?.destroy();
  const board = draw(container, doc, handlers);
  shown.set(container, board);
  return board;
}
