/**
 * One rule per field, whichever door a value comes through: the same invalid value fed through the portal
 * (JSON), the connector (tool arguments), the HR console (forms) and the CLI (commands, the employee file) is
 * refused the same way: a validation refusal (400 where the door speaks HTTP, exit code 1 on the CLI, a tool
 * error on the connector) naming the same field in the door's own name for it (`body.projectCode` ↔
 * `project_code` ↔ form field ↔ file column). `NOT_TAKEN` says which door does not take a field at all, so
 * no door is left out silently: every field × door pair is either fed or listed there.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { json, type TestApp } from "./_helpers.ts";
import { cli } from "./_cli.ts";
import { E2E, refusal as toolRefusal, startMcpServer } from "./mcp/_harness.ts";
import { csrfOn, post, session } from "./web/_console.ts";
import { actorFor } from "./services/_fixtures.ts";
import { employees, leaveRequests, timeEntries } from "../src/db/schema/mod.ts";
import { createTimeEntry, updateTimeEntry } from "../src/services/time.ts";
import { updateProfile } from "../src/services/profile.ts";
import { startTimer } from "../src/services/time_timer.ts";
import { previewLeaveRequest } from "../src/services/leave.ts";
import { decideLeaveRequest, decideTimesheet, previewLeaveDecision } from "../src/services/approvals.ts";
import { AppError, textOf } from "../src/errors.ts";

const PORTAL = "/api/v1/portal";
type Door = "portal" | "connector" | "console" | "cli";
type Field =
  | "project code"
  | "date"
  | "language"
  | "weekday pattern"
  | "workload"
  | "scale"
  | "AHV number"
  | "IBAN"
  | "leave type"
  | "decision note";

/** Doors that do not take a field, and why: stated, not skipped. */
const NOT_TAKEN: Record<Field, Partial<Record<Door, string>>> = {
  "project code": {
    console: "HR does not record working time for a person",
    cli: "no command records working time",
  },
  "date": {},
  "language": { connector: "an assistant does not change a person's language" },
  "weekday pattern": {
    portal: "a person cannot change their own working days",
    connector: "no tool changes working days",
  },
  "workload": {
    portal: "a person cannot change their own workload (it is shown only)",
    connector: "no tool changes a workload",
  },
  "scale": {
    portal: "the scale is shown with the sick-pay summary, never sent",
    connector: "no tool takes a scale",
  },
  "AHV number": {
    connector: "no tool takes an AHV number",
    console: "the person form does not edit the AHV number (the person asks HR through a change request)",
  },
  "IBAN": {
    connector: "no tool takes an IBAN",
    console: "the person form does not edit the IBAN (the person asks HR through a change request)",
  },
  "leave type": {
    cli: "the CLI defines leave types (`leave-types`), it files no requests with one",
  },
  "decision note": { cli: "no command decides a leave request or a time sheet" },
};

const fed = new Set<string>();
const mark = (field: Field, door: Door) => fed.add(`${field}/${door}`);

/** A portal answer refused as invalid, naming `field` (`body.projectCode`). */
async function portalRefuses(r: Response, field: string): Promise<string> {
  const { status, body } = await json(r);
  assert.equal(status, 400, JSON.stringify(body));
  assert.equal(body.code, "validation");
  const names = (body.fields as { field: string }[] | undefined ?? []).map((f) => f.field);
  assert.ok(names.includes(field), `${field} among ${names.join(", ")}`);
  return body.error as string;
}

/** A service refusal: validation, naming the service input's field. */
async function serviceRefuses(p: Promise<unknown>, field: string): Promise<AppError> {
  const e = await p.then(() => undefined, (e) => e);
  assert.ok(e instanceof AppError, `refused, not ${e}`);
  assert.equal(e.code, "validation");
  assert.deepEqual(e.fields?.map((f) => f.field), [field]);
  return e;
}

/** A console form answered 400 with the page saying `text`. */
async function consoleRefuses(r: Response, text: RegExp) {
  assert.equal(r.status, 400);
  assert.match(await r.text(), text);
}

