// @ts-check
/**
 * Push to this browser (Web Push): the service's VAPID key, the browser's subscription registered as a
 * WEBPUSH device of this sign-in session; the service worker shows what arrives (sw.js)
 */
import { call } from "../api.js";
import { card, h } from "../core/dom.js";
import { handle } from "../core/forms.js";
import { show } from "../core/router.js";
import { state, t } from "../core/state.js";

/** This browser's service worker registration, if it can receive push at all. */
export async function pushRegistration() {
  if (!("PushManager" in window) || !("Notification" in window)) return undefined;
  return await navigator.serviceWorker?.getRegistration("/");
}

/** base64url to bytes (the VAPID key) and back (the subscription as a token). */
export const unb64 = (/** @type {string} */ s) =>
  Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
export const b64 = (/** @type {string} */ s) =>
  btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/**
 * Subscribes this browser (anew when the service's key is not the one it subscribed with) and registers it
 * for this sign-in session in the app's language, so pushes follow a new sign-in and a language change.
 */
/**
 * @param {ServiceWorkerRegistration} reg
 * @param {string} [key]
 */
export async function pushOn(reg, key) {
  const server = unb64((await call("GET", "/push/web-key")).publicKey);
  let sub = await reg.pushManager.getSubscription();
  const had = sub?.options?.applicationServerKey;
  if (sub && had && String(new Uint8Array(had)) !== String(server)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: server });
  const token = b64(JSON.stringify(sub));
  await call("POST", "/employee/push-devices", {
    json: { platform: "WEBPUSH", token, language: state.lang },
    key,
  });
}

/** Stops pushes to this browser: its devices of this sign-in session go, and the subscription. */
/** @param {ServiceWorkerRegistration} reg */
export async function pushOff(reg) {
  const { items } = await call("GET", "/employee/push-devices");
  for (const d of items) {
    if (d.current && d.platform === "WEBPUSH") await call("DELETE", `/employee/push-devices/${d.id}`);
  }
  await (await reg.pushManager.getSubscription())?.unsubscribe();
}

/** At start and after a language change: a browser with push on registers again (quietly). */
export async function pushAgain() {
  try {
    const reg = await pushRegistration();
    if (reg && Notification.permission === "granted" && await reg.pushManager.getSubscription()) {
      await pushOn(reg);
    }
  } catch {
    // Quietly: the account screen's switch shows the state and says what went wrong when used.
  }
}

/** The account screen's push switch (or why this browser has none). */
export async function pushCard() {
  const reg = await pushRegistration();
  const title = (/** @type {any[]} */ ...c) => card("h-push", t("pushTitle"), ...c);
  if (!reg) return title(h("p", { class: "muted" }, t("pushUnsupported")));
  const blocked = Notification.permission === "denied";
  const on = Notification.permission === "granted" && !!await reg.pushManager.getSubscription();
  const input = h("input", {
    type: "checkbox",
    id: "push-switch",
    role: "switch",
    checked: on,
    disabled: blocked,
  });
  const form = handle(
    h(
      "form",
      { id: "push-form" },
      h("div", { class: "check" }, input, h("label", { for: "push-switch" }, t("pushSwitch"))),
    ),
    async (key) => {
      const want = /** @type {HTMLInputElement} */ (input).checked;
      input.toggleAttribute("disabled", true);
      try {
        if (want && await Notification.requestPermission() !== "granted") throw new Error(t("pushBlocked"));
        const ready = await navigator.serviceWorker.ready;
        if (want) {
          await pushOn(ready, key).catch((e) => {
            throw e instanceof DOMException ? new Error(t("pushFailed")) : e;
          });
        } else await pushOff(ready);
      } catch (e) {
        /** @type {HTMLInputElement} */ (input).checked = !want;
        throw e;
      } finally {
        input.toggleAttribute("disabled", false);
      }
      state.flash = t(want ? "pushOn" : "pushOff");
      await show();
    },
  );
  input.addEventListener("change", () => form.requestSubmit());
  return title(form, h("p", { class: "muted" }, t(blocked ? "pushBlocked" : "pushHint")));
}
