// The seats this browser holds: a game's id and the secret token of each seat played here
// (the creator's and the hot-seat ones, or the one an invite link gave). Kept in
// localStorage only, so "my games" survives a reload but never leaves the browser.

const KEY = "tablelands.games";

/**
 * @typedef {{title: string, game: string, saved: string, tokens: Record<string, string>}} SavedGame
 * `tokens` maps a seat number to its token.
 */

/** @returns {Record<string, SavedGame>} */
export function savedGames() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {}; // a corrupt entry must not stop the lobby: start afresh
  }
}

/** @param {Record<string, SavedGame>} games */
function write(games) {
  localStorage.setItem(KEY, JSON.stringify(games));
}

/**
 * Remember the tokens of seats played in this browser (added to those already known).
 * @param {string} gameId
 * @param {{title: string, game: string}} about
 * @param {Record<string, string>} tokens
 */
export function saveSeats(gameId, about, tokens) {
  const games = savedGames();
  const known = games[gameId];
  games[gameId] = {
    title: about.title || known?.title || "",
    game: about.game || known?.game || "",
    saved: known?.saved ?? new Date().toISOString(),
    tokens: { ...known?.tokens, ...tokens },
  };
  write(games);
}

/** @param {string} gameId */
export function forget(gameId) {
  const games = savedGames();
  delete games[gameId];
  write(games);
}
