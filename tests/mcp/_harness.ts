/**
 * End-to-end harness for the connector: a real server (`Deno.serve` on 127.0.0.1, a free port) running
 * the whole app with `FEATURE_MCP_CONNECTOR=true` and `MCP_ISSUER_URL` set to its own origin, on a copy of
 * the demo database with a fixed clock; tokens come from the real `findOrCreateConnection` and
 * `issueAccessToken`; the official SDK client talks to it over HTTP.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Client } from "@modelcontextprotocol/sdk/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { oauthClients, users } from "../../src/db/schema/mod.ts";
import { findOrCreateConnection } from "../../src/oauth/connections.ts";
import { issueAccessToken } from "../../src/oauth/tokens.ts";
import { SCOPES } from "../../src/oauth/scopes.ts";
import type { AppDeps } from "../../src/deps.ts";
import type { ToolDef } from "../../src/mcp/tool.ts";
import { TOOLS } from "../../src/mcp/registry.ts";

/** The demo accounts by purpose (see src/demo/org.ts). */
export const EMAIL = {
  employee: "employee@demo.example",
  manager: "manager@demo.example",
  hr: "hr@demo.example",
  admin: "admin@demo.example",
  nolink: "nolink@demo.example",
  recruiter: "recruiter@demo.example",
} as const;
export type Who = keyof typeof EMAIL;

export const ALL_SCOPES: string[] = [...SCOPES];
export const SELF_SCOPES = ["self:read", "self:write"];

export interface Grant {
  token: string;
  connectionId: string;
  clientId: string;
  userId: string;
}

export interface McpTestServer {
  t: TestApp;
  origin: string;
  mcpUrl: URL;
  /** A token for a demo account through a (new or existing) client, via the real token functions. */
  grant(who: Who, opts?: { scopes?: string[]; client?: string }): Promise<Grant>;
  /** An official SDK client, connected (initialize + initialized) with the token. */
  client(token: string): Promise<Client>;
  /** A raw JSON-RPC POST, for what the SDK client would never send. */
  post(body: unknown, init?: { token?: string; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

let clientSeq = 0;

/**
 * A token for a demo account through a (new or existing) client, via the real token functions, on any
 * database: the harness's own, or the file a child process serves (`crash_test.ts`).
 */
export async function grantOn(
  deps: AppDeps,
  who: Who,
  o: { scopes?: string[]; client?: string } = {},
): Promise<Grant> {
  const clientId = o.client ?? `test-client-${++clientSeq}`;
  await deps.db.insert(oauthClients).values({
    id: clientId,
    name: `Test assistant ${clientId}`,
    type: "PUBLIC",
    tokenEndpointAuthMethod: "none",
    redirectUris: JSON.stringify(["http://127.0.0.1/callback"]),
    grantTypes: JSON.stringify(["authorization_code", "refresh_token"]),
    createdBy: "DYNAMIC",
    createdAt: deps.clock.now(),
  }).onConflictDoNothing();
  const [u] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL[who])).limit(1);
  if (!u) throw new Error(`demo account ${who} missing`);
  const conn = await findOrCreateConnection(deps, {
    clientId,
    userId: u.id,
    scopes: o.scopes ?? ALL_SCOPES,
  });
  const { accessToken } = await issueAccessToken(deps, {
    userId: u.id,
    clientId,
    connectionId: conn.id,
    scopes: conn.scopes,
  });
  return { token: accessToken, connectionId: conn.id, clientId, userId: u.id };
}

/** Starts the app on a free local port; `now` pins the clock. */
export async function startMcpServer(
  opts: { now?: string; env?: Record<string, string> } = {},
): Promise<McpTestServer> {
  let handler: (req: Request) => Response | Promise<Response> = () =>
    new Response("starting", { status: 503 });
  const ac = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen: () => {} },
    (req) => handler(req),
  );
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const t = await makeTestApp({
    now: opts.now,
    env: { FEATURE_MCP_CONNECTOR: "true", MCP_ISSUER_URL: origin, LOG_LEVEL: "warn", ...opts.env },
  });
  handler = (req) => t.app.fetch(req);
  const mcpUrl = new URL(`${origin}/api/mcp`);
  const clients: Client[] = [];

  const grant = (who: Who, o: { scopes?: string[]; client?: string } = {}) => grantOn(t.deps, who, o);

  const client = async (token: string): Promise<Client> => {
    const transport = new StreamableHTTPClientTransport(mcpUrl, {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    const c = new Client({ name: "hr-service-tests", version: "1.0.0" });
    await c.connect(transport);
    clients.push(c);
    return c;
  };

  const post = (body: unknown, init: { token?: string; headers?: Record<string, string> } = {}) =>
    fetch(mcpUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-11-25",
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  return {
    t,
    origin,
    mcpUrl,
    grant,
    client,
    post,
    close: async () => {
      for (const c of clients) await c.close().catch(() => undefined);
      ac.abort();
      await server.finished;
      t.close();
    },
  };
}

/** The structured result of a successful tool call (fails the test on a refusal). */
export function ok<T = Record<string, unknown>>(r: unknown): T {
  const res = r as { isError?: boolean; structuredContent?: T; content?: { text?: string }[] };
  if (res.isError) throw new Error(`tool refused: ${res.content?.[0]?.text}`);
  if (!res.structuredContent) throw new Error("no structuredContent");
  return res.structuredContent;
}

/** The refusal message of a tool call (fails the test when it succeeded). */
export function refusal(r: unknown): string {
  const res = r as { isError?: boolean; content?: { text?: string }[] };
  if (!res.isError) throw new Error(`expected a refusal, got ${JSON.stringify(r).slice(0, 300)}`);
  return res.content?.[0]?.text ?? "";
}

/** Audit rows of a connection, oldest first. */
export async function auditRows(t: TestApp, connectionId: string) {
  const r = await t.deps.database.client.execute({
    sql: "SELECT * FROM mcp_audit WHERE connection_id = ? ORDER BY created_at, rowid",
    args: [connectionId],
  });
  return r.rows as unknown as Record<string, unknown>[];
}

/** Options for Deno.test: the SDK client keeps fetch resources alive between steps. */
export const E2E = { sanitizeOps: false, sanitizeResources: false } as const;

/**
 * Fields of a handler's data that the tool's output schema leaves out, known and meant: the connector pages by
 * offset (`nextOffset`) where the service also gives the portal's cursor; a decided request's free-text reason
 * is shown only when asked for (`list_my_leave_requests` with `include_free_text`); a position card names no
 * person by record id.
 */
const LEFT_OUT_ON_PURPOSE = [
  /\.nextCursor$/,
  /^commit_leave_decision\.reason$/,
  /^get_position\.hiringManagerEmployeeId$/,
];

/** Where `data` holds a field `shown` lacks (`tool.items[].field`); undefined values count as absent. */
function missingPaths(data: unknown, shown: unknown, path: string, out: string[]): void {
  if (Array.isArray(data)) {
    if (!Array.isArray(shown)) return;
    data.forEach((x, i) => missingPaths(x, shown[i], `${path}[]`, out));
    return;
  }
  if (data === null || typeof data !== "object" || shown === null || typeof shown !== "object") return;
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined) continue;
    if (!(k in shown)) out.push(`${path}.${k}`);
    else missingPaths(v, (shown as Record<string, unknown>)[k], `${path}.${k}`, out);
  }
}

