/**
 * The 17 HR tools end to end: the official SDK client over HTTP against a running server, tokens
 * from the real connection and token functions, the demo organisation, a real SMTP server for the stage
 * move's candidate e-mail.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { auditRows, E2E, failOnUndeclaredFields, ok, refusal, startMcpServer } from "./_harness.ts";
import { HR_TOOLS, TOOLS } from "../../src/mcp/registry.ts";
import { NO_RANKING } from "../../src/mcp/hr.ts";
import { DEMO_ACCOUNTS, GATED_APPLICATION_ID, READY_APPLICATION_ID } from "../../src/demo/mod.ts";
import {
  applicationNotes,
  applications,
  employees,
  exportRecords,
  leaveRequests,
  users,
} from "../../src/db/schema/mod.ts";
import { deliverDue } from "../../src/mail/outbox.ts";
import { smtpTransport } from "../../src/mail/smtp.ts";
import { setSetting } from "../../src/settings.ts";

/** The contract's catalog rows of the 17 HR tools: scope and permission. */
const CONTRACT: Record<string, [string, string]> = {
  search_people: ["hr:read:people", "employees:view"],
  list_employees: ["hr:read:people", "employees:view"],
  get_employee: ["hr:read:people", "employees:view"],
  list_positions: ["hr:read:people", "positions:view"],
  get_position: ["hr:read:people", "positions:view"],
  get_hr_overview: ["hr:read:people", "ai-chat:use"],
  list_pending_approvals: ["hr:read:people", "staff-absence:approve"],
  list_applications: ["hr:read:recruiting", "applications:view"],
  get_application: ["hr:read:recruiting", "applications:view"],
  prepare_leave_decision: ["hr:write", "staff-absence:approve"],
  commit_leave_decision: ["hr:write", "staff-absence:approve"],
  prepare_onboarding_task: ["hr:write", "employees:onboarding"],
  commit_onboarding_task: ["hr:write", "employees:onboarding"],
  prepare_application_note: ["hr:write", "applications:view"],
  commit_application_note: ["hr:write", "applications:view"],
  prepare_stage_move: ["hr:write", "applications:move-stage"],
  commit_stage_move: ["hr:write", "applications:move-stage"],
};

Deno.test("hr tools: the catalog holds all 36 tools; the 17 HR rows are the contract's and end with the guard rail", () => {
  assert.equal(TOOLS.length, 36);
  assert.deepEqual(HR_TOOLS.map((t) => t.name), Object.keys(CONTRACT));
  for (const t of HR_TOOLS) {
    assert.deepEqual([t.scope, t.permission], CONTRACT[t.name], t.name);
    assert.ok(t.description.endsWith(NO_RANKING), `${t.name} ends with the no-ranking sentence`);
    const isWrite = t.kind === "commit" || t.kind === "write";
    assert.equal(t.annotations.destructiveHint, isWrite, `${t.name} destructive only for commits`);
    assert.equal(t.annotations.readOnlyHint, !isWrite, `${t.name} read-only for reads and previews`);
  }
});

