/**
 * The HR console's documents: a policy written in German with a French translation, edited, read by people
 * in their language through the connector's document service, and kept by `org export`; every refusal said
 * on the page with nothing saved. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { documents, documentTranslations } from "../../src/db/schema/mod.ts";
import { getAssistantDocument } from "../../src/services/mcp_documents.ts";
import { exportConfiguration } from "../../src/org_config/mod.ts";
import { csrfOn, post, session } from "./_console.ts";

const csrfOf = (t: TestApp, cookie: Record<string, string>) => csrfOn(t, cookie, "/hr/documents");

const POLICY = {
  slug: "homeoffice",
  audience: "ALL",
  assistant_visible: "yes",
  category: "Arbeitszeit",
  title_de: "Homeoffice-Reglement",
  body_de: "# Homeoffice\n\nBis zu **zwei Tage** pro Woche.\n",
  title_fr: "Règlement sur le télétravail",
  body_fr: "# Télétravail\n\nJusqu'à **deux jours** par semaine.\n",
  title_it: "",
  body_it: "",
  title_en: "",
  body_en: "",
};

const reader = (language: "de" | "fr" | "it" | "en") => ({
  userId: "u",
  role: "employee",
  language,
  employeeId: null,
  channel: "ASSISTANT" as const,
});

Deno.test("console documents: HR writes a policy in German and French, edits it, people read their language", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);

    await ctx.step("saved, and listed with its languages", async () => {
      const r = await t.request("/hr/documents", post(cookie, { ...POLICY, csrf }));
      assert.equal(r.status, 200);
      assert.match(await r.text(), /Le document homeoffice est enregistré/);
      const list = await (await t.request("/hr/documents", { headers: cookie })).text();
      assert.match(list, /href="\/hr\/documents\/homeoffice"/);
      assert.match(list, /de, fr/);
    });

    await ctx.step("read in French by a French reader, in German by the others", async () => {
      const fr = await getAssistantDocument(t.deps, reader("fr"), "homeoffice");
      assert.match(fr.markdown, /Jusqu'à \*\*deux jours\*\*/);
      const it = await getAssistantDocument(t.deps, reader("it"), "homeoffice");
      assert.match(it.markdown, /Bis zu \*\*zwei Tage\*\*/);
    });

    await ctx.step(
      "edited on its own page: the form shows it, an Italian version is added, French kept",
      async () => {
        const page = await (await t.request("/hr/documents/homeoffice", { headers: cookie })).text();
        assert.match(page, /Homeoffice-Reglement \(homeoffice\)/);
        assert.match(page, /Jusqu&#39;à \*\*deux jours\*\*|Jusqu'à \*\*deux jours\*\*/);
        const r = await t.request(
          "/hr/documents",
          post(cookie, {
            ...POLICY,
            csrf,
            title_fr: "",
            body_fr: "",
            title_it: "Regolamento sul telelavoro",
            body_it: "Fino a **due giorni** alla settimana.",
          }),
        );
        assert.equal(r.status, 200);
        const it = await getAssistantDocument(t.deps, reader("it"), "homeoffice");
        assert.match(it.markdown, /Fino a \*\*due giorni\*\*/);
        const fr = await getAssistantDocument(t.deps, reader("fr"), "homeoffice");
        assert.match(fr.markdown, /Jusqu'à/, "a language left empty keeps its version");
      },
    );

    await ctx.step("for HR only: an employee no longer reads it", async () => {
      const r = await t.request("/hr/documents", post(cookie, { ...POLICY, csrf, audience: "HR" }));
      assert.equal(r.status, 200);
      await assert.rejects(() => getAssistantDocument(t.deps, reader("de"), "homeoffice"), /No document/);
    });

    await ctx.step("the configuration file carries it", async () => {
      const yaml = await exportConfiguration(t.deps);
      assert.match(yaml, /slug: homeoffice/);
      assert.match(yaml, /Regolamento sul telelavoro/);
    });
  } finally {
    t.close();
  }
});

Deno.test("console documents: refusals say why on the page and save nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);
    const count = async () => ({
      docs: (await t.deps.db.select({ id: documents.id }).from(documents)).length,
      texts:
        (await t.deps.db.select({ id: documentTranslations.documentId }).from(documentTranslations)).length,
    });
    const before = await count();
    const cases: [string, Record<string, string>, number, RegExp][] = [
      ["without the page's token", { ...POLICY }, 403, /./],
      [
        "an identifier with spaces and capitals",
        { ...POLICY, csrf, slug: "Home Office" },
        400,
        /slug: must be lower-case/,
      ],
      ["no German title", { ...POLICY, csrf, title_de: "" }, 400, /translations\.de\.title/],
      ["no German text", { ...POLICY, csrf, body_de: "" }, 400, /translations\.de\.body/],
      ["a French title without its text", { ...POLICY, csrf, body_fr: "" }, 400, /translations\.fr\.body/],
      ["an audience that does not exist", { ...POLICY, csrf, audience: "BOSSES" }, 400, /audience/],
    ];
    for (const [name, form, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/documents", post(cookie, form));
        assert.equal(r.status, status);
        const html = await r.text();
        assert.match(html, message);
        if (status === 400) {
          assert.match(html, /value="Homeoffice-Reglement"|value=""/, "the form keeps what was typed");
        }
        assert.deepEqual(await count(), before);
      });
    }
    await ctx.step("an unknown identifier", async () => {
      const r = await t.request("/hr/documents/nope", { headers: cookie });
      assert.equal(r.status, 404);
      assert.match(await r.text(), /Aucun document n(?:'|&#39;)a cet identifiant/);
    });
    await ctx.step("an employee or a manager: not the page, nothing saved", async () => {
      for (const who of ["employee@demo.example", "manager@demo.example"]) {
        const other = await session(t, who);
        const page = await t.request("/hr/documents", { headers: other });
        assert.equal(page.status, 403);
        await page.body?.cancel();
        const r = await t.request("/hr/documents", post(other, { ...POLICY }));
        assert.equal(r.status, 403);
        await r.body?.cancel();
      }
      assert.deepEqual(await count(), before);
      const [none] = await t.deps.db.select().from(documents).where(eq(documents.slug, "homeoffice"));
      assert.equal(none, undefined);
    });
  } finally {
    t.close();
  }
});
