/**
 * The service and its commands: `serve` (default) runs the service; other subcommands administer an
 * installation. With `main.ts`, the only module that reads the environment and the command line.
 */
import { differencesFromService, logStartWarnings, servedWith } from "./config.ts";
import { getSetting, setSetting } from "./settings.ts";
import { startCheckpointsOnDemand } from "./db/checkpointer.ts";
import { createLogger } from "./log.ts";
import { systemClock } from "./clock.ts";
import { createApp } from "./app.ts";
import { preloadConnector } from "./mcp/mod.ts";
import { hasData } from "./demo/has_data.ts";
import { createDemoAtStart } from "./demo/at_start.ts";
import { openMigrated, readConfig } from "./opening.ts";
import { ensureStandardLeaveTypes, hasLeaveTypes } from "./services/leave_types.ts";
import { smtpTransport } from "./mail/smtp.ts";
import { startMailWorker } from "./mail/worker.ts";
import { sendersFrom, startPushWorker } from "./push/outbox.ts";
import type { Io } from "./cli/mod.ts";
import { stdio } from "./stdio.ts";
import { checkListen, EXIT_CANNOT_LISTEN } from "./listen.ts";
import { countExchanges, listenForStop, stopOnSignal } from "./shutdown.ts";
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
  demo         Create the demo organisation in an empty database and exit (serve does it
               at a first start).
  healthcheck  Exit 0 when the local service answers /healthz (for container health checks).
  help         Show this help.

Administration (each has --help):
${(await cli()).overview()}

Configuration is read from the environment and from the env file HR_SERVICE_ENV_FILE names (default
/etc/hr-service.env, when it exists; the environment wins); see the README's configuration table.`;

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
  if (command === "demo") return await (await import("./demo/command.ts")).runDemoCommand(env, io);
  const own = ["serve", "migrate"].includes(command);
  const commands = own ? undefined : await cli();
  const admin = commands?.findCommand(args);
  if (!admin && !own) {
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
  const config = await readConfig(env, io);
  if (typeof config === "number") return config;
  if (command === "serve") {
    // Before the database is touched: a port another program holds is a one-line refusal, not a stack trace
    // after the migrations and the demo.
    const problem = checkListen(config.host, config.port);
    if (problem) {
      io.err(`${problem}\n`);
      return EXIT_CANNOT_LISTEN;
    }
  }
  // The service logs to standard output as services do; a command's standard output is its data (an export
  // piped to a file), so its log lines go to standard error.
  const log = createLogger(config.logLevel, command === "serve" ? undefined : (line) => io.err(`${line}\n`));
  if (command === "serve") logStartWarnings(config, log);
  if (config.faultStopAt) {
    log.warn(
      "FAULT_STOP_AT is set: a testing aid that kills this process in the middle of connector commits",
      {
        phase: config.faultStopAt,
      },
    );
  }
  const opened = await openMigrated(config, log, io);
  if (typeof opened === "number") return opened;
  const { database, diskFull } = opened;

  if (command === "migrate") {
    for (const report of opened.reports) io.out(`${report}\n`);
    io.out("The database is up to date.\n");
    database.close();
    return 0;
  }
  // A command or the service that upgraded the database says it in its log (standard error).
  for (const report of opened.reports) log.warn(report);
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
    if (config.demoData && !await hasData(database.db)) {
      // In a process of its own when it may (src/demo/at_start.ts): the service does not keep its pages.
      const code = await createDemoAtStart(database, config, log, env, io);
      if (code !== 0) {
        database.close();
        return code;
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
  // Listened for before the port opens: whoever reads "listening" may send SIGTERM at once.
  const signalled = listenForStop();
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

  // Graceful shutdown (src/shutdown.ts): every request received is answered (in-flight ones finish, later ones
  // and bodies still arriving get 503 service_stopping), 20 s at most; then the workers stop and the database
  // is closed.
  await Promise.race([server.finished, stopOnSignal(signalled, server, exchanges, log)]);
  worker?.stop();
  pushWorker?.stop();
  transport?.close();
  await checkpoints?.stop();
  database.close();
  log.info("stopped");
  return 0;
}