Deno.test("hr tools: reads within scope, without sensitive fields", E2E, async (t) => {
  const s = await startMcpServer();
  try {
    const hr = await s.client((await s.grant("hr")).token);
    const mgr = await s.client((await s.grant("manager")).token);
    const rec = await s.client((await s.grant("recruiter")).token);
    await t.step("search_people: HR finds anyone, a manager only their reports", async () => {
      const all = ok<{ items: { id: string; lastName: string }[] }>(
        await hr.callTool({ name: "search_people", arguments: { query: "Rochat" } }),
      );
      assert.equal(all.items.length, 1);
      const none = ok<{ items: unknown[] }>(
        await mgr.callTool({ name: "search_people", arguments: { query: "Rochat" } }),
      );
      assert.equal(none.items.length, 0);
    });
    await t.step("get_employee: master data; outside scope answers like an unknown id", async () => {
      const e = ok<Record<string, unknown>>(
        await mgr.callTool({
          name: "get_employee",
          arguments: { employee_id: DEMO_ACCOUNTS.employee.employeeId },
        }),
      );
      assert.equal(e.lastName, "Gerber");
      for (const k of ["birthDate", "ahvNumber", "iban", "addressStreet", "salary"]) assert.ok(!(k in e), k);
      const far = refusal(
        await mgr.callTool({ name: "get_employee", arguments: { employee_id: DEMO_ACCOUNTS.hr.employeeId } }),
      );
      assert.match(far, /within your reach/);
    });
    await t.step("list_employees: at most 50 rows, active by default", async () => {
      const page = ok<{ items: { active: boolean }[] }>(
        await hr.callTool({ name: "list_employees", arguments: {} }),
      );
      assert.ok(page.items.length > 30 && page.items.length <= 50);
      assert.ok(page.items.every((p) => p.active));
    });
    await t.step(
      "positions and applications: only what the recruiter hires for; no bands, no scores",
      async () => {
        const pos = ok<{ items: { id: string }[] }>(
          await rec.callTool({ name: "list_positions", arguments: {} }),
        );
        assert.equal(pos.items.length, 1);
        const called = await rec.callTool({
          name: "get_position",
          arguments: { position_id: pos.items[0].id },
        });
        const one = ok<Record<string, unknown>>(called);
        assert.ok(!JSON.stringify(one).toLowerCase().includes("salary"));
        // The service also returns the hiring manager's record id, which the tool does not declare: only the
        // declared fields reach the assistant, in the structured result and in its text alike.
        assert.deepEqual(Object.keys(one).sort(), [
          "advertisement",
          "advertisementTruncated",
          "canton",
          "department",
          "id",
          "location",
          "status",
          "title",
          "workloadMax",
          "workloadMin",
        ]);
        const text = (called as { content: { text: string }[] }).content.map((c) => c.text).join("");
        assert.ok(!text.includes("hiringManager"), "the undeclared field is not in the text either");
        const apps = ok<{ items: { id: string }[] }>(
          await rec.callTool({ name: "list_applications", arguments: {} }),
        );
        assert.ok(apps.items.some((a) => a.id === GATED_APPLICATION_ID));
        const plain = ok<Record<string, unknown>>(
          await rec.callTool({
            name: "get_application",
            arguments: { application_id: GATED_APPLICATION_ID },
          }),
        );
        assert.ok(!("coverLetter" in plain));
        const rich = ok<Record<string, unknown>>(
          await rec.callTool({
            name: "get_application",
            arguments: { application_id: GATED_APPLICATION_ID, include_free_text: true },
          }),
        );
        assert.equal(typeof rich.coverLetter, "string");
      },
    );
    await t.step("get_hr_overview: HR only; small counts withheld", async () => {
      const o = ok<{ headcount: number | null; withheldBelow: number }>(
        await hr.callTool({ name: "get_hr_overview", arguments: {} }),
      );
      assert.equal(o.withheldBelow, 5);
      assert.ok((o.headcount ?? 0) >= 30);
      assert.match(refusal(await mgr.callTool({ name: "get_hr_overview", arguments: {} })), /ai-chat:use/);
    });
    await t.step(
      "list_pending_approvals: the manager's queue, colleagues' absences without a kind",
      async () => {
        const q = ok<
          {
            leaveRequests: {
              items: { employee: { name: string }; teamAbsences: Record<string, unknown>[] }[];
            };
            expenseReports: unknown[];
          }
        >(
          await mgr.callTool({ name: "list_pending_approvals", arguments: {} }),
        );
        assert.ok(q.leaveRequests.items.some((i) => i.employee.name === "Lukas Gerber"));
        assert.equal(q.expenseReports.length, 2);
        for (const i of q.leaveRequests.items) for (const a of i.teamAbsences) assert.ok(!("kind" in a));
      },
    );
  } finally {
    await s.close();
  }
});

