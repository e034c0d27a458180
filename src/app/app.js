/**
 * The employee app at `/`: one page, screens by path (/, /leave, /time, /sick, /payslips, /team, /account),
 * every datum from the portal API. Plain DOM, no library: the whole app is a few kilobytes.
 */
import { ApiError, call, forget, hooks, newKey, OfflineError, SignedOutError } from "./api.js";
import { browserLang, LANG_NAMES, LANGS, say } from "./i18n.js";
import {
  addDays,
  formatChf,
  formatDate,
  formatMoment,
  formatQuantity,
  formatRange,
  localToday,
  mondayOf,
} from "./format.js";

/** @typedef {import("./i18n.js").Lang} Lang */

const HOME_KEY = "hr-app:home";
/** The session this browser was last seen signed in with (id, account, when its lifetime ends). */
const SESSION_KEY = "hr-app:session";
const DRAFTS_KEY = "hr-app:drafts";
const LANG_KEY = "hr-app:lang";

/** @type {Lang} */
let lang = /** @type {Lang} */ (localStorage.getItem(LANG_KEY)) || browserLang();
/** @type {{ id: string, email: string, role: string, language: string, permissions: string[] } | null} */
let user = null;
/** The leave year whose balances the leave screen shows (0: the current one). */
let leaveYear = 0;
/** The week shown on the time screen (a Monday), once known. */
let week = "";
/** A message for the next screen (after a successful action). */
let flash = "";

/** A text of the app in the person's language; with a count, in the language's singular or plural. */
function t(key, vars, count) {
  return say(lang, key, vars, count);
}

