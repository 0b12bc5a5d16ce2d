// The types every board module shares: the document a board draws, and what it calls back.

/**
 * One legal action of the seat to act, as `SeatView.legal_actions_json()` gives it: its
 * number `id`, its notation `text`, its `kind` and that kind's fields (docs/actions.md).
 * @typedef {{id: number, text: string, kind: string, [field: string]: unknown}} LegalAction
 */

/**
 * What a board draws: the seat's observation (docs/views.md), the seat's legal actions
 * (empty unless it is to act) and the game's public edition data (`Edition.to_data()`),
 * which holds what the observation names by number only (card sides, card types); and
 * `names`, the players' names by seat as the page's players table shows them, where the
 * page knows them (the observation numbers seats). What just happened: `recent`, the places
 * of each seat's last turn (outlined in its colour until its next), and `arrived`, those of
 * the moves that have just arrived (played a short animation), keyed as `Game.places` keys
 * them.
 * @typedef {{observation: any, legal: LegalAction[], edition?: any, names?: string[],
 *   recent?: {seat: number, places: string[]}[], arrived?: string[]}} BoardDoc
 */

/**
 * A move a board plans to follow a proposed one, in the positions after it: an action's
 * `kind` and fields (docs/actions.md), and its notation `text`, but no number yet.
 * @typedef {{text: string, kind: string, [field: string]: unknown}} PlannedAction
 */

/**
 * What a board calls: `propose` with the chosen legal action (one of `doc.legal`, as given),
 * for the page to confirm and send, and optionally the moves that make one decision with it
 * (Drifting Lands' hand of four selects), sent one by one once it is confirmed, with the
 * words the confirm bar names them by (else their notation); `withdraw` when the seat takes
 * back its choice before confirming it.
 * @typedef {{propose: (action: LegalAction, then?: PlannedAction[], words?: string) => void, withdraw?: () => void}} BoardHandlers
 */

/**
 * A drawn board: `destroy` removes its key listeners (the page calls it before drawing the
 * next document, or `renderBoard` does).
 * @typedef {{destroy: () => void}} Board
 */

export {};
