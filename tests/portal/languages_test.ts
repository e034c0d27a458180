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
