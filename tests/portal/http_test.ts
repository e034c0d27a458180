/**
 * What a mobile app on a flaky network needs from the portal's HTTP: validators and 304 (RFC 9110 §13.1.2),
 * Cache-Control that no shared cache may store (RFC 9111 §5.2.2.7), Idempotency-Key on creating POSTs
 * (draft-ietf-httpapi-idempotency-key-header), errors with a stable code and every invalid field, 405 with
 * Allow (RFC 9110 §15.5.6), and a request limit with RateLimit headers (draft-ietf-httpapi-ratelimit-headers).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { idempotencyKeys, timeEntries } from "../../src/db/schema/mod.ts";
import { EMPLOYEE_ID } from "../services/_fixtures.ts";
import { writeTurn } from "../../src/services/common.ts";

const BASE = "/api/v1/portal";
const ENTRY = {
  date: "2026-11-17",
  startTime: "18:00",
  endTime: "19:30",
  projectCode: "PLAT-OPS",
  description: "Release",
};

Deno.test("http: reads carry a strong ETag; If-None-Match answers 304 until the data changes", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const path = `${BASE}/employee/leave/requests`;
    const first = await app.request(path, { token });
    assert.equal(first.status, 200);
    const etag = first.headers.get("etag")!;
    assert.match(etag, /^"[A-Za-z0-9_-]{22}"$/, "a strong validator, not W/");
    assert.equal(first.headers.get("cache-control"), "private, no-cache");
    await first.body?.cancel();

    await t.step("the same tag: 304 without a body, the same tag again", async () => {
      const r = await app.request(path, {
        token,
        headers: { "If-None-Match": etag },
      });
      assert.equal(r.status, 304);
      assert.equal(await r.text(), "");
      assert.equal(r.headers.get("etag"), etag);
    });
    await t.step("a list of tags, a weak form of it, and * also match", async () => {
      for (const h of [`"other", ${etag}`, `W/${etag}`, "*"]) {
        const r = await app.request(path, {
          token,
          headers: { "If-None-Match": h },
        });
        assert.equal(r.status, 304, h);
      }
    });
    await t.step("another tag: the full answer", async () => {
      const r = await app.request(path, {
        token,
        headers: { "If-None-Match": '"stale"' },
      });
      assert.equal(r.status, 200);
      assert.equal((await r.json()).success, true);
    });
    await t.step("after a change the tag changes", async () => {
      const filed = await app.request(`${BASE}/employee/leave/requests`, {
        method: "POST",
        token,
        json: { leaveType: "VACATION", startDate: "2027-01-11", endDate: "2027-01-15" },
      });
      assert.equal(filed.status, 201);
      assert.equal(filed.headers.get("cache-control"), "no-store", "a write's answer is never stored");
      assert.equal(filed.headers.get("etag"), null);
      const r = await app.request(path, {
        token,
        headers: { "If-None-Match": etag },
      });
      assert.equal(r.status, 200);
      assert.notEqual(r.headers.get("etag"), etag);
    });
    await t.step("the profile (AHV number, IBAN) is never stored, even on the device", async () => {
      const r = await app.request(`${BASE}/employee/profile`, { token });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("cache-control"), "no-store");
      assert.ok(r.headers.get("etag"));
    });
    await t.step("errors are never stored", async () => {
      const r = await app.request(`${BASE}/employee/leave/requests/unknown`, { token });
      assert.equal(r.status, 404);
      assert.equal(r.headers.get("cache-control"), "no-store");
    });
  } finally {
    app.close();
  }
});

Deno.test("http: Idempotency-Key replays the first answer to a retry and refuses reuse for another body", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const post = (json: unknown, key?: string) =>
      app.request(`${BASE}/employee/time-entries`, {
        method: "POST",
        token,
        json,
        headers: key === undefined ? {} : { "Idempotency-Key": key },
      });
    const count = async () =>
      (await app.deps.db.select().from(timeEntries).where(eq(timeEntries.employeeId, EMPLOYEE_ID))).length;
    const before = await count();

    const first = await post(ENTRY, "3f1c2a9e-0d4b-4a57-9a51-7f3e2b1c0a11");
    assert.equal(first.status, 201);
    const firstBody = await first.text();
    await t.step("a retry with the same key and body: the same answer, nothing filed twice", async () => {
      const again = await post(ENTRY, "3f1c2a9e-0d4b-4a57-9a51-7f3e2b1c0a11");
      assert.equal(again.status, 201);
      assert.equal(await again.text(), firstBody);
      assert.equal(again.headers.get("idempotent-replayed"), "true");
      assert.equal(await count(), before + 1);
    });
    await t.step("the key as a structured-field string is the same key", async () => {
      const again = await post(ENTRY, '"3f1c2a9e-0d4b-4a57-9a51-7f3e2b1c0a11"');
      assert.equal(await again.text(), firstBody);
    });
    await t.step("the same key with another body: 422, nothing filed", async () => {
      const r = await post({ ...ENTRY, date: "2026-11-16" }, "3f1c2a9e-0d4b-4a57-9a51-7f3e2b1c0a11");
      assert.equal(r.status, 422);
      const b = await r.json();
      assert.equal(b.code, "unprocessable");
      assert.match(b.error, /für eine andere Anfrage verwendet/);
      assert.equal(await count(), before + 1);
    });
    await t.step("a request still in flight under the key: 409", async () => {
      // The first request is held in flight: it has claimed its key and waits for the process's write turn,
      // which another write holds until the retry has been answered.
      let letGo!: () => void;
      const holding = writeTurn(app.deps, () => new Promise<void>((resolve) => letGo = resolve));
      const entry = { ...ENTRY, date: "2026-11-12" };
      const first = post(entry, "in-flight");
      while (
        !(await app.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "in-flight"))).length
      ) {
        await new Promise((r) => setTimeout(r, 1));
      }
      const r = await post(entry, "in-flight");
      assert.equal(r.status, 409);
      assert.equal(r.headers.get("retry-after"), "1");
      assert.equal((await r.json()).code, "conflict");
      letGo();
      await holding;
      assert.equal((await first).status, 201);
      const replay = await post(entry, "in-flight");
      assert.equal(replay.headers.get("idempotent-replayed"), "true");
    });
    await t.step("an invalid input is not kept: the corrected retry with the same key runs", async () => {
      const bad = await post({ ...ENTRY, date: "2026-11-16", breakMinutes: -5 }, "retry-after-fix");
      assert.equal(bad.status, 400);
      const again = await post({ ...ENTRY, date: "2026-11-16", breakMinutes: -5 }, "retry-after-fix");
      assert.equal(again.status, 400, "checked again, not replayed");
      const fixed = await post({ ...ENTRY, date: "2026-11-16" }, "retry-after-fix");
      assert.equal(fixed.status, 201);
      // The first, the one held in flight, this one.
      assert.equal(await count(), before + 3);
    });
    await t.step("a key that is not 1–255 visible characters: 400 naming the header", async () => {
      const r = await post(ENTRY, "x".repeat(256));
      assert.equal(r.status, 400);
      const b = await r.json();
      assert.deepEqual(b.fields.map((f: { field: string }) => f.field), ["header.Idempotency-Key"]);
    });
    await t.step(
      "keys are kept 24 hours: later the same key files again (and meets the overlap)",
      async () => {
        app.clock.advance(24 * 3_600_000 + 1);
        const r = await post(ENTRY, "3f1c2a9e-0d4b-4a57-9a51-7f3e2b1c0a11");
        assert.equal(r.status, 409);
        const b = await r.json();
        assert.equal(b.code, "conflict");
        assert.equal(
          b.conflictingId,
          JSON.parse(firstBody).data.id,
          "the overlapping entry's id, in a field",
        );
      },
    );
  } finally {
    app.close();
  }
});

Deno.test("http: a validation error names every invalid field; a wrong type is not 'required'", async () => {
  const app = await makeTestApp();
  try {
    // The manager's account reads English.
    const token = await app.signIn("manager@demo.example");
    const r = await app.request(`${BASE}/employee/time-entries`, {
      method: "POST",
      token,
      json: { ...ENTRY, date: "2026-02-30", breakMinutes: "ten", startTime: undefined },
    });
    assert.equal(r.status, 400);
    const b = await r.json();
    assert.equal(b.code, "validation");
    const byField = Object.fromEntries(
      b.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    assert.deepEqual(Object.keys(byField).sort(), ["body.breakMinutes", "body.date", "body.startTime"]);
    assert.equal(
      byField["body.breakMinutes"],
      "Invalid field 'breakMinutes': must be a number, not a string.",
    );
    assert.equal(byField["body.startTime"], "Field 'startTime' is required.");
    assert.equal(b.error, b.fields[0].message, "the contract's message is the first field's");
  } finally {
    app.close();
  }
});

Deno.test("http: a known path with another method is 405 with Allow; an unknown path 404", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const r = await app.request(`${BASE}/employee/summary`, { method: "DELETE", token });
    assert.equal(r.status, 405);
    assert.equal(r.headers.get("allow"), "GET, HEAD");
    assert.equal((await r.json()).code, "method_not_allowed");
    const id = await app.request(`${BASE}/employee/time-entries/some-id`, { method: "POST", token });
    assert.equal(id.status, 405);
    assert.deepEqual(id.headers.get("allow")!.split(", ").sort(), ["DELETE", "GET", "HEAD", "PATCH"]);
    const none = await app.request(`${BASE}/employee/nothing-here`, { token });
    assert.equal(none.status, 404);
    assert.equal((await none.json()).code, "not_found");
  } finally {
    app.close();
  }
});

Deno.test("http: 300 requests a minute per account by default; RateLimit headers on every answer", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const path = `${BASE}/employee/summary`;
    let last: Response | undefined;
    for (let i = 1; i <= 300; i++) {
      last = await app.request(path, { token });
      assert.equal(last.status, 200, `request ${i}`);
      await last.body?.cancel();
    }
    await t.step("the policy and what is left", () => {
      assert.equal(last!.headers.get("ratelimit-policy"), '"minute";q=300;w=60');
      assert.match(last!.headers.get("ratelimit")!, /^"minute";r=0;t=\d+$/);
    });
    await t.step("the 301st: 429 with Retry-After until the minute ends", async () => {
      const r = await app.request(path, { token });
      assert.equal(r.status, 429);
      assert.equal((await r.json()).code, "rate_limited");
      const wait = Number(r.headers.get("retry-after"));
      assert.ok(wait >= 1 && wait <= 60, String(wait));
    });
    await t.step("another account is not held up", async () => {
      const other = await app.signIn("manager@demo.example");
      assert.equal((await app.request(path, { token: other })).status, 200);
    });
    await t.step("the next minute opens again", async () => {
      app.clock.advance(60_000);
      assert.equal((await app.request(path, { token })).status, 200);
    });
  } finally {
    app.close();
  }
});

Deno.test("http: PORTAL_REQUESTS_PER_MINUTE sets the limit", async () => {
  const app = await makeTestApp({ env: { PORTAL_REQUESTS_PER_MINUTE: "10" } });
  try {
    const token = await app.signIn("employee@demo.example");
    for (let i = 0; i < 10; i++) {
      await (await app.request(`${BASE}/employee/summary`, { token })).body?.cancel();
    }
    const r = await app.request(`${BASE}/employee/summary`, { token });
    assert.equal(r.status, 429);
    assert.equal(r.headers.get("ratelimit-policy"), '"minute";q=10;w=60');
  } finally {
    app.close();
  }
});

Deno.test("http: a state-changing request with the session cookie from another site is refused (403)", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const cookie = { Cookie: `hr_session=${token}` };
    const foreign = await app.request(`${BASE}/employee/notifications/read`, {
      method: "POST",
      headers: { ...cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ all: true }),
    });
    assert.equal(foreign.status, 403);
    assert.equal((await foreign.json()).code, "forbidden");
    const sibling = await app.request(`${BASE}/employee/notifications/read`, {
      method: "POST",
      headers: { ...cookie, "Sec-Fetch-Site": "same-site", "Content-Type": "application/json" },
      body: JSON.stringify({ all: true }),
    });
    assert.equal(sibling.status, 403, "a same-site sibling is another site too");
    await sibling.body?.cancel();
    const own = await app.request(`${BASE}/employee/notifications/read`, {
      method: "POST",
      headers: { ...cookie, Origin: "http://localhost:8000", "Content-Type": "application/json" },
      body: JSON.stringify({ all: true }),
    });
    assert.equal(own.status, 200);
    await own.body?.cancel();
    const bearer = await app.request(`${BASE}/employee/notifications/read`, {
      method: "POST",
      token,
      headers: { Origin: "https://evil.example" },
      json: { all: true },
    });
    assert.equal(bearer.status, 200, "a bearer token is not ambient: any origin");
    await bearer.body?.cancel();
    const read = await app.request(`${BASE}/employee/summary`, {
      headers: { ...cookie, Origin: "https://evil.example" },
    });
    assert.equal(read.status, 200, "reads are not state-changing");
    await read.body?.cancel();
  } finally {
    app.close();
  }
});
