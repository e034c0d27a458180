/**
 * The service and its commands: `serve` (default) runs the service; other subcommands administer an
 * installation. With `main.ts`, the only module that reads the environment and the command line.
 */
import {
  ConfigError,
  differencesFromService,
  loadConfig,
  logStartWarnings,
  servedWith,
  withEnvFile,
} from "./config.ts";
import { getSetting, setSetting } from "./settings.ts";
import { openDatabase, permissionWarnings } from "./db/client.ts";
import { startCheckpointsOnDemand } from "./db/checkpointer.ts";
import { DatabaseNewerError, migrate } from "./db/migrate.ts";
import { createLogger } from "./log.ts";
import { systemClock } from "./clock.ts";
import { createApp } from "./app.ts";
import { preloadConnector } from "./mcp/mod.ts";
import { hasData } from "./demo/has_data.ts";
import { diskFullProblem, localPath, preflight } from "./db/preflight.ts";
import { ensureStandardLeaveTypes, hasLeaveTypes } from "./services/leave_types.ts";
import { smtpTransport } from "./mail/smtp.ts";
import { startMailWorker } from "./mail/worker.ts";
import { sendersFrom, startPushWorker } from "./push/outbox.ts";
import type { Io } from "./cli/mod.ts";
import { checkListen, EXIT_CANNOT_LISTEN } from "./listen.ts";
import { countExchanges, stopOnSignal } from "./shutdown.ts";
import { collectGarbage } from "./start_garbage.ts";
import { loadOnFirstUse } from "./first_use.ts";

/**
 * The commands and the demo's builders are loaded when they are used: `serve` on an installation that has
 * its people needs neither, and an idle service holds about 1 MB less without them (docs/performance.md).
 */
const cli = () => import("./cli/mod.ts");

const USAGE = async () =>
  `Usage: hr-service <command> [options]

Service:
  serve        Run the service (default). Applies migrations first; creates the demo
               organisation on an empty database unless DEMO_DATA=false.
  migrate      Apply pending database migrations and exit.
  healthcheck  Exit 0 when the local service answers /healthz (for container health checks).
  help         Show this help.

Administration (each has --help):
${(await cli()).overview()}

Configuration is read from the environment and from the env file HR_SERVICE_ENV_FILE names (default
/etc/hr-service.env, when it exists; the environment wins); see the README's configuration table.`;

/** Standard input and output: what the executable uses; tests pass their own. */
export const stdio: Io = {
  out: (t: string) => void Deno.stdout.writeSync(new TextEncoder().encode(t)),
  err: (t: string) => void Deno.stderr.writeSync(new TextEncoder().encode(t)),
  readStdin: async () => await new Response(Deno.stdin.readable).text(),
};

/**
 * Runs a command line (without the program name) with the environment given; returns the exit code. The
 * executable passes its own environment and standard streams; tests run the README's commands this way.
 */
