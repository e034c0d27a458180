/**
 * The durability half of `deno task bench`: two figures that are about bounds, not speed, measured on the
 * whole app over a demo database file with WAL checkpoints in their worker thread, as `main.ts serve` runs it.
 *
 * 1. **Write-ahead log under sustained writes.** For --seconds (default 20) writers file time entries as fast
 *    as the service takes them while readers read summaries, each a turn per request (readers keep a
 *    checkpoint from resetting the log, the hard case). The log's size is sampled every 50 ms; printed: writes
 *    per second, the largest log seen, the log at the end and after a clean stop. Bound: about 64 MiB
 *    (`src/db/checkpointer.ts`).
 *    Also printed: writes refused (by status) and the longest write, which the log's trimming must never make
 *    fail or wait (`src/db/checkpointer.ts`).
 * 3. **Another program's long read during sustained writes.** The same writers for --seconds while a second
 *    connection (another program, as SQLite sees it) holds a read transaction for --read-seconds (default 10):
 *    the log cannot be cut back meanwhile. Printed: writes filed and refused while it reads, the longest write,
 *    the log when the reader lets go and one second later.
 * 4. **A connector call during another program's lock.** A second connection holds the write lock for
 *    --lock-seconds (default 10) while an assistant calls `whoami` (a rate counter, the work, an audit row,
 *    each a write). Printed: how long the call took to answer that the database is busy (one lock wait per
 *    call: about DATABASE_LOCK_WAIT_MS, 5 s by default, however many of its writes meet the lock).
 * 5. **Memory of 32 sign-ins at once with a wrong password.** Each password hash (scrypt) takes about 32 MiB;
 *    the service hashes two at a time and queues the rest. Printed: resident memory before, at its peak while
 *    the 32 are answered, and how they were answered.
 *
 * Options: --seconds=20 --writers=8 --readers=8 --read-seconds=10 --wal-mib=64 --lock-seconds=10. Nothing is asserted: the figures are read
 * off the output.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { startBackgroundCheckpoints } from "../src/db/checkpointer.ts";
import { seedDemo } from "../src/demo/mod.ts";
import { createLogger } from "../src/log.ts";
import { systemClock } from "../src/clock.ts";
import { createApp } from "../src/app.ts";
import type { AppDeps } from "../src/deps.ts";
import Database from "libsql";
import { eq } from "drizzle-orm";
import { oauthClients, oauthConnections, users } from "../src/db/schema/mod.ts";
import { issueAccessToken } from "../src/oauth/tokens.ts";

const { values: opts } = parseArgs({
  args: Deno.args,
  options: {
    seconds: { type: "string", default: "20" },
    writers: { type: "string", default: "8" },
    readers: { type: "string", default: "8" },
    "read-seconds": { type: "string", default: "10" },
    "wal-mib": { type: "string", default: "64" },
    "lock-seconds": { type: "string", default: "10" },
  },
});
const READ_SECONDS = Number(opts["read-seconds"]);
const SECONDS = Number(opts.seconds);
const WRITERS = Number(opts.writers);
const READERS = Number(opts.readers);
const MiB = 1024 * 1024;

function mib(bytes: number): string {
  return `${(bytes / MiB).toFixed(1)} MiB`;
}

async function sizeOf(path: string): Promise<number> {
  return (await Deno.stat(path).catch(() => null))?.size ?? 0;
}

const dir = await Deno.makeTempDir({ prefix: "hr-bench-durability-" });
// The per-account request limit would answer most of the load with 429: the bound measured is the log's.
const config = loadConfig({
  DATABASE_URL: `file:${dir}/hr.db`,
  LOG_LEVEL: "error",
  PORTAL_REQUESTS_PER_MINUTE: "100000",
  FEATURE_MCP_CONNECTOR: "true",
});
const database = await openDatabase(config.databaseUrl);
await migrate(database.client);
await seedDemo(database.db, { clock: systemClock, password: config.demoPassword, config });
const deps: AppDeps = { config, database, db: database.db, clock: systemClock, log: createLogger("error") };
// The log's limit as in `serve` (64 MiB) unless told: a smaller one shows scenario 3 at a lower write rate.
const checkpoints = await startBackgroundCheckpoints(database, {
  // Its warnings are figures here: a log that a reader keeps from being cut back.
  log: createLogger("warn"),
  walMaxBytes: Number(opts["wal-mib"]) * MiB,
});
if (!checkpoints) throw new Error("background checkpoints did not start");
const app = createApp(deps);

/**
 * The `i`-th time entry of a run: eight half hours a day from `fromHour`, one day after the other from 2024 on
 * (within the five years the service takes). No two entries of a run share a day and a half hour, so none
 * overlaps another, whichever writer files it for whichever person.
 */
