/**
 * The HR back office's refusals reach a German, French or Italian reader in their language, at every door
 * HR work goes through: the HR console (the reader's account language), the connector's HR tools (the
 * person's), the portal's recruiting and onboarding tasks; a refusal about an input names its field(s) the
 * way the portal places them (`body.title`). Texts are written out as the reader sees them.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { csrfOn, post, session } from "../web/_console.ts";
import { E2E, refusal as toolRefusal, startMcpServer } from "../mcp/_harness.ts";
import { DEMO_ACCOUNTS } from "../../src/demo/mod.ts";
import { applications, employees, positions, users } from "../../src/db/schema/mod.ts";
import { AppError, errorBody } from "../../src/errors.ts";
import type { Actor } from "../../src/services/actor.ts";
import { savePosition } from "../../src/services/hr_positions.ts";
import { addClosure, addCompensation } from "../../src/services/hr_pay.ts";
import { applyForPosition } from "../../src/services/careers.ts";
import { invite } from "../../src/services/invitations.ts";
import { previewOnboardingTask } from "../../src/services/hr_onboarding.ts";

/** Gives a demo account another language (the doors read it on every request). */
async function speak(t: TestApp, email: string, language: string): Promise<void> {
  await t.deps.db.update(users).set({ language }).where(eq(users.email, email));
}

