import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { DEMO_ACCOUNTS, GATED_APPLICATION_ID, READY_APPLICATION_ID } from "../../src/demo/mod.ts";
import { applicationNotes, applications, employees, mailOutbox, users } from "../../src/db/schema/mod.ts";
import type { Actor } from "../../src/services/actor.ts";
import { employeeScope, positionScope } from "../../src/services/hr_scope.ts";
import { getEmployee, listEmployees, searchPeople } from "../../src/services/hr_people.ts";
import {
  addApplicationNote,
  commitStageMove,
  getApplication,
  getPosition,
  listApplications,
  listPositions,
  previewApplicationNote,
  previewStageMove,
} from "../../src/services/hr_recruiting.ts";
import { addOnboardingTask, previewOnboardingTask } from "../../src/services/hr_onboarding.ts";
import { guarded, hrOverview } from "../../src/services/hr_overview.ts";

async function actor(t: TestApp, key: keyof typeof DEMO_ACCOUNTS): Promise<Actor> {
  const u = await t.deps.db.query.users.findFirst({ where: eq(users.email, DEMO_ACCOUNTS[key].email) });
  return { userId: u!.id, role: u!.role, language: "en", employeeId: u!.employeeId, channel: "ASSISTANT" };
}

Deno.test("hr scope: HR sees everyone, a manager their direct and indirect reports, an employee nobody", async () => {
  const t = await makeTestApp();
  try {
    assert.equal(await employeeScope(t.deps, await actor(t, "hr")), "ALL");
    const mgr = await employeeScope(t.deps, await actor(t, "manager")) as Set<string>;
    assert.ok(mgr.has(DEMO_ACCOUNTS.employee.employeeId!));
    assert.ok(!mgr.has(DEMO_ACCOUNTS.manager.employeeId!), "not themselves");
    assert.ok(!mgr.has(DEMO_ACCOUNTS.hr.employeeId!));
    // The CEO sees the manager's reports as indirect reports.
    const ceo = await t.deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, "GW-001") });
    const ceoScope = await employeeScope(t.deps, { ...(await actor(t, "manager")), employeeId: ceo!.id });
    assert.ok((ceoScope as Set<string>).has(DEMO_ACCOUNTS.employee.employeeId!));
    assert.equal((await employeeScope(t.deps, await actor(t, "employee")) as Set<string>).size, 0);
    const rec = await positionScope(t.deps, await actor(t, "recruiter")) as Set<string>;
    assert.equal(rec.size, 1);
  } finally {
    t.close();
  }
});

Deno.test("hr people: cards never carry a sensitive field; search is bounded and within scope", async () => {
  const t = await makeTestApp();
  try {
    const hr = await actor(t, "hr");
    const card = await getEmployee(t.deps, hr, DEMO_ACCOUNTS.employee.employeeId!);
    const full = await t.deps.db.query.employees.findFirst({ where: eq(employees.id, card.id) });
    const text = JSON.stringify(card);
    for (const v of [full!.ahvNumber, full!.iban, full!.birthDate, full!.addressStreet]) {
      assert.ok(v && !text.includes(v), "sensitive value absent");
    }
    assert.deepEqual(Object.keys(card).sort(), [
      "active",
      "canton",
      "department",
      "employmentEnd",
      "employmentStart",
      "firstName",
      "id",
      "jobTitle",
      "lastName",
      "managerId",
      "managerName",
      "personnelNumber",
      "workEmail",
      "workloadPercent",
    ]);
    const mgr = await actor(t, "manager");
    const found = await searchPeople(t.deps, mgr, card.lastName.slice(0, 4));
    assert.ok(found.some((p) => p.id === card.id));
    const hrPerson = await t.deps.db.query.employees.findFirst({
      where: eq(employees.id, DEMO_ACCOUNTS.hr.employeeId!),
    });
    assert.deepEqual(await searchPeople(t.deps, mgr, hrPerson!.lastName), [], "outside the manager's scope");
    await assert.rejects(() => getEmployee(t.deps, mgr, DEMO_ACCOUNTS.hr.employeeId!), /within your reach/);
    assert.ok((await searchPeople(t.deps, hr, "er")).length <= 25);
    await assert.rejects(() => searchPeople(t.deps, hr, "e"), /two letters/);
    const all = await listEmployees(t.deps, hr, {});
    assert.ok(all.items.length >= 30 && all.items.length <= 50);
    assert.ok(all.items.every((e) => e.active), "active by default");
    const withLeft = await listEmployees(t.deps, hr, { includeInactive: true, limit: 50 });
    assert.ok(withLeft.items.some((e) => !e.active));
    assert.ok(withLeft.items.length <= 50);
  } finally {
    t.close();
  }
});

