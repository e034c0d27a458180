/**
 * The sign-in and consent pages in a real browser (headless Chromium through playwright-core), with
 * JavaScript switched off: they must work as plain HTML forms, be labelled for assistive technology, speak
 * the person's language, refuse framing, and hand the code back to the assistant's loopback redirect.
 */
import assert from "node:assert/strict";
import { PASSWORD, pkce, registerClient } from "../oauth/_helpers.ts";
import { serveApp } from "../oauth/_server.ts";
import { launchChromium } from "../_chromium.ts";
import { serveLoopback } from "../_serve.ts";

/** A loopback "native app" that receives the authorization response. */
function startReceiver() {
  const received: URL[] = [];
  const server = serveLoopback((req) => {
    const url = new URL(req.url);
    if (url.pathname === "/callback") received.push(url);
    return new Response("<!DOCTYPE html><title>Done</title><p>You can close this window.</p>", {
      headers: { "Content-Type": "text/html" },
    });
  });
  return { url: `${server.origin}/callback`, received, stop: server.stop };
}

Deno.test("web: sign-in and consent work in headless Chromium without JavaScript", async (ctx) => {
  const s = await serveApp();
  const receiver = startReceiver();
  const browser = await launchChromium();
  try {
    const clientId = await registerClient(fetch, s.origin, {
      client_name: "Claude Desktop",
      redirect_uris: ["http://127.0.0.1/callback"],
    });
    const authorizeUrl = async (state: string, scope: string) => {
      const { challenge } = await pkce();
      return `${s.origin}/oauth/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: receiver.url,
        code_challenge: challenge,
        code_challenge_method: "S256",
        resource: `${s.origin}/api/mcp`,
        state,
        scope,
      })}`;
    };

    await ctx.step("English: sign in, review, allow, land on the assistant's loopback address", async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
      const page = await context.newPage();
      const first = await page.goto(await authorizeUrl("st-en", "self:read self:write hr:write"));
      assert.ok(first);
      assert.equal(await page.getAttribute("html", "lang"), "en");
      assert.equal(await page.locator("script").count(), 0);
      await page.getByLabel("E-mail address").fill("max@example.ch");
      await page.getByLabel("Password").fill(PASSWORD);
      const consentResponse = page.waitForResponse((r) => r.url().includes("/oauth/consent?"));
      await page.getByRole("button", { name: "Sign in" }).click();
      const consent = await consentResponse;
      const csp = consent.headers()["content-security-policy"];
      assert.match(csp, /frame-ancestors 'none'/);
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /form-action 'self' http:\/\/127\.0\.0\.1:\d+/);
      assert.equal(consent.headers()["x-frame-options"], "DENY");
      assert.equal(
        await page.getByRole("heading", { level: 1 }).textContent(),
        "Allow “Claude Desktop” to access your account?",
      );
      const text = await page.locator("main").innerText();
      assert.match(text, /Signed in as max@example\.ch/);
      assert.match(text, new RegExp(`sent back to 127\\.0\\.0\\.1:\\d+`));
      assert.match(text, /registered itself/);
      // Each scope is a labelled checkbox in plain words, inside a fieldset with a legend.
      const boxes = page.getByRole("checkbox");
      assert.equal(await boxes.count(), 3);
      const self = page.getByRole("checkbox", { name: /Read your own records/ });
      assert.ok(await self.isChecked());
      const decide = page.getByRole("checkbox", { name: /Decide leave requests/ });
      await decide.uncheck();
      assert.equal(await page.locator("fieldset legend").textContent(), "The assistant may, in your name:");
      if (Deno.env.get("SCREENSHOT_DIR")) {
        await page.screenshot({ path: `${Deno.env.get("SCREENSHOT_DIR")}/consent.png`, fullPage: true });
      }
      await page.getByRole("button", { name: "Allow" }).click();
      await page.waitForURL(/\/callback\?/);
      const cb = receiver.received.at(-1)!;
      assert.equal(cb.searchParams.get("state"), "st-en");
      assert.equal(cb.searchParams.get("iss"), s.origin);
      assert.ok(cb.searchParams.get("code"));
      await context.close();
    });

    await ctx.step("French for a French-speaking person; denying returns access_denied", async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: "de-CH" });
      const page = await context.newPage();
      await page.goto(await authorizeUrl("st-fr", "self:read"));
      assert.equal(await page.getAttribute("html", "lang"), "de", "before sign-in: the browser's language");
      await page.getByLabel("E-Mail-Adresse").fill("francoise@example.ch");
      await page.getByLabel("Passwort").fill(PASSWORD);
      await page.getByRole("button", { name: "Anmelden" }).click();
      await page.waitForURL(/\/oauth\/consent/);
      assert.equal(await page.getAttribute("html", "lang"), "fr", "after sign-in: the person's language");
      assert.match(await page.locator("h1").innerText(), /Autoriser « Claude Desktop »/);
      assert.ok(await page.getByRole("checkbox", { name: /Lire vos propres données/ }).isChecked());
      await page.getByRole("button", { name: "Refuser" }).click();
      await page.waitForURL(/\/callback\?/);
      const cb = receiver.received.at(-1)!;
      assert.equal(cb.searchParams.get("error"), "access_denied");
      assert.equal(cb.searchParams.get("state"), "st-fr");
      assert.equal(cb.searchParams.get("iss"), s.origin);
      await context.close();
    });

    await ctx.step("the consent page refuses to be framed", async () => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      const page = await context.newPage();
      await page.goto(await authorizeUrl("st-frame", "self:read"));
      const signin = page.url();
      // The page's load event comes after its frame's, whether the frame shows the page or the browser's
      // refusal.
      await page.setContent(`<iframe src="${signin}" width="600" height="400"></iframe>`, {
        waitUntil: "load",
      });
      const frame = page.frames().find((f) => f !== page.mainFrame());
      await frame?.waitForLoadState("load");
      const content = frame ? await frame.content().catch(() => "") : "";
      assert.ok(!content.includes("password"), "the framed page did not render");
      await context.close();
    });
  } finally {
    await browser.close();
    await receiver.stop();
    await s.stop();
  }
});
