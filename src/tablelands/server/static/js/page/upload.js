// A game record uploaded to be watched: the server replays it, refuses it naming the field
// or the move at fault, or stores it as a finished game, whose replay the page then opens.

import { byId } from "./dom.js";

/** Wire the lobby's record file input. */
export function wireUpload() {
  const input = byId("record-file", HTMLInputElement);
  const error = byId("upload-error", HTMLParagraphElement);
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    error.hidden = true;
    try {
      const response = await fetch("/api/records", { method: "POST", headers: { "Content-Type": "application/json" }, body: await file.text() });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.message ?? `${response.status}`);
      location.assign(answer.replay);
    } catch (exc) {
      error.textContent = `The record was refused: ${exc instanceof Error ? exc.message : exc}`;
      error.hidden = false;
      input.value = "";
    }
  });
}
