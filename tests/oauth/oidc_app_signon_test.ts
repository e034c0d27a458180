/**
 * A native app's sign-in through a real upstream OpenID provider (`oidc-provider` on 127.0.0.1): the app
 * opens `/api/v1/portal/auth/oidc/start` in the system browser with its registered redirect URI and a PKCE
 * challenge, the person signs in at the provider, the browser lands on the app's redirect URI with a
 * one-time code, and the app exchanges it for a portal session token. Every refusal is here too.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Browser, pkce } from "./_helpers.ts";
import { serveApp } from "./_server.ts";
import { type ProviderAccounts, startProvider, submitProviderForm } from "./_oidc_provider.ts";
import { appSignInCodes, sessions } from "../../src/db/schema/mod.ts";
import { appRedirectProblem, ConfigError, loadConfig } from "../../src/config.ts";
import { sha256Hex } from "../../src/crypto.ts";

const APP_REDIRECT = "ch.example.hr:/signin";
const CLAIMED_REDIRECT = "https://app.example.ch/signin";

const ACCOUNTS: ProviderAccounts = {
  "max-at-idp": { email: "max@example.ch", email_verified: true },
  "stranger": { email: "nobody@example.ch", email_verified: true },
};

/**
 * Plays the system browser: follows redirects across the service and the provider, submits the provider's
 * login and consent forms, and stops at the first redirect to the app (which a browser hands to the app).
 */
async function browseToApp(b: Browser, startUrl: string, login: string, appPrefix: string): Promise<URL> {
  let url = startUrl;
  let r = await b.request(url);
  for (let i = 0; i < 30; i++) {
    if (r.status >= 300 && r.status < 400) {
      url = new URL(r.headers.get("location")!, url).toString();
      await r.body?.cancel();
      if (url.startsWith(appPrefix)) return new URL(url);
      r = await b.request(url);
      continue;
    }
    ({ response: r, url } = await submitProviderForm(b, await r.text(), url, login));
  }
  throw new Error("too many steps");
}

