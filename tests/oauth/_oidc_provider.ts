/**
 * A real upstream OpenID provider (`oidc-provider`) on 127.0.0.1 for the sign-on tests, and the step a
 * browser takes on its development login and consent pages.
 */
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import type { Browser } from "./_helpers.ts";

/** The provider's accounts: login name → the e-mail claims it releases. */
export type ProviderAccounts = Record<string, { email: string; email_verified: boolean }>;

/** Starts the provider; `configure` registers the service as its client once the service's origin is known. */
export async function startProvider(accounts: ProviderAccounts) {
  // deno-lint-ignore no-explicit-any
  let handler: (req: any, res: any) => void = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    configure(redirectUri: string) {
      const provider = new Provider(issuer, {
        clients: [{
          client_id: "hr-service",
          client_secret: "hr-service-secret-0123456789",
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: "client_secret_basic",
        }],
        claims: { openid: ["sub"], email: ["email", "email_verified"] },
        findAccount: (_ctx: unknown, id: string) =>
          accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined,
        cookies: { keys: ["test-cookie-key"] },
        features: { devInteractions: { enabled: true } },
      });
      handler = provider.callback();
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Submits the form on one of the provider's development pages (the login form with `login`, or the consent
 * form) as a browser would; returns the answer and its URL.
 */
export async function submitProviderForm(b: Browser, html: string, url: string, login: string) {
  const action = /action="([^"]+)"/.exec(html)?.[1];
  assert.ok(action, `no form on ${url}: ${html.slice(0, 300)}`);
  const fields: [string, string][] = [
    ...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g),
  ].map((m) => [m[1], m[2]]);
  if (/name="login"/.test(html)) fields.push(["login", login], ["password", "anything"]);
  const next = new URL(action, url).toString();
  const response = await b.request(next, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { response, url: next };
}
