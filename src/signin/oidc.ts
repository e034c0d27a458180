/**
 * Sign-in through the installation's upstream OpenID Connect provider (Microsoft Entra ID, Google
 * Workspace, Keycloak…), with `openid-client`: authorization code with PKCE, state and nonce, and
 * `max_age` so the provider re-authenticates a person whose sign-in there is older than the step-up age.
 *
 * An upstream identity (issuer + subject) is linked to an account in `user_identities`. The first time, it
 * is linked by e-mail address to an existing account, unless the provider says the address is unverified;
 * nobody gets an account by signing in upstream (accounts are created by HR).
 */
import * as oidc from "openid-client";
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { userIdentities, users } from "../db/schema/mod.ts";
import { base64url } from "../crypto.ts";
import type { AppReturn } from "./app_signin.ts";

/** Why an upstream sign-in did not produce an account. */
export class UpstreamSignInError extends Error {
  constructor(readonly reason: "no_account" | "deactivated" | "failed", detail: string) {
    super(detail);
    this.name = "UpstreamSignInError";
  }
}

/** What the browser keeps (in an HttpOnly cookie) between leaving for the provider and coming back. */
export interface UpstreamState {
  state: string;
  nonce: string;
  verifier: string;
  /** The pending authorization request to return to, or a local path. */
  requestId?: string;
  next?: string;
  /** A native app's sign-in: the code goes to this redirect URI instead of a browser session. */
  app?: AppReturn;
}

/** The HttpOnly cookie that carries the upstream state, on the path `/oauth/signin/oidc` only. */
export const UPSTREAM_COOKIE = "hr_oidc";

const configs = new WeakMap<object, Promise<oidc.Configuration>>();

/** The provider's configuration, discovered once per installation (retried after a failure). */
export function upstreamConfiguration(deps: AppDeps): Promise<oidc.Configuration> {
  const o = deps.config.oidc;
  if (!o) return Promise.reject(new Error("no upstream OpenID provider is configured"));
  let p = configs.get(deps.config);
  if (!p) {
    p = oidc.discovery(
      new URL(o.issuer),
      o.clientId,
      o.clientSecret,
      o.clientSecret ? oidc.ClientSecretBasic(o.clientSecret) : oidc.None(),
      { execute: o.issuer.startsWith("http://") ? [oidc.allowInsecureRequests] : [], timeout: 10 },
    );
    configs.set(deps.config, p);
    p.catch(() => configs.delete(deps.config));
  }
  return p;
}

/** The redirect URI registered at the provider for this installation. */
export function upstreamRedirectUri(deps: AppDeps): string {
  return `${deps.config.issuer}/oauth/signin/oidc/callback`;
}

/** Builds the provider's authorization URL and the state to keep in the browser. */
export async function startUpstreamSignIn(
  deps: AppDeps,
  back: { requestId?: string; next?: string; loginHint?: string; uiLocales?: string; app?: AppReturn },
): Promise<{ url: string; state: UpstreamState }> {
  const config = await upstreamConfiguration(deps);
  const verifier = oidc.randomPKCECodeVerifier();
  const state: UpstreamState = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    requestId: back.requestId,
    next: back.next,
    ...(back.app ? { app: back.app } : {}),
  };
  const params: Record<string, string> = {
    redirect_uri: upstreamRedirectUri(deps),
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: state.state,
    nonce: state.nonce,
    max_age: String(deps.config.signinMaxAgeSeconds),
  };
  if (back.loginHint) params.login_hint = back.loginHint;
  if (back.uiLocales) params.ui_locales = back.uiLocales;
  return { url: oidc.buildAuthorizationUrl(config, params).href, state };
}

/** Encodes the upstream state for its cookie. */
export function encodeUpstreamState(s: UpstreamState): string {
  return base64url(new TextEncoder().encode(JSON.stringify(s)));
}

/** Decodes the cookie; null when missing or malformed. */
export function decodeUpstreamState(v: string | undefined): UpstreamState | null {
  if (!v || v.length > 4000) return null;
  try {
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(v.replaceAll("-", "+").replaceAll("_", "/")), (ch) => ch.charCodeAt(0)),
    );
    const s = JSON.parse(json);
    if (typeof s.state !== "string" || typeof s.nonce !== "string" || typeof s.verifier !== "string") {
      return null;
    }
    return s;
  } catch {
    return null;
  }
}

/**
 * Completes the upstream sign-in from the callback URL: exchanges the code (checking state, nonce, PKCE,
 * ID token signature, issuer, audience and auth_time against max_age) and finds the linked account.
 */
export async function finishUpstreamSignIn(
  deps: AppDeps,
  callbackUrl: URL,
  s: UpstreamState,
): Promise<string> {
  const config = await upstreamConfiguration(deps);
  let claims: oidc.IDToken | undefined;
  let email: unknown;
  let emailVerified: unknown;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: s.verifier,
      expectedState: s.state,
      expectedNonce: s.nonce,
      maxAge: deps.config.signinMaxAgeSeconds,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    email = claims?.email;
    emailVerified = claims?.email_verified;
    // Many providers put the e-mail address only in the UserInfo response (OpenID Connect Core §5.4).
    if (claims && typeof email !== "string" && config.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = info.email;
      emailVerified = info.email_verified;
    }
  } catch (e) {
    deps.log.warn("upstream sign-in failed", {
      error: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
    });
    throw new UpstreamSignInError("failed", "The sign-in at the identity provider did not complete.");
  }
  if (!claims) throw new UpstreamSignInError("failed", "The identity provider sent no ID token.");
  const issuer = claims.iss;
  const subject = claims.sub;
  const now = deps.clock.now();
  const linked = await deps.db.select({ userId: userIdentities.userId, active: users.active }).from(
    userIdentities,
  )
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject))).limit(1);
  if (linked[0]) {
    if (!linked[0].active) throw new UpstreamSignInError("deactivated", "This account is deactivated.");
    return linked[0].userId;
  }
  const address = typeof email === "string" ? email.trim().toLowerCase() : null;
  if (!address || emailVerified === false) {
    throw new UpstreamSignInError("no_account", "The identity provider gave no verified e-mail address.");
  }
  const user = await deps.db.query.users.findFirst({ where: eq(users.email, address) });
  if (!user) throw new UpstreamSignInError("no_account", "No account has this e-mail address.");
  if (!user.active) throw new UpstreamSignInError("deactivated", "This account is deactivated.");
  await deps.db.insert(userIdentities).values({ userId: user.id, issuer, subject, createdAt: now })
    .onConflictDoNothing();
  deps.log.info("upstream identity linked", { userId: user.id });
  return user.id;
}
