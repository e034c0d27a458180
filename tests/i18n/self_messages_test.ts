/**
 * The self-service area's refusals reach German, French and Italian readers in their language, through the
 * real portal and the real connector: the sign-in's wrong password, throttle and lock, the portal's 404 and
 * 405 for a signed-in account, a profile change with a bad AHV number (naming its field), the body limit's
 * 413, a push token refused by the service, unknown devices, and a connector tool's refusal.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { DEMO_PASSWORD, makeTestApp, type TestApp } from "../_helpers.ts";
import { users } from "../../src/db/schema/mod.ts";
import { E2E, refusal, startMcpServer } from "../mcp/_harness.ts";

async function speaks(app: TestApp, email: string, language: "de" | "fr" | "it") {
  await app.deps.db.update(users).set({ language }).where(eq(users.email, email));
}

Deno.test("self messages: sign-in's wrong password, throttle and lock in the request's language", async () => {
  const app = await makeTestApp();
  try {
    const signIn = (password: string, lang: string) =>
      app.request("/api/v1/portal/auth/sessions", {
        method: "POST",
        json: { email: "employee@demo.example", password },
        headers: { "accept-language": lang },
      });
    const wrong = await signIn("not-the-password", "fr-CH,fr;q=0.9,en;q=0.5");
    assert.equal(wrong.status, 401);
    assert.deepEqual(await wrong.json(), {
      error: "L'adresse e-mail ou le mot de passe est erroné.",
      code: "unauthenticated",
    });
    const it = await signIn("not-the-password", "it-CH");
    assert.equal((await it.json()).error, "L'indirizzo e-mail o la password non sono corretti.");
    const de = await signIn("not-the-password", "de-CH");
    assert.equal((await de.json()).error, "E-Mail-Adresse oder Passwort ist falsch.");
    for (let i = 0; i < 2; i++) await (await signIn("not-the-password", "fr")).body?.cancel();
    // Five failures from this address: the sixth attempt waits 2 seconds (429 with Retry-After).
    const throttled = await signIn(DEMO_PASSWORD, "fr");
    assert.equal(throttled.status, 429);
    assert.equal(throttled.headers.get("retry-after"), "2");
    assert.deepEqual(await throttled.json(), {
      error: "Trop de connexions échouées depuis cet endroit. Réessayez dans 2 s.",
      code: "rate_limited",
    });
    const throttledIt = await signIn(DEMO_PASSWORD, "it");
    assert.equal((await throttledIt.json()).error, "Troppi accessi non riusciti da qui. Riprovi tra 2 s.");
    // After the wait, the right password meets the account locked by those five: it reads as a wrong one.
    app.clock.advance(3_000);
    const locked = await signIn(DEMO_PASSWORD, "it");
    assert.equal(locked.status, 401);
    assert.equal((await locked.json()).error, "L'indirizzo e-mail o la password non sono corretti.");
  } finally {
    app.close();
  }
});

Deno.test("self messages: 404 and 405 say the signed-in account's language, not the browser's", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    await speaks(app, "employee@demo.example", "it");
    const headers = { "accept-language": "de-CH" };
    const missing = await app.request("/api/v1/portal/employee/nowhere", { token, headers });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get("cache-control"), "no-store");
    assert.deepEqual(await missing.json(), {
      error: "Questo indirizzo non esiste: GET /api/v1/portal/employee/nowhere",
      code: "not_found",
    });
    const method = await app.request("/api/v1/portal/employee/summary", { method: "DELETE", token, headers });
    assert.equal(method.status, 405);
    assert.equal(method.headers.get("allow"), "GET, HEAD");
    assert.deepEqual(await method.json(), {
      error: "DELETE non è possibile qui; usi GET / HEAD.",
      code: "method_not_allowed",
    });
    // Under /api/ outside the portal too.
    const outside = await app.request("/api/v2/anything", { token, headers });
    assert.equal(outside.status, 404);
    assert.equal((await outside.json()).error, "Questo indirizzo non esiste: GET /api/v2/anything");
    // A token that is no session: the browser's language.
    const stranger = await app.request("/api/v1/portal/employee/nowhere", {
      token: "hrs_not-a-session",
      headers: { "accept-language": "fr" },
    });
    assert.equal(
      (await stranger.json()).error,
      "Cette adresse n'existe pas : GET /api/v1/portal/employee/nowhere",
    );
  } finally {
    app.close();
  }
});

Deno.test("self messages: a bad AHV number is refused in the person's language and names body.value", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const ask = () =>
      app.request("/api/v1/portal/employee/profile/change-requests", {
        method: "POST",
        token,
        json: { field: "AHV_NUMBER", value: "756.1234.5678.00" },
        headers: { "accept-language": "en" },
      });
    const texts = {
      de: "Eine AHV-Nummer sieht so aus: 756.1234.5678.97 (mit gültiger Prüfziffer).",
      fr: "Un numéro AVS se présente ainsi : 756.1234.5678.97 (avec un chiffre de contrôle valable).",
      it: "Un numero AVS si presenta così: 756.1234.5678.97 (con una cifra di controllo valida).",
    } as const;
    for (const lang of ["de", "fr", "it"] as const) {
      await speaks(app, "employee@demo.example", lang);
      const r = await ask();
      assert.equal(r.status, 400, lang);
      assert.deepEqual(await r.json(), {
        error: texts[lang],
        code: "validation",
        fields: [{ field: "body.value", message: texts[lang] }],
      });
    }
  } finally {
    app.close();
  }
});

Deno.test("self messages: the 413 of the body limit in German, the account's language or the browser's", async () => {
  const app = await makeTestApp({ env: { MAX_BODY_BYTES: "2048" } });
  try {
    const token = await app.signIn("employee@demo.example");
    const big = JSON.stringify({
      date: "2026-11-16",
      startTime: "08:00",
      endTime: "09:00",
      note: "x".repeat(3000),
    });
    const signedIn = await app.request("/api/v1/portal/employee/time-entries", {
      method: "POST",
      token,
      body: big,
      headers: { "content-type": "application/json", "accept-language": "fr" },
    });
    assert.equal(signedIn.status, 413);
    assert.deepEqual(await signedIn.json(), {
      error: "Der Inhalt der Anfrage ist grösser als 2048 Bytes.",
      code: "payload_too_large",
    });
    const before = await app.request("/api/v1/portal/auth/sessions", {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json", "accept-language": "de-CH,de;q=0.9" },
    });
    assert.equal(before.status, 413);
    assert.equal((await before.json()).error, "Der Inhalt der Anfrage ist grösser als 2048 Bytes.");
    const italian = await app.request("/api/v1/portal/auth/sessions", {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json", "accept-language": "it" },
    });
    assert.equal((await italian.json()).error, "Il contenuto della richiesta supera i 2048 byte.");
  } finally {
    app.close();
  }
});

Deno.test("self messages: a push token refused by the service names its field; unknown devices in French and Italian", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    await speaks(app, "employee@demo.example", "fr");
    const push = await app.request("/api/v1/portal/employee/push-devices", {
      method: "POST",
      token,
      json: { platform: "FCM", token: "not a push token, with spaces" },
    });
    assert.equal(push.status, 400);
    const text =
      "Ce n'est pas un jeton push tel que la plateforme le donne à l'application (16 à 4096 caractères).";
    assert.deepEqual(await push.json(), {
      error: text,
      code: "validation",
      fields: [{ field: "body.token", message: text }],
    });
    const gone = await app.request("/api/v1/portal/employee/push-devices/nope", { method: "DELETE", token });
    assert.equal(gone.status, 404);
    assert.equal((await gone.json()).error, "Vous n'avez aucun appareil enregistré avec cet identifiant.");
    await speaks(app, "employee@demo.example", "it");
    const device = await app.request("/api/v1/portal/auth/sessions/nope", { method: "DELETE", token });
    assert.equal(device.status, 404);
    assert.equal(
      (await device.json()).error,
      "Non ha nessun dispositivo connesso con questo identificativo.",
    );
  } finally {
    app.close();
  }
});

Deno.test({
  name: "self messages: a connector tool's refusal reaches a French-speaking person in French",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      // The demo HR account reads French.
      const c = await s.client((await s.grant("hr")).token);
      const r = await c.callTool({
        name: "prepare_leave_decision",
        arguments: { leave_request_id: "any", decision: "APPROVE", rejection_note: "Non." },
      });
      assert.equal(refusal(r), "Une rejection_note ne va qu'avec decision REJECT.");
      const commit = await c.callTool({
        name: "commit_leave_decision",
        arguments: { previewId: "pv_aaaaaaaaaaaaaaaaaaaaaaaa" },
      });
      assert.equal(
        refusal(commit),
        "Cette previewId est inconnue de cette connexion. Appelez à nouveau l'outil prepare_* correspondant " +
          "et confirmez la nouvelle previewId.",
      );
      // An argument of the wrong type, and a prompt the role may not use, in French too.
      const typed = await c.callTool({
        name: "prepare_leave_decision",
        arguments: { leave_request_id: 7, decision: "APPROVE" },
      });
      assert.equal(
        refusal(typed),
        "Argument 'leave_request_id' non valable : attendu un texte, pas un nombre.",
      );
      const recruiter = await s.client((await s.grant("recruiter")).token);
      await assert.rejects(
        () => recruiter.getPrompt({ name: "weekly_hr_briefing", arguments: {} }),
        (e: Error) =>
          e.message.includes(
            "Le modèle 'weekly_hr_briefing' est réservé au personnel RH et au-dessus ; le rôle de la personne " +
              "(recruiter) ne permet pas de l'utiliser.",
          ),
      );
    } finally {
      await s.close();
    }
  },
});
