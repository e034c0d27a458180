import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { leaveRequests, notifications, sickLeaveEntries, timeEntries } from "../../src/db/schema/mod.ts";
/** Contract, "Limits": a preview lives 15 minutes. */
const PREVIEW_TTL_MS = 15 * 60_000;
import { auditRows, E2E, ok, refusal, startMcpServer } from "./_harness.ts";

const LEAVE = { leave_type: "VACATION", start_date: "2027-02-15", end_date: "2027-02-16" };

Deno.test({
  name: "writes: prepare then commit, exactly once, bound to the connection, 15 minutes",
  ...E2E,
  fn: async (t) => {
    // Access tokens live an hour here, so the fixed clock can cross the 15-minute preview lifetime.
    const s = await startMcpServer({ env: { ACCESS_TOKEN_TTL_SECONDS: "3600" } });
    try {
      const g = await s.grant("employee");
      let c = await s.client(g.token);
      const db = s.t.deps.db;
      const employeeId =
        (ok(await c.callTool({ name: "whoami", arguments: {} })) as { user: { employeeId: string } })
          .user.employeeId;
      const filed = async () =>
        (await db.select().from(leaveRequests).where(and(
          eq(leaveRequests.employeeId, employeeId),
          eq(leaveRequests.startDate, LEAVE.start_date),
        ))).length;

      await t.step("prepare computes on the server and files nothing; the preview says so", async () => {
        const r = await c.callTool({ name: "prepare_leave_request", arguments: LEAVE });
        const p = ok<Record<string, unknown>>(r);
        assert.equal(p.days, 2);
        assert.deepEqual(p.balances, [{
          year: 2027,
          days: 2,
          remainingBefore: 25,
          pending: 0,
          remainingAfter: 23,
          carryOverByYear: [],
        }]);
        assert.ok((p.approver as { name: string }).name);
        assert.match(String(p.previewId), /^pv_/);
        assert.equal(p.expiresAt, new Date(s.t.clock.now() + PREVIEW_TTL_MS).toISOString());
        assert.match((r.content as { text: string }[])[0].text, /^Preview only: nothing has been filed yet/);
        assert.equal(await filed(), 0);
      });

      await t.step("a self-service write takes no free text: a reason argument is refused", async () => {
        const msg = refusal(
          await c.callTool({ name: "prepare_leave_request", arguments: { ...LEAVE, reason: "x" } }),
        );
        assert.match(msg, /^Unbekanntes Argument 'reason'\. Prüfen Sie das inputSchema/);
        const msg2 = refusal(
          await c.callTool({
            name: "prepare_sick_report",
            arguments: { start_date: "2026-11-02", reason: "flu" },
          }),
        );
        assert.match(msg2, /^Unbekanntes Argument 'reason'\./);
      });

      await t.step(
        "a project code follows the portal's rule: 1 to 32 letters, digits, '.', '_' or '-'",
        async () => {
          const entry = { date: "2026-11-14", start_time: "08:00", end_time: "12:00" };
          for (const code of ["P".repeat(33), "Project X"]) {
            const msg = refusal(
              await c.callTool({ name: "prepare_time_entry", arguments: { ...entry, project_code: code } }),
            );
            assert.match(msg, /project_code/);
          }
          const r = await c.callTool({
            name: "prepare_time_entry",
            arguments: { ...entry, project_code: "P".repeat(32) },
          });
          assert.equal(r.isError, undefined, JSON.stringify(r).slice(0, 300));
        },
      );

      await t.step(
        "commit files it once; the manager is told it came via an assistant; a retry replays",
        async () => {
          const p = ok<{ previewId: string }>(
            await c.callTool({ name: "prepare_leave_request", arguments: LEAVE }),
          );
          const first = ok<Record<string, unknown>>(
            await c.callTool({ name: "commit_leave_request", arguments: { previewId: p.previewId } }),
          );
          assert.equal(first.status, "AWAITING_APPROVAL");
          assert.equal(first.channel, "ASSISTANT");
          assert.equal(first.reason, undefined);
          const again = ok(
            await c.callTool({ name: "commit_leave_request", arguments: { previewId: p.previewId } }),
          );
          assert.deepEqual(again, first, "the retried commit replays the first result");
          assert.equal(await filed(), 1);
          const [n] = await db.select().from(notifications).where(
            eq(notifications.kind, "LEAVE_REQUEST_FILED"),
          )
            .orderBy(notifications.createdAt);
          const told =
            (await db.select().from(notifications).where(eq(notifications.kind, "LEAVE_REQUEST_FILED")))
              .filter((x) => JSON.parse(x.payload).leaveRequestId === first.id);
          assert.ok(n);
          assert.equal(told.length, 1);
          assert.equal(told[0].channel, "ASSISTANT");
          assert.equal(JSON.parse(told[0].payload).viaAssistant, true);
          const outcomes = (await auditRows(s.t, g.connectionId)).filter((x) =>
            x.name === "commit_leave_request"
          )
            .map((x) => x.outcome);
          assert.deepEqual(outcomes, ["ok", "replayed"]);
          // The same dates again overlap it: the refusal names it by its type and dates, never its id.
          const clash = refusal(await c.callTool({ name: "prepare_leave_request", arguments: LEAVE }));
          assert.match(
            clash,
            /^Das überschneidet sich mit Ihrem Gesuch «Ferien» vom 15\.02\.2027 bis 16\.02\.2027/,
          );
          assert.ok(!clash.includes(String(first.id)), clash);
          // Withdraw it again so later steps can file the same dates.
          ok(await c.callTool({ name: "withdraw_leave_request", arguments: { request_id: first.id } }));
        },
      );

      await t.step(
        "two commits racing for one preview file once and both return the same result",
        async () => {
          const p = ok<{ previewId: string }>(
            await c.callTool({ name: "prepare_leave_request", arguments: LEAVE }),
          );
          const before = await filed();
          const c2 = await s.client(g.token);
          const [a, b] = await Promise.all([
            c.callTool({ name: "commit_leave_request", arguments: { previewId: p.previewId } }),
            c2.callTool({ name: "commit_leave_request", arguments: { previewId: p.previewId } }),
          ]);
          assert.deepEqual(ok(a), ok(b));
          assert.equal(await filed(), before + 1);
          ok(
            await c.callTool({
              name: "withdraw_leave_request",
              arguments: { request_id: ok<{ id: string }>(a).id },
            }),
          );
        },
      );

      await t.step("a preview older than 15 minutes is refused and files nothing", async () => {
        const p = ok<{ previewId: string }>(
          await c.callTool({ name: "prepare_leave_request", arguments: LEAVE }),
        );
        const before = await filed();
        s.t.clock.advance(PREVIEW_TTL_MS);
        const msg = refusal(
          await c.callTool({ name: "commit_leave_request", arguments: { previewId: p.previewId } }),
        );
        assert.match(
          msg,
          /^Diese Vorschau ist abgelaufen \(Vorschauen gelten 15 Minuten\), und nichts wurde eingereicht/,
        );
        assert.equal(await filed(), before);
        const p2 = ok<{ previewId: string }>(
          await c.callTool({ name: "prepare_leave_request", arguments: LEAVE }),
        );
        s.t.clock.advance(PREVIEW_TTL_MS - 1);
        const done = ok<{ id: string }>(
          await c.callTool({ name: "commit_leave_request", arguments: { previewId: p2.previewId } }),
        );
        ok(await c.callTool({ name: "withdraw_leave_request", arguments: { request_id: done.id } }));
      });

      await t.step("another connection's preview is refused like an unknown one", async () => {
        const p = ok<{ previewId: string }>(
          await c.callTool({ name: "prepare_leave_request", arguments: LEAVE }),
        );
        const other = await s.grant("employee");
        const oc = await s.client(other.token);
        const msg = refusal(
          await oc.callTool({ name: "commit_leave_request", arguments: { previewId: p.previewId } }),
        );
        assert.match(msg, /^Diese previewId ist dieser Verbindung unbekannt\./);
        const unknown = refusal(
          await c.callTool({
            name: "commit_leave_request",
            arguments: { previewId: "pv_doesnotexist0000000000000" },
          }),
        );
        assert.equal(unknown, msg);
        // A preview of another kind cannot be committed by the wrong commit tool either.
        const tp = ok<{ previewId: string }>(
          await c.callTool({
            name: "prepare_time_entry",
            arguments: { date: "2026-11-14", start_time: "08:00", end_time: "12:00" },
          }),
        );
        refusal(await c.callTool({ name: "commit_leave_request", arguments: { previewId: tp.previewId } }));
        // The owner can still file the first preview.
        const mine = ok<{ id: string }>(
          await c.callTool({ name: "commit_leave_request", arguments: { previewId: p.previewId } }),
        );
        ok(await c.callTool({ name: "withdraw_leave_request", arguments: { request_id: mine.id } }));
      });

      await t.step("a commit refused by the filing rules is replayed as the same refusal", async () => {
        const p = ok<{ previewId: string }>(
          await c.callTool({ name: "prepare_leave_request", arguments: LEAVE }),
        );
        const p2 = ok<{ previewId: string }>(
          await c.callTool({ name: "prepare_leave_request", arguments: LEAVE }),
        );
        ok(await c.callTool({ name: "commit_leave_request", arguments: { previewId: p.previewId } }));
        const m1 = refusal(
          await c.callTool({ name: "commit_leave_request", arguments: { previewId: p2.previewId } }),
        );
        assert.match(m1, /überschneidet sich/);
        const m2 = refusal(
          await c.callTool({ name: "commit_leave_request", arguments: { previewId: p2.previewId } }),
        );
        assert.equal(m2, m1);
      });

      await t.step("withdraw_leave_request takes back only a request awaiting approval", async () => {
        const list = ok<{ items: { id: string; status: string; canWithdraw: boolean }[] }>(
          await c.callTool({ name: "list_my_leave_requests", arguments: { year: 2027 } }),
        );
        const pending = list.items.find((x) => x.status === "AWAITING_APPROVAL")!;
        const w = ok<{ status: string }>(
          await c.callTool({ name: "withdraw_leave_request", arguments: { request_id: pending.id } }),
        );
        assert.equal(w.status, "WITHDRAWN");
        assert.match(
          refusal(
            await c.callTool({ name: "withdraw_leave_request", arguments: { request_id: pending.id } }),
          ),
          // The demo employee reads German.
          /^Nur ein Gesuch, das auf Entscheid wartet, kann zurückgezogen werden; dieses ist: zurückgezogen\.$/,
        );
        assert.equal(
          refusal(await c.callTool({ name: "withdraw_leave_request", arguments: { request_id: "nope" } })),
          "Sie haben kein Abwesenheitsgesuch mit dieser ID.",
        );
      });

      await t.step(
        "time entry: derived net hours and the day's entries; committed as a draft, once",
        async () => {
          // A new connection: the steps above used up most of this one's 20 writes of the day.
          c = await s.client((await s.grant("employee")).token);
          const args = { date: "2026-11-14", start_time: "13:00", end_time: "17:30", break_minutes: 30 };
          const p = ok<{ totalHours: number; dayTotalHoursAfter: number; previewId: string }>(
            await c.callTool({ name: "prepare_time_entry", arguments: args }),
          );
          assert.equal(p.totalHours, 4);
          const e = ok<{ id: string; status: string }>(
            await c.callTool({ name: "commit_time_entry", arguments: { previewId: p.previewId } }),
          );
          assert.equal(e.status, "DRAFT");
          ok(await c.callTool({ name: "commit_time_entry", arguments: { previewId: p.previewId } }));
          const rows = await db.select().from(timeEntries).where(eq(timeEntries.id, e.id));
          assert.equal(rows.length, 1);
          assert.equal(rows[0].channel, "ASSISTANT");
          const p2 = ok<{ dayEntries: unknown[]; dayTotalHoursBefore: number }>(
            await c.callTool({
              name: "prepare_time_entry",
              arguments: { date: "2026-11-14", start_time: "08:00", end_time: "12:00" },
            }),
          );
          assert.equal(p2.dayEntries.length, 1);
          assert.equal(p2.dayTotalHoursBefore, 4);
          assert.match(
            refusal(
              await c.callTool({ name: "prepare_time_entry", arguments: { ...args, start_time: "14:00" } }),
            ),
            /überschneidet sich/,
          );
        },
      );

      await t.step(
        "sick report: days covered, no reason taken, filed once, cancelled within 24 hours",
        async () => {
          const g2 = await s.grant("employee");
          c = await s.client(g2.token);
          const p = ok<{ daysCovered: number; previewId: string; isOngoing: boolean }>(
            await c.callTool({
              name: "prepare_sick_report",
              arguments: { start_date: "2026-11-02", end_date: "2026-11-03" },
            }),
          );
          assert.equal(p.daysCovered, 2);
          assert.equal(p.isOngoing, false);
          const r = ok<{ id: string; canTakeBack: boolean }>(
            await c.callTool({ name: "commit_sick_report", arguments: { previewId: p.previewId } }),
          );
          assert.equal(r.canTakeBack, true);
          const [row] = await db.select().from(sickLeaveEntries).where(eq(sickLeaveEntries.id, r.id));
          assert.equal(row.reason, null);
          assert.equal(row.channel, "ASSISTANT");
          const x = ok<{ takenBack: boolean }>(
            await c.callTool({ name: "cancel_sick_report", arguments: { sick_leave_id: r.id } }),
          );
          assert.equal(x.takenBack, true);
          assert.match(
            refusal(await c.callTool({ name: "cancel_sick_report", arguments: { sick_leave_id: r.id } })),
            /^Diese Krankmeldung wurde bereits zurückgezogen\.$/,
          );
          // Outside the 24-hour window the report stays.
          const p2 = ok<{ previewId: string }>(
            await c.callTool({
              name: "prepare_sick_report",
              arguments: { start_date: "2026-11-04", end_date: "2026-11-04" },
            }),
          );
          const r2 = ok<{ id: string }>(
            await c.callTool({ name: "commit_sick_report", arguments: { previewId: p2.previewId } }),
          );
          s.t.clock.advance(24 * 3600_000 + 1);
          // A fresh token for the same connection (the old one expired with the day).
          c = await s.client((await s.grant("employee", { client: g2.clientId })).token);
          assert.match(
            refusal(await c.callTool({ name: "cancel_sick_report", arguments: { sick_leave_id: r2.id } })),
            // When it was filed, said as the person's clock showed it.
            /^Eine Meldung lässt sich innerhalb von 24 Stunden zurückziehen; diese wurde am \d\d\.\d\d\.\d{4} um \d\d:\d\d erfasst\./,
          );
        },
      );
    } finally {
      await s.close();
    }
  },
});

