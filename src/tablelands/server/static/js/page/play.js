// A game's page: one socket per seat this browser plays, the board of the shown seat, the
// confirm bar, undo, the log and players, the turn notice, and the hand-over screen between
// hot-seat players. It knows no game: the board modules draw and pick, the server referees.

import { renderBoard } from "../boards/index.js";
import { lightPlaces } from "../boards/marks.js";
import { analysisPanel } from "./analysis.js";
import { copyOnClick } from "./copy.js";
import { byId } from "./dom.js";
import { onlyAction } from "./forced.js";
import { askPreview, pointsInWords } from "./preview.js";
import { joinByInvite } from "./join.js";
import { hintPanel } from "./hints.js";
import { FollowUps } from "./followups.js";
import { addShortcutHelp } from "./keys.js";
import { foldLog, namesBySeat, showLog, showPlayers, showResult } from "./panel.js";
import { tickClocks } from "./clock.js";
import { notifyPanel } from "./notify.js";
import { arrivedAfter, foldMarks, placesOf, recentPlaces } from "./recent.js";
import { SeatSocket } from "./socket.js";
import { showShare, watch } from "./spectate.js";
import { saveSeats, savedGames } from "./store.js";

/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {import("../boards/types.js").PlannedAction} PlannedAction */
/** @typedef {import("./preview.js").Foresight} Foresight */
/** @typedef {import("./recent.js").Marks} Marks */
/** @typedef {{token: string, socket: SeatSocket, frame: Frame | null, lines: Map<number, string[]>, marks: Marks, up: boolean}} Held */

/** @type {import("./types.js").Summary} */
const summary = JSON.parse(byId("summary", HTMLScriptElement).textContent ?? "{}");
const about = { title: summary.title, game: summary.game_title };
const ui = {
  board: byId("board", HTMLDivElement),
  turn: byId("turn", HTMLSpanElement),
  notice: byId("notice", HTMLDivElement),
  prompt: byId("prompt", HTMLSpanElement),
  yes: byId("confirm-yes", HTMLButtonElement),
  no: byId("confirm-no", HTMLButtonElement),
  handover: byId("handover", HTMLDivElement),
  handoverText: byId("handover-text", HTMLParagraphElement),
  handoverGo: byId("handover-go", HTMLButtonElement),
  undo: byId("undo", HTMLButtonElement),
  result: byId("result", HTMLElement),
  players: byId("players", HTMLTableElement),
  log: byId("log", HTMLOListElement),
  hint: byId("hint", HTMLButtonElement),
  hints: byId("hints", HTMLElement),
  analysis: byId("analysis", HTMLElement),
  standIn: byId("stand-in", HTMLDivElement),
  back: byId("back", HTMLButtonElement),
};
const favicon = /** @type {HTMLLinkElement} */ (document.querySelector("link[rel=icon]"));

/** @type {Map<number, Held>} the seats played here, by seat */
const held = new Map();
/** @type {SeatInfo[]} */
let seats = summary.seats;
/** @type {number | null} the seat whose board is shown (or is behind the hand-over screen) */
let shown = null;
let revealed = false;
/** @type {{action: LegalAction, then: PlannedAction[], seq: number, preview: AbortController} | null} the move waiting for Confirm */
let pending = null;
/** @type {number | null} the seq of the view a move was sent in: one move per view */
let sentAt = null;
/** The moves still to send of a confirmed decision made of several. */
const followUps = new FollowUps();
/** What the board shows now (seat, seq, revealed): drawn again only when it changes, so a
 * selection in progress survives a seat joining or another seat's view arriving. */
let drawn = "";
/** @type {{seat: number, seq: number} | null} the position drawn last: the moves after it have just arrived */
let drawnAt = null;
/** @type {any} the game's public edition, which the boards read card faces from */
let edition;

const notices = notifyPanel(summary.id, () => (shown === null ? null : held.get(shown)?.token ?? null),
  () => seats.some((s) => s.kind === "human" && !held.has(s.seat)));
