/**
 * Every way a person's access ends, through its real door, leaves the person's sessions, phones, assistant
 * connections, pending app sign-in codes and open reset links in the state `services/end_access.ts` names:
 * a replaced password (an administrator's reset, a reset link) and a deactivation end all of them; signing
 * out (this device, or another one from the device list) ends that session and its phone only.
 */
import assert from "node:assert/strict";
import { and, eq, isNull } from "drizzle-orm";
import {
  invitations,
  oauthConnections,
  oauthTokenFamilies,
  pushDevices,
  sessions,
} from "../../src/db/schema/mod.ts";
import { createPublicClient } from "../../src/oauth/clients.ts";
import { findOrCreateConnection } from "../../src/oauth/connections.ts";
import { exchangeCode, issueAuthorizationCode } from "../../src/oauth/grants.ts";
import { issueAppCode, redeemAppCode } from "../../src/signin/app_signin.ts";
import { requestPasswordReset } from "../../src/services/password_reset.ts";
import { acceptInvitation } from "../../src/services/invitations.ts";
import { endConsoleSession } from "../../src/services/hr_console.ts";
import { sha256B64url } from "../../src/crypto.ts";
import { deliverDue } from "../../src/mail/outbox.ts";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";

const BASE = "/api/v1/portal";
const EMAIL = "employee@demo.example";
const APP_REDIRECT = "ch.demo.hr:/signed-in";
const VERIFIER = "v".repeat(43) + "-app-verifier";

/** What one person holds: two signed-in devices with a phone each, an assistant, a pending app code. */
interface Held {
  userId: string;
  tokens: [string, string];
  sessionIds: [string, string];
  connectionId: string;
  appCode: string;
}

async function sessionIdOf(t: TestApp, token: string): Promise<{ sessionId: string; userId: string }> {
  const r = await t.request(`${BASE}/auth/session`, { token });
  assert.equal(r.status, 200);
  const body = await r.json();
  return { sessionId: body.data.session.id, userId: body.data.user.id };
}

async function hold(t: TestApp): Promise<Held> {
  const tokens: [string, string] = [await t.signIn(EMAIL), await t.signIn(EMAIL)];
  const a = await sessionIdOf(t, tokens[0]);
  const b = await sessionIdOf(t, tokens[1]);
  for (const [i, token] of tokens.entries()) {
    const r = await t.request(`${BASE}/employee/push-devices`, {
      method: "POST",
      token,
      json: { platform: "FCM", token: `fcm-token-of-phone-${i}-0000000000` },
    });
    assert.equal(r.status, 201, await r.text());
  }
  // An assistant connected through the real authorization code and token exchange (a refresh-token family).
  const client = await createPublicClient(t.deps, {
    name: "Test assistant",
    redirectUris: ["https://assistant.example/callback"],
  });
  const connection = await findOrCreateConnection(t.deps, {
    clientId: client.id,
    userId: a.userId,
    scopes: ["self:read"],
  });
  const verifier = "a".repeat(50);
  const code = await issueAuthorizationCode(t.deps, {
    clientId: client.id,
    connectionId: connection.id,
    userId: a.userId,
    redirectUri: "https://assistant.example/callback",
    codeChallenge: await sha256B64url(verifier),
    resource: `${t.deps.config.issuer}/api/mcp`,
    scopes: ["self:read"],
  });
  await exchangeCode(
    t.deps,
    client,
    new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: "https://assistant.example/callback",
      resource: `${t.deps.config.issuer}/api/mcp`,
    }),
  );
  const appCode = await issueAppCode(t.deps, a.userId, {
    redirectUri: APP_REDIRECT,
    codeChallenge: await sha256B64url(VERIFIER),
  });
  return {
    userId: a.userId,
    tokens,
    sessionIds: [a.sessionId, b.sessionId],
    connectionId: connection.id,
    appCode,
  };
}

/** The person's live sessions, phones, live connections and live refresh-token families. */
async function stateOf(t: TestApp, h: Held) {
  const liveSessions = await t.deps.db.select({ id: sessions.id }).from(sessions)
    .where(and(eq(sessions.userId, h.userId), isNull(sessions.revokedAt)));
  const phones = await t.deps.db.select({ sessionId: pushDevices.sessionId }).from(pushDevices)
    .where(eq(pushDevices.userId, h.userId));
  const connections = await t.deps.db.select({ id: oauthConnections.id }).from(oauthConnections)
    .where(and(eq(oauthConnections.userId, h.userId), isNull(oauthConnections.revokedAt)));
  const families = await t.deps.db.select({ id: oauthTokenFamilies.id }).from(oauthTokenFamilies)
    .where(and(eq(oauthTokenFamilies.connectionId, h.connectionId), isNull(oauthTokenFamilies.revokedAt)));
  return {
    sessions: liveSessions.map((s) => s.id).sort(),
    phones: phones.map((p) => p.sessionId).sort(),
    connections: connections.length,
    refreshFamilies: families.length,
  };
}

/** Whether the pending app sign-in code still becomes a session (it is redeemed, so ask last). */
async function appCodeWorks(t: TestApp, h: Held): Promise<boolean> {
  return (await redeemAppCode(t.deps, {
    code: h.appCode,
    codeVerifier: VERIFIER,
    redirectUri: APP_REDIRECT,
  })) !==
    null;
}

