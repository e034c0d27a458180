/**
 * Test support for the authorization server: an app with the connector on and a handful of accounts, a
 * tiny browser (cookie jar, manual redirects) that walks the sign-in and consent pages, and PKCE helpers.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { addAccount, addEmployee } from "../_people.ts";
import { base64url, sha256B64url } from "../../src/crypto.ts";

export const PASSWORD = "correct-horse-battery";
export const ISSUER = "https://hr.example.ch";
export const RESOURCE = `${ISSUER}/api/mcp`;

/** The accounts every OAuth test app has, by role. */
export interface Accounts {
  employee: { id: string; email: string };
  manager: { id: string; email: string };
  recruiter: { id: string; email: string };
  admin: { id: string; email: string };
  /** An account with no employee record (an external admin-like helper with role employee). */
  noRecord: { id: string; email: string };
  french: { id: string; email: string };
}

/** Inserts the accounts through the tests' one factory of people. */
export async function seedAccounts(t: TestApp): Promise<Accounts> {
  const mk = async (
    email: string,
    role: string,
    withRecord: boolean,
    language: "de" | "en" | "fr" = "en",
  ): Promise<{ id: string; email: string }> => {
    const employeeId = withRecord
      ? await addEmployee(t, { firstName: email.split("@")[0], managerId: null })
      : null;
    const a = await addAccount(t, employeeId, { email, role, language, password: PASSWORD });
    return { id: a.userId, email };
  };
  return {
    employee: await mk("erika@example.ch", "employee", true),
    manager: await mk("max@example.ch", "manager", true),
    recruiter: await mk("rita@example.ch", "recruiter", true),
    admin: await mk("ada@example.ch", "admin", true),
    noRecord: await mk("norecord@example.ch", "employee", false),
    french: await mk("francoise@example.ch", "employee", true, "fr"),
  };
}

/** A test app with the connector on at `issuer`, plus accounts. */
export async function makeOAuthApp(opts: { issuer?: string; env?: Record<string, string> } = {}) {
  const t = await makeTestApp({
    demo: false,
    env: { FEATURE_MCP_CONNECTOR: "true", MCP_ISSUER_URL: opts.issuer ?? ISSUER, ...opts.env },
  });
  const accounts = await seedAccounts(t);
  return Object.assign(t, { accounts });
}

/** A fresh PKCE pair (RFC 7636). */
export async function pkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { verifier, challenge: await sha256B64url(verifier) };
}

/** A cookie jar and manual redirects over `fetch`-like calls (the app in-process, or a real server). */
export class Browser {
  cookies = new Map<string, string>();
  constructor(
    readonly fetcher: (url: string, init: RequestInit) => Promise<Response>,
    readonly origin: string,
    readonly acceptLanguage = "en",
  ) {}

  #store(r: Response) {
    for (const line of r.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    headers.set("Accept-Language", this.acceptLanguage);
    const full = url.startsWith("http") ? url : this.origin + url;
    const r = await this.fetcher(full, { ...init, headers, redirect: "manual" });
    this.#store(r);
    return r;
  }

  /** GET, following redirects within the server's origin; stops at the first one leaving it. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let r = await this.request(url, init);
    let current = url.startsWith("http") ? url : this.origin + url;
    for (let i = 0; i < 10 && r.status >= 300 && r.status < 400; i++) {
      const loc = new URL(r.headers.get("location")!, current).toString();
      if (!loc.startsWith(this.origin)) return { response: r, url: loc };
      await r.body?.cancel();
      current = loc;
      r = await this.request(loc);
    }
    return { response: r, url: current };
  }

  /** POSTs a form and follows redirects like `follow`. */
  postForm(url: string, fields: [string, string][]): Promise<{ response: Response; url: string }> {
    return this.follow(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

/** Reads the value of a hidden input from a page. */
export function hidden(html: string, name: string): string {
  const m = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no hidden input ${name} in page:\n${html.slice(0, 2000)}`);
  return m[1];
}

/** The scopes a consent page offers (checkbox values). */
export function offeredOn(html: string): string[] {
  return [...html.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1]);
}

/** A browser on the in-process app. */
export function appBrowser(t: TestApp, origin = ISSUER, lang = "en"): Browser {
  return new Browser((url, init) => Promise.resolve(t.app.request(url, init)), origin, lang);
}

/** Registers a public client through the endpoint; returns its id. */
export async function registerClient(
  fetcher: (url: string, init: RequestInit) => Promise<Response>,
  origin: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const r = await fetcher(`${origin}/api/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: "Test Assistant",
      redirect_uris: ["https://assistant.example/cb"],
      ...body,
    }),
  });
  if (r.status !== 201) throw new Error(`registration failed: ${r.status} ${await r.text()}`);
  return (await r.json()).client_id;
}

