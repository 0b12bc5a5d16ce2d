// What just happened, from a seat's frames (or a spectator's): the places each move changed
// (its marks, docs/server.md), folded like the log, and from them each seat's last turn
// and the moves just arrived, which the board outlines and animates.

/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {Map<number, [number, string][]>} Marks the places of each move, by seq */

/**
 * Fold a frame's marks into a seat's: drop those of moves taken back, add the new ones.
 * @param {Marks} marks
 * @param {Frame} frame
 */
export function foldMarks(marks, frame) {
  for (const seq of frame.undone) marks.delete(seq);
  for (const mark of frame.marks ?? []) marks.set(mark.seq, mark.places);
}

/**
 * Each seat's last turn: the places of its run of moves that no other seat's move has
 * followed since it began (a turn of several moves is one run; a move of another seat ends
 * it, and the seat's next move starts the next).
 * @param {Marks} marks
 * @returns {{seat: number, places: string[]}[]}
 */
export function recentPlaces(marks) {
  /** @type {Map<number, Set<string>>} */
  const turns = new Map();
  /** @type {Set<number>} the seats whose run is still going */
  const open = new Set();
  for (const [, places] of [...marks.entries()].sort(([a], [b]) => a - b)) {
    const movers = new Set(places.map(([seat]) => seat));
    for (const seat of movers) if (!open.has(seat)) turns.set(seat, new Set());
    for (const seat of [...open]) if (!movers.has(seat)) open.delete(seat);
    for (const [seat, key] of places) {
      open.add(seat);
      turns.get(seat)?.add(key);
    }
  }
  return [...turns.entries()].map(([seat, places]) => ({ seat, places: [...places] }));
}

/**
 * The places of the moves after `seq` that `seat` did not make (its own need no telling).
 * @param {Marks} marks
 * @param {number} seq
 * @param {number | null} seat
 */
export function arrivedAfter(marks, seq, seat) {
  return [...marks.entries()].filter(([at]) => at > seq).flatMap(([, places]) => places.filter(([by]) => by !== seat).map(([, key]) => key));
}

/**
 * The places of the move `seq` (a log line's), for the board to light.
 * @param {Marks} marks
 * @param {number} seq
 */
export function placesOf(marks, seq) {
  return (marks.get(seq) ?? []).map(([, key]) => key);
}
