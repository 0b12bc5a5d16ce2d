// The name this browser last played under, offered again the next time one is asked for.

const KEY = "tablelands.name";

export function lastName() {
  return localStorage.getItem(KEY) ?? "";
}

/** @param {string} name */
export function rememberName(name) {
  if (name) localStorage.setItem(KEY, name);
}
