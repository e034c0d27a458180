import assert from "node:assert/strict";
import { demoId } from "../../src/demo/util.ts";
import { and, eq, inArray } from "drizzle-orm";
import { FixedClock } from "../../src/clock.ts";
import { type Database, openDatabase } from "../../src/db/client.ts";
import {
  buildDemo,
  DEMO_ACCOUNTS,
  DEMO_DOCUMENTS,
  GATED_APPLICATION_ID,
  hasData,
  READY_APPLICATION_ID,
  seedDemo,
} from "../../src/demo/mod.ts";
import { migrate } from "../../src/db/migrate.ts";
import * as s from "../../src/db/schema/mod.ts";
import { addDays, eachDay, holidayFractions, mondayOf } from "../../src/domain/calendar.ts";
import { computeLeaveDays, type EndPortion, type StartPortion } from "../../src/domain/leave.ts";
import { verifyPassword } from "../../src/signin/password.ts";
import { loadConfig } from "../../src/config.ts";
import { applyConfiguration, exportConfiguration } from "../../src/org_config/mod.ts";
import { FIXTURE_PASSWORD_COST } from "../_helpers.ts";

const NOW = "2026-11-18T09:00:00Z"; // a Wednesday
const TODAY = "2026-11-18";
const PASSWORD = "demo-password-1";
const STATES = [
  "AWAITING_APPROVAL",
  "APPROVED",
  "REJECTED",
  "WITHDRAWN",
  "CANCELLATION_REQUESTED",
  "CANCELLED",
];

async function freshDatabase(): Promise<Database & { dir: string }> {
  const dir = await Deno.makeTempDir({ prefix: "demo_test_" });
  const database = await openDatabase(`file:${dir}/hr.db`);
  await migrate(database.client);
  return { ...database, dir };
}

async function dispose(d: Database & { dir: string }) {
  d.close();
  await Deno.remove(d.dir, { recursive: true });
}

/** `HH:MM` → minutes since midnight. */
function minutes(t: string): number {
  const [h, m] = t.split(":").map(Number);
  return h * 60 + m;
}

/** Closure days that apply to a canton (the same set the leave rules are given). */
function closureDaysFor(closures: (typeof s.closurePeriods.$inferSelect)[], canton: string): Set<string> {
  const out = new Set<string>();
  for (const c of closures) {
    if (c.cantons && !c.cantons.split(",").includes(canton)) continue;
    for (const d of eachDay(c.startDate, c.endDate)) out.add(d);
  }
  return out;
}

/** Checks a hand-written PDF: header, trailer, and that every xref offset points at its object. */
function assertValidPdf(bytes: Uint8Array) {
  const text = new TextDecoder("latin1").decode(bytes);
  assert.ok(text.startsWith("%PDF-1."), "PDF header");
  assert.ok(text.trimEnd().endsWith("%%EOF"), "PDF trailer");
  const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
  assert.equal(text.slice(startxref, startxref + 4), "xref");
  const offsets = [...text.matchAll(/(\d{10}) 00000 n /g)].map((m) => Number(m[1]));
  assert.ok(offsets.length >= 4);
  offsets.forEach((o, i) => assert.equal(text.slice(o, o + `${i + 1} 0 obj`.length), `${i + 1} 0 obj`));
  const length = Number(/\/Length (\d+)/.exec(text)?.[1]);
  const streamStart = text.indexOf("stream\n") + "stream\n".length;
  assert.equal(text.slice(streamStart + length, streamStart + length + "\nendstream".length), "\nendstream");
}

