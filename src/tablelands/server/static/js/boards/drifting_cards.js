// Drifting Lands cards: what each type does, in the rules' words, and a card's face in the
// side panel. The edition gives each card number its type and basic points.

import { html } from "./svg.js";

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
