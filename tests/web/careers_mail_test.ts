/**
 * The careers page's acknowledgement goes to whatever address the form names, so nothing a visitor typed may
 * ride along in it: the greeting carries the first name only when it reads as a name (letters, spaces,
 * hyphens, apostrophes, a final period; at most 40 characters, whole words), and otherwise no name at all. The
 * other fields never appear.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { mailOutbox, positions } from "../../src/db/schema/mod.ts";

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function acknowledgement(
  t: TestApp,
  n: number,
  fields: { first_name: string; last_name?: string; phone?: string; language?: string },
): Promise<{ subject: string; text: string }> {
  const [p] = await t.deps.db.select().from(positions).where(
    eq(positions.title, "Senior Backend Engineer (Platform)"),
  );
  const email = `victim${n}@example.ch`;
  const form = new FormData();
  for (
    const [k, v] of Object.entries({
      last_name: "Muster",
      language: "en",
      ...fields,
      email,
      consent: "yes",
    })
  ) form.append(k, v);
  form.append("cv", new File([PDF as Uint8Array<ArrayBuffer>], "cv.pdf"));
  // One source address per application: the page takes five an hour from one.
  const r = await t.app.fetch(
    new Request(`http://localhost/careers/${p.id}`, { method: "POST", body: form }),
    { remoteAddr: { hostname: `192.0.2.${100 + n}` } },
  );
  assert.equal(r.status, 200, await r.text());
  const [m] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  assert.ok(m, "the acknowledgement is queued");
  return { subject: m.subject, text: m.textBody };
}

Deno.test("careers mail: a name carrying a link, a message or a placeholder is left out of the greeting", async (ctx) => {
  const t = await makeTestApp();
  try {
    let n = 0;
    for (
      const [name, first_name] of [
        ["a link in a sentence", "Visit https://evil.example now"],
        ["a bare domain", "evil.example"],
        ["a line break and a phone number", "Anna\r\nCall +41 44 000 00 00 to claim"],
        ["a control character", "Anna\u0007"],
        ["a placeholder of the outbox", "{{link}}"],
        ["markup", "<a href=x>Anna</a>"],
      ]
    ) {
      await ctx.step(name, async () => {
        const m = await acknowledgement(t, n++, {
          first_name,
          last_name: "Go to evil.example",
          phone: "+41 900 000 000 premium",
        });
        assert.match(m.text, /^Hello\n\nThank you for applying as Senior Backend Engineer \(Platform\)\./);
        for (const bit of ["Visit", "evil", "http", "Call", "+41", "{{", "<a", "Anna", "Go to", "premium"]) {
          assert.ok(!m.text.includes(bit), `${bit} in ${JSON.stringify(m.text)}`);
          assert.ok(!m.subject.includes(bit), `${bit} in ${m.subject}`);
        }
      });
    }

    await ctx.step("a name is greeted, in the candidate's language", async () => {
      for (
        const [first_name, language, greeting] of [
          ["Léa", "fr", "Bonjour Léa\n"],
          ["Anne-Marie", "de", "Guten Tag Anne-Marie\n"],
          ["  Zoë   D'Alessandro ", "it", "Buongiorno Zoë D'Alessandro\n"],
          ["J.", "en", "Hello J.\n"],
        ]
      ) {
        const m = await acknowledgement(t, n++, { first_name, language });
        assert.ok(m.text.startsWith(greeting), JSON.stringify(m.text));
      }
    });

    await ctx.step("a long name is cut to whole words within 40 characters", async () => {
      const m = await acknowledgement(t, n++, {
        first_name: "Maximiliane Alexandra Josephine Kunigunde Wilhelmina",
      });
      assert.ok(m.text.startsWith("Hello Maximiliane Alexandra Josephine\n"), JSON.stringify(m.text));
      const one = await acknowledgement(t, n++, { first_name: "A".repeat(41) });
      assert.ok(one.text.startsWith("Hello\n"), JSON.stringify(one.text));
    });
  } finally {
    t.close();
  }
});
