/**
 * The employee app in headless Chromium against the real service: the demo organisation (makeTestApp)
 * served on a free loopback port with MCP_ISSUER_URL set to that origin (the portal's same-origin rule for
 * cookie writes compares the browser's Origin with it), and axe-core run inside the page.
 */
import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { BROWSER_STEP_MS, launchChromium } from "../_chromium.ts";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { type Loopback, serveBuilt } from "../_serve.ts";

export type Served = TestApp & Loopback;

/** The demo organisation on a served port (with further settings where a test needs them). */
export function serveDemo(env: Record<string, string> = {}): Promise<Served> {
  return serveBuilt((origin) => makeTestApp({ env: { MCP_ISSUER_URL: origin, ...env } }));
}

/** Debian's Chromium, headless, with a generous bound on each step (`tests/_chromium.ts`). */
export function launch(): Promise<Browser> {
  return launchChromium();
}

const AXE = await Deno.readTextFile(
  new URL(import.meta.resolve("axe-core").replace(/[^/]*$/, "axe.min.js")).pathname,
).catch(() => Deno.readTextFile(new URL("../../node_modules/axe-core/axe.min.js", import.meta.url)));

/**
 * axe-core's WCAG 2.1 A/AA and best-practice rules on the page as it is now: no violation. Evaluated through
 * the DevTools protocol, so the page's Content-Security-Policy (no inline script) stays as served.
 */
export async function assertAccessible(page: Page, screen: string): Promise<void> {
  if (!await page.evaluate("typeof axe !== 'undefined'")) await page.evaluate(AXE);
  // A string, not a function: the page's globals (document, axe) are not in the test's type libraries.
  const violations = await page.evaluate(`axe.run(document, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
  }).then((r) => r.violations.map((v) =>
    v.id + ": " + v.help + " (" + v.nodes.map((n) => n.target.join(" ")).join(", ") + ")"))`) as string[];
  assert.deepEqual(violations, [], `axe on ${screen}`);
}

/** No horizontal scrolling at 360 and 390 pixels wide (the viewport is put back afterwards). */
export async function assertNoOverflow(page: Page, screen: string): Promise<void> {
  const before = page.viewportSize();
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const { scroll, client } = await page.evaluate(
      "({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })",
    ) as { scroll: number; client: number };
    assert.ok(scroll <= client, `${screen} at ${width} px: ${scroll} px wide content in ${client} px`);
  }
  if (before) await page.setViewportSize(before);
  // A click needs frames (Playwright's stability check counts them): a page that stopped drawing after the
  // resize fails here, saying so, instead of at the next click with a silent log.
  const drawn = await page.evaluate(`new Promise((ok) => {
    setTimeout(() => ok(false), ${BROWSER_STEP_MS});
    requestAnimationFrame(() => ok(true));
  })`);
  assert.ok(
    drawn,
    `${screen}: no animation frame within ${BROWSER_STEP_MS} ms after the viewport was set back`,
  );
}

/** No placeholder or missing value leaked into the text: "null", "undefined", "NaN", "{name}". */
export async function assertNoStrayText(page: Page, screen: string): Promise<void> {
  const text = await page.locator("body").innerText();
  // Not after a letter, so "Annullata" passes and "nullnull" does not.
  assert.doesNotMatch(text, /(^|[^\p{L}])(null|undefined|NaN)|\{\w+\}|\[object /mu, screen);
}

/** Opens a screen of the app, is sent to the sign-in page, signs in with the demo password and is back. */
export async function signIn(page: Page, origin: string, email: string, path: string) {
  await page.goto(`${origin}${path}`);
  await page.waitForURL((u) => u.pathname === "/oauth/signin");
  await page.locator("#email").fill(email);
  await page.locator("#password").fill("demo-password-2026");
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((u) => u.pathname === path);
}

/**
 * Clicks `target`; when the click gives up, the error says what the page showed of it and whether the page
 * still drew frames. Playwright's own log stops at "waiting for element to be visible, enabled and stable"
 * when no animation frame comes (its stability check counts frames), whatever the element looks like.
 */
export async function click(page: Page, target: Locator): Promise<void> {
  try {
    await target.click();
  } catch (e) {
    throw new Error(`${e instanceof Error ? e.message : e}\n${await stateOf(page, target)}`, { cause: e });
  }
}

/** How long a diagnosis may wait for one animation frame, and for the page to answer at all. */
const FRAME_PROBE_MS = 10_000;
const ANSWER_PROBE_MS = 30_000;

/**
 * The element's state as a person and Playwright's actionability checks see it (attached, box, display,
 * visibility, disabled, inert), the document's (ready, visible, focused, stylesheets loaded, busy), and
 * whether the page draws an animation frame within ten seconds.
 */
export async function stateOf(page: Page, target: Locator): Promise<string> {
  const probe = (async () => {
    // deno-lint-ignore no-explicit-any
    const elements = await target.evaluateAll((list: any[]) => {
      // deno-lint-ignore no-explicit-any
      const w = globalThis as any;
      return list.map((el) => {
        const r = el.getBoundingClientRect();
        const st = w.getComputedStyle(el);
        return {
          html: el.outerHTML.slice(0, 200),
          connected: el.isConnected,
          box: [r.x, r.y, r.width, r.height].map(Math.round).join(","),
          display: st.display,
          visibility: st.visibility,
          opacity: st.opacity,
          pointerEvents: st.pointerEvents,
          visible: el.checkVisibility(),
          disabled: el.matches(":disabled"),
          inert: !!el.closest("[inert]"),
          atPoint: w.document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.outerHTML.slice(
            0,
            120,
          ),
        };
      });
    });
    const doc = await page.evaluate(`({
      url: location.href,
      readyState: document.readyState,
      visibilityState: document.visibilityState,
      hasFocus: document.hasFocus(),
      stylesheets: [...document.querySelectorAll("link[rel=stylesheet]")].map((l) => l.href + (l.sheet ? " loaded" : " NOT loaded")),
      busy: document.getElementById("main")?.getAttribute("aria-busy"),
      viewport: innerWidth + "x" + innerHeight,
      scrollY,
    })`);
    const frame = await page.evaluate(`new Promise((ok) => {
      const t = setTimeout(() => ok("none within ${FRAME_PROBE_MS} ms"), ${FRAME_PROBE_MS});
      requestAnimationFrame(() => { clearTimeout(t); ok("drawn"); });
    })`);
    return JSON.stringify({ elements, document: doc, animationFrame: frame }, null, 1);
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<string>((ok) => {
    timer = setTimeout(() => ok(`the page did not answer within ${ANSWER_PROBE_MS} ms`), ANSWER_PROBE_MS);
  });
  try {
    return `the target and the page then: ${await Promise.race([
      probe.catch((e) => `no state: ${e}`),
      silent,
    ])}`;
  } finally {
    clearTimeout(timer);
  }
}
