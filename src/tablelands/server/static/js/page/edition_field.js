// The lobby's edition field: the packaged edition, or an edition file of one's own (written
// by `tablelands edition export`, then edited), which the server checks as soon as it is
// chosen, so a wrong field is named next to the input before any game is made. A valid file
// that does what the published components do not (a variant's other counts, faces alike) is
// shown with the server's warnings, each naming its field.

import { el } from "./dom.js";

/** Edition files are a few kilobytes; anything this big is not one. */
const LIMIT = 1_000_000;

/** @param {string} hash */
function short(hash) {
  return hash.replace(/^sha256:/, "").slice(0, 12);
}

export class EditionField {
  /**
   * @param {HTMLFieldSetElement} box
   * @param {() => {name: string, edition: {name: string, hash: string}}} game the game chosen
   */
  constructor(box, game) {
    this.game = game;
    this.packaged = el("input", { type: "radio", name: "edition-source", value: "packaged", checked: true });
    this.own = el("input", { type: "radio", name: "edition-source", value: "file" });
    this.file = el("input", { type: "file", id: "edition-file", accept: ".json,application/json", "aria-describedby": "edition-status edition-warnings", "aria-label": "Edition file" });
    this.packagedName = el("span", { class: "tl-help" });
    this.status = el("p", { id: "edition-status", class: "tl-edition-status", "aria-live": "polite" });
    /** What a valid file does that the published components do not, one item a warning. */
    this.warnings = el("ul", { id: "edition-warnings", class: "tl-edition-warnings", "aria-live": "polite" });
    /** @type {object | null} the chosen file's data, once the server found it valid */
    this.data = null;
    /** @type {object | null} the chosen file's data, valid or not */
    this.read = null;
    box.replaceChildren(
      el("legend", { text: "Edition" }),
      el("label", { class: "tl-check" }, [this.packaged, " The packaged one ", this.packagedName]),
      el("label", { class: "tl-check" }, [this.own, " My own edition file: "]),
      this.file,
      this.status,
      this.warnings,
      el("p", { class: "tl-help" }, ["An edition is the data of the components (cards, tiles, maps). Start yours with ",
        el("code", { text: "tablelands edition export GAME FILE" }), ", edit it to match your copy, and choose it here."]),
    );
    this.packaged.addEventListener("change", () => this.show());
    this.own.addEventListener("change", () => this.show());
    this.file.addEventListener("change", () => {
      this.own.checked = true;
      void this.load();
    });
    this.show();
  }

  /** Show the packaged edition of the game chosen, and check the file again for it. */
  gameChanged() {
    this.show();
    if (this.read !== null) void this.check(this.read);
  }

  show() {
    const { edition } = this.game();
    this.packagedName.textContent = `(${edition.name}, ${short(edition.hash)})`;
    if (this.packaged.checked) this.say("", "");
  }

  /**
   * Say where the file stands; any warnings shown before are cleared.
   * @param {string} text @param {"" | "ok" | "bad" | "busy"} kind
   */
  say(text, kind) {
    this.warnings.replaceChildren();
    this.status.textContent = text;
    this.status.className = `tl-edition-status${kind ? ` tl-${kind}` : ""}`;
    this.file.setAttribute("aria-invalid", kind === "bad" ? "true" : "false");
  }

  async load() {
    this.data = null;
    this.read = null;
    const chosen = this.file.files?.[0];
    if (!chosen) {
      this.say("Choose an edition file.", "bad");
      return;
    }
    if (chosen.size > LIMIT) {
      this.say(`${chosen.name} is ${Math.round(chosen.size / 1000)} kB: an edition file is far smaller (at most 1 MB).`, "bad");
      return;
    }
    try {
      this.read = JSON.parse(await chosen.text());
    } catch (exc) {
      this.say(`${chosen.name} is not JSON: ${exc instanceof Error ? exc.message : exc}`, "bad");
      return;
    }
    await this.check(this.read);
  }

  /** @param {object | null} data */
  async check(data) {
    this.data = null;
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      this.say("An edition file holds one JSON object.", "bad");
      return;
    }
    this.say("Checking…", "busy");
    const body = { game: this.game().name, edition: data };
    const response = await fetch("/api/editions/check", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (data !== this.read) return; // another file was chosen meanwhile
    if (!response.ok || !answer.valid) {
      this.say(answer.message ?? JSON.stringify(answer.detail ?? answer), "bad");
      return;
    }
    this.data = data;
    /** @type {string[]} */
    const warnings = Array.isArray(answer.warnings) ? answer.warnings.map(String) : [];
    const valid = `✓ ${answer.name} (custom, ${short(answer.hash)}): valid for ${this.game().name}`;
    if (warnings.length === 0) {
      this.say(`${valid}.`, "ok");
      return;
    }
    const count = warnings.length === 1 ? "1 warning" : `${warnings.length} warnings`;
    this.say(`${valid}, with ${count}: it does what the published components do not, which the rules allow.`, "ok");
    this.warnings.replaceChildren(...warnings.map((text) => el("li", { text })));
  }

  /** Show a refusal of the server about the edition next to the input. @param {string} message */
  refuse(message) {
    this.own.checked = true;
    this.say(message, "bad");
    this.file.focus();
  }

  /**
   * The request's `edition`: null for the packaged one, else the file's data; a problem
   * is shown next to the input and thrown.
   * @returns {object | null}
   */
  value() {
    if (this.packaged.checked) return null;
    if (this.data === null) {
      const problem = this.read === null ? "Choose an edition file, or play the packaged one." : this.status.textContent || "The edition file is not valid.";
      this.refuse(problem);
      throw new Error(`edition: ${problem}`);
    }
    return this.data;
  }
}