const hints = hintPanel({ button: ui.hint, box: ui.hints, gameId: summary.id, allowed: summary.hints, pick: propose, fail: notify });
const analysis = analysisPanel(ui.analysis, summary.id);

/** @param {string} text @param {"error" | "info"} [kind] */
function notify(text, kind = "error") {
  ui.notice.textContent = text;
  ui.notice.className = kind === "error" ? "tl-error" : "tl-info";
  ui.notice.hidden = !text;
}

function shownFrame() {
  return shown === null ? null : held.get(shown)?.frame ?? null;
}

/** @param {number} seat */
function seatName(seat) {
  return seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
}

/** Pick the seat to show: the one to act among those played here; else the last shown. */
function choose() {
  const toAct = [...held.entries()].find(([, h]) => h.frame?.to_act)?.[0];
  const next = toAct ?? shown ?? held.keys().next().value ?? null;
  if (next === shown) return;
  shown = next;
  notices.refresh();
  // Several people share this screen: the next one must ask for their board, so the last
  // one does not see it (and one alone never needs the screen).
  revealed = held.size === 1 || Boolean(shownFrame()?.is_over);
  cancel(false);
}

/** @param {boolean} [fresh] draw the board even if it shows this already (clears a selection) */
function draw(fresh = false) {
  const frame = shownFrame();
  ui.handover.hidden = revealed || frame === null;
  if (!revealed) {
    ui.handoverText.textContent = shown === null ? "" : `Seat ${shown + 1} (${seatName(shown)}), your turn: nobody else should look now.`;
    ui.board.replaceChildren();
    ui.log.replaceChildren();
  }
  ui.board.hidden = !revealed;
  const visible = revealed ? frame : null;
  showPlayers(ui.players, seats, visible, new Set(held.keys()));
  // A turn clock's seat out of time can be taken back; a live clock's stays with its bot.
  const mine = seats.find((s) => s.seat === shown);
  ui.standIn.hidden = !(mine?.stand_in && visible?.clock?.kind === "turn" && !visible.is_over);
  ui.undo.disabled = !(visible?.can_undo && pending === null);
  hints.update(visible, shown === null ? "" : held.get(shown)?.token ?? "");
  if (visible?.is_over) analysis.start(seats).catch((exc) => notify(`No analysis: ${exc.message}`));
  showTurn(visible);
  if (visible === null || shown === null) {
    drawn = "";
    return;
  }
  const key = `${shown}:${visible.seq}`;
  const arrived = key !== drawn; // a new position, not the same one drawn again
  const seat = /** @type {Held} */ (held.get(shown));
  if (fresh || arrived || ui.board.dataset.preview !== undefined) {
    const since = arrived && drawnAt?.seat === shown ? drawnAt.seq : visible.seq;
    drawBoard(visible.observation, visible.legal_actions, { recent: recentPlaces(seat.marks), arrived: arrivedAfter(seat.marks, since, shown) });
    drawnAt = { seat: shown, seq: visible.seq };
    delete ui.board.dataset.preview;
    drawn = key;
    ui.board.dataset.seq = String(visible.seq); // what a test waits on after a move
  }
  // Once per position, so that a forced move cancelled stays cancelled.
  const only = arrived && pending === null ? onlyAction(visible) : null;
  if (only) propose(only, [], true);
  showLog(ui.log, seat.lines, (seq) => lightPlaces(ui.board, seq === null ? [] : placesOf(seat.marks, seq)));
  showResult(ui.result, visible, () => void rematch());
}