/** Sends the mail waiting and returns the reset link's token sent to `to`. */
async function resetLinkSentTo(t: TestApp, to: string): Promise<string> {
  assert.equal(await requestPasswordReset(t.deps, to), "sent");
  const sent: { to: string; text: string }[] = [];
  await deliverDue(
    t.deps,
    { sendMail: (m) => Promise.resolve(void sent.push({ to: String(m.to), text: m.text })).then(() => ({})) },
    "hr@x",
  );
  const mail = sent.find((m) => m.to.includes(to));
  assert.ok(mail, `a reset link was mailed to ${to}`);
  return /token=(hri_[\w-]+)/.exec(decodeURIComponent(mail.text))![1];
}

/** Everything the person held has ended. */
async function assertEverythingEnded(t: TestApp, h: Held) {
  assert.deepEqual(await stateOf(t, h), { sessions: [], phones: [], connections: 0, refreshFamilies: 0 });
  for (const token of h.tokens) {
    assert.equal((await t.request(`${BASE}/auth/session`, { token })).status, 401);
  }
  assert.equal(await appCodeWorks(t, h), false, "a pending app sign-in code gives no session afterwards");
}

Deno.test("end access: user reset-password ends every session, phone, assistant connection, app code and open reset link", async () => {
  const t = await makeTestApp();
  try {
    const h = await hold(t);
    const link = await resetLinkSentTo(t, EMAIL);
    const r = await cli(t, ["user", "reset-password", "--email", EMAIL]);
    assert.equal(r.code, 0, r.err);
    await assertEverythingEnded(t, h);
    // A link mailed before the reset would set a password over the one the administrator just set.
    const late = await acceptInvitation(t.deps, {
      token: link,
      password: "Gletscher-Wanderung-7",
      repeat: "Gletscher-Wanderung-7",
    });
    assert.deepEqual(late, { ok: false, problem: "invalid" });
  } finally {
    t.close();
  }
});

Deno.test("end access: a password set through a reset link ends every session, phone, assistant connection and app code", async () => {
  const t = await makeTestApp();
  try {
    const h = await hold(t);
    const link = await resetLinkSentTo(t, EMAIL);
    const r = await t.request("/account/invitation", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: link,
        password: "Gletscher-Wanderung-7",
        repeat: "Gletscher-Wanderung-7",
      }).toString(),
    });
    assert.equal(r.status, 200, await r.text());
    await assertEverythingEnded(t, h);
  } finally {
    t.close();
  }
});

Deno.test("end access: user deactivate ends every session, phone, assistant connection, app code and open reset link", async () => {
  const t = await makeTestApp();
  try {
    const h = await hold(t);
    const link = await resetLinkSentTo(t, EMAIL);
    const r = await cli(t, ["user", "deactivate", "--email", EMAIL]);
    assert.equal(r.code, 0, r.err);
    await assertEverythingEnded(t, h);
    const [open] = await t.deps.db.select({ replacedAt: invitations.replacedAt }).from(invitations)
      .where(and(eq(invitations.userId, h.userId), isNull(invitations.usedAt)));
    assert.notEqual(
      open.replacedAt,
      null,
      `the reset link ${link.slice(0, 8)}… mailed before no longer works`,
    );
  } finally {
    t.close();
  }
});

Deno.test("end access: signing out ends this device's session and its phone; other devices and assistants stay", async () => {
  const t = await makeTestApp();
  try {
    const h = await hold(t);
    const r = await t.request(`${BASE}/auth/session`, { method: "DELETE", token: h.tokens[0] });
    assert.equal(r.status, 200);
    assert.deepEqual(await stateOf(t, h), {
      sessions: [h.sessionIds[1]],
      phones: [h.sessionIds[1]],
      connections: 1,
      refreshFamilies: 1,
    });
    assert.equal((await t.request(`${BASE}/auth/session`, { token: h.tokens[0] })).status, 401);
    assert.equal((await t.request(`${BASE}/auth/session`, { token: h.tokens[1] })).status, 200);
    assert.equal(await appCodeWorks(t, h), true, "an app sign-in under way on another device goes on");
  } finally {
    t.close();
  }
});

Deno.test("end access: signing out another device from the list ends that session and its phone only", async () => {
  const t = await makeTestApp();
  try {
    const h = await hold(t);
    const r = await t.request(`${BASE}/auth/sessions/${h.sessionIds[1]}`, {
      method: "DELETE",
      token: h.tokens[0],
    });
    assert.equal(r.status, 200);
    assert.deepEqual(await stateOf(t, h), {
      sessions: [h.sessionIds[0]],
      phones: [h.sessionIds[0]],
      connections: 1,
      refreshFamilies: 1,
    });
    // Named again, it is no longer a live session of the caller.
    const again = await t.request(`${BASE}/auth/sessions/${h.sessionIds[1]}`, {
      method: "DELETE",
      token: h.tokens[0],
    });
    assert.equal(again.status, 404);
  } finally {
    t.close();
  }
});

Deno.test("end access: the console's sign-out ends its own session and phone only", async () => {
  const t = await makeTestApp();
  try {
    const h = await hold(t);
    await endConsoleSession(t.deps, { userId: h.userId, sessionId: h.sessionIds[0] });
    assert.deepEqual(await stateOf(t, h), {
      sessions: [h.sessionIds[1]],
      phones: [h.sessionIds[1]],
      connections: 1,
      refreshFamilies: 1,
    });
  } finally {
    t.close();
  }
});
