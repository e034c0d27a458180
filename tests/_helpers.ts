/**
 * Test harness: a whole app on a fresh database file, with a fixed clock. The demo organisation is seeded
 * once into a template file per clock instant and version of what the seed runs, and copied for each test,
 * so tests run on real data in milliseconds and never share state.
 */
import { FixedClock } from "../src/clock.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { memoryLogger } from "../src/log.ts";
import { createApp } from "../src/app.ts";
import type { AppDeps } from "../src/deps.ts";
import { eq } from "drizzle-orm";
import { users } from "../src/db/schema/mod.ts";

/** The instant tests run at unless they say otherwise: Wednesday 18 November 2026, 10:00 in Zurich. */
export const TEST_NOW = "2026-11-18T09:00:00.000Z";
export const DEMO_PASSWORD = "demo-password-2026";

/**
 * The scrypt cost of the fixtures' passwords (demo accounts, test people): 2^10 instead of the service's
 * 2^15, so a sign-in in a test takes about 3 ms instead of 90 (the suite signs in over 400 times). Sign-in
 * reads the cost from the stored hash, so it runs the same code; the service's own cost is tested where
 * passwords are set (`tests/signin/password_test.ts`).
 */
export const FIXTURE_PASSWORD_COST = { N: 1 << 10, r: 8, p: 1 };

const templates = new Map<string, Promise<string>>();

const ROOT = new URL("../", import.meta.url);

/** Relative module specifiers of a source file: static and dynamic imports, and re-exports. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The files a template is built from, in a stable order: the migrations, and the modules reachable by
 * import from `entries` (the migration runner, and the demo's seed for a demo template). An edit elsewhere
 * (a page, a tool, a test) leaves the template as it is.
 */
async function templateFiles(entries: readonly URL[]): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    if (!/\.(ts|tsx|js|mjs)$/.test(url.pathname)) continue;
    // A specifier in a comment may name no file: it adds nothing.
    const text = await Deno.readTextFile(url).catch(() => "");
    for (const m of text.matchAll(SPECIFIER)) queue.push(new URL(m[1], url));
  }
  const files = [];
  for (const h of seen) {
    const path = new URL(h).pathname;
    if (await Deno.stat(path).then((s) => s.isFile, () => false)) files.push(path);
  }
  for await (const e of Deno.readDir(new URL("migrations/", ROOT))) {
    if (e.isFile) files.push(new URL(`migrations/${e.name}`, ROOT).pathname);
  }
  for await (const e of Deno.readDir(new URL("migrations/meta/", ROOT))) {
    if (e.isFile) files.push(new URL(`migrations/meta/${e.name}`, ROOT).pathname);
  }
  return files.sort();
}

/**
 * A digest of everything the template depends on, read from each file's path, size, modification and change
 * times and inode (a checkout or an edit changes them), so every test process can tell its template by a few
 * hundred `stat`s and the import lines of the modules the seed runs.
 */
async function sourceDigest(demo: boolean): Promise<string> {
  const entries = [new URL("src/db/migrate.ts", ROOT), new URL("src/db/client.ts", ROOT)];
  if (demo) entries.push(new URL("src/demo/mod.ts", ROOT));
  const files = await templateFiles(entries);
  const lines: string[] = [];
  for (const f of files) {
    // The change time as well: copies that keep a file's size and modification time (rsync -a, tar, cp -p)
    // cannot set it.
    const { size, mtime, ctime, ino } = await Deno.stat(f);
    lines.push(
      [f.slice(ROOT.pathname.length), size, mtime?.getTime() ?? 0, ctime?.getTime() ?? 0, ino ?? 0].join(
        "\0",
      ),
    );
  }
  const hash = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(lines.join("\n"))),
  );
  return Array.from(hash.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Where templates are shared between the test processes (`deno test --parallel` runs each file in its own). */
const TEMPLATE_DIR = `${Deno.env.get("TMPDIR") ?? "/tmp"}/hr-test-templates`;

/**
 * The database a test starts from: migrated and, unless `demo` is false, with the demo organisation seeded
 * at `now`. Seeding costs about half a second, so it is done once per source version and shared by every
 * test process through a file named by the source's digest (written to a temporary name first and renamed,
 * so a process never reads a half-written one); each test then works on its own copy.
 */
async function template(now: string, demo: boolean): Promise<string> {
  const key = `${now}|${demo}`;
  let p = templates.get(key);
  if (!p) {
    p = (async () => {
      const digest = await sourceDigest(demo);
      await Deno.mkdir(TEMPLATE_DIR, { recursive: true, mode: 0o700 });
      const path = `${TEMPLATE_DIR}/${digest}-${now.replace(/[^0-9TZ]/g, "")}-${
        demo ? `demo-n${FIXTURE_PASSWORD_COST.N}` : "empty"
      }.db`;
      if (await Deno.stat(path).then(() => true, () => false)) return path;
      const building = `${path}.${crypto.randomUUID()}`;
      const database = await openDatabase(`file:${building}`);
      await migrate(database.client);
      if (demo) {
        const { seedDemo } = await import("../src/demo/mod.ts");
        await seedDemo(database.db, {
          clock: new FixedClock(now),
          password: DEMO_PASSWORD,
          passwordCost: FIXTURE_PASSWORD_COST,
        });
      }
      await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
      database.close();
      await Deno.remove(`${building}-wal`).catch(() => {});
      await Deno.remove(`${building}-shm`).catch(() => {});
      await Deno.rename(building, path);
      // Templates of other source versions that nobody made for a day are of no further use (another
      // checkout's suite may be using a younger one right now).
      for await (const e of Deno.readDir(TEMPLATE_DIR)) {
        const other = `${TEMPLATE_DIR}/${e.name}`;
        const made = (await Deno.stat(other).catch(() => null))?.mtime?.getTime() ?? Date.now();
        if (!e.name.startsWith(digest) && Date.now() - made > 86_400_000) {
          await Deno.remove(other).catch(() => {});
        }
      }
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

/** The account linked to an employee; one is made (employee, German, `email`) where the demo gave them none. */
export async function accountOf(t: Pick<TestApp, "deps" | "clock">, employeeId: string, email: string) {
  const [u] = await t.deps.db.select().from(users).where(eq(users.employeeId, employeeId)).limit(1);
  if (u) return u;
  const [made] = await t.deps.db.insert(users).values({
    email,
    role: "employee",
    language: "de",
    employeeId,
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  }).returning();
  return made;
}
