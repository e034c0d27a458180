/**
 * Dates at the edges, at every door that takes them: the portal's (and the connector's) date fields take
 * 1900-01-01 to 2100-12-31; time entries and leave requests five years either side of today (the test
 * clock's today is 2026-11-18: 2021-11-18 to 2031-11-18); the employee file (import and console) takes birth
 * and employment dates from 1900-01-01 to 2100-12-31. The service's own choice of plausible range, stated in
 * docs/swiss-rules.md ("Plausible dates"); a calendar-valid year 9999 or 0001 is a typing slip.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import { employees, leaveRequests, timeEntries } from "../../src/db/schema/mod.ts";
import { importEmployees } from "../../src/services/employee_file.ts";
import { applyConfiguration } from "../../src/org_config/mod.ts";
import { changeWorkload } from "../../src/services/workload_changes.ts";
import { closureProblems } from "../../src/services/closure_changes.ts";
import { importSchoolHolidays } from "../../src/services/school_holidays.ts";

const BASE = "/api/v1/portal";

async function call(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  return await json(
    await t.request(BASE + path, { method, token, ...(body !== undefined ? { json: body } : {}) }),
  );
}

Deno.test("dates: a time entry dated 9999-12-31 and the week of 9999-12-27 are refused, saying the range", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const before = (await t.deps.db.select().from(timeEntries)).length;
    const far = await call(t, token, "POST", "/employee/time-entries", {
      date: "9999-12-31",
      startTime: "08:00",
      endTime: "12:00",
    });
    assert.equal(far.status, 400);
    assert.match(JSON.stringify(far.body), /vom 1900-01-01 bis 2100-12-31/);
    const week = await call(t, token, "GET", "/employee/time-weeks/9999-12-27");
    assert.equal(week.status, 400);
    assert.doesNotMatch(JSON.stringify(week.body), /\+010000/);
    assert.match(JSON.stringify(week.body), /vom 1900-01-01 bis 2100-12-31/);

    // Inside 1900–2100 but more than five years from today (2026-11-18).
    for (const date of ["2031-11-19", "2021-11-17"]) {
      const r = await call(t, token, "POST", "/employee/time-entries/preview", {
        date,
        startTime: "08:00",
        endTime: "12:00",
      });
      assert.equal(r.status, 400, date);
      // The demo employee reads German; the day and the range the Swiss way, the field named.
      const day = date.split("-").reverse().join(".");
      assert.equal(
        r.body.error,
        `«date»: ${day} liegt mehr als 5 Jahre von heute entfernt; angenommen werden Daten vom 18.11.2021 ` +
          "bis 18.11.2031.",
      );
      assert.deepEqual(r.body.fields, [{ field: "body.date", message: r.body.error }]);
    }
    assert.equal((await t.deps.db.select().from(timeEntries)).length, before, "nothing recorded");
    // The last day of the range is taken.
    const edge = await call(t, token, "POST", "/employee/time-entries/preview", {
      date: "2031-11-18",
      startTime: "08:00",
      endTime: "12:00",
    });
    assert.equal(edge.status, 200, JSON.stringify(edge.body));
  } finally {
    await t.close();
  }
});

Deno.test("dates: a leave request more than five years ahead is refused, naming the field and the range", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const before = (await t.deps.db.select().from(leaveRequests)).length;
    const far = await call(t, token, "POST", "/employee/leave/requests/preview", {
      leaveType: "VACATION",
      startDate: "2031-11-17",
      endDate: "2031-11-21",
    });
    assert.equal(far.status, 400, JSON.stringify(far.body));
    assert.match(
      String(far.body.error),
      /^«endDate»: 21\.11\.2031 liegt mehr als 5 Jahre von heute entfernt/,
    );
    assert.deepEqual(far.body.fields, [{ field: "body.endDate", message: far.body.error }]);
    const year9999 = await call(t, token, "POST", "/employee/leave/requests", {
      leaveType: "VACATION",
      startDate: "9999-12-27",
      endDate: "9999-12-31",
    });
    assert.equal(year9999.status, 400);
    assert.match(JSON.stringify(year9999.body), /vom 1900-01-01 bis 2100-12-31/);
    assert.equal((await t.deps.db.select().from(leaveRequests)).length, before, "nothing filed");
  } finally {
    await t.close();
  }
});

Deno.test("dates: the employee file refuses employment and birth dates outside 1900–2100, nothing imported", async () => {
  const t = await makeTestApp();
  try {
    const header =
      "personnel_number;first_name;last_name;canton;employment_start;employment_end;birth_date\n";
    const bad = header +
      "N-300;Old;Start;BE;0001-01-01;;1980-05-01\n" +
      "N-301;Far;End;BE;2026-01-01;9999-12-31;1980-05-01\n" +
      "N-302;Early;Birth;BE;2026-01-01;;31.12.1899\n";
    const r = await importEmployees(t.deps, bad);
    assert.equal(r.ok, false);
    const errors = (r as { errors: string[] }).errors.join("\n");
    assert.match(errors, /line 2: .*employment_start must be a date from 1900-01-01 to 2100-12-31/);
    assert.match(errors, /line 3: .*employment_end must be a date from 1900-01-01 to 2100-12-31/);
    assert.match(errors, /line 4: .*birth_date must be a date from 1900-01-01 to 2100-12-31/);
    assert.equal(
      (await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "N-300"))).length,
      0,
    );
    // The edges themselves are dates.
    const ok = await importEmployees(
      t.deps,
      header + "N-303;Edge;Case;BE;2026-01-01;2100-12-31;01.01.1900\n",
    );
    assert.ok(ok.ok, JSON.stringify(ok));
  } finally {
    await t.close();
  }
});

Deno.test("dates: the configuration file and a workload change take only 1900-01-01 to 2100-12-31", async () => {
  const t = await makeTestApp();
  try {
    const r = await applyConfiguration(
      t.deps,
      `closures:\n  - start: 9999-12-27\n    end: 9999-12-31\n    name: { de: Ferien, en: Holidays, fr: Vacances }\n`,
    );
    assert.equal(r.ok, false);
    assert.match(JSON.stringify(r), /closures\[0\]\.start.*from 1900-01-01 to 2100-12-31/);
    const [e] = await t.deps.db.select().from(employees).limit(1);
    await assert.rejects(
      () =>
        changeWorkload(t.deps, {
          personnelNumber: e.personnelNumber,
          validFrom: "9999-12-31",
          workloadPercent: 80,
          workingWeekdays: [1, 2, 3, 4],
        }),
      /the first day must be a date from 01\.01\.1900 to 31\.12\.2100, not 31\.12\.9999/,
    );
  } finally {
    await t.close();
  }
});

Deno.test("dates: a closure change and a school-holiday file take only 1900-01-01 to 2100-12-31", async () => {
  const t = await makeTestApp();
  try {
    assert.ok(
      closureProblems({ from: "9999-12-27", to: "9999-12-31", name: { de: "Ferien" }, deductsLeave: false })
        .includes("from must be a date from 1900-01-01 to 2100-12-31"),
    );
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//EN",
      "BEGIN:VEVENT",
      "UID:far@test",
      "DTSTAMP:20260101T000000Z",
      "DTSTART;VALUE=DATE:99991220",
      "DTEND;VALUE=DATE:99991231",
      "SUMMARY:Winterferien",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    const r = await importSchoolHolidays(t.deps, "BE", ics);
    assert.equal(r.ok, false);
    assert.match(JSON.stringify(r), /a date is not from 1900-01-01 to 2100-12-31/);
  } finally {
    await t.close();
  }
});
