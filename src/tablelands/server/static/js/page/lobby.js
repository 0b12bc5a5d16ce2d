// The lobby: a card per game whose button plays it against a bot at once (quick.js), a form
// made from the catalog to create a game of one's own, the invite links of a new game, and
// "my games" (my_games.js), the games this browser holds seats in.

import { byId, el } from "./dom.js";
import { EditionField } from "./edition_field.js";
import { showMyGames } from "./my_games.js";
import { lastName, rememberName } from "./names.js";
import { wirePlayNow } from "./quick.js";
import { saveSeats } from "./store.js";
import { wireUpload } from "./upload.js";

/** @typedef {import("./types.js").Catalog} Catalog */
/** @typedef {import("./types.js").OptionSpec} OptionSpec */

/** @type {Catalog} */
const catalog = JSON.parse(byId("catalog", HTMLScriptElement).textContent ?? "{}");
const form = byId("new-game", HTMLFormElement);
const gameSelect = byId("game", HTMLSelectElement);
const playersSelect = byId("players", HTMLSelectElement);
const optionsBox = byId("options", HTMLFieldSetElement);
const seatsBox = byId("seats", HTMLFieldSetElement);
const error = byId("create-error", HTMLParagraphElement);
const myGames = byId("my-games", HTMLUListElement);

const KIND_LABELS = { me: "Me", bot: "A bot", friend: "A friend (invite link)", hotseat: "Hot-seat (this screen)" };

function chosenGame() {
  const game = catalog.games.find((g) => g.name === gameSelect.value);
  if (!game) throw new Error(`the catalog has no game ${gameSelect.value}`);
  return game;
}

