/**
 * The HR console's recruiting stages: listed in their order; a stage's e-mail template previewed with sample
 * placeholders without saving; saved through the configuration file's checks (an automatic task for the
 * hiring manager, a new stage); a move into the stage then runs what was saved. Every refusal is said on
 * the page with the form kept, and nothing changes. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { applications, applicationTasks, positions } from "../../src/db/schema/mod.ts";
import { READY_APPLICATION_ID } from "../../src/demo/mod.ts";
import { readSection } from "../../src/org_config/mod.ts";
import { csrfOn, post, session } from "./_console.ts";
import { ASSESSMENT_FORM, OFFER_FORM } from "./_stage_forms.ts";

async function setup(t: TestApp) {
  const cookie = await session(t, "hr@demo.example");
  const html = await (await t.request("/hr/recruiting/stages", { headers: cookie })).text();
  return { cookie, csrf: await csrfOn(t, cookie, "/hr/recruiting/stages"), html };
}

/** The demo's OFFER stage as its form sends it. */
const OFFER = {
  ...OFFER_FORM,
  task_0_body_de: "Guten Tag {firstName} {lastName}\n\nWir freuen uns.",
  task_0_assignee: "HR",
};

Deno.test("console stages: listed, previewed, saved, and a move runs what was saved", async (ctx) => {
  const t = await makeTestApp();
  try {
    const { cookie, csrf, html } = await setup(t);
    const stages = async () => JSON.stringify(await readSection(t.deps, "stages"));

    await ctx.step("the stages in their order, each a link", () => {
      const keys = [...html.matchAll(/href="\/hr\/recruiting\/stages\/([A-Z_]+)"/g)].map((m) => m[1]);
      assert.deepEqual(keys, ["NEW", "SCREENING", "INTERVIEW", "OFFER", "HIRED", "REJECTED"]);
    });

    await ctx.step("the stage's page shows its e-mail rendered with sample placeholders", async () => {
      const page = await (await t.request("/hr/recruiting/stages/OFFER", { headers: cookie })).text();
      assert.match(page, /Aperçu de la tâche 1/);
      assert.match(page, /<strong>Ihr Angebot: Gestionnaire RH<\/strong>/);
      assert.match(page, /<pre>Guten Tag Anna\n/);
    });

    await ctx.step("preview: what was typed, rendered; nothing saved", async () => {
      const before = await stages();
      const r = await t.request(
        "/hr/recruiting/stages",
        post(cookie, { ...OFFER, csrf, action: "preview" }),
      );
      assert.equal(r.status, 200);
      const page = await r.text();
      assert.match(page, /<pre>Guten Tag Anna Exemple\n\nWir freuen uns\.<\/pre>/);
      assert.match(page, /value="Ihr Angebot: \{position\}"/, "the form is kept");
      assert.doesNotMatch(page, /Aperçu de la tâche 1 \(italien\)/, "a language without text has no preview");
      assert.equal(await stages(), before);
    });

    await ctx.step("saved: a new e-mail text and a blocking task for the hiring manager", async () => {
      const r = await t.request(
        "/hr/recruiting/stages",
        post(cookie, {
          ...OFFER,
          csrf,
          action: "save",
          task_0_subject_fr: "Votre offre : {position}",
          task_0_body_fr: "Bonjour {firstName}",
          task_1_kind: "CREATE_TASK",
          task_1_title: "Vertrag vorbereiten",
          task_1_blocking: "yes",
          task_1_assignee: "HIRING_MANAGER",
        }),
      );
      assert.equal(r.status, 200);
      assert.match(await r.text(), /L(?:'|&#39;)étape OFFER est enregistrée/);
      const offer = (await readSection(t.deps, "stages") as { key: string; automaticTasks: unknown[] }[])
        .find((s) => s.key === "OFFER")!;
      assert.deepEqual(offer.automaticTasks, [
        {
          kind: "EMAIL_CANDIDATE",
          title: "Angebot ankündigen",
          emailSubject: "Ihr Angebot: {position}",
          emailBody: "Guten Tag {firstName} {lastName}\n\nWir freuen uns.",
          emailTranslations: { fr: { subject: "Votre offre : {position}", body: "Bonjour {firstName}" } },
          blocking: false,
          assignee: "HR",
        },
        { kind: "CREATE_TASK", title: "Vertrag vorbereiten", blocking: true, assignee: "HIRING_MANAGER" },
      ]);
    });

    await ctx.step("a move into the stage creates the task for the position's hiring manager", async () => {
      const r = await t.request(
        `/hr/recruiting/applications/${READY_APPLICATION_ID}/move`,
        post(cookie, { csrf, to: "OFFER" }),
      );
      assert.equal(r.status, 200);
      await r.body?.cancel();
      const [app] = await t.deps.db.select().from(applications).where(
        eq(applications.id, READY_APPLICATION_ID),
      );
      const [pos] = await t.deps.db.select().from(positions).where(eq(positions.id, app.positionId));
      const tasks = await t.deps.db.select().from(applicationTasks).where(
        eq(applicationTasks.title, "Vertrag vorbereiten"),
      );
      assert.deepEqual(tasks.map((x) => [x.applicationId, x.blocking, x.assigneeEmployeeId]), [
        [READY_APPLICATION_ID, true, pos.hiringManagerEmployeeId],
      ]);
      const page = await (await t.request(`/hr/recruiting/applications/${READY_APPLICATION_ID}`, {
        headers: cookie,
      })).text();
      assert.match(page, /○ Vertrag vorbereiten \(bloquante\) · Stefan Hofstetter/);
    });

    await ctx.step("a new stage is added in its place", async () => {
      const r = await t.request(
        "/hr/recruiting/stages",
        post(cookie, {
          csrf,
          action: "save",
          ...ASSESSMENT_FORM,
        }),
      );
      assert.equal(r.status, 200);
      await r.body?.cancel();
      const keys = (await readSection(t.deps, "stages") as { key: string }[]).map((s) => s.key);
      assert.deepEqual(keys, ["NEW", "SCREENING", "INTERVIEW", "ASSESSMENT", "OFFER", "HIRED", "REJECTED"]);
    });
  } finally {
    t.close();
  }
});

Deno.test("console stages: every refusal is said with the form kept; nothing changes", async (ctx) => {
  const t = await makeTestApp();
  try {
    const { cookie, csrf } = await setup(t);
    const before = JSON.stringify(await readSection(t.deps, "stages"));
    const cases: [string, Record<string, string>, number, RegExp][] = [
      ["without the page's token", { ...OFFER, action: "save" }, 403, /./],
      [
        "an e-mail without a subject",
        { ...OFFER, csrf, action: "save", task_0_subject_de: "" },
        400,
        /automaticTasks\[0\]: an EMAIL_CANDIDATE task needs emailSubject and emailBody/,
      ],
      [
        "a placeholder that does not exist",
        { ...OFFER, csrf, action: "save", task_0_body_de: "Guten Tag {vorname}" },
        400,
        /unknown placeholder \{vorname\}; use \{firstName\}, \{lastName\}, \{position\}/,
      ],
      [
        "a French subject without its text",
        { ...OFFER, csrf, action: "save", task_0_subject_fr: "Votre offre" },
        400,
        /automaticTasks\[0\]\.emailTranslations\.fr\.body/,
      ],
      [
        "a key in small letters",
        { ...OFFER, csrf, action: "save", key: "offer" },
        400,
        /key: must be upper-case letters, digits and _/,
      ],
      [
        "a task without a title",
        { ...OFFER, csrf, action: "save", task_0_title: "" },
        400,
        /automaticTasks\[0\]\.title/,
      ],
    ];
    for (const [name, form, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/recruiting/stages", post(cookie, form));
        assert.equal(r.status, status);
        const page = await r.text();
        assert.match(page, message);
        if (status === 400) assert.match(page, /value="Angebot"/, "the form is kept");
        assert.equal(JSON.stringify(await readSection(t.deps, "stages")), before);
      });
    }
    await ctx.step("a manager: not the page", async () => {
      const other = { Cookie: `hr_session=${await t.signIn("manager@demo.example")}` };
      const r = await t.request("/hr/recruiting/stages", post(other, { ...OFFER, csrf, action: "save" }));
      assert.equal(r.status, 403);
      await r.body?.cancel();
      assert.equal(JSON.stringify(await readSection(t.deps, "stages")), before);
    });
    await ctx.step("an unknown stage's page: 404", async () => {
      const r = await t.request("/hr/recruiting/stages/NOPE", { headers: cookie });
      assert.equal(r.status, 404);
      assert.match(await r.text(), /Cette étape n(?:'|&#39;)existe pas/);
    });
  } finally {
    t.close();
  }
});