/** @param {Frame | null} frame */
function showTurn(frame) {
  const down = [...held.values()].some((h) => !h.up);
  const mine = [...held.values()].some((h) => h.frame?.to_act);
  let text = "Waiting…";
  if (down) text = "Connection lost: reconnecting…";
  else if (frame?.is_over) text = "Game over";
  else if (mine) text = held.size > 1 && shown !== null ? `Your turn, ${seatName(shown)}` : "Your turn";
  else if (frame) text = `Waiting for ${seatName(frame.current_player)}`;
  ui.turn.textContent = text;
  if (pending === null) {
    ui.prompt.textContent = !revealed && shown !== null ? `Hand the screen to ${seatName(shown)}.`
      : frame?.is_over ? "The game is over."
      : frame?.to_act ? "Your move: pick it on the board, then confirm it here."
      : frame ? `${seatName(frame.current_player)} is playing…` : "";
  }
  ui.turn.classList.toggle("tl-mine", mine && !down);
  document.title = `${mine ? "▶ Your turn · " : ""}${summary.title} · tablelands`;
  favicon.href = `/static/icons/${mine ? "favicon-turn.svg" : "favicon.svg"}`;
}

/**
 * @param {LegalAction} action
 * @param {PlannedAction[]} [then] the moves that go with it
 * @param {boolean} [forced] whether it is the seat's only possible action
 * @param {string} [named] what the bar calls them (else their notation)
 */
function propose(action, then = [], forced = false, named = undefined) {
  const frame = shownFrame();
  if (!frame || frame.seq === sentAt) return; // a move is on its way: its view comes next
  pending?.preview.abort();
  pending = { action, then, seq: frame.seq, preview: new AbortController() };
  delete ui.prompt.dataset.preview;
  ui.yes.disabled = false;
  notify("");
  const words = named ?? [action, ...then].map((a) => a.text).join(", ");
  const only = forced ? " It is your only possible move." : "";
  ui.prompt.replaceChildren("Play ", Object.assign(document.createElement("strong"), { textContent: words }), `?${only}`);
  showButtons(true);
  ui.undo.disabled = true;
  ui.yes.focus();
  // Then the same move in words, with the points it changes, once the server has it.
  const seat = shown;
  const token = seat === null ? undefined : held.get(seat)?.token;
  if (seat === null || token === undefined || then.length) return;
  const asked = pending;
  askPreview(summary.id, token, frame.seq, action.id, asked.preview.signal).then(
    (seen) => {
      if (pending !== asked || sentAt === asked.seq) return; // another proposal, none, or sent
      // What the log will say of the move itself ("Land placed tile 25 ..."; the lines
      // after it, a new round or the score so far, are for the log), then what it scores.
      // The log names seats by number; the one proposing the move is "you" here.
      const told = seen.words[0]?.replace(new RegExp(`^Seat ${seat + 1}\\b`), "You") ?? `Play ${words}`;
      const points = pointsInWords(seen.totals, seat, seatName);
      ui.prompt.replaceChildren(
        Object.assign(document.createElement("strong"), { textContent: told }),
        `${points ? ` — ${points}.` : ""} Confirm?${only}`,
      );
      ui.prompt.dataset.preview = String(seen.action);
      showPreview(seen);
    },
    () => {}, // the notation stays: the preview is a courtesy, the move is checked on confirm
  );
}

/**
 * Draw the board of an observation, `legal` lit, its seats named as the players table does,
 * and what just happened (each seat's last turn, the moves just arrived) where given.
 * @param {object} observation
 * @param {LegalAction[]} legal
 * @param {{recent: {seat: number, places: string[]}[], arrived: string[]}} [happened]
 */
function drawBoard(observation, legal, happened) {
  renderBoard(ui.board, { observation, legal, edition, names: namesBySeat(seats), ...happened }, { propose: (action, then, words) => propose(action, then, false, words), withdraw });
}

/**
 * Draw the board as the seat would see it after the proposed move (its own preview, unknowns
 * unknown), with nothing to click, until the move is confirmed (the board stays so until
 * the view after it arrives) or cancelled (the position is drawn again).
 * @param {Foresight} seen
 */
function showPreview(seen) {
  try {
    drawBoard(seen.observation, []);
    ui.board.dataset.preview = String(seen.action);
  } catch (exc) {
    // A board that cannot draw some unknown of a preview keeps the position: the bar
    // still tells the move.
    console.warn("the preview is not drawn:", exc);
    draw(true);
  }
}

/** The board took back its proposal (its own drawing shows that): close the bar. */
function withdraw() {
  cancel(false);
  draw();
}

