/**
 * A candidate's data is deleted 6 months after their procedure ended, and nothing of them stays behind: the
 * application, its files, tasks, notes and stage history, the e-mails written to them, the notifications
 * that pointed at it and the connector's previews that named it. Applications still running, or ended less
 * than 6 months ago, are kept. The retention runs through the operator's own command, `retention run`, which
 * also removes every connector preview that expired more than a day ago.
 */
import assert from "node:assert/strict";
import { eq, like, or } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import {
  applicationFiles,
  applicationNotes,
  applications,
  applicationStageHistory,
  applicationTasks,
  mailOutbox,
  mcpPreviews,
  notifications,
  oauthClients,
  positions,
  users,
} from "../../src/db/schema/mod.ts";
import { applyForPosition } from "../../src/services/careers.ts";
import { addApplicationNote, commitStageMove } from "../../src/services/hr_recruiting.ts";
import { findCommand, runCommand } from "../../src/cli/mod.ts";
import { findOrCreateConnection } from "../../src/oauth/connections.ts";
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
    previews: (await db.select().from(mcpPreviews).where(
      or(like(mcpPreviews.payload, `%${id}%`), like(mcpPreviews.result, `%${id}%`)),
    )).length,
  };
}

const NONE = {
  application: 0,
  files: 0,
  tasks: 0,
  notes: 0,
  history: 0,
  mails: 0,
  notifications: 0,
  previews: 0,
};

/** A connection of an assistant, for previews to belong to. */
async function connection(t: TestApp, userId: string): Promise<string> {
  await t.deps.db.insert(oauthClients).values({
    id: "retention-client",
    name: "Retention test assistant",
    type: "PUBLIC",
    tokenEndpointAuthMethod: "none",
    redirectUris: JSON.stringify(["http://127.0.0.1/callback"]),
    grantTypes: JSON.stringify(["authorization_code", "refresh_token"]),
    createdBy: "DYNAMIC",
    createdAt: t.clock.now(),
  }).onConflictDoNothing();
  return (await findOrCreateConnection(t.deps, {
    clientId: "retention-client",
    userId,
    scopes: ["hr:write"],
  })).id;
}

/** A connector preview as the prepare tools store it (a note's, or a filed move with its stored result). */
async function preview(t: TestApp, connectionId: string, tool: string, payload: unknown, result?: unknown) {
  const id = `pv_${crypto.randomUUID()}`;
  await t.deps.db.insert(mcpPreviews).values({
    id,
    connectionId,
    tool,
    payload: JSON.stringify(payload),
    createdAt: t.clock.now(),
    expiresAt: t.clock.now() + 15 * 60_000,
    status: result ? "COMMITTED" : "PENDING",
    result: result ? JSON.stringify(result) : null,
  });
  return id;
}

/** `hr-service retention run`, as an operator's timer runs it. */
async function retentionRun(t: TestApp) {
  const found = findCommand(["retention", "run"]);
  assert.ok(found);
  let out = "";
  const code = await runCommand(t.deps, found.command, found.rest, {
    out: (s) => (out += s),
    err: (s) => (out += s),
    readStdin: () => Promise.resolve(""),
  });
  assert.equal(code, 0, out);
  return out;
}

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
    const conn = await connection(t, hrUser.id);
    await preview(t, conn, "prepare_application_note", { applicationId: rejected, note: "Vertraulich" });
    await preview(t, conn, "prepare_stage_move", { applicationId: rejected, fromStageKey: "NEW" }, {
      applicationId: rejected,
      moved: true,
    });
    const keptPreview = await preview(t, conn, "prepare_application_note", {
      applicationId: running,
      note: "x",
    });
    const before = await traces(t, rejected);
    assert.ok(
      before.files === 2 && before.mails >= 1 && before.history >= 2 && before.notes === 1 &&
        before.previews === 2,
      JSON.stringify(before),
    );

    await ctx.step("within the 6 months: kept", async () => {
      t.clock.advance(150 * 86_400_000);
      // The demo's own old applications may go now; this one is kept, and so are the previews, which expired
      // just now (less than a day ago).
      await t.deps.db.update(mcpPreviews).set({ expiresAt: t.clock.now() }).where(
        like(mcpPreviews.payload, `%${rejected}%`),
      );
      await t.deps.db.update(mcpPreviews).set({ expiresAt: t.clock.now() }).where(
        eq(mcpPreviews.id, keptPreview),
      );
      await retentionRun(t);
      assert.deepEqual(await traces(t, rejected), before);
    });

    await ctx.step(
      "past them: the rejected candidate is gone without a trace; the running one stays",
      async () => {
        t.clock.advance(40 * 86_400_000);
        const out = await retentionRun(t);
        assert.match(out, /[1-9]\d* application\(s\) past their retention/);
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
    const [hrUser] = await t.deps.db.select().from(users).where(eq(users.email, "hr@demo.example"));
    await preview(t, await connection(t, hrUser.id), "prepare_application_note", {
      applicationId: id,
      note: "x",
    });
    assert.equal((await traces(t, id)).previews, 1);
    await deleteApplication(t.deps, id);
    assert.deepEqual(await traces(t, id), NONE);
    await assert.rejects(() => deleteApplication(t.deps, id), /No application has this id/);
  } finally {
    t.close();
  }
});

Deno.test("application retention: retention run removes connector previews a day after they expired", async () => {
  const t = await makeTestApp();
  try {
    const [hrUser] = await t.deps.db.select().from(users).where(eq(users.email, "hr@demo.example"));
    const conn = await connection(t, hrUser.id);
    const old = await preview(t, conn, "prepare_leave_decision", { requestId: "r1" });
    t.clock.advance(15 * 60_000 + 86_400_000 - 1);
    const fresh = await preview(t, conn, "prepare_leave_decision", { requestId: "r2" });
    const ids = async () =>
      (await t.deps.db.select({ id: mcpPreviews.id }).from(mcpPreviews)).map((p) => p.id).sort();
    await retentionRun(t);
    assert.deepEqual(await ids(), [fresh, old].sort(), "expired less than a day ago: kept");
    t.clock.advance(2);
    const out = await retentionRun(t);
    assert.match(out, /1 expired connector preview\(s\)/);
    assert.deepEqual(await ids(), [fresh]);
  } finally {
    t.close();
  }
});
