/**
 * What every list an app keeps an offline copy of shares (`updatedSince`): leave requests, time entries, sick
 * leave, payslips, notifications and to-dos; and a manager's queues of leave requests and weeks to decide
 * (src/services/approvals.ts), which leave by their state or by a tombstone. One design for all:
 *
 * - A row's change instant is the last time it changed as the list shows it (`updatedAt` where rows change;
 *   the creation for payslips, which never change; a notification's reading). Asked with `updatedSince`, a
 *   list answers the rows changed at or after it, oldest change first (then id), paged by a cursor over that
 *   order: a row changed again while the app pages moves behind the cursor and comes again, never skipped.
 * - What left the list since (a deleted row, a to-do done) comes as `deleted: [{id, deletedAt}]` on the last
 *   page, from `sync_tombstones` (written in the transaction that removes the row) or, where the row stays and
 *   only its state takes it out of a derived list, from that state's instant.
 * - The last page carries `nextUpdatedSince`, the next sync's start, read from the server's clock less a
 *   margin: a write whose clock was read before the answer but committed after it still comes next time. The
 *   app never uses its own clock. A row may come twice; none is missed.
 * - Tombstones are kept `SYNC_KEPT_DAYS`; an older `updatedSince` (or one later than now) is refused naming
 *   the field, and the app loads the whole list again with `1970-01-01T00:00:00Z`, which answers every row and
 *   no deletions (an empty copy has nothing to drop).
 */
import { and, asc, eq, gte, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { syncTombstones } from "../db/schema/mod.ts";
import { refusal } from "../errors.ts";
import {
  type CursorKey,
  decodeCursor,
  iso,
  type KeysetPage,
  keysetPageResult,
  type PageInput,
  type Q,
  type ServiceDeps,
} from "./common.ts";

/** How long what left a list is remembered; an `updatedSince` older than this is refused. */
export const SYNC_KEPT_DAYS = 90;

/**
 * How far before the answer the next sync starts: longer than any write transaction runs between reading the
 * clock and committing (the idempotency claim allows two minutes too), so such a write is never missed.
 */
export const SYNC_MARGIN_MS = 120_000;

/** The `updatedSince` of a full load: every row, no deletions. */
export const FULL_SYNC = 0;

/** The lists whose rows are remembered when they leave. */
export type SyncList =
  | "LEAVE_REQUEST"
  | "TIME_ENTRY"
  | "SICK_LEAVE"
  | "PAYSLIP"
  | "NOTIFICATION"
  | "TODO"
  /** A manager's queue of leave requests to decide: a request routed to someone else leaves it. */
  | "LEAVE_APPROVAL";

/** The fields a list answers beside its page when asked with `updatedSince`. */
export interface SyncFields {
  /** What left the list since (on the last page; empty on the others and on a full load). */
  deleted: { id: string; deletedAt: string }[];
  /** On the last page: the `updatedSince` of the next sync; null while pages follow. */
  nextUpdatedSince: string | null;
}

/**
 * Checks `updatedSince` against what is still remembered and reads the cursor of a sync (change instant,
 * id). A refusal names `updatedSince`; the app then loads the whole list again.
 */
export function syncStart(
  deps: Pick<ServiceDeps, "clock">,
  input: PageInput & { updatedSince: number },
): { since: number; cursor: [number, string] | null } {
  const now = deps.clock.now();
  const since = input.updatedSince;
  if (since !== FULL_SYNC && (since < now - SYNC_KEPT_DAYS * 86_400_000 || since > now)) {
    throw refusal("validation", "sync.updatedSince", { days: SYNC_KEPT_DAYS }, { field: "updatedSince" });
  }
  return { since, cursor: decodeCursor(input, ["number", "string"]) as [number, string] | null };
}

/** The sync's conditions on a list's change instant: at or after `since`, after the cursor's row. */
export function changedAfter(
  changedAt: SQLWrapper,
  id: SQLWrapper,
  since: number,
  cursor: [number, string] | null,
): SQL[] {
  return [
    gte(changedAt, since),
    ...(cursor ? [sql`(${changedAt}, ${id}) > (${cursor[0]}, ${cursor[1]})`] : []),
  ];
}

/** Rows that left a person's list at or after `since`, from the tombstones. */
export async function removedSince(
  q: Q,
  employeeId: string,
  list: SyncList,
  since: number,
): Promise<{ id: string; deletedAt: number }[]> {
  if (since === FULL_SYNC) return [];
  const rows = await q.select({ id: syncTombstones.rowId, deletedAt: syncTombstones.deletedAt })
    .from(syncTombstones).where(and(
      eq(syncTombstones.employeeId, employeeId),
      eq(syncTombstones.list, list),
      gte(syncTombstones.deletedAt, since),
    )).orderBy(asc(syncTombstones.deletedAt), asc(syncTombstones.rowId));
  return rows;
}

/**
 * A page of a sync: `rows` fetched with `limit + 1` in the order of their change, `keyOf` a row's change
 * instant and id. The last page says what left the list (`removed`, asked only then) and the next sync's start.
 */
export async function syncPage<R, T>(
  deps: Pick<ServiceDeps, "clock">,
  at: { since: number; fromCursor: boolean; page: { limit: number; offset: number } },
  rows: R[],
  render: (shown: R[]) => T[] | Promise<T[]>,
  keyOf: (r: R) => CursorKey,
  removed: () => Promise<{ id: string; deletedAt: number }[]>,
): Promise<KeysetPage<T> & SyncFields> {
  const more = rows.length > at.page.limit;
  const shown = rows.slice(0, at.page.limit);
  const last = shown.at(-1);
  const gone = more ? [] : await removed();
  const unique = new Map<string, number>();
  for (const g of gone) unique.set(g.id, Math.max(unique.get(g.id) ?? 0, g.deletedAt));
  return {
    ...keysetPageResult(await render(shown), at.page, more, last && keyOf(last), at.fromCursor),
    deleted: [...unique].map(([id, deletedAt]) => ({ id, deletedAt: iso(deletedAt) })),
    nextUpdatedSince: more ? null : iso(Math.max(at.since, deps.clock.now() - SYNC_MARGIN_MS)),
  };
}

/**
 * Remembers that rows left a person's list, in the transaction that removes them, so the app's next sync
 * drops them from its copy.
 */
export async function recordRemoved(
  q: Q,
  r: { employeeId: string; list: SyncList; rowIds: readonly string[]; now: number },
): Promise<void> {
  if (!r.rowIds.length) return;
  await q.insert(syncTombstones).values(
    r.rowIds.map((rowId) => ({ employeeId: r.employeeId, list: r.list, rowId, deletedAt: r.now })),
  );
}

/** Forgets what left the lists before the kept period (the retention run); answers how many went. */
export async function pruneTombstones(q: Q, now: number): Promise<number> {
  const gone = await q.delete(syncTombstones)
    .where(sql`${syncTombstones.deletedAt} < ${now - SYNC_KEPT_DAYS * 86_400_000}`)
    .returning({ id: syncTombstones.id });
  return gone.length;
}
