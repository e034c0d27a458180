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
