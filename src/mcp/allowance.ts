/**
 * The daily person-record allowance (contract, "Limits"): the distinct person records a connection touched
 * in a UTC day are counted in `person_touches`; a read that would take the count beyond the installation's
 * allowance (setting `personRecordDailyAllowance`, default 1000) is refused until the next UTC day. People
 * already counted today may be read again. A connection that reaches 50 different people in a day is also
 * recorded in `export_records`.
 *
 * The check runs after the handler (only then is it known whom the result concerns) and before the result
 * leaves: a refused read returns nothing. Checks of one connection run one at a time in this process, so
 * concurrent reads cannot both squeeze under the allowance; facts already stored are cached in memory, so a
 * repeated read of the same people (an assistant's usual pattern) costs no query at all.
 */
import type { AppDeps } from "../deps.ts";
import { isoDay } from "../clock.ts";
import { refusal } from "../errors.ts";
import { getSetting } from "../settings.ts";
import { keptRead } from "../db/local.ts";
import { type Stmt, writerOf } from "./writer.ts";
import type { RawStatements } from "../db/raw_sql.ts";

/** Contract, "Limits": 50 or more different people in a day is additionally recorded as an export. */
export const EXPORT_THRESHOLD = 50;

/** Person records among a result's touched ids: employee ids are plain; other records are `kind:id`. */
export function personIds(touched: readonly string[] | undefined): string[] {
  // Most results concern one person, the caller: no set to build for them.
  if (touched?.length === 1) return touched[0] && !touched[0].includes(":") ? [touched[0]] : [];
  return [...new Set((touched ?? []).filter((t) => t && !t.includes(":")))];
}

/**
 * Which of the touched ids (a JSON list) are person records, which of those the connection already counted
 * on the day, and the day's count so far.
 */
const TOUCHED_SQL = `SELECT e.id, t.employee_id IS NOT NULL AS seen,
    (SELECT count(*) FROM person_touches WHERE connection_id = ? AND day = ?) AS n
  FROM employees e
  LEFT JOIN person_touches t ON t.connection_id = ? AND t.day = ? AND t.employee_id = e.id
  WHERE e.id IN (SELECT value FROM json_each(?))`;

/** A person counted for a connection on a day (once). */
const TOUCH_SQL =
  "INSERT INTO person_touches (connection_id, day, employee_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING";

/** The day's export record of a connection, its count of people made current. */
const EXPORT_RECORD_SQL =
  `INSERT INTO export_records (id, connection_id, user_id, day, person_count, recorded_at)
  VALUES (?, ?, ?, ?, (SELECT count(*) FROM person_touches WHERE connection_id = ? AND day = ?), ?)
  ON CONFLICT (connection_id, day) DO UPDATE SET person_count = excluded.person_count`;

const DAY_MS = 86_400_000;
/** The UTC day last asked for, with its bounds: every checked read asks, nearly always for the same day. */
let lastDay = { start: 0, end: 0, day: "" };

function utcDay(now: number): string {
  if (now < lastDay.start || now >= lastDay.end) {
    const start = Math.floor(now / DAY_MS) * DAY_MS;
    lastDay = { start, end: start + DAY_MS, day: isoDay(start) };
  }
  return lastDay.day;
}

interface DayState {
  day: string;
  seen: Set<string>;
  queue: Promise<unknown>;
}

const states = new WeakMap<object, Map<string, DayState>>();

function stateOf(deps: AppDeps, connectionId: string, day: string): DayState {
  let m = states.get(deps.db);
  if (!m) states.set(deps.db, m = new Map());
  let st = m.get(connectionId);
  if (!st || st.day !== day) {
    if (m.size > 10_000) m.clear();
    st = { day, seen: new Set(), queue: Promise.resolve() };
    m.set(connectionId, st);
  }
  return st;
}

/**
 * Counts the people a result concerns against the connection's allowance for today (UTC). Throws a
 * refusal when they would exceed it; otherwise records them (and the export, at 50).
 */
export function checkPersonAllowance(
  deps: AppDeps,
  c: { connectionId: string; userId: string },
  touched: readonly string[] | undefined,
): Promise<void> {
  const people = personIds(touched);
  if (!people.length) return Promise.resolve();
  const day = utcDay(deps.clock.now());
  const st = stateOf(deps, c.connectionId, day);
  if (people.every((p) => st.seen.has(p))) return Promise.resolve();
  const run = st.queue.then(() => check(deps, c, day, st, people));
  st.queue = run.catch(() => undefined);
  return run;
}

async function check(
  deps: AppDeps,
  c: { connectionId: string; userId: string },
  day: string,
  st: DayState,
  touched: string[],
): Promise<void> {
  let people = touched;
  // Which of the touched ids are person records (employees), which of those are already counted today,
  // and today's count: one query.
  const r = await deps.database.client.execute({
    sql: TOUCHED_SQL,
    args: [c.connectionId, day, c.connectionId, day, JSON.stringify(people)],
  });
  const rows = r.rows as unknown as { id: string; seen: number; n: number }[];
  // Ids that are no person record need no counting: remember them like people already counted.
  const persons = new Set(rows.map((row) => String(row.id)));
  for (const id of touched) if (!persons.has(id)) st.seen.add(id);
  if (!rows.length) return;
  const counted = Number(rows[0].n);
  for (const row of rows) if (Number(row.seen)) st.seen.add(String(row.id));
  people = [...persons];
  const fresh = people.filter((p) => !st.seen.has(p));
  if (!fresh.length) return;
  // Read again only after the settings changed: every connection's first result of the day asks for it.
  const allowance = await keptRead(
    deps.database.client,
    ["settings"],
    "personRecordDailyAllowance",
    () => getSetting(deps, "personRecordDailyAllowance"),
  );
  const total = counted + fresh.length;
  if (total > allowance) {
    throw refusal(
      "rate_limited",
      "connector.allowanceReached",
      { allowance, counted, more: fresh.length },
      { retryAfter: Math.ceil((Date.parse(`${day}T00:00:00Z`) + 86_400_000 - deps.clock.now()) / 1000) },
    );
  }
  const writer = writerOf(deps);
  const stmts: Stmt[] = fresh.map((p) => ({
    sql: TOUCH_SQL,
    args: [c.connectionId, day, p],
  }));
  if (total >= EXPORT_THRESHOLD) {
    stmts.push({
      sql: EXPORT_RECORD_SQL,
      args: [crypto.randomUUID(), c.connectionId, c.userId, day, c.connectionId, day, deps.clock.now()],
    });
  }
  await writer.runAll(stmts);
  for (const p of fresh) st.seen.add(p);
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { TOUCHED_SQL, TOUCH_SQL, EXPORT_RECORD_SQL };
