/**
 * A candidate's data is deleted 6 months after their procedure ended, and nothing of them stays behind: the
 * application, its files, tasks, notes and stage history, the e-mails written to them and the notifications
 * that pointed at it. Applications still running, or ended less than 6 months ago, are kept.
 */
import assert from "node:assert/strict";
import { eq, like } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import {
  applicationFiles,
  applicationNotes,
  applications,
  applicationStageHistory,
  applicationTasks,
  mailOutbox,
  notifications,
  positions,
  users,
} from "../../src/db/schema/mod.ts";
import { applyForPosition } from "../../src/services/careers.ts";
import { addApplicationNote, commitStageMove } from "../../src/services/hr_recruiting.ts";
import { runRetention } from "../../src/services/retention.ts";
import { deleteApplication } from "../../src/services/application_retention.ts";

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const HR = { userId: "", role: "hr", language: "de" as const, employeeId: null, channel: "PORTAL" as const };

async function candidate(t: TestApp, email: string) {
  const [p] = await t.deps.db.select().from(positions).where(
    eq(positions.title, "Senior Backend Engineer (Platform)"),
  );
  const r = await applyForPosition(t.deps, {
    positionId: p.id,
    firstName: "Nina",
    lastName: "Keller",
    email,
    phone: "",
    language: "de",
    consent: true,
    cv: { name: "cv.pdf", bytes: PDF },
    letter: { name: "brief.pdf", bytes: PDF },
  });
  return r.applicationId;
}

async function traces(t: TestApp, id: string) {
  const db = t.deps.db;
  return {
    application: (await db.select().from(applications).where(eq(applications.id, id))).length,
    files: (await db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, id))).length,
    tasks: (await db.select().from(applicationTasks).where(eq(applicationTasks.applicationId, id))).length,
    notes: (await db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, id))).length,
    history:
      (await db.select().from(applicationStageHistory).where(eq(applicationStageHistory.applicationId, id)))
        .length,
    mails: (await db.select().from(mailOutbox).where(eq(mailOutbox.relatedTo, `application:${id}`))).length,
    notifications:
      (await db.select().from(notifications).where(like(notifications.payload, `%${id}%`))).length,
  };
}

const NONE = { application: 0, files: 0, tasks: 0, notes: 0, history: 0, mails: 0, notifications: 0 };

Deno.test("application retention: 6 months after the procedure ended nothing of the candidate is left", async (ctx) => {
  const t = await makeTestApp();
  try {
    const [hrUser] = await t.deps.db.select().from(users).where(eq(users.email, "hr@demo.example"));
    const hr = { ...HR, userId: hrUser.id };
    const rejected = await candidate(t, "nina.keller@example.ch");
    await addApplicationNote(t.deps, hr, rejected, "Gutes Gespräch, aber zu wenig Erfahrung.");
    await commitStageMove(t.deps, hr, rejected, "INTERVIEW");
    await commitStageMove(t.deps, hr, rejected, "REJECTED");
    const running = await candidate(t, "marco.rossi@example.ch");
    const before = await traces(t, rejected);
    assert.ok(
      before.files === 2 && before.mails >= 1 && before.history >= 2 && before.notes === 1,
      JSON.stringify(before),
    );

    await ctx.step("within the 6 months: kept", async () => {
      t.clock.advance(150 * 86_400_000);
      // The demo's own old applications may go now; this one is kept.
      await runRetention(t.deps);
      assert.deepEqual(await traces(t, rejected), before);
    });

    await ctx.step(
      "past them: the rejected candidate is gone without a trace; the running one stays",
      async () => {
        t.clock.advance(40 * 86_400_000);
        const r = await runRetention(t.deps);
        assert.ok(r.applications >= 1);
        assert.deepEqual(await traces(t, rejected), NONE);
        assert.equal((await traces(t, running)).application, 1);
      },
    );
  } finally {
    t.close();
  }
});

Deno.test("application retention: a candidate who asks is deleted at once; an unknown id is refused", async () => {
  const t = await makeTestApp();
  try {
    const id = await candidate(t, "sara.meier@example.ch");
    await deleteApplication(t.deps, id);
    assert.deepEqual(await traces(t, id), NONE);
    await assert.rejects(() => deleteApplication(t.deps, id), /No application has this id/);
  } finally {
    t.close();
  }
});
