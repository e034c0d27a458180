import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { createApp } from "../../src/app.ts";
import { openDatabase } from "../../src/db/client.ts";
import {
  employees,
  leaveAdjustments,
  leaveTypes,
  surveyInvitations,
  users,
} from "../../src/db/schema/mod.ts";
import { getEmployeeSummary } from "../../src/services/summary.ts";
import { portalRoutes } from "../../src/portal/mod.ts";
import { reusedOr, reuseResponses } from "../../src/portal/reuse.ts";

/** Which route a concrete portal path belongs to. */
function routeOf(method: string, path: string) {
  const bare = path.split("?")[0].replace("/api/v1/portal", "");
  return portalRoutes.find((r) =>
    r.method === method && new RegExp(`^${r.path.replace(/:\w+/g, "[^/]+")}$`).test(bare)
  );
}

Deno.test("portal reuse: every answer served again equals a fresh computation, through every kind of change", async (t) => {
  // Many reads within a minute: the per-account limit is not what this test is about.
  const app = await makeTestApp({ env: { PORTAL_REQUESTS_PER_MINUTE: "100000" } });
  // The reference: a second app on the same file, through another client, that computes every answer afresh.
  const database = await openDatabase(`file:${app.dbPath}`);
  reuseResponses(database.client, false);
  const fresh = createApp({ ...app.deps, database, db: database.db });
  try {
    const token = await app.signIn("employee@demo.example");
    const auth = { Authorization: `Bearer ${token}` };
    const get = async (
      a: { request: (p: string, i?: RequestInit) => Response | Promise<Response> },
      p: string,
    ) => {
      const r = await a.request(p, { headers: auth });
      return { status: r.status, etag: r.headers.get("etag"), body: await r.text() };
    };
    const base = "/api/v1/portal/employee";
    const first = async (list: string, pick: (d: Record<string, unknown>) => unknown[]) => {
      const items = pick(JSON.parse((await get(app.app, `${base}${list}`)).body).data);
      return (items[0] as { id: string }).id;
    };
    const paths = [
      "/summary",
      "/profile",
      "/profile/change-requests",
      "/leave/types",
      "/leave/balances",
      "/leave/balances?year=2027",
      "/leave/requests",
      "/leave/requests?status=APPROVED&limit=5",
      `/leave/requests/${await first("/leave/requests", (d) => d.items as unknown[])}`,
      "/time-entries",
      "/time-entries?from=2026-11-01&to=2026-11-30",
      `/time-entries/${await first(
        "/time-entries?from=2026-01-01&to=2026-12-31",
        (d) => d.items as unknown[],
      )}`,
      "/time-weeks/2026-11-16",
      "/payslips",
      `/payslips/${await first("/payslips", (d) => d.items as unknown[])}`,
      "/compensation",
      "/salary-continuation",
      "/holidays",
      "/closures",
      "/todos",
      "/notifications",
      "/notifications?unread=true",
      "/sick-leave",
      "/sick-leave?year=2025",
      `/sick-leave/${await first("/sick-leave?year=2026", (d) => d.items as unknown[])}`,
    ].map((p) => `${base}${p}`);
    // Every operation whose answers are reused is checked here.
    const covered = new Set(paths.map((p) => routeOf("get", p)?.operationId));
    const reused = portalRoutes.filter((r) => r.reuse).map((r) => r.operationId);
    assert.deepEqual(
      reused.filter((op) => !covered.has(op)),
      [],
      "reused operations this test does not read",
    );

    const same = async (when: string) => {
      for (const p of paths) {
        // Twice: the second answer is the one kept, when the data allowed it.
        await get(app.app, p);
        const a = await get(app.app, p);
        const b = await get(fresh, p);
        assert.equal(a.status, 200, `${when}: ${p}: ${a.body}`);
        assert.deepEqual(a, b, `${when}: ${p}`);
      }
    };
    await t.step("as seeded", () => same("as seeded"));

    const post = async (p: string, json: unknown, method = "POST") => {
      const r = await app.request(`${base}${p}`, { method, json, headers: auth });
      const text = await r.text();
      assert.ok(r.status < 300, `${p}: ${r.status} ${text}`);
      return JSON.parse(text);
    };
    const before = (await get(app.app, `${base}/leave/balances`)).body;
    await t.step("after a leave request is filed", async () => {
      await post("/leave/requests", {
        leaveType: "VACATION",
        startDate: "2027-01-11",
        endDate: "2027-01-15",
      });
      await same("after a leave request");
      assert.notEqual((await get(app.app, `${base}/leave/balances?year=2027`)).body, before);
    });
    await t.step("after a time entry is logged and another deleted", async () => {
      const r = await post("/time-entries", { date: "2026-11-17", startTime: "18:00", endTime: "19:30" });
      await same("after a time entry");
      await app.request(`${base}/time-entries/${r.data.id}`, {
        method: "DELETE",
        headers: auth,
      });
      await same("after a deletion");
    });
    await t.step("after a change request and notifications read", async () => {
      await post("/profile/change-requests", { field: "IBAN", value: "CH56 0483 5012 3456 7800 9" });
      await post("/notifications/read", { all: true });
      await same("after a change request");
    });
    await t.step("after changes made by another process", async () => {
      const [vacation] = await database.db.select().from(leaveTypes).where(eq(leaveTypes.code, "VACATION"));
      const [u] = await database.db.select().from(users).where(eq(users.email, "employee@demo.example"));
      await database.db.insert(leaveAdjustments).values({
        employeeId: u.employeeId!,
        leaveTypeId: vacation.id,
        year: 2026,
        days: 2,
        note: "Dienstjubiläum",
        createdBy: "HR",
        createdAt: app.clock.now(),
      });
      await database.db.update(employees).set({ phone: "+41 31 000 00 00" }).where(
        eq(employees.id, u.employeeId!),
      );
      await same("after another process wrote");
    });
    await t.step("on the next day and in the next year", async () => {
      app.clock.advance(86_400_000);
      await same("the next day");
      // Within the session's 30 days of each use, into January.
      app.clock.advance(25 * 86_400_000);
      await same("in December");
      app.clock.advance(20 * 86_400_000);
      await same("in the next year");
    });
  } finally {
    database.close();
    app.close();
  }
});

