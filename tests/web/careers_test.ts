/**
 * The public careers page and application form: open positions only and nothing internal; an application
 * with a PDF CV lands in the first stage with its files, the candidate's consent and language, and an
 * acknowledgement e-mail in that language; HR's recruiting tools then see it. Abuse: oversized and non-PDF
 * files, no consent, a closed position, five applications an hour per address, and the robots' hidden field.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { applicationFiles, applications, mailOutbox, positions, stages } from "../../src/db/schema/mod.ts";
import { listApplications } from "../../src/services/hr_recruiting.ts";

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function positionId(t: TestApp, title: string): Promise<string> {
  const [p] = await t.deps.db.select().from(positions).where(eq(positions.title, title));
  return p.id;
}

function apply(
  t: TestApp,
  id: string,
  fields: Record<string, string>,
  files: { cv?: Uint8Array | null; letter?: Uint8Array } = {},
  address = "192.0.2.10",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const cv = files.cv === undefined ? PDF : files.cv;
  if (cv) form.append("cv", new File([cv as Uint8Array<ArrayBuffer>], "cv.pdf"));
  if (files.letter) form.append("letter", new File([files.letter as Uint8Array<ArrayBuffer>], "brief.pdf"));
  return Promise.resolve(t.app.fetch(
    new Request(`http://localhost/careers/${id}?lang=fr`, { method: "POST", body: form }),
    { remoteAddr: { hostname: address } },
  ));
}

const CANDIDATE = {
  first_name: "Léa",
  last_name: "Rochat",
  email: "lea.rochat@example.ch",
  phone: "+41 79 000 00 00",
  language: "fr",
  consent: "yes",
};

Deno.test("careers: open positions only, nothing internal, in the visitor's language", async () => {
  const t = await makeTestApp();
  try {
    const html = await (await t.request("/careers", { headers: { "accept-language": "it-CH" } })).text();
    assert.match(html, /Posti aperti/);
    assert.match(html, /Senior Backend Engineer \(Platform\)/);
    assert.doesNotMatch(html, /Sales Manager Deutschschweiz/, "on hold");
    assert.doesNotMatch(html, /Praktikum People &amp; Culture|Praktikum People & Culture/, "closed");
    const id = await positionId(t, "Senior Backend Engineer (Platform)");
    const page = await t.request(`/careers/${id}?lang=en`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
    const ad = await page.text();
    assert.match(ad, /Swiss Federal Act on Data Protection/);
    assert.match(ad, /until 6 months after the procedure ends/);
    assert.doesNotMatch(ad, /110000|110'000|135000|135'000/, "no salary band");
    assert.doesNotMatch(ad, /Hofstetter/, "no hiring manager");
    const closed = await t.request(`/careers/${await positionId(t, "Praktikum People & Culture")}`);
    assert.equal(closed.status, 404);
    await closed.body?.cancel();
  } finally {
    t.close();
  }
});

Deno.test("careers: an application lands in the first stage with its files and an e-mail in French", async () => {
  const t = await makeTestApp();
  try {
    const id = await positionId(t, "Senior Backend Engineer (Platform)");
    const r = await apply(t, id, CANDIDATE, { letter: PDF });
    assert.equal(r.status, 200);
    assert.match(await r.text(), /Merci pour votre candidature/);
    const [a] = await t.deps.db.select().from(applications).where(
      eq(applications.candidateEmail, CANDIDATE.email),
    );
    const [first] = await t.deps.db.select().from(stages).orderBy(stages.sortOrder).limit(1);
    assert.equal(a.stageId, first.id);
    assert.equal(a.candidateLanguage, "fr");
    assert.equal(a.source, "CAREERS_PAGE");
    assert.equal(a.consentedAt, t.clock.now());
    const files = await t.deps.db.select().from(applicationFiles).where(
      eq(applicationFiles.applicationId, a.id),
    );
    assert.deepEqual(files.map((f) => f.kind).sort(), ["CV", "LETTER"]);
    assert.deepEqual(new Uint8Array(files[0].bytes), PDF);
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, CANDIDATE.email));
    assert.equal(mail.subject, "Votre candidature : Senior Backend Engineer (Platform)");
    assert.match(mail.textBody, /Bonjour Léa/);
    assert.match(mail.textBody, /jusqu'à 6 mois après la fin de la procédure/);
    assert.match(mail.textBody, /Gipfelwerk Demo AG/);
    // The recruiting tools (console and connector) see it.
    const hr = {
      userId: "u",
      role: "hr",
      language: "en" as const,
      employeeId: null,
      channel: "PORTAL" as const,
    };
    const list = await listApplications(t.deps, hr, { positionId: id, limit: 50 });
    assert.ok(list.items.some((x) => x.id === a.id));
  } finally {
    t.close();
  }
});

Deno.test("careers: abuse and mistakes are refused on the page, nothing stored", async (ctx) => {
  const t = await makeTestApp();
  try {
    const id = await positionId(t, "Senior Backend Engineer (Platform)");
    const count = async () => (await t.deps.db.select({ id: applications.id }).from(applications)).length;
    const mails = async () => (await t.deps.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const before = { apps: await count(), mails: await mails() };
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const cases: [string, () => Promise<Response>, number, RegExp][] = [
      [
        "a CV that is not a PDF",
        () => apply(t, id, CANDIDATE, { cv: new TextEncoder().encode("CV") }, "192.0.2.1"),
        415,
        /La candidature n(?:'|&#39;)a pas été envoyée : le CV doit être un PDF\./,
      ],
      [
        "a CV larger than 5 MB",
        () => apply(t, id, CANDIDATE, { cv: big }, "192.0.2.2"),
        413,
        /La candidature n(?:'|&#39;)a pas été envoyée : le CV dépasse 5 Mo\./,
      ],
      [
        "no CV",
        () => apply(t, id, CANDIDATE, { cv: null }, "192.0.2.3"),
        400,
        /La candidature n(?:'|&#39;)a pas été envoyée : le CV manque\./,
      ],
      ["no consent", () => apply(t, id, { ...CANDIDATE, consent: "" }, {}, "192.0.2.4"), 400, /consent/],
      [
        "an e-mail that is none",
        () => apply(t, id, { ...CANDIDATE, email: "lea" }, {}, "192.0.2.5"),
        400,
        /e-mail/,
      ],
      [
        "a closed position",
        async () => apply(t, await positionId(t, "Praktikum People & Culture"), CANDIDATE, {}, "192.0.2.6"),
        404,
        /n(?:'|&#39;)est pas \(ou plus\) ouvert/,
      ],
    ];
    for (const [name, send, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await send();
        assert.equal(r.status, status);
        const html = await r.text();
        assert.match(html, message);
        if (status === 400) assert.match(html, /value="Léa"/, "the form keeps what was typed");
        assert.deepEqual({ apps: await count(), mails: await mails() }, before);
      });
    }

    await ctx.step("a robot filling the hidden field: thanked, nothing stored or sent", async () => {
      const r = await apply(t, id, { ...CANDIDATE, website: "http://spam.example" }, {}, "192.0.2.7");
      assert.equal(r.status, 200);
      assert.match(await r.text(), /Merci pour votre candidature/);
      assert.deepEqual({ apps: await count(), mails: await mails() }, before);
    });

    await ctx.step("five an hour from one address; the sixth waits", async () => {
      for (let i = 0; i < 5; i++) {
        const r = await apply(t, id, { ...CANDIDATE, email: `c${i}@example.ch` }, {}, "192.0.2.99");
        assert.equal(r.status, 200);
        await r.body?.cancel();
      }
      const sixth = await apply(t, id, { ...CANDIDATE, email: "c6@example.ch" }, {}, "192.0.2.99");
      assert.equal(sixth.status, 429);
      assert.ok(Number(sixth.headers.get("retry-after")) > 0);
      assert.match(await sixth.text(), /Trop de candidatures depuis cette adresse/);
      assert.equal(await count(), before.apps + 5);
    });

    await ctx.step("the addresses of one IPv6 /64 are one source", async () => {
      for (let i = 1; i <= 5; i++) {
        const r = await apply(t, id, { ...CANDIDATE, email: `v6-${i}@example.ch` }, {}, `2001:db8:a:b::${i}`);
        assert.equal(r.status, 200);
        await r.body?.cancel();
      }
      const sixth = await apply(
        t,
        id,
        { ...CANDIDATE, email: "v6-6@example.ch" },
        {},
        "2001:db8:a:b:1:2:3:4",
      );
      assert.equal(sixth.status, 429);
      await sixth.body?.cancel();
    });
  } finally {
    t.close();
  }
});
