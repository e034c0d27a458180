import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { day, id, instant } from "./_common.ts";
import { employees } from "./people.ts";

/**
 * A time entry. States: DRAFT (editable) → SUBMITTED (week submitted) → APPROVED | REJECTED (read-only;
 * a rejection carries a note). Times are `HH:MM`; an end before the start means an overnight shift.
 */
export const timeEntries = sqliteTable("time_entries", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  date: day("date").notNull(),
  startTime: text("start_time"),
  endTime: text("end_time"),
  breakMinutes: integer("break_minutes").notNull().default(0),
  totalHours: real("total_hours").notNull(),
  /** REGULAR | OVERTIME | COMPENSATION | WEITERBILDUNG | VORBEREITUNG */
  type: text("type").notNull().default("REGULAR"),
  projectCode: text("project_code"),
  description: text("description"),
  status: text("status").notNull().default("DRAFT"),
  rejectionNote: text("rejection_note"),
  submittedAt: instant("submitted_at"),
  decidedByUserId: text("decided_by_user_id"),
  decidedAt: instant("decided_at"),
  channel: text("channel").notNull().default("PORTAL"),
  /**
   * For an entry a timer recorded: the moments of the clock-in and clock-out the entry's times were read
   * from (the device's when it sent one, else the service's) and when the service received each, so an
   * offline clock-in synced later shows both. Null for entries typed in by hand.
   */
  clockInAt: instant("clock_in_at"),
  clockInReceivedAt: instant("clock_in_received_at"),
  clockOutAt: instant("clock_out_at"),
  clockOutReceivedAt: instant("clock_out_received_at"),
  createdAt: instant("created_at").notNull(),
  updatedAt: instant("updated_at").notNull(),
}, (t) => [
  index("time_entries_emp_date_idx").on(t.employeeId, t.date),
  index("time_entries_status_idx").on(t.status, t.date),
]);

/**
 * A running clock-in timer: at most one per person (the unique employee id). Stopping it records a DRAFT time
 * entry and deletes the row; discarding deletes it. `startedAt` is the instant of the clock-in, read in the
 * service's time zone for the entry's date and start time: the device's moment when the app sent one (an
 * offline clock-in synced later), else the moment the service received the start. `receivedAt` is when the
 * service received it (null for timers started before it was kept: then the same as `startedAt`).
 */
export const timeTimers = sqliteTable("time_timers", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }).unique(),
  startedAt: instant("started_at").notNull(),
  receivedAt: instant("received_at"),
  /** REGULAR | OVERTIME | COMPENSATION | WEITERBILDUNG | VORBEREITUNG, carried into the entry. */
  type: text("type").notNull().default("REGULAR"),
  projectCode: text("project_code"),
  description: text("description"),
  channel: text("channel").notNull().default("PORTAL"),
});

/**
 * A break of a running timer, recorded as it starts and ends so a phone that goes offline can send each
 * event later with the moment it happened on the device (within the same bounds as the clock events).
 * `endedAt` is null while the break runs; at most one runs per timer (checked by the service in the
 * transaction that writes the row). The moments the service received each event are kept beside them. The
 * rows go with their timer: the stop sums the spans into the entry's `breakMinutes`, as an entry keeps no
 * break intervals.
 */
export const timeTimerBreaks = sqliteTable("time_timer_breaks", {
  id: id(),
  timerId: text("timer_id").notNull().references(() => timeTimers.id, { onDelete: "cascade" }),
  startedAt: instant("started_at").notNull(),
  startReceivedAt: instant("start_received_at").notNull(),
  endedAt: instant("ended_at"),
  endReceivedAt: instant("end_received_at"),
}, (t) => [index("time_timer_breaks_timer_idx").on(t.timerId, t.startedAt)]);
