// The messages of the server the pages read (docs/server.md), as far as the pages use them.

/** @typedef {import("../boards/types.js").LegalAction} LegalAction */

/**
 * A seat of a game, as the summary and every frame give it.
 * `invited`: a friend's seat whose invite link nobody has joined by yet; `stand_in`: a bot
 * plays the seat, its time having run out.
 * @typedef {{seat: number, kind: string, name: string, agent: string | null, connected: boolean,
 *   invited?: boolean, stand_in?: boolean}} SeatInfo
 */

/**
 * A game's clock at `as_of`: each seat's seconds left, the seat whose time runs and when it
 * runs out (docs/server.md, Clocks).
 * `rule`: the clock in words ("10 min + 20 s", "3 days a move").
 * @typedef {{kind: "live" | "turn", seconds: number, increment: number, rule: string, as_of: string,
 *   left: number[], running: number | null, deadline: string | null}} Clock
 */

/**
 * What a finished game came to.
 * @typedef {{scores: number[], winners: number[], places?: number[], seed: number, lost_on_time?: number | null}} Result
 */

/**
 * A game's public summary (`GET /api/games/{id}`), as far as the pages use it.
 * @typedef {{id: string, title: string, game: string, game_title: string, players: number,
 *   options: Record<string, boolean | number | string>, hints: boolean, status: string,
 *   created_at: string, moves: number, current_player: number, seats: SeatInfo[],
 *   edition: {name: string, hash: string, packaged: boolean}, result: Result | null,
 *   rematch: string | null, sides?: string[] | null, clock?: Clock | null}} Summary
 * `sides`: each seat's side or colour in words ("Sea", "the red pawns"), where the game has them.
 */

/**
 * A seat's `view` message: its position at `seq`, the log lines and marks (the places each
 * move changed, with the seat whose move it shows) since the last one sent, and the seqs of
 * moves taken back since (whose lines and marks are dropped). A spectator's has `seat`
 * null, the public observation and log, and no legal action.
 * @typedef {{type: "view", game: string, seq: number, seat: number | null, to_act: boolean,
 *   current_player: number, is_over: boolean, observation: any, legal_actions: LegalAction[],
 *   can_undo: boolean, standings: {seat: number, total?: number}[],
 *   log: {seq: number, text: string}[], marks: Mark[], undone: number[], seats: SeatInfo[],
 *   result: Result | null, clock?: Clock | null}} Frame
 */

/**
 * The places of the board a move changed, each with the seat whose move it shows.
 * @typedef {{seq: number, places: [number, string][]}} Mark
 */

/**
 * Every message a socket receives.
 * @typedef {Frame | {type: "seats", seats: SeatInfo[]} | {type: "refused", message: string}
 *   | {type: "rematch", game: string} | {type: "analysis", game: string}
 *   | {type: "clock", seats: SeatInfo[], clock: Clock | null}} ServerMessage
 */

/**
 * One option of a game, from the catalog.
 * @typedef {{name: string, help: string, default: boolean | number | string, type: string,
 *   choices: (number | string)[]}} OptionSpec
 */

/**
 * The catalog (`GET /api/games/catalog`).
 * @typedef {{games: {name: string, title: string, summary: string, blurb: string, length: string,
 *   rules: string, quick_players: number, players_text: string, player_counts: number[],
 *   edition: {name: string, hash: string}, options: OptionSpec[],
 *   fixed_options: Record<string, Record<string, boolean | number | string>>}[], agents: {name: string, spec: string, label: string,
 *   strength: string, help: string}[], default_agent: string, seat_kinds: string[]}} Catalog
 */

export {};
