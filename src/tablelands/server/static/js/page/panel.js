// The side panel of a game page: the players with their scores, the game log and the result.
// Everything here comes from one seat's frame, so it shows only what that seat may know.

import { clockCell } from "./clock.js";
import { el } from "./dom.js";

/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */
/** @typedef {import("./types.js").Result} Result */

/** @param {SeatInfo} seat */
function who(seat) {
  return seat.kind === "bot" ? `${seat.name} (bot)` : seat.stand_in ? `${seat.name} (a bot plays for them)`
    : seat.invited ? `${seat.name} (invited)` : seat.name;
}

/**
 * The players' names by seat, as the players table shows them, for a board to name seats by.
 * @param {SeatInfo[]} seats
 * @returns {string[]}
 */
export function namesBySeat(seats) {
  /** @type {string[]} */
  const names = [];
  for (const seat of seats) names[seat.seat] = who(seat);
  return names;
}

/**
 * The players table: who is to play, who is online, each score as the seat counts it.
 * @param {HTMLTableElement} table
 * @param {SeatInfo[]} seats
 * @param {Frame | null} frame the shown seat's frame, or null behind the hand-over screen
 * @param {Set<number>} held the seats played in this browser
 * @param {boolean} [presence] whether to show who is online (not in a replay: it is over)
 */
export function showPlayers(table, seats, frame, held, presence = true) {
  const totals = new Map((frame?.standings ?? []).map((s) => [s.seat, s.total]));
  const clock = frame?.is_over ? null : frame?.clock ?? null;
  const head = el("tr", {}, ["", "Player", ...(clock ? ["Time"] : []), "Score"].map((text) => el("th", { text })));
  table.replaceChildren(head, ...seats.map((seat) => {
    const turn = frame !== null && !frame.is_over && frame.current_player === seat.seat;
    const online = seat.connected ? "online" : "away";
    return el("tr", { class: turn ? "tl-current" : undefined, "data-seat": seat.seat }, [
      el("td", { text: turn ? "▶" : "", title: turn ? "to play" : undefined }),
      el("td", {}, [
        presence ? el("span", { class: `tl-dot tl-${online}`, title: online, text: seat.connected ? "●" : "○" }) : "",
        `${presence ? " " : ""}${who(seat)}`,
        // Hot-seat: several seats are "you"; say they are played at this screen instead.
        held.has(seat.seat) ? el("span", { class: "tl-you", text: held.size > 1 ? " (here)" : seat.name === "You" ? "" : " (you)" }) : "",
      ]),
      ...(clock ? [clockCell(clock, seat)] : []),
      el("td", { class: "tl-score", text: String(totals.get(seat.seat) ?? "") }),
    ]);
  }));
}

/**
 * The log: every line tagged by the move it tells of (0 is the opening). Pointing at a line
 * calls `point` with its move's seq (and with null once the pointer leaves the log), for
 * the board to light the places of that move.
 * @param {HTMLOListElement} list
 * @param {Map<number, string[]>} lines
 * @param {(seq: number | null) => void} [point]
 */
export function showLog(list, lines, point) {
  const items = [...lines.entries()].sort(([a], [b]) => a - b).flatMap(([seq, texts]) =>
    texts.map((text) => {
      const item = el("li", { "data-seq": seq }, [el("span", { class: "tl-seq", text: seq ? `#${seq}` : "" }), ` ${text}`]);
      if (point && seq) item.addEventListener("mouseenter", () => point(seq));
      return item;
    }));
  list.replaceChildren(...(items.length ? items : [el("li", { class: "tl-help", text: "Nothing played yet." })]));
  list.onmouseleave = point ? () => point(null) : null;
  list.scrollTop = list.scrollHeight;
}

/**
 * Fold a frame's log into a seat's lines: drop those of moves taken back, add the new ones.
 * @param {Map<number, string[]>} lines
 * @param {Frame} frame
 */
export function foldLog(lines, frame) {
  for (const seq of frame.undone) lines.delete(seq);
  // A frame carries every line of each move it tells of: a move's lines are replaced, so a
  // frame that tells again (after a reconnection from seq 0) shows nothing twice.
  /** @type {Map<number, string[]>} */
  const told = new Map();
  for (const line of frame.log) told.set(line.seq, [...(told.get(line.seq) ?? []), line.text]);
  for (const [seq, texts] of told) lines.set(seq, texts);
}

/**
 * The seats in the order they finished: by place (the server's, which puts a seat that ran
 * out of time last), then by seat.
 * @param {Result} result
 */
function standing(result) {
  const places = result.places ?? result.scores.map((score) => result.scores.filter((other) => other > score).length);
  return result.scores.map((_, seat) => seat).sort((a, b) => places[a] - places[b] || a - b);
}

/**
 * The result once the game is over: winners, every score, the record and a rematch button.
 * @param {HTMLElement} box
 * @param {Frame} frame
 * @param {() => void} rematch
 */
export function showResult(box, frame, rematch) {
  const result = frame.result;
  box.hidden = result === null;
  if (result === null) return;
  const names = new Map(frame.seats.map((s) => [s.seat, who(s)]));
  const winners = result.winners.map((w) => names.get(w) ?? `Seat ${w + 1}`);
  const headline = frame.seats.length === 1 ? `Final score: ${result.scores[0]}`
    : winners.length === 1 ? `${winners[0]} won` : `Tie: ${winners.join(", ")}`;
  const lost = result.lost_on_time;
  const onTime = lost === null || lost === undefined ? [] : [el("p", { class: "tl-help", text: `${names.get(lost) ?? `Seat ${lost + 1}`} ran out of time: the game ended there, with them last.` })];
  const button = el("button", { type: "button", class: "tl-primary", text: "Rematch" });
  button.addEventListener("click", rematch);
  box.replaceChildren(
    el("h2", { text: "Game over" }),
    el("p", { class: "tl-headline", text: headline }),
    ...onTime,
    el("ol", { class: "tl-final" }, standing(result).map((seat) => el("li", { "data-seat": seat, text: `${names.get(seat)}: ${result.scores[seat]}` }))),
    el("p", {}, [el("a", { href: `/api/games/${frame.game}/record`, download: "", text: "Download the record" }), " ", button]),
  );
}
