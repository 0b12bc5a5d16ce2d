// "My games" in the lobby: the games this browser holds seats in (store.js), each with where
// it stands for those seats (your turn, waiting for someone, over), your turn first.

import { el } from "./dom.js";
import { gameStatus, seatLabel } from "./games.js";
import { forget, savedGames } from "./store.js";

/** @typedef {import("./types.js").Summary} Summary */
/** @typedef {import("./store.js").SavedGame} SavedGame */

const ORDER = { turn: 0, waiting: 1, over: 2, gone: 3 };

/**
 * @param {string} id
 * @returns {Promise<Summary | null | undefined>} null: not on this server; undefined: unreachable
 */
async function summary(id) {
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(id)}`);
    return response.ok ? await response.json() : null;
  } catch {
    return undefined;
  }
}

/** @param {HTMLUListElement} list */
export async function showMyGames(list) {
  const saved = Object.entries(savedGames());
  if (!saved.length) {
    list.replaceChildren(el("li", { class: "tl-help", text: "None yet: the games you create or join appear here." }));
    return;
  }
  const games = await Promise.all(saved.map(async ([id, kept]) => {
    const game = await summary(id);
    const mine = Object.keys(kept.tokens).map(Number);
    const status = game ? gameStatus(game, mine)
      : { kind: /** @type {const} */ ("gone"), text: game === null ? "no longer on this server" : "server unreachable" };
    return { id, kept, game, mine, status };
  }));
  games.sort((a, b) => ORDER[a.status.kind] - ORDER[b.status.kind] || b.kept.saved.localeCompare(a.kept.saved));
  list.replaceChildren(...games.map(({ id, kept, game, mine, status }) => {
    const remove = el("button", { type: "button", class: "tl-small", text: "Remove", title: "Remove this game from the list (this browser forgets its seats)" });
    remove.addEventListener("click", () => {
      // A game still on loses its seat here for good: the token lives only in this browser.
      if (status.kind === "turn" || status.kind === "waiting") {
        if (!window.confirm(`Remove "${kept.title || id}"? This browser will no longer be able to play its seat.`)) return;
      }
      forget(id);
      void showMyGames(list);
    });
    const players = game ? game.seats.map((s) => (!mine.includes(s.seat) ? seatLabel(s) : s.name === "You" ? "you" : `${s.name} (you)`)).join(", ") : "";
    return el("li", { class: `tl-mine-${status.kind}`, "data-game": id }, [
      el("div", {}, [
        el("a", { href: `/play/${id}`, text: game?.title || kept.title || id }),
        el("span", { class: `tl-status tl-status-${status.kind}`, text: status.text }),
        remove,
      ]),
      el("div", { class: "tl-help" }, [
        [game?.game_title ?? kept.game, players].filter(Boolean).join(" · "),
        // Anyone may watch: the spectate link holds no seat's token.
        " · ", el("a", { href: `/watch/${id}`, text: "Spectate link", title: "Anyone with this link may watch" }),
        ...(game?.status === "over" ? [" · ", el("a", { href: `/replay/${id}`, text: "Replay" })] : []),
      ]),
    ]);
  }));
}
