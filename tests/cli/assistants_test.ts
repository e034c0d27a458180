import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { decodeProtectedHeader } from "jose";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { users } from "../../src/db/schema/mod.ts";
import { findOrCreateConnection, getLiveConnection } from "../../src/oauth/connections.ts";
import { issueAccessToken } from "../../src/oauth/tokens.ts";
import { verifyAccessToken } from "../_tokens.ts";
import { cli } from "../_cli.ts";

const connector = { FEATURE_MCP_CONNECTOR: "true", MCP_ISSUER_URL: "https://hr.example.ch" };

/** Runs a test on the demo app with the connector on, closed however the test ends. */
async function withConnector(test: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await makeTestApp({ env: connector });
  try {
    await test(t);
  } finally {
    t.close();
  }
}

/** A token request of a confidential client authenticated with its id and secret (HTTP Basic). */
function tokenWithBasic(t: TestApp, id: string, secret: string, body: string) {
  return t.request("/api/oauth/token", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${btoa(`${id}:${secret}`)}`,
    },
    body,
  });
}

/**
 * A client registered dynamically with one redirect URI, and the demo employee's self:read connection to
 * it, as an assistant's first sign-on leaves them.
 */
async function connectEmployee(t: TestApp, clientName: string, redirectUri: string) {
  const reg = await (await t.request("/api/oauth/register", {
    method: "POST",
    json: { client_name: clientName, redirect_uris: [redirectUri] },
  })).json();
  const u = (await t.deps.db.query.users.findFirst({ where: eq(users.email, "employee@demo.example") }))!;
  const conn = await findOrCreateConnection(t.deps, {
    clientId: reg.client_id,
    userId: u.id,
    scopes: ["self:read"],
  });
  return { reg, u, conn };
}

Deno.test("cli: a confidential client is created with its secret shown once, listed and revoked", () =>
  withConnector(async (t) => {
    const r = await cli(t, [
      "client",
      "create",
      "--name",
      "Company Claude",
      "--redirect-uri",
      "https://claude.ai/api/mcp/auth_callback",
    ]);
    assert.equal(r.code, 0, r.err);
    const id = /client_id:\s+(\S+)/.exec(r.out)![1];
    const secret = /client_secret:\s+(\S+)/.exec(r.out)![1];
    const stored = await t.deps.database.client.execute({
      sql: "SELECT secret_hash FROM oauth_clients WHERE id = ?",
      args: [id],
    });
    assert.notEqual(stored.rows[0].secret_hash, secret, "only the hash is stored");
    // The client authenticates at the token endpoint with its secret (a bad grant, but a known client).
    const tok = await tokenWithBasic(
      t,
      id,
      secret,
      "grant_type=refresh_token&refresh_token=nope&resource=https%3A%2F%2Fhr.example.ch%2Fapi%2Fmcp",
    );
    assert.equal((await tok.json()).error, "invalid_grant");
    assert.match((await cli(t, ["client", "list"])).out, new RegExp(`${id}\\s+CONFIDENTIAL\\s+active`));
    assert.equal((await cli(t, ["client", "revoke", "--id", id])).code, 0);
    assert.match((await cli(t, ["client", "list"])).out, new RegExp(`${id}\\s+CONFIDENTIAL\\s+revoked`));
    const after = await tokenWithBasic(t, id, secret, "grant_type=refresh_token&refresh_token=nope");
    assert.equal(after.status, 401);
    const bad = await cli(t, ["client", "create", "--name", "X", "--redirect-uri", "javascript:alert(1)"]);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /redirect URI/i);
  }));

Deno.test("cli: dynamic registration can be switched off and on at run time", () =>
  withConnector(async (t) => {
    const register = () =>
      t.request("/api/oauth/register", {
        method: "POST",
        json: { client_name: "Test", redirect_uris: ["http://127.0.0.1:3000/callback"] },
      });
    assert.equal((await register()).status, 201);
    assert.match((await cli(t, ["registration", "off"])).out, /now off/);
    const refused = await register();
    assert.notEqual(refused.status, 201);
    assert.match((await cli(t, ["registration"])).out, /is off/);
    await cli(t, ["registration", "on"]);
    assert.equal((await register()).status, 201);
  }));

Deno.test("cli: connections are listed and revoked; a revoked connection stops at once", () =>
  withConnector(async (t) => {
    const { conn } = await connectEmployee(
      t,
      "Cursor",
      "cursor://anysphere.cursor-retrieval/oauth/callback",
    );
    const list = await cli(t, ["connection", "list", "--email", "employee@demo.example"]);
    assert.match(list.out, new RegExp(`${conn.id}.*Cursor.*self:read`));
    assert.equal((await cli(t, ["connection", "revoke", "--id", conn.id])).code, 0);
    assert.equal(await getLiveConnection(t.deps, conn.id), null);
    assert.equal((await cli(t, ["connection", "revoke", "--id", conn.id])).code, 1);
  }));

Deno.test("cli: keys rotate — new tokens get the new key, tokens signed before keep working until they expire", () =>
  withConnector(async (t) => {
    const { reg, u, conn } = await connectEmployee(t, "VS Code", "http://127.0.0.1/callback");
    const p = {
      userId: u.id,
      clientId: reg.client_id,
      connectionId: conn.id,
      scopes: ["self:read" as const],
    };
    const before = await issueAccessToken(t.deps, p);
    const r = await cli(t, ["keys", "rotate"]);
    assert.equal(r.code, 0, r.err);
    const newKid = /New signing key (\S+);/.exec(r.out)![1];
    const after = await issueAccessToken(t.deps, p);
    assert.equal(decodeProtectedHeader(after.accessToken).kid, newKid);
    assert.notEqual(decodeProtectedHeader(before.accessToken).kid, newKid);
    assert.ok(await verifyAccessToken(t.deps, before.accessToken), "the old token still verifies");
    assert.ok(await verifyAccessToken(t.deps, after.accessToken));
    const jwks = await (await t.request("/.well-known/jwks.json")).json();
    const kids = jwks.keys.map((k: { kid: string }) => k.kid);
    assert.ok(kids.includes(newKid) && kids.includes(decodeProtectedHeader(before.accessToken).kid));
  }));
