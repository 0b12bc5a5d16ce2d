// What the seat would see of a proposed move before it confirms it (POST
// /api/games/{id}/preview): the words its log would read, and each seat's total before and
// after, computed by the server from the seat's own view (unknowns stay unknown).

/**
 * @typedef {{seat: number, before: number | null, after: number | null, change: number | null}} TotalChange
 * @typedef {{seq: number, action: number, text: string, words: string[], totals: TotalChange[], observation: object}} Foresight
 */

/**
 * @param {string} gameId
 * @param {string} token the seat's
 * @param {number} seq the view the move is proposed in
 * @param {number} actionId
 * @param {AbortSignal} signal aborted once the proposal is confirmed or withdrawn
 * @returns {Promise<Foresight>}
 */
export async function askPreview(gameId, token, seq, actionId, signal) {
  const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/preview`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ seq, action_id: actionId }),
    signal,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.message ?? `the server answered ${response.status}`);
  return answer;
}

/**
 * The points a move changes, in words: "+4 for you (12 → 16)", "−2 for Bea".
 * @param {TotalChange[]} totals
 * @param {number} me the seat proposing the move
 * @param {(seat: number) => string} name
 */
export function pointsInWords(totals, me, name) {
  const parts = [];
  for (const total of totals) {
    if (total.change === null || total.change === 0) continue;
    const sign = total.change > 0 ? "+" : "−";
    const who = total.seat === me ? "you" : name(total.seat);
    parts.push(`${sign}${Math.abs(total.change)} for ${who} (${total.before} → ${total.after})`);
  }
  return parts.join(", ");
}
