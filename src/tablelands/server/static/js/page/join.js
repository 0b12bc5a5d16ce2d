// Taking a seat by an invite link: the friend gives their name (the last one used in this
// browser is offered), and the server gives the seat a token of its own, which this browser
// keeps; the link is then used up. A used or wrong link is told in the server's words
// before any name is asked for.

import { el } from "./dom.js";
import { seatLabel } from "./games.js";
import { lastName, rememberName } from "./names.js";

/** @typedef {import("./types.js").Summary} Summary */

/** @param {Response} response */
async function message(response) {
  try {
    const answer = await response.json();
    return String(answer.message ?? JSON.stringify(answer.detail ?? answer));
  } catch {
    return `${response.status} ${response.statusText}`;
  }
}

/**
 * Ask the friend's name in `host`, then take the seat.
 * @param {HTMLElement} host
 * @param {Summary} summary
 * @param {string} invite the invite link's token
 * @returns {Promise<{seat: number, token: string} | {refused: string}>}
 */
export async function joinByInvite(host, summary, invite) {
  const headers = { Authorization: `Bearer ${invite}` };
  // Whether the link still holds a seat: a seat's own view, which changes nothing.
  const probe = await fetch(`/api/games/${summary.id}/view?since=${2 ** 31}`, { headers });
  if (!probe.ok) return { refused: await message(probe) };
  return new Promise((resolve) => {
    const name = el("input", { id: "join-name", maxlength: 100, required: true, autocomplete: "nickname", value: lastName() });
    const go = el("button", { type: "submit", class: "tl-primary", id: "join-go", text: "Take my seat" });
    const problem = el("p", { class: "tl-error", role: "alert", id: "join-error", hidden: true });
    const form = el("form", { class: "tl-join", id: "join" }, [
      el("h2", { text: `You are invited to play ${summary.title}` }),
      el("p", { text: `${summary.game_title}, ${summary.players} players: ${summary.seats.map(seatLabel).join(", ")}.` }),
      el("label", {}, ["Your name ", name]),
      el("p", { class: "tl-help", text: "The other players see it next to your seat." }),
      problem,
      go,
    ]);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      go.disabled = true;
      const chosen = name.value.trim();
      const response = await fetch(`/api/games/${summary.id}/join`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify(chosen ? { name: chosen } : {}),
      });
      if (response.status === 403 || response.status === 404) {
        form.remove();
        resolve({ refused: await message(response) });
        return;
      }
      if (!response.ok) {
        problem.textContent = `Not joined: ${await message(response)}`;
        problem.hidden = false;
        go.disabled = false;
        return;
      }
      const answer = await response.json();
      rememberName(chosen);
      form.remove();
      resolve({ seat: answer.seat, token: answer.token });
    });
    host.prepend(form);
    name.focus();
    name.select();
  });
}