Deno.test(
  "hr tools: leave decision — preview, commit in the caller's name, own request refused, authority re-checked",
  E2E,
  async () => {
    const s = await startMcpServer();
    let restore = () => {};
    try {
      const g = await s.grant("manager");
      const mgr = await s.client(g.token);
      restore = failOnUndeclaredFields(mgr);
      const pending = await s.t.deps.db.select().from(leaveRequests).where(
        eq(leaveRequests.employeeId, DEMO_ACCOUNTS.employee.employeeId!),
      );
      const awaiting = pending.filter((r) => r.status === "AWAITING_APPROVAL");
      assert.ok(awaiting.length >= 2);
      const p = ok<
        { previewId: string; employee: { name: string }; balances: unknown[]; resultingStatus: string }
      >(
        await mgr.callTool({
          name: "prepare_leave_decision",
          arguments: { leave_request_id: awaiting[0].id, decision: "APPROVE" },
        }),
      );
      assert.equal(p.employee.name, "Lukas Gerber");
      assert.equal(p.resultingStatus, "APPROVED");
      assert.ok(p.balances.length >= 1);
      const before = await s.t.deps.db.query.leaveRequests.findFirst({
        where: eq(leaveRequests.id, awaiting[0].id),
      });
      assert.equal(before?.status, "AWAITING_APPROVAL", "a preview writes nothing");
      const done = ok<{ status: string }>(
        await mgr.callTool({ name: "commit_leave_decision", arguments: { previewId: p.previewId } }),
      );
      assert.equal(done.status, "APPROVED");
      const again = ok<{ status: string }>(
        await mgr.callTool({ name: "commit_leave_decision", arguments: { previewId: p.previewId } }),
      );
      assert.equal(again.status, "APPROVED", "a retried commit replays");

      // A rejection note is taken at the prepare step; commit takes only the id.
      const r = ok<{ previewId: string }>(
        await mgr.callTool({
          name: "prepare_leave_decision",
          arguments: { leave_request_id: awaiting[1].id, decision: "REJECT", rejection_note: "Release week" },
        }),
      );
      assert.match(
        refusal(
          await mgr.callTool({
            name: "commit_leave_decision",
            arguments: { previewId: r.previewId, note: "x" },
          }),
        ),
        /note/,
      );
      // Authority is checked again at commit: the manager loses the role in between.
      await s.t.deps.db.update(users).set({ role: "employee" }).where(
        eq(users.email, "manager@demo.example"),
      );
      const lost = refusal(
        await mgr.callTool({ name: "commit_leave_decision", arguments: { previewId: r.previewId } }),
      );
      assert.match(lost, /permission|approv/i);
      const still = await s.t.deps.db.query.leaveRequests.findFirst({
        where: eq(leaveRequests.id, awaiting[1].id),
      });
      assert.equal(still?.status, "AWAITING_APPROVAL");
      await s.t.deps.db.update(users).set({ role: "manager" }).where(eq(users.email, "manager@demo.example"));

      // Nobody decides their own request.
      const own = await s.t.deps.db.select().from(leaveRequests).where(
        eq(leaveRequests.employeeId, DEMO_ACCOUNTS.hr.employeeId!),
      );
      const hr = await s.client((await s.grant("hr")).token);
      if (own.length) {
        const msg = refusal(
          await hr.callTool({
            name: "prepare_leave_decision",
            arguments: { leave_request_id: own[0].id, decision: "APPROVE" },
          }),
        );
        // The demo HR person reads French.
        assert.match(msg, /^Personne n'approuve sa propre demande|il n'y a rien à décider\.$/);
      }
      const rows = await auditRows(s.t, g.connectionId);
      const noteRow = rows.find((x) =>
        x.name === "prepare_leave_decision" && String(x.free_text ?? "").includes("rejection_note")
      );
      assert.ok(noteRow, "the free-text argument is audited");
      assert.ok(!JSON.stringify(rows).includes("Release week"), "only as length and hash");
    } finally {
      restore();
      await s.close();
    }
  },
);

