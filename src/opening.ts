/**
 * What `serve` and `hr-service demo` do before anything else: read the configuration, check the database file,
 * open it and apply the migrations, each failure said in one line with its exit code. A module of its own so
 * the demo's process loads none of the service.
 */
import { type Config, ConfigError, loadConfig, withEnvFile } from "./config.ts";
import { type Database, openDatabase, permissionWarnings } from "./db/client.ts";
import { DatabaseNewerError, migrate } from "./db/migrate.ts";
import { diskFullProblem, localPath, preflight, type PreflightProblem } from "./db/preflight.ts";
import type { Logger } from "./log.ts";
import type { Io } from "./stdio.ts";

/** Where a command says what went wrong. */
type ErrorOut = Pick<Io, "err">;

/** The configuration from `env` and the env file it names, or exit code 2 once the problem is said. */
export async function readConfig(env: Record<string, string>, io: ErrorOut): Promise<Config | number> {
  try {
    const read = await withEnvFile(env);
    // Before the settings are checked: a file others may read has given its secrets away even when a
    // setting in it is wrong. On standard error, as every warning, before any logger exists.
    for (const warning of read.warnings) io.err(`${warning}\n`);
    return loadConfig(read.env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    io.err(`${e.message}\n`);
    return 2;
  }
}

/** An open, migrated database and how to tell a full disk in a later failure. */
export interface Opened {
  database: Database;
  /** The full disk behind an error, if that is what it was (a local file only). */
  diskFull(error: unknown): Promise<PreflightProblem | null>;
  /** What the migrations just applied say an administrator must know (`migrate`'s `-- Report:` lines). */
  reports: string[];
}

/**
 * Opens the configured database and applies pending migrations. A damaged, read-only or foreign file is
 * refused before anything writes to it, a database made by a newer version exits 3, and a full disk (a new
 * installation's first write may be where it shows) is said as such: the exit code once said.
 */
export async function openMigrated(
  config: Config,
  log: Logger,
  io: ErrorOut,
  /** False for the demo's process, which `serve` starts after it has warned. */
  warnOfPermissions = true,
): Promise<Opened | number> {
  if (warnOfPermissions) {
    for (const warning of await permissionWarnings(config.databaseUrl)) {
      log.warn("database files too open", { warning });
    }
  }
  const problem = await preflight(config.databaseUrl);
  if (problem) {
    io.err(`${problem.message}\n`);
    return problem.exitCode;
  }
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
  let reports: string[];
  try {
    const migrated = await migrate(database.client);
    reports = migrated.reports;
    if (migrated.applied.length) log.info("migrations applied", { applied: migrated.applied });
  } catch (e) {
    database.close();
    if (e instanceof DatabaseNewerError) {
      io.err(`${e.message}\n`);
      return 3;
    }
    const full = await diskFull(e);
    if (!full) throw e;
    io.err(`${full.message}\n`);
    return full.exitCode;
  }
  return { database, diskFull, reports };
}
