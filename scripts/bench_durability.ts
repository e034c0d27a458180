/**
 * The durability half of `deno task bench`: two figures that are about bounds, not speed, measured on the
 * whole app over a demo database file with WAL checkpoints in their worker thread, as `main.ts serve` runs it.
 *
 * 1. **Write-ahead log under sustained writes.** For --seconds (default 20) writers file time entries as fast
 *    as the service takes them while readers read summaries, each a turn per request (readers keep a
 *    checkpoint from resetting the log, the hard case). The log's size is sampled every 50 ms; printed: writes
 *    per second, the largest log seen, the log at the end and after a clean stop. Bound: about 64 MiB
 *    (`src/db/checkpointer.ts`).
 * 2. **Memory of 32 sign-ins at once with a wrong password.** Each password hash (scrypt) takes about 32 MiB;
 *    the service hashes two at a time and queues the rest. Printed: resident memory before, at its peak while
 *    the 32 are answered, and how they were answered.
 *
 * Options: --seconds=20 --writers=8 --readers=8. Nothing is asserted: the figures are read off the output.
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

const { values: opts } = parseArgs({
  args: Deno.args,
  options: {
    seconds: { type: "string", default: "20" },
    writers: { type: "string", default: "8" },
    readers: { type: "string", default: "8" },
  },
});
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
});
const database = await openDatabase(config.databaseUrl);
await migrate(database.client);
await seedDemo(database.db, { clock: systemClock, password: config.demoPassword, config });
const deps: AppDeps = { config, database, db: database.db, clock: systemClock, log: createLogger("error") };
const checkpoints = await startBackgroundCheckpoints(database, { log: deps.log });
if (!checkpoints) throw new Error("background checkpoints did not start");
const app = createApp(deps);

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
  let reads = 0;
  let largest = 0;
  const sampler = setInterval(async () => {
    largest = Math.max(largest, await sizeOf(wal));
  }, 50);
  const writer = async (w: number) => {
    let n = 0;
    while (performance.now() < until) {
      // A new day per entry (far in the future, so the week and its rules never fill up).
      const day = new Date(Date.UTC(2030 + w, 0, 1) + n++ * 86_400_000).toISOString().slice(0, 10);
      const r = await app.fetch(
        new Request("http://bench/api/v1/portal/employee/time-entries", {
          method: "POST",
          headers: {
            Authorization: `Bearer ${tokens[w % tokens.length]}`,
            "Content-Type": "application/json",
          },
          body: JSON.stringify({ date: day, startTime: "08:00", endTime: "08:30", description: "bench" }),
        }),
      );
      if (r.status === 201) writes++;
      else if (refused++ === 0) console.log(`  first refusal: ${r.status} ${await r.clone().text()}`);
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
  console.log(`  writes filed          ${writes} (${(writes / elapsed).toFixed(0)}/s), refused ${refused}`);
  console.log(`  reads                 ${reads} (${(reads / elapsed).toFixed(0)}/s)`);
  console.log(`  database              ${mib(await sizeOf(database.path!))}`);
  console.log(`  largest log seen      ${mib(largest)}`);
  console.log(`  log at the end        ${mib(atEnd)}`);
}

// 2. Memory of 32 concurrent sign-ins with a wrong password.
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
