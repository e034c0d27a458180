/**
 * The self-service areas over HTTP, as the mobile app uses them: profile, leave, time, sick leave,
 * payslips, compensation and holidays. The rules themselves are tested through the services in
 * tests/services; here: shapes, status codes, validation of query and body, and the app's flows.
 */
import assert from "node:assert/strict";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import { addAccount, P } from "../services/_fixtures.ts";

const BASE = "/api/v1/portal";

async function call(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  return await json(
    await t.request(BASE + path, { method, token, ...(body !== undefined ? { json: body } : {}) }),
  );
}

Deno.test("profile: the owner reads sensitive fields, changes contact details directly and the rest through HR", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const p = await call(t, token, "GET", "/employee/profile");
    assert.equal(p.status, 200);
    assert.equal(p.body.data.sensitive.ahvNumber, "756.0000.0001.32");
    assert.equal(p.body.data.sensitive.salary.annualSalary, 99500);
    assert.equal(p.body.data.employment.manager.name, "Stefan Hofstetter");

    const patched = await call(t, token, "PATCH", "/employee/profile", {
      phone: "+41 31 555 66 77",
      addressStreet: "Neue Gasse 1",
      addressPostalCode: "3011",
      addressCity: "Bern",
      emergencyContactName: "",
      language: "en",
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal(patched.body.data.contact.phone, "+41 31 555 66 77");
    assert.equal(patched.body.data.contact.addressCity, "Bern");
    assert.equal(patched.body.data.contact.emergencyContactName, null, "an empty string clears a field");
    assert.equal(patched.body.data.language, "en");
    const sc = await call(t, token, "GET", "/employee/salary-continuation");
    assert.match(sc.body.data.description, /^Bern scale/, "the language applies on the next request");

    for (
      const [body, field] of [
        [{ iban: "CH9300762011623852957" }, /Unknown field 'iban'/],
        [{ ahvNumber: "756.1234.5678.97" }, /Unknown field 'ahvNumber'/],
        [{ privateEmail: "not-an-address" }, /'privateEmail'/],
        [{ language: "rm" }, /'language'/],
        [{ addressCountry: "Schweiz" }, /'addressCountry'/],
      ] as const
    ) {
      const r = await call(t, token, "PATCH", "/employee/profile", body);
      assert.equal(r.status, 400);
      assert.match(r.body.error as string, field);
    }

    const badAhv = await call(t, token, "POST", "/employee/profile/change-requests", {
      field: "AHV_NUMBER",
      value: "756.1234.5678.90",
    });
    assert.equal(badAhv.status, 400);
    assert.match(badAhv.body.error as string, /check digit/);
    const ahv = await call(t, token, "POST", "/employee/profile/change-requests", {
      field: "AHV_NUMBER",
      value: "756.1234.5678.97",
    });
    assert.equal(ahv.status, 201);
    assert.equal(ahv.body.data.status, "PENDING");
    const twice = await call(t, token, "POST", "/employee/profile/change-requests", {
      field: "AHV_NUMBER",
      value: "756.9217.0769.85",
    });
    assert.equal(twice.status, 409);
    const list = await call(t, token, "GET", "/employee/profile/change-requests");
    assert.equal(list.body.data.items.length, 1);
    const after = await call(t, token, "GET", "/employee/profile");
    assert.equal(after.body.data.sensitive.ahvNumber, "756.0000.0001.32", "unchanged until HR applies it");
    assert.deepEqual(after.body.data.pendingChangeRequests, ["AHV_NUMBER"]);
  } finally {
    t.close();
  }
});

