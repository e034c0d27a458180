/**
 * The access table: every one of the 36 tools, for each demo role (employee, manager, HR staff,
 * admin, an account with no employee record) and each scope set a connection may hold. A call passes the
 * guard exactly when the role holds the tool's permission (else a refusal naming the permission and saying no
 * connection can grant it) and the token carries the tool's scope (else a refusal naming the scope and how to
 * allow it: disconnect and connect again); both are tool results, never an HTTP 403 a client would try to
 * step up from. Past the guard, visibility decides (a person outside one's reach answers like an unknown id;
 * self-service needs an employee record). The roles' permissions are written out here, not read from the code
 * under test.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { E2E, startMcpServer, watchToolData, type Who } from "./_harness.ts";
import { TOOLS } from "../../src/mcp/registry.ts";
import { DEMO_ACCOUNTS, GATED_APPLICATION_ID } from "../../src/demo/mod.ts";
import { employees, leaveRequests, positions } from "../../src/db/schema/mod.ts";

const SCOPE_SETS: Record<string, string[]> = {
  all: ["self:read", "self:write", "hr:read:people", "hr:read:recruiting", "hr:write"],
  self: ["self:read", "self:write"],
  hr: ["hr:read:people", "hr:read:recruiting", "hr:write"],
  readOnly: ["self:read", "hr:read:people", "hr:read:recruiting"],
};
const ROLES: Who[] = ["employee", "manager", "hr", "admin", "nolink"];

/** What each role may do (the access design in the README): self-service for all, more by role. */
const SELF = ["mcp:connect", "leave:request", "workhours:submit", "sickleave:report"];
const ROLE_PERMISSIONS: Record<string, string[]> = {
  employee: SELF,
  manager: [
    ...SELF,
    "employees:view",
    "positions:view",
    "staff-absence:approve",
    "applications:view",
    "employees:onboarding",
  ],
  hr: [
    ...SELF,
    "employees:view",
    "positions:view",
    "staff-absence:approve",
    "applications:view",
    "applications:move-stage",
    "employees:onboarding",
    "ai-chat:use",
  ],
  admin: [
    ...SELF,
    "employees:view",
    "positions:view",
    "staff-absence:approve",
    "applications:view",
    "applications:move-stage",
    "employees:onboarding",
    "ai-chat:use",
  ],
};
const hasPermission = (role: string, permission: string) => ROLE_PERMISSIONS[role].includes(permission);

