// Passkeys (WebAuthn): the browser makes or uses one from the options the server gives
// (their challenge is the server's, checked there), and gives back its answer as JSON.

/**
 * Why passkeys cannot be used on this page, or null when they can.
 * @returns {string | null}
 */
export function noPasskeysHere() {
  if (!window.isSecureContext) return "Passkeys need a secure site (https, or localhost).";
  if (typeof PublicKeyCredential === "undefined" || typeof PublicKeyCredential.parseCreationOptionsFromJSON !== "function") {
    return "This browser cannot use passkeys here.";
  }
  // WebAuthn takes domain names only: a site opened by its IP address has no passkeys.
  if (/^[\d.]+$/.test(location.hostname) || location.hostname.includes(":") || location.hostname.startsWith("[")) {
    return `Passkeys need the site opened by its name: try ${location.protocol}//localhost${location.port ? `:${location.port}` : ""}${location.pathname}.`;
  }
  return null;
}

/**
 * A new passkey, made by the browser (its person confirms) from the server's options.
 * @param {PublicKeyCredentialCreationOptionsJSON} options
 * @returns {Promise<RegistrationResponseJSON | AuthenticationResponseJSON>}
 */
export async function makePasskey(options) {
  const made = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) });
  if (!(made instanceof PublicKeyCredential)) throw new Error("no passkey was made");
  return made.toJSON();
}

/**
 * The browser's signed answer with one of the site's passkeys, chosen by its person.
 * @param {PublicKeyCredentialRequestOptionsJSON} options
 * @returns {Promise<RegistrationResponseJSON | AuthenticationResponseJSON>}
 */
export async function usePasskey(options) {
  const used = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
  if (!(used instanceof PublicKeyCredential)) throw new Error("no passkey was chosen");
  return used.toJSON();
}

/**
 * What to tell the person when the browser's part failed: its own words, or plainer ones.
 * @param {unknown} exc
 */
export function passkeyTrouble(exc) {
  if (exc instanceof DOMException && exc.name === "NotAllowedError") return "No passkey was used: the request was cancelled or timed out.";
  if (exc instanceof DOMException && exc.name === "InvalidStateError") return "This device has a passkey for your account already.";
  return exc instanceof Error ? exc.message : String(exc);
}
