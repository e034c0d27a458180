/**
 * Every self-service and document tool for the demo employee through the official SDK client (which also
 * validates each structuredContent against the tool's outputSchema), the audit trail, documents as
 * resources, and the prompts.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { oauthConnections, users } from "../../src/db/schema/mod.ts";
import { dataStamp } from "../../src/db/local.ts";
import type { FixedClock } from "../../src/clock.ts";
import { listConnectedAssistants } from "../../src/oauth/assistants.ts";
import { sha256Hex } from "../../src/crypto.ts";
import { guardRail } from "../../src/mcp/prompts.ts";
import { SELF_SERVICE_TOOLS } from "../../src/mcp/registry.ts";
import { auditRows, E2E, failOnUndeclaredFields, ok, refusal, startMcpServer } from "./_harness.ts";

/** Arguments that make each tool succeed for the demo employee on 18 November 2026. */
const CALLS: Record<string, Record<string, unknown>> = {
  whoami: {},
  get_my_summary: {},
  get_my_leave_balances: { year: 2026 },
  list_my_leave_requests: { year: 2026 },
  list_my_time_entries: { from: "2026-11-01", to: "2026-11-30" },
  get_my_sick_leave: {},
  list_my_payslips: { year: 2026 },
  get_public_holidays: { year: 2026 },
  get_closure_periods: { year: 2026 },
  prepare_leave_request: { leave_type: "VACATION", start_date: "2027-03-01", end_date: "2027-03-03" },
  prepare_time_entry: { date: "2026-11-14", start_time: "08:00", end_time: "12:00" },
  prepare_sick_report: { start_date: "2026-11-04", end_date: "2026-11-05" },
  list_documents: {},
  get_document: { slug: "vacation-policy" },
};

Deno.test({
  name: "self-service: every tool works for the demo employee; results carry structuredContent and text",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    let restore = () => {};
    try {
      const g = await s.grant("employee");
      const c = await s.client(g.token);
      restore = failOnUndeclaredFields(c);
      const results: Record<string, Record<string, unknown>> = {};
      for (const [name, args] of Object.entries(CALLS)) {
        await t.step(name, async () => {
          const r = await c.callTool({ name, arguments: args });
          results[name] = ok(r);
          const text = (r.content as { type: string; text: string }[])[0];
          assert.equal(text.type, "text");
          assert.ok(text.text.length > 10);
        });
      }
      await t.step("the commits, withdraw and cancel (previewed above)", async () => {
        const leave = ok<{ id: string }>(
          await c.callTool({
            name: "commit_leave_request",
            arguments: { previewId: results.prepare_leave_request.previewId },
          }),
        );
        ok(await c.callTool({ name: "withdraw_leave_request", arguments: { request_id: leave.id } }));
        ok(
          await c.callTool({
            name: "commit_time_entry",
            arguments: { previewId: results.prepare_time_entry.previewId },
          }),
        );
        const sick = ok<{ id: string }>(
          await c.callTool({
            name: "commit_sick_report",
            arguments: { previewId: results.prepare_sick_report.previewId },
          }),
        );
        ok(await c.callTool({ name: "cancel_sick_report", arguments: { sick_leave_id: sick.id } }));
      });
      await t.step("every one of the 19 tools was exercised", () => {
        const called = new Set([...Object.keys(CALLS), "commit_leave_request", "withdraw_leave_request"]);
        for (const x of ["commit_time_entry", "commit_sick_report", "cancel_sick_report"]) called.add(x);
        assert.deepEqual([...called].sort(), SELF_SERVICE_TOOLS.map((x) => x.name).sort());
      });
      await t.step(
        "what the contract keeps out: sick-leave reasons, payslip amounts and PDFs, free text",
        async () => {
          const sick = JSON.stringify(results.get_my_sick_leave);
          assert.ok(!/"reason"/.test(sick));
          const slips = results.list_my_payslips as { items: Record<string, unknown>[] };
          assert.ok(slips.items.length > 0);
          for (const p of slips.items) {
            assert.deepEqual(Object.keys(p).sort(), [
              "id",
              "paymentDate",
              "period",
              "periodLabel",
              "portalUrl",
            ]);
            assert.ok(String(p.portalUrl).startsWith(s.origin));
          }
          const withText = ok<{ items: Record<string, unknown>[] }>(
            await c.callTool({ name: "list_my_leave_requests", arguments: { include_free_text: true } }),
          );
          const without = results.list_my_leave_requests as { items: Record<string, unknown>[] };
          assert.ok(without.items.every((x) => !("reason" in x) && !("decisionNote" in x)));
          assert.ok(withText.items.some((x) => "reason" in x), "the demo has requests with a reason");
        },
      );
      await t.step(
        "whoami lists exactly the tools callable now, and follows a role change at once",
        async () => {
          const w = results.whoami as { tools: string[]; user: { role: string } };
          assert.equal(w.user.role, "employee");
          assert.deepEqual(w.tools, SELF_SERVICE_TOOLS.map((x) => x.name));
          await s.t.deps.db.update(users).set({ role: "hr" }).where(eq(users.id, g.userId));
          const w2 = ok<{ tools: string[]; user: { role: string } }>(
            await c.callTool({ name: "whoami", arguments: {} }),
          );
          assert.equal(w2.user.role, "hr");
          assert.ok(w2.tools.includes("get_hr_overview") || w2.tools.length >= SELF_SERVICE_TOOLS.length);
          // A role without the connector permission is refused tool by tool.
          await s.t.deps.db.update(users).set({ role: "contractor" }).where(eq(users.id, g.userId));
          assert.match(
            refusal(await c.callTool({ name: "whoami", arguments: {} })),
            // The demo employee reads German.
            /Es braucht die Berechtigung «mcp:connect», die die Rolle «contractor» nicht hat/,
          );
          await s.t.deps.db.update(users).set({ role: "employee" }).where(eq(users.id, g.userId));
        },
      );
      await t.step("a token with only self:read: whoami lists no write tool", async () => {
        const r = await s.client((await s.grant("employee", { scopes: ["self:read"] })).token);
        const w = ok<{ tools: string[]; scopes: string[] }>(
          await r.callTool({ name: "whoami", arguments: {} }),
        );
        assert.deepEqual(w.scopes, ["self:read"]);
        assert.ok(w.tools.every((x) => !/^(prepare|commit|withdraw|cancel)_/.test(x)));
      });
    } finally {
      restore();
      await s.close();
    }
  },
});

