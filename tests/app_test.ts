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

Deno.test("app: a body above the size limit is refused with 413 before it is read", async () => {
  const t = await makeTestApp({ demo: false, env: { MAX_BODY_BYTES: "2048" } });
  try {
    const r = await t.request("/api/v1/portal/auth/sessions", {
      method: "POST",
      json: { email: "a@b.ch", password: "x".repeat(5000) },
    });
    assert.equal(r.status, 413);
    assert.equal(typeof (await r.json()).error, "string");
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
