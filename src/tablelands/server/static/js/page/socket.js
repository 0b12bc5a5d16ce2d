// One seat's WebSocket (or a spectator's, without a token), opened again after it drops: the
// new connection asks for what came after the last view it had (`since`), so no log line is
// lost or shown twice.

/** @typedef {import("./types.js").ServerMessage} ServerMessage */

/** Close codes after which trying again is pointless: a malformed hello, a token for no
 * seat (or a page of another site), no such game. */
const FINAL = new Map([
  [4400, "this page could not say whose seat it is"],
  [4403, "this seat's token is not valid for this game"],
  [4404, "there is no such game"],
]);
const RETRY_MS = [500, 1000, 2000, 5000];

export class SeatSocket {
  /**
   * @param {string} gameId
   * @param {string | null} token null: a spectator's socket, which gets the public view
   * @param {{message: (message: ServerMessage) => void, status: (open: boolean, why?: string) => void}} on
   */
  constructor(gameId, token, on) {
    this.gameId = gameId;
    this.token = token;
    this.on = on;
    /** The seq of the last view received: where a new connection resumes. */
    this.since = 0;
    this.failures = 0;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ since: String(this.since) });
    const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(this.gameId)}?${query}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      // The token goes in the first message, never in the address (which logs keep).
      socket.send(JSON.stringify(this.token === null ? { type: "hello" } : { type: "hello", token: this.token }));
      this.failures = 0;
      this.on.status(true);
    });
    socket.addEventListener("message", (event) => {
      /** @type {ServerMessage} */
      const message = JSON.parse(event.data);
      if (message.type === "view") this.since = message.seq;
      this.on.message(message);
    });
    socket.addEventListener("close", (event) => {
      const final = FINAL.get(event.code);
      if (final) {
        this.on.status(false, final);
        return;
      }
      this.on.status(false);
      const delay = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
      this.failures += 1;
      setTimeout(() => this.open(), delay);
    });
  }

  /**
   * Send a message; false when the socket is down (it is being opened again).
   * @param {object} message
   */
  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }
}
