/**
 * A body that breaks off or that never finishes cannot hurt the service: a quiet 400 (no stack trace in the
 * log: the client's network broke) and a 408 after BODY_READ_TIMEOUT_SECONDS.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";

function breaksOff(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(ctl) {
      ctl.enqueue(new TextEncoder().encode('{"date":"2026-11-16","startTime":"08:00"'));
      ctl.error(new Error("connection reset by peer"));
    },
  });
}

function neverEnds(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(ctl) {
      ctl.enqueue(new TextEncoder().encode('{"date":'));
    },
  });
}

Deno.test("body: a client that breaks off mid-body gets a quiet 400; one that never finishes a 408", async (t) => {
  const app = await makeTestApp({ env: { BODY_READ_TIMEOUT_SECONDS: "1" } });
  try {
    const token = await app.signIn("employee@demo.example");
    const send = (path: string, body: ReadableStream<Uint8Array>, type = "application/json") =>
      app.request(`${BASE}${path}`, {
        method: "POST",
        token,
        headers: { "Content-Type": type },
        body,
        duplex: "half",
      } as RequestInit);
    await t.step("JSON that breaks off", async () => {
      const r = await send("/employee/time-entries", breaksOff());
      assert.equal(r.status, 400);
      const b = await r.json();
      assert.equal(b.code, "bad_request");
      assert.match(b.error, /konnte nicht vollständig gelesen werden \(die Verbindung brach ab\)/);
    });
    await t.step("an upload that breaks off", async () => {
      const sick = await app.request(`${BASE}/employee/sick-leave`, {
        method: "POST",
        token,
        json: { startDate: "2026-11-16", endDate: "2026-11-16" },
      });
      const id = (await sick.json()).data.id;
      const r = await send(
        `/employee/sick-leave/${id}/certificate`,
        breaksOff(),
        "multipart/form-data; boundary=x",
      );
      assert.equal(r.status, 400);
      await r.body?.cancel();
    });
    await t.step("nothing of it is logged as a fault of the service", () => {
      assert.ok(
        !app.log.lines.some((l) => l.msg === "unhandled error"),
        JSON.stringify(app.log.lines.slice(-3)),
      );
    });
    await t.step("a body that never finishes: 408 after the configured second", async () => {
      const r = await send("/employee/time-entries", neverEnds());
      assert.equal(r.status, 408);
      assert.equal((await r.json()).code, "request_timeout");
    });
  } finally {
    app.close();
  }
});

Deno.test("body: a portal body over the limit (1 MiB) is a 413 with the headers every portal answer carries", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const big = JSON.stringify({ description: "x".repeat(1024 * 1024) });
    const before = await app.request(`${BASE}/employee/summary`, { token });
    await before.body?.cancel();
    const left = (r: Response) => Number(/;r=(\d+)/.exec(r.headers.get("RateLimit") ?? "")?.[1]);
    for (
      const [name, init] of [
        ["signed in", { token }],
        ["without a session", {}],
      ] as const
    ) {
      await t.step(name, async () => {
        const r = await app.request(`${BASE}/employee/time-entries`, {
          method: "POST",
          ...init,
          headers: { "Content-Type": "application/json", "Accept-Language": "fr" },
          body: big,
        });
        assert.equal(r.status, 413);
        assert.equal(r.headers.get("Cache-Control"), "no-store");
        assert.match(r.headers.get("RateLimit-Policy") ?? "", /^"minute";q=\d+;w=60$/);
        assert.match(r.headers.get("RateLimit") ?? "", /^"minute";r=\d+;t=\d+$/);
        const b = await r.json();
        assert.equal(b.code, "payload_too_large");
        if ("token" in init) {
          // Counted against the account, as the route itself counts: one request fewer left.
          assert.equal(left(r), left(before) - 1);
        }
      });
    }
  } finally {
    app.close();
  }
});
