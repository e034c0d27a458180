/**
 * Sign-on through a real upstream OpenID provider (`oidc-provider` started by the test on 127.0.0.1): the
 * person chooses single sign-on on the sign-in page, signs in at the provider, comes back, consents, and
 * the assistant gets its code. The identity is linked to the account by verified e-mail the first time.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Browser, hidden, offeredOn, pkce, registerClient } from "./_helpers.ts";
import { serveApp } from "./_server.ts";
import { type ProviderAccounts, startProvider, submitProviderForm } from "./_oidc_provider.ts";
import { sessions, userIdentities } from "../../src/db/schema/mod.ts";

const ACCOUNTS: ProviderAccounts = {
  "max-at-idp": { email: "max@example.ch", email_verified: true },
  "stranger": { email: "nobody@example.ch", email_verified: true },
  "unverified": { email: "erika@example.ch", email_verified: false },
};

/** Follows redirects across both servers until a URL matches `until`; submits the provider's forms. */
async function walk(
  b: Browser,
  start: Response,
  from: string,
  idpOrigin: string,
  login: string,
  until: RegExp,
) {
  let r = start;
  let url = from;
  for (let i = 0; i < 30; i++) {
    if (r.status >= 300 && r.status < 400) {
      url = new URL(r.headers.get("location")!, url).toString();
      await r.body?.cancel();
      if (until.test(url) && !url.startsWith(idpOrigin)) {
        r = await b.request(url);
        return { response: r, url };
      }
      r = await b.request(url);
      continue;
    }
    const html = await r.text();
    if (!url.startsWith(idpOrigin)) return { response: new Response(html, { status: r.status }), url };
    // The provider's development interaction pages: a login form, then a consent form.
    ({ response: r, url } = await submitProviderForm(b, html, url, login));
  }
  throw new Error("too many steps");
}

Deno.test("sign-in: single sign-on through an upstream OpenID provider, then consent", async (ctx) => {
  const idp = await startProvider(ACCOUNTS);
  const s = await serveApp({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: "hr-service",
    OIDC_CLIENT_SECRET: "hr-service-secret-0123456789",
    OIDC_DISPLAY_NAME: "Company Login",
  });
  idp.configure(`${s.origin}/oauth/signin/oidc/callback`);
  try {
    const clientId = await registerClient(fetch, s.origin);
    const start = async (b: Browser) => {
      const { challenge } = await pkce();
      const q = new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: "https://assistant.example/cb",
        code_challenge: challenge,
        code_challenge_method: "S256",
        resource: `${s.origin}/api/mcp`,
        state: "upstream",
        scope: "self:read hr:read:people",
      });
      const page = await b.follow(`/oauth/authorize?${q}`);
      const html = await page.response.text();
      assert.match(page.url, /\/oauth\/signin\?request=/);
      assert.match(html, /Sign in with Company Login/);
      const href = /href="(\/oauth\/signin\/oidc\?[^"]+)"/.exec(html)![1].replaceAll("&amp;", "&");
      return { href, requestId: hidden(html, "request") };
    };
    /** A new browser chooses single sign-on and goes through the provider as `login` until a URL matches. */
    const upstream = async (login: string, until: RegExp) => {
      const b = new Browser(fetch, s.origin);
      const { href } = await start(b);
      const leave = await b.request(href);
      const back = await walk(b, leave, `${s.origin}${href}`, idp.issuer, login, until);
      return { b, leave, back };
    };

    await ctx.step("a person with an account signs in upstream and reaches the consent page", async () => {
      const { b, leave, back } = await upstream("max-at-idp", /\/oauth\/consent/);
      assert.equal(leave.status, 302);
      const to = new URL(leave.headers.get("location")!);
      assert.equal(to.origin, idp.issuer);
      assert.equal(to.searchParams.get("code_challenge_method"), "S256");
      assert.equal(to.searchParams.get("max_age"), "600");
      assert.match(back.url, /\/oauth\/consent\?request=/);
      const html = await back.response.text();
      assert.match(html, /Signed in as max@example\.ch/);
      assert.deepEqual(offeredOn(html), ["self:read", "hr:read:people"]);
      const done = await b.postForm("/oauth/consent", [
        ["csrf", hidden(html, "csrf")],
        ["request", hidden(html, "request")],
        ["decision", "allow"],
        ["scope", "self:read"],
        ["scope", "hr:read:people"],
      ]);
      const cb = new URL(done.url);
      assert.equal(cb.origin, "https://assistant.example");
      assert.ok(cb.searchParams.get("code"));
      assert.equal(cb.searchParams.get("iss"), s.origin);
      const linked = await s.deps.db.select().from(userIdentities).where(
        eq(userIdentities.subject, "max-at-idp"),
      );
      assert.equal(linked.length, 1);
      assert.equal(linked[0].userId, s.accounts.manager.id);
      assert.equal(linked[0].issuer, idp.issuer);
      const sess = await s.deps.db.select().from(sessions).where(eq(sessions.userId, s.accounts.manager.id));
      assert.equal(sess[0].method, "oidc");
    });

    await ctx.step("an upstream identity without an account gets no access", async () => {
      const { back } = await upstream("stranger", /\/oauth\/signin\/oidc\/callback/);
      assert.equal(back.response.status, 403);
      assert.match(await back.response.text(), /no HR portal account/);
    });

    await ctx.step("an unverified upstream e-mail address is not linked", async () => {
      const { back } = await upstream("unverified", /\/oauth\/signin\/oidc\/callback/);
      assert.equal(back.response.status, 403);
      await back.response.body?.cancel();
    });

    await ctx.step("a callback without this browser's upstream state is refused (login CSRF)", async () => {
      const b = new Browser(fetch, s.origin);
      const r = await b.request("/oauth/signin/oidc/callback?code=stolen&state=x");
      assert.equal(r.status, 400);
      await r.body?.cancel();
    });
  } finally {
    await s.stop();
    await idp.stop();
  }
});
