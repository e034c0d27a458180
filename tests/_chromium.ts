/**
 * Debian's Chromium for the browser tests, with a generous bound on each step (an action, a navigation, a
 * wait for an element): a busy machine only makes a step wait longer, never fail. Playwright's own 30 s made
 * a `setInputFiles` fail with the suite running beside a load.
 */
import { type Browser, type BrowserContext, chromium } from "playwright-core";

/** The bound on each browser step, and what a step that exceeds it waited for is said by Playwright. */
export const BROWSER_STEP_MS = 180_000;

/** Headless, nothing the browser would fetch or start for itself beside the test's own pages. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Launches `/usr/bin/chromium` with `args`; its contexts and pages wait `BROWSER_STEP_MS` for each step. */
export async function launchChromium(args: string[] = CHROMIUM_ARGS): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args });
  const patient = (c: BrowserContext) => {
    c.setDefaultTimeout(BROWSER_STEP_MS);
    c.setDefaultNavigationTimeout(BROWSER_STEP_MS);
    return c;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (o) => patient(await newContext(o));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (o) => {
    const page = await newPage(o);
    patient(page.context());
    page.setDefaultTimeout(BROWSER_STEP_MS);
    page.setDefaultNavigationTimeout(BROWSER_STEP_MS);
    return page;
  };
  return browser;
}