Deno.test("leave over HTTP: types, balances, list filters, preview, file, withdraw, cancellation", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const types = await call(t, token, "GET", "/employee/leave/types");
    assert.deepEqual(types.body.data.items.map((x: { code: string }) => x.code), [
      "BEREAVEMENT",
      "CARE",
      "COMPENSATION",
      "MATERNITY",
      "MOVING",
      "OTHER_PARENT",
      "SPECIAL",
      "UNPAID",
      "VACATION",
      "WEDDING",
    ]);
    // A special leave's length per event comes with its type; a balance type has none.
    const perEvent = (code: string) =>
      types.body.data.items.find((x: { code: string }) => x.code === code).perEvent;
    assert.deepEqual(perEvent("WEDDING"), { days: 2, unit: "WORKING_DAYS", withinMonths: null });
    assert.deepEqual(perEvent("OTHER_PARENT"), { days: 10, unit: "WORKING_DAYS", withinMonths: 6 });
    assert.equal(perEvent("VACATION"), null);
    const bal = await call(t, token, "GET", "/employee/leave/balances?year=2026");
    const vac = bal.body.data.balances.find((b: { leaveType: { code: string } }) =>
      b.leaveType.code === "VACATION"
    );
    assert.equal(vac.remaining, vac.available - vac.used - vac.planned);
    assert.equal(vac.closureDays, 3, "the year-end closure less the approved work-through Monday");
    for (
      const q of ["year=1999", "year=abc", "status=OPEN", "limit=0", "limit=51", "offset=-1", "colour=red"]
    ) {
      const r = await call(t, token, "GET", `/employee/leave/requests?${q}`);
      assert.equal(r.status, 400, q);
    }
    const pending = await call(t, token, "GET", "/employee/leave/requests?status=AWAITING_APPROVAL");
    assert.ok(pending.body.data.items.length >= 1);

    const body = { leaveType: "VACATION", startDate: "2027-01-11", endDate: "2027-01-15" };
    const preview = await call(t, token, "POST", "/employee/leave/requests/preview", body);
    assert.equal(preview.status, 200);
    assert.equal(preview.body.data.days, 5);
    assert.equal(preview.body.data.approver.name, "Stefan Hofstetter");
    const filed = await call(t, token, "POST", "/employee/leave/requests", body);
    assert.equal(filed.status, 201);
    assert.equal(filed.body.data.status, "AWAITING_APPROVAL");
    assert.equal(filed.body.data.canWithdraw, true);
    const dup = await call(t, token, "POST", "/employee/leave/requests", body);
    assert.equal(dup.status, 409);
    const w = await call(t, token, "POST", `/employee/leave/requests/${filed.body.data.id}/withdraw`);
    assert.equal(w.status, 200);
    assert.equal(w.body.data.status, "WITHDRAWN");
    const w2 = await call(t, token, "POST", `/employee/leave/requests/${filed.body.data.id}/withdraw`);
    assert.equal(w2.status, 409);

    const approved = (await call(t, token, "GET", "/employee/leave/requests?status=APPROVED&from=2026-11-19"))
      .body.data
      .items.find((r: { canRequestCancellation: boolean }) => r.canRequestCancellation);
    const c = await call(t, token, "POST", `/employee/leave/requests/${approved.id}/cancellation`);
    assert.equal(c.status, 200);
    assert.equal(c.body.data.status, "CANCELLATION_REQUESTED");
    const bad = await call(t, token, "POST", "/employee/leave/requests", {
      ...body,
      startPortion: "MORNING",
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error as string, /'startPortion'/);
  } finally {
    t.close();
  }
});

Deno.test("time over HTTP: this week by default, edit and delete drafts, week overview, submit", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const week = await call(t, token, "GET", "/employee/time-entries");
    assert.equal(week.body.data.from, "2026-11-16");
    assert.equal(week.body.data.to, "2026-11-22");
    assert.equal(week.body.data.count, 2);
    const created = await call(t, token, "POST", "/employee/time-entries", {
      date: "2026-11-17",
      startTime: "18:00",
      endTime: "19:30",
    });
    const id = created.body.data.id;
    const got = await call(t, token, "GET", `/employee/time-entries/${id}`);
    assert.equal(got.body.data.totalHours, 1.5);
    const patched = await call(t, token, "PATCH", `/employee/time-entries/${id}`, {
      endTime: "20:00",
      type: "OVERTIME",
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.data.totalHours, 2);
    assert.equal(patched.body.data.type, "OVERTIME");
    const badPatch = await call(t, token, "PATCH", `/employee/time-entries/${id}`, { status: "APPROVED" });
    assert.equal(badPatch.status, 400);
    const del = await call(t, token, "DELETE", `/employee/time-entries/${id}`);
    assert.deepEqual(del.body.data, { id, deleted: true });
    const approved = (await call(
      t,
      token,
      "GET",
      "/employee/time-entries?from=2026-10-01&to=2026-10-31&status=APPROVED&limit=1",
    ))
      .body.data.items[0];
    const ro = await call(t, token, "DELETE", `/employee/time-entries/${approved.id}`);
    assert.equal(ro.status, 409);
    const ov = await call(t, token, "GET", "/employee/time-weeks/2026-11-16");
    assert.equal(ov.body.data.status, "OPEN");
    assert.equal(ov.body.data.draftCount, 2);
    const notMonday = await call(t, token, "GET", "/employee/time-weeks/2026-11-17");
    assert.equal(notMonday.status, 400);
    const sub = await call(t, token, "POST", "/employee/time-weeks/2026-11-16/submit");
    assert.equal(sub.status, 200);
    assert.equal(sub.body.data.submitted, 2);
    assert.equal(sub.body.data.week.status, "SUBMITTED");
    const summary = await call(t, token, "GET", "/employee/summary");
    assert.equal(summary.body.data.timesheet.draftCount, 0);
    const preview = await call(t, token, "POST", "/employee/time-entries/preview", {
      date: "2026-11-16",
      startTime: "20:00",
      endTime: "21:00",
    });
    assert.equal(preview.body.data.dayEntries.length, 1);
    assert.equal(preview.body.data.dayTotalHoursAfter, 9.4);
    const long = await call(t, token, "GET", "/employee/time-entries?from=2025-01-01&to=2026-11-18");
    assert.equal(long.status, 400);
    // The demo employee reads German; both ends of the range are named.
    assert.equal(
      long.body.error,
      "Eine Abfrage umfasst höchstens 400 Tage; wählen Sie einen kürzeren Zeitraum.",
    );
    assert.deepEqual((long.body.fields as { field: string }[]).map((f) => f.field), [
      "query.from",
      "query.to",
    ]);
  } finally {
    t.close();
  }
});

