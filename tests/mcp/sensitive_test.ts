/**
 * No tool result, resource, prompt or audit row ever contains a sensitive field: recognisable
 * values are planted in every sensitive field of every record, then every one of the 36 tools is called
 * (with free text asked for wherever a tool offers it), every resource read and both prompts rendered, by
 * the most privileged roles, and nothing planted may appear anywhere in what came back or in the audit.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import {
  applicationAiScores,
  applicationNotes,
  compensation,
  employees,
  payslips,
  positions,
  sickLeaveEntries,
} from "../../src/db/schema/mod.ts";
import { DEMO_ACCOUNTS, GATED_APPLICATION_ID } from "../../src/demo/mod.ts";
import { TOOLS } from "../../src/mcp/registry.ts";
import { E2E, startMcpServer } from "./_harness.ts";

const PLANTED = {
  ahv: "756.4242.4242.42",
  iban: "CH4242424242424242424",
  birth: "1942-04-02",
  street: "Planted-Secret-Strasse 42",
  salary: 424242.42,
  band: 434343.43,
  sickReason: "PLANTED-SICK-REASON",
  aiRationale: "PLANTED-AI-RATIONALE",
  aiScore: 0.4242421,
  aiModel: "PLANTED-AI-MODEL",
  privateNote: "PLANTED-PRIVATE-HR-NOTE",
  gross: 42424.24,
};
const NEEDLES = [
  PLANTED.ahv,
  PLANTED.iban,
  PLANTED.birth,
  PLANTED.street,
  "424242.42",
  "434343.43",
  PLANTED.sickReason,
  PLANTED.aiRationale,
  "0.4242421",
  PLANTED.aiModel,
  PLANTED.privateNote,
  "42424.24",
];

/** Arguments that make each tool do real work on the demo (prepare tools get valid requests). */
function sampleArgs(name: string, ids: Record<string, string>): Record<string, unknown> {
  const table: Record<string, Record<string, unknown>> = {
    list_my_leave_requests: { include_free_text: true },
    list_my_time_entries: { from: "2026-01-01", to: "2026-11-30" },
    get_my_sick_leave: { year: 2026 },
    get_public_holidays: { year: 2026 },
    get_document: { slug: "vacation-policy" },
    prepare_leave_request: { leave_type: "VACATION", start_date: "2026-12-21", end_date: "2026-12-22" },
    prepare_time_entry: { date: "2026-11-19", start_time: "08:00", end_time: "12:00" },
    prepare_sick_report: { start_date: "2026-11-19" },
    search_people: { query: "er" },
    list_employees: { include_inactive: true },
    get_employee: { employee_id: ids.employee },
    get_position: { position_id: ids.position },
    get_application: { application_id: GATED_APPLICATION_ID, include_free_text: true },
    prepare_leave_decision: {
      leave_request_id: ids.leaveRequest,
      decision: "REJECT",
      rejection_note: "Team plan",
    },
    prepare_onboarding_task: { employee_id: ids.joiner, title: "Laptop", phase: "BEFORE_START" },
    prepare_application_note: { application_id: GATED_APPLICATION_ID, note: "Good call" },
    prepare_stage_move: { application_id: GATED_APPLICATION_ID, to_stage: "SCREENING" },
    withdraw_leave_request: { request_id: ids.leaveRequest },
    cancel_sick_report: { sick_leave_id: ids.sick },
  };
  return table[name] ?? {};
}

Deno.test(
  "guard rail: planted sensitive values never leave through tools, resources, prompts or the audit",
  E2E,
  async () => {
    const s = await startMcpServer();
    try {
      const db = s.t.deps.db;
      await db.update(employees).set({
        ahvNumber: PLANTED.ahv,
        iban: PLANTED.iban,
        birthDate: PLANTED.birth,
        addressStreet: PLANTED.street,
      });
      await db.update(compensation).set({ annualSalary: PLANTED.salary });
      await db.update(positions).set({ salaryBandMin: PLANTED.band, salaryBandMax: PLANTED.band });
      await db.update(sickLeaveEntries).set({ reason: PLANTED.sickReason });
      await db.update(payslips).set({ gross: PLANTED.gross });
      await db.update(applicationAiScores).set({
        rationale: PLANTED.aiRationale,
        score: PLANTED.aiScore,
        model: PLANTED.aiModel,
      });
      await db.update(applicationNotes).set({ body: PLANTED.privateNote }).where(
        eq(applicationNotes.visibility, "PRIVATE_HR"),
      );
      const joiner = await db.query.employees.findFirst({ where: eq(employees.personnelNumber, "GW-018") });
      const pending = await s.t.deps.database.client.execute(
        "SELECT id FROM leave_requests WHERE status = 'AWAITING_APPROVAL' ORDER BY start_date LIMIT 1",
      );
      const sick = await db.query.sickLeaveEntries.findFirst({
        where: eq(sickLeaveEntries.employeeId, DEMO_ACCOUNTS.employee.employeeId!),
      });
      const pos = await db.query.positions.findFirst();
      const ids = {
        employee: DEMO_ACCOUNTS.employee.employeeId!,
        joiner: joiner!.id,
        leaveRequest: String(pending.rows[0].id),
        sick: sick!.id,
        position: pos!.id,
      };

      const seen: string[] = [];
      for (const who of ["hr", "admin", "manager", "employee"] as const) {
        const g = await s.grant(who);
        const c = await s.client(g.token);
        for (const tool of TOOLS) {
          const r = await c.callTool({ name: tool.name, arguments: sampleArgs(tool.name, ids) });
          seen.push(JSON.stringify(r));
          const pid = (r.structuredContent as { previewId?: string } | undefined)?.previewId;
          const commit = TOOLS.find((x) => x.commits === tool.name);
          if (pid && commit && who !== "employee") {
            seen.push(JSON.stringify(await c.callTool({ name: commit.name, arguments: { previewId: pid } })));
          }
        }
        const resources = await c.listResources();
        for (const res of resources.resources) {
          seen.push(
            JSON.stringify(await c.readResource({ uri: res.uri })),
          );
        }
        const prompts = await c.listPrompts();
        for (const p of prompts.prompts) {
          const args = p.arguments?.length ? { person: "Lukas Gerber" } : undefined;
          seen.push(JSON.stringify(await c.getPrompt({ name: p.name, arguments: args })));
        }
      }
      const audit = await s.t.deps.database.client.execute("SELECT * FROM mcp_audit");
      assert.ok(audit.rows.length > 100, "the calls were audited");
      seen.push(JSON.stringify(audit.rows));
      const everything = seen.join("\n");
      assert.ok(everything.includes("Gerber"), "the calls returned real data");
      for (const needle of NEEDLES) {
        assert.ok(!everything.includes(needle), `planted value ${needle} leaked`);
      }
    } finally {
      await s.close();
    }
  },
);
