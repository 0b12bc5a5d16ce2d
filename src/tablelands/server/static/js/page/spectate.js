// Watching a game: the game page without a seat. One socket without a token gets the public
// view (what every seat may see, nothing any seat keeps to itself): the board, the players,
// the public log and the result; no confirm bar, no undo. And the links to share: the
// spectate link, and the replay once the game is over.

import { renderBoard } from "../boards/index.js";
import { lightPlaces } from "../boards/marks.js";
import { byId } from "./dom.js";
import { foldLog, namesBySeat, showLog, showPlayers, showResult } from "./panel.js";
import { arrivedAfter, foldMarks, placesOf, recentPlaces } from "./recent.js";
import { SeatSocket } from "./socket.js";

/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */

/**
 * The share box of a game page: the spectate link to copy, and the replay link once over.
 * @param {string} gameId
 * @param {boolean} over
 */
export function showShare(gameId, over) {
  const input = byId("spectate-link", HTMLInputElement);
  input.value = new URL(`/watch/${gameId}`, location.href).href;
  byId("replay-link", HTMLAnchorElement).hidden = !over;
}

/**
 * Watch the game: draw every public view the server sends.
 * @param {{id: string, seats: SeatInfo[]}} summary
 * @param {any} edition
 */
export function watch(summary, edition) {
  const ui = {
    board: byId("board", HTMLDivElement),
    turn: byId("turn", HTMLSpanElement),
    notice: byId("notice", HTMLDivElement),
    result: byId("result", HTMLElement),
    players: byId("players", HTMLTableElement),
    log: byId("log", HTMLOListElement),
  };
  byId("watching", HTMLElement).hidden = false;
  byId("undo", HTMLButtonElement).hidden = true;
  byId("hint", HTMLButtonElement).hidden = true; // hints are for a seat to act
  byId("confirm", HTMLDivElement).hidden = true;
  /** @type {Map<number, string[]>} */
  const lines = new Map();
  /** @type {import("./recent.js").Marks} */
  const marks = new Map();
  /** the seq of the view drawn last: the moves after it have just arrived */
  let drawnSeq = -1;
  /** @type {SeatInfo[]} */
  let seats = summary.seats;
  /** @type {Frame | null} */
  let frame = null;
  let up = false;
  /** @param {number} seat */
  const name = (seat) => seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;

  function draw() {
    showPlayers(ui.players, seats, frame, new Set());
    ui.turn.textContent = !up ? "Connection lost: reconnecting…" : frame?.is_over ? "Game over" : frame ? `Waiting for ${name(frame.current_player)}` : "Connecting…";
    if (frame === null) return;
    // A spectator has no decision: the board gets no legal action to offer.
    const arrived = drawnSeq < 0 ? [] : arrivedAfter(marks, drawnSeq, null);
    const happened = { recent: recentPlaces(marks), arrived };
    renderBoard(ui.board, { observation: frame.observation, legal: [], edition, names: namesBySeat(seats), ...happened }, { propose: () => {} });
    drawnSeq = frame.seq;
    ui.board.dataset.seq = String(frame.seq);
    showLog(ui.log, lines, (seq) => lightPlaces(ui.board, seq === null ? [] : placesOf(marks, seq)));
    showResult(ui.result, frame, () => {});
    // Nobody watching holds a seat to ask a rematch for.
    ui.result.querySelector("button")?.remove();
    showShare(summary.id, frame.is_over);
  }

  new SeatSocket(summary.id, null, {
    message: (message) => {
      if (message.type === "seats") seats = message.seats;
      else if (message.type === "clock") {
        seats = message.seats;
        if (frame) frame = { ...frame, clock: message.clock };
      }
      else if (message.type === "rematch") location.assign(`/watch/${message.game}`); // watch that one too
      else if (message.type === "view") {
        foldLog(lines, message);
        foldMarks(marks, message);
        frame = message;
        seats = message.seats;
      } else return;
      draw();
    },
    status: (open, why) => {
      up = open;
      if (why) {
        ui.notice.textContent = `Cannot watch: ${why}.`;
        ui.notice.hidden = false;
      }
      draw();
    },
  });
}