Deno.test("hr tools: onboarding task and application note land where the preview said", E2E, async () => {
  const s = await startMcpServer();
  try {
    const mgr = await s.client((await s.grant("manager")).token);
    const joiner = await s.t.deps.db.query.employees.findFirst({
      where: eq(employees.personnelNumber, "GW-018"),
    });
    const p = ok<{ previewId: string; personName: string; position: number }>(
      await mgr.callTool({
        name: "prepare_onboarding_task",
        arguments: { employee_id: joiner!.id, title: "Set up the desk", phase: "FIRST_DAY" },
      }),
    );
    assert.equal(p.personName, `${joiner!.firstName} ${joiner!.lastName}`);
    const c = ok<{ position: number }>(
      await mgr.callTool({ name: "commit_onboarding_task", arguments: { previewId: p.previewId } }),
    );
    assert.equal(c.position, p.position);

    const rec = await s.client((await s.grant("recruiter")).token);
    const n = ok<{ previewId: string; visibility: string }>(
      await rec.callTool({
        name: "prepare_application_note",
        arguments: { application_id: GATED_APPLICATION_ID, note: "Asked about relocation." },
      }),
    );
    assert.equal(n.visibility, "SHARED");
    const filed = ok<{ noteId: string }>(
      await rec.callTool({ name: "commit_application_note", arguments: { previewId: n.previewId } }),
    );
    const [row] = await s.t.deps.db.select().from(applicationNotes).where(
      eq(applicationNotes.id, filed.noteId),
    );
    assert.equal(row.visibility, "SHARED");
    assert.equal(row.channel, "ASSISTANT");
  } finally {
    await s.close();
  }
});

