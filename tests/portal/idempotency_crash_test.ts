/**
 * `Idempotency-Key` after the process handling the first request stopped: a claim left without an answer is
 * not "still being processed" for a day. The write's own transaction marks the claim written, so a retry after
 * two minutes either runs the request (it was never carried out) or says that it was (only the answer is lost).
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { idempotencyKeys, timeEntries } from "../../src/db/schema/mod.ts";
import { EMPLOYEE_ID } from "../services/_fixtures.ts";
import { sha256Hex } from "../../src/crypto.ts";

const PATH = "/api/v1/portal/employee/time-entries";

Deno.test("idempotency: a claim left by a stopped process is taken over after two minutes, or says it was carried out", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const post = (json: unknown, key: string) =>
      app.request(PATH, { method: "POST", token, json, headers: { "Idempotency-Key": key } });
    const count = async (date: string) =>
      (await app.deps.db.select().from(timeEntries).where(
        and(
          eq(timeEntries.employeeId, EMPLOYEE_ID),
          eq(timeEntries.date, date),
          eq(timeEntries.startTime, "18:00"),
        ),
      )).length;
    const entry = (date: string) => ({ date, startTime: "18:00", endTime: "19:00", description: "Release" });

    await t.step(
      "stopped before its write committed: 409 for two minutes, then the retry runs once",
      async () => {
        const body = entry("2026-11-16");
        const first = await post(entry("2026-11-13"), "warm-up");
        assert.equal(first.status, 201);
        const [own] = await app.deps.db.select().from(idempotencyKeys).where(
          eq(idempotencyKeys.key, "warm-up"),
        );
        // What a process that died between its claim and its write leaves: a claim, no mark, no answer, made
        // before this process started (a claim of this process that is not running is free at once).
        await app.deps.db.insert(idempotencyKeys).values({
          userId: own.userId,
          key: "stopped-before",
          fingerprint: await sha256Hex(`post ${PATH}\n${JSON.stringify(body)}`),
          createdAt: app.clock.now() - 1,
        });
        const soon = await post(body, "stopped-before");
        assert.equal(soon.status, 409);
        assert.equal(
          (await soon.json()).error,
          "Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet; versuchen Sie es gleich wieder.",
        );
        assert.equal(await count("2026-11-16"), 0);
        app.clock.advance(2 * 60_000);
        const later = await post(body, "stopped-before");
        assert.equal(later.status, 201);
        const answer = await later.text();
        assert.equal(await count("2026-11-16"), 1);
        const again = await post(body, "stopped-before");
        assert.equal(again.status, 201);
        assert.equal(await again.text(), answer);
        assert.equal(again.headers.get("idempotent-replayed"), "true");
        assert.equal(await count("2026-11-16"), 1);
      },
    );

    await t.step(
      "stopped after its write committed: the retry is told it was carried out, nothing filed twice",
      async () => {
        const body = entry("2026-11-17");
        assert.equal((await post(body, "stopped-after")).status, 201);
        const where = eq(idempotencyKeys.key, "stopped-after");
        const [row] = await app.deps.db.select().from(idempotencyKeys).where(where);
        assert.equal(row.writtenAt, app.clock.now(), "the write's transaction marked the claim");
        // The process died after the write's commit, before it stored the answer.
        await app.deps.db.update(idempotencyKeys).set({ status: null, response: null }).where(where);
        assert.equal((await post(body, "stopped-after")).status, 409);
        app.clock.advance(2 * 60_000 + 1);
        const later = await post(body, "stopped-after");
        assert.equal(later.status, 409);
        const b = await later.json();
        assert.equal(b.code, "conflict");
        assert.equal(
          b.error,
          // In the account's language (the demo employee reads German).
          "Die Anfrage mit diesem Idempotency-Key wurde ausgeführt, aber ihre Antwort ging verloren (der Dienst " +
            "hielt an, oder die Datenbank konnte sie nicht mehr speichern). Schlagen Sie den Eintrag nach, statt " +
            "die Anfrage erneut zu senden; eine neue Anfrage braucht einen neuen Schlüssel.",
        );
        assert.equal(await count("2026-11-17"), 1);
      },
    );

    await t.step("a refusal inside the write's transaction leaves no mark; its answer is kept", async () => {
      const body = entry("2026-11-17");
      const refused = await post(body, "overlapping");
      assert.equal(refused.status, 409);
      const [row] = await app.deps.db.select().from(idempotencyKeys).where(
        eq(idempotencyKeys.key, "overlapping"),
      );
      assert.equal(row.writtenAt, null);
      assert.equal(row.status, 409);
      assert.equal(await count("2026-11-17"), 1);
    });
  } finally {
    app.close();
  }
});
