/**
 * The demo organisation of a new installation, created at its first start.
 *
 * `serve` has it created by a process of its own, `hr-service demo`, that ends before the service listens:
 * creating the organisation runs code and fills V8's heap and the C library's with what the service never
 * needs again, and a process keeps most of those pages for its lifetime (about 12 MB, docs/performance.md).
 * Where `serve` may not start a process (no run permission for its own executable) or the database is not a
 * file, it creates the demo itself, as `hr-service demo` does.
 */
import type { Io } from "../stdio.ts";
import { fileURLToPath } from "node:url";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../log.ts";
import { systemClock } from "../clock.ts";
import { hasData } from "./has_data.ts";

/**
 * Creates the demo organisation in this process and says which accounts sign in; false when the database
 * held people after all (another start created it meanwhile). The rows are then copied back from the
 * write-ahead log (about 2.4 MB): the service's checkpoint watch then finds an empty log and does not start
 * its worker, a second isolate, for them.
 */
export async function createDemo(
  database: Database,
  config: Config,
  log: Logger,
  out: (text: string) => void,
): Promise<boolean> {
  const started = performance.now();
  const { seedDemo } = await import("./mod.ts");
  const r = await seedDemo(database.db, { clock: systemClock, password: config.demoPassword, config });
  if (!r.seeded) return false;
  if (database.path) await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  log.info("demo organisation created", { ms: Math.round(performance.now() - started), pid: Deno.pid });
  out(
    `\nDemo organisation created. Sign in with one of these accounts and the password "${config.demoPassword}":\n` +
      r.accounts.map((a) => `  ${a.email.padEnd(28)} ${a.role}`).join("\n") + "\n",
  );
  return true;
}

/** The permissions `hr-service demo` needs when run by `deno run`: the database, its settings, libSQL. */
const DEMO_PERMISSIONS = ["--allow-read", "--allow-write", "--allow-env", "--allow-ffi", "--allow-sys"];

/**
 * How this program runs `hr-service demo`: the executable itself when compiled (its permissions are built
 * in), otherwise Deno with the project's entry point and configuration. The project's `node_modules` is
 * used as this process found it (`manual`): checking it against the lock file again, as `auto` does, takes
 * Deno about two seconds.
 */
export function demoCommand(): { command: string; args: string[] } {
  if (Deno.build.standalone) return { command: Deno.execPath(), args: ["demo"] };
  const project = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
  let packages = false;
  try {
    packages = Deno.statSync(project("node_modules")).isDirectory;
  } catch {
    // None: Deno's own cache, as the configuration says.
  }
  return {
    command: Deno.execPath(),
    args: [
      "run",
      ...DEMO_PERMISSIONS,
      "--config",
      project("deno.json"),
      ...(packages ? ["--node-modules-dir=manual"] : []),
      project("main.ts"),
      "demo",
    ],
  };
}

/**
 * Creates the demo organisation for `serve` on an empty database: in a process of its own when the database
 * is a file (a database in memory is this process's own) and this process may start it, in this one
 * otherwise. `env` is the configuration's environment, which the process gets as this one read it. Returns 0
 * when the database now holds an organisation, else the exit code of the process that failed (what it said
 * is passed on).
 */
export async function createDemoAtStart(
  database: Database,
  config: Config,
  log: Logger,
  env: Record<string, string>,
  io: Pick<Io, "out" | "err">,
): Promise<number> {
  const { command, args } = demoCommand();
  if (!database.path || (await Deno.permissions.query({ name: "run", command })).state !== "granted") {
    await createDemo(database, config, log, io.out);
    return 0;
  }
  const r = await new Deno.Command(command, { args, env, stdin: "null", stdout: "piped", stderr: "piped" })
    .output();
  const decoder = new TextDecoder();
  if (r.stderr.length) io.err(decoder.decode(r.stderr));
  if (r.stdout.length) io.out(decoder.decode(r.stdout));
  // Another start may have created it meanwhile: the service then starts on that organisation.
  return r.code === 0 || await hasData(database.db) ? 0 : r.code;
}