Deno.test("hr recruiting: positions without bands, applications without scores or notes unless free text", async () => {
  const t = await makeTestApp();
  try {
    const rec = await actor(t, "recruiter");
    const pos = await listPositions(t.deps, rec, {});
    assert.equal(pos.items.length, 1);
    assert.ok(!JSON.stringify(pos).includes("salary"));
    const one = await getPosition(t.deps, rec, pos.items[0].id);
    assert.ok(!("salaryBandMin" in one));
    assert.ok(one.advertisement.length <= 2000 + 20);
    const apps = await listApplications(t.deps, rec, {});
    assert.ok(apps.items.some((a) => a.id === GATED_APPLICATION_ID));
    const plain = await getApplication(t.deps, rec, GATED_APPLICATION_ID, false);
    assert.ok(!("coverLetter" in plain) && !("sharedNotes" in plain));
    const rich = await getApplication(t.deps, rec, GATED_APPLICATION_ID, true);
    assert.equal(typeof rich.coverLetter, "string");
    const privateNotes = await t.deps.db.select().from(applicationNotes).where(
      eq(applicationNotes.visibility, "PRIVATE_HR"),
    );
    for (const n of privateNotes) assert.ok(!JSON.stringify(rich).includes(n.body), "no private HR note");
    const emp = await actor(t, "employee");
    await assert.rejects(() => getApplication(t.deps, emp, GATED_APPLICATION_ID, false), /within your reach/);
  } finally {
    t.close();
  }
});

Deno.test("hr recruiting: a gated stage refuses a move while a blocking task is open (no override)", async () => {
  const t = await makeTestApp();
  try {
    const hr = await actor(t, "hr");
    const p = await previewStageMove(t.deps, hr, GATED_APPLICATION_ID, "OFFER");
    assert.deepEqual(p.blockedBy, ["Reference check"]);
    assert.equal(p.emailsCandidate, true);
    await assert.rejects(() => commitStageMove(t.deps, hr, GATED_APPLICATION_ID, "OFFER"), /gated/);
    const [app] = await t.deps.db.select().from(applications).where(
      eq(applications.id, GATED_APPLICATION_ID),
    );
    assert.notEqual(app.stageId, p.toStage.key);
    assert.equal((await t.deps.db.select().from(mailOutbox)).length, 0, "no mail for a refused move");
  } finally {
    t.close();
  }
});

Deno.test("hr recruiting: a move runs the destination's tasks: candidate e-mail queued, hiring marked", async () => {
  const t = await makeTestApp();
  try {
    const hr = await actor(t, "hr");
    let kicked = 0;
    const r = await commitStageMove(
      { ...t.deps, mailKick: () => kicked++ },
      hr,
      READY_APPLICATION_ID,
      "OFFER",
    );
    assert.equal(r.moved, true);
    assert.ok(r.emailsQueued >= 1);
    assert.equal(kicked, 1);
    const [app] = await t.deps.db.select().from(applications).where(
      eq(applications.id, READY_APPLICATION_ID),
    );
    const mails = await t.deps.db.select().from(mailOutbox);
    assert.ok(mails.some((m) => m.toAddress === app.candidateEmail && m.status === "QUEUED"));
    assert.ok(
      !mails.some((m) => /\{firstName\}|\{position\}/.test(m.subject + m.textBody)),
      "templates filled",
    );
    const hired = await commitStageMove(t.deps, hr, READY_APPLICATION_ID, "HIRED");
    assert.equal(hired.marksHired, true);
    const [after] = await t.deps.db.select().from(applications).where(
      eq(applications.id, READY_APPLICATION_ID),
    );
    assert.equal(after.status, "HIRED");
    await assert.rejects(() => commitStageMove(t.deps, hr, READY_APPLICATION_ID, "INTERVIEW"), /hired/);
    // A manager may see applications but not move them.
    await assert.rejects(
      async () => commitStageMove(t.deps, await actor(t, "manager"), GATED_APPLICATION_ID, "SCREENING"),
      /no longer move/,
    );
  } finally {
    t.close();
  }
});