/** @param {string} name an option's name, `teams` or `play_again` */
function label(name) {
  const words = name.replace(/[_-]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** @param {OptionSpec} option */
function optionField(option) {
  const id = `option-${option.name}`;
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let input;
  if (option.choices.length) {
    input = el("select", { id, name: option.name }, option.choices.map((c) => el("option", { value: String(c), text: String(c), selected: c === option.default })));
  } else if (option.type === "bool") {
    input = el("input", { id, name: option.name, type: "checkbox", checked: option.default === true });
  } else {
    input = el("input", { id, name: option.name, type: option.type === "int" ? "number" : "text", value: String(option.default) });
  }
  input.dataset.type = option.type;
  input.title = option.help;
  const help = el("p", { class: "tl-help", id: `${id}-help`, text: option.help });
  input.setAttribute("aria-describedby", help.id);
  const name = el("label", { for: id, text: label(option.name), title: option.help }, [el("span", { class: "tl-fixed", id: `${id}-fixed` })]);
  // A box before its words, as checkboxes are read; other inputs after them.
  const row = option.type === "bool" ? [input, name] : [name, input];
  return el("div", { class: "tl-option" }, [...row, help]);
}

/** @typedef {{kind: string, name: string, agent: string}} SeatChoice */

/** @param {number} seat @param {SeatChoice | undefined} was what the seat was set to before */
function seatField(seat, was) {
  const chosen = was?.kind ?? (seat === 0 ? "me" : "bot");
  const kind = el("select", { name: `kind-${seat}`, "aria-label": `Seat ${seat + 1} is played by` },
    Object.entries(KIND_LABELS).map(([value, text]) => el("option", { value, text, selected: value === chosen })));
  const name = el("input", { name: `name-${seat}`, placeholder: "name (optional)", maxlength: 100, "aria-label": `Seat ${seat + 1} name`,
    value: was?.name ?? (chosen === "me" ? lastName() : "") });
  const agent = el("select", { name: `agent-${seat}`, "aria-label": `Seat ${seat + 1} bot strength` },
    catalog.agents.map((a) => el("option", { value: a.spec, text: a.label, title: a.help, selected: a.spec === (was?.agent ?? catalog.default_agent) })));
  const about = el("p", { class: "tl-help tl-seat-help", id: `seat-${seat}-help` });
  agent.setAttribute("aria-describedby", about.id);
  const show = () => {
    const bot = catalog.agents.find((a) => a.spec === agent.value);
    agent.hidden = kind.value !== "bot";
    name.hidden = kind.value === "bot";
    name.placeholder = kind.value === "friend" ? "their name (they can give it)" : "name (optional)";
    about.textContent = kind.value === "bot" && bot ? `${bot.strength} (${bot.spec})` : kind.value === "friend" ? "You get an invite link to send them." : "";
    agent.title = bot?.help ?? "";
  };
  kind.addEventListener("change", show);
  agent.addEventListener("change", show);
  show();
  return el("div", { class: "tl-seat" }, [el("span", { class: "tl-seat-no", text: `Seat ${seat + 1}` }), kind, name, agent, about]);
}

function showGame() {
  const game = chosenGame();
  byId("game-summary", HTMLParagraphElement).textContent = game.summary;
  const players = Number(playersSelect.value) || game.player_counts[0];
  playersSelect.replaceChildren(...game.player_counts.map((n) => el("option", { value: n, text: String(n), selected: n === players })));
  optionsBox.replaceChildren(el("legend", { text: "Options" }), ...game.options.map(optionField));
  optionsBox.hidden = game.options.length === 0;
  edition.gameChanged();
  showSeats();
}

/** The options the player count leaves no choice in: set, locked, and said why; the others
 * get back what they were set to. */
function lockOptions() {
  const game = chosenGame();
  const count = playersSelect.value;
  const fixed = game.fixed_options[count] ?? {};
  for (const option of game.options) {
    const input = field(option.name);
    const value = fixed[option.name];
    const box = input instanceof HTMLInputElement && input.type === "checkbox" ? input : null;
    if (value !== undefined && !input.disabled) input.dataset.chosen = box ? String(box.checked) : input.value;
    if (value === undefined && input.disabled) {
      if (box) box.checked = input.dataset.chosen === "true";
      else input.value = input.dataset.chosen ?? String(option.default);
    }
    if (value !== undefined) {
      if (box) box.checked = value === true;
      else input.value = String(value);
    }
    input.disabled = value !== undefined;
    const why = value === true ? "always on" : value === false ? "not played" : `always ${value}`;
    byId(`option-${option.name}-fixed`, HTMLSpanElement).textContent = value === undefined ? "" : ` (${why} with ${count} players)`;
  }
}

/** The seats' rows for the player count, each keeping what it was set to. */
function showSeats() {
  lockOptions();
  const count = Number(playersSelect.value);
  /** @type {SeatChoice[]} */
  const was = [...seatsBox.querySelectorAll(".tl-seat")].map((_, seat) => ({
    kind: field(`kind-${seat}`).value, name: field(`name-${seat}`).value, agent: field(`agent-${seat}`).value,
  }));
  seatsBox.replaceChildren(el("legend", { text: "Seats" }), ...[...Array(count).keys()].map((seat) => seatField(seat, was[seat])));
}

/** @param {string} name */
function field(name) {
  const node = form.elements.namedItem(name);
  if (!(node instanceof HTMLInputElement || node instanceof HTMLSelectElement)) throw new Error(`the form has no field ${name}`);
  return node;
}

/** The request of `POST /api/games` the form describes. */
function request() {
  const game = chosenGame();
  /** @type {Record<string, boolean | number | string>} */
  const options = {};
  for (const option of game.options) {
    const input = field(option.name);
    const raw = input instanceof HTMLInputElement && input.type === "checkbox" ? input.checked : input.value;
    options[option.name] = typeof raw === "boolean" ? raw : typeof option.default === "number" ? Number(raw) : raw;
  }
  const seats = [...Array(Number(playersSelect.value)).keys()].map((seat) => {
    const kind = field(`kind-${seat}`).value;
    const name = field(`name-${seat}`).value.trim();
    return kind === "bot" ? { kind, agent: field(`agent-${seat}`).value } : { kind, ...(name ? { name } : {}) };
  });
  const title = byId("title", HTMLInputElement).value.trim();
  const clock = byId("clock", HTMLSelectElement).value;
  const onTimeout = byId("on-timeout", HTMLSelectElement).value;
  return { game: game.name, ...(title ? { title } : {}), options, hints: byId("hints", HTMLInputElement).checked, edition: edition.value(), seats,
    ...(clock ? { clock: { ...JSON.parse(clock), on_timeout: onTimeout } } : {}), rated: byId("rated", HTMLInputElement).checked };
}

/** @param {SubmitEvent} event */
async function create(event) {
  event.preventDefault();
  error.hidden = true;
  const button = byId("create", HTMLButtonElement);
  button.disabled = true;
  try {
    const body = request();
    const response = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) {
      const message = answer.message ?? JSON.stringify(answer.detail ?? answer);
      if (message.startsWith("edition")) edition.refuse(message); // shown next to the file
      throw new Error(message);
    }
    const me = body.seats.find((s) => s.kind === "me");
    if (me && "name" in me) rememberName(String(me.name));
    created(answer);
  } catch (exc) {
    error.textContent = `The game was not created: ${exc instanceof Error ? exc.message : exc}`;
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

/** @param {{game: {id: string, title: string, game_title: string}, seats: {seat: number, kind: string, token: string, link: string}[]}} answer */
function created(answer) {
  const { id } = answer.game;
  // The seats played in this browser; a friend's token goes only into their link.
  const mine = answer.seats.filter((s) => s.kind === "me" || s.kind === "hotseat");
  saveSeats(id, { title: answer.game.title, game: answer.game.game_title }, Object.fromEntries(mine.map((s) => [String(s.seat), s.token])));
  const friends = answer.seats.filter((s) => s.kind === "friend");
  const go = byId("go", HTMLAnchorElement);
  go.href = `/play/${id}`;
  if (!friends.length) {
    location.assign(go.href);
    return;
  }
  byId("invites", HTMLUListElement).replaceChildren(...friends.map((s) => {
    const link = new URL(s.link, location.href).href;
    const input = el("input", { value: link, readonly: true, "aria-label": `Invite link for seat ${s.seat + 1}` });
    const copy = el("button", { type: "button", text: "Copy" });
    copy.addEventListener("click", async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(link);
        copy.textContent = "Copied";
      } catch {
        copy.textContent = "Selected: press Ctrl+C"; // no clipboard access (plain http)
      }
    });
    return el("li", {}, [el("span", { text: `Seat ${s.seat + 1}: ` }), input, copy]);
  }));
  form.hidden = true;
  byId("new-title", HTMLHeadingElement).hidden = true;
  byId("created", HTMLDivElement).hidden = false;
  void showMyGames(myGames);
}

gameSelect.replaceChildren(...catalog.games.map((g) => el("option", { value: g.name, text: `${g.title} (${g.player_counts.join(", ")} players)` })));
gameSelect.addEventListener("change", () => { playersSelect.value = ""; showGame(); });
playersSelect.addEventListener("change", showSeats);
form.addEventListener("submit", (event) => void create(event));
// A rated game has no hints: ticking one unticks the other.
const rated = byId("rated", HTMLInputElement);
const hints = byId("hints", HTMLInputElement);
rated.addEventListener("change", () => { if (rated.checked) hints.checked = false; });
hints.addEventListener("change", () => { if (hints.checked) rated.checked = false; });
// What a seat's time running out does is asked only once there is a clock; in a rated
// game no bot may play a seat, so the game is lost on time.
const clockSelect = byId("clock", HTMLSelectElement);
const timeoutChoice = byId("timeout-choice", HTMLElement);
const onTimeout = byId("on-timeout", HTMLSelectElement);
function showTimeout() {
  timeoutChoice.hidden = clockSelect.value === "";
  const standIn = /** @type {HTMLOptionElement} */ (onTimeout.querySelector('option[value="stand_in"]'));
  standIn.disabled = rated.checked;
  if (rated.checked) onTimeout.value = "lose";
}
clockSelect.addEventListener("change", showTimeout);
rated.addEventListener("change", showTimeout);
showTimeout();
const edition = new EditionField(byId("edition", HTMLFieldSetElement), chosenGame);
showGame();
void showMyGames(myGames);
wireUpload();
wirePlayNow(document);