export async function main(
  args: string[],
  env: Record<string, string> = Deno.env.toObject(),
  io: Io = stdio,
): Promise<number> {
  const [command = "serve"] = args;
  if (command === "help" || command === "--help" || command === "-h") {
    io.out(`${await USAGE()}\n`);
    return 0;
  }
  const commands = ["serve", "migrate"].includes(command) ? undefined : await cli();
  const admin = commands?.findCommand(args);
  if (!admin && !["serve", "migrate"].includes(command)) {
    io.err(`Unknown command '${args.join(" ")}'.\n\n${await USAGE()}\n`);
    return 2;
  }
  if (admin && (admin.rest.includes("--help") || admin.rest.includes("-h"))) {
    // Help needs neither configuration nor a database.
    return await commands!.runCommand(undefined as never, admin.command, admin.rest, io);
  }
  if (admin?.command.needsDatabase === false) {
    // Opening the configured database would create and migrate it: `restore` with DATABASE_URL naming its
    // target would then find an empty database in its place and refuse.
    return await commands!.runCommand(undefined as never, admin.command, admin.rest, io);
  }
  let config;
  try {
    config = loadConfig((await withEnvFile(env)).env);
  } catch (e) {
    if (e instanceof ConfigError) {
      io.err(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (command === "serve") {
    // Before the database is touched: a port another program holds is a one-line refusal, not a stack trace
    // after the migrations and the demo.
    const problem = checkListen(config.host, config.port);
    if (problem) {
      io.err(`${problem}\n`);
      return EXIT_CANNOT_LISTEN;
    }
  }
  const log = createLogger(config.logLevel);
  if (command === "serve") logStartWarnings(config, log);
  if (config.faultStopAt) {
    log.warn(
      "FAULT_STOP_AT is set: a testing aid that kills this process in the middle of connector commits",
      {
        phase: config.faultStopAt,
      },
    );
  }
  for (const warning of await permissionWarnings(config.databaseUrl)) {
    log.warn("database files too open", { warning });
  }
  // A damaged, read-only or foreign file is refused before anything writes to it.
  const problem = await preflight(config.databaseUrl);
  if (problem) {
    io.err(`${problem.message}\n`);
    return problem.exitCode;
  }
  // A full disk can also first show here (a new installation's first write): said as such, not as a trace.
  const path = localPath(config.databaseUrl);
  const diskFull = async (e: unknown) => path ? await diskFullProblem(path, e) : null;
  let database;
  try {
    database = await openDatabase(config.databaseUrl, {
      authToken: config.databaseAuthToken,
      synchronous: config.databaseSynchronous,
      lockWaitMs: config.databaseLockWaitMs,
    });
  } catch (e) {
    const full = await diskFull(e);
    if (!full) throw e;
    io.err(`${full.message}\n`);
    return full.exitCode;
  }
  try {
    const { applied } = await migrate(database.client);
    if (applied.length) log.info("migrations applied", { applied });
  } catch (e) {
    if (e instanceof DatabaseNewerError) {
      io.err(`${e.message}\n`);
      database.close();
      return 3;
    }
    const full = await diskFull(e);
    if (full) {
      io.err(`${full.message}\n`);
      database.close();
      return full.exitCode;
    }
    throw e;
  }

  if (command === "migrate") {
    io.out("The database is up to date.\n");
    database.close();
    return 0;
  }
  if (admin) {
    const deps = { config, database, db: database.db, clock: systemClock, log };
    try {
      for (const w of differencesFromService(config, await getSetting(deps, "servedWith"))) io.err(`${w}\n`);
      return await commands!.runCommand(deps, admin.command, admin.rest, io);
    } finally {
      database.close();
    }
  }

  try {
    if (config.demoData) {
      const started = performance.now();
      const r = await hasData(database.db)
        ? { seeded: false, accounts: [] }
        : await (await import("./demo/mod.ts"))
          .seedDemo(database.db, { clock: systemClock, password: config.demoPassword, config });
      if (r.seeded) {
        // The new organisation's rows are all in the write-ahead log (about 2.4 MB). Copied back here, before
        // any request, the log is empty when the checkpoints' watch starts, so it does not start its worker
        // (a second isolate) for them and the idle service does not hold it for its first minute.
        if (database.path) await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        log.info("demo organisation created", { ms: Math.round(performance.now() - started) });
        console.log(
          `\nDemo organisation created. Sign in with one of these accounts and the password "${config.demoPassword}":\n` +
            r.accounts.map((a) => `  ${a.email.padEnd(28)} ${a.role}`).join("\n") + "\n",
        );
      }
    }

    // An installation set up without the demo starts with the standard leave types, so leave can be filed.
    if (!await hasLeaveTypes(database.db)) {
      const created = await ensureStandardLeaveTypes(database.db);
      log.info("standard leave types created", { codes: created });
    }
    // Commands run from another shell compare their settings with these and warn when they differ. Only a
    // help for them: a disk too full to note it must not keep the service from starting (it then serves
    // reads, answers writes 507 and is not ready until space is freed).
    await setSetting(
      { db: database.db, clock: systemClock },
      "servedWith",
      servedWith(config, systemClock.now()),
    ).catch(async (e) => {
      if (!await diskFull(e)) throw e;
      log.warn("the service's settings were not noted for the commands: the disk is full");
    });
  } catch (e) {
    // Nothing of a failed set-up was saved (each is one transaction); the next start does it again.
    const full = await diskFull(e);
    if (!full) throw e;
    io.err(`${full.message}\n`);
    database.close();
    return full.exitCode;
  }

  // Mail: without SMTP_URL messages stay queued (listed by `mail list`); with it, a worker delivers them.
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined;
  const worker = transport
    ? startMailWorker(
      { config, database, db: database.db, clock: systemClock },
      transport,
      config.mailFrom,
      log,
    )
    : undefined;
  // Push: browsers always (the VAPID key made at first start), each phone platform whose settings are
  // complete; the others' pushes stay queued.
  const senders = await sendersFrom(config, { config, database, db: database.db, clock: systemClock }, log);
  const pushWorker = Object.keys(senders).length
    ? startPushWorker(database.db, systemClock, senders, log)
    : undefined;
  // WAL checkpoints in a worker thread, not inside a request's commit, while the database is written; an idle
  // service has no worker (src/db/checkpointer.ts). Watched from here, after the start's own writes (the
  // browsers' push key made at a first start), so those do not start the worker.
  const checkpoints = startCheckpointsOnDemand(database, { log });
  const app = createApp({
    config,
    database,
    db: database.db,
    clock: systemClock,
    log,
    mailKick: worker?.kick,
  });
  const exchanges = countExchanges(app.fetch);
  // The connector's code loads in the background with the first request that is not a health check
  // (src/first_use.ts); an assistant's call that comes first (a token from before a restart) waits for it once,
  // a few hundred milliseconds.
  const handler = config.mcpEnabled
    ? loadOnFirstUse(exchanges.handler, () => {
      preloadConnector().catch((e) => log.error("connector failed to load", { error: String(e) }));
    })
    : exchanges.handler;
  const server = Deno.serve({
    port: config.port,
    hostname: config.host,
    onListen: ({ port }) => {
      log.info("listening", { port, issuer: config.issuer, connector: config.mcpEnabled });
      console.log(`HR service listening on http://localhost:${port} (public origin ${config.issuer})`);
      // The start's garbage is given back (src/start_garbage.ts).
      setTimeout(async () => {
        const started = performance.now();
        if (await collectGarbage()) {
          log.debug("start's garbage collected", { ms: Math.round(performance.now() - started) });
        }
      }, 0);
    },
  }, handler);

  // Graceful shutdown (src/shutdown.ts): stop accepting, let in-flight requests finish, answer a body still
  // arriving with 503, and wait 20 s at most; then stop the workers and close the database.
  await Promise.race([server.finished, stopOnSignal(server, exchanges, log)]);
  worker?.stop();
  pushWorker?.stop();
  transport?.close();
  await checkpoints?.stop();
  database.close();
  log.info("stopped");
  return 0;
}
