// @ts-check
/**
 * The frame (header, navigation, main landmark) and the screens by path: the app's entry (app.js) gives the
 * table of screens; a link to one of them, or the browser's back and forward, shows it without a page load.
 */
import { OfflineError, SignedOutError } from "../api.js";
import { h, main, render } from "./dom.js";
import { restoreDrafts } from "./session.js";
import { state, t } from "./state.js";

/**
 * The app's screens by path, each a function that fetches its data and returns its parts.
 * @type {Record<string, () => Promise<unknown[]>>}
 */
const SCREENS = {};

/**
 * Sets the app's screens (the first, "/", is also what an unknown path shows).
 * @param {Record<string, () => Promise<unknown[]>>} screens
 */
export function route(screens) {
  Object.assign(SCREENS, screens);
}

export function canApprove() {
  return !!state.user?.permissions.includes("staff-absence:approve");
}

/** HR staff and administrators run the organisation in the server-rendered console at /hr. */
export function runsConsole() {
  return ["hr", "admin"].includes(state.user?.role ?? "");
}

/** What is on the page: the frame, the latest screen asked for, the one drawn, and its status line. */
const shown = {
  /** The language and approver state the frame was drawn for. */
  framed: "",
  /** The latest screen asked for: an older one whose data arrives later is not drawn over it. */
  seq: 0,
  /** The path of the screen drawn last (a change of the #fragment alone is no new screen). */
  path: "",
  /** The status line of the screen being drawn, focused once it is shown (so it is read out). */
  flash: /** @type {HTMLElement | null} */ (null),
};

/**
 * The header, navigation and main landmark, drawn again only when the language or the menu changes; between
 * screens only the current link moves, so the screen shown stays until the next one is ready.
 */
export function frame() {
  const path = location.pathname;
  if (shown.framed === `${state.lang}:${canApprove()}:${runsConsole()}`) {
    for (const a of document.querySelectorAll("nav a")) {
      if (a.getAttribute("href") === path) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    return;
  }
  shown.framed = `${state.lang}:${canApprove()}:${runsConsole()}`;
  document.documentElement.lang = state.lang;
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

/** Shows a screen for the current path. */
export async function show(focus = false) {
  const mine = ++shown.seq;
  const screen = SCREENS[location.pathname] ?? SCREENS["/"];
  shown.path = location.pathname;
  frame();
  main().setAttribute("aria-busy", "true");
  try {
    const drawn = await screen();
    if (mine !== shown.seq) return;
    render(drawn);
    document.title = `${main().querySelector("h1")?.textContent ?? ""} – ${t("appName")}`;
  } catch (e) {
    if (e instanceof SignedOutError || mine !== shown.seq) return;
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
    if (mine === shown.seq) main().removeAttribute("aria-busy");
  }
  restoreDrafts();
  if (shown.flash?.isConnected) shown.flash.focus();
  else if (focus) main().focus();
  shown.flash = null;
}

/** @param {string} path */
export function go(path) {
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
  if (location.pathname !== shown.path) show(true);
});

/** A status line at the top of the screen, for what just happened. */
export function takeFlash() {
  const text = state.flash;
  state.flash = "";
  shown.flash = text ? h("p", { class: "note flash", role: "status", tabindex: "-1" }, text) : null;
  return shown.flash;
}
