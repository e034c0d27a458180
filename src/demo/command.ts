/**
 * `hr-service demo`: creates the demo organisation in an empty database and exits. `serve` runs it at a new
 * installation's first start (src/demo/at_start.ts); it loads the configuration, the database and the demo's
 * builders, none of the service.
 */
import type { Io } from "../stdio.ts";
import { createLogger } from "../log.ts";
import { openMigrated, readConfig } from "../opening.ts";
import { createDemo } from "./at_start.ts";
import { hasData } from "./has_data.ts";

export async function runDemoCommand(
  env: Record<string, string>,
  io: Pick<Io, "out" | "err">,
): Promise<number> {
  const config = await readConfig(env, io);
  if (typeof config === "number") return config;
  // Standard output says what was created; log lines go to standard error.
  const log = createLogger(config.logLevel, (line) => io.err(`${line}\n`));
  const opened = await openMigrated(config, log, io, false);
  if (typeof opened === "number") return opened;
  const { database, diskFull } = opened;
  for (const report of opened.reports) log.warn(report);
  try {
    if (!await hasData(database.db) && await createDemo(database, config, log, io.out)) return 0;
    io.err("The database already holds people: the demo organisation is created only in an empty one.\n");
    return 1;
  } catch (e) {
    // Nothing of it was saved (the demo is one transaction).
    const full = await diskFull(e);
    if (!full) throw e;
    io.err(`${full.message}\n`);
    return full.exitCode;
  } finally {
    database.close();
  }
}