Deno.test("demo: seeding an empty database creates the whole demo organisation", async (t) => {
  const d = await freshDatabase();
  try {
    const { db } = d;
    assert.equal(await hasData(db), false);
    // How long it takes is measured by `deno task bench`, not bounded here: a loaded machine is no defect.
    const result = await seedDemo(db, { clock: new FixedClock(NOW), password: PASSWORD });
    assert.equal(result.seeded, true);

    const people = await db.select().from(s.employees);
    const byId = new Map(people.map((p) => [p.id, p]));
    const demoId = DEMO_ACCOUNTS.employee.employeeId!;
    const managerId = DEMO_ACCOUNTS.manager.employeeId!;
    const demo = byId.get(demoId)!;

    await t.step(
      "the six sign-in accounts exist with their roles, links and the given password",
      async () => {
        assert.deepEqual(
          result.accounts.map((a) => a.email).sort(),
          Object.values(DEMO_ACCOUNTS).map((a) => a.email).sort(),
        );
        const users = await db.select().from(s.users);
        assert.equal(users.length, 6);
        for (const a of Object.values(DEMO_ACCOUNTS)) {
          const u = users.find((x) => x.email === a.email)!;
          assert.equal(u.role, a.role);
          assert.equal(u.employeeId, a.employeeId);
          assert.equal(u.language, a.language);
        }
        assert.equal(users.find((u) => u.email === "nolink@demo.example")!.employeeId, null);
        assert.equal(users.find((u) => u.email === "employee@demo.example")!.language, "de");
        const employee = users.find((u) => u.email === "employee@demo.example")!;
        assert.equal(await verifyPassword(PASSWORD, employee.passwordHash), true);
        assert.equal(await verifyPassword("wrong", employee.passwordHash), false);
      },
    );

    await t.step("about forty employees in BE, ZH and VD, with sensitive fields filled", () => {
      assert.ok(people.length >= 35 && people.length <= 45, `${people.length} employees`);
      assert.deepEqual([...new Set(people.map((p) => p.canton))].sort(), ["BE", "VD", "ZH"]);
      for (const p of people) {
        assert.match(p.ahvNumber!, /^756\.\d{4}\.\d{4}\.\d{2}$/);
        assert.match(p.iban!, /^CH\d{19}$/, "as the employee file stores it");
        assert.ok(p.birthDate && p.addressStreet && p.addressCity && p.addressPostalCode);
        assert.ok(p.workEmail!.endsWith("@demo.example"));
        assert.equal(p.weeklyHours, 42);
      }
      assert.equal(demo.canton, "BE");
      const scales = people.map((p) => p.salaryContinuationScale);
      assert.ok(scales.filter((x) => x === "BERNER").length > people.length / 2);
      assert.ok(scales.includes("ZUERCHER") && scales.includes("BASLER"));
      assert.ok(people.some((p) => p.workloadPercent === 60) && people.some((p) => p.workloadPercent === 80));
      assert.ok(people.some((p) => p.workingWeekdays === "1,2,3"), "someone works Monday to Wednesday");
    });

    await t.step(
      "hierarchy: CEO → department head → team lead (the manager account) → the demo employee",
      async () => {
        assert.equal(demo.managerId, managerId);
        const manager = byId.get(managerId)!;
        const head = byId.get(manager.managerId!)!;
        const ceo = byId.get(head.managerId!)!;
        assert.equal(ceo.managerId, null);
        assert.equal(people.filter((p) => p.managerId === null).length, 1);
        const reports = people.filter((p) => p.managerId === managerId);
        assert.ok(reports.length >= 3, "the manager has other reports too");
        const changes = await db.select().from(s.workloadChanges);
        assert.ok(changes.some((c) => c.validFrom.startsWith("2026-")), "a workload change this year");
      },
    );

    await t.step(
      "a joiner this year, a leaver last year and a future joiner with an onboarding plan",
      async () => {
        assert.ok(people.some((p) => p.employmentStart.startsWith("2026-") && p.employmentStart <= TODAY));
        assert.ok(people.some((p) => p.employmentEnd?.startsWith("2025-")));
        const future = people.filter((p) => p.employmentStart > TODAY);
        assert.equal(future.length, 1);
        const [plan] = await db.select().from(s.onboardingPlans).where(
          eq(s.onboardingPlans.employeeId, future[0].id),
        );
        assert.equal(plan.status, "OPEN");
        assert.equal(plan.ownerEmployeeId, managerId);
        const tasks = await db.select().from(s.onboardingTasks).where(eq(s.onboardingTasks.planId, plan.id));
        assert.deepEqual(
          [...new Set(tasks.map((x) => x.phase))].sort(),
          ["BEFORE_START", "FIRST_DAY", "FIRST_MONTH", "FIRST_WEEK", "PROBATION"],
        );
      },
    );

    await t.step("leave types and entitlements with carry-over into this year", async () => {
      const types = await db.select().from(s.leaveTypes);
      const vacation = types.find((x) => x.code === "VACATION")!;
      assert.equal(vacation.defaultAnnualDays, 25);
      assert.equal(vacation.overdraft, "REFUSE");
      assert.equal(vacation.carryOverMaxDays, 5);
      assert.equal(vacation.carryOverExpiry, "03-31");
      assert.equal(types.find((x) => x.code === "SPECIAL")!.deductsBalance, false);
      assert.equal(types.find((x) => x.code === "UNPAID")!.deductsBalance, false);
      assert.equal(types.find((x) => x.code === "COMPENSATION")!.overdraft, "FLAG");
      const ent = await db.select().from(s.leaveEntitlements).where(
        and(eq(s.leaveEntitlements.employeeId, demoId), eq(s.leaveEntitlements.leaveTypeId, vacation.id)),
      );
      assert.deepEqual(ent.map((e) => e.year).sort(), [2025, 2026]);
      const current = ent.find((e) => e.year === 2026)!;
      assert.ok(current.carryOverDays > 0 && current.carryOverDays <= 5);
      assert.equal(current.carryOverExpiresOn, "2026-03-31");
    });

    await t.step(
      "leave requests in every state over both years; the demo employee awaits the manager",
      async () => {
        const requests = await db.select().from(s.leaveRequests);
        for (const state of STATES) assert.ok(requests.some((r) => r.status === state), `state ${state}`);
        assert.ok(requests.some((r) => r.startDate.startsWith("2025-")));
        assert.ok(requests.some((r) => r.startDate.startsWith("2026-")));
        assert.ok(requests.some((r) => r.status === "APPROVED" && r.endDate < TODAY));
        assert.ok(requests.some((r) => r.status === "APPROVED" && r.startDate > TODAY));
        assert.ok(requests.some((r) => r.days % 1 === 0.5), "a half day");
        assert.ok(requests.some((r) => r.channel === "ASSISTANT"));
        for (const r of requests.filter((x) => x.status === "REJECTED")) assert.ok(r.decisionNote);
        for (const r of requests) assert.ok(r.approverEmployeeId, "every request has an approver");
        const mine = requests.filter((r) => r.employeeId === demoId);
        for (const state of STATES) {
          assert.ok(mine.some((r) => r.status === state), `demo employee: ${state}`);
        }
        assert.ok(mine.some((r) => r.status === "AWAITING_APPROVAL" && r.approverEmployeeId === managerId));
        for (const r of requests) assert.ok(r.createdAt <= new Date(NOW).getTime());
      },
    );

    await t.step(
      "every leave request's days and daysByYear equal computeLeaveDays for its range",
      async () => {
        const requests = await db.select().from(s.leaveRequests);
        const closures = await db.select().from(s.closurePeriods);
        assert.ok(requests.length > 50);
        for (const r of requests) {
          const p = byId.get(r.employeeId)!;
          const expected = computeLeaveDays({
            startDate: r.startDate,
            endDate: r.endDate,
            startPortion: r.startPortion as StartPortion,
            endPortion: r.endPortion as EndPortion,
            workingWeekdays: p.workingWeekdays.split(",").map(Number),
            holidays: holidayFractions(p.canton, r.startDate, r.endDate),
            closureDays: closureDaysFor(closures, p.canton),
          });
          assert.equal(r.days, expected.days, `request ${r.id}`);
          assert.deepEqual(JSON.parse(r.daysByYear), expected.daysByYear);
          assert.ok(r.days > 0);
        }
      },
    );

    await t.step("no two leave requests of a person overlap, nor a request and a sick absence", async () => {
      const requests = await db.select().from(s.leaveRequests);
      const sick = await db.select().from(s.sickLeaveEntries);
      const taken = new Map<string, string>();
      for (const r of requests) {
        for (const day of eachDay(r.startDate, r.endDate)) {
          const key = `${r.employeeId}|${day}`;
          assert.equal(taken.get(key), undefined, `${key} twice`);
          taken.set(key, r.id);
        }
      }
      for (const a of sick) {
        for (const day of eachDay(a.startDate, a.endDate ?? a.startDate)) {
          assert.equal(taken.get(`${a.employeeId}|${day}`), undefined, `sick ${a.id} overlaps leave`);
        }
      }
    });

    await t.step(
      "time entries: approved history, one rejected with a note, last week submitted, drafts now",
      async () => {
        const entries = await db.select().from(s.timeEntries);
        const mine = entries.filter((e) => e.employeeId === demoId);
        const thisMonday = mondayOf(TODAY);
        const lastMonday = addDays(thisMonday, -7);
        assert.ok(
          mine.some((e) => e.status === "APPROVED" && e.date < addDays(TODAY, -120)),
          "a long history",
        );
        const rejected = mine.filter((e) => e.status === "REJECTED");
        assert.equal(rejected.length, 1);
        assert.ok(rejected[0].rejectionNote);
        assert.ok(mine.some((e) => e.status === "SUBMITTED"));
        for (const e of mine.filter((x) => x.status === "SUBMITTED")) {
          assert.ok(e.date >= lastMonday && e.date < thisMonday);
        }
        assert.ok(mine.some((e) => e.status === "DRAFT"));
        for (const e of mine.filter((x) => x.status === "DRAFT")) {
          assert.ok(e.date >= thisMonday && e.date <= TODAY);
        }
        const types = new Set(entries.map((e) => e.type));
        assert.ok(types.has("REGULAR") && types.has("OVERTIME") && types.has("WEITERBILDUNG"));
        const team = new Set(entries.map((e) => e.employeeId));
        assert.ok(team.size >= 5, "a whole team books hours");
        for (const id of team) {
          assert.ok(entries.some((e) => e.employeeId === id && e.status === "DRAFT" && e.date >= thisMonday));
        }
      },
    );

    await t.step("every time entry's totalHours equals end − start − break", async () => {
      const entries = await db.select().from(s.timeEntries);
      for (const e of entries) {
        assert.match(e.startTime!, /^\d{2}:\d{2}$/);
        assert.match(e.endTime!, /^\d{2}:\d{2}$/);
        const net = (minutes(e.endTime!) - minutes(e.startTime!) - e.breakMinutes) / 60;
        assert.ok(Math.abs(e.totalHours - net) < 1e-9, `${e.id}: ${e.totalHours} ≠ ${net}`);
        assert.ok(e.totalHours > 0 && e.totalHours <= 24);
      }
    });

    await t.step("no hours on weekends off, whole-day holidays or sick days", async () => {
      const entries = await db.select().from(s.timeEntries);
      const sick = await db.select().from(s.sickLeaveEntries);
      for (const e of entries) {
        const p = byId.get(e.employeeId)!;
        const weekday = ((new Date(`${e.date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
        assert.ok(p.workingWeekdays.split(",").map(Number).includes(weekday), `${p.firstName} ${e.date}`);
        assert.notEqual(holidayFractions(p.canton, e.date, e.date).get(e.date), 1);
        const ill = sick.some((a) =>
          a.employeeId === e.employeeId && a.startDate <= e.date && (a.endDate ?? a.startDate) >= e.date
        );
        assert.equal(ill, false, `${p.firstName} booked hours on a sick day ${e.date}`);
      }
    });

    await t.step("sick leave: closed absences, and exactly one ongoing, the demo employee's", async () => {
      const sick = await db.select().from(s.sickLeaveEntries);
      const ongoing = sick.filter((a) => a.isOngoing);
      assert.equal(ongoing.length, 1);
      assert.equal(ongoing[0].employeeId, demoId);
      assert.equal(ongoing[0].endDate, null);
      const closed = sick.filter((a) => !a.isOngoing);
      assert.ok(closed.length >= 5);
      assert.ok(new Set(closed.map((a) => a.employeeId)).size >= 4);
      assert.ok(closed.some((a) => a.hasCertificate) && closed.some((a) => !a.hasCertificate));
      for (const a of sick) assert.ok(a.reason);
    });

    await t.step("12 payslips for the demo employee with a valid PDF; others have fewer", async () => {
      const slips = await db.select().from(s.payslips);
      const mine = slips.filter((x) => x.employeeId === demoId).sort((a, b) =>
        a.period.localeCompare(b.period)
      );
      assert.equal(mine.length, 12);
      assert.deepEqual(mine.map((x) => x.period), [
        "2025-11",
        "2025-12",
        ...Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`),
      ]);
      for (const x of mine) {
        assert.equal(x.paymentDate, `${x.period}-25`);
        assert.ok(x.gross > x.net && x.net > 0);
        const lines = JSON.parse(x.lines) as { label: string; amount: number }[];
        const sum = lines.reduce((n, l) => n + Math.round(l.amount * 100), 0);
        assert.equal(sum, Math.round(x.net * 100), "lines add up to the net");
        assert.equal(x.documentType, "application/pdf");
        assertValidPdf(new Uint8Array(x.document!));
      }
      const others = slips.filter((x) => x.employeeId !== demoId);
      assert.ok(others.length > 0);
      const perPerson = new Map<string, number>();
      for (const x of others) perPerson.set(x.employeeId, (perPerson.get(x.employeeId) ?? 0) + 1);
      assert.ok([...perPerson.values()].every((n) => n < 12));
      const comp = await db.select().from(s.compensation).where(eq(s.compensation.employeeId, demoId));
      assert.ok(comp.length >= 2 && comp.length <= 3);
      const dates = await db.select().from(s.payDates);
      assert.equal(dates.length, 12);
      assert.ok(dates.every((x) => x.paymentDate.endsWith("-25") && x.paymentDate >= TODAY));
    });

    await t.step(
      "calendar: school holidays for three years, the closure and an approved work-through",
      async () => {
        const school = await db.select().from(s.schoolHolidays);
        for (const canton of ["BE", "ZH", "VD"]) {
          for (const year of ["2025", "2026", "2027"]) {
            assert.ok(school.filter((h) => h.canton === canton && h.startDate.startsWith(year)).length >= 4);
          }
        }
        const [closure] = await db.select().from(s.closurePeriods);
        assert.equal(closure.startDate, "2026-12-24");
        assert.equal(closure.endDate, "2027-01-02");
        assert.equal(closure.deductsLeave, true);
        const through = await db.select().from(s.closureWorkThrough);
        assert.equal(through.length, 1);
        assert.equal(through[0].employeeId, demoId);
        assert.equal(through[0].status, "APPROVED");
        assert.ok(through[0].date >= closure.startDate && through[0].date <= closure.endDate);
      },
    );

    await t.step(
      "recruiting: a gated OFFER stage; one INTERVIEW application blocked, one ready",
      async () => {
        const stages = await db.select().from(s.stages);
        const byKey = new Map(stages.map((x) => [x.key, x]));
        assert.equal(byKey.get("OFFER")!.gated, true);
        assert.equal(byKey.get("HIRED")!.marksHired, true);
        assert.equal(byKey.get("REJECTED")!.marksRejected, true);
        const auto = await db.select().from(s.stageAutomaticTasks);
        const emailStages = auto.filter((a) => a.kind === "EMAIL_CANDIDATE").map((a) => a.stageId);
        for (const key of ["INTERVIEW", "OFFER", "REJECTED"]) {
          assert.ok(emailStages.includes(byKey.get(key)!.id));
        }
        for (const a of auto.filter((x) => x.kind === "EMAIL_CANDIDATE")) {
          const de = a.emailTexts.de!;
          assert.ok(de.body.includes("{firstName}") && `${de.subject}${de.body}`.includes("{position}"));
        }
        assert.ok(
          auto.some((a) =>
            a.kind === "CREATE_TASK" && a.blocking && a.stageId === byKey.get("INTERVIEW")!.id
          ),
        );
        assert.ok(auto.some((a) => a.kind === "MARK_HIRED" && a.stageId === byKey.get("HIRED")!.id));

        const apps = await db.select().from(s.applications);
        assert.ok(apps.length >= 14);
        const tasks = await db.select().from(s.applicationTasks);
        const gated = apps.find((a) => a.id === GATED_APPLICATION_ID)!;
        assert.equal(gated.stageId, byKey.get("INTERVIEW")!.id);
        assert.ok(tasks.some((x) => x.applicationId === gated.id && x.blocking && !x.done));
        const ready = apps.find((a) => a.id === READY_APPLICATION_ID)!;
        assert.equal(ready.stageId, byKey.get("INTERVIEW")!.id);
        const readyBlocking = tasks.filter((x) => x.applicationId === ready.id && x.blocking);
        assert.ok(readyBlocking.length > 0 && readyBlocking.every((x) => x.done));

        const [position] = await db.select().from(s.positions).where(eq(s.positions.id, gated.positionId));
        assert.equal(position.hiringManagerEmployeeId, managerId);
        assert.ok(
          position.salaryBandMin && position.salaryBandMax && position.advertisements.de!.includes("##"),
        );
        const team = await db.select().from(s.positionTeam);
        const recruiterUser =
          (await db.select().from(s.users).where(eq(s.users.email, "recruiter@demo.example")))[0];
        assert.deepEqual(team.map((x) => [x.positionId, x.userId]), [[position.id, recruiterUser.id]]);
        const notes = await db.select().from(s.applicationNotes);
        assert.ok(
          notes.some((n) => n.visibility === "SHARED") && notes.some((n) => n.visibility === "PRIVATE_HR"),
        );
        assert.ok((await db.select().from(s.applicationAiScores)).length > 0);
        const history = await db.select().from(s.applicationStageHistory);
        assert.ok(
          apps.every((a) => history.some((h) => h.applicationId === a.id && h.toStageId === a.stageId)),
        );
      },
    );

    await t.step("documents for every audience, translated except one German-only page", async () => {
      const docs = await db.select().from(s.documents);
      assert.deepEqual(docs.map((x) => x.slug).sort(), DEMO_DOCUMENTS.map((x) => x.slug).sort());
      assert.deepEqual([...new Set(docs.map((x) => x.audience))].sort(), ["ALL", "HR", "MANAGERS"]);
      const translations = await db.select().from(s.documentTranslations);
      const langs = (id: string) =>
        translations.filter((x) => x.documentId === id).map((x) => x.language).sort();
      const germanOnly = docs.filter((x) => langs(x.id).join() === "de");
      assert.equal(germanOnly.length, 1);
      for (const x of docs.filter((x) => !germanOnly.includes(x))) {
        assert.deepEqual(langs(x.id), ["de", "en", "fr"]);
      }
      for (const x of translations) {
        assert.ok(x.bodyMarkdown.split("\n\n").length >= 3);
      }
    });

    await t.step("to-dos, expenses awaiting the manager and notifications", async () => {
      const missing = await db.select().from(s.requiredDocuments).where(
        and(eq(s.requiredDocuments.employeeId, demoId), eq(s.requiredDocuments.status, "MISSING")),
      );
      assert.equal(missing.length, 1);
      const drafts = await db.select().from(s.feedbackDrafts).where(
        and(eq(s.feedbackDrafts.authorEmployeeId, demoId), eq(s.feedbackDrafts.status, "DRAFT")),
      );
      assert.equal(drafts.length, 1);
      const surveys = await db.select().from(s.surveyInvitations).where(
        and(eq(s.surveyInvitations.employeeId, demoId), eq(s.surveyInvitations.status, "OPEN")),
      );
      assert.equal(surveys.length, 1);
      const expenses = await db.select().from(s.expenseReports).where(
        and(eq(s.expenseReports.approverEmployeeId, managerId), eq(s.expenseReports.status, "SUBMITTED")),
      );
      assert.equal(expenses.length, 2);
      const notes = await db.select().from(s.notifications).where(
        inArray(s.notifications.recipientEmployeeId, [managerId, demoId]),
      );
      assert.ok(notes.length >= 2);
      assert.ok(notes.some((n) => n.channel === "ASSISTANT" && n.recipientEmployeeId === managerId));
    });

    await t.step("a second seed on the same database does nothing", async () => {
      const before = (await db.select().from(s.leaveRequests)).length;
      const again = await seedDemo(db, { clock: new FixedClock(NOW), password: "other" });
      assert.deepEqual(again, { seeded: false, accounts: [] });
      assert.equal((await db.select().from(s.employees)).length, people.length);
      assert.equal((await db.select().from(s.leaveRequests)).length, before);
      assert.equal((await db.select().from(s.users)).length, 6);
    });
  } finally {
    await dispose(d);
  }
});

Deno.test("demo: a database with any user is left alone", async () => {
  const d = await freshDatabase();
  try {
    await d.db.insert(s.users).values({
      email: "someone@example.org",
      role: "admin",
      createdAt: 1,
      updatedAt: 1,
    });
    assert.equal(await hasData(d.db), true);
    const result = await seedDemo(d.db, { clock: new FixedClock(NOW), password: PASSWORD });
    assert.deepEqual(result, { seeded: false, accounts: [] });
    assert.equal((await d.db.select().from(s.employees)).length, 0);
    assert.equal((await d.db.select().from(s.users)).length, 1);
    assert.equal((await d.db.select().from(s.leaveTypes)).length, 0);
  } finally {
    await dispose(d);
  }
});

Deno.test("demo: a database with an employee but no user is left alone", async () => {
  const d = await freshDatabase();
  try {
    await d.db.insert(s.employees).values({
      personnelNumber: "X-1",
      firstName: "Real",
      lastName: "Person",
      canton: "BE",
      employmentStart: "2020-01-01",
      createdAt: 1,
      updatedAt: 1,
    });
    const result = await seedDemo(d.db, { clock: new FixedClock(NOW), password: PASSWORD });
    assert.equal(result.seeded, false);
    assert.equal((await d.db.select().from(s.employees)).length, 1);
    assert.equal((await d.db.select().from(s.users)).length, 0);
  } finally {
    await dispose(d);
  }
});

const HASHES = { employee: "h", manager: "h", hr: "h", admin: "h", nolink: "h", recruiter: "h" };

function rowsOf(now: string) {
  const ctx = buildDemo(new Date(now).getTime(), HASHES);
  const byTable = new Map<unknown, Record<string, unknown>[]>();
  for (const e of ctx.rows.entries()) byTable.set(e.table, e.rows);
  return {
    ctx,
    get: <T extends (typeof s)[keyof typeof s]>(table: T) =>
      (byTable.get(table) ?? []) as unknown as (T extends { $inferInsert: infer R } ? R : never)[],
  };
}

Deno.test("demo: the same clock gives the same data", () => {
  const a = rowsOf(NOW).ctx.rows.entries().map((e) => e.rows);
  const b = rowsOf(NOW).ctx.rows.entries().map((e) => e.rows);
  assert.deepEqual(a, b);
  const later = rowsOf("2027-05-03T09:00:00Z").ctx.rows.entries().map((e) => e.rows);
  assert.notDeepEqual(a, later);
});

Deno.test("demo: every state and the story's facts hold for awkward clocks too", async (t) => {
  const clocks = [
    "2027-01-04T07:00:00Z", // a Monday right after the closure, early in the year
    "2026-12-28T10:00:00Z", // inside the year-end closure
    "2028-02-29T12:00:00Z", // a leap day
    "2026-03-01T09:00:00Z", // a Sunday
    "2026-06-26T15:00:00Z", // after this month's payday
  ];
  for (const now of clocks) {
    await t.step(now, () => {
      const { ctx, get } = rowsOf(now);
      const today = now.slice(0, 10);
      const demoId = DEMO_ACCOUNTS.employee.employeeId!;
      const requests = get(s.leaveRequests);
      for (const state of STATES) assert.ok(requests.some((r) => r.status === state), `${now}: ${state}`);
      assert.ok(
        requests.some((r) =>
          r.employeeId === demoId && r.status === "AWAITING_APPROVAL" &&
          r.approverEmployeeId === DEMO_ACCOUNTS.manager.employeeId
        ),
      );
      const ongoing = get(s.sickLeaveEntries).filter((x) => x.isOngoing);
      assert.equal(ongoing.length, 1);
      assert.equal(ongoing[0].employeeId, demoId);
      assert.equal(get(s.payslips).filter((x) => x.employeeId === demoId).length, 12);
      const entries = get(s.timeEntries);
      assert.ok(entries.some((e) => e.employeeId === demoId && e.status === "DRAFT"));
      assert.ok(entries.some((e) => e.employeeId === demoId && e.status === "REJECTED"));
      assert.ok(entries.every((e) => e.date <= today));
      const people = new Map(get(s.employees).map((p) => [p.id, p]));
      for (const r of requests) {
        const p = people.get(r.employeeId)!;
        const expected = computeLeaveDays({
          startDate: r.startDate,
          endDate: r.endDate,
          startPortion: r.startPortion as StartPortion,
          endPortion: r.endPortion as EndPortion,
          workingWeekdays: p.workingWeekdays!.split(",").map(Number),
          holidays: holidayFractions(p.canton, r.startDate, r.endDate),
          closureDays: ctx.closureDays,
        });
        assert.equal(r.days, expected.days);
        assert.ok(r.createdAt <= ctx.now);
      }
      assert.ok(get(s.employees).some((p) => p.employmentStart > today), "a future joiner");
    });
  }
});

Deno.test("demo: its configuration is an organisation's own: exported, it applies back unchanged", async () => {
  const d = await freshDatabase();
  try {
    await seedDemo(d.db, {
      clock: new FixedClock(NOW),
      password: PASSWORD,
      passwordCost: FIXTURE_PASSWORD_COST,
    });
    const deps = { db: d.db, clock: new FixedClock(NOW), config: loadConfig({}) };
    const file = await exportConfiguration(deps);
    assert.match(file, /name: Gipfelwerk Demo AG/);
    assert.match(file, /canton: BE/);
    assert.match(file, /payday: 25/);
    assert.match(file, /code: VACATION/);
    assert.match(file, /slug: /);
    const again = await applyConfiguration(deps, file);
    assert.ok(again.ok, JSON.stringify(again));
    assert.equal(again.changes, 0, "nothing differs from what the file says");
    // Every leave request points at a leave type the configuration wrote.
    const types = new Set((await d.db.select({ id: s.leaveTypes.id }).from(s.leaveTypes)).map((t) => t.id));
    const requests = await d.db.select({ t: s.leaveRequests.leaveTypeId }).from(s.leaveRequests);
    assert.ok(requests.length > 0);
    assert.ok(requests.every((r) => types.has(r.t)));
    // The stages too: every application and its history point at stages the configuration wrote.
    assert.match(file, /key: OFFER/);
    const stageIds = new Set((await d.db.select({ id: s.stages.id }).from(s.stages)).map((x) => x.id));
    const apps = await d.db.select({ stage: s.applications.stageId }).from(s.applications);
    const moves = await d.db.select({
      from: s.applicationStageHistory.fromStageId,
      to: s.applicationStageHistory.toStageId,
    })
      .from(s.applicationStageHistory);
    assert.ok(apps.length > 0 && apps.every((a) => stageIds.has(a.stage)));
    assert.ok(
      moves.length > 0 && moves.every((m) => (m.from === null || stageIds.has(m.from)) && stageIds.has(m.to)),
    );
    // The section gave the ids: none is the builder's own.
    for (const key of ["NEW", "OFFER", "HIRED"]) assert.ok(!stageIds.has(demoId(`stage:${key}`)), key);
  } finally {
    await dispose(d);
  }
});
