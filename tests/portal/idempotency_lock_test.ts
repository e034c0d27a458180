/**
 * `Idempotency-Key` when the database fails under a request: another program's lock (a real second process)
 * or a full disk (the same paths: an error of the database before or after the request's commit). A key whose
 * request wrote nothing is free again at once, even when its claim could not be deleted; a request that was
 * saved is never answered "nothing was saved", and a retry with the same key tells what happened.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { holdLock } from "../db/_lock.ts";
import { idempotencyKeys, settings } from "../../src/db/schema/mod.ts";
import { withIdempotency } from "../../src/portal/idempotency.ts";
import { writeTx } from "../../src/services/common.ts";
import { databaseTrouble, troubleMessage } from "../../src/db/trouble.ts";

const p = (key: string) => ({
  userId: "u-lock-test",
  key,
  method: "post",
  path: "/test",
  body: "{}",
  lang: "en" as const,
});

/** A request's work: one row written in a write transaction that marks the claim (as every portal write). */
const filing = (name: string) => (deps: Parameters<Parameters<typeof withIdempotency>[2]>[0]) =>
  writeTx(deps, (tx) => tx.insert(settings).values({ key: name, value: "v", updatedAt: 0 })).then(() => ({
    status: 201,
    body: JSON.stringify({ filed: name }),
  }));

const filed = async (app: TestApp, name: string) =>
  (await app.deps.db.select().from(settings).where(eq(settings.key, name))).length;

Deno.test("idempotency under another program's lock: a request that wrote nothing frees its key at once, even when its claim could not be deleted", async () => {
  const app = await makeTestApp({ env: { DATABASE_LOCK_WAIT_MS: "100" } });
  try {
    // The claim is made; then another program takes the lock before the work writes, and keeps it until the
    // request has failed (so the claim cannot be deleted either).
    let lock: Awaited<ReturnType<typeof holdLock>> | undefined;
    const failed = await withIdempotency(app.deps, p("k1"), async (deps) => {
      lock = await holdLock(app.dbPath);
      return await filing("k1")(deps);
    }).then(() => null, (e) => e);
    await lock!.release();
    assert.equal(databaseTrouble(failed), "busy");
    assert.match(troubleMessage(failed, "busy"), /nothing was saved/);
    const [claim] = await app.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "k1"));
    assert.ok(claim, "the claim is still there (it could not be deleted under the lock)");
    assert.equal(claim.writtenAt, null);
    // The retry the 503 invites, with the same key: it runs, once.
    const retry = await withIdempotency(app.deps, p("k1"), filing("k1"));
    assert.equal(retry.status, 201);
    assert.equal(retry.replayed, false);
    assert.equal(await filed(app, "k1"), 1);
    const again = await withIdempotency(app.deps, p("k1"), filing("k1"));
    assert.equal(again.replayed, true);
    assert.equal(await filed(app, "k1"), 1);
  } finally {
    app.close();
  }
});

Deno.test("idempotency: a request saved before the database failed is answered as saved, and the same key finds it", async (t) => {
  const app = await makeTestApp({ env: { DATABASE_LOCK_WAIT_MS: "100" } });
  try {
    await t.step(
      "the answer could not be stored: the client gets it anyway, and the retry gets it again",
      async () => {
        let lock: Awaited<ReturnType<typeof holdLock>> | undefined;
        const answer = await withIdempotency(app.deps, p("k2"), async (deps) => {
          const out = await filing("k2")(deps);
          // Another program takes the lock after the commit, before the answer is stored.
          lock = await holdLock(app.dbPath);
          return out;
        }).finally(() => lock?.release());
        assert.equal(answer.status, 201, "saved, and said so");
        assert.equal(await filed(app, "k2"), 1);
        const [claim] = await app.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "k2"));
        assert.ok(claim.writtenAt !== null && claim.response === null, "marked written, answer not stored");
        const retry = await withIdempotency(app.deps, p("k2"), filing("k2"));
        assert.deepEqual([retry.status, retry.body, retry.replayed], [201, answer.body, true]);
        assert.equal(await filed(app, "k2"), 1, "not filed twice");
        const [stored] = await app.deps.db.select().from(idempotencyKeys).where(
          eq(idempotencyKeys.key, "k2"),
        );
        assert.equal(stored.response, answer.body, "stored by the retry");
      },
    );

    await t.step(
      "the request failed after its commit: 'may have been saved', and the retry says it was",
      async () => {
        let lock: Awaited<ReturnType<typeof holdLock>> | undefined;
        const failed = await withIdempotency(app.deps, p("k3"), async (deps) => {
          await filing("k3")(deps);
          lock = await holdLock(app.dbPath);
          // A second write of the same request meets the lock.
          await deps.db.insert(settings).values({ key: "k3-after", value: "v", updatedAt: 0 });
          return { status: 201, body: "{}" };
        }).then(() => null, (e) => e);
        await lock!.release();
        assert.equal(databaseTrouble(failed), "busy");
        const told = troubleMessage(failed, "busy");
        assert.match(told, /may have been saved/);
        assert.match(told, /same Idempotency-Key/);
        assert.doesNotMatch(told, /nothing was saved|another program/);
        assert.equal(await filed(app, "k3"), 1);
        const retry = await withIdempotency(app.deps, p("k3"), filing("k3")).then(() => null, (e) => e);
        assert.equal(retry?.status, 409);
        assert.match(retry.message, /was carried out/);
        assert.equal(await filed(app, "k3"), 1, "not filed twice");
      },
    );
  } finally {
    app.close();
  }
});

Deno.test("idempotency over HTTP: the retry of a 503 with the same key is filed once, never 409", async () => {
  const app = await makeTestApp({ env: { DATABASE_LOCK_WAIT_MS: "100" } });
  try {
    const token = await app.signIn("employee@demo.example");
    const post = (key: string) =>
      app.request("/api/v1/portal/employee/time-entries", {
        method: "POST",
        token,
        json: { date: "2026-03-09", startTime: "08:00", endTime: "09:00", description: "lock key" },
        headers: { "Idempotency-Key": key },
      });
    const lock = await holdLock(app.dbPath);
    let refused: Response;
    try {
      refused = await post("http-1");
    } finally {
      await lock.release();
    }
    assert.equal(refused.status, 503);
    assert.match((await refused.json()).error, /nothing was saved/);
    const retry = await post("http-1");
    assert.equal(retry.status, 201, await retry.clone().text());
    const again = await post("http-1");
    assert.equal(again.status, 201);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
  } finally {
    app.close();
  }
});
