// @ts-check
/**
 * Sessions: the sign-in page of the service and back to the same screen with what was typed, and the session
 * and home screen this browser keeps for offline use.
 */
import { hooks } from "../api.js";
import { DRAFTS_KEY, HOME_KEY, SESSION_KEY, state } from "./state.js";

/**
 * Whether a field holds something the person typed or chose, not what the screen was drawn with.
 * @param {HTMLInputElement | HTMLSelectElement} f
 */
export function changed(f) {
  if (f.type === "checkbox" || f.type === "radio") return f.checked !== f.defaultChecked;
  if (f instanceof HTMLSelectElement) {
    // A select drawn without a chosen option shows its first one.
    const shown = [...f.options].find((o) => o.defaultSelected) ?? f.options[0];
    return f.value !== (shown?.value ?? "");
  }
  return f.value !== f.defaultValue;
}

/**
 * The session ended: what the person typed on this screen is kept for the tab (sessionStorage), bound to
 * their account, and the sign-in page brings them back to this path. Only changed fields are kept: a value
 * the service showed is no draft (put back later, it would overwrite what the service says by then).
 */
hooks.onSignedOut = () => {
  // The kept home screen belongs to the session that ended: whoever signs in next must not see it offline.
  localStorage.removeItem(HOME_KEY);
  localStorage.removeItem(SESSION_KEY);
  /** @type {Record<string, Record<string, string | boolean>>} */
  const drafts = {};
  for (const form of document.querySelectorAll("form[id]")) {
    /** @type {Record<string, string | boolean>} */
    const values = {};
    for (const el of /** @type {HTMLFormElement} */ (form).elements) {
      const f = /** @type {HTMLInputElement} */ (el);
      if (!f.name || f.type === "file" || f.type === "submit" || !changed(f)) continue;
      values[f.name] = f.type === "checkbox" ? f.checked : f.value;
    }
    if (Object.keys(values).length) drafts[form.id] = values;
  }
  if (state.user && Object.keys(drafts).length) {
    sessionStorage.setItem(
      DRAFTS_KEY,
      JSON.stringify({ account: state.user.id, path: location.pathname, drafts }),
    );
  }
  location.assign(`/oauth/signin?next=${encodeURIComponent(location.pathname)}`);
};

/** Puts back what the same account typed before its session ended; another account's drafts are dropped. */
export function restoreDrafts() {
  const raw = sessionStorage.getItem(DRAFTS_KEY);
  if (!raw) return;
  const saved = JSON.parse(raw);
  if (saved.account !== state.user?.id) {
    sessionStorage.removeItem(DRAFTS_KEY);
    return;
  }
  if (saved.path !== location.pathname) return;
  sessionStorage.removeItem(DRAFTS_KEY);
  for (const [id, values] of Object.entries(saved.drafts)) {
    const form = /** @type {HTMLFormElement | null} */ (document.getElementById(id));
    if (!form) continue;
    for (const [name, value] of Object.entries(values)) {
      const f = /** @type {HTMLInputElement | null} */ (form.elements.namedItem(name));
      if (!f) continue;
      if (f.type === "checkbox") f.checked = !!value;
      else f.value = String(value);
    }
  }
}

/** The session last seen on this browser, while its lifetime lasts. */
export function keptSession() {
  const s = JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null");
  return s && Date.now() < s.until ? s : null;
}

/**
 * The home screen kept for offline use, only while the session it was seen in is the one this browser last
 * knew and its lifetime has not run out: a session ended (signed out, elsewhere too), replaced by another
 * person's sign-in, or past its end shows nothing.
 */
export function keptHome() {
  const session = keptSession();
  const home = JSON.parse(localStorage.getItem(HOME_KEY) ?? "null");
  if (session && home?.session === session.id) return home;
  localStorage.removeItem(HOME_KEY);
  return null;
}

/**
 * Remembers the session signed in now. Its lifetime is taken as the service counts it (until its end from its
 * last use) and set against this device's clock, so a device whose clock differs from the service's keeps
 * it as long. Another session than the one the kept home screen belongs to drops that screen.
 * @param {import("../api_paths.d.ts").DataOf<"GET", "/auth/session">} s
 */
export function rememberSession(s) {
  const left = Date.parse(s.session.expiresAt) - Date.parse(s.session.lastUsedAt);
  const id = s.session.id;
  if (JSON.parse(localStorage.getItem(HOME_KEY) ?? "null")?.session !== id) localStorage.removeItem(HOME_KEY);
  localStorage.setItem(SESSION_KEY, JSON.stringify({ id, account: s.user.id, until: Date.now() + left }));
}