/** The employee file with one person whose `column` holds `value` (all other cells valid). */
function employeeFile(column: string, value: string): string {
  const row: Record<string, string> = {
    personnel_number: "F-1",
    first_name: "Lea",
    last_name: "Keller",
    canton: "BE",
    employment_start: "2024-02-01",
    workload_percent: "100",
    working_weekdays: "1-5",
    salary_continuation_scale: "BERNER",
    ahv_number: "",
    iban: "",
    language: "de",
  };
  row[column] = value;
  return [Object.keys(row).join(","), Object.values(row).map((v) => `"${v}"`).join(",")].join("\n");
}

/** The employee file refused, naming the column on the person's line; nothing imported. */
async function fileRefuses(t: TestApp, column: string, value: string) {
  const r = await cli(t, ["employees", "import", "--file", "-"], employeeFile(column, value));
  assert.equal(r.code, 1, r.out);
  assert.match(r.err, new RegExp(`line 2: ${column}\\b`));
  const [one] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "F-1"));
  assert.equal(one, undefined, "nothing imported");
}

Deno.test({
  name: "field rules: the same invalid value is refused the same way through every door that takes it",
  ...E2E,
  fn: async (ctx) => {
    const s = await startMcpServer();
    const t = s.t;
    try {
      const token = await t.signIn("employee@demo.example");
      const c = await s.client((await s.grant("employee")).token);
      const hr = await session(t, "hr@demo.example");
      const csrf = await csrfOn(t, hr, "/hr/people/GW-013");
      const entry = { date: "2026-11-14", startTime: "08:00", endTime: "12:00" };
      const tool = { date: "2026-11-14", start_time: "08:00", end_time: "12:00" };
      const leave = { leaveType: "VACATION", startDate: "2027-02-15", endDate: "2027-02-16" };
      const leaveTool = { leave_type: "VACATION", start_date: "2027-02-15", end_date: "2027-02-16" };
      const personForm = async (changes: Record<string, string | string[]>) => {
        const [p] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "GW-013"));
        const form: Record<string, string | string[]> = {
          csrf,
          first_name: p.firstName,
          last_name: p.lastName,
          work_email: p.workEmail ?? "",
          phone: p.phone ?? "",
          canton: p.canton,
          manager_personnel_number: "",
          department: "",
          job_title: p.jobTitle ?? "",
          employment_start: p.employmentStart,
          employment_end: p.employmentEnd ?? "",
          workload_percent: String(p.workloadPercent),
          weekly_hours: String(p.weeklyHours),
          salary_continuation_scale: p.salaryContinuationScale,
          birth_date: p.birthDate ?? "",
          language: "de",
          weekday: ["1", "2", "3", "4", "5"],
          ...changes,
        };
        return await t.request("/hr/people/GW-013", post(hr, form));
      };

      await ctx.step("project code with spaces and slashes", async () => {
        const bad = "client visit / Bern & Thun";
        await portalRefuses(
          await t.request(`${PORTAL}/employee/time-entries`, {
            method: "POST",
            token,
            json: { ...entry, projectCode: bad },
          }),
          "body.projectCode",
        );
        const created = await json(
          await t.request(`${PORTAL}/employee/time-entries`, { method: "POST", token, json: entry }),
        );
        assert.equal(created.status, 201, JSON.stringify(created.body));
        const id = created.body.data.id as string;
        await portalRefuses(
          await t.request(`${PORTAL}/employee/time-entries/${id}`, {
            method: "PATCH",
            token,
            json: { projectCode: bad },
          }),
          "body.projectCode",
        );
        await portalRefuses(
          await t.request(`${PORTAL}/employee/timer/start`, {
            method: "POST",
            token,
            json: { projectCode: bad },
          }),
          "body.projectCode",
        );
        mark("project code", "portal");
        assert.match(
          toolRefusal(
            await c.callTool({ name: "prepare_time_entry", arguments: { ...tool, project_code: bad } }),
          ),
          /project_code/,
        );
        mark("project code", "connector");
        // Whatever the door, the service refuses it: a change and a new entry alike, naming projectCode.
        const me = await actorFor(t, "employee@demo.example");
        const e = await serviceRefuses(
          updateTimeEntry(t.deps, me, { id, patch: { projectCode: bad } }),
          "projectCode",
        );
        assert.equal(
          e.message,
          "A project code is 1 to 32 letters, digits, '.', '_' or '-' without spaces, not \"client visit / Bern & Thun\".",
        );
        assert.equal(
          textOf(e, "de"),
          "Der Projektcode besteht aus 1 bis 32 Buchstaben, Ziffern, «.», «_» oder «-» ohne Leerzeichen, " +
            "nicht «client visit / Bern & Thun».",
        );
        assert.equal(
          textOf(e, "fr"),
          "Le code de projet compte 1 à 32 lettres, chiffres, « . », « _ » ou « - » sans espace, " +
            "pas « client visit / Bern & Thun ».",
        );
        await serviceRefuses(
          createTimeEntry(t.deps, me, { ...entry, date: "2026-11-15", projectCode: bad }),
          "projectCode",
        );
        await serviceRefuses(startTimer(t.deps, me, { projectCode: bad }), "projectCode");
        // A description longer than 2000 characters: refused by the service, saying both lengths.
        const long = await serviceRefuses(
          updateTimeEntry(t.deps, me, { id, patch: { description: "x".repeat(2001) } }),
          "description",
        );
        assert.equal(long.message, "The text may be at most 2000 characters long, this one has 2001.");
        await portalRefuses(
          await t.request(`${PORTAL}/employee/time-entries/${id}`, {
            method: "PATCH",
            token,
            json: { description: "x".repeat(2001) },
          }),
          "body.description",
        );
        const [row] = await t.deps.db.select().from(timeEntries).where(eq(timeEntries.id, id));
        assert.equal(row.projectCode, null, "nothing stored");
        assert.equal(row.description, null);
      });

      await ctx.step("an impossible date 2026-02-30", async () => {
        const bad = "2026-02-30";
        await portalRefuses(
          await t.request(`${PORTAL}/employee/time-entries`, {
            method: "POST",
            token,
            json: { ...entry, date: bad },
          }),
          "body.date",
        );
        await portalRefuses(
          await t.request(`${PORTAL}/employee/leave/requests`, {
            method: "POST",
            token,
            json: { ...leave, startDate: bad },
          }),
          "body.startDate",
        );
        // The services themselves, whatever the door: the time entry's date and the leave request's first day.
        const me = await actorFor(t, "employee@demo.example");
        const e = await serviceRefuses(createTimeEntry(t.deps, me, { ...entry, date: bad }), "date");
        assert.equal(
          e.message,
          '"30.02.2026" is not a calendar day from 01.01.1900 to 31.12.2100.',
        );
        const l = await previewLeaveRequest(t.deps, me, { ...leave, startDate: bad }).then(
          () => undefined,
          (x) => x,
        );
        assert.ok(l instanceof AppError && l.code === "validation", String(l));
        assert.deepEqual(l.fields?.map((f) => f.field), ["startDate"]);
        mark("date", "portal");
        assert.match(
          toolRefusal(await c.callTool({ name: "prepare_time_entry", arguments: { ...tool, date: bad } })),
          /\bdate\b/,
        );
        assert.match(
          toolRefusal(
            await c.callTool({ name: "prepare_leave_request", arguments: { ...leaveTool, start_date: bad } }),
          ),
          /start_date/,
        );
        mark("date", "connector");
        await consoleRefuses(
          await t.request(
            "/hr/people/GW-013/workload",
            post(hr, { csrf, wl_from: bad, wl_percent: "80", wl_weekday: ["1"] }),
          ),
          /30\.02\.2026|2026-02-30/,
        );
        await consoleRefuses(await personForm({ employment_end: bad }), /saisir une date comme 25\.11\.2026/);
        mark("date", "console");
        await fileRefuses(t, "employment_start", bad);
        // The configuration file: a closure's first day.
        const r = await cli(
          t,
          ["org", "apply", "--file", "-"],
          `closures:\n  - start: ${bad}\n    end: 2026-03-02\n    name: {de: Betriebsferien, en: Closure, fr: Fermeture}\n`,
        );
        assert.equal(r.code, 1);
        assert.match(r.err, /closures\[0\]\.start: must be a date YYYY-MM-DD that exists/);
        mark("date", "cli");
      });

      await ctx.step('language "xx"', async () => {
        await portalRefuses(
          await t.request(`${PORTAL}/employee/profile`, { method: "PATCH", token, json: { language: "xx" } }),
          "body.language",
        );
        const me = await actorFor(t, "employee@demo.example");
        const e = await serviceRefuses(updateProfile(t.deps, me, { language: "xx" as never }), "language");
        assert.equal(e.message, 'The language must be one of de, en, fr, it, not "xx".');
        mark("language", "portal");
        await consoleRefuses(await personForm({ language: "xx" }), /La langue doit être/);
        mark("language", "console");
        await fileRefuses(t, "language", "xx");
        const r = await cli(t, [
          "user",
          "add",
          "--email",
          "xx@demo.example",
          "--role",
          "employee",
          "--language",
          "xx",
        ]);
        assert.equal(r.code, 1);
        assert.match(r.err, /language/i);
        const yaml = await cli(t, ["org", "apply", "--file", "-"], "settings:\n  languages: [de, xx]\n");
        assert.equal(yaml.code, 1);
        assert.match(yaml.err, /settings\.languages\[1\]/);
        mark("language", "cli");
      });

      await ctx.step("a weekday pattern with 8", async () => {
        await consoleRefuses(
          await t.request(
            "/hr/people/GW-013/workload",
            post(hr, { csrf, wl_from: "2027-09-01", wl_percent: "80", wl_weekday: ["1", "8"] }),
          ),
          /Les jours de travail sont des jours de 1 à 7 \(1 = lundi\), chacun au plus une fois, pas « 1,8 »/,
        );
        await consoleRefuses(
          await personForm({ weekday: ["1", "8"] }),
          /Les jours de travail ne sont pas valables/,
        );
        mark("weekday pattern", "console");
        await fileRefuses(t, "working_weekdays", "1,8");
        mark("weekday pattern", "cli");
      });

      await ctx.step("workload 0 and 150", async () => {
        for (const bad of ["0", "150"]) {
          await consoleRefuses(
            await t.request(
              "/hr/people/GW-013/workload",
              post(hr, { csrf, wl_from: "2027-09-01", wl_percent: bad, wl_weekday: ["1"] }),
            ),
            /le taux doit être supérieur à 0 et au plus 100 %/,
          );
          await consoleRefuses(
            await personForm({ workload_percent: bad }),
            /Le taux d(?:'|&#39;)activité doit être un nombre supérieur à 0 et au plus 100/,
          );
          await fileRefuses(t, "workload_percent", bad);
        }
        mark("workload", "console");
        mark("workload", "cli");
      });

      await ctx.step('scale "SOLOTHURNER"', async () => {
        await consoleRefuses(
          await personForm({ salary_continuation_scale: "SOLOTHURNER" }),
          /L(?:'|&#39;)échelle doit être/,
        );
        mark("scale", "console");
        await fileRefuses(t, "salary_continuation_scale", "SOLOTHURNER");
        mark("scale", "cli");
      });

      await ctx.step("an AHV number of the wrong form", async () => {
        const bad = "756.1234.567";
        await portalRefuses(
          await t.request(`${PORTAL}/employee/profile/change-requests`, {
            method: "POST",
            token,
            json: { field: "AHV_NUMBER", value: bad },
          }),
          "body.value",
        );
        // The right form with a wrong check digit: refused alike by the change request and the file.
        const wrongDigit = "756.1234.5678.90";
        await portalRefuses(
          await t.request(`${PORTAL}/employee/profile/change-requests`, {
            method: "POST",
            token,
            json: { field: "AHV_NUMBER", value: wrongDigit },
          }),
          "body.value",
        );
        mark("AHV number", "portal");
        await fileRefuses(t, "ahv_number", bad);
        await fileRefuses(t, "ahv_number", wrongDigit);
        mark("AHV number", "cli");
      });

      await ctx.step("an IBAN with a wrong check digit", async () => {
        const bad = "CH93 0076 2011 6238 5295 8";
        await portalRefuses(
          await t.request(`${PORTAL}/employee/profile/change-requests`, {
            method: "POST",
            token,
            json: { field: "IBAN", value: bad },
          }),
          "body.value",
        );
        mark("IBAN", "portal");
        await fileRefuses(t, "iban", bad);
        mark("IBAN", "cli");
      });

      await ctx.step("a leave type code that does not exist", async () => {
        await portalRefuses(
          await t.request(`${PORTAL}/employee/leave/requests`, {
            method: "POST",
            token,
            json: { ...leave, leaveType: "NO_SUCH_TYPE" },
          }),
          "body.leaveType",
        );
        const me = await actorFor(t, "employee@demo.example");
        await serviceRefuses(
          previewLeaveRequest(t.deps, me, { ...leave, leaveType: "NO_SUCH_TYPE" }),
          "leaveType",
        );
        mark("leave type", "portal");
        assert.match(
          toolRefusal(
            await c.callTool({
              name: "prepare_leave_request",
              arguments: { ...leaveTool, leave_type: "NO_SUCH_TYPE" },
            }),
          ),
          /NO_SUCH_TYPE/,
        );
        mark("leave type", "connector");
        await consoleRefuses(
          await t.request(
            "/hr/people/GW-013/correction",
            post(hr, { csrf, type: "NO_SUCH_TYPE", year: "2026", days: "1", note: "test" }),
          ),
          /NO_SUCH_TYPE/,
        );
        mark("leave type", "console");
      });

      await ctx.step("an approver's note of 1001 characters", async () => {
        const long = "x".repeat(1001);
        // A request of the manager's report, awaiting the manager.
        const report = await actorFor(t, "employee@demo.example");
        const [pending] = await t.deps.db.select().from(leaveRequests).where(and(
          eq(leaveRequests.employeeId, report.employeeId!),
          eq(leaveRequests.status, "AWAITING_APPROVAL"),
        ));
        const manager = await t.signIn("manager@demo.example");
        await portalRefuses(
          await t.request(`${PORTAL}/approvals/leave-requests/${pending.id}/decision`, {
            method: "POST",
            token: manager,
            json: { decision: "REJECT", note: long },
          }),
          "body.note",
        );
        mark("decision note", "portal");
        const mgr = await s.client((await s.grant("manager")).token);
        assert.match(
          toolRefusal(
            await mgr.callTool({
              name: "prepare_leave_decision",
              arguments: { leave_request_id: pending.id, decision: "REJECT", rejection_note: long },
            }),
          ),
          /rejection_note/,
        );
        mark("decision note", "connector");
        const inbox = await csrfOn(t, hr, "/hr/inbox");
        await consoleRefuses(
          await t.request(
            `/hr/inbox/leave/${pending.id}`,
            post(hr, { csrf: inbox, decision: "REJECT", note: long }),
          ),
          /1000[^]*1001/,
        );
        mark("decision note", "console");
        // The decisions themselves, whatever the door: a leave decision, its preview and a week's time sheet.
        const boss = await actorFor(t, "manager@demo.example");
        const e = await serviceRefuses(
          decideLeaveRequest(t.deps, boss, { id: pending.id, decision: "REJECT", note: long }),
          "note",
        );
        assert.equal(e.message, "The text may be at most 1000 characters long, this one has 1001.");
        await serviceRefuses(
          previewLeaveDecision(t.deps, boss, { id: pending.id, decision: "REJECT", note: long }),
          "note",
        );
        await serviceRefuses(
          decideTimesheet(t.deps, boss, {
            employeeId: pending.employeeId,
            weekStart: "2026-11-09",
            decision: "REJECT",
            note: long,
          }),
          "note",
        );
        // 1000 characters are a note; nothing was decided by the refusals.
        await previewLeaveDecision(t.deps, boss, { id: pending.id, decision: "REJECT", note: long.slice(1) });
        const [after] = await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, pending.id));
        assert.equal(after.status, "AWAITING_APPROVAL");
      });

      await ctx.step("every field × door is fed or said not to take it", () => {
        for (const [field, skipped] of Object.entries(NOT_TAKEN)) {
          for (const door of ["portal", "connector", "console", "cli"] as Door[]) {
            const was = fed.has(`${field}/${door}`);
            assert.ok(
              was !== (door in skipped),
              `${field} through the ${door}: fed ${was}, listed ${door in skipped}`,
            );
          }
        }
      });
    } finally {
      await s.close();
    }
  },
});
