/**
 * What every service shares: its dependencies, the caller's own employee record, bounded paging, a write
 * section that serialises check-then-write sequences, names in the caller's language and notifications.
 */
import type { NotificationKind } from "../domain/notifications.ts";
import { eq, sql } from "drizzle-orm";
import { prepared } from "../db/prepared.ts";
import type { AppDeps } from "../deps.ts";
import type { Db } from "../db/client.ts";
import { employees, notifications } from "../db/schema/mod.ts";
import { localDay } from "../clock.ts";
import type { Tx } from "../db/write.ts";
import { fromEpochDay } from "../domain/calendar.ts";
import { type AppError, refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { queuePushes } from "./push_queue.ts";
import { type Lang, LANGS } from "../i18n/mod.ts";

/**
 * What a service needs from the app: the database and the clock (nothing reads globals), and the
 * configuration where it has it (the installation's time zone).
 */
export type ServiceDeps = Pick<AppDeps, "db" | "clock"> & {
  config?: Pick<AppDeps["config"], "timeZone">;
  /**
   * Runs inside a service's write transaction, after its work, before the commit, with what the work returned:
   * the connector records there that a preview was filed and the answer it gets, so the filing and that record
   * commit together or not at all.
   */
  afterWrite?: (tx: Tx, result: unknown) => Promise<void>;
};

export type { Tx } from "../db/write.ts";
export { writeTurn, writeTx } from "../db/write.ts";
/** Either the database or an open transaction: read helpers take both. */
export type Q = Db | Tx;

/** The most rows any list returns (contract: "Rows per list: at most 50"). */
export const MAX_ROWS = 50;

/**
 * Paging input of every list: `limit` 1–50 (default 50), and where to start: `cursor` (a list that has
 * keyset paging) or the older `offset` ≥ 0.
 */
export interface PageInput {
  limit?: number;
  offset?: number;
  cursor?: string;
}

/** A page of a list: the rows and where the next page starts (null on the last page). */
export interface Page<T> {
  items: T[];
  limit: number;
  offset: number;
  nextOffset: number | null;
}

/** A row's place in a list's order: its sort key's values, the row's id last (so no two rows tie). */
export type CursorKey = (string | number)[];

/**
 * A cursor as the app receives it: base64url of the last row's sort key and id as JSON. Opaque to the app;
 * a row's place never moves when rows are added before it, which an offset does.
 */
export function encodeCursor(key: CursorKey): string {
  const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(key))));
  return b64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Reads a cursor made by `encodeCursor` for a list whose key has these value types (the id, a string, last);
 * anything else is a 400 naming the field. A cursor with an offset is refused: they are two ways to start.
 */
export function decodeCursor(input: PageInput, types: ("string" | "number")[]): CursorKey | null {
  if (input.cursor === undefined) return null;
  if (input.offset !== undefined) {
    throw refusal("validation", "page.cursorAndOffset", {}, { field: "query.offset" });
  }
  let key: unknown;
  try {
    const b64 = input.cursor.replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    key = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    key = undefined;
  }
  if (
    !Array.isArray(key) || key.length !== types.length || key.some((v, i) => typeof v !== types[i])
  ) {
    throw refusal("validation", "page.badCursor", {}, { field: "query.cursor" });
  }
  return key as CursorKey;
}

/** Normalises paging input: never more than 50 rows, never a negative offset. */
export function pageOf(p: PageInput = {}): { limit: number; offset: number } {
  const limit = Math.min(MAX_ROWS, Math.max(1, Math.trunc(p.limit ?? MAX_ROWS)));
  const offset = Math.max(0, Math.trunc(p.offset ?? 0));
  return { limit, offset };
}

/**
 * Builds a page from rows fetched with `limit + 1` (the extra row only tells whether there is a next page,
 * so no COUNT over the whole history is needed).
 */
export function toPage<R, T>(rows: R[], page: { limit: number; offset: number }, map: (r: R) => T): Page<T> {
  const more = rows.length > page.limit;
  return {
    items: rows.slice(0, page.limit).map(map),
    limit: page.limit,
    offset: page.offset,
    nextOffset: more ? page.offset + page.limit : null,
  };
}

/** A page from rows already rendered; `more` says whether the `limit + 1`st row existed. */
export function pageResult<T>(items: T[], page: { limit: number; offset: number }, more: boolean): Page<T> {
  return {
    items,
    limit: page.limit,
    offset: page.offset,
    nextOffset: more ? page.offset + page.limit : null,
  };
}

/** A page of a list with keyset paging. */
export type KeysetPage<T> = Page<T> & { nextCursor: string | null };

/**
 * A page of a list with keyset paging: `lastKey` is the page's last row's cursor key, `fromCursor` whether
 * the page was asked for by cursor (it then has no offset to go on from).
 */
export function keysetPageResult<T>(
  items: T[],
  page: { limit: number; offset: number },
  more: boolean,
  lastKey: CursorKey | undefined,
  fromCursor: boolean,
): KeysetPage<T> {
  return {
    ...pageResult(items, page, more && !fromCursor),
    nextCursor: more && lastKey ? encodeCursor(lastKey) : null,
  };
}

/**
 * Today's calendar date for people: the local day in the installation's time zone (`TIME_ZONE`, default
 * Europe/Zurich). The contract's own daily limits stay on UTC days (`src/mcp/allowance.ts`, `limits.ts`).
 */
export function todayOf(deps: ServiceDeps): string {
  return localDay(deps.clock.now(), deps.config?.timeZone ?? DEFAULT_TIME_ZONE);
}

