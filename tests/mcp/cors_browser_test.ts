/**
 * An assistant that runs only in a browser, played by a page in headless Chromium on another origin: it
 * reads the 401 challenge, calls the connector with a token and the headers the MCP SDK clients send, and
 * an origin outside MCP_ALLOWED_ORIGINS can read nothing.
 */
import assert from "node:assert/strict";
import { E2E, startMcpServer } from "./_harness.ts";
import { launchChromium } from "../_chromium.ts";
import { serveLoopback } from "../_serve.ts";

/** A page on its own loopback origin (`localhost`, unlike the service's 127.0.0.1). */
function startPage() {
  return serveLoopback(
    () =>
      new Response("<!DOCTYPE html><title>Assistant</title>", { headers: { "Content-Type": "text/html" } }),
    "localhost",
  );
}

interface Outcome {
  status?: number;
  challenge?: string | null;
  body?: unknown;
  failed?: string;
}

/** Runs in the page: a POST like the SDK clients send it, or why the browser would not let it through. */
const CALL = async (
  { url, token, modern }: { url: string; token: string | null; modern: boolean },
): Promise<Outcome> => {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "MCP-Protocol-Version": modern ? "2026-07-28" : "2025-11-25",
  };
  if (modern) headers["Mcp-Method"] = "server/discover";
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = modern
    ? {
      jsonrpc: "2.0",
      id: 1,
      method: "server/discover",
      params: {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }
    : { jsonrpc: "2.0", id: 1, method: "ping" };
  try {
    const r = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
    return { status: r.status, challenge: r.headers.get("WWW-Authenticate"), body: await r.json() };
  } catch (e) {
    return { failed: String(e) };
  }
};

Deno.test({
  name: "cors in Chromium: a page on another origin reads the challenge and calls the connector with a token",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    const page = startPage();
    const browser = await launchChromium();
    try {
      const g = await s.grant("employee");
      const tab = await browser.newPage();
      await tab.goto(page.origin);
      const url = s.mcpUrl.toString();

      const anon = await tab.evaluate(CALL, { url, token: null, modern: false });
      assert.equal(anon.status, 401, JSON.stringify(anon));
      assert.match(anon.challenge ?? "", /resource_metadata=/);

      const ping = await tab.evaluate(CALL, { url, token: g.token, modern: false });
      assert.equal(ping.status, 200, JSON.stringify(ping));
      assert.deepEqual((ping.body as { result: unknown }).result, {});

      const discover = await tab.evaluate(CALL, { url, token: g.token, modern: true });
      assert.equal(discover.status, 200, JSON.stringify(discover));
    } finally {
      await browser.close();
      await page.stop();
      await s.close();
    }
  },
});

Deno.test({
  name: "cors in Chromium: a page whose origin MCP_ALLOWED_ORIGINS leaves out can read nothing",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer({ env: { MCP_ALLOWED_ORIGINS: "https://claude.ai" } });
    const page = startPage();
    const browser = await launchChromium();
    try {
      const g = await s.grant("employee");
      const tab = await browser.newPage();
      await tab.goto(page.origin);
      const url = s.mcpUrl.toString();
      for (const token of [null, g.token]) {
        const r = await tab.evaluate(CALL, { url, token, modern: false });
        assert.equal(r.status, undefined, JSON.stringify(r));
        assert.match(r.failed ?? "", /TypeError/);
      }
    } finally {
      await browser.close();
      await page.stop();
      await s.close();
    }
  },
});
