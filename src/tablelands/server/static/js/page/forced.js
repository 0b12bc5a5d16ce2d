// A forced move: when the seat to act has exactly one legal action, the page proposes it, as
// if it had been picked on the board. It is never sent by itself: the player confirms it
// (Enter) or cancels it (Esc) like any move. Proposing tells no one anything (it is the
// seat's own list of actions, in its own browser), where playing it at once could: the
// speed of a forced move would tell the others that, say, a hidden hand left no choice.

/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {import("./types.js").LegalAction} LegalAction */

/**
 * The seat's only possible action, if it is to act and has no other.
 * @param {Frame} frame
 * @returns {LegalAction | null}
 */
export function onlyAction(frame) {
  return frame.to_act && !frame.is_over && frame.legal_actions.length === 1 ? frame.legal_actions[0] : null;
}