Deno.test("app sign-on: authorization code with PKCE through the upstream provider, ending in a portal session", async (ctx) => {
  const idp = await startProvider(ACCOUNTS);
  const s = await serveApp({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: "hr-service",
    OIDC_CLIENT_SECRET: "hr-service-secret-0123456789",
    APP_REDIRECT_URIS: `${APP_REDIRECT}, ${CLAIMED_REDIRECT}`,
  });
  idp.configure(`${s.origin}/oauth/signin/oidc/callback`);
  const startUrl = (q: Record<string, string>) =>
    `${s.origin}/api/v1/portal/auth/oidc/start?${new URLSearchParams(q)}`;
  const exchange = (body: Record<string, unknown>, lang = "en") =>
    fetch(`${s.origin}/api/v1/portal/auth/oidc/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": lang },
      body: JSON.stringify(body),
    });
  /** One whole sign-in in a fresh browser: the app's redirect with its code, and the verifier. */
  const signIn = async (login = "max-at-idp", redirectUri = APP_REDIRECT, acceptLanguage = "en") => {
    const { verifier, challenge } = await pkce();
    const b = new Browser(fetch, s.origin, acceptLanguage);
    const to = await browseToApp(
      b,
      startUrl({
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: "S256",
        state: "app-state-1",
      }),
      login,
      redirectUri,
    );
    return { to, verifier };
  };
  const refusal = async (r: Response, status: number) => {
    assert.equal(r.status, status);
    assert.equal(r.headers.get("cache-control"), "no-store");
    return await r.json() as { error: string; code: string; fields?: { field: string }[] };
  };
  try {
    await ctx.step(
      "the start sends the system browser to the provider with the service's own PKCE",
      async () => {
        const { challenge } = await pkce();
        const r = await fetch(
          startUrl({ redirect_uri: APP_REDIRECT, code_challenge: challenge, code_challenge_method: "S256" }),
          { redirect: "manual" },
        );
        assert.equal(r.status, 302);
        assert.equal(r.headers.get("cache-control"), "no-store");
        const to = new URL(r.headers.get("location")!);
        assert.equal(to.origin, idp.issuer);
        assert.equal(to.searchParams.get("redirect_uri"), `${s.origin}/oauth/signin/oidc/callback`);
        assert.equal(to.searchParams.get("code_challenge_method"), "S256");
        // The app's challenge stays with the service; the provider sees the service's own.
        assert.notEqual(to.searchParams.get("code_challenge"), challenge);
        assert.match(r.headers.get("set-cookie") ?? "", /hr_oidc=.*Path=\/oauth\/signin\/oidc/i);
        await r.body?.cancel();
      },
    );

    await ctx.step(
      "signed in at the provider, the app gets a code and exchanges it for a session",
      async () => {
        const { to, verifier } = await signIn();
        assert.equal(`${to.protocol}${to.pathname}`, APP_REDIRECT);
        assert.equal(to.searchParams.get("state"), "app-state-1");
        assert.equal(to.searchParams.get("iss"), s.origin);
        const code = to.searchParams.get("code")!;
        assert.ok(code);
        const r = await exchange({
          code,
          codeVerifier: verifier,
          redirectUri: APP_REDIRECT,
          deviceName: "Max's Pixel",
        });
        assert.equal(r.status, 201);
        assert.equal(r.headers.get("cache-control"), "no-store");
        const body = await r.json();
        assert.equal(body.data.user.email, "max@example.ch");
        assert.equal(body.data.user.id, s.accounts.manager.id);
        const me = await fetch(`${s.origin}/api/v1/portal/auth/session`, {
          headers: { Authorization: `Bearer ${body.data.token}` },
        });
        assert.equal(me.status, 200);
        const session = (await me.json()).data.session;
        assert.equal(session.method, "oidc");
        assert.equal(session.deviceName, "Max's Pixel");
        // Only the code's hash is stored.
        const rows = await s.deps.db.select().from(appSignInCodes).where(
          eq(appSignInCodes.codeHash, await sha256Hex(code)),
        );
        assert.equal(rows.length, 1);
        assert.equal(rows[0].sessionId, session.id);
      },
    );

    await ctx.step("a claimed https redirect works the same way", async () => {
      const { to, verifier } = await signIn("max-at-idp", CLAIMED_REDIRECT);
      assert.equal(`${to.origin}${to.pathname}`, CLAIMED_REDIRECT);
      const r = await exchange({
        code: to.searchParams.get("code")!,
        codeVerifier: verifier,
        redirectUri: CLAIMED_REDIRECT,
      });
      assert.equal(r.status, 201);
      await r.body?.cancel();
    });

    await ctx.step(
      "refused: a redirect URI that is not registered, answered as JSON, never redirected",
      async () => {
        const { challenge } = await pkce();
        for (
          const uri of ["com.evil.app:/steal", "https://app.example.ch/signin/other", `${APP_REDIRECT}x`]
        ) {
          const r = await fetch(
            startUrl({ redirect_uri: uri, code_challenge: challenge, code_challenge_method: "S256" }),
            { redirect: "manual" },
          );
          const e = await refusal(r, 400);
          assert.equal(r.headers.get("location"), null);
          assert.equal(e.code, "validation");
          assert.deepEqual(e.fields?.map((f) => f.field), ["query.redirect_uri"]);
        }
      },
    );

    await ctx.step("refused: plain PKCE, no PKCE, or a challenge that is not S256's", async () => {
      const { verifier, challenge } = await pkce();
      for (
        const [q, field] of [
          [{ code_challenge: verifier, code_challenge_method: "plain" }, "query.code_challenge_method"],
          [{ code_challenge: challenge }, "query.code_challenge_method"],
          [{ code_challenge_method: "S256" }, "query.code_challenge"],
          [{ code_challenge: "short", code_challenge_method: "S256" }, "query.code_challenge"],
        ] as const
      ) {
        const r = await fetch(startUrl({ redirect_uri: APP_REDIRECT, ...q }), { redirect: "manual" });
        const e = await refusal(r, 400);
        assert.equal(e.code, "validation");
        assert.ok(e.fields?.some((f) => f.field === field), JSON.stringify(e));
      }
    });

    await ctx.step(
      "refused: a used code, and its second use ends the session the first one made",
      async () => {
        const { to, verifier } = await signIn();
        const code = to.searchParams.get("code")!;
        const first = await exchange({ code, codeVerifier: verifier, redirectUri: APP_REDIRECT });
        assert.equal(first.status, 201);
        const token = (await first.json()).data.token;
        const again = await exchange({ code, codeVerifier: verifier, redirectUri: APP_REDIRECT }, "de");
        const e = await refusal(again, 400);
        assert.equal(e.code, "bad_request");
        assert.deepEqual(e.fields?.map((f) => f.field), ["body.code"]);
        assert.match(e.error, /Code ist unbekannt/);
        const me = await fetch(`${s.origin}/api/v1/portal/auth/session`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        assert.equal(me.status, 401);
        await me.body?.cancel();
      },
    );

    await ctx.step("refused: a wrong verifier, and the code is spent by that attempt", async () => {
      const { to, verifier } = await signIn();
      const code = to.searchParams.get("code")!;
      const other = await pkce();
      const wrong = await exchange({ code, codeVerifier: other.verifier, redirectUri: APP_REDIRECT });
      assert.equal((await refusal(wrong, 400)).code, "bad_request");
      const right = await exchange({ code, codeVerifier: verifier, redirectUri: APP_REDIRECT });
      await refusal(right, 400);
    });

    await ctx.step(
      "refused: the code sent with another registered redirect URI than it was issued for",
      async () => {
        const { to, verifier } = await signIn();
        const r = await exchange({
          code: to.searchParams.get("code")!,
          codeVerifier: verifier,
          redirectUri: CLAIMED_REDIRECT,
        });
        await refusal(r, 400);
      },
    );

    await ctx.step("refused: a code older than 60 seconds", async () => {
      const { to, verifier } = await signIn();
      const before = await s.deps.db.select().from(sessions);
      s.clock.advance(60_000);
      const r = await exchange({
        code: to.searchParams.get("code")!,
        codeVerifier: verifier,
        redirectUri: APP_REDIRECT,
      });
      await refusal(r, 400);
      assert.equal((await s.deps.db.select().from(sessions)).length, before.length);
    });

    await ctx.step("refused: an unknown code and a malformed verifier", async () => {
      const { verifier } = await pkce();
      await refusal(
        await exchange({ code: "hac_made-up", codeVerifier: verifier, redirectUri: APP_REDIRECT }),
        400,
      );
      const e = await refusal(
        await exchange({ code: "hac_made-up", codeVerifier: "short", redirectUri: APP_REDIRECT }),
        400,
      );
      assert.deepEqual(e.fields?.map((f) => f.field), ["body.codeVerifier"]);
    });

    await ctx.step(
      "an upstream identity without an account goes back to the app with access_denied",
      async () => {
        const { to } = await signIn("stranger");
        assert.equal(to.searchParams.get("error"), "access_denied");
        assert.equal(to.searchParams.get("state"), "app-state-1");
        assert.equal(to.searchParams.get("code"), null);
      },
    );

    await ctx.step("access_denied's error_description is in the browser's language (fr-CH)", async () => {
      const { to } = await signIn("stranger", APP_REDIRECT, "fr-CH,fr;q=0.9");
      assert.equal(to.searchParams.get("error"), "access_denied");
      assert.equal(
        to.searchParams.get("error_description"),
        "Aucun compte du portail RH ne correspond à cette connexion. Veuillez contacter votre équipe RH.",
      );
    });
  } finally {
    await s.stop();
    await idp.stop();
  }
});

Deno.test("app sign-on: an installation without an identity provider answers 404", async () => {
  const s = await serveApp({ APP_REDIRECT_URIS: APP_REDIRECT });
  try {
    const { challenge } = await pkce();
    const r = await fetch(
      `${s.origin}/api/v1/portal/auth/oidc/start?${new URLSearchParams({
        redirect_uri: APP_REDIRECT,
        code_challenge: challenge,
        code_challenge_method: "S256",
      })}`,
      { redirect: "manual" },
    );
    assert.equal(r.status, 404);
    assert.equal((await r.json()).code, "not_found");
  } finally {
    await s.stop();
  }
});

Deno.test("app sign-on: APP_REDIRECT_URIS takes claimed https URLs and private-use schemes only", () => {
  assert.equal(appRedirectProblem("ch.example.hr:/signin"), null);
  assert.equal(appRedirectProblem("https://app.example.ch/signin"), null);
  assert.ok(appRedirectProblem("http://app.example.ch/signin"));
  assert.ok(appRedirectProblem("myapp:/signin"), "a scheme without a dot may be any app's");
  assert.ok(appRedirectProblem("https://app.example.ch/signin#x"));
  assert.ok(appRedirectProblem("not a url"));
  assert.deepEqual(
    loadConfig({ APP_REDIRECT_URIS: "ch.example.hr:/signin,https://app.example.ch/cb" }).appRedirectUris,
    ["ch.example.hr:/signin", "https://app.example.ch/cb"],
  );
  assert.deepEqual(loadConfig({}).appRedirectUris, []);
  assert.throws(
    () => loadConfig({ APP_REDIRECT_URIS: "http://app.example.ch/cb" }),
    (e) => e instanceof ConfigError && /APP_REDIRECT_URIS/.test(e.message),
  );
});
