export function render(/** @type {HTMLElement} */ c, /** @type {any} */ d, /** @type {any} */ h) { void c; void d; void h; return { destroy() {} }; }