export const DEFAULT_TIME_ZONE = "Europe/Zurich";

/** The refusal for an account without an employee record (the contract's 404 for the summary). */
export function noEmployee(): AppError {
  return refusal("not_found", "account.noEmployee");
}

/** The caller's own employee id, or the contract's 404 when the account has none. */
export function selfId(actor: Actor): string {
  if (!actor.employeeId) throw noEmployee();
  return actor.employeeId;
}

export type EmployeeRow = typeof employees.$inferSelect;

/**
 * The fields the leave, time and calendar rules read from an employee. Hot paths (the summary) load only
 * these columns; every full row is one too.
 */
export type EmployeeCore = Pick<
  EmployeeRow,
  | "id"
  | "canton"
  | "employmentStart"
  | "employmentEnd"
  | "workloadPercent"
  | "workingWeekdays"
  | "weeklyHours"
  | "birthDate"
>;

/** The caller's own employee record. */
export async function selfEmployee(q: Q, actor: Actor): Promise<EmployeeRow> {
  const id = selfId(actor);
  const row = await employeeById(q).get({ id });
  if (!row) throw noEmployee();
  return row;
}

const employeeById = prepared((q: Q) =>
  q.select().from(employees).where(eq(employees.id, sql.placeholder("id"))).limit(1)
);

/** ISO weekdays from the schema's comma list (`"1,2,3,4,5"`). */
export function weekdaysOf(e: Pick<EmployeeRow, "workingWeekdays">): number[] {
  return e.workingWeekdays.split(",").map((s) => Number(s.trim())).filter((n) => n >= 1 && n <= 7);
}

/** "First Last" for lists and notifications (names only, never sensitive fields). */
export function fullName(e: { firstName: string; lastName: string }): string {
  return `${e.firstName} ${e.lastName}`;
}

/**
 * The name of a record with `nameDe/nameEn/nameFr` (and an optional `nameIt`) in the caller's language.
 * Italian readers get the Italian name where the organisation gave one, else the German one (German is the
 * source language).
 */
export function localName(
  r: { nameDe: string; nameEn: string; nameFr: string; nameIt?: string | null },
  lang: Actor["language"],
): string {
  if (lang === "it") return r.nameIt ?? r.nameDe;
  return lang === "en" ? r.nameEn : lang === "fr" ? r.nameFr : r.nameDe;
}

/** A leave type's name in the caller's language; Italian falls back to German where HR gave none. */
export function leaveTypeName(
  t: { nameDe: string; nameEn: string; nameFr: string; nameIt?: string | null },
  lang: Actor["language"],
): string {
  return lang === "it" ? t.nameIt ?? t.nameDe : localName(t, lang);
}

/** A leave type's name in each language, for a refusal said in its reader's language (`inLang`). */
export function leaveTypeNames(
  t: { nameDe: string; nameEn: string; nameFr: string; nameIt?: string | null },
): Record<Lang, string> {
  return Object.fromEntries(LANGS.map((l) => [l, leaveTypeName(t, l)])) as Record<Lang, string>;
}

/** Records an in-app notification (and a push to each of the recipient's phones, `push/queue.ts`). The payload holds ids and flags only, never free text from the record. */
export async function notify(
  q: Q,
  n: {
    recipientEmployeeId: string;
    kind: NotificationKind;
    payload: Record<string, unknown>;
    actor: Actor;
    now: number;
  },
): Promise<void> {
  const [row] = await q.insert(notifications).values({
    recipientEmployeeId: n.recipientEmployeeId,
    kind: n.kind,
    payload: JSON.stringify({ ...n.payload, viaAssistant: n.actor.channel === "ASSISTANT" }),
    channel: n.actor.channel,
    createdAt: n.now,
  }).returning({ id: notifications.id });
  await queuePushes(q, {
    notificationId: row.id,
    recipientEmployeeId: n.recipientEmployeeId,
    kind: n.kind,
    payload: n.payload,
    now: n.now,
  });
}

/** A whole-year parameter: a sensible range so one request cannot ask for every year there is. */
export function checkYear(year: number, field = "year"): number {
  if (!Number.isInteger(year) || year < 2000 || year > 2100) {
    throw refusal("validation", "input.year", { field, value: year }, { field });
  }
  return year;
}

/** "00" to "99", and "000" to "999": the digits of an instant's fields. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
/** 9999-12-31T23:59:59.999Z + 1 ms: from here on `toISOString` writes six-digit years. */
const YEAR_10000 = 253_402_300_800_000;

/**
 * Epoch ms → ISO 8601 instant for responses, exactly `Date.prototype.toISOString`'s text. Lists write one or
 * more per row, and `toISOString` costs about a microsecond a call (profiled: a seventh of a page of leave
 * requests computed afresh); for whole milliseconds of the years 1970 to 9999 the same text is written here
 * by arithmetic (the date by `fromEpochDay`). Anything else goes to `Date` (which also throws for a time that
 * is no time, as before).
 */
export function iso(ms: number): string {
  if (!(ms >= 0 && ms < YEAR_10000) || ms !== Math.floor(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / 86_400_000);
  let rest = ms - days * 86_400_000;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${fromEpochDay(days)}T${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${
    THREE_DIGITS[rest - seconds * 1000]
  }Z`;
}

/** A date `YYYY-MM-DD` as the contract's date-time string (midnight UTC). */
export function dateAsInstant(date: string): string {
  return `${date}T00:00:00.000Z`;
}