Deno.test("portal reuse: a kept answer is served again, and again computed once its data changed", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const read = async () => {
      const r = await app.request("/api/v1/portal/employee/leave/balances", { token });
      return { etag: r.headers.get("etag"), body: await r.text() };
    };
    const a = await read();
    const b = await read();
    assert.deepEqual(a, b);
    const [u] = await app.deps.db.select().from(users).where(eq(users.email, "employee@demo.example"));
    const [vacation] = await app.deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, "VACATION"));
    await app.deps.db.insert(leaveAdjustments).values({
      employeeId: u.employeeId!,
      leaveTypeId: vacation.id,
      year: 2026,
      days: 1.5,
      note: "Korrektur",
      createdBy: "HR",
      createdAt: app.clock.now(),
    });
    const c = await read();
    assert.notEqual(c.etag, a.etag);
    assert.match(c.body, /Korrektur/);
    // A conditional request with the old validator gets the new answer; with the new one, 304.
    const old = await app.request("/api/v1/portal/employee/leave/balances", {
      token,
      headers: { "If-None-Match": a.etag! },
    });
    assert.equal(old.status, 200);
    const now = await app.request("/api/v1/portal/employee/leave/balances", {
      token,
      headers: { "If-None-Match": c.etag! },
    });
    assert.equal(now.status, 304);
  } finally {
    app.close();
  }
});

Deno.test("portal reuse: a sick report's take-back window closes on time in a kept answer", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const filed = await app.request("/api/v1/portal/employee/sick-leave", {
      method: "POST",
      token,
      json: { startDate: "2026-11-16", endDate: "2026-11-17" },
    });
    assert.equal(filed.status, 201, await filed.clone().text());
    const id = (await filed.json()).data.id as string;
    const read = async () => {
      const list = await (await app.request("/api/v1/portal/employee/sick-leave", { token })).json();
      const one = await (await app.request(`/api/v1/portal/employee/sick-leave/${id}`, { token })).json();
      return [list.data.items.find((e: { id: string }) => e.id === id).canTakeBack, one.data.canTakeBack];
    };
    // Filed at 10:00 in Zurich: it can be taken back until 10:00 the next day.
    app.clock.advance(23 * 3_600_000); // 09:00 the next day
    assert.deepEqual(await read(), [true, true]);
    assert.deepEqual(await read(), [true, true]);
    app.clock.advance(2 * 3_600_000); // 11:00, the same day: nothing changed in the data
    assert.deepEqual(await read(), [false, false]);
  } finally {
    app.close();
  }
});

Deno.test("portal reuse: a summary the service served from its own memo still ties the answer to its tables", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const [u] = await app.deps.db.select().from(users).where(eq(users.email, "employee@demo.example"));
    // The connector's path fills the summary service's memo first; the portal's first read is then served
    // from it without running the summary's statement.
    await getEmployeeSummary(app.deps, {
      userId: u.id,
      role: u.role,
      language: "de",
      employeeId: u.employeeId,
      channel: "ASSISTANT",
    });
    const read = async () =>
      (await (await app.request("/api/v1/portal/employee/summary", { token })).json()).data.todos;
    const before = await read();
    assert.deepEqual(await read(), before);
    // One statement on the shared connection (no transaction): only the table's own counter moves.
    await app.deps.db.insert(surveyInvitations).values({
      employeeId: u.employeeId!,
      surveyTitle: "Pulse",
      status: "OPEN",
      createdAt: app.clock.now(),
    });
    const after = await read();
    assert.equal(after.surveyInvitations, before.surveyInvitations + 1);
    assert.equal(after.total, before.total + 1);
  } finally {
    app.close();
  }
});

Deno.test("portal reuse: bounded: at most 4,000 answers, none over 256 KiB characters, 32 MiB characters in all", async (t) => {
  const dir = await Deno.makeTempDir();
  const database = await openDatabase(`file:${dir}/t.db`);
  try {
    let computed = 0;
    const answer = (body: string) => () => {
      computed++;
      return Promise.resolve(body);
    };
    const ask = (key: string, body: string) => reusedOr(database.client, key, 0, undefined, answer(body));
    await t.step("the 4,001st answer pushes out the first", async () => {
      for (let i = 0; i < 4001; i++) await ask(`k${i}`, `{"n":${i}}`);
      computed = 0;
      await ask("k4000", "x");
      await ask("k1", "x");
      assert.equal(computed, 0, "the newer ones are kept");
      await ask("k0", "x");
      assert.equal(computed, 1, "the oldest was dropped");
    });
    await t.step("an answer over 256 KiB characters is never kept", async () => {
      const big = "x".repeat(256 * 1024 + 1);
      computed = 0;
      await ask("big", big);
      await ask("big", big);
      assert.equal(computed, 2);
    });
    await t.step("past 32 MiB characters in all the oldest go", async () => {
      const body = "y".repeat(200 * 1024);
      // 170 × 200 KiB is more than 32 MiB: the first ones are pushed out.
      for (let i = 0; i < 170; i++) await ask(`b${i}`, body);
      computed = 0;
      await ask("b169", body);
      assert.equal(computed, 0);
      await ask("b0", body);
      assert.equal(computed, 1);
    });
  } finally {
    database.close();
  }
});
