/**
 * The API reference page in headless Chromium: Redoc, served by the service itself, renders the operations of
 * the OpenAPI document with the Markdown of their descriptions, and the page loads nothing from elsewhere: its
 * Content-Security-Policy refuses only Redoc's attribution logo from Redocly's CDN.
 */
import assert from "node:assert/strict";
import { serveApp } from "../oauth/_server.ts";
import { launchChromium } from "../_chromium.ts";

Deno.test("api reference: Redoc renders the operations in Chromium, offline, within the page's CSP", async () => {
  const s = await serveApp();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    // Answers received (a request the policy refused gets none).
    page.on("response", (r) => {
      const u = r.url();
      if (!u.startsWith(s.origin) && !u.startsWith("blob:") && !u.startsWith("data:")) elsewhere.push(u);
    });
    await page.goto(`${s.origin}/api/v1/docs?lang=de`);
    await page.waitForSelector("text=Portal-API: Referenz");
    // An operation's summary, rendered by Redoc from the document.
    await page.locator("h2", { hasText: "Upload the medical certificate of an absence (PDF or photo)" })
      .first()
      .waitFor();
    // Markdown in a description is rendered: backticks become code elements.
    const code = await page.locator("code", { hasText: "multipart/form-data" }).count();
    assert.ok(code > 0, "backticks are rendered as code");
    // Redoc's attribution logo would come from cdn.redoc.ly: the page's policy refuses it (the logo then hides
    // itself); nothing else is refused.
    const refused = problems.filter((p) => /Content Security Policy|Refused/.test(p));
    assert.ok(
      refused.every((p) => p.includes("https://cdn.redoc.ly/redoc/logo-mini.svg")),
      refused.join("\n"),
    );
    assert.deepEqual(elsewhere, [], "nothing is loaded from elsewhere");
  } finally {
    await browser.close();
    await s.close();
  }
});