/** The refusal a call throws (fails the test when it does not). */
async function refused(call: () => Promise<unknown>): Promise<AppError> {
  try {
    await call();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

/** A page's text with the entities the console writes taken back. */
async function pageText(r: Response): Promise<string> {
  return (await r.text()).replaceAll("&#39;", "'").replaceAll("&quot;", '"');
}

Deno.test("hr refusals: the console says account and invitation refusals in HR's German, French or Italian", async (ctx) => {
  const t = await makeTestApp();
  try {
    const [hrPerson] = await t.deps.db.select({ pn: employees.personnelNumber }).from(employees)
      .where(eq(employees.id, DEMO_ACCOUNTS.hr.employeeId!));
    const [colleague] = await t.deps.db.select({ pn: employees.personnelNumber }).from(employees)
      .where(eq(employees.id, DEMO_ACCOUNTS.employee.employeeId!));
    const texts = {
      de: {
        role: "«boss» ist keine Rolle. Rollen: employee, recruiter, manager, hr, admin.",
        own: "Niemand ändert sein eigenes Konto; das macht eine Kollegin oder ein Kollege.",
        admin:
          "Nur eine Administratorin oder ein Administrator ändert ein Administratorkonto oder ernennt jemanden dazu.",
      },
      fr: {
        role: "« boss » n'est pas un rôle. Rôles : employee, recruiter, manager, hr, admin.",
        own: "Personne ne modifie son propre compte ; une ou un collègue s'en charge.",
        admin:
          "Seul un administrateur modifie le compte d'un administrateur ou nomme quelqu'un administrateur.",
      },
      it: {
        role: "«boss» non è un ruolo. Ruoli: employee, recruiter, manager, hr, admin.",
        own: "Nessuno modifica il proprio account; lo fa una collega o un collega.",
        admin:
          "Solo un amministratore modifica l'account di un amministratore o nomina qualcuno amministratore.",
      },
    } as const;
    for (const lang of ["de", "fr", "it"] as const) {
      await ctx.step(lang, async () => {
        await speak(t, "hr@demo.example", lang);
        const cookie = await session(t, "hr@demo.example");
        const csrf = await csrfOn(t, cookie, `/hr/people/${colleague.pn}`);
        const role = await t.request(`/hr/people/${colleague.pn}/role`, post(cookie, { csrf, role: "boss" }));
        assert.equal(role.status, 400);
        assert.ok((await pageText(role)).includes(texts[lang].role), `${lang}: an unknown role`);
        const own = await t.request(
          `/hr/people/${hrPerson.pn}/role`,
          post(cookie, { csrf, role: "manager" }),
        );
        assert.equal(own.status, 403);
        assert.ok((await pageText(own)).includes(texts[lang].own), `${lang}: one's own account`);
        const admin = await t.request(
          `/hr/people/${colleague.pn}/role`,
          post(cookie, { csrf, role: "admin" }),
        );
        assert.equal(admin.status, 403);
        assert.ok((await pageText(admin)).includes(texts[lang].admin), `${lang}: making an administrator`);
      });
    }
  } finally {
    t.close();
  }
});

Deno.test(
  "hr refusals: the connector's HR tools refuse in the person's German, French or Italian",
  E2E,
  async (ctx) => {
    const s = await startMcpServer();
    try {
      const hr = await s.client((await s.grant("hr")).token);
      const texts = {
        de: {
          search: "Suchen Sie nach mindestens zwei Buchstaben eines Namens.",
          title: "Der Titel der Aufgabe ist leer.",
          reach: "Keine Person mit dieser Kennung liegt in Ihrem Bereich.",
          stage: "Die Stufe «NOPE» gibt es nicht. Stufen: ",
        },
        fr: {
          search: "Cherchez au moins deux lettres d'un nom.",
          title: "Le titre de la tâche est vide.",
          reach: "Aucune personne avec cet identifiant n'est dans votre périmètre.",
          stage: "L'étape « NOPE » n'existe pas. Étapes : ",
        },
        it: {
          search: "Cerchi almeno due lettere di un nome.",
          title: "Il titolo del compito è vuoto.",
          reach: "Nessuna persona con questo identificativo rientra nel suo ambito.",
          stage: "La fase «NOPE» non esiste. Fasi: ",
        },
      } as const;
      const [app] = await s.t.deps.db.select({ id: applications.id }).from(applications)
        .where(eq(applications.status, "ACTIVE")).limit(1);
      for (const lang of ["de", "fr", "it"] as const) {
        await ctx.step(lang, async () => {
          await speak(s.t, "hr@demo.example", lang);
          const call = async (name: string, args: Record<string, unknown>) =>
            toolRefusal(await hr.callTool({ name, arguments: args }));
          assert.equal(await call("search_people", { query: " e" }), texts[lang].search);
          assert.equal(
            await call("prepare_onboarding_task", {
              employee_id: DEMO_ACCOUNTS.employee.employeeId,
              title: "   ",
              phase: "FIRST_DAY",
            }),
            texts[lang].title,
          );
          assert.equal(await call("get_employee", { employee_id: "no-such-person" }), texts[lang].reach);
          const stage = await call("prepare_stage_move", { application_id: app.id, to_stage: "NOPE" });
          assert.ok(stage.startsWith(texts[lang].stage), `${lang}: ${stage}`);
        });
      }
    } finally {
      await s.close();
    }
  },
);

Deno.test("hr refusals: the portal's recruiting and onboarding tasks refuse in the account's language", async () => {
  const t = await makeTestApp();
  try {
    const texts = {
      de: [
        "Keine Aufgabe einer Bewerbung, die Sie sehen, hat diese Kennung.",
        "Keine Onboarding-Aufgabe im Plan einer anderen Person ist mit dieser Kennung Ihnen zugewiesen.",
      ],
      fr: [
        "Aucune tâche d'une candidature que vous voyez n'a cet identifiant.",
        "Aucune tâche d'intégration du plan d'une autre personne ne vous revient avec cet identifiant.",
      ],
      it: [
        "Nessun compito di una candidatura che lei vede ha questo identificativo.",
        "Nessun compito di inserimento del piano di un'altra persona le spetta con questo identificativo.",
      ],
    } as const;
    for (const lang of ["de", "fr", "it"] as const) {
      await speak(t, "manager@demo.example", lang);
      const token = await t.signIn("manager@demo.example");
      const task = await t.request("/api/v1/portal/approvals/recruiting-tasks/nope/done", {
        method: "POST",
        token,
      });
      assert.equal(task.status, 404);
      assert.deepEqual(await task.json(), { error: texts[lang][0], code: "not_found" });
      const onboarding = await t.request("/api/v1/portal/approvals/onboarding-tasks/nope/done", {
        method: "POST",
        token,
      });
      assert.equal(onboarding.status, 404);
      assert.deepEqual(await onboarding.json(), { error: texts[lang][1], code: "not_found" });
    }
  } finally {
    t.close();
  }
});

Deno.test("hr refusals: every problem of a form is said in the reader's language and names its field", async (ctx) => {
  const t = await makeTestApp();
  try {
    const hrUser = await t.deps.db.query.users.findFirst({ where: eq(users.email, "hr@demo.example") });
    const hr: Actor = {
      userId: hrUser!.id,
      role: hrUser!.role,
      language: "fr",
      employeeId: hrUser!.employeeId,
      channel: "PORTAL",
    };
    await ctx.step("a position with neither title nor status (German)", async () => {
      const e = await refused(() =>
        savePosition(t.deps, hr, {
          title: "x",
          department: "",
          location: "",
          canton: "",
          workloadMin: 80,
          workloadMax: 60,
          advertisements: {},
          status: "LIVE",
          hiringManager: "",
          recruiters: [],
        })
      );
      assert.equal(e.status, 400);
      assert.deepEqual(errorBody(e, "de", "body"), {
        error:
          "Die Stelle wurde nicht gespeichert: Titel: 2 bis 200 Zeichen; Status: einer von DRAFT, OPEN, " +
          "ON_HOLD, CLOSED; Pensum: «von» ist grösser als «bis».",
        code: "validation",
        fields: ["body.title", "body.status", "body.workloadMin", "body.workloadMax"].map((field) => ({
          field,
          message: "Die Stelle wurde nicht gespeichert: Titel: 2 bis 200 Zeichen; Status: einer von DRAFT, " +
            "OPEN, ON_HOLD, CLOSED; Pensum: «von» ist grösser als «bis».",
        })),
      });
    });
    await ctx.step("a salary change: the days the Swiss way (French)", async () => {
      const e = await refused(() =>
        addCompensation(t.deps, {
          personnelNumber: "GW-013",
          validFrom: "2020-01-01",
          annualSalary: 0,
          payments: 14,
        })
      );
      const body = errorBody(e, "fr", "body");
      assert.equal(
        body.error,
        "Aucun changement de salaire enregistré : « valable dès » 01.01.2020 précède l'entrée (01.04.2022) ; " +
          "le salaire annuel doit être un montant positif, pas 0 ; le nombre de versements doit être 12 ou 13, " +
          "pas 14.",
      );
      assert.deepEqual(body.fields?.map((f) => f.field), [
        "body.validFrom",
        "body.annualSalary",
        "body.payments",
      ]);
      const unknown = await refused(() =>
        addCompensation(t.deps, { personnelNumber: "NOBODY", validFrom: "2027-01-01", annualSalary: 1 })
      );
      assert.equal(unknown.status, 404);
      assert.equal(
        errorBody(unknown, "fr").error,
        "Il n'y a personne avec le numéro de personnel « NOBODY ».",
      );
    });
    await ctx.step("a closure that ends before it starts (Italian)", async () => {
      const e = await refused(() =>
        addClosure(t.deps, { from: "2027-07-10", to: "2027-07-01", name: { de: "" }, deductsLeave: false })
      );
      const body = errorBody(e, "it", "body");
      assert.equal(
        body.error,
        "Nessuna chiusura aziendale aggiunta: «al» precede «dal»; serve un nome da 2 a 100 caratteri.",
      );
      assert.deepEqual(body.fields?.map((f) => f.field), ["body.from", "body.to", "body.name"]);
    });
    await ctx.step("an application from the careers page without name, consent or CV (Italian)", async () => {
      const [open] = await t.deps.db.select({ id: positions.id }).from(positions)
        .where(eq(positions.status, "OPEN")).limit(1);
      const e = await refused(() =>
        applyForPosition(t.deps, {
          positionId: open.id,
          firstName: "",
          lastName: "Rossi",
          email: "anna.rossi@example.ch",
          phone: "",
          language: "it",
          consent: false,
          cv: null,
          letter: { name: "letter.txt", bytes: new TextEncoder().encode("not a pdf") },
        })
      );
      assert.equal(e.status, 415);
      const body = errorBody(e, "it", "body");
      assert.equal(
        body.error,
        "La candidatura non è stata inviata: nome: da 1 a 100 caratteri; consenso: la candidatura può " +
          "essere trattata solo con il suo consenso; manca il CV; la lettera di motivazione deve essere un PDF.",
      );
      assert.deepEqual(body.fields?.map((f) => f.field), [
        "body.firstName",
        "body.consent",
        "body.cv",
        "body.letter",
      ]);
    });
    await ctx.step("an invitation to an address that is none (German), a due day that is none", async () => {
      const e = await refused(() => invite(t.deps, { email: "nobody-at-example", role: "employee" }));
      assert.deepEqual(errorBody(e, "de", "body"), {
        error: "«nobody-at-example» ist keine gültige E-Mail-Adresse.",
        code: "validation",
        fields: [{ field: "body.email", message: "«nobody-at-example» ist keine gültige E-Mail-Adresse." }],
      });
      const due = await refused(() =>
        previewOnboardingTask(t.deps, hr, {
          employeeId: DEMO_ACCOUNTS.employee.employeeId!,
          title: "Laptop bestellen",
          phase: "FIRST_DAY",
          dueDate: "2026-02-30",
        })
      );
      assert.deepEqual(errorBody(due, "it", "body").fields, [
        { field: "body.dueDate", message: "La scadenza deve essere una data valida AAAA-MM-GG." },
      ]);
    });
  } finally {
    t.close();
  }
});
