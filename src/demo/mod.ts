/**
 * The demo organisation: seeds a fictional Swiss company into an empty database so the portal, the
 * connector and the pages can be tried (and tested) against realistic data at once.
 *
 * Why it is built this way:
 * - Only an empty database is seeded (no users and no employees): the seed must never mix invented people
 *   into a real installation. A database with any user or employee is left untouched.
 * - Everything is relative to the clock's "now" (this and last year) and drawn from a seeded random
 *   source, so the same clock gives the same organisation (ids included; only password salts differ).
 * - The rows are assembled in memory first, then written in one write transaction with multi-row inserts,
 *   which keeps the whole seed well under the few seconds a first start may take on a small machine.
 * - The configuration (settings, leave types, closures, school holidays, documents) is written through the
 *   configuration file's sections (`config.ts`), the code `org apply` and the HR console use, so the demo holds
 *   nothing an organisation could not set up itself.
 * - People, salaries and payslips are written by the services HR uses (`services.ts`): the employee file's
 *   records, salary changes and payroll's payslips.
 * - Leave requests are computed with the domain rules (`computeLeaveDays`), so the demo never
 *   contradicts what the service itself would compute.
 */
import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Clock } from "../clock.ts";
import { hashPassword, type ScryptCost } from "../signin/password.ts";
import type { Db } from "../db/client.ts";
import { buildCalendar } from "./calendar.ts";
import { hasData } from "./has_data.ts";
import { users } from "../db/schema/mod.ts";
import {
  applyDemoConfiguration,
  applyDemoOnboardingTemplate,
  CONFIG_TABLES,
  withConfigIds,
} from "./config.ts";
import { type Config, loadConfig } from "../config.ts";
import { DemoContext } from "./context.ts";
import { buildDocuments } from "./documents.ts";
import { buildExtras } from "./extras.ts";
import { buildLeave } from "./leave.ts";
import { type AccountKey, buildAccounts, buildOrganisation, DEMO_ACCOUNTS, registerAccounts } from "./org.ts";
import { buildPayslips } from "./pay.ts";
import { buildRecruiting } from "./recruiting.ts";
import { buildSickLeave } from "./sick.ts";
import { SERVICE_TABLES, writeThroughServices } from "./services.ts";
import { buildTimeEntries } from "./time.ts";

export { DEMO_ACCOUNTS, DEMO_COMPANY, DEMO_DOMAIN, KEY as DEMO_PEOPLE, PLATFORM_TEAM } from "./org.ts";
export { GATED_APPLICATION_ID, READY_APPLICATION_ID, REFERENCE_CHECK } from "./recruiting.ts";
export { REJECTION_NOTE } from "./time.ts";
export { DEMO_DOCUMENTS } from "./documents.ts";
export { minimalPdf } from "./pay.ts";

/** What `seedDemo` did: whether it wrote anything, and the sign-in accounts it created. */
export interface SeedResult {
  seeded: boolean;
  accounts: { email: string; role: string }[];
}

export { hasData } from "./has_data.ts";

/**
 * Builds the whole demo in memory for a given instant (pure and deterministic apart from the password
 * hashes passed in). Exposed for tests that want to look at the rows without a database.
 */
export function buildDemo(now: number, hashes: Record<AccountKey, string>): DemoContext {
  const ctx = new DemoContext(now);
  registerAccounts(ctx);
  buildOrganisation(ctx);
  buildAccounts(ctx, hashes);
  buildCalendar(ctx);
  buildSickLeave(ctx);
  const leave = buildLeave(ctx);
  buildTimeEntries(ctx);
  buildPayslips(ctx);
  buildRecruiting(ctx);
  buildDocuments(ctx);
  buildExtras(ctx, leave);
  return ctx;
}

/** SQLite allows 32 766 bound parameters per statement; stay well below it. */
const MAX_PARAMS = 16_000;

/**
 * Seeds the demo organisation into an empty database and returns its sign-in accounts (all with
 * `opts.password`). Returns `{ seeded: false, accounts: [] }` and writes nothing when the database already
 * holds a user or an employee (checked again inside the write transaction, so two concurrent starts cannot
 * both seed).
 */
export async function seedDemo(
  db: Db,
  opts: { clock: Clock; password: string; config?: Config; passwordCost?: ScryptCost },
): Promise<SeedResult> {
  if (await hasData(db)) return { seeded: false, accounts: [] };
  const keys = Object.keys(DEMO_ACCOUNTS) as AccountKey[];
  // scrypt runs on the thread pool: hash the six accounts while the rows are being built.
  const hashing = Promise.all(keys.map(() => hashPassword(opts.password, opts.passwordCost)));
  const placeholder = Object.fromEntries(keys.map((k) => [k, ""])) as Record<AccountKey, string>;
  const ctx = buildDemo(opts.clock.now(), placeholder);
  const hashes = await hashing;
  const hashByUserId = new Map(keys.map((k, i) => [ctx.user(k), hashes[i]]));

  const seeded = await db.transaction(async (tx) => {
    if (await hasData(tx)) return false;
    // The configuration goes in as an organisation's own does: through the configuration file's sections.
    const rowsOf = (t: SQLiteTable) => ctx.rows.entries().find((e) => e.table === t)?.rows ?? [];
    const configDeps = { clock: opts.clock, config: opts.config ?? loadConfig({}) };
    const ids = await applyDemoConfiguration(tx, configDeps, rowsOf);
    for (const { table, rows } of ctx.rows.entries()) {
      if (rows.length === 0 || CONFIG_TABLES.has(table)) continue;
      // People, salaries and payslips go in through the services HR uses (`services.ts`).
      if (SERVICE_TABLES.has(table)) {
        await writeThroughServices(tx, opts.clock, table, rows, rowsOf);
        continue;
      }
      const values =
        (table === users ? rows.map((r) => ({ ...r, passwordHash: hashByUserId.get(r.id as string) })) : rows)
          .map((r) => withConfigIds(r, ids));
      const perChunk = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(getTableColumns(table)).length));
      for (let i = 0; i < values.length; i += perChunk) {
        await tx.insert(table as SQLiteTable).values(values.slice(i, i + perChunk) as never);
      }
    }
    await applyDemoOnboardingTemplate(tx, configDeps);
    return true;
  });
  if (!seeded) return { seeded: false, accounts: [] };
  return {
    seeded: true,
    accounts: keys.map((k) => ({ email: DEMO_ACCOUNTS[k].email, role: DEMO_ACCOUNTS[k].role })),
  };
}