/** A connection and a prepared preview on a real database, for the race and crash cases below. */
async function previewOnRealDb(n = 7) {
  const { makeTestApp } = await import("../_helpers.ts");
  const { bindPreviews } = await import("../../src/mcp/previews.ts");
  const { oauthClients, oauthConnections, users } = await import("../../src/db/schema/mod.ts");
  const t = await makeTestApp();
  const now = t.clock.now();
  await t.deps.db.insert(oauthClients).values({
    id: "c1",
    name: "c1",
    type: "PUBLIC",
    tokenEndpointAuthMethod: "none",
    redirectUris: "[]",
    grantTypes: "[]",
    createdBy: "DYNAMIC",
    createdAt: now,
  });
  const [u] = await t.deps.db.select({ id: users.id }).from(users).limit(1);
  const [conn] = await t.deps.db.insert(oauthConnections).values({
    clientId: "c1",
    userId: u.id,
    scopes: "self:write",
    createdAt: now,
  }).returning();
  const prep = bindPreviews(t.deps, conn.id, { name: "prepare_x" });
  const commit = bindPreviews(t.deps, conn.id, { name: "commit_x", commits: "prepare_x" });
  const { previewId } = await prep.store({ n });
  const status = async () => {
    const { sql } = await import("drizzle-orm");
    const [row] = await t.deps.db.all<{ status: string; result: string | null }>(
      sql`SELECT status, result FROM mcp_previews WHERE id = ${previewId}`,
    );
    return row;
  };
  return { t, commit, previewId, status };
}

