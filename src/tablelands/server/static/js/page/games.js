// A game in a list (my games, the admin page): its seats and its status in words, from its
// public summary (`GET /api/games/{id}`), which tells nothing a seat may not know.

/** @typedef {import("./types.js").Summary} Summary */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */

/** @param {SeatInfo} seat */
export function seatLabel(seat) {
  if (seat.kind === "bot") return `${seat.name} (bot)`;
  if (seat.invited) return `${seat.name} (invited)`;
  return seat.kind === "hotseat" ? `${seat.name} (hot-seat)` : seat.name;
}

/**
 * Where the game stands for whoever holds `mine`: their turn, waiting for someone, or over.
 * @param {Summary} game
 * @param {number[]} mine the seats played in this browser
 * @returns {{kind: "turn" | "waiting" | "over", text: string}}
 */
export function gameStatus(game, mine) {
  const name = (/** @type {number} */ seat) => game.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
  if (game.status === "over" || game.result) {
    const result = game.result;
    if (!result) return { kind: "over", text: "over" };
    if (game.players === 1) return { kind: "over", text: `over: ${result.scores[0]} points` };
    const winners = result.winners.map(name);
    return { kind: "over", text: winners.length === 1 ? `over: ${winners[0]} won` : `over: tie between ${winners.join(", ")}` };
  }
  const seat = game.current_player;
  if (mine.includes(seat)) return { kind: "turn", text: mine.length > 1 ? `your turn (${name(seat)})` : "your turn" };
  const invited = game.seats.find((s) => s.seat === seat)?.invited;
  return { kind: "waiting", text: invited ? `waiting for ${name(seat)} to join` : `waiting for ${name(seat)}` };
}