Deno.test("hr recruiting: a note is always filed as shared", async () => {
  const t = await makeTestApp();
  try {
    const rec = await actor(t, "recruiter");
    const r = await addApplicationNote(t.deps, rec, GATED_APPLICATION_ID, "  Strong systems background.  ");
    const [n] = await t.deps.db.select().from(applicationNotes).where(eq(applicationNotes.id, r.noteId));
    assert.equal(n.visibility, "SHARED");
    assert.equal(n.body, "Strong systems background.");
    assert.equal(n.channel, "ASSISTANT");
    await assert.rejects(() => addApplicationNote(t.deps, rec, GATED_APPLICATION_ID, "   "), /empty/);
  } finally {
    t.close();
  }
});

Deno.test("hr recruiting: the same note by the same person within 15 minutes is refused, naming the first", async (t) => {
  const app = await makeTestApp();
  try {
    const rec = await actor(app, "recruiter");
    const notes = async () =>
      (await app.deps.db.select().from(applicationNotes).where(
        eq(applicationNotes.applicationId, GATED_APPLICATION_ID),
      )).length;
    const first = await addApplicationNote(app.deps, rec, GATED_APPLICATION_ID, "Call back on Monday.");
    const before = await notes();
    await t.step("at the preview and at the filing, with the first note's id; nothing filed", async () => {
      for (const step of [previewApplicationNote, addApplicationNote]) {
        await assert.rejects(
          () => step(app.deps, rec, GATED_APPLICATION_ID, " Call back on Monday. "),
          (e: Error) =>
            e.message.startsWith("This note is already on the application: you filed the same text at ") &&
            e.message.includes(`(note ${first.noteId}). Nothing was filed again`),
        );
      }
      assert.equal(await notes(), before);
    });
    await t.step("another text, or another author, is a new note", async () => {
      await addApplicationNote(app.deps, rec, GATED_APPLICATION_ID, "Call back on Tuesday.");
      await addApplicationNote(
        app.deps,
        await actor(app, "hr"),
        GATED_APPLICATION_ID,
        "Call back on Monday.",
      );
      assert.equal(await notes(), before + 2);
    });
    await t.step("after 15 minutes the same text is a new note", async () => {
      app.clock.advance(15 * 60_000);
      await addApplicationNote(app.deps, rec, GATED_APPLICATION_ID, "Call back on Monday.");
      assert.equal(await notes(), before + 3);
    });
  } finally {
    app.close();
  }
});

Deno.test("hr onboarding: a task lands at the end of its phase in the person's open plan", async () => {
  const t = await makeTestApp();
  try {
    const mgr = await actor(t, "manager");
    const joiner = await t.deps.db.query.employees.findFirst({
      where: eq(employees.personnelNumber, "GW-018"),
    });
    const input = { employeeId: joiner!.id, title: "Order a laptop", phase: "BEFORE_START" as const };
    const p = await previewOnboardingTask(t.deps, mgr, input);
    assert.equal(p.personName, `${joiner!.firstName} ${joiner!.lastName}`);
    assert.equal(p.position, p.tasksInPhase.length + 1);
    const r = await addOnboardingTask(t.deps, mgr, input);
    assert.equal(r.position, p.position);
    await assert.rejects(
      () => previewOnboardingTask(t.deps, mgr, { ...input, employeeId: DEMO_ACCOUNTS.employee.employeeId! }),
      /no open onboarding plan/,
    );
    await assert.rejects(
      () => previewOnboardingTask(t.deps, mgr, { ...input, employeeId: DEMO_ACCOUNTS.hr.employeeId! }),
      /within your reach/,
    );
    await assert.rejects(
      async () => addOnboardingTask(t.deps, await actor(t, "employee"), input),
      /no longer/,
    );
  } finally {
    t.close();
  }
});

Deno.test("hr overview: counts below five are withheld; only HR staff and above", async () => {
  const t = await makeTestApp();
  try {
    assert.equal(guarded(4), null);
    assert.equal(guarded(0), null);
    assert.equal(guarded(5), 5);
    const o = await hrOverview(t.deps, await actor(t, "hr"));
    assert.ok((o.headcount ?? 0) >= 30);
    const counts = [
      ...Object.values(o.byCanton),
      ...Object.values(o.byDepartment),
      o.joinersNext30Days,
      o.leaversNext30Days,
      o.onApprovedLeaveToday,
      o.pendingLeaveRequests,
      o.openPositions,
      o.activeApplications,
      ...o.activeApplicationsByStage.map((s) => s.count),
    ];
    assert.ok(counts.every((c) => c === null || c >= 5), "no count from 1 to 4 is shown");
    assert.ok(counts.some((c) => c === null), "the small demo has withheld counts");
    await assert.rejects(async () => hrOverview(t.deps, await actor(t, "manager")), /HR staff/);
  } finally {
    t.close();
  }
});
