// The admin page: asks for the admin token (kept in this tab's
// sessionStorage), then lists every game a page at a time, newest first
// (`GET /api/admin/games`), each with a link to watch it.

import { byId, el } from "./dom.js";
import { gameStatus, seatLabel } from "./games.js";

/** @typedef {import("./types.js").Summary} Summary */

const KEY = "tablelands.admin";
const PAGE = Number(document.querySelector("main")?.dataset.page) || 50;
const ui = {
  login: byId("admin-login", HTMLFormElement),
  token: byId("admin-token", HTMLInputElement),
  error: byId("admin-error", HTMLParagraphElement),
  games: byId("admin-games", HTMLDivElement),
  count: byId("admin-count", HTMLSpanElement),
  newer: byId("admin-newer", HTMLButtonElement),
  older: byId("admin-older", HTMLButtonElement),
  refresh: byId("admin-refresh", HTMLButtonElement),
  logout: byId("admin-logout", HTMLButtonElement),
  rows: /** @type {HTMLTableSectionElement} */ (byId("admin-table", HTMLTableElement).tBodies[0]),
};
let offset = 0;

/** @param {string} text */
function fail(text) {
  ui.error.textContent = text;
  ui.error.hidden = false;
  ui.games.hidden = true;
  ui.login.hidden = false;
}

/** @type {Record<string, string>} how each kind of seat is played, as the admin list tells it */
const KINDS = { human: "person, own link", hotseat: "person, hot-seat", bot: "bot" };

/** @param {Summary} game */
function row(game) {
  const players = el("ul", { class: "tl-admin-seats" }, game.seats.map((s) => el("li", {}, [
    s.kind === "bot" ? `${s.name}` : seatLabel(s),
    el("span", { class: "tl-help", text: ` · ${KINDS[s.kind] ?? s.kind}` }),
  ])));
  return el("tr", { "data-game": game.id }, [
    el("td", {}, [el("a", { href: `/play/${game.id}`, text: game.title })]),
    el("td", { text: game.game_title }),
    el("td", {}, [players]),
    el("td", { text: gameStatus(game, []).text }),
    el("td", { class: "tl-num", text: String(game.moves) }),
    el("td", { text: new Date(game.created_at).toLocaleString(), title: game.created_at }),
    el("td", {}, [el("a", { href: `/play/${game.id}`, text: "Watch", title: "Open the game without a seat" })]),
  ]);
}

async function show() {
  const token = sessionStorage.getItem(KEY);
  if (!token) {
    ui.login.hidden = false;
    ui.games.hidden = true;
    return;
  }
  const query = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  const response = await fetch(`/api/admin/games?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  const answer = await response.json();
  if (!response.ok) {
    if (response.status === 403) sessionStorage.removeItem(KEY);
    fail(`Refused: ${answer.message ?? response.statusText}`);
    return;
  }
  /** @type {{total: number, games: Summary[]}} */
  const { total, games } = answer;
  ui.login.hidden = true;
  ui.error.hidden = true;
  ui.games.hidden = false;
  ui.count.textContent = total === 0 ? "No game yet." : `Games ${offset + 1}–${offset + games.length} of ${total}, newest first`;
  ui.newer.disabled = offset === 0;
  ui.older.disabled = offset + games.length >= total;
  ui.rows.replaceChildren(...games.map(row));
}

/** @param {Promise<void>} work */
function run(work) {
  work.catch((exc) => fail(`The games could not be read: ${exc instanceof Error ? exc.message : exc}`));
}

ui.login.addEventListener("submit", (event) => {
  event.preventDefault();
  sessionStorage.setItem(KEY, ui.token.value.trim());
  ui.token.value = "";
  offset = 0;
  run(show());
});
ui.newer.addEventListener("click", () => { offset = Math.max(0, offset - PAGE); run(show()); });
ui.older.addEventListener("click", () => { offset += PAGE; run(show()); });
ui.refresh.addEventListener("click", () => run(show()));
ui.logout.addEventListener("click", () => {
  sessionStorage.removeItem(KEY);
  ui.error.hidden = true;
  run(show());
});
run(show());