function slot(i: number, fromHour: number): { date: string; startTime: string; endTime: string } {
  const date = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 8) * 86_400_000).toISOString().slice(0, 10);
  const minutes = fromHour * 60 + (i % 8) * 30;
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return { date, startTime: hhmm(minutes), endTime: hhmm(minutes + 30) };
}

async function signIn(email: string, password: string): Promise<Response> {
  return await app.fetch(
    new Request("http://bench/api/v1/portal/auth/sessions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    }),
    { remoteAddr: { hostname: "203.0.113.9" } },
  );
}

// 1. The write-ahead log under sustained writes, with readers that never stop.
{
  // Each writer is its own employee: the per-account request limit and the overlap rules then stay out of
  // the way, and every write is a real filing.
  const people = ["employee", "manager", "hr", "admin", "recruiter"];
  const tokens: string[] = [];
  for (let i = 0; i < Math.max(WRITERS, READERS); i++) {
    const r = await signIn(`${people[i % people.length]}@demo.example`, config.demoPassword);
    tokens.push((await r.json()).data.token);
  }
  const wal = `${database.path}-wal`;
  const until = performance.now() + SECONDS * 1000;
  let writes = 0;
  let refused = 0;
  const refusals = new Map<number, number>();
  let longestWrite = 0;
  let reads = 0;
  let largest = 0;
  const sampler = setInterval(async () => {
    largest = Math.max(largest, await sizeOf(wal));
  }, 50);
  const writer = async (w: number) => {
    let n = 0;
    while (performance.now() < until) {
      // A new day per entry (far in the future, so the week and its rules never fill up).
      const entry = slot(n++ * WRITERS + w, 8);
      const sent = performance.now();
      const r = await app.fetch(
        new Request("http://bench/api/v1/portal/employee/time-entries", {
          method: "POST",
          headers: {
            Authorization: `Bearer ${tokens[w % tokens.length]}`,
            "Content-Type": "application/json",
          },
          body: JSON.stringify({ ...entry, description: "bench" }),
        }),
      );
      longestWrite = Math.max(longestWrite, performance.now() - sent);
      if (r.status === 201) writes++;
      else {
        refusals.set(r.status, (refusals.get(r.status) ?? 0) + 1);
        if (refused++ === 0) console.log(`  first refusal: ${r.status} ${await r.clone().text()}`);
      }
      await r.body?.cancel();
      // Writers take turns with the readers too: a chain of writes that never yields would hold every
      // reader's next turn (a timer) back, and the log would be measured with almost no reader in it.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  const reader = async (k: number) => {
    while (performance.now() < until) {
      const r = await app.fetch(
        new Request("http://bench/api/v1/portal/employee/summary", {
          headers: { Authorization: `Bearer ${tokens[k % tokens.length]}` },
        }),
      );
      reads++;
      await r.body?.cancel();
      // As a server's requests arrive from the network: a reader served from memory would otherwise chain
      // microtasks and never let a writer's transaction through.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  const started = performance.now();
  await Promise.all([
    ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
    ...Array.from({ length: READERS }, (_, k) => reader(k)),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const atEnd = await sizeOf(wal);
  largest = Math.max(largest, atEnd);
  console.log(
    `\nWrite-ahead log under sustained writes (${WRITERS} writers, ${READERS} readers, ${SECONDS} s)`,
  );
  console.log(
    `  writes filed          ${writes} (${(writes / elapsed).toFixed(0)}/s), refused ${refused}${
      refused ? ` (${[...refusals].map(([st, k]) => `${k} × ${st}`).join(", ")})` : ""
    }`,
  );
  console.log(`  longest write         ${longestWrite.toFixed(0)} ms`);
  console.log(`  reads                 ${reads} (${(reads / elapsed).toFixed(0)}/s)`);
  console.log(`  database              ${mib(await sizeOf(database.path!))}`);
  console.log(`  largest log seen      ${mib(largest)}`);
  console.log(`  log at the end        ${mib(atEnd)}`);
}

// 3. Another program's long read during sustained writes: the log cannot be cut back while it reads.
{
  const token = (await (await signIn("employee@demo.example", config.demoPassword)).json()).data.token;
  const wal = `${database.path}-wal`;
  const other = new Database(database.path!);
  other.exec("BEGIN");
  other.prepare("SELECT count(*) FROM employees").get();
  const readerEnds = performance.now() + READ_SECONDS * 1000;
  const until = readerEnds + 2000;
  let writes = 0;
  let refused = 0;
  let longest = 0;
  let largest = 0;
  let atRelease = 0;
  let released = false;
  const sampler = setInterval(async () => {
    largest = Math.max(largest, await sizeOf(wal));
    if (!released && performance.now() >= readerEnds) {
      released = true;
      atRelease = await sizeOf(wal);
      other.exec("COMMIT");
      other.close();
    }
  }, 50);
  const writer = async (w: number) => {
    let n = 0;
    while (performance.now() < until) {
      const entry = slot(n++ * WRITERS + w, 13);
      const sent = performance.now();
      const r = await app.fetch(
        new Request("http://bench/api/v1/portal/employee/time-entries", {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ ...entry, description: "bench" }),
        }),
      );
      longest = Math.max(longest, performance.now() - sent);
      if (r.status === 201) writes++;
      else refused++;
      await r.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  clearInterval(sampler);
  const twoSecondsLater = await sizeOf(wal);
  console.log(`\nAnother program reads for ${READ_SECONDS} s during sustained writes (${WRITERS} writers)`);
  console.log(`  writes filed          ${writes}, refused ${refused}`);
  console.log(`  longest write         ${longest.toFixed(0)} ms`);
  console.log(`  largest log seen      ${mib(largest)}`);
  console.log(`  log when it let go    ${mib(atRelease)}`);
  console.log(`  log 2 s later         ${mib(twoSecondsLater)}`);
}

// 4. A connector call during another program's lock: one lock wait per call.
{
  const now = Date.now();
  const [u] = await deps.db.select({ id: users.id }).from(users).where(
    eq(users.email, "employee@demo.example"),
  );
  await deps.db.insert(oauthClients).values({
    id: "bench-lock",
    name: "Bench assistant",
    type: "PUBLIC",
    tokenEndpointAuthMethod: "none",
    redirectUris: "[]",
    grantTypes: "[]",
    createdBy: "ADMIN",
    createdAt: now,
  });
  const [conn] = await deps.db.insert(oauthConnections).values({
    clientId: "bench-lock",
    userId: u.id,
    scopes: "self:read self:write",
    createdAt: now,
  }).returning({ id: oauthConnections.id });
  const token = (await issueAccessToken(deps, {
    userId: u.id,
    clientId: "bench-lock",
    connectionId: conn.id,
    scopes: ["self:read", "self:write"],
  })).accessToken;
  const call = () =>
    app.fetch(
      new Request("http://bench/api/mcp", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2025-06-18",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "whoami", arguments: {} },
        }),
      }),
    );
  await (await call()).body?.cancel();
  const LOCK_SECONDS = Number(opts["lock-seconds"]);
  const other = new Database(database.path!);
  other.exec("BEGIN IMMEDIATE");
  const lockEnds = setTimeout(() => {
    other.exec("ROLLBACK");
    other.close();
  }, LOCK_SECONDS * 1000);
  const sent = performance.now();
  const r = await call();
  const took = performance.now() - sent;
  const text = await r.text();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, LOCK_SECONDS * 1000 - took) + 50));
  clearTimeout(lockEnds);
  const after = await call();
  console.log(
    `\nA connector call during another program's ${LOCK_SECONDS} s lock (DATABASE_LOCK_WAIT_MS ${config.databaseLockWaitMs})`,
  );
  console.log(
    `  answered after        ${(took / 1000).toFixed(1)} s: ${
      /busy/.test(text) ? "busy, nothing saved" : text.slice(0, 80)
    }`,
  );
  console.log(
    `  after the lock        ${after.status} ${
      /"isError":true/.test(await after.text()) ? "(refused)" : "(answered)"
    }`,
  );
}

