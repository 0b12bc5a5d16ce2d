// The types every board module shares: the document a board draws, and what it calls back.

/**
 * One legal action of the seat to act, as `SeatView.legal_actions_json()` gives it: its
 * number `id`, its notation `text`, its `kind` and that kind's fields (docs/actions.md).
 * @typedef {{id: number, text: string, kind: string, [field: string]: unknown}} LegalAction
 */

/**
 * What a board draws: the seat's observation (docs/views.md), the seat's legal actions
 * (empty unless it is to act) and the game's public edition data (`Edition.to_data()`),
 * which holds what the observation names by number only (card sides, card types).
 * @typedef {{observation: any, legal: LegalAction[], edition?: any}} BoardDoc
 */

/**
 * What a board calls: `propose` with the chosen legal action (one of `doc.legal`, as given),
 * for the page to confirm and send.
 * @typedef {{propose: (action: LegalAction) => void}} BoardHandlers
 */

/**
 * A drawn board: `destroy` removes its key listeners (the page calls it before drawing the
 * next document, or `renderBoard` does).
 * @typedef {{destroy: () => void}} Board
 */

export {};
