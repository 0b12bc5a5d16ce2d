// The lobby: a form made from the catalog to create a game, the invite links of a new game,
// and "my games", the games this browser holds seats in.

import { byId, el } from "./dom.js";
import { copyOnClick } from "./copy.js";
import { forget, saveSeats, savedGames } from "./store.js";
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

const KIND_LABELS = { me: "Me", bot: "A bot", friend: "A friend (invite link)", hotseat: "Hot-seat (this screen)" };

function chosenGame() {
  const game = catalog.games.find((g) => g.name === gameSelect.value);
  if (!game) throw new Error(`the catalog has no game ${gameSelect.value}`);
  return game;
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
  return el("div", { class: "tl-option" }, [el("label", { for: id, text: option.name }), input, el("p", { class: "tl-help", text: option.help })]);
}

/** @param {number} seat */
function seatField(seat) {
  const kind = el("select", { name: `kind-${seat}`, "aria-label": `Seat ${seat + 1} is played by` },
    Object.entries(KIND_LABELS).map(([value, text]) => el("option", { value, text, selected: value === (seat === 0 ? "me" : "bot") })));
  const name = el("input", { name: `name-${seat}`, placeholder: "name (optional)", maxlength: 100, "aria-label": `Seat ${seat + 1} name` });
  const agent = el("select", { name: `agent-${seat}`, "aria-label": `Seat ${seat + 1} bot` },
    catalog.agents.map((a) => el("option", { value: a.spec, text: `${a.spec}: ${a.strength}`, title: a.help, selected: a.name === "greedy" })));
  const show = () => {
    agent.hidden = kind.value !== "bot";
    name.hidden = kind.value === "bot";
  };
  kind.addEventListener("change", show);
  show();
  return el("div", { class: "tl-seat" }, [el("span", { class: "tl-seat-no", text: `Seat ${seat + 1}` }), kind, name, agent]);
}

function showGame() {
  const game = chosenGame();
  byId("game-summary", HTMLParagraphElement).textContent = game.summary;
  const players = Number(playersSelect.value) || game.player_counts[0];
  playersSelect.replaceChildren(...game.player_counts.map((n) => el("option", { value: n, text: String(n), selected: n === players })));
  optionsBox.replaceChildren(el("legend", { text: "Options" }), ...game.options.map(optionField));
  optionsBox.hidden = game.options.length === 0;
  showSeats();
}

function showSeats() {
  const count = Number(playersSelect.value);
  seatsBox.replaceChildren(el("legend", { text: "Seats" }), ...[...Array(count).keys()].map(seatField));
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
  return { game: game.name, ...(title ? { title } : {}), options, hints: byId("hints", HTMLInputElement).checked, seats };
}

/** @param {SubmitEvent} event */
async function create(event) {
  event.preventDefault();
  error.hidden = true;
  const button = byId("create", HTMLButtonElement);
  button.disabled = true;
  try {
    const response = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request()) });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.message ?? JSON.stringify(answer.detail ?? answer));
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
  showMyGames();
}

function showMyGames() {
  const list = byId("my-games", HTMLUListElement);
  const games = Object.entries(savedGames()).sort(([, a], [, b]) => b.saved.localeCompare(a.saved));
  if (!games.length) {
    list.replaceChildren(el("li", { class: "tl-help", text: "None yet: the games you create or join appear here." }));
    return;
  }
  list.replaceChildren(...games.map(([id, saved]) => {
    const seats = Object.keys(saved.tokens).map((s) => Number(s) + 1).join(", ");
    const status = el("span", { class: "tl-status" });
    const remove = el("button", { type: "button", class: "tl-small", text: "Forget", title: "Forget this game in this browser (its seats' tokens are lost)" });
    remove.addEventListener("click", () => { forget(id); showMyGames(); });
    // Anyone may watch: the spectate link holds no seat's token.
    const watch = el("a", { href: `/watch/${id}`, class: "tl-small", text: "Spectate link", title: "Anyone with this link may watch" });
    const copy = el("button", { type: "button", class: "tl-small", text: "Copy", title: "Copy the spectate link" });
    copyOnClick(copy, () => watch.href);
    const replay = el("a", { href: `/replay/${id}`, class: "tl-small", text: "Replay", hidden: true });
    const item = el("li", {}, [el("a", { href: `/play/${id}`, text: saved.title || id }), el("span", { text: ` ${saved.game}, seat ${seats} ` }), status, " ", watch, copy, " ", replay, " ", remove]);
    fetch(`/api/games/${id}`).then(async (response) => {
      if (!response.ok) { status.textContent = "(no longer on this server)"; return; }
      const game = await response.json();
      status.textContent = game.status === "over" ? "(over)" : `(move ${game.moves})`;
      replay.hidden = game.status !== "over";
    }).catch(() => { status.textContent = "(server unreachable)"; });
    return item;
  }));
}

gameSelect.replaceChildren(...catalog.games.map((g) => el("option", { value: g.name, text: `${g.title} (${g.player_counts.join(", ")} players)` })));
gameSelect.addEventListener("change", () => { playersSelect.value = ""; showGame(); });
playersSelect.addEventListener("change", showSeats);
form.addEventListener("submit", (event) => void create(event));
showGame();
showMyGames();
wireUpload();