// 5. Memory of 32 concurrent sign-ins with a wrong password.
{
  // From 32 source addresses (as the server's peer), so the per-address slow-down is not what answers them.
  const attempt = (i: number) =>
    app.fetch(
      new Request("http://bench/api/v1/portal/auth/sessions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "employee@demo.example", password: `wrong-${i}` }),
      }),
      { remoteAddr: { hostname: `198.51.100.${i + 1}` } },
    );
  const before = Deno.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => peak = Math.max(peak, Deno.memoryUsage().rss), 5);
  const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => attempt(i)));
  clearInterval(sampler);
  peak = Math.max(peak, Deno.memoryUsage().rss);
  const byStatus = new Map<number, number>();
  for (const r of answers) {
    byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    await r.body?.cancel();
  }
  console.log(`\nMemory of 32 sign-ins at once with a wrong password`);
  console.log(`  resident before       ${mib(before)}`);
  console.log(`  resident at the peak  ${mib(peak)} (+${mib(peak - before)})`);
  console.log(
    `  answers               ${[...byStatus].sort().map(([s, n]) => `${n} × ${s}`).join(", ")}`,
  );
}

await checkpoints.stop();
database.close();
console.log(`\nWrite-ahead log after a clean stop: ${mib(await sizeOf(`${database.path}-wal`))}`);
await Deno.remove(dir, { recursive: true });
