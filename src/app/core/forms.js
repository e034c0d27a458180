// @ts-check
/**
 * Forms: labelled fields, the service's refusals beside the field they concern, one key per intended action
 * Files from the phone: checked before they are sent (the service takes PDF, JPEG, PNG and HEIC up to 10 MB)
 */
import { ApiError, newKey, OfflineError, SignedOutError } from "../api.js";
import { h, main } from "./dom.js";
import { t } from "./state.js";

/**
 * Where a refusal without a field belongs (its stable reason names it).
 * @type {Record<string, string>}
 */
export const REASON_FIELD = {
  leave_overlap: "startDate",
  insufficient_balance: "endDate",
  time_entry_overlap: "startTime",
};

/**
 * A labelled field.
 * @param {string} name
 * @param {string} label
 * @param {Record<string, any>} [attrs]
 * @param {keyof HTMLElementTagNameMap} [tag]
 */
export function field(name, label, attrs = {}, tag = "input") {
  const id = `f-${name}`;
  const { children, ...rest } = attrs;
  return h(
    "div",
    { class: "field", "data-field": name },
    h("label", { for: id }, label),
    h(tag, { id, name, ...rest }, children ?? []),
  );
}

/**
 * @param {string} name
 * @param {string} label
 */
export function checkbox(name, label) {
  const id = `f-${name}`;
  return h(
    "div",
    { class: "check" },
    h("input", { type: "checkbox", id, name }),
    h("label", { for: id }, label),
  );
}

/**
 * Removes a form's shown refusals.
 * @param {HTMLFormElement} form
 */
export function clearErrors(form) {
  for (const el of form.querySelectorAll(".field-error, .form-error")) el.remove();
  for (const el of form.querySelectorAll("[aria-invalid]")) {
    el.removeAttribute("aria-invalid");
    el.removeAttribute("aria-describedby");
  }
}

/**
 * A refusal that names one of the form's fields in quotes ("Invalid field 'endDate': …") belongs beside it.
 * @param {HTMLFormElement} form
 * @param {string} message
 */
export function quotedField(form, message) {
  const name = /'(\w+)'/.exec(message)?.[1];
  return name && form.querySelector(`[name="${name}"]`) ? [{ name, message }] : [];
}

/**
 * Shows an error of the service on its form: beside each field it names (or the field its reason concerns),
 * else under the form's buttons. What was typed stays as it was.
 * @param {HTMLFormElement} form
 * @param {unknown} e
 */
export function showError(form, e) {
  if (e instanceof SignedOutError) return;
  clearErrors(form);
  const placed = [];
  if (e instanceof ApiError) {
    const fields = e.fields.length
      ? e.fields.map((f) => ({ name: f.field.replace(/^(body|query|path)\./, ""), message: f.message }))
      : REASON_FIELD[e.reason ?? ""]
      ? [{ name: REASON_FIELD[e.reason ?? ""], message: e.message }]
      : quotedField(form, e.message);
    for (const f of fields) {
      const input = /** @type {HTMLElement | null} */ (form.querySelector(`[name="${CSS.escape(f.name)}"]`));
      if (!input) continue;
      const id = `err-${form.id}-${f.name}`;
      const p = h("p", { class: "field-error", id }, f.message);
      input.closest(".field, .check")?.append(p);
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", id);
      placed.push(input);
    }
  }
  const message = e instanceof OfflineError
    ? t("networkError")
    : placed.length
    ? t("problem")
    : e instanceof Error
    ? e.message
    : String(e);
  form.append(h("p", { class: "form-error", role: "alert" }, message));
  return placed[0] ?? form.querySelector("button");
}

/**
 * Runs a form's action: the same Idempotency-Key until the form changes or succeeds (a second tap, or a retry
 * after a lost answer, files once), buttons disabled while it runs, refusals shown on the form. A status line
 * of an earlier success goes as the next action starts, so it never stands beside that action's error. Focus
 * goes where the action leads (the element it returns, the first refused field) or back to the button used:
 * a disabled button loses the focus to the page, and the keyboard would be lost with it.
 * @param {HTMLFormElement} form
 * @param {(key: string, submitter: HTMLButtonElement | null) => Promise<HTMLElement | void>} action
 */
export function handle(form, action) {
  form.addEventListener("input", () => delete form.dataset.key);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const submitter = /** @type {HTMLButtonElement | null} */ (/** @type {SubmitEvent} */ (ev).submitter);
    if (form.dataset.busy) return;
    form.dataset.busy = "1";
    form.dataset.key ||= newKey();
    const buttons = [...form.querySelectorAll("button")];
    for (const b of buttons) b.disabled = true;
    for (const note of main().querySelectorAll(".flash")) note.remove();
    /** @type {HTMLElement | null | void} */
    let next = submitter;
    try {
      clearErrors(form);
      next = (await action(form.dataset.key, submitter)) ?? submitter;
      delete form.dataset.key;
    } catch (e) {
      next = showError(form, e);
    } finally {
      delete form.dataset.busy;
      for (const b of buttons) if (b.isConnected) b.disabled = false;
    }
    const lost = !document.activeElement || document.activeElement === document.body;
    if (next?.isConnected && (lost || buttons.includes(/** @type {any} */ (document.activeElement)))) {
      next.focus();
    }
  });
  return form;
}

/**
 * The form's values as strings (empty ones left out), checkboxes as booleans.
 * @param {HTMLFormElement} form
 * @returns {Record<string, any>}
 */
export function values(form) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const el of form.elements) {
    const f = /** @type {HTMLInputElement} */ (el);
    if (!f.name || f.type === "file") continue;
    if (f.type === "checkbox") out[f.name] = f.checked;
    else if (f.value.trim() !== "") out[f.name] = f.value.trim();
  }
  return out;
}

export const UPLOAD_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/heic", "image/heif"];
export const UPLOAD_MAX = 10 * 1024 * 1024;
export const UPLOAD_ACCEPT = "application/pdf,image/jpeg,image/png,image/heic,.heic";

/**
 * The file chosen in a form's file field, refused here when it is missing, too large or of a type the
 * service refuses (a phone photo in HEIC has no type in some browsers: its name decides).
 * @param {HTMLFormElement} form
 * @param {string} name
 * @param {boolean} required
 */
export function chosenFile(form, name, required) {
  const file = /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).files?.[0];
  const refuse = (/** @type {string} */ message) =>
    new ApiError(0, { error: message, fields: [{ field: name, message }] });
  if (!file) {
    if (required) throw refuse(t("fileMissing"));
    return null;
  }
  const heic = /\.hei[cf]$/i.test(file.name);
  if (!UPLOAD_TYPES.includes(file.type) && !heic) throw refuse(t("fileType"));
  if (file.size > UPLOAD_MAX) throw refuse(t("fileTooLarge", { mb: 10 }));
  return file;
}

/**
 * A form of one button (a tap that calls the service and shows the next screen with a status line).
 * @param {string} id
 * @param {string} label
 * @param {(key: string, submitter: HTMLButtonElement | null) => Promise<HTMLElement | void>} action
 */
export function button(id, label, action, cls = "secondary") {
  return handle(
    h("form", { id, class: "inline" }, h("button", { type: "submit", class: cls }, label)),
    action,
  );
}
