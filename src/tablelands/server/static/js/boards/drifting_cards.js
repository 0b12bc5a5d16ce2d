// Drifting Lands cards: what each type does, in the rules' words, and a card's face in the
// side panel, and the choice of a round's hand. The edition gives each card number its type
// and basic points.

import { button, html } from "./svg.js";

/** @type {Record<string, string>} */
export const EFFECTS = {
  drifting: "Move any continent 1 space.",
  ultra_drifting: "Move any continent up to 2 spaces.",
  splitting: "Split a part off a continent with your pawn; it moves 1 space.",
  ultra_splitting: "Split a part off a continent with your pawn; it moves up to 2 spaces.",
  orogeny: "Lift a plain tile touching ocean onto a touching plain: a mountain.",
  moving: "Walk one of your pawns, 3 points of steps.",
  migrating: "Walk one of your pawns, 5 points of steps.",
  breeding: "A new level-1 pawn beside one of yours.",
  reproducing: "Two new level-1 pawns, one after the other.",
  evolving: "One of your pawns goes up 1 level.",
  mutating: "One of your pawns goes up 2 levels.",
};

/** @param {string} type */
export function title(type) {
  return type
    .split("_")
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * The type and basic points of card `id`, from the edition.
 * @param {any} edition
 * @param {number} id
 * @returns {{type: string, points: number}}
 */
export function cardInfo(edition, id) {
  const card = edition?.species?.cards?.find((/** @type {{id: number}} */ c) => c.id === id);
  return card ? { type: card.type, points: card.points } : { type: "unknown", points: 0 };
}

/** @param {any} edition @param {number} id */
export function cardName(edition, id) {
  const info = cardInfo(edition, id);
  return `${id} ${title(info.type)} (${info.points})`;
}

/**
 * A card face: number, type, effect, basic points.
 * @param {HTMLElement} parent
 * @param {any} edition
 * @param {number} id
 * @param {string} state extra class: "tl-in-hand", "tl-off" or ""
 */
export function cardFace(parent, edition, id, state) {
  const info = cardInfo(edition, id);
  const box = html("div", { class: `tl-dl-card ${state}`, "data-card": id, title: EFFECTS[info.type] ?? "" }, parent);
  html("b", {}, box, `${id} ${title(info.type)}`);
  html("span", {}, box, `${EFFECTS[info.type] ?? ""} `);
  html("i", {}, box, `${info.points} basic point${info.points === 1 ? "" : "s"}`);
  return box;
}

/**
 * The cards chosen so far in each container's selecting phase, by the position they were
 * chosen in: a board drawn again for the same position (a proposal cancelled) keeps them.
 * @type {WeakMap<Element, {position: string, cards: number[]}>}
 */
const CHOSEN = new WeakMap();

/**
 * The cards the seat means by `chosen`: the engine takes a hand in rising order and offers
 * only the lowest free card of each kind (type and points), identical cards being one
 * choice; so each chosen kind becomes its lowest free cards, in rising order.
 * @param {any} edition
 * @param {number[]} chosen
 * @param {number[]} free the cards still to be chosen from, in rising order
 */
export function canonicalHand(edition, chosen, free) {
  const kind = (/** @type {number} */ id) => JSON.stringify(cardInfo(edition, id));
  /** @type {Map<string, number>} */
  const wanted = new Map();
  for (const card of chosen) wanted.set(kind(card), (wanted.get(kind(card)) ?? 0) + 1);
  const hand = [];
  for (const card of free) {
    const left = wanted.get(kind(card)) ?? 0;
    if (left > 0) {
      hand.push(card);
      wanted.set(kind(card), left - 1);
    }
  }
  return hand;
}

/**
 * The selecting phase: the whole deck, each card with its effect and basic points; the seat
 * chooses and puts back cards in any order, and once the hand is full the board proposes its
 * selects as one decision (the first, then the others), to be confirmed once.
 * @param {HTMLElement} parent
 * @param {HTMLElement} container the board's container, which the choice is remembered by
 * @param {import("./types.js").BoardDoc} doc
 * @param {import("./types.js").BoardHandlers} handlers
 * @param {number} size the cards of a full hand
 * @param {() => void} redraw
 */
export function chooseCards(parent, container, doc, handlers, size, redraw) {
  const seen = doc.observation;
  const hand = /** @type {number[]} */ (seen.hand);
  const discards = /** @type {number[]} */ (seen.discards[seen.viewer]);
  const selects = doc.legal.filter((a) => a.kind === "select");
  const deck = /** @type {number[]} */ ((doc.edition?.species?.cards ?? []).map((/** @type {{id: number}} */ c) => c.id));
  // A hand already begun (a choice cut short) goes on in rising order after its last card.
  const last = Math.max(0, ...hand);
  const free = deck.filter((c) => !discards.includes(c) && !hand.includes(c) && c > last).sort((a, b) => a - b);
  const position = `${seen.viewer}:${seen.round}:${hand.join(",")}`;
  const memory = CHOSEN.get(container);
  const chosen = memory?.position === position ? memory.cards : [];
  CHOSEN.set(container, { position, cards: chosen });
  const wanted = size - hand.length;

  function propose() {
    const cards = canonicalHand(doc.edition, chosen, free);
    const first = selects.find((a) => a.card === cards[0]);
    if (cards.length !== wanted || !first) return;
    // Named in the bar by what the cards are (identical cards are one choice: the lowest
    // free one of each kind is the one taken, whichever was clicked).
    const named = (/** @type {number} */ card) => {
      const info = cardInfo(doc.edition, card);
      return `${title(info.type)} (${info.points})`;
    };
    handlers.propose(
      first,
      cards.slice(1).map((card) => ({ kind: "select", card, text: `select ${card}` })),
      `this round's cards: ${cards.map(named).join(", ")}`,
    );
  }

  /** @param {number} card @param {boolean} [byKey] whether a key did it: the card keeps the focus */
  function toggle(card, byKey = false) {
    const at = chosen.indexOf(card);
    if (at >= 0) {
      chosen.splice(at, 1);
      handlers.withdraw?.();
    } else if (chosen.length < wanted) {
      chosen.push(card);
    }
    redraw();
    if (byKey) /** @type {HTMLElement | null} */ (container.querySelector(`.tl-dl-deck [data-card="${card}"]`))?.focus();
    if (chosen.length === wanted) propose();
  }

  const head = html("h3", {}, parent, `Choose this round's ${size} cards: ${hand.length + chosen.length}/${size} chosen`);
  head.dataset.chosen = String(hand.length + chosen.length);
  html("p", { class: "tl-note" }, parent, "Click cards to choose them or put them back, in any order; with the hand full, confirm it once. Greyed: in your discard pile.");
  const box = html("div", { class: "tl-dl-cards tl-dl-deck" }, parent);
  for (const card of deck) {
    const state = hand.includes(card) ? "tl-in-hand" : chosen.includes(card) ? "tl-chosen" : free.includes(card) ? "" : "tl-off";
    const face = cardFace(box, doc.edition, card, state);
    if (state === "tl-chosen" || (state === "" && chosen.length < wanted)) {
      face.classList.add("tl-clickable");
      face.setAttribute("role", "button");
      face.setAttribute("tabindex", "0");
      face.setAttribute("aria-pressed", String(state === "tl-chosen"));
      face.addEventListener("click", () => toggle(card));
      face.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          event.stopPropagation(); // the page's Enter would confirm what this very key proposes
          toggle(card, true);
        }
      });
    }
  }
  if (chosen.length === wanted) button(parent, `Play these ${size} cards`, propose, { control: "choose-hand" });
}