/**
 * Walks a whole authorization in the given browser: authorize → sign-in (if needed) → consent → allow.
 * Returns the final redirect URL to the client (with code, state, iss) or the page where it stopped.
 */
export async function authorize(
  b: Browser,
  p: {
    clientId: string;
    redirectUri?: string;
    challenge: string;
    scope?: string;
    state?: string;
    resource?: string;
    email?: string;
    password?: string;
    decision?: "allow" | "deny";
    choose?: string[];
    extra?: Record<string, string>;
  },
): Promise<{ url: string; response: Response; html?: string }> {
  const q = new URLSearchParams({
    response_type: "code",
    client_id: p.clientId,
    redirect_uri: p.redirectUri ?? "https://assistant.example/cb",
    code_challenge: p.challenge,
    code_challenge_method: "S256",
    resource: p.resource ?? RESOURCE,
    state: p.state ?? "st-123",
    ...(p.scope !== undefined ? { scope: p.scope } : {}),
    ...p.extra,
  });
  let { response, url } = await b.follow(`/oauth/authorize?${q}`);
  if (!url.startsWith(b.origin)) return { url, response };
  let html = await response.text();
  if (url.includes("/oauth/signin")) {
    ({ response, url } = await b.postForm("/oauth/signin", [
      ["csrf", hidden(html, "csrf")],
      ["request", hidden(html, "request")],
      ["email", p.email ?? "erika@example.ch"],
      ["password", p.password ?? PASSWORD],
    ]));
    if (!url.startsWith(b.origin)) return { url, response };
    html = await response.text();
  }
  if (!url.includes("/oauth/consent")) return { url, response, html };
  const fields: [string, string][] = [
    ["csrf", hidden(html, "csrf")],
    ["request", hidden(html, "request")],
    ["decision", p.decision ?? "allow"],
  ];
  for (const s of p.choose ?? offeredOn(html)) fields.push(["scope", s]);
  ({ response, url } = await b.postForm("/oauth/consent", fields));
  return { url, response, html: url.startsWith(b.origin) ? await response.text() : undefined };
}

/** POSTs a form to the token (or revocation) endpoint. */
export function tokenRequest(
  fetcher: (url: string, init: RequestInit) => Promise<Response>,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetcher(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

type App = Awaited<ReturnType<typeof makeOAuthApp>>;
const TOKEN = `${ISSUER}/api/oauth/token`;
const CB = "https://assistant.example/cb";

/** The in-process app as a fetch function. */
export function fetcher(t: App) {
  return (url: string, init: RequestInit) => Promise.resolve(t.app.request(url, init));
}

/** Registers a client, authorizes as `email`, and returns the code and everything needed to exchange it. */
export async function getCode(
  t: App,
  o: { scope?: string; email?: string; clientId?: string; browser?: Browser; choose?: string[] } = {},
) {
  const clientId = o.clientId ?? await registerClient(fetcher(t), ISSUER);
  const b = o.browser ?? appBrowser(t);
  const { verifier, challenge } = await pkce();
  const r = await authorize(b, {
    clientId,
    challenge,
    scope: o.scope ?? "self:read self:write",
    email: o.email,
    choose: o.choose,
  });
  assert.ok(
    r.url.startsWith(CB),
    `expected a redirect to the client, got ${r.url}\n${r.html?.slice(0, 500)}`,
  );
  return { clientId, verifier, code: new URL(r.url).searchParams.get("code")!, browser: b };
}

/** The authorization-code grant at the token endpoint. */
export async function exchange(
  t: App,
  p: { clientId: string; code: string; verifier: string },
  extra: Record<string, string> = {},
) {
  const r = await tokenRequest(fetcher(t), TOKEN, {
    grant_type: "authorization_code",
    code: p.code,
    redirect_uri: CB,
    code_verifier: p.verifier,
    client_id: p.clientId,
    resource: RESOURCE,
    ...extra,
  });
  return { status: r.status, headers: r.headers, body: await r.json() };
}

/** The refresh-token grant at the token endpoint (with `resource` unless `extra` overrides it). */
export async function refresh(
  t: App,
  clientId: string,
  refreshToken: string,
  extra: Record<string, string> = {},
) {
  const r = await tokenRequest(fetcher(t), TOKEN, {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: clientId,
    resource: RESOURCE,
    ...extra,
  });
  return { status: r.status, headers: r.headers, body: await r.json() };
}
