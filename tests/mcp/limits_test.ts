import assert from "node:assert/strict";
import { createApp } from "../../src/app.ts";
import { openDatabase } from "../../src/db/client.ts";
import { countCall } from "../../src/mcp/limits.ts";
import { AppError } from "../../src/errors.ts";
import { setSetting } from "../../src/settings.ts";
import { ok, refusal } from "./_harness.ts";
import { call, connect, prepareHour, refusedWrites, serverTest } from "./_e2e.ts";

serverTest(
  "limits: 60 calls per minute per connection, exactly, also when 75 calls arrive at once",
  async (s) => {
    const { c } = await connect(s, "employee");
    const results = await Promise.all(Array.from({ length: 60 + 15 }, () => call(c, "whoami")));
    const refused = results.filter((r) => r.isError);
    assert.equal(results.length - refused.length, 60);
    assert.equal(refused.length, 15);
    assert.match(
      refusal(refused[0]),
      /Diese Verbindung darf 60 Aufrufe pro Minute machen\. Warten Sie \d+ Sekunden/,
    );
    // Another connection of the same person has its own budget.
    const other = await s.client((await s.grant("employee")).token);
    ok(await call(other, "whoami"));
    // The next minute starts a new window.
    s.t.clock.advance(60_000);
    ok(await call(c, "whoami"));
  },
);

serverTest(
  "limits: 20 writes (commit, withdraw, cancel) per day per connection; reads and previews do not count",
  async (s) => {
    const { g, c } = await connect(s, "employee");
    // Refused by the rules (unknown id), yet each is a write call and counts.
    const writes = await refusedWrites(c, 20);
    assert.equal(writes.length, 20);
    for (const message of writes) assert.match(message, /kein Abwesenheitsgesuch/);
    ok(await prepareHour(c));
    ok(await call(c, "get_my_summary"));
    const msg = refusal(await call(c, "cancel_sick_report", { sick_leave_id: "x" }));
    assert.match(msg, /Tageslimite für Eingaben erreicht: Diese Verbindung darf 20 Eingaben/);
    // The next UTC day the same connection (with a fresh token) may write again.
    s.t.clock.set("2026-11-19T00:00:30Z");
    const fresh = await s.client((await s.grant("employee", { client: g.clientId })).token);
    assert.match(
      refusal(await call(fresh, "withdraw_leave_request", { request_id: "nope" })),
      /kein Abwesenheitsgesuch/,
    );
  },
);

serverTest(
  "limits: a restart counts the minute's calls again from the audit trail, so the limit survives it",
  async (s) => {
    const { g, c } = await connect(s, "employee");
    for (let i = 0; i < 59; i++) ok(await call(c, "whoami"));
    // The service started again on the same database file: a new process with nothing in memory.
    const database = await openDatabase(`file:${s.t.dbPath}`);
    try {
      const deps = { ...s.t.deps, database, db: database.db };
      createApp(deps);
      await countCall(deps, g.connectionId, false);
      await assert.rejects(
        () => countCall(deps, g.connectionId, false),
        (e: unknown) => e instanceof AppError && e.code === "rate_limited",
      );
      // Another connection starts the minute at zero: 60 calls, then refused.
      for (let i = 0; i < 60; i++) await countCall(deps, "another-connection", false);
      await assert.rejects(() => countCall(deps, "another-connection", false));
      // The next minute is counted afresh.
      s.t.clock.advance(60_000);
      await countCall(deps, g.connectionId, false);
    } finally {
      database.close();
    }
  },
);

serverTest("limits: a clock set back into a minute already used counts that minute again", async (s) => {
  const { c } = await connect(s, "employee");
  ok(await call(c, "whoami"));
  // A minute after the one the counting began in, so what follows is not the start's recount.
  s.t.clock.advance(60_000);
  const results = await Promise.all(Array.from({ length: 60 }, () => call(c, "whoami")));
  for (const r of results) ok(r);
  s.t.clock.advance(60_000);
  ok(await call(c, "whoami"));
  // Back into the first minute (a corrected system clock): its 60 calls are counted from the audit trail.
  s.t.clock.advance(-60_000);
  assert.match(refusal(await call(c, "whoami")), /60 Aufrufe pro Minute/);
});

serverTest("limits: the calls per minute write no row of their own; writes per day do", async (s) => {
  const { g, c } = await connect(s, "employee");
  for (let i = 0; i < 5; i++) ok(await call(c, "whoami"));
  const rows = async () =>
    (await s.t.deps.database.client.execute({
      sql: "SELECT key, count FROM rate_counters WHERE key LIKE ? ORDER BY key",
      args: [`%${g.connectionId}`],
    })).rows.map((r) => [r.key, r.count]);
  assert.deepEqual(await rows(), []);
  await refusedWrites(c, 2);
  assert.deepEqual(await rows(), [[`mcp:writes:${g.connectionId}`, 2]]);
});

serverTest("limits: at most 50 rows per list; a larger page is a validation refusal", async (s) => {
  const { c } = await connect(s, "employee");
  const r = ok<{ items: unknown[]; limit: number }>(
    await call(c, "list_my_time_entries", { from: "2025-11-18", to: "2026-11-18" }),
  );
  assert.ok(r.items.length <= 50);
  assert.equal(r.limit, 50);
  assert.match(
    refusal(await call(c, "list_my_leave_requests", { limit: 51 })),
    /^Ungültiges Argument 'limit'/,
  );
  assert.match(
    refusal(await call(c, "list_my_time_entries", { from: "2025-01-01", to: "2026-11-18" })),
    /höchstens 400 Tage/,
  );
});

serverTest(
  "limits: a tool's hourly limit (get_hr_overview, 6 per hour) and the daily person-record allowance",
  async (s, t) => {
    await t.step("hourly: the seventh call in an hour is refused, the next hour allows again", async () => {
      const { g, c } = await connect(s, "hr");
      for (let i = 0; i < 6; i++) ok(await call(c, "get_hr_overview"));
      assert.match(
        refusal(await call(c, "get_hr_overview")),
        /get_hr_overview peut être appelé 6 fois par heure/,
      );
      ok(await call(c, "whoami"));
      s.t.clock.advance(3600_000);
      const again = await s.client((await s.grant("hr", { client: g.clientId })).token);
      ok(await call(again, "get_hr_overview"));
    });
    await t.step("allowance: beyond it reads of new people are refused until the next UTC day", async () => {
      await setSetting(s.t.deps, "personRecordDailyAllowance", 5);
      const { g, c } = await connect(s, "hr");
      const page = ok<{ items: { id: string }[] }>(await call(c, "list_employees", { limit: 5 }));
      assert.equal(page.items.length, 5);
      ok(await call(c, "get_employee", { employee_id: page.items[2].id }));
      assert.match(
        refusal(await call(c, "list_employees", { limit: 5, offset: 5 })),
        /Le quota journalier de 5 dossiers/,
      );
      const rows = await s.t.deps.database.client.execute({
        sql: "SELECT count(*) AS n FROM person_touches WHERE connection_id = ?",
        args: [g.connectionId],
      });
      assert.equal(Number(rows.rows[0].n), 5, "the refused read recorded nobody");
      // A changed allowance applies to the next call (the setting is kept only while it is unchanged).
      await setSetting(s.t.deps, "personRecordDailyAllowance", 10);
      ok(await call(c, "list_employees", { limit: 5, offset: 5 }));
      s.t.clock.set("2026-11-20T00:00:01Z");
      const tomorrow = await s.client((await s.grant("hr", { client: g.clientId })).token);
      ok(await call(tomorrow, "list_employees", { limit: 5, offset: 5 }));
    });
  },
);
