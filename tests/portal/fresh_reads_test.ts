/**
 * The portal's reads of a person's own data, computed afresh (no answer served again), pinned byte for byte
 * for every demo person with an account: a change that makes a read cheaper must not change what it answers.
 * Record ids are renamed in order of appearance (the demo's generated ids differ between builds of the demo
 * database); everything else, the order of fields included, is compared exactly. `PIN_UPDATE=1` writes
 * the file anew.
 */
import assert from "node:assert/strict";
import { asc } from "drizzle-orm";
import { accountOf, makeTestApp } from "../_helpers.ts";
import { employees } from "../../src/db/schema/mod.ts";
import { createSession } from "../../src/signin/sessions.ts";
import { reuseResponses } from "../../src/portal/reuse.ts";
import { reuseSummaries } from "../../src/services/summary.ts";
import { writtenCounts } from "../../src/checked_json.ts";

const GOLDEN = new URL("./fresh_reads.golden.txt", import.meta.url);

/** The reads the app's screens make of the person's own data. */
const READS = [
  "/employee/summary",
  "/employee/profile",
  "/employee/leave/balances",
  "/employee/leave/balances?year=2025",
  "/employee/leave/balances?year=2027",
  "/employee/leave/requests",
  "/employee/leave/requests?year=2025&limit=3",
  "/employee/time-entries",
  "/employee/sick-leave",
  "/employee/payslips",
  "/employee/compensation",
  "/employee/holidays",
  "/employee/todos",
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

Deno.test("portal reads afresh: every demo person's answers as pinned", async () => {
  const app = await makeTestApp();
  try {
    reuseResponses(app.deps.database.client, false);
    reuseSummaries(app.deps.database.client, false);
    // Every person of the demo, each with an account (one is made for those without).
    const all = await app.deps.db.select({ id: employees.id, pn: employees.personnelNumber }).from(employees)
      .orderBy(asc(employees.personnelNumber));
    assert.ok(all.length >= 10, "the demo has people enough to compare");
    const people: { userId: string; email: string; language: string }[] = [];
    for (const e of all) {
      const u = await accountOf(app, e.id, `${e.pn}@fresh.test`);
      people.push({ userId: u.id, email: u.email, language: u.language });
    }
    const out: string[] = [];
    const written = writtenCounts();
    for (const p of people) {
      const { token } = await createSession(app.deps.db, app.clock, p.userId, {
        ttlDays: 1,
        method: "password",
      });
      const ids = new Map<string, string>();
      for (const path of READS) {
        for (const lang of [p.language, "en"]) {
          if (lang !== p.language) {
            await app.deps.database.client.execute({
              sql: "UPDATE users SET language = ? WHERE id = ?",
              args: [lang, p.userId],
            });
          }
          const r = await app.request(`/api/v1/portal${path}`, { token });
          const body = (await r.text()).replace(UUID, (id) => {
            let n = ids.get(id);
            if (n === undefined) ids.set(id, n = `id${ids.size + 1}`);
            return n;
          });
          out.push(`${p.email} ${lang} GET ${path} ${r.status}\n${body}`);
          if (lang !== p.language) {
            await app.deps.database.client.execute({
              sql: "UPDATE users SET language = ? WHERE id = ?",
              args: [p.language, p.userId],
            });
          }
        }
      }
    }
    // Each of these answers is already what the response schema's check would give back, so it is written as
    // it is, without zod's copy (src/checked_json.ts): a read that stops fitting gets slower, not wrong.
    const now = writtenCounts();
    assert.equal(now.byZod - written.byZod, 0, "answers copied by zod before they were written");
    assert.equal(now.asIs - written.asIs, people.length * READS.length * 2);
    const text = out.join("\n") + "\n";
    if (Deno.env.get("PIN_UPDATE") === "1") await Deno.writeTextFile(GOLDEN, text);
    const pinned = await Deno.readTextFile(GOLDEN);
    const want = pinned.split("\n");
    const got = text.split("\n");
    for (let i = 0; i < Math.max(want.length, got.length); i++) {
      assert.equal(
        got[i],
        want[i],
        `line ${i + 1} (${got.slice(0, i + 1).findLast((l) => l.includes(" GET "))})`,
      );
    }
  } finally {
    app.close();
  }
});