/** @param {boolean} redraw whether to draw the board again, to clear the board's selection */
function cancel(redraw = true) {
  const had = pending !== null;
  pending?.preview.abort();
  pending = null;
  delete ui.prompt.dataset.preview;
  showButtons(false);
  if (had && redraw) draw(true);
}

/** The confirm bar keeps its room when idle, so the board never jumps under the pointer. */
function showButtons(/** @type {boolean} */ shown) {
  ui.yes.hidden = !shown;
  ui.no.hidden = !shown;
}

function confirm() {
  if (pending === null || shown === null) return;
  const { action, then, seq } = pending;
  // The move may reach the server before the preview asked for does, which would then be
  // refused as stale (a 409 the browser logs): nobody is waiting for it any more.
  pending.preview.abort();
  delete ui.prompt.dataset.preview;
  if (!held.get(shown)?.socket.send({ type: "move", seq, action_id: action.id })) {
    notify("Not sent: the connection is down. It is being opened again; try once it is back.");
    return;
  }
  sentAt = seq;
  followUps.start(shown, then);
  ui.yes.disabled = true;
}

function undo() {
  const frame = shownFrame();
  if (shown === null || !frame?.can_undo || pending !== null) return;
  ui.undo.disabled = true;
  if (!held.get(shown)?.socket.send({ type: "undo", seq: frame.seq })) notify("Not sent: the connection is down.");
}

/** The seat shown is played by its person again, not by the stand-in its clock gave it. */
async function comeBack() {
  const seat = shown === null ? undefined : held.get(shown);
  if (!seat) return;
  ui.back.disabled = true;
  try {
    const response = await fetch(`/api/games/${summary.id}/back`, { method: "POST", headers: { Authorization: `Bearer ${seat.token}` } });
    const answer = await response.json();
    if (!response.ok) {
      notify(`Not back: ${answer.message}`);
      return;
    }
    receive(seat, answer);
  } finally {
    ui.back.disabled = false;
  }
}

async function rematch() {
  const seat = shown === null ? undefined : held.get(shown);
  if (!seat) return;
  const response = await fetch(`/api/games/${summary.id}/rematch`, { method: "POST", headers: { Authorization: `Bearer ${seat.token}` } });
  const answer = await response.json();
  if (!response.ok) {
    notify(`No rematch: ${answer.message}`);
    return;
  }
  goToRematch(answer.game.id);
}

/** Every seat keeps its token in a rematch: remember them under the new game, and go. @param {string} gameId */
function goToRematch(gameId) {
  saveSeats(gameId, about, Object.fromEntries([...held.entries()].map(([seat, h]) => [String(seat), h.token])));
  location.assign(`/play/${gameId}`);
}

/** @param {Held} seat @param {ServerMessage} message */
function receive(seat, message) {
  if (message.type === "refused") {
    // The engine's own words naming the rule; the board is drawn afresh to pick again.
    notify(`Refused: ${message.message}`);
    sentAt = null;
    followUps.clear();
    pending = null;
    showButtons(false);
    draw(true);
  } else if (message.type === "seats") {
    seats = message.seats;
    draw();
  } else if (message.type === "clock") {
    // A stand-in began or stopped playing a seat: the seats and the clock as they are now.
    seats = message.seats;
    for (const other of held.values()) if (other.frame) other.frame = { ...other.frame, clock: message.clock };
    draw();
  } else if (message.type === "analysis") {
    analysis.ready().catch((exc) => notify(`No analysis: ${exc.message}`));
  } else if (message.type === "rematch") {
    notify("A rematch is set up: taking you there…", "info");
    goToRematch(message.game);
  } else {
    if (message.seat === null) return; // a spectator's view: never sent on a seat's socket
    showShare(summary.id, message.is_over);
    foldLog(seat.lines, message);
    foldMarks(seat.marks, message);
    const before = seat.frame;
    seat.frame = message;
    seats = message.seats;
    if (message.seat === shown && before?.seq !== message.seq) {
      cancel(false);
      if (before !== null) notify("");
    }
    choose();
    draw();
    if (before?.seq !== message.seq) followUp(seat, message);
  }
}

