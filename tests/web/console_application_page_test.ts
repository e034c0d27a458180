/**
 * The console's page of an application: how to reach the candidate (e-mail, phone, the language chosen on
 * the form), and an empty list of notes said as such (not as "no applications yet"), in the HR person's
 * language. The portal's list of recruiting tasks is another person's data: never stored by a cache.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { applicationNotes, applications, users } from "../../src/db/schema/mod.ts";
import { session } from "./_console.ts";

const NO_NOTES = {
  de: "Noch keine Notizen.",
  fr: "Pas encore de notes.",
  it: "Ancora nessuna nota.",
  en: "No notes yet.",
} as const;

Deno.test("console application page: the candidate's e-mail, phone and language; notes empty in four languages", async () => {
  const t = await makeTestApp();
  try {
    const [app] = await t.deps.db.select().from(applications).where(eq(applications.status, "ACTIVE")).limit(
      1,
    );
    await t.deps.db.update(applications).set({
      candidateEmail: "chiara.bernasconi@example.ch",
      candidatePhone: "+41 91 123 45 67",
      candidateLanguage: "it",
    }).where(eq(applications.id, app.id));
    await t.deps.db.delete(applicationNotes).where(eq(applicationNotes.applicationId, app.id));
    const cookie = await session(t, "hr@demo.example");
    for (const [lang, text] of Object.entries(NO_NOTES)) {
      await t.deps.db.update(users).set({ language: lang }).where(eq(users.email, "hr@demo.example"));
      const r = await t.request(`/hr/recruiting/applications/${app.id}`, { headers: cookie });
      assert.equal(r.status, 200);
      const html = await r.text();
      assert.ok(html.includes(`<p>${text}</p>`), `${lang}: ${text}`);
      assert.doesNotMatch(html, /Noch keine Bewerbungen|Pas encore de candidatures|No applications yet/);
      assert.match(html, /<a href="mailto:chiara.bernasconi@example.ch">chiara.bernasconi@example.ch<\/a>/);
      assert.match(html, /<a href="tel:\+41911234567">\+41 91 123 45 67<\/a>/);
      const italian = { de: "Italienisch", fr: "italien", it: "italiano", en: "Italian" }[lang];
      assert.ok(html.includes(`<dd>${italian}</dd>`), `${lang}: ${italian}`);
    }
  } finally {
    t.close();
  }
});

Deno.test("portal recruiting tasks: never stored by a cache", async () => {
  const t = await makeTestApp();
  try {
    const r = await t.request("/api/v1/portal/approvals/recruiting-tasks", {
      token: await t.signIn("manager@demo.example"),
    });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get("cache-control"), "no-store");
    await r.body?.cancel();
  } finally {
    t.close();
  }
});
