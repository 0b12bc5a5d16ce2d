// "Tell me when it's my turn" on a game page: by e-mail and by this browser's push
// notifications (POST /api/games/{id}/notifications), for the seat shown. The server tells
// a seat only while none of its pages is open, and says nothing in a notice that the seat
// keeps hidden.

import { byId } from "./dom.js";

/** @typedef {{email: string | null, push: number, email_offered: boolean, push_key: string | null}} Wishes */

/**
 * The notify box of the page, for the seat whose token `token()` gives (null: none shown),
 * offered when `waits()` (someone elsewhere plays a seat: against bots alone, or at one
 * screen, the game never waits for anyone).
 * @param {string} gameId
 * @param {() => string | null} token
 * @param {() => boolean} waits
 */
export function notifyPanel(gameId, token, waits) {
  const box = byId("notify", HTMLDetailsElement);
  const email = byId("notify-email", HTMLInputElement);
  const save = byId("notify-save", HTMLButtonElement);
  const push = byId("notify-push", HTMLButtonElement);
  const off = byId("notify-off", HTMLButtonElement);
  const status = byId("notify-status", HTMLParagraphElement);
  const url = `/api/games/${gameId}/notifications`;
  /** @type {string | null} */
  let pushKey = null;

  /** @param {string} method @param {object} [body] @returns {Promise<Wishes>} */
  async function call(method, body) {
    const seat = token();
    if (seat === null) throw new Error("no seat of yours is shown");
    const response = await fetch(url, {
      method,
      headers: { Authorization: `Bearer ${seat}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.message ?? `the server answered ${response.status}`);
    return answer;
  }

  /** @param {Wishes} wishes */
  function show(wishes) {
    pushKey = wishes.push_key;
    email.disabled = save.disabled = !wishes.email_offered;
    if (!wishes.email_offered) email.placeholder = "this server sends no e-mail";
    if (wishes.email) email.value = wishes.email;
    push.hidden = pushKey === null || !("serviceWorker" in navigator) || !("PushManager" in window);
    off.hidden = !wishes.email && !wishes.push;
    const means = [wishes.email ? `by e-mail to ${wishes.email}` : "", wishes.push ? `in ${wishes.push} browser${wishes.push > 1 ? "s" : ""}` : ""].filter(Boolean);
    status.textContent = means.length ? `You are told ${means.join(" and ")} when it is your turn and this page is closed.` : "You are told nothing while this page is closed.";
  }

  /** @param {() => Promise<Wishes>} work */
  async function run(work) {
    try {
      show(await work());
    } catch (exc) {
      status.textContent = `Not changed: ${exc instanceof Error ? exc.message : exc}`;
    }
  }

  save.addEventListener("click", () => void run(() => call("POST", { email: email.value.trim() })));
  off.addEventListener("click", () => void run(() => call("DELETE")));
  push.addEventListener("click", () => void run(async () => {
    if (pushKey === null) throw new Error("this server sends no push notifications");
    if (await Notification.requestPermission() !== "granted") throw new Error("this browser's notifications are blocked for the site");
    const registration = await navigator.serviceWorker.register("/static/js/push_worker.js");
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: pushKey });
    return call("POST", { push: subscription.toJSON() });
  }));

  return {
    /** The seat shown changed (or its first frame came): show what it asked for. */
    refresh() {
      box.hidden = token() === null || !waits();
      if (!box.hidden) void run(() => call("GET"));
    },
  };
}
