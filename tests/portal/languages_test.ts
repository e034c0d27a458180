/**
 * The portal's own refusals in the caller's language: the account's once signed in, the request's
 * Accept-Language before, German when nothing says otherwise (the contract's fallback).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { users } from "../../src/db/schema/mod.ts";
import { addAccount } from "../_people.ts";

Deno.test("portal languages: refusals follow the account's language, then Accept-Language, then German", async (t) => {
  const app = await makeTestApp({ env: { PORTAL_REQUESTS_PER_MINUTE: "10" } });
  try {
    await t.step("before sign-in: Accept-Language it-CH gives Italian, none gives German", async () => {
      const it = await app.request("/api/v1/portal/auth/session", {
        headers: { "accept-language": "it-CH" },
      });
      assert.equal(it.status, 401);
      assert.equal((await it.json()).error, "Acceda prima: invii Authorization: Bearer <token di sessione>.");
      const de = await app.request("/api/v1/portal/auth/session");
      assert.equal(
        (await de.json()).error,
        "Bitte zuerst anmelden: Senden Sie Authorization: Bearer <Sitzungs-Token>.",
      );
      const fr = await app.request("/api/v1/portal/nowhere", { headers: { "accept-language": "fr-CH" } });
      assert.equal(fr.status, 404);
      assert.equal((await fr.json()).error, "Cette adresse n'existe pas : GET /api/v1/portal/nowhere");
    });

    await t.step("signed in: the account's language wins over the browser's", async () => {
      const token = await app.signIn("employee@demo.example");
      const [u] = await app.deps.db.select().from(users).where(eq(users.email, "employee@demo.example"));
      await app.deps.db.update(users).set({ language: "it" }).where(eq(users.id, u.id));
      const r = await app.request("/api/v1/portal/employee/time-entries", {
        method: "POST",
        token,
        body: "{nope",
        headers: { "content-type": "application/json", "accept-language": "en" },
      });
      assert.equal(r.status, 400);
      assert.equal((await r.json()).error, "Il contenuto della richiesta non è JSON valido.");
      const media = await app.request("/api/v1/portal/employee/time-entries", {
        method: "POST",
        token,
        body: "date=2026-11-02",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      assert.equal(media.status, 415);
      assert.equal(
        (await media.json()).error,
        "Invii il contenuto come JSON con Content-Type: application/json.",
      );
      let last: Response | undefined;
      for (let i = 0; i < 12; i++) {
        await last?.body?.cancel();
        last = await app.request("/api/v1/portal/employee/summary", { token });
      }
      assert.equal(last!.status, 429);
      assert.match(
        (await last!.json()).error,
        /^Troppe richieste: al massimo 10 al minuto\. Riprovi tra \d+ s\.$/,
      );
    });

    await t.step("an account without an employee record, in French", async () => {
      const fr = await addAccount(app, null, { language: "fr", email: "sans.dossier@example.ch" });
      const token = await app.signIn(fr.email);
      const r = await app.request("/api/v1/portal/employee/summary", { token });
      assert.equal(r.status, 404);
      assert.equal((await r.json()).error, "Aucun dossier du personnel n'est lié à ce compte.");
    });
  } finally {
    app.close();
  }
});

Deno.test("portal languages: an invalid body is explained field by field in the caller's language", async (t) => {
  const app = await makeTestApp();
  try {
    // Before sign-in: the sign-in body without its password, an unknown field and a number for the e-mail.
    const signIn = (lang: string) =>
      app.request("/api/v1/portal/auth/sessions", {
        method: "POST",
        json: { email: 42, extra: true },
        headers: { "accept-language": lang },
      });
    const expected: Record<string, string[]> = {
      "de-CH": [
        "Unbekanntes Feld 'extra' im Inhalt.",
        "Ungültiges Feld 'email': erwartet Text, nicht Zahl.",
        "Das Feld 'password' fehlt.",
      ],
      "fr-CH": [
        "Champ inconnu 'extra' dans le contenu.",
        "Champ 'email' non valable : attendu un texte, pas un nombre.",
        "Le champ 'password' manque.",
      ],
      "it-CH": [
        "Campo sconosciuto 'extra' nel contenuto.",
        "Campo 'email' non valido: atteso un testo, non un numero.",
        "Manca il campo 'password'.",
      ],
      "en": [
        "Unknown field 'extra' in the body.",
        "Invalid field 'email': must be a string, not a number.",
        "Field 'password' is required.",
      ],
    };
    for (const [lang, sentences] of Object.entries(expected)) {
      await t.step(lang, async () => {
        const r = await signIn(lang);
        assert.equal(r.status, 400);
        const b = await r.json();
        assert.equal(b.code, "validation");
        assert.deepEqual(
          b.fields.map((f: { message: string }) => f.message).sort(),
          [...sentences].sort(),
        );
        assert.ok(sentences.includes(b.error), "the contract's message is one of the fields'");
      });
    }
    await t.step(
      "zod's own wording (a length) follows the language too, and so does a rule's own wording",
      async () => {
        const token = await app.signIn("employee@demo.example");
        const long = await app.request(`/api/v1/portal/employee/leave/requests?leaveType=${"X".repeat(41)}`, {
          token,
        });
        assert.equal(long.status, 400);
        assert.match(
          (await long.json()).error,
          /^Ungültiges Feld 'leaveType': darf höchstens 40 Zeichen lang sein$/,
        );
        const r = await app.request("/api/v1/portal/employee/time-entries", {
          method: "POST",
          token,
          json: { date: "2026-11-02", startTime: "08:00", endTime: "09:00", description: "x".repeat(2001) },
        });
        assert.equal(r.status, 400);
        const b = await r.json();
        const description = b.fields.find((f: { field: string }) => f.field === "body.description");
        assert.equal(
          description.message,
          "Ungültiges Feld 'description': darf höchstens 2000 Zeichen lang sein",
        );
      },
    );
  } finally {
    app.close();
  }
});
