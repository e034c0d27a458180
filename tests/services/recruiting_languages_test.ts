/**
 * Languages in recruiting: a stage's e-mail goes out in the candidate's language when the template has it,
 * else in German; the careers page shows an advertisement in the visitor's language, else German, else the
 * one there is; the configuration file carries the translations and applies its own export unchanged. The
 * demo's INTERVIEW e-mail is written in German and French; its backend position is advertised in German and
 * English, its support position in French only.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { applications, mailOutbox, positions } from "../../src/db/schema/mod.ts";
import { applyConfiguration, exportConfiguration, readSection } from "../../src/org_config/mod.ts";
import { commitStageMove } from "../../src/services/hr_recruiting.ts";

const HR = {
  userId: "hr",
  role: "hr",
  language: "de" as const,
  employeeId: null,
  channel: "PORTAL" as const,
};

Deno.test("recruiting languages: the stage e-mail in the candidate's language, else German", async (ctx) => {
  const t = await makeTestApp();
  try {
    const screening = await t.deps.db.select().from(applications).where(
      eq(applications.candidateLastName, "Exempel"),
    );
    const other = await t.deps.db.select().from(applications).where(
      eq(applications.candidateLastName, "Demir-Demo"),
    );
    const cases: [string, string, string, RegExp][] = [
      ["French: the French text", screening[0].id, "fr", /^Invitation à un entretien : /],
      ["Italian (not written): the German text", other[0].id, "it", /^Einladung zum Gespräch: /],
    ];
    for (const [name, id, lang, subject] of cases) {
      await ctx.step(name, async () => {
        await t.deps.db.update(applications).set({ candidateLanguage: lang }).where(eq(applications.id, id));
        const [app] = await t.deps.db.select().from(applications).where(eq(applications.id, id));
        await commitStageMove(t.deps, HR, id, "INTERVIEW");
        const mails = await t.deps.db.select().from(mailOutbox).where(
          eq(mailOutbox.toAddress, app.candidateEmail),
        );
        assert.equal(mails.length, 1);
        assert.match(mails[0].subject, subject);
      });
    }
  } finally {
    t.close();
  }
});

Deno.test("recruiting languages: the careers page shows the advertisement in the visitor's language", async (ctx) => {
  const t = await makeTestApp();
  try {
    const idOf = async (title: string) =>
      (await t.deps.db.select().from(positions).where(eq(positions.title, title)))[0].id;
    const backend = await idOf("Senior Backend Engineer (Platform)");
    const support = await idOf("Conseiller·ère clientèle (Support Romandie)");
    const cases: [string, string, string, RegExp, RegExp][] = [
      ["English where there is English", backend, "en", /At .* we build software/, /Bei der/],
      ["German where the visitor's is missing", backend, "fr", /Bei der .* bauen wir/, /At .* we build/],
      ["the only one there is", support, "de", /Tu accompagnes nos clients/, /Bei der/],
    ];
    for (const [name, id, lang, shown, notShown] of cases) {
      await ctx.step(name, async () => {
        const html = await (await t.request(`/careers/${id}?lang=${lang}`)).text();
        assert.match(html, shown);
        assert.doesNotMatch(html, notShown);
      });
    }
  } finally {
    t.close();
  }
});

Deno.test("recruiting languages: the configuration file carries the translations, round trip", async (ctx) => {
  const t = await makeTestApp();
  try {
    const exported = await exportConfiguration(t.deps);
    await ctx.step("the export names the French e-mail", () => {
      assert.match(
        exported,
        /emailTranslations:\s+fr:\s+subject: "?Invitation à un entretien : \{position\}/,
      );
    });
    await ctx.step("applied back, nothing changes", async () => {
      const before = JSON.stringify(await readSection(t.deps, "stages"));
      const r = await applyConfiguration(t.deps, exported);
      assert.ok(r.ok, JSON.stringify(r));
      assert.equal(JSON.stringify(await readSection(t.deps, "stages")), before);
    });
    await ctx.step("a translation without its body is refused with its place; nothing changes", async () => {
      const before = JSON.stringify(await readSection(t.deps, "stages"));
      const r = await applyConfiguration(
        t.deps,
        `stages:
  - key: OFFER
    name: { de: Angebot, en: Offer, fr: Offre }
    order: 40
    gated: true
    automaticTasks:
      - kind: EMAIL_CANDIDATE
        title: Angebot
        emailSubject: "Ihr Angebot: {position}"
        emailBody: "Guten Tag {firstName}"
        emailTranslations:
          it: { subject: "La sua offerta: {position}" }
`,
      );
      assert.equal(r.ok, false);
      assert.match(JSON.stringify(r), /stages\[0\]\.automaticTasks\[0\]\.emailTranslations\.it\.body/);
      assert.equal(JSON.stringify(await readSection(t.deps, "stages")), before);
    });
  } finally {
    t.close();
  }
});
