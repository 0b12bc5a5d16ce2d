// The keyboard shortcuts of a game page, in a small panel that "?" (or its button) shows and
// hides. The keys themselves are handled where they act: Enter, Esc, U and H by the page, R and F
// by the boards that turn pieces.

import { el } from "./dom.js";

/** Every shortcut, as the panel lists it. */
export const SHORTCUTS = [
  ["R", "rotate the card or tile in hand (Confusing Lands; Land vs Sea: to the next way it fits)"],
  ["F", "flip it to its other side"],
  ["+ −", "zoom the map in or out (Land vs Sea, Drifting Lands); 0 fits it whole; drag or pinch it too"],
  ["Enter", "confirm the move proposed"],
  ["Esc", "cancel it; Drifting Lands: step back in a choice of two clicks"],
  ["U", "undo your last move, when the rules allow it"],
  ["H", "ask for a hint, when the game allows hints"],
  ["Tab", "go through the lit targets; Enter or Space picks one"],
  ["?", "show or hide these shortcuts"],
];

/**
 * Add the shortcuts button and panel to `parent`; "?" toggles the panel, Esc closes it.
 * @param {HTMLElement} parent
 */
export function addShortcutHelp(parent) {
  const panel = el("section", { id: "shortcuts", class: "tl-shortcuts", "aria-label": "Keyboard shortcuts" }, [
    el("h2", { text: "Keyboard shortcuts" }),
    el("dl", {}, SHORTCUTS.flatMap(([key, what]) => [el("dt", {}, [el("kbd", { text: key })]), el("dd", { text: what })])),
  ]);
  panel.hidden = true;
  const toggle = el("button", { type: "button", id: "shortcuts-toggle", title: "Keyboard shortcuts (?)", "aria-expanded": "false", "aria-controls": "shortcuts" }, ["Keys ", el("kbd", { text: "?" })]);
  const isOpen = () => !panel.hidden;
  const show = (/** @type {boolean} */ open) => {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => show(!isOpen()));
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (event.key === "?") show(!isOpen());
    else if (event.key === "Escape" && isOpen()) show(false);
  });
  parent.append(toggle, panel);
}