/**
 * Makes an element. Attributes: `on…` listeners, `class`, DOM properties for non-strings (value, checked).
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} children
 * @returns {HTMLElement}
 */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    // As attributes: what the screen was drawn with is then the field's default (`defaultSelected`,
    // `defaultChecked`), so a draft holds only what the person changed.
    else if (v === true && (k === "selected" || k === "checked")) el.setAttribute(k, "");
    else if (typeof v !== "string" && k in el) /** @type {any} */ (el)[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

const main = () => /** @type {HTMLElement} */ (document.getElementById("main"));

/** Puts a screen's parts into the main landmark (absent parts, null, are left out). */
function render(...items) {
  main().replaceChildren(...items.flat().filter((p) => p !== null && p !== undefined && p !== false));
}

/** A screen's parts, as its function returns them for `show` to draw. */
function parts(...p) {
  return p;
}

/** "1 Tag", "2.5 Tage". */
function daysText(n) {
  return t("days", { n: formatQuantity(n) }, n);
}

// ---------------------------------------------------------------------------------------------------
// Frame, navigation and messages

const SCREENS = {
  "/": home,
  "/leave": leave,
  "/time": time,
  "/sick": sick,
  "/payslips": payslips,
  "/salary": salary,
  "/team": team,
  "/todos": todos,
  "/profile": profile,
  "/assistants": assistants,
  "/account": account,
};

function canApprove() {
  return !!user?.permissions.includes("staff-absence:approve");
}

/** HR staff and administrators run the organisation in the server-rendered console at /hr. */
function runsConsole() {
  return ["hr", "admin"].includes(user?.role);
}

/** The language and approver state the frame was drawn for. */
let framed = "";

/**
 * The header, navigation and main landmark, drawn again only when the language or the menu changes; between
 * screens only the current link moves, so the screen shown stays until the next one is ready.
 */
function frame() {
  const path = location.pathname;
  if (framed === `${lang}:${canApprove()}:${runsConsole()}`) {
    for (const a of document.querySelectorAll("nav a")) {
      if (a.getAttribute("href") === path) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    return;
  }
  framed = `${lang}:${canApprove()}:${runsConsole()}`;
  document.documentElement.lang = lang;
  const items = [
    ["/", "home"],
    ["/leave", "leave"],
    ["/time", "time"],
    ["/sick", "sick"],
    ["/payslips", "payslips"],
    ["/todos", "todosTitle"],
    ["/team", "approvals"],
    ["/account", "settings"],
    // One tap from the app to the console for the people who run it (a page of the service, not a screen).
    ...(runsConsole() ? [["/hr", "hrConsole"]] : []),
  ];
  document.body.replaceChildren(
    h("a", { class: "skip", href: "#main" }, t("skip")),
    h(
      "header",
      null,
      h(
        "p",
        { class: "brand" },
        h("img", { src: "/icon.svg", alt: "", width: "28", height: "28" }),
        t("appName"),
      ),
      h(
        "nav",
        { "aria-label": t("navLabel") },
        h(
          "ul",
          null,
          items.map(([href, key]) =>
            h("li", null, h("a", { href, "aria-current": href === path ? "page" : null }, t(key)))
          ),
        ),
      ),
    ),
    h("main", { id: "main", tabindex: "-1" }, h("p", { role: "status" }, t("loading"))),
  );
}

/** The latest screen asked for: an older one whose data arrives later is not drawn over it. */
let showSeq = 0;
/** The path of the screen drawn last (a change of the #fragment alone is no new screen). */
let shownPath = "";

/** Shows a screen for the current path. */
async function show(focus = false) {
  const mine = ++showSeq;
  const screen = SCREENS[/** @type {keyof typeof SCREENS} */ (location.pathname)] ?? home;
  shownPath = location.pathname;
  frame();
  main().setAttribute("aria-busy", "true");
  try {
    const drawn = await screen();
    if (mine !== showSeq) return;
    render(drawn);
    document.title = `${main().querySelector("h1")?.textContent ?? ""} – ${t("appName")}`;
  } catch (e) {
    if (e instanceof SignedOutError || mine !== showSeq) return;
    if (e instanceof OfflineError) {
      render(
        h("h1", null, t(location.pathname === "/" ? "home" : "appName")),
        h("p", { class: "alert", role: "alert" }, t("networkError")),
        h("button", { type: "button", onclick: () => show() }, t("retry")),
      );
      return;
    }
    render(
      h("h1", null, t("appName")),
      h("p", { class: "alert", role: "alert" }, e instanceof Error ? e.message : String(e)),
    );
    return;
  } finally {
    if (mine === showSeq) main().removeAttribute("aria-busy");
  }
  restoreDrafts();
  if (shownFlash?.isConnected) shownFlash.focus();
  else if (focus) main().focus();
  shownFlash = null;
}

function go(path) {
  if (path !== location.pathname) history.pushState(null, "", path);
  return show(true);
}

document.addEventListener("click", (e) => {
  const a = /** @type {HTMLElement} */ (e.target).closest?.("a");
  if (!a || a.target || a.hasAttribute("download") || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !(url.pathname in SCREENS) || url.hash) return;
  e.preventDefault();
  go(url.pathname);
});
addEventListener("popstate", () => {
  if (location.pathname !== shownPath) show(true);
});

/** The status line of the screen being drawn, focused once it is shown (so it is read out). */
let shownFlash = /** @type {HTMLElement | null} */ (null);

/** A status line at the top of the screen, for what just happened. */
function takeFlash() {
  const text = flash;
  flash = "";
  shownFlash = text ? h("p", { class: "note flash", role: "status", tabindex: "-1" }, text) : null;
  return shownFlash;
}

// ---------------------------------------------------------------------------------------------------
// Sessions: the sign-in page of the service, and back to the same screen

/** Whether a field holds something the person typed or chose, not what the screen was drawn with. */
function changed(f) {
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
  const drafts = {};
  for (const form of document.querySelectorAll("form[id]")) {
    const values = {};
    for (const el of /** @type {HTMLFormElement} */ (form).elements) {
      const f = /** @type {HTMLInputElement} */ (el);
      if (!f.name || f.type === "file" || f.type === "submit" || !changed(f)) continue;
      values[f.name] = f.type === "checkbox" ? f.checked : f.value;
    }
    if (Object.keys(values).length) drafts[form.id] = values;
  }
  if (user && Object.keys(drafts).length) {
    sessionStorage.setItem(DRAFTS_KEY, JSON.stringify({ account: user.id, path: location.pathname, drafts }));
  }
  location.assign(`/oauth/signin?next=${encodeURIComponent(location.pathname)}`);
};

/** Puts back what the same account typed before its session ended; another account's drafts are dropped. */
function restoreDrafts() {
  const raw = sessionStorage.getItem(DRAFTS_KEY);
  if (!raw) return;
  const saved = JSON.parse(raw);
  if (saved.account !== user?.id) {
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

// ---------------------------------------------------------------------------------------------------
// Forms: labelled fields, the service's refusals beside the field they concern, one key per intended action

/** Where a refusal without a field belongs (its stable reason names it). */
const REASON_FIELD = {
  leave_overlap: "startDate",
  insufficient_balance: "endDate",
  time_entry_overlap: "startTime",
};

/**
 * A labelled field.
 * @param {string} name
 * @param {string} label
 * @param {Record<string, any>} [attrs]
 */
function field(name, label, attrs = {}, tag = "input") {
  const id = `f-${name}`;
  const { children, ...rest } = attrs;
  return h(
    "div",
    { class: "field", "data-field": name },
    h("label", { for: id }, label),
    h(tag, { id, name, ...rest }, children ?? []),
  );
}

function checkbox(name, label) {
  const id = `f-${name}`;
  return h(
    "div",
    { class: "check" },
    h("input", { type: "checkbox", id, name }),
    h("label", { for: id }, label),
  );
}

/** Removes a form's shown refusals. */
function clearErrors(form) {
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
function quotedField(form, message) {
  const name = /'(\w+)'/.exec(message)?.[1];
  return name && form.querySelector(`[name="${name}"]`) ? [{ name, message }] : [];
}

/**
 * Shows an error of the service on its form: beside each field it names (or the field its reason concerns),
 * else under the form's buttons. What was typed stays as it was.
 * @param {HTMLFormElement} form
 * @param {unknown} e
 */
function showError(form, e) {
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
function handle(form, action) {
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

/** The form's values as strings (empty ones left out), checkboxes as booleans. */
function values(form) {
  const out = {};
  for (const el of form.elements) {
    const f = /** @type {HTMLInputElement} */ (el);
    if (!f.name || f.type === "file") continue;
    if (f.type === "checkbox") out[f.name] = f.checked;
    else if (f.value.trim() !== "") out[f.name] = f.value.trim();
  }
  return out;
}

function status(code) {
  return h("span", { class: `badge s-${code}` }, t(`status.${code}`));
}

// ---------------------------------------------------------------------------------------------------
// Home: the balance, the week, pay, to-dos and the latest requests; kept on the device for offline use

/**
 * The week the time screen opens on: the summary's, which is null until the person has logged any time (a
 * new hire), then the browser's current week.
 */
function weekOf(summary) {
  return summary.timesheet?.weekStart ?? mondayOf(localToday());
}

async function home() {
  /** @type {{ at: number, summary: any, vacation: any, requests: any[], unread?: number } | null} */
  let data = null;
  let offline = false;
  try {
    const [summary, balances, requests, inbox] = await Promise.all([
      call("GET", "/employee/summary"),
      call("GET", "/employee/leave/balances"),
      call("GET", "/employee/leave/requests?limit=5"),
      call("GET", "/employee/notifications?unread=true&limit=1"),
    ]);
    const vacation = balances.balances.find((b) => b.leaveType.code === "VACATION") ?? null;
    data = { at: Date.now(), summary, vacation, requests: requests.items, unread: inbox.unreadCount };
    const session = keptSession();
    if (session) localStorage.setItem(HOME_KEY, JSON.stringify({ ...data, session: session.id }));
    week ||= weekOf(summary);
  } catch (e) {
    if (!(e instanceof OfflineError)) throw e;
    offline = true;
    data = keptHome();
  }
  if (!data) {
    return parts(
      h("h1", null, t("home")),
      h("p", { class: "alert", role: "alert" }, t("offlineNothing")),
    );
  }
  const { summary, vacation, requests } = data;
  const v = vacation;
  return parts(
    h("h1", null, t("home")),
    offline ? h("p", { class: "warn", role: "status" }, t("offline", { when: formatMoment(data.at) })) : null,
    takeFlash(),
    v
      ? h(
        "section",
        { class: "card", "aria-labelledby": "h-vac" },
        h(
          "h2",
          { id: "h-vac" },
          t("vacationLeft", { year: v.year, days: formatQuantity(v.remaining ?? 0) }, v.remaining ?? 0),
        ),
        h(
          "dl",
          { class: "figures" },
          // The year's entitlement as the person knows it, then what was carried over and corrected (each only
          // when there is some): the days taken before the service was used are among those taken.
          [
            ["entitlement", v.entitlement],
            ["carryOver", (v.carryOver ?? 0) - (v.carryOverLapsed ?? 0)],
            ["corrections", v.adjustments ?? 0],
            ["used", v.used],
            ["planned", v.planned],
            ["pending", v.pending],
          ].filter(([k, n]) => n || !["carryOver", "corrections"].includes(k))
            .map(([k, n]) => [h("dt", null, t(k)), h("dd", null, formatQuantity(n ?? 0))]),
        ),
        carriedLines(v),
        h("a", { href: "/leave", class: "button" }, t("newRequest")),
      )
      : null,
    h(
      "section",
      { class: "card", "aria-labelledby": "h-week" },
      // No week's figures until the person has logged any time (a new hire): the card only leads there.
      h(
        "h2",
        { id: "h-week" },
        summary.timesheet
          ? t("weekHours", {
            hours: formatQuantity(summary.timesheet.totalHours),
            target: formatQuantity(summary.timesheet.targetHours),
          })
          : t("time"),
      ),
      summary.timesheet?.draftCount
        ? h("p", null, t("drafts", { n: summary.timesheet.draftCount }, summary.timesheet.draftCount))
        : null,
      h("a", { href: "/time" }, t("time")),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-pay" },
      h("h2", { id: "h-pay" }, t("payslips")),
      summary.nextPayoutDate
        ? h("p", null, t("nextPayout", { date: formatDate(summary.nextPayoutDate) }))
        : null,
      summary.latestPayslipPeriod
        ? h(
          "p",
          null,
          h("a", { href: "/payslips" }, t("latestPayslip", { period: summary.latestPayslipPeriod })),
        )
        : null,
    ),
    offline ? null : card(
      "h-todo",
      t("todosTitle"),
      h(
        "p",
        null,
        h(
          "a",
          { href: "/todos" },
          t("todos", { n: summary.todos?.total ?? 0 }),
          " · ",
          t("unreadCount", { n: data.unread ?? 0 }, data.unread ?? 0),
        ),
        (summary.todos?.total ?? 0) + (data.unread ?? 0)
          ? [
            " ",
            h(
              "span",
              { class: "count", "aria-hidden": "true" },
              (summary.todos?.total ?? 0) + (data.unread ?? 0),
            ),
          ]
          : null,
      ),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-req" },
      h("h2", { id: "h-req" }, t("myRequests")),
      requestList(requests, false),
    ),
  );
}

/** Leave requests with their status and the decision's note. */
function requestList(items, actions) {
  if (!items.length) return h("p", null, t("noRequests"));
  return h(
    "ul",
    { class: "list" },
    items.map((r) =>
      h(
        "li",
        { "data-request": r.id },
        h("strong", null, r.leaveType.name),
        " ",
        formatRange(r.startDate, r.endDate),
        " · ",
        daysText(r.days),
        " ",
        status(r.status),
        r.decisionNote ? h("p", { class: "muted" }, t("decisionNote", { note: r.decisionNote })) : null,
        actions && r.canWithdraw
          ? handle(
            h(
              "form",
              { id: `withdraw-${r.id}`, class: "inline" },
              h("button", { type: "submit", class: "secondary" }, t("withdraw")),
            ),
            async (key) => {
              await call("POST", `/employee/leave/requests/${r.id}/withdraw`, { key });
              flash = t("withdrawn");
              await show();
            },
          )
          : null,
        actions && r.canRequestCancellation
          ? button(`cancel-${r.id}`, t("askCancel"), async (key) => {
            await call("POST", `/employee/leave/requests/${r.id}/cancellation`, { key });
            flash = t("cancelAsked");
            await show();
          })
          : null,
      )
    ),
  );
}

// ---------------------------------------------------------------------------------------------------
// Leave: balances, a request checked first (days, balance after, approver), then filed

/**
 * The statutory days in a balance's carry-over, one line per year of origin with the day they lapse: they
 * are owed until taken for five years, unlike the extra days, which lapse with the carry-over's expiry.
 */
function carriedLines(b) {
  const statutory = (b.carryOverByYear ?? []).filter((c) => c.kind === "STATUTORY");
  return statutory.length
    ? h(
      "ul",
      { class: "muted carried" },
      statutory.map((c) =>
        h(
          "li",
          null,
          t(
            "carriedLapse",
            { days: formatQuantity(c.days), year: c.year, date: formatDate(c.lapsesOn) },
            c.days,
          ),
        )
      ),
    )
    : null;
}

async function leave() {
  const [types, balances, requests] = await Promise.all([
    call("GET", "/employee/leave/types"),
    call("GET", `/employee/leave/balances${leaveYear ? `?year=${leaveYear}` : ""}`),
    call("GET", "/employee/leave/requests?limit=20"),
  ]);
  const previewBox = h("div", { id: "preview", "aria-live": "polite" });
  const sendButton = h("button", { type: "submit", name: "action", value: "send", hidden: true }, t("send"));
  const form = h(
    "form",
    { id: "leave-form", novalidate: true },
    field("leaveType", t("leaveType"), {
      children: types.items.map((ty) =>
        h("option", { value: ty.code, selected: ty.code === "VACATION" }, ty.name)
      ),
    }, "select"),
    h(
      "div",
      { class: "pair" },
      field("startDate", t("from"), { type: "date", required: true }),
      field("endDate", t("to"), { type: "date", required: true }),
    ),
    checkbox("startPortion", t("afternoonOnly")),
    checkbox("endPortion", t("morningOnly")),
    field("reason", t("reason"), { rows: 2, maxlength: 1000 }, "textarea"),
    previewBox,
    h("button", { type: "submit", name: "action", value: "preview", class: "secondary" }, t("preview")),
    sendButton,
  );
  // A special leave's length per event, shown as soon as its type is chosen.
  const eventHint = h("p", { id: "event-hint", class: "muted", "aria-live": "polite" });
  const typeSelect = /** @type {HTMLSelectElement} */ (form.elements.namedItem("leaveType"));
  typeSelect.setAttribute("aria-describedby", "event-hint");
  const showEvent = () => {
    const ty = types.items.find((x) => x.code === typeSelect.value);
    const pe = ty?.perEvent;
    eventHint.textContent = pe
      ? t(pe.withinMonths ? "perEventWithin" : "perEvent", {
        days: formatQuantity(pe.days),
        unit: t(`unit.${pe.unit}`),
        months: pe.withinMonths ?? "",
      })
      : "";
  };
  typeSelect.after(eventHint);
  typeSelect.addEventListener("change", showEvent);
  showEvent();
  // A changed request must be checked again before it is sent.
  form.addEventListener("input", () => {
    previewBox.replaceChildren();
    sendButton.hidden = true;
  });
  const body = () => {
    const v = values(form);
    return {
      leaveType: v.leaveType,
      startDate: v.startDate ?? "",
      endDate: v.endDate ?? v.startDate ?? "",
      ...(v.startPortion ? { startPortion: "AFTERNOON" } : {}),
      ...(v.endPortion ? { endPortion: "MORNING" } : {}),
      ...(v.reason ? { reason: v.reason } : {}),
    };
  };
  handle(form, async (key, submitter) => {
    if (submitter?.value === "send") {
      await call("POST", "/employee/leave/requests", { json: body(), key });
      flash = t("requestSent");
      await show();
      return;
    }
    const p = await call("POST", "/employee/leave/requests/preview", { json: body(), key: newKey() });
    previewBox.replaceChildren(
      h(
        "div",
        { class: "note" },
        h("h3", null, t("previewTitle")),
        h(
          "p",
          null,
          t("deducted", { days: formatQuantity(p.days) }, p.days),
          " · ",
          formatRange(p.startDate, p.endDate),
        ),
        // Each year's balance, and under it the statutory days carried into it with the day each year's lapse.
        p.balances.map((b) => [
          h(
            "p",
            null,
            t("balanceChange", {
              year: b.year,
              before: formatQuantity(b.remainingBefore),
              after: formatQuantity(b.remainingAfter),
            }, b.remainingAfter),
          ),
          carriedLines(b),
        ]),
        p.holidaysInRange?.length
          ? h(
            "p",
            null,
            t("holidaysIn", {
              list: p.holidaysInRange.map((x) => `${x.name ?? ""} ${formatDate(x.date ?? x)}`.trim()).join(
                ", ",
              ),
            }),
          )
          : null,
        h("p", null, p.approver ? t("approverIs", { name: p.approver.name }) : t("approverHr")),
      ),
    );
    sendButton.hidden = false;
    return sendButton;
  });
  const shown = balances.balances.filter((b) =>
    b.leaveType.deductsBalance || b.used || b.planned || b.pending
  );
  const thisYear = Number(localToday().slice(0, 4));
  const yearForm = h(
    "form",
    { id: "year-form", class: "inline" },
    field("year", t("year"), {
      children: [thisYear - 1, thisYear, thisYear + 1].map((y) =>
        h("option", { value: String(y), selected: y === balances.year }, String(y))
      ),
    }, "select"),
    h("button", { type: "submit", class: "secondary" }, t("showYear")),
  );
  yearForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    leaveYear = Number(values(yearForm).year);
    show();
  });
  return parts(
    h("h1", null, t("leave")),
    takeFlash(),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-new" },
      h("h2", { id: "h-new" }, t("newRequest")),
      form,
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-bal" },
      h("h2", { id: "h-bal" }, t("balances", { year: balances.year })),
      yearForm,
      h(
        "dl",
        { class: "figures" },
        shown.map((b) => [
          h("dt", null, b.leaveType.name),
          h(
            "dd",
            null,
            b.leaveType.deductsBalance
              ? t("leftOf", {
                left: formatQuantity(b.remaining ?? 0),
                of: formatQuantity(b.available ?? 0),
              }, b.available ?? 0)
              : t(
                "taken",
                { n: formatQuantity((b.used ?? 0) + (b.planned ?? 0) + (b.pending ?? 0)) },
                (b.used ?? 0) + (b.planned ?? 0) + (b.pending ?? 0),
              ),
            carriedLines(b),
          ),
        ]),
      ),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-mine" },
      h("h2", { id: "h-mine" }, t("myRequests")),
      requestList(requests.items, true),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------
// Time: the week against its target, an entry logged, the week submitted

async function time() {
  if (!week) week = weekOf(await call("GET", "/employee/summary"));
  const [w, clock] = await Promise.all([call("GET", `/employee/time-weeks/${week}`), timerCard()]);
  const day = (iso) =>
    new Date(`${iso}T12:00:00Z`).toLocaleDateString(lang === "en" ? "en-GB" : `${lang}-CH`, {
      weekday: "short",
      timeZone: "UTC",
    });
  const today = localToday();
  const defaultDate = today >= w.weekStart && today <= w.weekEnd ? today : w.weekStart;
  const entryForm = handle(
    h(
      "form",
      { id: "time-form", novalidate: true },
      field("date", t("date"), { type: "date", value: defaultDate, required: true }),
      h(
        "div",
        { class: "pair" },
        field("startTime", t("start"), { type: "time", required: true }),
        field("endTime", t("end"), { type: "time", required: true }),
      ),
      field("breakMinutes", t("breakMinutes"), {
        type: "number",
        min: "0",
        max: "1440",
        inputmode: "numeric",
      }),
      field("projectCode", t("project"), { type: "text", autocomplete: "off" }),
      field("description", t("description"), { type: "text", autocomplete: "off" }),
      h("button", { type: "submit" }, t("addEntry")),
    ),
    async (key, _s) => {
      const v = values(entryForm);
      const json = {
        date: v.date ?? "",
        startTime: v.startTime ?? "",
        endTime: v.endTime ?? "",
        ...(v.breakMinutes ? { breakMinutes: Number(v.breakMinutes) } : {}),
        ...(v.projectCode ? { projectCode: v.projectCode } : {}),
        ...(v.description ? { description: v.description } : {}),
      };
      await call("POST", "/employee/time-entries", { json, key });
      flash = t("entryAdded");
      await show();
    },
  );
  const submitForm = handle(
    h("form", { id: "submit-week", class: "inline" }, h("button", { type: "submit" }, t("submitWeek"))),
    async (key) => {
      const r = await call("POST", `/employee/time-weeks/${week}/submit`, { key });
      flash = t("weekSubmitted", { n: r.submitted }, r.submitted);
      await show();
    },
  );
  const move = (days) => () => {
    week = addDays(week, days);
    show();
  };
  return parts(
    h("h1", null, t("time")),
    takeFlash(),
    clock,
    h(
      "section",
      { class: "card", "aria-labelledby": "h-wk" },
      h(
        "div",
        { class: "weeknav" },
        h(
          "button",
          { type: "button", class: "secondary", onclick: move(-7), "aria-label": t("prevWeek") },
          "←",
        ),
        h("h2", { id: "h-wk" }, t("weekOf", { from: formatDate(w.weekStart), to: formatDate(w.weekEnd) })),
        h(
          "button",
          { type: "button", class: "secondary", onclick: move(7), "aria-label": t("nextWeek") },
          "→",
        ),
      ),
      h(
        "p",
        null,
        t("total", { hours: formatQuantity(w.totalHours), target: formatQuantity(w.targetHours) }),
        " ",
        status(w.status),
      ),
      h(
        "ul",
        { class: "days" },
        w.days.map((d) =>
          h(
            "li",
            null,
            h("span", null, `${day(d.date)} ${formatDate(d.date)}`),
            h("span", null, `${formatQuantity(d.hours)} / ${formatQuantity(d.targetHours)}`),
          )
        ),
      ),
      w.entries.length
        ? h(
          "ul",
          { class: "list" },
          w.entries.map((e) =>
            h(
              "li",
              null,
              h("strong", null, formatDate(e.date)),
              ` ${e.startTime}–${e.endTime} · ${t("hours", { n: formatQuantity(e.totalHours) })}`,
              e.projectCode ? ` · ${e.projectCode}` : "",
              " ",
              status(e.status),
              e.description ? h("p", { class: "muted" }, e.description) : null,
            )
          ),
        )
        : h("p", null, t("noEntries")),
      w.draftCount ? submitForm : null,
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-log" },
      h("h2", { id: "h-log" }, t("addEntry")),
      entryForm,
    ),
  );
}

// ---------------------------------------------------------------------------------------------------
// Sick leave: report (with the certificate at once), upload later, end, take back

async function sick() {
  const s = await call("GET", "/employee/sick-leave");
  const upload = async (id, file, key) => {
    const form = new FormData();
    form.append("file", file);
    await call("POST", `/employee/sick-leave/${id}/certificate`, { form, key });
  };
  const reportForm = handle(
    h(
      "form",
      { id: "sick-form", novalidate: true },
      h(
        "div",
        { class: "pair" },
        field("startDate", t("sickFrom"), { type: "date", value: localToday(), required: true }),
        field("endDate", t("sickUntil"), { type: "date" }),
      ),
      field("reason", t("sickReason"), { rows: 2, maxlength: 1000 }, "textarea"),
      field("file", t("certificate"), { type: "file", accept: UPLOAD_ACCEPT }),
      h("button", { type: "submit" }, t("report")),
    ),
    async (key) => {
      const v = values(reportForm);
      const file = chosenFile(reportForm, "file", false);
      const created = await call("POST", "/employee/sick-leave", {
        json: {
          startDate: v.startDate ?? "",
          ...(v.endDate ? { endDate: v.endDate } : {}),
          ...(v.reason ? { reason: v.reason } : {}),
        },
        key,
      });
      flash = t("reported");
      if (file) {
        try {
          await upload(created.id, file, newKey());
          flash = `${t("reported")} ${t("uploaded")}`;
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          flash = `${t("reported")} ${e.message}`;
        }
      }
      await show();
    },
  );
  const entries = s.items.filter((e) => e.status !== "TAKEN_BACK");
  return parts(
    h("h1", null, t("sick")),
    takeFlash(),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-rep" },
      h("h2", { id: "h-rep" }, t("reportSick")),
      reportForm,
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-abs" },
      h("h2", { id: "h-abs" }, t("myAbsences", { year: s.year })),
      s.salaryContinuation
        ? h(
          "p",
          null,
          t("continuation", { n: s.salaryContinuation.daysRemaining, of: s.salaryContinuation.daysEntitled }),
        )
        : null,
      entries.length
        ? h(
          "ul",
          { class: "list" },
          entries.map((e) => {
            const forms = [];
            if (e.certificateState !== "ACCEPTED") {
              const f = handle(
                h(
                  "form",
                  { id: `cert-${e.id}`, class: "sub" },
                  field(`file-${e.id}`, t("certificate"), {
                    type: "file",
                    accept: UPLOAD_ACCEPT,
                  }),
                  h("button", { type: "submit", class: "secondary" }, t("upload")),
                ),
                async (key) => {
                  const file = /** @type {File} */ (chosenFile(f, `file-${e.id}`, true));
                  await upload(e.id, file, key);
                  flash = t("uploaded");
                  await show();
                },
              );
              forms.push(f);
            }
            if (e.isOngoing) {
              const f = handle(
                h(
                  "form",
                  { id: `end-${e.id}`, class: "sub" },
                  field(`endDate-${e.id}`, t("endOn"), { type: "date", value: localToday() }),
                  h("button", { type: "submit", class: "secondary" }, t("endAbsence")),
                ),
                async (key) => {
                  const endDate = values(f)[`endDate-${e.id}`] ?? "";
                  await call("POST", "/employee/sick-leave/end", {
                    json: { action: "end", entryId: e.id, endDate },
                    key,
                  });
                  flash = t("ended");
                  await show();
                },
              );
              forms.push(f);
            }
            if (e.canTakeBack) {
              forms.push(handle(
                h(
                  "form",
                  { id: `back-${e.id}`, class: "inline" },
                  h("button", { type: "submit", class: "danger" }, t("takeBack")),
                ),
                async (key) => {
                  await call("POST", `/employee/sick-leave/${e.id}/take-back`, { key });
                  flash = t("takenBack");
                  await show();
                },
              ));
            }
            return h(
              "li",
              { "data-sick": e.id },
              h(
                "strong",
                null,
                e.isOngoing
                  ? t("ongoing", { date: formatDate(e.startDate) })
                  : formatRange(e.startDate.slice(0, 10), e.endDate?.slice(0, 10)),
              ),
              ` · ${daysText(e.totalDays)} `,
              h(
                "span",
                { class: "badge" },
                t(`cert.${e.certificateState ?? (e.hasCertificate ? "UPLOADED" : "NONE")}`),
              ),
              forms,
            );
          }),
        )
        : h("p", null, t("noAbsences")),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------
// Payslips: the list, each PDF downloaded straight from the API (the session cookie authorises it)

/** An amount in francs as the service gives it (1'234.50 CHF), another currency by its code. */
function money(n, currency = "CHF") {
  return currency === "CHF" ? formatChf(n) : `${formatChf(n).slice(0, -4)} ${currency}`;
}

/**
 * One payslip's amounts, asked for when the person opens them: salary data is never kept by the service's
 * caches (`no-store`), so the app keeps it nowhere either (not in memory, not on the device) and shows it
 * only on request, not on a screen someone looking over a shoulder sees first.
 */
function payslipAmounts(s) {
  const box = h("div", { class: "amounts" });
  const more = h(
    "details",
    { "data-amounts": s.id },
    h("summary", null, t("amounts"), h("span", { class: "sr" }, ` ${s.periodLabel}`)),
    box,
  );
  more.addEventListener("toggle", async () => {
    if (!more.open || box.childNodes.length) return;
    box.textContent = t("loading");
    try {
      const p = await call("GET", `/employee/payslips/${s.id}`, { keep: false });
      box.replaceChildren(
        h(
          "dl",
          { class: "figures" },
          h("dt", null, t("gross")),
          h("dd", null, money(p.gross, p.currency)),
          p.lines.map((l) => [h("dt", null, l.label), h("dd", null, money(l.amount, p.currency))]),
          h("dt", null, h("strong", null, t("net"))),
          h("dd", null, h("strong", null, money(p.net, p.currency))),
        ),
      );
    } catch (e) {
      if (e instanceof SignedOutError) return;
      box.replaceChildren(
        h(
          "p",
          { class: "alert", role: "alert" },
          e instanceof OfflineError ? t("networkError") : String(e.message),
        ),
      );
    }
  });
  return more;
}

async function payslips() {
  const p = await call("GET", "/employee/payslips");
  return parts(
    h("h1", null, t("payslips")),
    h("p", null, h("a", { href: "/salary" }, t("salary"))),
    p.items.length
      ? h(
        "ul",
        { class: "list" },
        p.items.map((s) =>
          h(
            "li",
            { "data-payslip": s.id },
            h("strong", null, s.periodLabel),
            " · ",
            t("paidOn", { date: formatDate(s.paymentDate) }),
            payslipAmounts(s),
            s.hasDocument
              ? h(
                "p",
                null,
                h(
                  "a",
                  { href: `/api/v1/portal/employee/payslips/${s.id}/document`, download: true },
                  t("download"),
                  h("span", { class: "sr" }, ` ${s.periodLabel}`),
                ),
              )
              : null,
          )
        ),
      )
      : h("p", null, t("noPayslips")),
  );
}

/** The salary: the current one, changes agreed for later and the history (never kept, as payslips). */
async function salary() {
  const c = await call("GET", "/employee/compensation", { keep: false });
  const step = (x) =>
    h(
      "dl",
      { class: "figures" },
      h("dt", null, t("monthly")),
      h("dd", null, money(x.monthlySalary, x.currency)),
      h("dt", null, t("annual")),
      h("dd", null, money(x.annualSalary, x.currency)),
      h("dt", null, t("payments")),
      h("dd", null, formatQuantity(x.payments)),
    );
  return parts(
    h("h1", null, t("salary")),
    h("p", { class: "muted" }, t("salaryHint")),
    c.current
      ? card("h-now", t("salaryNow", { date: formatDate(c.current.validFrom) }), step(c.current))
      : h("p", null, t("noSalary")),
    c.upcoming.map((x, i) =>
      card(`h-up-${i}`, t("salaryUpcoming", { date: formatDate(x.validFrom) }), step(x))
    ),
    c.history.length > 1
      ? card(
        "h-hist",
        t("salaryHistory"),
        h(
          "ul",
          { class: "list" },
          c.history.map((x) =>
            h(
              "li",
              null,
              h("strong", null, formatDate(x.validFrom)),
              ` · ${t("monthly")} ${money(x.monthlySalary, x.currency)}`,
              x.reason ? h("p", { class: "muted" }, x.reason) : null,
            )
          ),
        ),
      )
      : null,
  );
}

// ---------------------------------------------------------------------------------------------------
// Team (managers): leave requests and weeks to decide

async function team() {
  if (!canApprove()) return parts(h("h1", null, t("approvals")), takeFlash(), ...await teamExtras());
  const [requests, weeks, extras] = await Promise.all([
    call("GET", "/approvals/leave-requests?limit=20"),
    call("GET", "/approvals/timesheets"),
    teamExtras(),
  ]);
  const decide = (path, id) => {
    const f = handle(
      h(
        "form",
        { id: `decide-${id}`, class: "sub" },
        field(`note-${id}`, t("note"), { type: "text", maxlength: 1000 }),
        h("button", { type: "submit", name: "decision", value: "APPROVE" }, t("approve")),
        h("button", { type: "submit", name: "decision", value: "REJECT", class: "danger" }, t("reject")),
      ),
      async (key, submitter) => {
        const note = values(f)[`note-${id}`];
        await call("POST", path, {
          json: { decision: submitter?.value ?? "APPROVE", ...(note ? { note } : {}) },
          key,
        });
        flash = t("decided");
        await show();
      },
    );
    return f;
  };
  return parts(
    h("h1", null, t("approvals")),
    takeFlash(),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-dec" },
      h("h2", { id: "h-dec" }, t("toDecide")),
      requests.items.length
        ? h(
          "ul",
          { class: "list" },
          requests.items.map((it) =>
            h(
              "li",
              { "data-request": it.request.id },
              h("strong", null, it.employee.name),
              it.kind === "LEAVE_CANCELLATION" ? [" ", status("CANCELLATION_REQUESTED")] : null,
              h(
                "p",
                null,
                `${it.request.leaveType.name} · ${formatRange(it.request.startDate, it.request.endDate)} · `,
                daysText(it.request.days),
              ),
              it.request.reason ? h("p", { class: "muted" }, it.request.reason) : null,
              (it.balances ?? []).map((b) =>
                h("p", null, t("balanceAfter", { days: formatQuantity(b.remainingAfter) }, b.remainingAfter))
              ),
              decide(`/approvals/leave-requests/${it.request.id}/decision`, it.request.id),
            )
          ),
        )
        : h("p", null, t("nothingToDecide")),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-wks" },
      h("h2", { id: "h-wks" }, t("weeksToDecide")),
      weeks.items.length
        ? h(
          "ul",
          { class: "list" },
          weeks.items.map((wk) => {
            const id = `${wk.employee.employeeId}-${wk.weekStart}`;
            return h(
              "li",
              null,
              h("strong", null, wk.employee.name),
              h(
                "p",
                null,
                t("weekOf", { from: formatDate(wk.weekStart), to: formatDate(addDays(wk.weekStart, 6)) }),
                " · ",
                t("total", { hours: formatQuantity(wk.totalHours), target: formatQuantity(wk.targetHours) }),
              ),
              decide(`/approvals/timesheets/${wk.employee.employeeId}/${wk.weekStart}/decision`, id),
            );
          }),
        )
        : h("p", null, t("nothingToDecide")),
    ),
    ...extras,
  );
}

// ---------------------------------------------------------------------------------------------------
// Account: language, push to this browser, sign-out

async function account() {
  const push = await pushCard();
  const form = languageForm();
  const out = handle(
    h("form", { id: "signout" }, h("button", { type: "submit", class: "secondary" }, t("signOut"))),
    async () => {
      await call("DELETE", "/auth/session").catch((e) => {
        if (!(e instanceof SignedOutError)) throw e;
      });
      localStorage.removeItem(HOME_KEY);
      localStorage.removeItem(SESSION_KEY);
      forget();
      location.assign("/oauth/signin?next=/");
    },
  );
  return parts(
    takeFlash(),
    h("h1", null, t("settings")),
    h("p", null, t("signedInAs", { email: user?.email ?? "" })),
    h(
      "ul",
      { class: "links" },
      h("li", null, h("a", { href: "/profile" }, t("profile"))),
      h("li", null, h("a", { href: "/assistants" }, t("assistants"))),
      h("li", null, h("a", { href: "/salary" }, t("salary"))),
    ),
    // HR staff and administrators run the organisation in the server-rendered console.
    user && ["hr", "admin"].includes(user.role)
      ? h("p", null, h("a", { href: "/hr" }, t("hrConsole")))
      : null,
    h(
      "section",
      { class: "card", "aria-labelledby": "h-lang" },
      h("h2", { id: "h-lang" }, t("language")),
      form,
    ),
    push,
    h("p", { class: "muted" }, t("install")),
    out,
  );
}

// ---------------------------------------------------------------------------------------------------
// Push to this browser (Web Push): the service's VAPID key, the browser's subscription registered as a
// WEBPUSH device of this sign-in session; the service worker shows what arrives (sw.js)

/** This browser's service worker registration, if it can receive push at all. */
async function pushRegistration() {
  if (!("PushManager" in window) || !("Notification" in window)) return undefined;
  return await navigator.serviceWorker?.getRegistration("/");
}

/** base64url to bytes (the VAPID key) and back (the subscription as a token). */
const unb64 = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const b64 = (s) => btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/**
 * Subscribes this browser (anew when the service's key is not the one it subscribed with) and registers it
 * for this sign-in session in the app's language, so pushes follow a new sign-in and a language change.
 */
async function pushOn(reg, key) {
  const server = unb64((await call("GET", "/push/web-key")).publicKey);
  let sub = await reg.pushManager.getSubscription();
  const had = sub?.options?.applicationServerKey;
  if (sub && had && String(new Uint8Array(had)) !== String(server)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: server });
  const token = b64(JSON.stringify(sub));
  await call("POST", "/employee/push-devices", { json: { platform: "WEBPUSH", token, language: lang }, key });
}

/** Stops pushes to this browser: its devices of this sign-in session go, and the subscription. */
async function pushOff(reg) {
  const { items } = await call("GET", "/employee/push-devices");
  for (const d of items) {
    if (d.current && d.platform === "WEBPUSH") await call("DELETE", `/employee/push-devices/${d.id}`);
  }
  await (await reg.pushManager.getSubscription())?.unsubscribe();
}

/** At start and after a language change: a browser with push on registers again (quietly). */
async function pushAgain() {
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
async function pushCard() {
  const reg = await pushRegistration();
  const title = (...c) => card("h-push", t("pushTitle"), ...c);
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
      flash = t(want ? "pushOn" : "pushOff");
      await show();
    },
  );
  input.addEventListener("change", () => form.requestSubmit());
  return title(form, h("p", { class: "muted" }, t(blocked ? "pushBlocked" : "pushHint")));
}

// ---------------------------------------------------------------------------------------------------
// Files from the phone: checked before they are sent (the service takes PDF, JPEG, PNG and HEIC up to 10 MB)

const UPLOAD_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/heic", "image/heif"];
const UPLOAD_MAX = 10 * 1024 * 1024;
const UPLOAD_ACCEPT = "application/pdf,image/jpeg,image/png,image/heic,.heic";

/**
 * The file chosen in a form's file field, refused here when it is missing, too large or of a type the
 * service refuses (a phone photo in HEIC has no type in some browsers: its name decides).
 * @param {HTMLFormElement} form
 * @param {string} name
 * @param {boolean} required
 */
function chosenFile(form, name, required) {
  const file = /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).files?.[0];
  const refuse = (message) => new ApiError(0, { error: message, fields: [{ field: name, message }] });
  if (!file) {
    if (required) throw refuse(t("fileMissing"));
    return null;
  }
  const heic = /\.hei[cf]$/i.test(file.name);
  if (!UPLOAD_TYPES.includes(file.type) && !heic) throw refuse(t("fileType"));
  if (file.size > UPLOAD_MAX) throw refuse(t("fileTooLarge", { mb: 10 }));
  return file;
}

/** A form of one button (a tap that calls the service and shows the next screen with a status line). */
function button(id, label, action, cls = "secondary") {
  return handle(
    h("form", { id, class: "inline" }, h("button", { type: "submit", class: cls }, label)),
    action,
  );
}

/** A card with its heading (h2, labelled). */
function card(id, title, ...content) {
  return h("section", { class: "card", "aria-labelledby": id }, h("h2", { id }, title), content);
}

// ---------------------------------------------------------------------------------------------------
// To-dos and the inbox: documents HR asks for, onboarding tasks, feedback and surveys, notifications

async function todos() {
  const [td, inbox, policies] = await Promise.all([
    call("GET", "/employee/todos"),
    call("GET", "/employee/notifications?limit=30"),
    call("GET", "/employee/policies"),
  ]);
  // A policy to read: its text is fetched when opened, and acknowledged once read.
  const toRead = policies.items.filter((p) => !p.acknowledgementCurrent).map((p) => {
    const text = h("div", { class: "policy", tabindex: "0", "aria-label": p.title });
    const more = h("details", null, h("summary", null, t("readDocument")), text);
    more.addEventListener("toggle", async () => {
      if (!more.open || text.childNodes.length) return;
      text.textContent = t("loading");
      // The service renders the Markdown in the careers page's safe subset; parsed into an inert document
      // first, so nothing of it runs, and the page's policy allows no inline script or style anyway.
      const { html } = await call("GET", `/employee/policies/${encodeURIComponent(p.slug)}`);
      text.replaceChildren(...new DOMParser().parseFromString(html, "text/html").body.childNodes);
    });
    return h(
      "li",
      { "data-policy": p.slug },
      h("strong", null, p.title),
      p.acknowledgedAt ? ` · ${t("changedSince", { date: formatDate(p.acknowledgedAt) })}` : "",
      more,
      button(`ack-${p.slug}`, t("acknowledge"), async (key) => {
        await call("POST", `/employee/policies/${encodeURIComponent(p.slug)}/acknowledgement`, { key });
        flash = t("acknowledged", { title: p.title });
        await show();
      }),
    );
  });
  const docs = td.documentsMissing.map((d) => {
    const name = `doc-${d.id}`;
    const f = handle(
      h(
        "form",
        { id: `docf-${d.id}`, class: "sub" },
        field(name, t("chooseFile", { what: d.kind }), { type: "file", accept: UPLOAD_ACCEPT }),
        h("button", { type: "submit", class: "secondary" }, t("upload")),
      ),
      async (key) => {
        const file = chosenFile(f, name, true);
        const form = new FormData();
        form.append("file", /** @type {File} */ (file));
        await call("POST", `/employee/todos/documents/${d.id}/file`, { form, key });
        flash = t("docUploaded", { what: d.kind });
        await show();
      },
    );
    return h(
      "li",
      { "data-doc": d.id },
      h("strong", null, d.kind),
      d.dueDate ? ` · ${t("dueOn", { date: formatDate(d.dueDate) })}` : "",
      f,
    );
  });
  const tasks = td.onboarding.tasks.map((task) =>
    h(
      "li",
      { "data-task": task.id },
      h("strong", null, task.title),
      task.dueDate ? ` · ${t("dueOn", { date: formatDate(task.dueDate) })}` : "",
      task.mine
        ? button(`task-${task.id}`, t("markDone"), async (key) => {
          await call("POST", `/employee/todos/onboarding-tasks/${task.id}/done`, { key });
          flash = t("taskDone");
          await show();
        })
        : h("p", { class: "muted" }, t("notMine")),
    )
  );
  const others = [
    ...td.feedbackDrafts.map((f) =>
      h("li", null, t("feedbackDraft", { cycle: f.cycle, about: f.about ?? "–" }))
    ),
    ...td.surveyInvitations.map((s) =>
      h(
        "li",
        null,
        t("survey", { title: s.title }),
        s.dueDate ? ` · ${t("dueOn", { date: formatDate(s.dueDate) })}` : "",
      )
    ),
  ];
  const read = (ids) => async (key) => {
    await call("POST", "/employee/notifications/read", { json: ids ? { ids } : { all: true }, key });
    flash = t("markedRead");
    await show();
  };
  return parts(
    h("h1", null, t("todosTitle")),
    takeFlash(),
    card(
      "h-read",
      t("toRead"),
      toRead.length ? h("ul", { class: "list" }, toRead) : h("p", null, t("nothingToRead")),
    ),
    card(
      "h-docs",
      t("docsMissing"),
      docs.length
        ? [h("p", { class: "muted" }, t("uploadHint")), h("ul", { class: "list" }, docs)]
        : h("p", null, t("noDocs")),
    ),
    card(
      "h-tasks",
      t("onboardingTasks"),
      tasks.length ? h("ul", { class: "list" }, tasks) : h("p", null, t("noTasks")),
    ),
    others.length ? card("h-other", t("otherTodos"), h("ul", { class: "list" }, others)) : null,
    card(
      "h-inbox",
      t("inbox", { n: inbox.unreadCount }),
      inbox.items.length
        ? h(
          "ul",
          { class: "list" },
          inbox.items.map((n) =>
            h(
              "li",
              { "data-notification": n.id, class: n.readAt ? "" : "unread" },
              n.readAt ? null : [h("span", { class: "badge s-OPEN" }, t("unread")), " "],
              n.readAt ? n.text : h("strong", null, n.text),
              h("p", { class: "muted" }, formatMoment(n.createdAt)),
              n.readAt ? null : button(`read-${n.id}`, t("markRead"), read([n.id])),
            )
          ),
        )
        : h("p", null, t("noNotifications")),
      inbox.unreadCount > 1 ? button("read-all", t("markAllRead"), read(null)) : null,
    ),
  );
}

// ---------------------------------------------------------------------------------------------------
// Profile: what HR has on file, address and emergency contact, sensitive changes through HR, language

const CHANGE_FIELDS = [
  "IBAN",
  "AHV_NUMBER",
  "BIRTH_DATE",
  "NATIONALITY",
  "FIRST_NAME",
  "LAST_NAME",
  "SALARY",
];

function languageForm() {
  const form = handle(
    h(
      "form",
      { id: "lang-form" },
      field("language", t("language"), {
        children: LANGS.map((l) => h("option", { value: l, selected: l === lang, lang: l }, LANG_NAMES[l])),
      }, "select"),
      h("button", { type: "submit" }, t("saveLanguage")),
    ),
    async () => {
      const language = /** @type {Lang} */ (values(form).language);
      await call("PATCH", "/employee/profile", { json: { language } });
      setLang(language);
      pushAgain();
      await show(true);
    },
  );
  return form;
}

async function profile() {
  const [p, changes] = await Promise.all([
    call("GET", "/employee/profile"),
    call("GET", "/employee/profile/change-requests"),
  ]);
  const c = p.contact ?? {};
  const e = p.employment ?? {};
  const contactForm = handle(
    h(
      "form",
      { id: "contact-form", novalidate: true },
      field("addressStreet", t("street"), { value: c.addressStreet ?? "", autocomplete: "street-address" }),
      h(
        "div",
        { class: "pair" },
        field("addressPostalCode", t("postalCode"), {
          value: c.addressPostalCode ?? "",
          autocomplete: "postal-code",
        }),
        field("addressCity", t("city"), { value: c.addressCity ?? "", autocomplete: "address-level2" }),
      ),
      field("addressCountry", t("country"), { value: c.addressCountry ?? "", maxlength: 2 }),
      field("phone", t("phone"), { type: "tel", value: c.phone ?? "", autocomplete: "tel" }),
      field("emergencyContactName", t("emergencyName"), { value: c.emergencyContactName ?? "" }),
      field("emergencyContactPhone", t("emergencyPhone"), {
        type: "tel",
        value: c.emergencyContactPhone ?? "",
      }),
      h("button", { type: "submit" }, t("save")),
    ),
    async () => {
      const json = {};
      for (const el of contactForm.elements) {
        const f = /** @type {HTMLInputElement} */ (el);
        if (f.name) json[f.name] = f.value.trim();
      }
      await call("PATCH", "/employee/profile", { json });
      flash = t("saved");
      await show();
    },
  );
  const changeForm = handle(
    h(
      "form",
      { id: "change-form", novalidate: true },
      field("field", t("changeField"), {
        children: CHANGE_FIELDS.map((f) => h("option", { value: f }, t(`field.${f}`))),
      }, "select"),
      field("value", t("newValue"), { required: true, maxlength: 500, autocomplete: "off" }),
      field("comment", t("comment"), { rows: 2, maxlength: 1000 }, "textarea"),
      h("button", { type: "submit" }, t("askHr")),
    ),
    async (key) => {
      const v = values(changeForm);
      await call("POST", "/employee/profile/change-requests", {
        json: { field: v.field, value: v.value ?? "", ...(v.comment ? { comment: v.comment } : {}) },
        key,
      });
      flash = t("changeSent");
      await show();
    },
  );
  const facts = [
    ["personnelNumber", p.personnelNumber],
    ["workEmail", p.workEmail],
    ["jobTitle", e.jobTitle],
    ["department", e.department],
    ["manager", e.manager?.name],
    ["employedSince", formatDate(e.employmentStart)],
    ["workload", e.workloadPercent === undefined ? null : `${e.workloadPercent} %`],
    ["iban", p.sensitive?.iban],
  ].filter(([, v]) => v);
  return parts(
    h("h1", null, t("profile")),
    takeFlash(),
    card(
      "h-me",
      `${p.firstName} ${p.lastName}`,
      h("dl", { class: "figures" }, facts.map(([k, v]) => [h("dt", null, t(k)), h("dd", null, v)])),
    ),
    card("h-contact", t("addressContact"), h("p", { class: "muted" }, t("directChange")), contactForm),
    card(
      "h-change",
      t("changeRequests"),
      h("p", { class: "muted" }, t("changeHint")),
      changes.items.length
        ? h(
          "ul",
          { class: "list" },
          changes.items.map((r) =>
            h(
              "li",
              { "data-change": r.id },
              h("strong", null, t(`field.${r.field}`)),
              `: ${r.value} · ${formatDate(r.createdAt)} `,
              h("span", { class: `badge s-${r.status}` }, t(`change.${r.status}`)),
            )
          ),
        )
        : null,
      changeForm,
    ),
    card("h-lang", t("language"), languageForm()),
  );
}

// ---------------------------------------------------------------------------------------------------
// My assistants: connections, what they read about me, my data export

async function assistants() {
  const [connectedList, activity, exportList] = await Promise.all([
    call("GET", "/auth/assistants"),
    call("GET", "/auth/assistants/activity"),
    call("GET", "/employee/data-exports"),
  ]);
  const connected = connectedList.items;
  const exports = exportList.items;
  const exportForm = button("export", t("requestExport"), async (key) => {
    const x = await call("POST", "/employee/data-exports", { key });
    flash = x.status === "READY" ? t("exportReady") : t("exportPreparing");
    await show();
  }, "");
  return parts(
    h("h1", null, t("assistants")),
    takeFlash(),
    card(
      "h-conn",
      t("connected"),
      connected.length
        ? h(
          "ul",
          { class: "list" },
          connected.map((a) =>
            h(
              "li",
              { "data-assistant": a.id },
              h("strong", null, a.clientName),
              a.verified ? "" : ` · ${t("unverified")}`,
              h("p", null, t("connectedOn", { date: formatDate(a.connectedAt) })),
              a.lastUsedAt ? h("p", null, t("lastUsed", { date: formatMoment(a.lastUsedAt) })) : null,
              h("p", { class: "muted" }, a.scopes.join(", ")),
              button(`revoke-${a.id}`, t("revoke"), async () => {
                await call("DELETE", `/auth/assistants/${a.id}`);
                flash = t("revoked", { name: a.clientName });
                await show();
              }, "danger"),
            )
          ),
        )
        : h("p", null, t("noAssistants")),
    ),
    card(
      "h-read",
      t("whatRead", { from: formatDate(activity.from), to: formatDate(activity.to) }),
      activity.items.length
        ? h(
          "ul",
          { class: "list" },
          activity.items.map((i) =>
            h("li", null, h("strong", null, i.assistant), ` · ${formatMoment(i.at)}`, h("p", null, i.text))
          ),
        )
        : h("p", null, t("nothingRead")),
    ),
    card(
      "h-export",
      t("myData"),
      h("p", { class: "muted" }, t("exportHint")),
      exports.length
        ? h(
          "ul",
          { class: "list" },
          exports.map((x) =>
            h(
              "li",
              { "data-export": x.id },
              t("requestedOn", { date: formatMoment(x.requestedAt) }),
              " ",
              h("span", { class: "badge" }, t(`export.${x.status}`)),
              x.status === "READY"
                ? h(
                  "p",
                  null,
                  h(
                    "a",
                    { href: `/api/v1/portal/employee/data-exports/${x.id}/archive`, download: true },
                    t("downloadArchive"),
                  ),
                  ` · ${t("until", { date: formatDate(x.expiresAt) })}`,
                )
                : null,
            )
          ),
        )
        : null,
      exportForm,
    ),
  );
}

// ---------------------------------------------------------------------------------------------------
// Team: who is away (everyone), the team calendar and decisions (managers), onboarding and recruiting tasks

/** Absences as a list by start date: a grid of days would not fit a phone. */
function absenceList(items, withStatus) {
  if (!items.length) return h("p", null, t("nobodyAway"));
  return h(
    "ul",
    { class: "list" },
    [...items].sort((a, b) => a.startDate.localeCompare(b.startDate)).map((a) =>
      h(
        "li",
        null,
        h("strong", null, a.name),
        ` · ${formatRange(a.startDate.slice(0, 10), a.endDate?.slice(0, 10))}`,
        withStatus && a.kind ? [" ", h("span", { class: "badge" }, t(`away.${a.kind}`))] : null,
        withStatus && a.status && a.kind !== "SICK" ? [" ", status(a.status)] : null,
      )
    ),
  );
}

/**
 * The company closures or school holidays of the calendar's range, under their heading; nothing when there
 * are none. A school holiday names its canton.
 * @param {string} heading
 * @param {{ name: string, startDate: string, endDate: string, canton?: string }[]} items
 */
function periodList(heading, items) {
  if (!items.length) return null;
  return [
    h("h3", null, t(heading)),
    h(
      "ul",
      { class: "list", "data-periods": heading },
      items.map((p) =>
        h(
          "li",
          null,
          h("strong", null, p.canton ? `${p.name} (${p.canton})` : p.name),
          ` · ${formatRange(p.startDate, p.endDate)}`,
        )
      ),
    ),
  ];
}

async function teamExtras() {
  const [away, onboarding, recruiting, calendar] = await Promise.all([
    call("GET", "/employee/team/absences"),
    call("GET", "/approvals/onboarding-tasks"),
    call("GET", "/approvals/recruiting-tasks"),
    canApprove() ? call("GET", "/approvals/team-calendar") : null,
  ]);
  return [
    calendar
      ? card(
        "h-cal",
        t("teamCalendar", { from: formatDate(calendar.from), to: formatDate(calendar.to) }),
        absenceList(calendar.absences, true),
        periodList("closuresInRange", calendar.closures ?? []),
        periodList("schoolHolidaysInRange", calendar.schoolHolidays ?? []),
      )
      : null,
    card(
      "h-away",
      t("whoIsAway", { from: formatDate(away.from), to: formatDate(away.to) }),
      absenceList(away.absences, false),
    ),
    onboarding.items.length
      ? card(
        "h-onb",
        t("newPeopleTasks"),
        h(
          "ul",
          { class: "list" },
          onboarding.items.map((task) =>
            h(
              "li",
              { "data-task": task.id },
              h("strong", null, task.title),
              h(
                "p",
                null,
                t("forPerson", { name: task.person.name, date: formatDate(task.person.startDate) }),
                task.dueDate ? ` · ${t("dueOn", { date: formatDate(task.dueDate) })}` : "",
              ),
              button(`onb-${task.id}`, t("markDone"), async (key) => {
                await call("POST", `/approvals/onboarding-tasks/${task.id}/done`, { key });
                flash = t("taskDone");
                await show();
              }),
            )
          ),
        ),
      )
      : null,
    recruiting.items.length
      ? card(
        "h-rec",
        t("recruitingTasks"),
        h(
          "ul",
          { class: "list" },
          recruiting.items.map((task) =>
            h(
              "li",
              { "data-task": task.id },
              h("strong", null, task.title),
              h(
                "p",
                null,
                `${task.application.candidateName} · ${task.application.positionTitle} · ${task.application.stage}`,
              ),
              button(`rec-${task.id}`, t("markDone"), async (key) => {
                await call("POST", `/approvals/recruiting-tasks/${task.id}/done`, { key });
                flash = t("taskDone");
                await show();
              }),
            )
          ),
        ),
      )
      : null,
  ];
}

// ---------------------------------------------------------------------------------------------------
// Clock in / clock out: the running timer becomes a time entry when stopped

async function timerCard() {
  const { timer } = await call("GET", "/employee/timer");
  if (!timer) {
    const f = handle(
      h(
        "form",
        { id: "timer-start", novalidate: true },
        field("timerProject", t("project"), { type: "text", autocomplete: "off" }),
        h("button", { type: "submit" }, t("clockIn")),
      ),
      async (key) => {
        const project = values(f).timerProject;
        await call("POST", "/employee/timer/start", { json: project ? { projectCode: project } : {}, key });
        flash = t("clockedIn");
        await show();
      },
    );
    return card("h-timer", t("clock"), f);
  }
  const stop = handle(
    h(
      "form",
      { id: "timer-stop", novalidate: true },
      field("timerBreak", t("breakMinutes"), { type: "number", min: "0", max: "1440", inputmode: "numeric" }),
      h("button", { type: "submit" }, t("clockOut")),
    ),
    async (key) => {
      const b = values(stop).timerBreak;
      await call("POST", "/employee/timer/stop", { json: b ? { breakMinutes: Number(b) } : {}, key });
      flash = t("clockedOut");
      await show();
    },
  );
  return card(
    "h-timer",
    t("clock"),
    h(
      "p",
      { role: "status" },
      t("running", { date: formatDate(timer.date), time: timer.startTime, n: timer.elapsedMinutes }),
      timer.projectCode ? ` · ${timer.projectCode}` : "",
    ),
    stop,
    button("timer-discard", t("discardTimer"), async () => {
      await call("DELETE", "/employee/timer");
      flash = t("timerDiscarded");
      await show();
    }, "danger"),
  );
}

// ---------------------------------------------------------------------------------------------------
// Start

/** The session last seen on this browser, while its lifetime lasts. */
function keptSession() {
  const s = JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null");
  return s && Date.now() < s.until ? s : null;
}

/**
 * The home screen kept for offline use, only while the session it was seen in is the one this browser last
 * knew and its lifetime has not run out: a session ended (signed out, elsewhere too), replaced by another
 * person's sign-in, or past its end shows nothing.
 */
function keptHome() {
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
 */
function rememberSession(s) {
  const left = Date.parse(s.session.expiresAt) - Date.parse(s.session.lastUsedAt);
  const id = s.session.id;
  if (JSON.parse(localStorage.getItem(HOME_KEY) ?? "null")?.session !== id) localStorage.removeItem(HOME_KEY);
  localStorage.setItem(SESSION_KEY, JSON.stringify({ id, account: s.user.id, until: Date.now() + left }));
}

function setLang(l) {
  if (!LANGS.includes(l)) return;
  lang = l;
  localStorage.setItem(LANG_KEY, l);
}

async function start() {
  try {
    const s = await call("GET", "/auth/session");
    user = s.user;
    rememberSession(s);
    setLang(s.user.language);
    pushAgain();
  } catch (e) {
    if (e instanceof SignedOutError) return;
    if (!(e instanceof OfflineError)) throw e;
    // Offline: the home screen as last seen on this device.
    if (location.pathname !== "/") history.replaceState(null, "", "/");
  }
  await show();
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}
start();
