import assert from "node:assert/strict";
import { createApp } from "../../src/app.ts";
import { openDatabase } from "../../src/db/client.ts";
import { countCall } from "../../src/mcp/limits.ts";
import { AppError } from "../../src/errors.ts";
import { setSetting } from "../../src/settings.ts";
import { E2E, ok, refusal, startMcpServer } from "./_harness.ts";

Deno.test({
  name: "limits: 60 calls per minute per connection, exactly, also when 75 calls arrive at once",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      const c = await s.client(g.token);
      const results = await Promise.all(
        Array.from({ length: 60 + 15 }, () => c.callTool({ name: "whoami", arguments: {} })),
      );
      const refused = results.filter((r) => r.isError);
      assert.equal(results.length - refused.length, 60);
      assert.equal(refused.length, 15);
      assert.match(
        refusal(refused[0]),
        /Diese Verbindung darf 60 Aufrufe pro Minute machen\. Warten Sie \d+ Sekunden/,
      );
      // Another connection of the same person has its own budget.
      const other = await s.client((await s.grant("employee")).token);
      ok(await other.callTool({ name: "whoami", arguments: {} }));
      // The next minute starts a new window.
      s.t.clock.advance(60_000);
      ok(await c.callTool({ name: "whoami", arguments: {} }));
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name:
    "limits: 20 writes (commit, withdraw, cancel) per day per connection; reads and previews do not count",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      const c = await s.client(g.token);
      for (let i = 0; i < 20; i++) {
        // Refused by the rules (unknown id), yet each is a write call and counts.
        assert.match(
          refusal(
            await c.callTool({ name: "withdraw_leave_request", arguments: { request_id: `nope-${i}` } }),
          ),
          /kein Abwesenheitsgesuch/,
        );
      }
      ok(
        await c.callTool({
          name: "prepare_time_entry",
          arguments: { date: "2026-11-14", start_time: "08:00", end_time: "09:00" },
        }),
      );
      ok(await c.callTool({ name: "get_my_summary", arguments: {} }));
      const msg = refusal(
        await c.callTool({ name: "cancel_sick_report", arguments: { sick_leave_id: "x" } }),
      );
      assert.match(msg, /Tageslimite für Eingaben erreicht: Diese Verbindung darf 20 Eingaben/);
      // The next UTC day the same connection (with a fresh token) may write again.
      s.t.clock.set("2026-11-19T00:00:30Z");
      const fresh = await s.client((await s.grant("employee", { client: g.clientId })).token);
      assert.match(
        refusal(await fresh.callTool({ name: "withdraw_leave_request", arguments: { request_id: "nope" } })),
        /kein Abwesenheitsgesuch/,
      );
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "limits: counters live in the database and survive a restart of the service",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      const c = await s.client(g.token);
      for (let i = 0; i < 60 - 1; i++) ok(await c.callTool({ name: "whoami", arguments: {} }));
      // A second process on the same database file (a restart, or another instance) sees the same count.
      const database = await openDatabase(`file:${s.t.dbPath}`);
      try {
        const deps = { ...s.t.deps, database, db: database.db };
        createApp(deps);
        await countCall(deps, g.connectionId, false);
        await assert.rejects(
          () => countCall(deps, g.connectionId, false),
          (e: unknown) => e instanceof AppError && e.code === "rate_limited",
        );
      } finally {
        database.close();
      }
      refusal(await c.callTool({ name: "whoami", arguments: {} }));
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "limits: at most 50 rows per list; a larger page is a validation refusal",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const c = await s.client((await s.grant("employee")).token);
      const r = ok<{ items: unknown[]; limit: number }>(
        await c.callTool({
          name: "list_my_time_entries",
          arguments: { from: "2025-11-18", to: "2026-11-18" },
        }),
      );
      assert.ok(r.items.length <= 50);
      assert.equal(r.limit, 50);
      assert.match(
        refusal(await c.callTool({ name: "list_my_leave_requests", arguments: { limit: 51 } })),
        /^Ungültiges Argument 'limit'/,
      );
      assert.match(
        refusal(
          await c.callTool({
            name: "list_my_time_entries",
            arguments: { from: "2025-01-01", to: "2026-11-18" },
          }),
        ),
        /höchstens 400 Tage/,
      );
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "limits: a tool's hourly limit (get_hr_overview, 6 per hour) and the daily person-record allowance",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      await t.step("hourly: the seventh call in an hour is refused, the next hour allows again", async () => {
        const g = await s.grant("hr");
        const c = await s.client(g.token);
        for (let i = 0; i < 6; i++) ok(await c.callTool({ name: "get_hr_overview", arguments: {} }));
        assert.match(
          refusal(await c.callTool({ name: "get_hr_overview", arguments: {} })),
          /get_hr_overview peut être appelé 6 fois par heure/,
        );
        ok(await c.callTool({ name: "whoami", arguments: {} }));
        s.t.clock.advance(3600_000);
        const again = await s.client((await s.grant("hr", { client: g.clientId })).token);
        ok(await again.callTool({ name: "get_hr_overview", arguments: {} }));
      });
      await t.step(
        "allowance: beyond it reads of new people are refused until the next UTC day",
        async () => {
          await setSetting(s.t.deps, "personRecordDailyAllowance", 5);
          const g = await s.grant("hr");
          const c = await s.client(g.token);
          const page = ok<{ items: { id: string }[] }>(
            await c.callTool({ name: "list_employees", arguments: { limit: 5 } }),
          );
          assert.equal(page.items.length, 5);
          ok(await c.callTool({ name: "get_employee", arguments: { employee_id: page.items[2].id } }));
          assert.match(
            refusal(await c.callTool({ name: "list_employees", arguments: { limit: 5, offset: 5 } })),
            /Le quota journalier de 5 dossiers/,
          );
          const rows = await s.t.deps.database.client.execute({
            sql: "SELECT count(*) AS n FROM person_touches WHERE connection_id = ?",
            args: [g.connectionId],
          });
          assert.equal(Number(rows.rows[0].n), 5, "the refused read recorded nobody");
          s.t.clock.set("2026-11-20T00:00:01Z");
          const tomorrow = await s.client((await s.grant("hr", { client: g.clientId })).token);
          ok(await tomorrow.callTool({ name: "list_employees", arguments: { limit: 5, offset: 5 } }));
        },
      );
    } finally {
      await s.close();
    }
  },
});