/** Send the next move of a confirmed decision made of several, in the view it waited for. @param {Held} seat @param {Frame} frame */
function followUp(seat, frame) {
  const next = followUps.next(frame);
  if (next === null) return;
  if (next === "lost" || !seat.socket.send({ type: "move", seq: frame.seq, action_id: next.id })) {
    followUps.clear();
    notify("The rest of the confirmed choice could not be played: choose it again on the board.");
  } else {
    sentAt = frame.seq;
  }
}

/** @param {string} token @param {number} seat */
function connect(token, seat) {
  /** @type {Held} */
  const state = { token, socket: /** @type {any} */ (null), frame: null, lines: new Map(), marks: new Map(), up: false };
  held.set(seat, state);
  state.socket = new SeatSocket(summary.id, token, {
    message: (message) => receive(state, message),
    status: (open, why) => {
      state.up = open;
      if (why) notify(`Cannot play here: ${why}. Open the seat's invite link again, or go back to the lobby.`);
      showTurn(revealed ? shownFrame() : null);
    },
  });
}

document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (pending !== null && event.key === "Escape") cancel();
  // A focused button does its own Enter (Confirm is focused when the bar opens).
  else if (pending !== null && event.key === "Enter" && !(target instanceof HTMLButtonElement)) {
    event.preventDefault();
    confirm();
  } else if (event.key.toLowerCase() === "u" && pending === null) undo();
  else if (event.key.toLowerCase() === "h" && pending === null) void hints.ask();
});
addShortcutHelp(/** @type {HTMLElement} */ (ui.undo.parentElement));
ui.yes.addEventListener("click", confirm);
ui.no.addEventListener("click", () => cancel());
ui.undo.addEventListener("click", undo);
ui.back.addEventListener("click", () => void comeBack());
tickClocks(ui.players);
ui.hint.addEventListener("click", () => void hints.ask());
ui.handoverGo.addEventListener("click", () => {
  revealed = true;
  draw();
});

// For the console and the browser tests: send what the boards never propose (an illegal
// move, to see the engine's refusal) through the shown seat's socket.
Object.assign(window, { tablelandsPage: { send: (/** @type {object} */ message) => shown !== null && held.get(shown)?.socket.send(message) } });

async function start() {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("token");
  const saved = { ...savedGames()[summary.id]?.tokens };
  const response = await fetch(`/api/games/${summary.id}/edition`);
  if (!response.ok) throw new Error(`the game's edition could not be read (${response.status})`);
  edition = await response.json();
  const link = byId("spectate-link", HTMLInputElement);
  copyOnClick(byId("copy-spectate", HTMLButtonElement), () => link.value, link);
  showShare(summary.id, summary.status === "over");
  // The spectate link, or a browser holding no seat here and no invite: watch the public view.
  if (byId("game", HTMLElement).dataset.spectate === "1" || (!fromLink && Object.keys(saved).length === 0)) {
    watch(summary, edition);
    return;
  }
  let refused = "";
  if (fromLink && !Object.values(saved).includes(fromLink)) {
    const joined = await joinByInvite(/** @type {HTMLElement} */ (ui.board.parentElement), summary, fromLink);
    if ("refused" in joined) refused = joined.refused;
    else {
      saved[String(joined.seat)] = joined.token;
      saveSeats(summary.id, about, { [String(joined.seat)]: joined.token });
    }
  }
  if (fromLink) history.replaceState(null, "", location.pathname); // keep the secret off the address bar
  for (const [seat, token] of Object.entries(saved)) connect(token, Number(seat));
  if (refused) {
    const here = Object.keys(saved).length ? " This browser plays its own seats of this game below." : " You are watching it instead.";
    notify(`This invite link cannot be used: ${refused}.${here}`, Object.keys(saved).length ? "info" : "error");
  }
  if (Object.keys(saved).length === 0) watch(summary, edition);
}

start().catch((exc) => notify(`The page could not start: ${exc instanceof Error ? exc.message : exc}`));