Deno.test("previews: five commits racing in one process file once and all get the same answer", async () => {
  const { writeTx } = await import("../../src/services/common.ts");
  const { sql } = await import("drizzle-orm");
  const { t, commit, previewId } = await previewOnRealDb(42);
  try {
    let filings = 0;
    const file = async (payload: unknown, deps: Parameters<typeof writeTx>[0]) => {
      filings++;
      await new Promise((r) => setTimeout(r, 30));
      return await writeTx(deps, async (tx) => {
        await tx.run(sql`SELECT 1`);
        return { filed: (payload as { n: number }).n, at: filings };
      });
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => commit.commit(previewId, file)));
    assert.equal(filings, 1);
    assert.equal(results.filter((r) => !r.replayed).length, 1);
    for (const r of results) assert.deepEqual(r.result, { filed: 42, at: 1 });
  } finally {
    t.close();
  }
});

Deno.test("previews: a commit racing another process's files nothing of its own and replays the first answer", async () => {
  const { writeTx } = await import("../../src/services/common.ts");
  const { sql } = await import("drizzle-orm");
  const { t, commit, previewId } = await previewOnRealDb();
  try {
    await t.deps.db.run(sql`CREATE TABLE filed_x (n INTEGER)`);
    const { openDatabase } = await import("../../src/db/client.ts");
    const other = await openDatabase(`file:${t.dbPath}`);
    // This process read the preview as PENDING; before its filing starts, another process files it.
    const r = await commit.commit(previewId, async (payload, deps) => {
      await other.client.execute({
        sql: `UPDATE mcp_previews SET status = 'COMMITTED', result = '{"filed":7,"by":"other"}' WHERE id = ?`,
        args: [previewId],
      });
      return await writeTx(deps, async (tx) => {
        await tx.run(sql`INSERT INTO filed_x (n) VALUES (-1)`);
        return { filed: (payload as { n: number }).n, by: "this" };
      });
    }).finally(() => other.close());
    assert.equal(r.replayed, true);
    assert.deepEqual(r.result, { filed: 7, by: "other" });
    assert.deepEqual(await t.deps.db.all(sql`SELECT n FROM filed_x`), [], "this filing rolled back whole");
  } finally {
    t.close();
  }
});