Deno.test(
  "hr tools: stage move — gated move refused; a move e-mails the candidate over real SMTP",
  E2E,
  async () => {
    const received: { to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, cb) {
        let data = "";
        stream.on("data", (c: Uint8Array) => (data += new TextDecoder().decode(c)));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
    const port = (smtp.server.address() as { port: number }).port;
    const s = await startMcpServer();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    try {
      const hr = await s.client((await s.grant("hr")).token);
      const gated = refusal(
        await hr.callTool({
          name: "prepare_stage_move",
          arguments: { application_id: GATED_APPLICATION_ID, to_stage: "OFFER" },
        }),
      );
      // The HR account reads French.
      assert.equal(
        gated,
        "L'étape « Offre » est verrouillée et cette candidature a encore des tâches bloquantes ouvertes : " +
          "'Reference check'. Elles doivent d'abord être terminées ; le verrou ne peut pas être levé par un assistant.",
      );

      const p = ok<
        {
          previewId: string;
          emailsCandidate: boolean;
          automaticTasks: { emailsCandidate: boolean }[];
          marksHired: boolean;
        }
      >(
        await hr.callTool({
          name: "prepare_stage_move",
          arguments: { application_id: READY_APPLICATION_ID, to_stage: "OFFER" },
        }),
      );
      assert.equal(p.emailsCandidate, true);
      assert.ok(p.automaticTasks.some((x) => x.emailsCandidate));
      assert.equal(p.marksHired, false);
      const moved = ok<{ emailsQueued: number }>(
        await hr.callTool({ name: "commit_stage_move", arguments: { previewId: p.previewId } }),
      );
      assert.ok(moved.emailsQueued >= 1);
      const replay = ok<{ emailsQueued: number }>(
        await hr.callTool({ name: "commit_stage_move", arguments: { previewId: p.previewId } }),
      );
      assert.equal(replay.emailsQueued, moved.emailsQueued, "a retried commit runs nothing twice");
      const sent = await deliverDue(s.t.deps, transport, "hr@demo.example");
      assert.equal(sent.sent, moved.emailsQueued);
      const [app] = await s.t.deps.db.select().from(applications).where(
        eq(applications.id, READY_APPLICATION_ID),
      );
      assert.ok(received.some((m) => m.to.includes(app.candidateEmail)), "the candidate received the e-mail");

      const mgr = await s.client((await s.grant("manager")).token);
      assert.match(
        refusal(
          await mgr.callTool({
            name: "prepare_stage_move",
            arguments: { application_id: GATED_APPLICATION_ID, to_stage: "SCREENING" },
          }),
        ),
        /applications:move-stage/,
      );
    } finally {
      transport.close();
      await new Promise<void>((r) => smtp.close(() => r()));
      await s.close();
    }
  },
);

Deno.test("hr tools: get_hr_overview allows 6 calls per hour per connection", E2E, async () => {
  const s = await startMcpServer();
  try {
    const g = await s.grant("hr");
    const hr = await s.client(g.token);
    for (let i = 0; i < 6; i++) ok(await hr.callTool({ name: "get_hr_overview", arguments: {} }));
    assert.match(refusal(await hr.callTool({ name: "get_hr_overview", arguments: {} })), /6 fois par heure/);
    ok(await hr.callTool({ name: "list_positions", arguments: {} }));
    // An hour later (with a fresh access token for the same connection) the window has passed.
    s.t.clock.advance(3600_000);
    const later = await s.client((await s.grant("hr", { client: g.clientId })).token);
    ok(await later.callTool({ name: "get_hr_overview", arguments: {} }));
  } finally {
    await s.close();
  }
});

Deno.test(
  "hr tools: beyond the daily person-record allowance reads are refused until the next UTC day",
  E2E,
  async () => {
    const s = await startMcpServer();
    try {
      await setSetting(s.t.deps, "personRecordDailyAllowance", 5);
      const g = await s.grant("hr");
      const hr = await s.client(g.token);
      const all = ok<{ items: { id: string }[] }>(
        await hr.callTool({ name: "list_employees", arguments: { limit: 5 } }),
      );
      assert.equal(all.items.length, 5);
      // The same people again: still within the allowance.
      ok(await hr.callTool({ name: "get_employee", arguments: { employee_id: all.items[0].id } }));
      const more = refusal(await hr.callTool({ name: "list_employees", arguments: { limit: 5, offset: 5 } }));
      assert.match(more, /^Le quota journalier de 5 dossiers/);
      // Tomorrow (UTC) the count starts again.
      s.t.clock.set("2026-11-19T00:00:01Z");
      const tomorrow = await s.client((await s.grant("hr", { client: g.clientId })).token);
      ok(await tomorrow.callTool({ name: "list_employees", arguments: { limit: 5, offset: 5 } }));
    } finally {
      await s.close();
    }
  },
);

Deno.test(
  "hr tools: a connection that touches 50 or more people in a day is recorded as an export",
  E2E,
  async () => {
    const s = await startMcpServer();
    try {
      const now = s.t.clock.now();
      await s.t.deps.db.insert(employees).values(Array.from({ length: 20 }, (_, i) => ({
        personnelNumber: `X-${i}`,
        firstName: "Extra",
        lastName: `Person ${i}`,
        canton: "BE",
        employmentStart: "2020-01-01",
        createdAt: now,
        updatedAt: now,
      })));
      const g = await s.grant("hr");
      const hr = await s.client(g.token);
      ok(await hr.callTool({ name: "list_employees", arguments: { limit: 30 } }));
      assert.equal((await s.t.deps.db.select().from(exportRecords)).length, 0);
      ok(await hr.callTool({ name: "list_employees", arguments: { limit: 30, offset: 30 } }));
      const [rec] = await s.t.deps.db.select().from(exportRecords).where(
        eq(exportRecords.connectionId, g.connectionId),
      );
      assert.ok(rec && rec.personCount >= 50);
      assert.equal(rec.day, "2026-11-18");
    } finally {
      await s.close();
    }
  },
);
