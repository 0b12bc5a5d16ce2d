// "Play now against a bot": one click makes a game of the button's game with its default
// options, this browser in seat 1 and bots of the lobby's default strength in the others,
// then opens it. The lobby's cards and the rules pages have such buttons.

import { lastName } from "./names.js";
import { saveSeats } from "./store.js";

/** @param {HTMLButtonElement} button */
async function playNow(button) {
  const { playNow: game, players, agent } = button.dataset;
  const error = button.closest("li, aside")?.querySelector(".tl-error");
  if (error instanceof HTMLElement) error.hidden = true;
  button.disabled = true;
  try {
    const name = lastName();
    const bots = [...Array(Number(players) - 1)].map(() => ({ kind: "bot", agent }));
    const body = { game, seats: [{ kind: "me", ...(name ? { name } : {}) }, ...bots] };
    const response = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.message ?? JSON.stringify(answer.detail ?? answer));
    const { id, title, game_title } = answer.game;
    const me = answer.seats.find((/** @type {{kind: string}} */ s) => s.kind === "me");
    saveSeats(id, { title, game: game_title }, { [String(me.seat)]: me.token });
    location.assign(`/play/${id}`);
  } catch (exc) {
    if (error instanceof HTMLElement) {
      error.textContent = `The game was not started: ${exc instanceof Error ? exc.message : exc}`;
      error.hidden = false;
    }
    button.disabled = false;
  }
}

/** Wire every "Play now" button under `root`. @param {ParentNode} root */
export function wirePlayNow(root) {
  for (const button of root.querySelectorAll("button[data-play-now]")) {
    if (button instanceof HTMLButtonElement) button.addEventListener("click", () => void playNow(button));
  }
}
