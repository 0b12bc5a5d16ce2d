// A game's clock on its page: each seat's time left in the players table, counting down for
// the seat whose time runs. It counts from the frame's figures and the moment the page got
// them, never from the browser's own clock, which may be wrong.

import { el } from "./dom.js";

/** @typedef {import("./types.js").Clock} Clock */

/**
 * Seconds as a clock shows them: "2 d 4 h", "1:05:03", "4:07", "0:09".
 * @param {number} seconds
 */
export function clockText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole >= 86400) return `${Math.floor(whole / 86400)} d ${Math.floor((whole % 86400) / 3600)} h`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * One seat's cell of the players table's time column (blank for a bot: bots have no clock).
 * @param {Clock} clock
 * @param {import("./types.js").SeatInfo} seat
 */
export function clockCell(clock, seat) {
  if (seat.kind === "bot") return el("td", { class: "tl-clock" });
  if (seat.stand_in) return el("td", { class: "tl-clock tl-out", text: "out", title: "Out of time: a bot plays this seat" });
  const left = clock.left[seat.seat] ?? 0;
  const running = clock.running === seat.seat;
  const cell = el("td", {
    class: `tl-clock${running ? " tl-running" : ""}${left < 60 ? " tl-low" : ""}`,
    text: clockText(left),
    title: running ? "time left for this move" : "time left",
  });
  if (running) {
    cell.dataset.left = String(left);
    cell.dataset.shown = String(performance.now());
  }
  return cell;
}

/** Every second, the running clocks under `root` count down. @param {ParentNode} root */
export function tickClocks(root) {
  setInterval(() => {
    for (const cell of root.querySelectorAll("td.tl-running")) {
      if (!(cell instanceof HTMLElement)) continue;
      const left = Number(cell.dataset.left) - (performance.now() - Number(cell.dataset.shown)) / 1000;
      cell.textContent = clockText(left);
      cell.classList.toggle("tl-low", left < 60);
    }
  }, 1000);
}
