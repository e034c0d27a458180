/**
 * The right of access (Art. 25 FADP): a person sees what assistants read or changed about them, and downloads
 * everything the service holds about them; retention deletes exactly what is older than its period.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../src/db/schema/mod.ts";
import { employees, mcpAudit, personTouches, users } from "../../src/db/schema/mod.ts";
import { E2E, ok, startMcpServer } from "../mcp/_harness.ts";
import { makeTestApp } from "../_helpers.ts";
import { EXPORT_PARTS, NOT_EXPORTED } from "../../src/services/my_data_export.ts";
import { runRetention } from "../../src/services/retention.ts";
import { COMMANDS, runCommand } from "../../src/cli/mod.ts";
import type { AppDeps } from "../../src/deps.ts";

const BASE = "/api/v1/portal";
const DAY = 86_400_000;

async function employeeIdOf(t: { deps: AppDeps }, email: string): Promise<string> {
  const [u] = await t.deps.db.select({ e: users.employeeId }).from(users).where(eq(users.email, email)).limit(
    1,
  );
  return u.e!;
}

Deno.test(
  "my data: an HR assistant reads an employee's record, and the employee sees it in their language, without who",
  E2E,
  async (t) => {
    const s = await startMcpServer();
    try {
      const employeeId = await employeeIdOf(s.t, "employee@demo.example");
      const hr = await s.grant("hr");
      const hrClient = await s.client(hr.token);
      ok(await hrClient.callTool({ name: "get_employee", arguments: { employee_id: employeeId } }));
      const own = await s.grant("employee", { scopes: ["self:read"] });
      const ownClient = await s.client(own.token);
      ok(await ownClient.callTool({ name: "get_my_summary", arguments: {} }));
      // A manager's assistant reading someone else: not in this employee's log.
      const colleague = await s.t.deps.db.select({ id: employees.id }).from(employees)
        .where(eq(employees.personnelNumber, "GW-002")).limit(1);
      ok(await hrClient.callTool({ name: "get_employee", arguments: { employee_id: colleague[0].id } }));

      const token = await s.t.signIn("employee@demo.example");
      const r = await s.t.request(`${BASE}/auth/assistants/activity`, { token });
      assert.equal(r.status, 200);
      const text = await r.text();
      const body = JSON.parse(text).data;

      await t.step("the HR read is there, with the role, the kind of data and the assistant", () => {
        const item = body.items.find((i: { actor: string }) => i.actor === "hr");
        assert.ok(item, text);
        assert.equal(item.area, "record");
        assert.equal(item.action, "read");
        assert.equal(item.outcome, "ok");
        assert.equal(item.assistant, `Test assistant ${hr.clientId}`);
        // The demo employee reads German.
        assert.equal(
          item.text,
          `Der Assistent «Test assistant ${hr.clientId}» von einer Person der Personalabteilung hat gelesen: ` +
            "Personalstammdaten.",
        );
      });
      await t.step("the employee's own assistant is there as 'self'", () => {
        const item = body.items.find((i: { actor: string }) => i.actor === "self");
        assert.equal(item.area, "overview");
        assert.match(item.text, /^Ihr Assistent «Test assistant /);
      });
      await t.step("exactly the two calls that concerned the employee: not the colleague's record", () => {
        assert.equal(body.items.length, 2);
      });
      await t.step("nothing of the HR person: no e-mail, no name, no user id", async () => {
        const [hrUser] = await s.t.deps.db.select().from(users).where(eq(users.email, "hr@demo.example"));
        const [hrEmp] = await s.t.deps.db.select().from(employees).where(
          eq(employees.id, hrUser.employeeId!),
        );
        for (const v of [hrUser.email, hrUser.id, hrEmp.lastName, hrEmp.firstName]) {
          assert.ok(!text.includes(v), `the log shows ${v}`);
        }
      });
      await t.step("the employee's own connection counts the person records it touched", () => {
        const c = body.connections.find((x: { connectionId: string }) => x.connectionId === own.connectionId);
        assert.equal(c.personRecordsTouched, 1);
        assert.deepEqual(c.exportDays, []);
      });
      await t.step("filtered by assistant: only that assistant's calls", async () => {
        const f = await s.t.request(`${BASE}/auth/assistants/activity?assistant=${own.clientId}`, { token });
        const items = (await f.json()).data.items;
        assert.equal(items.length, 1);
        assert.equal(items[0].actor, "self");
      });
      await t.step("a period before the calls is empty", async () => {
        const f = await s.t.request(`${BASE}/auth/assistants/activity?from=2026-10-01&to=2026-10-31`, {
          token,
        });
        assert.deepEqual((await f.json()).data.items, []);
      });
      await t.step("the connected-assistants page shows the same log", async () => {
        const page = await s.t.request("/account/assistants", { headers: { Cookie: `hr_session=${token}` } });
        assert.equal(page.status, 200);
        const html = await page.text();
        assert.match(html, /Was Assistenten über Sie gelesen haben/);
        assert.ok(
          html.includes(
            `Der Assistent «Test assistant ${hr.clientId}» von einer Person der Personalabteilung`,
          ),
        );
        const bad = await s.t.request("/account/assistants?from=2020-01-01&to=2026-11-18", {
          headers: { Cookie: `hr_session=${token}` },
        });
        assert.equal(bad.status, 200, "a period over 366 days falls back to the last 30 days");
        assert.match(await bad.text(), /value="2026-10-20"/);
      });
      await t.step("in French for a person who reads French", async () => {
        await s.t.deps.db.update(users).set({ language: "fr" }).where(
          eq(users.email, "employee@demo.example"),
        );
        const f = await s.t.request(`${BASE}/auth/assistants/activity`, { token });
        const item = (await f.json()).data.items.find((i: { actor: string }) => i.actor === "hr");
        assert.equal(
          item.text,
          `L'assistant « Test assistant ${hr.clientId} » d'une personne des RH a lu : données du personnel.`,
        );
      });
    } finally {
      await s.close();
    }
  },
);

Deno.test("my data: the activity period is refused when invalid, reversed or over 366 days", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    for (
      const [name, q] of [
        ["not a calendar date", "from=2026-02-30"],
        ["from after to", "from=2026-11-10&to=2026-11-01"],
        ["367 days", "from=2025-11-01&to=2026-11-02"],
        ["an unknown parameter", "who=me"],
        ["a limit over 50", "limit=51"],
      ]
    ) {
      await t.step(name, async () => {
        const r = await app.request(`${BASE}/auth/assistants/activity?${q}`, { token });
        assert.equal(r.status, 400);
        assert.equal(typeof (await r.json()).error, "string");
      });
    }
    await t.step("366 days are accepted", async () => {
      const r = await app.request(`${BASE}/auth/assistants/activity?from=2025-11-02&to=2026-11-02`, {
        token,
      });
      assert.equal(r.status, 200);
    });
    await t.step("without a session: 401", async () => {
      const r = await app.request(`${BASE}/auth/assistants/activity`);
      assert.equal(r.status, 401);
    });
  } finally {
    app.close();
  }
});

Deno.test("my data: every table that holds an employee's rows is exported or excluded with a reason", () => {
  const covered = new Set(EXPORT_PARTS.map((p) => getTableConfig(p.table).name));
  const missing: string[] = [];
  for (const value of Object.values(schema)) {
    if (!value || typeof value !== "object" || !(Symbol.for("drizzle:IsDrizzleTable") in value)) continue;
    const cfg = getTableConfig(value as SQLiteTable);
    const refersToEmployees = cfg.foreignKeys.some((fk) => fk.reference().foreignTable === employees);
    if (!refersToEmployees) continue;
    if (!covered.has(cfg.name) && !(cfg.name in NOT_EXPORTED)) missing.push(cfg.name);
  }
  assert.deepEqual(missing, []);
});

Deno.test("my data: the archive holds every area of the person and nothing of a colleague", async (t) => {
  const app = await makeTestApp();
  try {
    const db = app.deps.db;
    // Planted values: recognisable in the colleague's record and in a draft the employee wrote about them.
    const [colleague] = await db.select().from(employees).where(eq(employees.personnelNumber, "GW-002"));
    await db.update(employees).set({
      iban: "CH5604835012345678009",
      ahvNumber: "756.9999.8888.77",
      lastName: "Plantedcolleague",
      privateEmail: "planted.colleague@private.example",
    }).where(eq(employees.id, colleague.id));
    const employeeId = await employeeIdOf(app, "employee@demo.example");
    await db.insert(schema.feedbackDrafts).values({
      authorEmployeeId: employeeId,
      subjectEmployeeId: colleague.id,
      cycle: "2026",
      updatedAt: app.clock.now(),
    });
    const token = await app.signIn("employee@demo.example");
    const r = await app.request(`${BASE}/employee/data-exports`, { method: "POST", token });
    assert.equal(r.status, 201);
    const exp = (await r.json()).data;
    assert.equal(exp.status, "READY");
    const dl = await app.request(`${BASE}/employee/data-exports/${exp.id}/archive`, { token });
    assert.equal(dl.status, 200);
    assert.equal(dl.headers.get("content-type"), "application/zip");
    assert.match(dl.headers.get("cache-control") ?? "", /no-store/);
    const files = unzipSync(new Uint8Array(await dl.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(files["data.json"]));

    await t.step("every area is there with the person's rows", () => {
      assert.equal(data.profile.employee.id, employeeId);
      assert.equal(data.profile.account.email, "employee@demo.example");
      assert.ok(data.leave.leaveRequests.length > 0, "leave requests");
      assert.ok(data.leave.leaveEntitlements.length > 0, "entitlements");
      assert.ok(data.time.timeEntries.length > 0, "time entries");
      assert.ok(data.sick.sickLeaveEntries.length > 0, "sick leave");
      assert.ok(data.payslips.payslips.length > 0, "payslips");
      assert.ok(data.compensation.compensation.length > 0, "compensation");
      assert.ok(Array.isArray(data.documents.requiredDocuments));
      assert.ok(Array.isArray(data.assistants.connections));
      assert.ok(Array.isArray(data.activity.log));
      for (const row of data.time.timeEntries) assert.equal(row.employeeId, employeeId);
    });
    await t.step("the readable part and the payslip files", () => {
      const html = new TextDecoder().decode(files["index.html"]);
      assert.match(html, /<html lang="de">/);
      assert.match(html, /Lohnabrechnungen/);
      const pdfs = Object.keys(files).filter((f) => f.startsWith("files/payslips/"));
      const withDocs = data.payslips.payslips.filter((p: { documentName: string | null }) => p.documentName);
      assert.equal(pdfs.length, withDocs.length);
    });
    await t.step("no secret and nothing of the colleague in any file", () => {
      const all = Object.values(files).map((b) => new TextDecoder().decode(b)).join("\n");
      for (
        const v of [
          "CH5604835012345678009",
          "756.9999.8888.77",
          "Plantedcolleague",
          "planted.colleague@private.example",
          colleague.id,
          "passwordHash",
          "tokenHash",
          "scrypt",
        ]
      ) assert.ok(!all.includes(v), `the archive holds ${v}`);
    });
    await t.step("the request and the download are recorded", async () => {
      const list = await app.request(`${BASE}/employee/data-exports`, { token });
      const rows = (await list.json()).data.items;
      assert.equal(rows.length, 1);
      assert.equal(rows[0].downloadCount, 1);
    });
    await t.step("another person cannot see or download it", async () => {
      const other = await app.signIn("manager@demo.example");
      assert.equal(
        (await app.request(`${BASE}/employee/data-exports/${exp.id}`, { token: other })).status,
        404,
      );
      assert.equal(
        (await app.request(`${BASE}/employee/data-exports/${exp.id}/archive`, { token: other })).status,
        404,
      );
    });
    await t.step("three requests a day; the fourth is refused with Retry-After", async () => {
      for (let i = 0; i < 2; i++) {
        assert.equal(
          (await app.request(`${BASE}/employee/data-exports`, { method: "POST", token })).status,
          201,
        );
      }
      const fourth = await app.request(`${BASE}/employee/data-exports`, { method: "POST", token });
      assert.equal(fourth.status, 429);
      assert.ok(Number(fourth.headers.get("retry-after")) > 0);
      assert.equal(typeof (await fourth.json()).error, "string");
    });
    await t.step("after seven days the archive is no longer offered", async () => {
      app.clock.advance(7 * DAY + 1);
      const v = await app.request(`${BASE}/employee/data-exports/${exp.id}`, { token });
      assert.equal((await v.json()).data.status, "EXPIRED");
      assert.equal(
        (await app.request(`${BASE}/employee/data-exports/${exp.id}/archive`, { token })).status,
        404,
      );
      const r2 = await runRetention(app.deps);
      assert.equal(r2.expiredArchives, 3);
      const [row] = await db.select().from(schema.dataExports).where(eq(schema.dataExports.id, exp.id));
      assert.equal(row.archive, null);
      assert.equal(row.status, "EXPIRED");
    });
  } finally {
    app.close();
  }
});

Deno.test("retention: deletes exactly the audit rows, counters and export records older than 365 days", async () => {
  const app = await makeTestApp({ now: "2027-11-22T10:00:00.000Z" });
  try {
    const db = app.deps.db;
    const firstKept = Date.parse("2026-11-22T00:00:00.000Z");
    const employeeId = await employeeIdOf(app, "employee@demo.example");
    const audit = (id: string, at: number) => ({
      id,
      createdAt: at,
      kind: "tool",
      name: "get_my_summary",
      argumentNames: "[]",
      recordsTouched: "[]",
      outcome: "ok",
    });
    await db.delete(mcpAudit);
    await db.insert(mcpAudit).values([audit("old", firstKept - 1), audit("kept", firstKept)]);
    await db.insert(personTouches).values([
      { connectionId: "c1", day: "2026-11-21", employeeId },
      { connectionId: "c1", day: "2026-11-22", employeeId },
    ]);
    await db.insert(schema.exportRecords).values([
      { connectionId: "c1", day: "2026-11-21", personCount: 50, recordedAt: firstKept - DAY },
      { connectionId: "c1", day: "2026-11-22", personCount: 51, recordedAt: firstKept },
    ]);
    const r = await runRetention(app.deps);
    assert.equal(r.keptFrom, firstKept);
    assert.deepEqual([r.auditRows, r.personTouches, r.exportRecords], [1, 1, 1]);
    assert.deepEqual((await db.select({ id: mcpAudit.id }).from(mcpAudit)).map((x) => x.id), ["kept"]);
    assert.deepEqual((await db.select().from(personTouches)).map((x) => x.day), ["2026-11-22"]);
    assert.deepEqual((await db.select().from(schema.exportRecords)).map((x) => x.day), ["2026-11-22"]);
  } finally {
    app.close();
  }
});

Deno.test("cli: person export writes the archive once and refuses bad input", async (t) => {
  const app = await makeTestApp();
  const dir = await Deno.makeTempDir();
  try {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      out: (s: string) => out.push(s),
      err: (s: string) => err.push(s),
      readStdin: () => Promise.resolve(""),
    };
    const cmd = COMMANDS.find((c) => c.name === "person export")!;
    await t.step("writes the archive with mode 0600", async () => {
      const code = await runCommand(app.deps, cmd, ["--employee", "GW-013", "--file", `${dir}/p1.zip`], io);
      assert.equal(code, 0, err.join(""));
      const files = unzipSync(await Deno.readFile(`${dir}/p1.zip`));
      assert.ok(files["data.json"]);
      assert.equal((await Deno.stat(`${dir}/p1.zip`)).mode! & 0o777, 0o600);
    });
    await t.step("never overwrites a file", async () => {
      const code = await runCommand(app.deps, cmd, ["--employee", "GW-013", "--file", `${dir}/p1.zip`], io);
      assert.equal(code, 1);
      assert.match(err.join(""), /exists already/);
    });
    await t.step("an unknown personnel number is refused", async () => {
      const code = await runCommand(app.deps, cmd, ["--employee", "P999", "--file", `${dir}/x.zip`], io);
      assert.equal(code, 1);
      assert.match(err.join(""), /No employee with personnel number P999/);
    });
    await t.step("the request is recorded as made by HR", async () => {
      const rows = await app.deps.db.select().from(schema.dataExports);
      assert.deepEqual(rows.map((r) => r.requestedVia), ["HR"]);
    });
  } finally {
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
});
