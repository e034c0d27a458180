import assert from "node:assert/strict";
import { json, makeTestApp } from "./_helpers.ts";

Deno.test("app: health and readiness", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    assert.deepEqual((await json(await t.request("/healthz"))).body, { status: "ok" });
    const ready = await json(await t.request("/readyz"));
    assert.equal(ready.status, 200);
    assert.equal(ready.body.status, "ready");
  } finally {
    t.close();
  }
});

Deno.test("app: unknown /api paths answer JSON 404", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const r = await t.request("/api/v1/portal/nothing-here");
    assert.equal(r.status, 404);
    assert.match(r.headers.get("content-type") ?? "", /application\/json/);
    assert.equal(typeof (await r.json()).error, "string");
  } finally {
    t.close();
  }
});

Deno.test("app: every response carries a request id and security headers", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const r = await t.request("/healthz");
    await r.body?.cancel();
    assert.match(r.headers.get("x-request-id") ?? "", /^[\w-]{8,}$/);
    assert.equal(r.headers.get("x-content-type-options"), "nosniff");
    assert.match(r.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
  } finally {
    t.close();
  }
});

Deno.test("app: the headers reach every kind of response, also one whose headers cannot change", async () => {
  const t = await makeTestApp({ demo: false, env: { MCP_ISSUER_URL: "https://hr.example.ch" } });
  try {
    // A response a handler built itself, one whose headers are immutable (as from fetch), and a page that
    // sets its own Content-Security-Policy.
    t.app.get("/test/raw", () => new Response("plain body", { headers: { "Content-Type": "text/plain" } }));
    t.app.get("/test/immutable", () => Response.redirect("https://hr.example.ch/elsewhere", 302));
    t.app.get("/test/page", (c) => {
      c.header("Content-Security-Policy", "default-src 'self'");
      return c.html("<p>page</p>");
    });
    for (const path of ["/test/raw", "/test/immutable", "/test/page", "/healthz"]) {
      const r = await t.request(path, { redirect: "manual" });
      assert.match(r.headers.get("x-request-id") ?? "", /^[\w-]{8,}$/, path);
      assert.equal(r.headers.get("x-frame-options"), "DENY", path);
      assert.equal(r.headers.get("strict-transport-security"), "max-age=31536000; includeSubDomains", path);
      assert.match(
        r.headers.get("content-security-policy") ?? "",
        path === "/test/page" ? /'self'/ : /'none'/,
      );
      if (path === "/test/raw") assert.equal(await r.text(), "plain body");
      else if (path === "/test/immutable") {
        assert.equal(r.status, 302);
        assert.equal(r.headers.get("location"), "https://hr.example.ch/elsewhere");
        await r.body?.cancel();
      } else await r.body?.cancel();
    }
  } finally {
    t.close();
  }
});

Deno.test("app: a body above the size limit is refused with 413 before it is read", async () => {
  const t = await makeTestApp({ demo: false, env: { MAX_BODY_BYTES: "2048" } });
  try {
    const r = await t.request("/api/v1/portal/auth/sessions", {
      method: "POST",
      json: { email: "a@b.ch", password: "x".repeat(5000) },
    });
    assert.equal(r.status, 413);
    assert.equal(typeof (await r.json()).error, "string");
    // A declared length above the limit is refused from the header alone.
    const declared = await t.app.fetch(
      new Request("http://localhost/api/v1/portal/auth/sessions", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": "5000" },
        body: "{}",
      }),
    );
    assert.equal(declared.status, 413);
    await declared.body?.cancel();
  } finally {
    t.close();
  }
});

Deno.test("app: a body of undeclared length is counted as it arrives: refused above the limit, read below it", async () => {
  const t = await makeTestApp({ demo: false, env: { MAX_BODY_BYTES: "2048" } });
  const streamed = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        // In small chunks, as a chunked upload arrives.
        for (let i = 0; i < bytes.length; i += 500) controller.enqueue(bytes.subarray(i, i + 500));
        controller.close();
      },
    });
  try {
    const big = await t.app.fetch(
      new Request("http://localhost/api/v1/portal/auth/sessions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: streamed(JSON.stringify({ email: "a@b.ch", password: "x".repeat(5000) })),
      }),
    );
    assert.equal(big.status, 413);
    // No Accept-Language and no session: German, the service's default.
    assert.equal((await big.json()).error, "Der Inhalt der Anfrage ist grösser als 2048 Bytes.");
    const small = await t.app.fetch(
      new Request("http://localhost/api/v1/portal/auth/sessions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: streamed(JSON.stringify({ email: "nobody@example.ch", password: "wrong-password" })),
      }),
    );
    // Read and judged by the sign-in rules, not by the limit.
    assert.equal(small.status, 401);
    await small.body?.cancel();
  } finally {
    t.close();
  }
});

Deno.test("app: request logs carry the request id and no personal data", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    await (await t.request("/api/v1/portal/auth/sessions", {
      method: "POST",
      json: { email: "someone.private@example.ch", password: "secret-value" },
    })).body?.cancel();
    const text = JSON.stringify(t.log.lines);
    assert.ok(t.log.lines.some((l) => l.msg === "request" && typeof l.requestId === "string"));
    assert.ok(!text.includes("someone.private"));
    assert.ok(!text.includes("secret-value"));
  } finally {
    t.close();
  }
});
