import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, instant } from "./_common.ts";
import { employees } from "./people.ts";

/**
 * A row that left one of the lists an app keeps an offline copy of (`updatedSince`): a deleted time entry
 * or notification, or a to-do that is no longer one (discarded, answered, declined, its plan closed). A
 * deleted row leaves nothing else behind, so without this an app could not tell that its copy should drop it.
 * Written in the transaction that removes the row; kept 90 days (`SYNC_KEPT_DAYS`), then the retention run
 * deletes it and an older `updatedSince` is refused.
 */
export const syncTombstones = sqliteTable("sync_tombstones", {
  id: id(),
  /** The person whose list the row was in. */
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  /** LEAVE_REQUEST | TIME_ENTRY | SICK_LEAVE | PAYSLIP | NOTIFICATION | TODO */
  list: text("list").notNull(),
  /** The id the list showed (the row itself is gone). */
  rowId: text("row_id").notNull(),
  deletedAt: instant("deleted_at").notNull(),
}, (t) => [
  index("sync_tombstones_emp_list_idx").on(t.employeeId, t.list, t.deletedAt),
  index("sync_tombstones_deleted_idx").on(t.deletedAt),
]);
