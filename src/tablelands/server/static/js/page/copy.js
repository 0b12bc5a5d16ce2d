// A Copy button: puts a link on the clipboard, or where there is no clipboard access (plain
// http), selects it for Ctrl+C.

/**
 * @param {HTMLButtonElement} button
 * @param {() => string} text what to copy, read at the click
 * @param {HTMLInputElement} [input] the field showing it, selected at the click
 */
export function copyOnClick(button, text, input) {
  button.addEventListener("click", async () => {
    input?.select();
    try {
      await navigator.clipboard.writeText(text());
      button.textContent = "Copied";
    } catch {
      button.textContent = input ? "Selected: press Ctrl+C" : text();
    }
  });
}
