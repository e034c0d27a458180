/**
 * Hiring from the HR console: a position is created and opened, appears on the careers page, a candidate
 * applies with a PDF, HR reads the file, moves the application through the same stage move as the connector
 * (automatic e-mail, the gate), and deletes the candidate's data. Every refusal is said on the page and
 * changes nothing. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { applicationFiles, applications, mailOutbox, positions } from "../../src/db/schema/mod.ts";
import { GATED_APPLICATION_ID } from "../../src/demo/mod.ts";
import { csrfOn, post, session } from "./_console.ts";

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const csrfOf = (t: TestApp, cookie: Record<string, string>) => csrfOn(t, cookie, "/hr/recruiting");

const POSITION = {
  title: "Lernende Kauffrau/Kaufmann EFZ",
  status: "OPEN",
  department: "Administration",
  location: "Bern",
  canton: "BE",
  workload_min: "100",
  workload_max: "100",
  hiring_manager: "",
  recruiters: "recruiter@demo.example",
  ad_de: "Du lernst alles über die Administration eines KMU.\n\nStart: August 2027.",
  ad_fr: "Tu apprends tout sur l’administration d’une PME.\n\nDébut : août 2027.",
};

Deno.test("console recruiting: from a new position to an application moved, read and deleted", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);
    let positionId = "";
    let applicationId = "";

    await ctx.step("the position is created open and appears on the careers page", async () => {
      const r = await t.request("/hr/recruiting/positions", post(cookie, { ...POSITION, csrf }));
      assert.equal(r.status, 200);
      assert.match(await r.text(), /Le poste est enregistré/);
      const [p] = await t.deps.db.select().from(positions).where(eq(positions.title, POSITION.title));
      positionId = p.id;
      assert.equal(p.openedAt, t.clock.now());
      const careers = await (await t.request("/careers")).text();
      assert.match(careers, /Lernende Kauffrau\/Kaufmann EFZ/);
    });

    await ctx.step("a candidate applies; HR sees the application and reads the CV", async () => {
      const form = new FormData();
      for (
        const [k, v] of Object.entries({
          first_name: "Mia",
          last_name: "Frei",
          email: "mia.frei@example.ch",
          language: "de",
          consent: "yes",
        })
      ) form.append(k, v);
      form.append("cv", new File([PDF as Uint8Array<ArrayBuffer>], "lebenslauf.pdf"));
      const sent = await t.app.fetch(
        new Request(`http://localhost/careers/${positionId}`, { method: "POST", body: form }),
        {
          remoteAddr: { hostname: "192.0.2.50" },
        },
      );
      assert.equal(sent.status, 200);
      await sent.body?.cancel();
      const page = await (await t.request(`/hr/recruiting/positions/${positionId}`, { headers: cookie }))
        .text();
      const m = new RegExp(`href="/hr/recruiting/applications/([^"]+)">Mia Frei</a>`).exec(page);
      assert.ok(m, "the application is listed");
      applicationId = m[1];
      const app = await (await t.request(`/hr/recruiting/applications/${applicationId}`, { headers: cookie }))
        .text();
      // Under the fixed name, not the one the candidate gave (lebenslauf.pdf).
      assert.match(app, /\(cv\.pdf\)/);
      assert.doesNotMatch(app, /lebenslauf/);
      const cv = await t.request(`/hr/recruiting/applications/${applicationId}/files/CV`, {
        headers: cookie,
      });
      assert.equal(cv.status, 200);
      assert.equal(cv.headers.get("cache-control"), "no-store");
      assert.deepEqual(new Uint8Array(await cv.arrayBuffer()), PDF);
    });

    await ctx.step("moved to the interview: the stage's e-mail goes to the candidate", async () => {
      const r = await t.request(
        `/hr/recruiting/applications/${applicationId}/move`,
        post(cookie, { csrf, to: "INTERVIEW" }),
      );
      assert.equal(r.status, 200);
      assert.match(await r.text(), /La candidature est à l(?:'|&#39;)étape Entretien/);
      const mails = await t.deps.db.select().from(mailOutbox).where(
        eq(mailOutbox.toAddress, "mia.frei@example.ch"),
      );
      assert.ok(
        mails.some((m) => /Einladung zum Gespräch/.test(m.subject)),
        JSON.stringify(mails.map((m) => m.subject)),
      );
    });

    await ctx.step("the candidate's data deleted after the confirmation: nothing of it is left", async () => {
      const page = await t.request(`/hr/recruiting/applications/${applicationId}/delete`, {
        headers: cookie,
      });
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /Supprimer la candidature et toutes les données de Mia Frei\u00a0?\s?\?/);
      assert.match(html, /name="confirm" value="yes"/);
      // A POST without the confirmation page's button (an old form, a double click) only asks.
      const asked = await t.request(
        `/hr/recruiting/applications/${applicationId}/delete`,
        post(cookie, { csrf }),
      );
      assert.equal(asked.status, 200);
      assert.match(await asked.text(), /Supprimer définitivement/);
      assert.equal(
        (await t.deps.db.select().from(applications).where(eq(applications.id, applicationId))).length,
        1,
      );
      const r = await t.request(
        `/hr/recruiting/applications/${applicationId}/delete`,
        post(cookie, { csrf, confirm: "yes" }),
      );
      assert.equal(r.status, 200);
      assert.match(await r.text(), /toutes les données de la personne sont supprimées/);
      assert.equal(
        (await t.deps.db.select().from(applications).where(eq(applications.id, applicationId))).length,
        0,
      );
      assert.equal(
        (await t.deps.db.select().from(applicationFiles).where(
          eq(applicationFiles.applicationId, applicationId),
        )).length,
        0,
      );
      assert.equal(
        (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "mia.frei@example.ch")))
          .length,
        0,
      );
    });
  } finally {
    t.close();
  }
});

Deno.test("console recruiting: the gate and every refusal are said on the page; nothing changes", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);
    const all = async () => ({
      positions: (await t.deps.db.select().from(positions)).length,
      gated: (await t.deps.db.select().from(applications).where(eq(applications.id, GATED_APPLICATION_ID)))[0]
        .stageId,
    });
    const before = await all();
    await ctx.step(
      "a move into a gated stage with an open blocking task: 409, as over the connector",
      async () => {
        const r = await t.request(
          `/hr/recruiting/applications/${GATED_APPLICATION_ID}/move`,
          post(cookie, { csrf, to: "OFFER" }),
        );
        assert.equal(r.status, 409);
        assert.match(
          await r.text(),
          /est verrouillée : terminez d(?:'|&#39;)abord (?:'|&#39;)Reference check(?:'|&#39;)/,
        );
        assert.deepEqual(await all(), before);
      },
    );
    const cases: [string, Record<string, string>, number, RegExp][] = [
      ["without the page's token", { ...POSITION }, 403, /./],
      ["no title", { ...POSITION, csrf, title: "" }, 400, /titre : 2 à 200 caractères/],
      [
        "a status that does not exist",
        { ...POSITION, csrf, status: "MAYBE" },
        400,
        /statut : l(?:'|&#39;)un de DRAFT, OPEN, ON_HOLD, CLOSED/,
      ],
      [
        "a recruiter without an account",
        { ...POSITION, csrf, recruiters: "nobody@example.ch" },
        400,
        /il n(?:'|&#39;)y a pas de compte à l(?:'|&#39;)adresse nobody@example\.ch/,
      ],
      [
        "a recruiter whose role does not see applications",
        { ...POSITION, csrf, recruiters: "employee@demo.example" },
        400,
        /employee@demo\.example a le rôle employee, qui ne voit pas les candidatures/,
      ],
      [
        "a workload from above to",
        { ...POSITION, csrf, workload_min: "80", workload_max: "60" },
        400,
        /taux : « dès » dépasse « jusqu(?:'|&#39;)à »/,
      ],
      [
        "an unknown hiring manager",
        { ...POSITION, csrf, hiring_manager: "NOPE" },
        400,
        /responsable : aucune personne avec le numéro de personnel NOPE/,
      ],
    ];
    for (const [name, form, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/recruiting/positions", post(cookie, form));
        assert.equal(r.status, status);
        assert.match(await r.text(), message);
        assert.deepEqual(await all(), before);
      });
    }
    await ctx.step("a manager: not the pages", async () => {
      const other = await session(t, "manager@demo.example");
      const r = await t.request("/hr/recruiting/positions", post(other, { ...POSITION, csrf }));
      assert.equal(r.status, 403);
      await r.body?.cancel();
      assert.deepEqual(await all(), before);
    });
  } finally {
    t.close();
  }
});

Deno.test("console recruiting: a position's applications are filtered by stage", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const [gated] = await t.deps.db.select().from(applications).where(
      eq(applications.id, GATED_APPLICATION_ID),
    );
    const names = async (query: string) => {
      const html = await (await t.request(`/hr/recruiting/positions/${gated.positionId}${query}`, {
        headers: cookie,
      })).text();
      return [...html.matchAll(/href="\/hr\/recruiting\/applications\/[^"]+">([^<]+)<\/a>/g)].map((m) => m[1])
        .sort();
    };
    await ctx.step("INTERVIEW: the two applications in it", async () => {
      assert.deepEqual(await names("?stage=INTERVIEW"), ["Matteo Fittizio", "Selina Probst-Demo"]);
    });
    await ctx.step("no filter, or a stage that does not exist: all of them", async () => {
      const all = await names("");
      assert.equal(all.length, 6);
      assert.deepEqual(await names("?stage=NOPE"), all);
    });
  } finally {
    t.close();
  }
});