Deno.test("sick leave over HTTP: year view, preview, report, certificate, take back", async () => {
  const t = await makeTestApp();
  try {
    const other = await addAccount(t, P("P014"));
    const token = await t.signIn(other.email);
    const year = await call(t, token, "GET", "/employee/sick-leave");
    assert.equal(year.status, 200);
    assert.equal(year.body.data.year, 2026);
    const preview = await call(t, token, "POST", "/employee/sick-leave/preview", { startDate: "2026-11-16" });
    assert.equal(preview.body.data.isOngoing, true);
    assert.equal(preview.body.data.daysCovered, 3);
    const r = await call(t, token, "POST", "/employee/sick-leave", {
      startDate: "2026-11-16",
      reason: "Migräne",
    });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.reason, "Migräne");
    assert.equal(r.body.data.canTakeBack, true);
    const id = r.body.data.id;
    const got = await call(t, token, "GET", `/employee/sick-leave/${id}`);
    assert.equal(got.body.data.certificateState, "NONE");
    const back = await call(t, token, "POST", `/employee/sick-leave/${id}/take-back`);
    assert.equal(back.status, 200);
    assert.equal(back.body.data.takenBack, true);
    const again = await call(t, token, "POST", "/employee/sick-leave", {
      startDate: "2026-11-17",
      endDate: "2026-11-18",
    });
    const form = new FormData();
    form.append(
      "file",
      new File(
        [new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")],
        "zeugnis.pdf",
      ),
    );
    const cert = await t.request(`/api/v1/portal/employee/sick-leave/${again.body.data.id}/certificate`, {
      method: "POST",
      token,
      body: form,
    });
    assert.equal((await cert.json()).data.certificateState, "UPLOADED");
    const refused = await call(t, token, "POST", `/employee/sick-leave/${again.body.data.id}/take-back`);
    assert.equal(refused.status, 409);
    const future = await call(t, token, "POST", "/employee/sick-leave", { startDate: "2026-11-25" });
    assert.equal(future.status, 400);
  } finally {
    t.close();
  }
});

Deno.test("payslips and compensation: list without amounts, detail with amounts, the PDF, salary history", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const list = await call(t, token, "GET", "/employee/payslips");
    assert.equal(list.status, 200);
    assert.ok(list.body.data.items.length >= 12);
    const first = list.body.data.items[0];
    assert.deepEqual(Object.keys(first).sort(), [
      "hasDocument",
      "id",
      "paymentDate",
      "period",
      "periodLabel",
    ]);
    const byYear = await call(t, token, "GET", "/employee/payslips?year=2025");
    assert.ok(byYear.body.data.items.every((p: { paymentDate: string }) => p.paymentDate.startsWith("2025")));
    const detail = await call(t, token, "GET", `/employee/payslips/${first.id}`);
    assert.equal(detail.body.data.currency, "CHF");
    assert.ok(detail.body.data.gross > detail.body.data.net);
    assert.ok(detail.body.data.lines.length > 2);
    const pdf = await t.request(`${BASE}/employee/payslips/${first.id}/document`, { token });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    assert.match(pdf.headers.get("content-disposition")!, /^attachment; filename=".+\.pdf"$/);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
    const missing = await call(t, token, "GET", "/employee/payslips/nope/document");
    assert.equal(missing.status, 404);
    const comp = await call(t, token, "GET", "/employee/compensation");
    assert.equal(comp.body.data.current.annualSalary, 99500);
    assert.equal(comp.body.data.current.monthlySalary, 7653.85);
    assert.equal(comp.body.data.history.length, 3);
  } finally {
    t.close();
  }
});