Deno.test({
  name: "self-service: an account without an employee record is refused with a message, not an error",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const c = await s.client((await s.grant("nolink")).token);
      const w = ok<{ user: { hasEmployeeRecord: boolean } }>(
        await c.callTool({ name: "whoami", arguments: {} }),
      );
      assert.equal(w.user.hasEmployeeRecord, false);
      assert.match(
        refusal(await c.callTool({ name: "get_my_summary", arguments: {} })),
        // The account without a record reads French.
        /^Aucun dossier du personnel n'est lié à ce compte\.$/,
      );
      // Documents need no employee record.
      ok(await c.callTool({ name: "list_documents", arguments: {} }));
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name:
    "audit: one row per tool call, resource read and prompt, refusals included; names only, free text hashed",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("manager");
      const c = await s.client(g.token);
      ok(
        await c.callTool({
          name: "list_my_time_entries",
          arguments: { from: "2026-11-01", to: "2026-11-30" },
        }),
      );
      refusal(await c.callTool({ name: "get_my_leave_balances", arguments: { year: 1900 } }));
      await c.readResource({ uri: "service://documents/manager-handbook" });
      await c.getPrompt({ name: "prepare_1on1", arguments: { person: "Anna Muster" } });
      await assert.rejects(() => c.callTool({ name: "no_such_tool", arguments: {} }));

      const rows = await auditRows(s.t, g.connectionId);
      const [list, bad, read, prompt, unknown] = rows;
      assert.equal(rows.length, 5);
      for (const r of rows) {
        assert.equal(r.client_id, g.clientId);
        assert.equal(r.user_id, g.userId);
        assert.ok(r.request_id);
      }
      assert.equal(list.kind, "tool");
      assert.equal(list.name, "list_my_time_entries");
      assert.equal(list.argument_names, JSON.stringify(["from", "to"]));
      assert.equal(list.outcome, "ok");
      const touched = JSON.parse(String(list.records_touched)) as string[];
      assert.ok(touched[0] && !touched[0].includes(":"), "the person comes first");
      assert.equal(Number(list.result_count), touched.length - 1);
      assert.ok(!String(list.argument_names).includes("2026"), "argument values are never stored");

      assert.equal(bad.outcome, "refused:validation");
      assert.equal(read.kind, "resource");
      assert.equal(read.name, "service://documents/manager-handbook");
      assert.equal(read.outcome, "ok");
      assert.equal(prompt.kind, "prompt");
      assert.equal(prompt.argument_names, JSON.stringify(["person"]));
      assert.deepEqual(JSON.parse(String(prompt.free_text)), {
        person: { length: 11, sha256: await sha256Hex("Anna Muster") },
      });
      const everything = JSON.stringify(rows);
      assert.ok(!everything.includes("Anna Muster"), "free text never appears in the audit");
      assert.equal(unknown.outcome, "refused:unknown_tool");
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "resources: documents by role, in the person's language with German fallback, read rule = list rule",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const employee = await s.client((await s.grant("employee")).token);
      const manager = await s.client((await s.grant("manager")).token);
      const hr = await s.client((await s.grant("hr")).token);
      const slugs = async (c: typeof employee) =>
        (await c.listResources()).resources.map((r) => r.uri.replace("service://documents/", "")).sort();
      const e = await slugs(employee);
      const m = await slugs(manager);
      const h = await slugs(hr);
      assert.ok(!e.includes("manager-handbook") && !e.includes("hr-playbook"));
      assert.ok(m.includes("manager-handbook") && !m.includes("hr-playbook"));
      assert.ok(h.includes("manager-handbook") && h.includes("hr-playbook"));
      assert.ok(e.every((x) => m.includes(x)) && m.every((x) => h.includes(x)));

      const tpl = await employee.listResourceTemplates();
      assert.deepEqual(tpl.resourceTemplates.map((x) => [x.uriTemplate, x.mimeType]), [[
        "service://documents/{slug}",
        "text/markdown",
      ]]);

      const read = await employee.readResource({ uri: "service://documents/vacation-policy" });
      assert.equal(read.contents[0].mimeType, "text/markdown");
      assert.ok(String((read.contents[0] as { text?: string }).text).length > 50);

      // The employee may not read the manager handbook: refused exactly like an unknown document.
      const denied = await employee.readResource({ uri: "service://documents/manager-handbook" }).catch((x) =>
        x
      );
      const missing = await employee.readResource({ uri: "service://documents/no-such-doc" }).catch((x) => x);
      assert.equal(denied.code, -32002);
      assert.equal(missing.code, -32002);
      assert.match(
        refusal(await employee.callTool({ name: "get_document", arguments: { slug: "manager-handbook" } })),
        /^Das Dokument «manager-handbook» steht Ihnen nicht zur Verfügung\./,
      );

      // Language: the manager reads English where a translation exists, German where none does.
      const docs = ok<{ items: { slug: string; language: string }[] }>(
        await manager.callTool({ name: "list_documents", arguments: {} }),
      );
      assert.ok(docs.items.some((d) => d.language === "en"), "some documents are translated to English");
      for (const d of docs.items) assert.ok(["en", "de"].includes(d.language), `${d.slug}: ${d.language}`);
      const french = ok<{ items: { language: string }[] }>(
        await hr.callTool({ name: "list_documents", arguments: {} }),
      );
      assert.ok(french.items.every((d) => ["fr", "de"].includes(d.language)));
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "prompts: listed and rendered by role, in the person's language, each with the guard rail",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const employee = await s.client((await s.grant("employee")).token);
      const manager = await s.client((await s.grant("manager")).token);
      const hr = await s.client((await s.grant("hr")).token);
      assert.deepEqual((await employee.listPrompts()).prompts, []);
      assert.deepEqual((await manager.listPrompts()).prompts.map((p) => p.name), ["prepare_1on1"]);
      assert.deepEqual((await hr.listPrompts()).prompts.map((p) => p.name), [
        "weekly_hr_briefing",
        "prepare_1on1",
      ]);
      // The argument's description in the person's language: the manager reads English, HR French.
      const argOf = async (c: typeof hr) =>
        (await c.listPrompts()).prompts.find((p) => p.name === "prepare_1on1")!.arguments![0].description;
      assert.equal(await argOf(manager), "The person's name (as the manager would say it).");
      assert.equal(await argOf(hr), "Le nom de la personne (tel que le responsable le dirait).");

      const m = await manager.getPrompt({ name: "prepare_1on1", arguments: { person: "Luca" } });
      const mText = String((m.messages[0].content as { text: string }).text);
      assert.ok(mText.includes("Luca"));
      assert.ok(mText.includes(guardRail("en")), "the manager's language is English");
      const b = await hr.getPrompt({ name: "weekly_hr_briefing" });
      assert.ok(String((b.messages[0].content as { text: string }).text).includes(guardRail("fr")));

      await assert.rejects(() => employee.getPrompt({ name: "prepare_1on1", arguments: { person: "Luca" } }));
      await assert.rejects(() => manager.getPrompt({ name: "weekly_hr_briefing" }));
      await assert.rejects(() => manager.getPrompt({ name: "prepare_1on1", arguments: {} }));
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "self service: a connection's use is recorded once a minute, without making the guard read it again",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const deps = s.t.deps;
      const clock = deps.clock as FixedClock;
      const g = await s.grant("employee");
      const c = await s.client(g.token);
      const lastUsed = async () =>
        (await listConnectedAssistants(deps, { userId: g.userId })).find((a) => a.id === g.connectionId)!
          .lastUsedAt;
      const liveTables = ["oauth_connections", "oauth_clients", "users", "oauth_revoked_access_tokens"];
      ok(await c.callTool({ name: "whoami", arguments: {} }));
      const first = clock.now();
      assert.equal(await lastUsed(), first);
      // Within the minute the use is not written again.
      clock.advance(59_000);
      ok(await c.callTool({ name: "whoami", arguments: {} }));
      assert.equal(await lastUsed(), first);
      // After a minute it is, and writing it leaves the tables the guard reads (and keeps) unchanged, so
      // the next requests of every connection are not made to read their connection again.
      clock.advance(1_000);
      const before = await dataStamp(deps.database.client, liveTables);
      ok(await c.callTool({ name: "whoami", arguments: {} }));
      assert.equal(await lastUsed(), first + 60_000);
      assert.equal(await dataStamp(deps.database.client, liveTables), before);
      // A revocation still changes them, and the very next call is refused.
      await deps.db.update(oauthConnections).set({ revokedAt: clock.now(), revokedBy: "test" })
        .where(eq(oauthConnections.id, g.connectionId));
      assert.notEqual(await dataStamp(deps.database.client, liveTables), before);
      const r = await s.post({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "whoami" } }, {
        token: g.token,
      });
      assert.equal(r.status, 401);
      await r.body?.cancel();
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "self-service: a summary served again is the same answer, and a change shows in the very next call",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const c = await s.client((await s.grant("employee")).token);
      const summary = async () => {
        const r = await c.callTool({ name: "get_my_summary", arguments: {} });
        const data = ok<{ timesheet: { totalHours: number; draftCount: number } }>(r);
        // The text block is the structured content's JSON, the same every time.
        assert.deepEqual(JSON.parse((r.content as { text: string }[])[0].text), data);
        return data;
      };
      const first = await summary();
      assert.deepEqual(await summary(), first);
      assert.deepEqual(await summary(), first);
      // A draft of two hours this week, on a day without entries (18 November 2026 is a Wednesday).
      const preview = ok<{ previewId: string }>(
        await c.callTool({
          name: "prepare_time_entry",
          arguments: { date: "2026-11-21", start_time: "09:00", end_time: "11:00" },
        }),
      );
      ok(await c.callTool({ name: "commit_time_entry", arguments: { previewId: preview.previewId } }));
      const after = await summary();
      assert.equal(after.timesheet.draftCount, first.timesheet.draftCount + 1);
      assert.equal(after.timesheet.totalHours, first.timesheet.totalHours + 2);
      assert.deepEqual(await summary(), after);
    } finally {
      await s.close();
    }
  },
});