Deno.test("previews: the filing and its stored answer commit together; a retry after a stop replays that answer", async () => {
  const { writeTx } = await import("../../src/services/common.ts");
  const { sql } = await import("drizzle-orm");
  const { t, commit, previewId, status } = await previewOnRealDb();
  try {
    let filings = 0;
    await assert.rejects(
      commit.commit(previewId, async (payload, deps) => {
        const r = await writeTx(deps, async (tx) => {
          filings++;
          await tx.run(sql`SELECT 1`);
          return { filed: (payload as { n: number }).n, note: "first" };
        });
        // The filing's transaction has committed; the process dies before anything else runs.
        throw new Error(`stopped after ${JSON.stringify(r)}`);
      }),
      /stopped after/,
    );
    assert.deepEqual(await status(), { status: "COMMITTED", result: '{"filed":7,"note":"first"}' });
    const retry = await commit.commit(previewId, () => {
      filings++;
      return Promise.resolve({ filed: -1, note: "second" });
    });
    assert.equal(retry.replayed, true);
    assert.deepEqual(retry.result, { filed: 7, note: "first" });
    assert.equal(filings, 1);
  } finally {
    t.close();
  }
});

Deno.test("previews: a filing that dies inside its transaction leaves the preview to file, and the retry files once", async () => {
  const { writeTx } = await import("../../src/services/common.ts");
  const { sql } = await import("drizzle-orm");
  const { t, commit, previewId, status } = await previewOnRealDb();
  try {
    await t.deps.db.run(sql`CREATE TABLE filed_x (n INTEGER)`);
    const file = (fail: boolean) => (payload: unknown, deps: Parameters<typeof writeTx>[0]) =>
      writeTx(deps, async (tx) => {
        await tx.run(sql`INSERT INTO filed_x (n) VALUES (${(payload as { n: number }).n})`);
        if (fail) throw new Error("the disk went away");
        return { filed: (payload as { n: number }).n };
      });
    await assert.rejects(commit.commit(previewId, file(true)), /the disk went away/);
    assert.deepEqual(await status(), { status: "PENDING", result: null });
    const retry = await commit.commit(previewId, file(false));
    assert.equal(retry.replayed, false);
    assert.deepEqual(retry.result, { filed: 7 });
    assert.deepEqual(await t.deps.db.all(sql`SELECT n FROM filed_x`), [{ n: 7 }]);
  } finally {
    t.close();
  }
});