/**
 * Watches every tool's handler, so a test can tell whether a result kept all its handler gave: the output
 * schemas strip what they do not declare (the SDK's client sees only the stripped result and cannot notice),
 * so a field a service added and a tool's schema forgot would vanish silently. `undeclared(name, result)`
 * lists the fields of the tool's last handler data missing from its `structuredContent`, apart from those
 * left out on purpose. `restore()` puts the handlers back.
 */
export function watchToolData(tools: readonly ToolDef[]) {
  const last = new Map<string, unknown>();
  const originals = tools.map((t) => [t, t.handler] as const);
  for (const [t, handler] of originals) {
    t.handler = async (ctx, args) => {
      const outcome = await handler(ctx, args);
      last.set(t.name, (outcome as { data?: unknown }).data);
      return outcome;
    };
  }
  return {
    /** Forgets the data seen so far (before a call whose result is checked). */
    clear: () => last.clear(),
    undeclared(name: string, structured: unknown): string[] {
      if (!last.has(name)) return [];
      const out: string[] = [];
      missingPaths(last.get(name), structured, name, out);
      return [...new Set(out)].filter((p) => !LEFT_OUT_ON_PURPOSE.some((re) => re.test(p)));
    },
    restore() {
      for (const [t, handler] of originals) t.handler = handler;
    },
  };
}

/**
 * Makes every successful `callTool` of `client` fail the test when its result lacks a field its handler gave
 * (see `watchToolData`). Returns the function that puts the handlers back.
 */
export function failOnUndeclaredFields(client: Client): () => void {
  const watch = watchToolData(TOOLS);
  const call = client.callTool.bind(client);
  client.callTool = async (params, ...rest) => {
    watch.clear();
    const r = await call(params, ...rest);
    if (!r.isError) {
      assert.deepEqual(
        watch.undeclared(params.name, r.structuredContent),
        [],
        `${params.name}: every field the handler gave is declared in the output schema`,
      );
    }
    return r;
  };
  return () => watch.restore();
}
