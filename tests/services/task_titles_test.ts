/**
 * Onboarding and recruiting tasks in the language of whoever does them: a template's task (the configuration
 * file's `titleTranslations`, as leave types carry their names per language) becomes, in a plan, the new
 * person's task in their language and their manager's in the manager's; a stage's task for the hiring manager
 * in theirs. A language the template has no title in gets its main title.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { buildFixtureOrg } from "../_fixture_org.ts";
import {
  applications,
  applicationTasks,
  employees,
  onboardingPlans,
  onboardingTasks,
  positions,
  stageAutomaticTasks,
  stages,
} from "../../src/db/schema/mod.ts";
import { READY_APPLICATION_ID } from "../../src/demo/mod.ts";
import { startPlanForPerson } from "../../src/services/onboarding_plans.ts";
import { exportConfiguration } from "../../src/org_config/mod.ts";
import type { Actor } from "../../src/services/actor.ts";
import { csrfOn, post, session } from "../web/_console.ts";

/** The fixture organisation's template (Italian, its first language) with the other languages' titles. */
const TEMPLATE = `onboardingTemplates:
  - key: DEFAULT
    name: Inserimento
    tasks:
      - phase: BEFORE_START
        title: Firmare il contratto di lavoro
        titleTranslations: { de: Arbeitsvertrag unterschreiben, fr: Signer le contrat de travail }
        offsetDays: -7
      - phase: FIRST_DAY
        title: Benvenuto nel team
        titleTranslations: { de: Willkommen im Team, fr: Bienvenue dans l'équipe }
        assignee: MANAGER
      - phase: FIRST_WEEK
        title: Formazione sulla sicurezza in vetreria
        offsetDays: 2
`;

const HR: Actor = { userId: "cli", role: "admin", language: "it", employeeId: null, channel: "PORTAL" };

Deno.test("onboarding: each task of a plan in the language of whoever does it", async () => {
  const t = await buildFixtureOrg();
  const dir = await Deno.makeTempDir({ prefix: "hr-titles-" });
  try {
    await Deno.writeTextFile(`${dir}/templates.yaml`, TEMPLATE);
    const applied = await cli(t, ["org", "apply", "--file", `${dir}/templates.yaml`]);
    assert.equal(applied.code, 0, applied.out + applied.err);
    // The file reads back as written.
    const exported = await exportConfiguration(t.deps);
    assert.match(exported, /titleTranslations:\s*\n?\s*de: Arbeitsvertrag unterschreiben/);

    const tasksOf = async (pn: string) => {
      const [e] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, pn));
      await startPlanForPerson(t.deps, HR, e.id, "2026-12-01");
      const [plan] = await t.deps.db.select().from(onboardingPlans).where(
        eq(onboardingPlans.employeeId, e.id),
      );
      return (await t.deps.db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, plan.id)))
        .sort((a, b) => a.sortOrder - b.sortOrder).map((x) => x.title);
    };
    // Élodie Rochat (V10) reads French; her manager Andrea Keller (V08) German.
    assert.deepEqual(await tasksOf("V10"), [
      "Signer le contrat de travail",
      "Willkommen im Team",
      "Formazione sulla sicurezza in vetreria",
    ]);
    // Julien Moret (V11) reads French; his manager Matteo Cattaneo (V02) Italian.
    assert.deepEqual(await tasksOf("V11"), [
      "Signer le contrat de travail",
      "Benvenuto nel team",
      "Formazione sulla sicurezza in vetreria",
    ]);

    await Deno.writeTextFile(
      `${dir}/bad.yaml`,
      TEMPLATE.replace("fr: Signer le contrat de travail", "es: Firmar el contrato"),
    );
    const bad = await cli(t, ["org", "apply", "--file", `${dir}/bad.yaml`]);
    assert.equal(bad.code, 1);
    assert.match(bad.err + bad.out, /onboardingTemplates\[0\]\.tasks\[0\]\.titleTranslations/);
  } finally {
    await Deno.remove(dir, { recursive: true });
    t.close();
  }
});

Deno.test("recruiting: a stage's task for the hiring manager is written in the manager's language", async () => {
  const t = await makeTestApp();
  try {
    const [app] = await t.deps.db.select().from(applications).where(
      eq(applications.id, READY_APPLICATION_ID),
    );
    const [pos] = await t.deps.db.select().from(positions).where(eq(positions.id, app.positionId));
    await t.deps.db.update(employees).set({ language: "fr" }).where(
      eq(employees.id, pos.hiringManagerEmployeeId!),
    );
    const [hired] = await t.deps.db.select().from(stages).where(eq(stages.key, "HIRED"));
    await t.deps.db.insert(stageAutomaticTasks).values([
      {
        stageId: hired.id,
        kind: "CREATE_TASK",
        title: "Arbeitsplatz vorbereiten",
        titleTranslations: { fr: "Préparer le poste de travail" },
        assignee: "HIRING_MANAGER",
        sortOrder: 90,
      },
      {
        stageId: hired.id,
        kind: "CREATE_TASK",
        title: "Referenzen ablegen",
        titleTranslations: { fr: "Classer les références" },
        assignee: "HR",
        sortOrder: 91,
      },
    ]);
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/recruiting");
    const r = await t.request(
      `/hr/recruiting/applications/${READY_APPLICATION_ID}/move`,
      post(cookie, { csrf, to: "HIRED" }),
    );
    assert.equal(r.status, 200, (await r.text()).slice(0, 300));
    const tasks = await t.deps.db.select().from(applicationTasks)
      .where(eq(applicationTasks.applicationId, READY_APPLICATION_ID));
    const titles = new Map(tasks.map((x) => [x.title, x.assigneeEmployeeId]));
    assert.equal(titles.get("Préparer le poste de travail"), pos.hiringManagerEmployeeId);
    // The recruiting team's task as the stage names it.
    assert.equal(titles.get("Referenzen ablegen"), null);
  } finally {
    t.close();
  }
});
