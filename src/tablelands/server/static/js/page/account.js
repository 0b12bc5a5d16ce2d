// The account page: sign in or up (the session cookie is the server's, HttpOnly: this page
// never sees it), then the seats the account holds are keyed for this browser and kept with
// the others it plays (store.js), so "my games" lists them; sign out forgets those keys.

import { byId, el } from "./dom.js";
import { makePasskey, noPasskeysHere, passkeyTrouble, usePasskey } from "./passkeys.js";
import { forget, savedGames, saveSeats } from "./store.js";

/** @typedef {{id: string, email: string, name: string, seats: {game: string, seat: number}[]}} Me */
/** @typedef {{game: string, title: string, name: string, seat: number, token: string}} SeatKey */
/** @typedef {{id: number, name: string, site: string, created_at: string, used_at: string | null}} Passkey */

/** Where the games this browser got from the account are remembered (to forget at sign out). */
const FROM_ACCOUNT = "tablelands.account-games";
const error = byId("account-error", HTMLParagraphElement);
/** Why this page cannot use passkeys, or null. */
const passkeyProblem = noPasskeysHere();
/** Which read of the passkey list is the latest: an older answer arriving late is dropped. */
let passkeyReads = 0;

/** @param {string} method @param {string} url @param {object} [body] */
async function call(method, url, body) {
  const response = await fetch(url, {
    method, credentials: "same-origin",
    ...(body ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {}),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.message ?? `the server answered ${response.status}`);
  return answer;
}

/** The account's seats, keyed for this browser, kept with the others. */
async function takeSeats() {
  /** @type {SeatKey[]} */
  const keys = await call("GET", "/api/account/seats");
  const games = new Set(JSON.parse(localStorage.getItem(FROM_ACCOUNT) ?? "[]"));
  for (const key of keys) {
    if (!(key.game in savedGames())) games.add(key.game);
    saveSeats(key.game, { title: key.title, game: key.name }, { [String(key.seat)]: key.token });
  }
  localStorage.setItem(FROM_ACCOUNT, JSON.stringify([...games]));
}

/** @param {Me | null} me */
function show(me) {
  byId("signed-out", HTMLDivElement).hidden = me !== null;
  byId("signed-in", HTMLElement).hidden = me === null;
  // Nothing of an account stays on the page once it is signed out of.
  passkeyReads += 1;
  byId("passkeys", HTMLUListElement).replaceChildren();
  byId("passkey-status", HTMLParagraphElement).textContent = passkeyProblem ?? "";
  if (me === null) return;
  byId("who", HTMLHeadingElement).textContent = `Signed in as ${me.name} (${me.email})`;
  const count = me.seats.length;
  byId("held", HTMLParagraphElement).textContent = count ? `Your account holds ${count} seat${count > 1 ? "s" : ""}: they are in "My games" on every browser where you sign in.` : "Your account holds no seat yet: games you make or join while signed in are added.";
  const local = Object.keys(savedGames()).length;
  byId("attach", HTMLButtonElement).hidden = local === 0;
  void run(showPasskeys);
}

/** The account's passkeys, each with a button to remove it. */
async function showPasskeys() {
  const read = ++passkeyReads;
  /** @type {Passkey[]} */
  const passkeys = await call("GET", "/api/account/passkeys");
  if (read !== passkeyReads) return;
  const list = byId("passkeys", HTMLUListElement);
  list.replaceChildren(...passkeys.map((passkey) => {
    const remove = el("button", { type: "button", text: "Remove", "aria-label": `Remove ${passkey.name}` });
    remove.addEventListener("click", () => void run(async () => {
      await call("DELETE", `/api/account/passkeys/${passkey.id}`);
      await showPasskeys();
    }));
    const used = passkey.used_at ? `last used ${passkey.used_at.slice(0, 10)}` : "not used yet";
    return el("li", {}, [el("span", { text: `${passkey.name} (${used}) ` }), remove]);
  }));
  if (!passkeys.length) list.replaceChildren(el("li", { class: "tl-help", text: "None yet." }));
}

/** @param {() => Promise<void>} work */
async function run(work) {
  error.hidden = true;
  try {
    await work();
  } catch (exc) {
    error.textContent = exc instanceof Error ? exc.message : String(exc);
    error.hidden = false;
  }
}

/** @param {HTMLFormElement} form */
function fields(form) {
  return Object.fromEntries([...new FormData(form).entries()].filter(([, v]) => v !== "").map(([k, v]) => [k, String(v)]));
}

for (const [id, url] of [["sign-in", "/api/session"], ["sign-up", "/api/account"]]) {
  const form = byId(id, HTMLFormElement);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void run(async () => {
      const me = await call("POST", url, fields(form));
      form.reset();  // nothing typed stays on the page once signed in
      await takeSeats();
      show(me);
    });
  });
}

