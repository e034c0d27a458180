/**
 * The sign-in, consent, error and connected-assistants pages in Italian: before sign-in from the browser's
 * Accept-Language, after sign-in from the person's own language.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "../../src/db/schema/mod.ts";
import {
  appBrowser,
  fetcher,
  hidden,
  ISSUER,
  makeOAuthApp,
  PASSWORD,
  pkce,
  registerClient,
  RESOURCE,
} from "./_helpers.ts";

function authorizeUrl(clientId: string, challenge: string, over: Record<string, string> = {}): string {
  return "/oauth/authorize?" + new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: "https://assistant.example/cb",
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: RESOURCE,
    state: "s-1",
    scope: "self:read self:write",
    ...over,
  });
}

Deno.test("italian: Accept-Language it-CH gives the sign-in page, its refusals and the error page in Italian", async () => {
  const t = await makeOAuthApp();
  try {
    const clientId = await registerClient(fetcher(t), ISSUER);
    const b = appBrowser(t, ISSUER, "it-CH,it;q=0.9,de;q=0.8");
    const { challenge } = await pkce();
    const start = await b.follow(authorizeUrl(clientId, challenge));
    const html = await start.response.text();
    assert.equal(start.response.status, 200);
    assert.match(html, /<html lang="it">/);
    assert.match(html, /«Test Assistant» desidera collegarsi al suo account\. Acceda per continuare\./);
    assert.match(html, /Indirizzo e-mail/);

    const wrong = await b.postForm("/oauth/signin", [
      ["csrf", hidden(html, "csrf")],
      ["request", hidden(html, "request")],
      ["email", "erika@example.ch"],
      ["password", "wrong"],
    ]);
    assert.equal(wrong.response.status, 401);
    const wrongHtml = await wrong.response.text();
    assert.match(wrongHtml, /Si è verificato un problema/);
    assert.match(
      wrongHtml,
      /L&#39;indirizzo e-mail o la password non sono corretti\./,
    );

    const unknown = await t.request(authorizeUrl("no-such-client", challenge), {
      headers: { "Accept-Language": "it-CH" },
    });
    assert.equal(unknown.status, 400);
    const unknownHtml = await unknown.text();
    assert.match(unknownHtml, /Questa richiesta non può essere elaborata/);
    assert.match(unknownHtml, /non è registrato qui/);

    // A language the service does not speak gets German.
    const other = await t.request(authorizeUrl("no-such-client", challenge), {
      headers: { "Accept-Language": "rm-CH" },
    });
    assert.match(await other.text(), /Diese Anfrage kann nicht bearbeitet werden/);
  } finally {
    t.close();
  }
});

Deno.test("italian: a person whose language is it gets the consent and connected-assistants pages in Italian", async () => {
  const t = await makeOAuthApp();
  try {
    await t.deps.db.update(users).set({ language: "it" }).where(eq(users.email, "erika@example.ch"));
    const clientId = await registerClient(fetcher(t), ISSUER);
    // The browser asks for English; once signed in, the person's own language wins.
    const b = appBrowser(t, ISSUER, "en");
    const { challenge } = await pkce();
    const start = await b.follow(authorizeUrl(clientId, challenge));
    const signin = await start.response.text();
    assert.match(signin, /<html lang="en">/);
    const consent = await b.postForm("/oauth/signin", [
      ["csrf", hidden(signin, "csrf")],
      ["request", hidden(signin, "request")],
      ["email", "erika@example.ch"],
      ["password", PASSWORD],
    ]);
    assert.match(consent.url, /\/oauth\/consent/);
    const html = await consent.response.text();
    assert.match(html, /<html lang="it">/);
    assert.match(html, /Consentire a «Test Assistant» di accedere al suo account\?/);
    assert.match(html, /Leggere i suoi dati: saldo e richieste di vacanze/);
    assert.match(html, />Consentire</);
    assert.match(html, />Rifiutare</);

    // Allowing nothing is refused, in Italian, and grants nothing.
    const none = await b.postForm("/oauth/consent", [
      ["csrf", hidden(html, "csrf")],
      ["request", hidden(html, "request")],
      ["decision", "allow"],
    ]);
    const noneHtml = await none.response.text();
    assert.match(noneHtml, /Scelga almeno un diritto oppure rifiuti\./);
    assert.match(noneHtml, /<html lang="it">/);

    const allowed = await b.postForm("/oauth/consent", [
      ["csrf", hidden(noneHtml, "csrf")],
      ["request", hidden(noneHtml, "request")],
      ["decision", "allow"],
      ["scope", "self:read"],
    ]);
    assert.match(allowed.url, /^https:\/\/assistant\.example\/cb\?code=/);

    const page = await b.follow("/account/assistants");
    const list = await page.response.text();
    assert.equal(page.response.status, 200);
    assert.match(list, /Assistenti collegati/);
    assert.match(list, /Scollegare/);

    const forged = await b.postForm("/account/assistants/revoke", [
      ["csrf", "forged"],
      ["connection", hidden(list, "connection")],
    ]);
    assert.equal(forged.response.status, 403);
    assert.equal(await forged.response.text(), "Questo modulo è scaduto. Ricarichi la pagina.");

    const gone = await b.postForm("/account/assistants/revoke", [
      ["csrf", hidden(list, "csrf")],
      ["connection", "00000000-0000-4000-8000-000000000000"],
    ]);
    assert.match(await gone.response.text(), /Questo collegamento non esiste più\./);
  } finally {
    t.close();
  }
});
