/**
 * Test harness: a whole app on a fresh database file, with a fixed clock. The demo organisation is seeded
 * once into a template file per clock instant and copied for each test, so tests run on real data in
 * milliseconds and never share state.
 */
import { FixedClock } from "../src/clock.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { memoryLogger } from "../src/log.ts";
import { createApp } from "../src/app.ts";
import type { AppDeps } from "../src/deps.ts";

/** The instant tests run at unless they say otherwise: Wednesday 18 November 2026, 10:00 in Zurich. */
export const TEST_NOW = "2026-11-18T09:00:00.000Z";
export const DEMO_PASSWORD = "demo-password-2026";

const templates = new Map<string, Promise<string>>();

async function template(now: string, demo: boolean): Promise<string> {
  const key = `${now}|${demo}`;
  let p = templates.get(key);
  if (!p) {
    p = (async () => {
      const dir = await Deno.makeTempDir({ prefix: "hr-template-" });
      const path = `${dir}/template.db`;
      const database = await openDatabase(`file:${path}`);
      await migrate(database.client);
      if (demo) {
        const { seedDemo } = await import("../src/demo/mod.ts");
        await seedDemo(database.db, { clock: new FixedClock(now), password: DEMO_PASSWORD });
      }
      await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
      database.close();
      return path;
    })();
    templates.set(key, p);
  }
  return await p;
}

export interface TestApp {
  deps: AppDeps;
  clock: FixedClock;
  app: ReturnType<typeof createApp>;
  log: ReturnType<typeof memoryLogger>;
  dbPath: string;
  /** Calls the app like a client would; JSON bodies are serialised. */
  request(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  /** Signs in with the demo password and returns the bearer token. */
  signIn(email: string, password?: string): Promise<string>;
  close(): void;
}

/** Builds an app on a copy of the demo database (or an empty one with `demo: false`). */
export async function makeTestApp(opts: {
  now?: string;
  demo?: boolean;
  env?: Record<string, string>;
} = {}): Promise<TestApp> {
  const now = opts.now ?? TEST_NOW;
  const demo = opts.demo ?? true;
  const src = await template(now, demo);
  const dir = await Deno.makeTempDir({ prefix: "hr-test-" });
  const dbPath = `${dir}/hr.db`;
  await Deno.copyFile(src, dbPath);
  const config = loadConfig({ DATABASE_URL: `file:${dbPath}`, DEMO_PASSWORD, ...opts.env });
  const database = await openDatabase(config.databaseUrl, { lockWaitMs: config.databaseLockWaitMs });
  const clock = new FixedClock(now);
  const log = memoryLogger();
  const deps: AppDeps = { config, database, db: database.db, clock, log };
  const app = createApp(deps);
  const request = (path: string, init: RequestInit & { json?: unknown; token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      if (!headers.has("content-type")) headers.set("Content-Type", "application/json");
    }
    return Promise.resolve(app.request(path, { ...init, headers, body }));
  };
  const signIn = async (email: string, password = DEMO_PASSWORD) => {
    const r = await request("/api/v1/portal/auth/sessions", { method: "POST", json: { email, password } });
    if (r.status !== 201) throw new Error(`sign-in of ${email} failed: ${r.status} ${await r.text()}`);
    return (await r.json()).data.token as string;
  };
  return {
    deps,
    clock,
    app,
    log,
    dbPath,
    request,
    signIn,
    close: () => {
      database.close();
      Deno.removeSync(dir, { recursive: true });
    },
  };
}

/** Reads a JSON response body and its status together. */
export async function json(
  r: Response,
  // deno-lint-ignore no-explicit-any -- tests read arbitrary response shapes
): Promise<{ status: number; body: Record<string, unknown> & { data?: any } }> {
  return { status: r.status, body: await r.json() };
}