byId("attach", HTMLButtonElement).addEventListener("click", () => void run(async () => {
  let added = 0;
  for (const [game, saved] of Object.entries(savedGames())) {
    for (const token of Object.values(saved.tokens)) {
      try {
        await call("POST", "/api/account/seats", { game, token });
        added += 1;
      } catch {
        // a seat another account holds, or a game gone: left as it is
      }
    }
  }
  byId("attach-status", HTMLParagraphElement).textContent = `${added} seat${added === 1 ? "" : "s"} added to your account.`;
  show(await call("GET", "/api/account"));
}));

byId("sign-out", HTMLButtonElement).addEventListener("click", () => void run(async () => {
  await call("DELETE", "/api/session");
  for (const game of JSON.parse(localStorage.getItem(FROM_ACCOUNT) ?? "[]")) forget(game);
  localStorage.removeItem(FROM_ACCOUNT);
  show(null);
}));

byId("delete", HTMLButtonElement).addEventListener("click", () => void run(async () => {
  await call("DELETE", "/api/account");
  for (const game of JSON.parse(localStorage.getItem(FROM_ACCOUNT) ?? "[]")) forget(game);
  localStorage.removeItem(FROM_ACCOUNT);
  show(null);
}));

/**
 * One passkey ceremony: the server's options, the browser's part (`device`), the answer
 * sent to `finish`; the server's reply, or null when the browser's part failed (said in
 * `status`).
 * @param {string} begin @param {string} finish
 * @param {(options: any) => Promise<object>} device @param {HTMLElement} status
 */
async function ceremony(begin, finish, device, status) {
  const begun = await call("POST", begin);
  let credential;
  try {
    credential = await device(begun.options);
  } catch (exc) {
    status.textContent = passkeyTrouble(exc);
    return null;
  }
  return call("POST", finish, { ceremony: begun.ceremony, credential });
}

/** @param {HTMLButtonElement} button @param {HTMLElement} status */
function offerPasskeys(button, status) {
  if (!passkeyProblem) return;
  button.disabled = true;
  status.textContent = passkeyProblem;
}

const passkeyStatus = byId("passkey-status", HTMLParagraphElement);
offerPasskeys(byId("add-passkey", HTMLButtonElement), passkeyStatus);
byId("add-passkey", HTMLButtonElement).addEventListener("click", () => void run(async () => {
  const added = await ceremony("/api/account/passkey-options", "/api/account/passkeys", makePasskey, passkeyStatus);
  if (added === null) return;
  await showPasskeys();
  passkeyStatus.textContent = `Passkey added: next time, sign in with it (${added.name}).`;
}));

const passkeySignInStatus = byId("passkey-sign-in-status", HTMLParagraphElement);
offerPasskeys(byId("use-passkey", HTMLButtonElement), passkeySignInStatus);
byId("sign-in-passkey", HTMLFormElement).addEventListener("submit", (event) => {
  event.preventDefault();
  void run(async () => {
    const me = await ceremony("/api/session/passkey-options", "/api/session/passkey", usePasskey, passkeySignInStatus);
    if (me === null) return;
    await takeSeats();
    show(me);
  });
});

const linkForm = byId("sign-in-link", HTMLFormElement);
linkForm.addEventListener("submit", (event) => {
  event.preventDefault();
  void run(async () => {
    const sent = await call("POST", "/api/session/link", fields(linkForm));
    byId("link-status", HTMLParagraphElement).textContent = `If an account has that address, a link is on its way: it works once, for ${sent.minutes} minutes.`;
  });
});

void run(async () => {
  // Opened from a sign-in link: the token is in the fragment, which no server log sees.
  const link = new URLSearchParams(location.hash.slice(1)).get("link");
  if (link) {
    history.replaceState(null, "", location.pathname);
    const me = await call("POST", "/api/session/link/use", { token: link });
    await takeSeats();
    show(me);
    return;
  }
  /** @type {{signed_in: boolean, account: Me | null, links: boolean}} */
  const now = await call("GET", "/api/session");
  linkForm.hidden = !now.links;
  show(now.account);
});