Deno.test("holidays: the caller's canton, half days, school holidays, closures and the work-through day", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const be = await call(t, token, "GET", "/employee/holidays?year=2027");
    assert.equal(be.body.data.canton, "BE");
    const dates = be.body.data.publicHolidays.map((h: { date: string }) => h.date);
    assert.ok(dates.includes("2027-01-02"), "Berchtoldstag in BE");
    assert.ok(dates.includes("2027-03-26") && dates.includes("2027-03-29"), "Good Friday and Easter Monday");
    assert.deepEqual(be.body.data.halfDayHolidays.map((h: { date: string }) => h.date), [
      "2027-12-24",
      "2027-12-31",
    ]);
    assert.ok(be.body.data.schoolHolidays.length >= 4);
    const zhUser = await addAccount(t, P("P015"), { language: "en" });
    const zh = await call(t, await t.signIn(zhUser.email), "GET", "/employee/holidays?year=2027");
    const zhDates = zh.body.data.publicHolidays.map((h: { date: string }) => h.date);
    assert.ok(!zhDates.includes("2027-01-02") && zhDates.includes("2027-05-01"));
    assert.equal(zh.body.data.publicHolidays[0].name, "New Year's Day");
    const closures = await call(t, token, "GET", "/employee/closures");
    assert.equal(closures.body.data.year, 2026);
    const c = closures.body.data.closures[0];
    assert.equal(c.startDate, "2026-12-24");
    assert.equal(c.vacationDaysCharged, 3);
    assert.deepEqual(closures.body.data.workThroughDays.map((d: { date: string }) => d.date), ["2026-12-28"]);
  } finally {
    t.close();
  }
});

Deno.test("sick leave over HTTP: a taken-back report fetched by id reads as taken back, and the document says so", async () => {
  const t = await makeTestApp();
  try {
    const other = await addAccount(t, P("P014"));
    const token = await t.signIn(other.email);
    const r = await call(t, token, "POST", "/employee/sick-leave", { startDate: "2026-11-17" });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.status, "REPORTED");
    assert.equal(r.body.data.takenBackAt, undefined);
    const id = r.body.data.id;
    t.clock.advance(60 * 60 * 1000);
    const back = await call(t, token, "POST", `/employee/sick-leave/${id}/take-back`);
    assert.equal(back.status, 200);
    const got = await call(t, token, "GET", `/employee/sick-leave/${id}`);
    assert.equal(got.status, 200);
    assert.equal(got.body.data.status, "TAKEN_BACK");
    assert.equal(got.body.data.takenBackAt, "2026-11-18T10:00:00.000Z");
    assert.equal(got.body.data.takenBackAt, back.body.data.takenBackAt);
    assert.equal(got.body.data.isOngoing, false, "a taken-back report is not an ongoing absence");
    assert.equal(got.body.data.canTakeBack, false);
    const year = await call(t, token, "GET", "/employee/sick-leave");
    assert.ok(!year.body.data.items.some((e: { id: string }) => e.id === id), "it counts nowhere");
    // Ending it is refused and changes nothing.
    const end = await call(t, token, "POST", "/employee/sick-leave/end", {
      entryId: id,
      action: "end",
      endDate: "2026-11-18",
    });
    assert.equal(end.status, 409);
    assert.equal(end.body.error, "Diese Krankmeldung wurde zurückgezogen; es gibt nichts zu beenden.");
    const doc = await (await t.request("/api/v1/openapi.json")).json();
    const record = doc.components.schemas.SickLeaveRecord;
    assert.deepEqual(record.properties.status.enum, ["REPORTED", "TAKEN_BACK"]);
    assert.ok(record.required.includes("status"));
    assert.equal(record.properties.takenBackAt.format, "date-time");
  } finally {
    t.close();
  }
});