Deno.test("previews: a claim left by a stopped process was never filed, and the retry files it at once", async () => {
  const { writeTx } = await import("../../src/services/common.ts");
  const { sql } = await import("drizzle-orm");
  const { t, commit, previewId } = await previewOnRealDb();
  try {
    await t.deps.db.run(
      sql`UPDATE mcp_previews SET status = 'CLAIMED', committed_at = ${t.clock.now() - 1_000}
        WHERE id = ${previewId}`,
    );
    let filings = 0;
    const file = (payload: unknown, deps: Parameters<typeof writeTx>[0]) =>
      writeTx(deps, () => {
        filings++;
        return Promise.resolve({ filed: (payload as { n: number }).n });
      });
    const first = await commit.commit(previewId, file);
    assert.equal(first.replayed, false);
    assert.deepEqual(first.result, { filed: 7 });
    const second = await commit.commit(previewId, file);
    assert.equal(second.replayed, true);
    assert.deepEqual(second.result, { filed: 7 });
    assert.equal(filings, 1);
  } finally {
    t.close();
  }
});

Deno.test("previews: a claim left by a stopped process is not filed past the preview's 15 minutes", async () => {
  const { sql } = await import("drizzle-orm");
  const { t, commit, previewId } = await previewOnRealDb();
  try {
    // Claimed 14 minutes after it was prepared, then the process stopped; the retry comes 16 minutes in.
    await t.deps.db.run(
      sql`UPDATE mcp_previews SET status = 'CLAIMED', committed_at = ${t.clock.now() + 14 * 60_000}
        WHERE id = ${previewId}`,
    );
    t.clock.advance(16 * 60_000);
    let filings = 0;
    await assert.rejects(
      commit.commit(previewId, () => {
        filings++;
        return Promise.resolve({ filed: 7 });
      }),
      /expired/i,
    );
    assert.equal(filings, 0);
  } finally {
    t.close();
  }
});

Deno.test("previews: a filing that writes outside the filing's transaction is a bug, not a silent double", async () => {
  const { t, commit, previewId, status } = await previewOnRealDb();
  try {
    await assert.rejects(
      commit.commit(previewId, () => Promise.resolve({ filed: 7 })),
      /must write through writeTx/,
    );
    assert.deepEqual(await status(), { status: "PENDING", result: null });
  } finally {
    t.close();
  }
});
