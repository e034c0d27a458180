/**
 * Notes from the HR console: HR files a note on an application as shared (the hiring team reads it, the
 * connector too) or private to HR (the console only, never the connector). Every refusal is said on the page
 * with the form kept, and nothing changes. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { E2E, ok, startMcpServer } from "../mcp/_harness.ts";
import { applicationNotes } from "../../src/db/schema/mod.ts";
import { READY_APPLICATION_ID } from "../../src/demo/mod.ts";
import type { TestApp } from "../_helpers.ts";
import { csrfOn, post, session } from "./_console.ts";

async function setup(t: TestApp) {
  const cookie = await session(t, "hr@demo.example");
  return { cookie, csrf: await csrfOn(t, cookie, `/hr/recruiting/applications/${READY_APPLICATION_ID}`) };
}

const NOTES = `/hr/recruiting/applications/${READY_APPLICATION_ID}/notes`;

Deno.test(
  "console notes: shared and private notes; the connector shows the shared ones only",
  E2E,
  async (ctx) => {
    const s = await startMcpServer();
    const t = s.t;
    try {
      const { cookie, csrf } = await setup(t);
      await ctx.step("HR files a shared and a private note; the console shows both", async () => {
        const shared = await t.request(
          NOTES,
          post(cookie, { csrf, note: "Starke Referenzen.", visibility: "SHARED" }),
        );
        assert.equal(shared.status, 200);
        assert.match(await shared.text(), /La note est enregistrée/);
        const priv = await t.request(
          NOTES,
          post(cookie, { csrf, note: "Lohnvorstellung 120k, vertraulich.", visibility: "PRIVATE_HR" }),
        );
        assert.equal(priv.status, 200);
        const html = await priv.text();
        assert.match(html, /hr@demo\.example: Starke Referenzen\./);
        assert.match(html, /hr@demo\.example \(privée\): Lohnvorstellung 120k, vertraulich\./);
        const rows = await t.deps.db.select().from(applicationNotes).where(
          eq(applicationNotes.body, "Lohnvorstellung 120k, vertraulich."),
        );
        assert.deepEqual(rows.map((r) => r.visibility), ["PRIVATE_HR"]);
      });
      for (const who of ["hr", "recruiter"] as const) {
        await ctx.step(`the connector (${who}) shows the shared note, never the private one`, async () => {
          const client = await s.client((await s.grant(who)).token);
          const app = ok<{ sharedNotes: { body: string }[] }>(
            await client.callTool({
              name: "get_application",
              arguments: { application_id: READY_APPLICATION_ID, include_free_text: true },
            }),
          );
          const bodies = app.sharedNotes.map((n) => n.body);
          assert.ok(bodies.includes("Starke Referenzen."));
          assert.ok(!bodies.some((b) => b.includes("Lohnvorstellung")));
        });
      }
    } finally {
      await s.close();
    }
  },
);

Deno.test("console notes: every refusal is said with the form kept; nothing changes", E2E, async (ctx) => {
  const s = await startMcpServer();
  const t = s.t;
  try {
    const { cookie, csrf } = await setup(t);
    const count = async () => (await t.deps.db.select().from(applicationNotes)).length;
    const before = await count();
    const cases: [string, Record<string, string>, number, RegExp][] = [
      ["without the page's token", { note: "x", visibility: "SHARED" }, 403, /./],
      ["an empty note", { csrf, note: "   ", visibility: "SHARED" }, 400, /La note est vide\./],
      [
        "a visibility that does not exist",
        { csrf, note: "Öffentlich", visibility: "PUBLIC" },
        400,
        /La visibilité doit être l(?:'|&#39;)une de SHARED, PRIVATE_HR\./,
      ],
      [
        "a note too long",
        { csrf, note: "x".repeat(4001), visibility: "PRIVATE_HR" },
        400,
        /La note dépasse 4000 caractères\./,
      ],
    ];
    for (const [name, form, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request(NOTES, post(cookie, form));
        assert.equal(r.status, status);
        const html = await r.text();
        assert.match(html, message);
        if (status === 400 && form.visibility === "PUBLIC") assert.match(html, />Öffentlich<\/textarea>/);
        assert.equal(await count(), before);
      });
    }
  } finally {
    await s.close();
  }
});
