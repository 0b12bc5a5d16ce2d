// Taking a seat by an invite link: the friend gives their name (the last one used in this
// browser is offered), and the server gives the seat a token of its own, which this browser
// keeps; the link is then used up. A used or wrong link is told in the server's words
// before any name is asked for. The invite says which seat (and side) the link holds and who
// else plays; the page's turn notice and confirm bar wait until the seat is taken. A link
// that holds a seat but is no pending invitation (a seat's own) takes the seat at once.

import { el } from "./dom.js";
import { seatLabel } from "./games.js";
import { lastName, rememberName } from "./names.js";

/** @typedef {import("./types.js").Summary} Summary */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */

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
 * The invite's words: the seat the link holds, with its side, and the other seats.
 * @param {Summary} summary
 * @param {number} seat
 */
export function inviteText(summary, seat) {
  const side = (/** @type {number} */ n) => summary.sides?.[n];
  const mine = side(seat);
  // A creator who gave no name is "You" to themselves only: to the friend, the one who invited.
  const who = (/** @type {SeatInfo} */ s) => (s.kind !== "bot" && s.name === "You" ? "whoever sent you the link" : seatLabel(s));
  const others = summary.seats.filter((s) => s.seat !== seat)
    .map((s) => `${who(s)} (seat ${s.seat + 1}${side(s.seat) ? `, ${side(s.seat)}` : ""})`);
  return {
    seat: `You join as seat ${seat + 1} of ${summary.players}${mine ? `, playing ${mine}` : ""}.`,
    others: others.length ? `Also playing: ${others.join(", ")}.` : "Nobody else plays: it is a solo game.",
  };
}

/**
 * Ask the friend's name in `host`, then take the seat (at once when the link is a seat's
 * own, not a pending invitation).
 * @param {HTMLElement} host
 * @param {Summary} summary
 * @param {string} invite the invite link's token
 * @returns {Promise<{seat: number, token: string} | {refused: string}>}
 */
export async function joinByInvite(host, summary, invite) {
  const headers = { Authorization: `Bearer ${invite}` };
  // Nothing is connecting yet and nothing can be confirmed: the invite is all there is.
  const turn = document.getElementById("turn");
  const bar = document.getElementById("confirm");
  if (turn) turn.textContent = "Invitation";
  if (bar) bar.hidden = true;
  const done = (/** @type {{seat: number, token: string} | {refused: string}} */ outcome) => {
    if (turn) turn.textContent = "Connecting…";
    if (bar) bar.hidden = false;
    return outcome;
  };
  // Whether the link still holds a seat, and which: a seat's own view, which changes nothing.
  const probe = await fetch(`/api/games/${summary.id}/view?since=${2 ** 31}`, { headers });
  if (!probe.ok) return done({ refused: await message(probe) });
  /** @type {{seat: number}} */
  const offered = await probe.json();
  // A seat's own link (its creator's, one an API client was given) is no invitation: this
  // browser plays the seat with it as it is, with no name asked.
  if (!summary.seats.find((s) => s.seat === offered.seat)?.invited) return done({ seat: offered.seat, token: invite });
  const words = inviteText(summary, offered.seat);
  return new Promise((resolve) => {
    const name = el("input", { id: "join-name", maxlength: 100, required: true, autocomplete: "nickname", value: lastName() });
    const go = el("button", { type: "submit", class: "tl-primary", id: "join-go", text: "Take my seat" });
    const problem = el("p", { class: "tl-error", role: "alert", id: "join-error", hidden: true });
    const form = el("form", { class: "tl-join", id: "join" }, [
      el("h2", { text: `You are invited to play ${summary.title}` }),
      el("p", { id: "join-seat" }, [el("strong", { text: words.seat })]),
      el("p", { id: "join-others", text: `${summary.title === summary.game_title ? "" : `${summary.game_title}. `}${words.others}` }),
      // In a new tab, so that the invitation stays open in this one.
      el("p", {}, [el("a", { href: `/rules/${summary.game}`, target: "_blank", rel: "noopener", text: `How to play ${summary.game_title}` })]),
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
        resolve(done({ refused: await message(response) }));
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
      resolve(done({ seat: answer.seat, token: answer.token }));
    });
    host.prepend(form);
    name.focus();
    name.select();
  });
}
