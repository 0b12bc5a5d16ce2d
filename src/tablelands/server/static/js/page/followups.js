// Moves a board proposes as one decision but the engine takes one by one (Drifting Lands'
// four cards of a round): once the first is confirmed and sent, each of the others is sent
// in the next view of the same seat, if that view offers it.

/** @typedef {import("../boards/types.js").LegalAction} LegalAction */
/** @typedef {import("../boards/types.js").PlannedAction} PlannedAction */
/** @typedef {import("./types.js").Frame} Frame */

/**
 * The legal action a planned one names: the same kind and fields (its text aside).
 * @param {PlannedAction} planned
 * @param {LegalAction[]} legal
 */
export function offered(planned, legal) {
  const fields = Object.entries(planned).filter(([name]) => name !== "text");
  return legal.find((action) => fields.every(([name, value]) => JSON.stringify(action[name]) === JSON.stringify(value))) ?? null;
}

export class FollowUps {
  constructor() {
    /** @type {number | null} */
    this.seat = null;
    /** @type {PlannedAction[]} */
    this.steps = [];
  }

  /** @param {number} seat @param {PlannedAction[]} steps */
  start(seat, steps) {
    this.seat = steps.length ? seat : null;
    this.steps = [...steps];
  }

  clear() {
    this.start(0, []);
  }

  /**
   * What to do with a seat's new view: the action to send next, "lost" if the plan's next
   * move is not offered (the plan is dropped), or null when there is nothing to send.
   * @param {Frame} frame
   * @returns {LegalAction | "lost" | null}
   */
  next(frame) {
    if (this.seat !== frame.seat || !this.steps.length) return null;
    const action = frame.to_act ? offered(this.steps[0], frame.legal_actions) : null;
    if (action === null) {
      this.clear();
      return "lost";
    }
    this.steps.shift();
    if (!this.steps.length) this.seat = null;
    return action;
  }
}
