/**
 * The tasks a stage puts on an application can be completed, so a gated stage opens: the hiring manager
 * completes theirs in the portal, a recruiter on the position the recruiting team's (also in the portal), HR
 * any task on the application's console page. On an organisation built with the commands (`org apply`,
 * `employees import`, `user add`), a position made in the console and an application sent on the careers
 * page; and on the demo, where the connector's `commit_stage_move` enters the gated stage once HR completed
 * the blocking task.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { csrfOn, post, session } from "./_console.ts";
import { applications, applicationTasks, positions } from "../../src/db/schema/mod.ts";
import { E2E, ok, refusal, startMcpServer } from "../mcp/_harness.ts";
import { GATED_APPLICATION_ID } from "../../src/demo/recruiting.ts";

const ORG_FILE = `settings:
  name: Muster AG
  canton: BE
  payday: 25
  languages: [de, fr]
  timeZone: Europe/Zurich
stages:
  - key: APPLIED
    name: { de: Eingegangen, en: Applied, fr: Reçue }
    order: 10
  - key: INTERVIEW
    name: { de: Gespräch, en: Interview, fr: Entretien }
    order: 20
    automaticTasks:
      - { kind: CREATE_TASK, title: Referenzen einholen, blocking: true, assignee: HIRING_MANAGER }
      - { kind: CREATE_TASK, title: Lohnvorschlag prüfen, blocking: true }
      - { kind: CREATE_TASK, title: Arbeitsprobe ansehen, blocking: true }
  - key: OFFER
    name: { de: Angebot, en: Offer, fr: Offre }
    order: 30
    gated: true
`;

const PEOPLE_FILE = "personnel_number,first_name,last_name,work_email,canton,employment_start\n" +
  "M1,Martina,Meier,martina.meier@example.ch,BE,2009-04-01\n" +
  "P1,Peter,Pfister,peter.pfister@example.ch,BE,1999-01-04\n";

const PASSWORD = "Laerchenwald-Fluss-88";
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const BASE = "/api/v1/portal";

async function account(t: TestApp, email: string, role: string, employee?: string) {
  const r = await cli(
    t,
    ["user", "add", "--email", email, "--role", role, ...(employee ? ["--employee", employee] : [])]
      .concat(["--language", "de", "--password-stdin"]),
    `${PASSWORD}\n`,
  );
  assert.equal(r.code, 0, r.err);
  return await t.signIn(email, PASSWORD);
}

async function taskByTitle(t: TestApp, title: string) {
  const [task] = await t.deps.db.select().from(applicationTasks).where(eq(applicationTasks.title, title));
  return task;
}

Deno.test("recruiting tasks: the hiring manager, a recruiter and HR complete the blocking tasks; the gated stage opens", async (ctx) => {
  const t = await makeTestApp({ demo: false });
  try {
    assert.equal((await cli(t, ["org", "apply", "--file", "-"], ORG_FILE)).code, 0);
    const file = await Deno.makeTempFile({ suffix: ".csv" });
    await Deno.writeTextFile(file, PEOPLE_FILE);
    assert.equal((await cli(t, ["employees", "import", "--file", file])).code, 0);
    const hr = { Cookie: `hr_session=${await account(t, "hr@example.ch", "hr")}` };
    const manager = await account(t, "martina.meier@example.ch", "manager", "M1");
    const recruiter = await account(t, "rita.recruiter@example.ch", "recruiter");
    const outsider = await account(t, "peter.pfister@example.ch", "employee", "P1");
    const csrf = await csrfOn(t, hr, "/hr/recruiting");
    let applicationId = "";

    await ctx.step(
      "a position from the console, an application from the careers page, moved to the interview",
      async () => {
        const r = await t.request(
          "/hr/recruiting/positions",
          post(hr, {
            csrf,
            title: "Sachbearbeiterin Buchhaltung",
            status: "OPEN",
            canton: "BE",
            workload_min: "80",
            workload_max: "100",
            hiring_manager: "M1",
            recruiters: "rita.recruiter@example.ch",
            ad_de: "Wir suchen **Verstärkung**.",
          }),
        );
        assert.equal(r.status, 200, await r.text());
        const [p] = await t.deps.db.select().from(positions);
        const form = new FormData();
        for (
          const [k, v] of Object.entries({
            first_name: "Léa",
            last_name: "Rochat",
            email: "lea.rochat@example.ch",
            phone: "+41 79 000 00 00",
            language: "fr",
            consent: "yes",
          })
        ) form.append(k, v);
        form.append("cv", new File([PDF], "cv.pdf"));
        const sent = await t.app.fetch(
          new Request(`http://localhost/careers/${p.id}?lang=fr`, { method: "POST", body: form }),
          { remoteAddr: { hostname: "192.0.2.10" } },
        );
        assert.equal(sent.status, 200, await sent.text());
        [{ id: applicationId }] = await t.deps.db.select({ id: applications.id }).from(applications);
        const moved = await t.request(
          `/hr/recruiting/applications/${applicationId}/move`,
          post(hr, { csrf, to: "INTERVIEW" }),
        );
        assert.equal(moved.status, 200);
        const gated = await t.request(
          `/hr/recruiting/applications/${applicationId}/move`,
          post(hr, { csrf, to: "OFFER" }),
        );
        assert.equal(gated.status, 409);
        assert.match(await gated.text(), /Referenzen einholen.*Lohnvorschlag prüfen.*Arbeitsprobe ansehen/s);
      },
    );

    await ctx.step("the portal lists each person's own tasks", async () => {
      const list = async (
        token: string,
      ) => ((await (await t.request(`${BASE}/approvals/recruiting-tasks`, { token })).json()).data.items as {
        title: string;
        blocking: boolean;
        application: { id: string; candidateName: string; positionTitle: string; stage: string };
      }[]);
      const mine = await list(manager);
      assert.deepEqual(mine.map((x) => x.title), ["Referenzen einholen"]);
      assert.deepEqual(mine[0].application, {
        ...mine[0].application,
        id: applicationId,
        candidateName: "Léa Rochat",
        positionTitle: "Sachbearbeiterin Buchhaltung",
        stage: "Gespräch",
      });
      assert.equal(mine[0].blocking, true);
      assert.deepEqual((await list(recruiter)).map((x) => x.title), [
        "Lohnvorschlag prüfen",
        "Arbeitsprobe ansehen",
      ]);
      assert.deepEqual(await list(outsider), []);
    });

    await ctx.step("nobody completes a task that is not theirs; nothing changes", async () => {
      const refs = await taskByTitle(t, "Referenzen einholen");
      const salary = await taskByTitle(t, "Lohnvorschlag prüfen");
      const stranger = await t.request(`${BASE}/approvals/recruiting-tasks/${refs.id}/done`, {
        method: "POST",
        token: outsider,
      });
      assert.equal(stranger.status, 404);
      assert.equal(
        (await stranger.json()).error,
        "Keine Aufgabe einer Bewerbung, die Sie sehen, hat diese Kennung.",
      );
      const team = await t.request(`${BASE}/approvals/recruiting-tasks/${salary.id}/done`, {
        method: "POST",
        token: manager,
      });
      assert.equal(team.status, 403);
      assert.equal((await team.json()).error, "Diese Aufgabe ist für HR und die Rekrutierenden der Stelle.");
      const managers = await t.request(`${BASE}/approvals/recruiting-tasks/${refs.id}/done`, {
        method: "POST",
        token: recruiter,
      });
      assert.equal(managers.status, 403);
      assert.equal((await managers.json()).error, "Diese Aufgabe ist für die vorgesetzte Person der Stelle.");
      const unknown = await t.request(`${BASE}/approvals/recruiting-tasks/nope/done`, {
        method: "POST",
        token: manager,
      });
      assert.equal(unknown.status, 404);
      const rows = await t.deps.db.select().from(applicationTasks);
      assert.ok(rows.every((r) => !r.done && r.completedAt === null));
    });

    await ctx.step("the hiring manager and the recruiter complete theirs in the portal", async () => {
      const refs = await taskByTitle(t, "Referenzen einholen");
      const r = await t.request(`${BASE}/approvals/recruiting-tasks/${refs.id}/done`, {
        method: "POST",
        token: manager,
      });
      assert.equal(r.status, 200);
      const done = (await r.json()).data;
      assert.deepEqual(done, {
        id: refs.id,
        applicationId,
        title: "Referenzen einholen",
        blocking: true,
        done: true,
        completedAt: "2026-11-18T09:00:00.000Z",
      });
      t.clock.advance(60_000);
      const again = await t.request(`${BASE}/approvals/recruiting-tasks/${refs.id}/done`, {
        method: "POST",
        token: manager,
      });
      assert.equal((await again.json()).data.completedAt, "2026-11-18T09:00:00.000Z");
      const salary = await taskByTitle(t, "Lohnvorschlag prüfen");
      const byRecruiter = await t.request(`${BASE}/approvals/recruiting-tasks/${salary.id}/done`, {
        method: "POST",
        token: recruiter,
      });
      assert.equal(byRecruiter.status, 200);
      const list = await (await t.request(`${BASE}/approvals/recruiting-tasks`, { token: manager })).json();
      assert.deepEqual(list.data.items, []);
      const gated = await t.request(
        `/hr/recruiting/applications/${applicationId}/move`,
        post(hr, { csrf, to: "OFFER" }),
      );
      assert.equal(gated.status, 409);
      const text = await gated.text();
      assert.match(text, /Arbeitsprobe ansehen/);
      assert.doesNotMatch(text, /first finish[^<]*Referenzen einholen/);
    });

    await ctx.step(
      "HR completes the last one on the application's page; the move to the gated stage succeeds",
      async () => {
        const page = await (await t.request(`/hr/recruiting/applications/${applicationId}`, { headers: hr }))
          .text();
        const work = await taskByTitle(t, "Arbeitsprobe ansehen");
        assert.match(
          page,
          new RegExp(`action="/hr/recruiting/applications/${applicationId}/tasks/${work.id}/done"`),
        );
        assert.match(page, /✓ Referenzen einholen \(blockierend\) · Martina Meier/);
        const forged = await t.request(
          `/hr/recruiting/applications/${applicationId}/tasks/${work.id}/done`,
          post(hr, { csrf: "0".repeat(64) }),
        );
        assert.equal(forged.status, 403);
        assert.equal((await taskByTitle(t, "Arbeitsprobe ansehen")).done, false);
        const r = await t.request(
          `/hr/recruiting/applications/${applicationId}/tasks/${work.id}/done`,
          post(hr, { csrf }),
        );
        assert.equal(r.status, 200);
        assert.match(await r.text(), /Die Aufgabe «Arbeitsprobe ansehen» ist erledigt\./);
        const moved = await t.request(
          `/hr/recruiting/applications/${applicationId}/move`,
          post(hr, { csrf, to: "OFFER" }),
        );
        assert.equal(moved.status, 200, await moved.clone().text());
        assert.match(await moved.text(), /Angebot/);
      },
    );
  } finally {
    t.close();
  }
});

Deno.test(
  "recruiting tasks: on the demo, HR completes the blocking reference check in the console; the connector's commit_stage_move then enters the gated stage",
  E2E,
  async () => {
    const s = await startMcpServer();
    try {
      const mcp = await s.client((await s.grant("hr")).token);
      const before = refusal(
        await mcp.callTool({
          name: "prepare_stage_move",
          arguments: { application_id: GATED_APPLICATION_ID, to_stage: "OFFER" },
        }),
      );
      assert.match(before, /Reference check/);
      const cookie = await session(s.t, "hr@demo.example");
      const page = `/hr/recruiting/applications/${GATED_APPLICATION_ID}`;
      const csrf = await csrfOn(s.t, cookie, page);
      const [task] = await s.t.deps.db.select().from(applicationTasks).where(
        eq(applicationTasks.applicationId, GATED_APPLICATION_ID),
      ).then((rows) => rows.filter((r) => r.blocking && !r.done));
      const r = await s.t.request(`${page}/tasks/${task.id}/done`, post(cookie, { csrf }));
      assert.equal(r.status, 200);
      const preview = ok<{ previewId: string; blockedBy: string[] }>(
        await mcp.callTool({
          name: "prepare_stage_move",
          arguments: { application_id: GATED_APPLICATION_ID, to_stage: "OFFER" },
        }),
      );
      const moved = ok<{ moved: boolean; toStage: { key: string } }>(
        await mcp.callTool({ name: "commit_stage_move", arguments: { previewId: preview.previewId } }),
      );
      assert.equal(moved.moved, true);
      assert.equal(moved.toStage.key, "OFFER");
    } finally {
      await s.close();
    }
  },
);
