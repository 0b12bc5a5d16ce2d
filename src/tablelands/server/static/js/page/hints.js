// Hints on the game page: the search's best few actions for the seat to act, which the
// server works out from that seat's view alone (POST /api/games/{id}/hint). Picking one
// proposes it, as a click on the board would, for the confirm bar.

import { el } from "./dom.js";

/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {{action: LegalAction, value: number, expected: string, visits: number}} Hint */
/** @typedef {{seq: number, budget: string, hints: Hint[]}} HintAnswer */

/**
 * Ask the server for a hint in the position at `seq`.
 * @param {string} gameId
 * @param {string} token the seat's
 * @param {number} seq
 * @returns {Promise<HintAnswer>}
 */
export async function askHint(gameId, token, seq) {
  const response = await fetch(`/api/games/${gameId}/hint`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ seq }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.message ?? `the server answered ${response.status}`);
  return answer;
}

/**
 * The Hint button and the list it fills, for the seat shown.
 * @param {{button: HTMLButtonElement, box: HTMLElement, gameId: string, allowed: boolean,
 *   pick: (action: LegalAction) => void, fail: (message: string) => void}} parts
 */
export function hintPanel({ button, box, gameId, allowed, pick, fail }) {
  button.hidden = !allowed;
  /** @type {Frame | null} */
  let frame = null;
  let token = "";
  /** @type {number | null} the seq of the hint asked for or shown */
  let at = null;
  let busy = false;

  function refresh() {
    button.disabled = !allowed || busy || !frame?.to_act;
    button.textContent = "";
    button.append(busy ? "Thinking… " : "Hint ", el("kbd", { text: "H" }));
  }

  /** The list for the position at `seq`, each hint a button proposing its move. @param {HintAnswer} answer */
  function show(answer) {
    const legal = new Map((frame?.legal_actions ?? []).map((a) => [a.id, a]));
    const items = answer.hints.map((hint, rank) => {
      const choice = el("button", { type: "button", class: "tl-hint", "data-rank": rank + 1, "data-id": hint.action.id }, [
        el("strong", { text: hint.action.text }),
        el("span", { class: "tl-help", text: ` ${hint.expected} · ${hint.visits} visits` }),
      ]);
      choice.addEventListener("click", () => pick(legal.get(hint.action.id) ?? hint.action));
      return el("li", {}, [choice]);
    });
    box.replaceChildren(
      el("h2", { text: "Hint" }),
      el("p", { class: "tl-help", text: `The search's best moves for you (${answer.budget} of thought); pick one to play it.` }),
      el("ol", { class: "tl-hints" }, items),
    );
    box.hidden = false;
  }

  return {
    /** The seat shown and its frame (null behind the hand-over screen): a hint for another position goes.
     * @param {Frame | null} shown @param {string} seatToken */
    update(shown, seatToken) {
      if (shown?.seq !== at || seatToken !== token) {
        at = null;
        box.hidden = true;
        box.replaceChildren();
      }
      frame = shown;
      token = seatToken;
      refresh();
    },
    async ask() {
      if (button.disabled || frame === null) return;
      const seq = frame.seq;
      at = seq;
      busy = true;
      refresh();
      try {
        const answer = await askHint(gameId, token, seq);
        if (at === seq && frame?.seq === seq) show(answer);
      } catch (exc) {
        if (at === seq) fail(`No hint: ${exc instanceof Error ? exc.message : exc}`);
      } finally {
        busy = false;
        refresh();
      }
    },
  };
}