Deno.test(
  "access: 36 tools × 5 roles × 4 scope sets — allowed exactly when scope, permission and visibility hold",
  E2E,
  async (t) => {
    const s = await startMcpServer();
    // Every result is also checked for fields its handler gave and its output schema left out.
    const watch = watchToolData(TOOLS);
    try {
      const db = s.t.deps.db;
      const joiner = await db.query.employees.findFirst({ where: eq(employees.personnelNumber, "GW-018") });
      const pos = await db.query.positions.findFirst({
        where: eq(positions.hiringManagerEmployeeId, DEMO_ACCOUNTS.manager.employeeId!),
      });
      const pending = (await db.select().from(leaveRequests).where(
        eq(leaveRequests.employeeId, DEMO_ACCOUNTS.employee.employeeId!),
      ))
        .find((r) => r.status === "AWAITING_APPROVAL")!;
      // Arguments naming records every role that passes the guard may see (the demo employee is the
      // manager's report; the position and the gated application are the manager's hiring).
      const args: Record<string, Record<string, unknown>> = {
        list_my_time_entries: { from: "2026-11-01", to: "2026-11-30" },
        get_document: { slug: "vacation-policy" },
        prepare_leave_request: { leave_type: "VACATION", start_date: "2027-02-01", end_date: "2027-02-02" },
        prepare_time_entry: { date: "2026-11-19", start_time: "08:00", end_time: "12:00" },
        prepare_sick_report: { start_date: "2026-11-17", end_date: "2026-11-17" },
        withdraw_leave_request: { request_id: "00000000-0000-0000-0000-000000000000" },
        cancel_sick_report: { sick_leave_id: "00000000-0000-0000-0000-000000000000" },
        search_people: { query: "Gerber" },
        get_employee: { employee_id: DEMO_ACCOUNTS.employee.employeeId },
        get_position: { position_id: pos!.id },
        get_application: { application_id: GATED_APPLICATION_ID },
        prepare_leave_decision: { leave_request_id: pending.id, decision: "APPROVE" },
        prepare_onboarding_task: { employee_id: joiner!.id, title: "Badge", phase: "FIRST_DAY" },
        prepare_application_note: { application_id: GATED_APPLICATION_ID, note: "Call back" },
        prepare_stage_move: { application_id: GATED_APPLICATION_ID, to_stage: "SCREENING" },
      };
      const commitArgs = { previewId: "no-such-preview" };
      for (const [setName, scopes] of Object.entries(SCOPE_SETS)) {
        for (const who of ROLES) {
          await t.step(`${who} with ${setName} scopes`, async () => {
            const g = await s.grant(who, { scopes });
            const role = who === "nolink" ? "employee" : DEMO_ACCOUNTS[who].role;
            const hasEmployee = who !== "nolink";
            let id = 0;
            for (const tool of TOOLS) {
              watch.clear();
              const r = await s.post({
                jsonrpc: "2.0",
                id: ++id,
                method: "tools/call",
                params: {
                  name: tool.name,
                  arguments: tool.kind === "commit" ? commitArgs : args[tool.name] ?? {},
                },
              }, { token: g.token });
              const label = `${tool.name} as ${who}/${setName}`;
              assert.equal(r.status, 200, label);
              const body = await r.json();
              assert.ok(
                body.result,
                `${label}: a tool result, not a JSON-RPC error: ${JSON.stringify(body).slice(0, 200)}`,
              );
              const text: string = body.result.content?.[0]?.text ?? "";
              if (!body.result.isError) {
                assert.deepEqual(
                  watch.undeclared(tool.name, body.result.structuredContent),
                  [],
                  `${label}: every field the handler gave is declared in the output schema`,
                );
              }
              if (!hasPermission(role, tool.permission)) {
                assert.equal(body.result.isError, true, `${label}: permission missing → refused`);
                assert.ok(text.includes(tool.permission), `${label}: names the permission`);
                // In the person's language: the demo employee reads German, HR and the account without a record French.
                assert.match(
                  text,
                  /no assistant connection can grant it|keine Verbindung eines Assistenten kann sie gewähren|aucune connexion d'assistant ne peut l'accorder/,
                  label,
                );
                continue;
              }
              if (!scopes.includes(tool.scope)) {
                assert.equal(body.result.isError, true, `${label}: scope missing → refused`);
                assert.match(text, new RegExp(`['«] ?${tool.scope} ?['»]`), `${label}: names the scope`);
                assert.ok(text.includes("/account/assistants"), `${label}: says where to allow it`);
                continue;
              }
              assert.ok(!text.includes("needs the permission"), `${label}: passes the guard`);
              // Visibility: self-service needs an employee record; commits of unknown previews are refused
              // as such; withdraw/cancel of an id that is not the caller's answers like an unknown id.
              const needsEmployee = tool.scope.startsWith("self:") &&
                !["whoami", "list_documents", "get_document"].includes(tool.name);
              if (tool.kind === "commit") {
                assert.equal(body.result.isError, true, label);
                assert.match(text, /preview/i, label);
              } else if (["withdraw_leave_request", "cancel_sick_report"].includes(tool.name)) {
                assert.equal(body.result.isError, true, label);
              } else if (needsEmployee && !hasEmployee) {
                assert.equal(body.result.isError, true, `${label}: no employee record`);
                assert.match(text, /employee record|Personaldossier|dossier du personnel/i, label);
              } else if (tool.name === "get_hr_overview" || tool.name === "list_pending_approvals") {
                assert.notEqual(body.result.isError, true, `${label}: ${text}`);
              } else {
                assert.notEqual(body.result.isError, true, `${label}: allowed, got "${text}"`);
              }
            }
          });
        }
      }
      await t.step(
        "visibility: a manager cannot reach people outside their reports, a recruiter other positions",
        async () => {
          const mgr = await s.grant("manager");
          const r = await (await s.post({
            jsonrpc: "2.0",
            id: 1,
            method: "tools/call",
            params: { name: "get_employee", arguments: { employee_id: DEMO_ACCOUNTS.hr.employeeId } },
          }, { token: mgr.token })).json();
          assert.equal(r.result.isError, true);
          assert.match(r.result.content[0].text, /within your reach/);
          const otherPos = await db.select().from(positions);
          const notMine = otherPos.find((p) =>
            p.hiringManagerEmployeeId !== DEMO_ACCOUNTS.manager.employeeId
          )!;
          const r2 = await (await s.post({
            jsonrpc: "2.0",
            id: 2,
            method: "tools/call",
            params: { name: "get_position", arguments: { position_id: notMine.id } },
          }, { token: (await s.grant("recruiter")).token })).json();
          assert.equal(r2.result.isError, true);
        },
      );
    } finally {
      watch.restore();
      await s.close();
    }
  },
);
