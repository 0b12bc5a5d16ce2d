// The messages of the server the pages read (docs/server.md), as far as the pages use them.

/** @typedef {import("../boards/types.js").LegalAction} LegalAction */

/**
 * A seat of a game, as the summary and every frame give it.
 * @typedef {{seat: number, kind: string, name: string, agent: string | null, connected: boolean}} SeatInfo
 */

/**
 * What a finished game came to.
 * @typedef {{scores: number[], winners: number[], seed: number}} Result
 */

/**
 * A seat's `view` message: its position at `seq`, the log lines since the last one sent and
 * the seqs of moves taken back since (whose lines are dropped). A spectator's has `seat`
 * null, the public observation and log, and no legal action.
 * @typedef {{type: "view", game: string, seq: number, seat: number | null, to_act: boolean,
 *   current_player: number, is_over: boolean, observation: any, legal_actions: LegalAction[],
 *   can_undo: boolean, standings: {seat: number, total?: number}[],
 *   log: {seq: number, text: string}[], undone: number[], seats: SeatInfo[],
 *   result: Result | null}} Frame
 */

/**
 * Every message a socket receives.
 * @typedef {Frame | {type: "seats", seats: SeatInfo[]} | {type: "refused", message: string}
 *   | {type: "rematch", game: string}} ServerMessage
 */

/**
 * One option of a game, from the catalog.
 * @typedef {{name: string, help: string, default: boolean | number | string, type: string,
 *   choices: (number | string)[]}} OptionSpec
 */

/**
 * The catalog (`GET /api/games/catalog`).
 * @typedef {{games: {name: string, title: string, summary: string, player_counts: number[],
 *   options: OptionSpec[]}[], agents: {name: string, spec: string, strength: string,
 *   help: string}[], seat_kinds: string[]}} Catalog
 */

export {};
