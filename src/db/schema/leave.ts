import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { day, flag, id, instant } from "./_common.ts";
import { employees } from "./people.ts";

/** Kinds of leave and how each behaves (deducted from a balance, what happens beyond it, carry-over). */
export const leaveTypes = sqliteTable("leave_types", {
  id: id(),
  code: text("code").notNull().unique(),
  nameDe: text("name_de").notNull(),
  nameEn: text("name_en").notNull(),
  nameFr: text("name_fr").notNull(),
  /** Italian name; null falls back to the German one. */
  nameIt: text("name_it"),
  /** Whether days taken reduce an entitlement (vacation: yes; unpaid leave: no). */
  deductsBalance: flag("deducts_balance").notNull().default(true),
  /** REFUSE: filing beyond the balance is refused; FLAG: allowed but marked as exceeding. */
  overdraft: text("overdraft").notNull().default("REFUSE"),
  /**
   * The policy's base: full-time entitlement per leave year in days of a five-day week, before the steps
   * below, the legal minimum and pro rata (domain/entitlement.ts).
   */
  defaultAnnualDays: real("default_annual_days").notNull().default(0),
  /**
   * JSON `[{ "fromAge"?: n, "fromServiceYears"?: n, "days": n }]`: more days from an age or a number of
   * service years reached in the leave year; the largest step that applies wins.
   */
  entitlementSteps: text("entitlement_steps").notNull().default("[]"),
  /** Whether a request may start in the afternoon or end at noon. */
  allowHalfDays: flag("allow_half_days").notNull().default(true),
  /** Most days that may be carried into the next leave year. */
  carryOverMaxDays: real("carry_over_max_days").notNull().default(0),
  /** `MM-DD` in the next year after which carried-over days lapse. */
  carryOverExpiry: text("carry_over_expiry").notNull().default("03-31"),
  /**
   * Special leave's length per event (maternity 98 calendar days, moving 1 working day; domain/special_leave.ts);
   * null: no limit per event.
   */
  eventDays: real("event_days"),
  /** WORKING_DAYS (days of a five-day week, scaled to the person's week) or CALENDAR_DAYS. */
  eventUnit: text("event_unit").notNull().default("WORKING_DAYS"),
  /** Requests closer together than this many months are one event (the other parent's leave: 6). */
  eventWithinMonths: integer("event_within_months"),
  active: flag("active").notNull().default(true),
});

/**
 * An employee's entitlement for one leave type and calendar year. `baseDays` is the full-time annual
 * entitlement; pro rata for entry, exit and workload is computed by the domain rules, not stored.
 */
export const leaveEntitlements = sqliteTable("leave_entitlements", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  leaveTypeId: text("leave_type_id").notNull().references(() => leaveTypes.id),
  year: integer("year").notNull(),
  baseDays: real("base_days").notNull(),
  carryOverDays: real("carry_over_days").notNull().default(0),
  carryOverExpiresOn: day("carry_over_expires_on"),
  adjustmentDays: real("adjustment_days").notNull().default(0),
}, (t) => [uniqueIndex("leave_entitlements_emp_type_year_idx").on(t.employeeId, t.leaveTypeId, t.year)]);

/**
 * A correction of one person's entitlement for a leave type and leave year by HR, with the reason; the
 * balance adds them up and lists them (the person's balance history).
 */
export const leaveAdjustments = sqliteTable("leave_adjustments", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  leaveTypeId: text("leave_type_id").notNull().references(() => leaveTypes.id),
  year: integer("year").notNull(),
  days: real("days").notNull(),
  note: text("note").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("leave_adjustments_emp_type_year_idx").on(t.employeeId, t.leaveTypeId, t.year)]);

/**
 * A leave request. States: AWAITING_APPROVAL → APPROVED | REJECTED | WITHDRAWN; APPROVED (future) →
 * CANCELLATION_REQUESTED → CANCELLED (or back to APPROVED when the cancellation is refused).
 * `daysByYear` is JSON `{ "2026": 2.5, "2027": 1 }`: a range over New Year draws on two leave years.
 */
export const leaveRequests = sqliteTable("leave_requests", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  leaveTypeId: text("leave_type_id").notNull().references(() => leaveTypes.id),
  startDate: day("start_date").notNull(),
  endDate: day("end_date").notNull(),
  /** FULL | AFTERNOON (only the afternoon of the first day is taken) */
  startPortion: text("start_portion").notNull().default("FULL"),
  /** FULL | MORNING (only the morning of the last day is taken) */
  endPortion: text("end_portion").notNull().default("FULL"),
  days: real("days").notNull(),
  daysByYear: text("days_by_year").notNull(),
  /** True when filed beyond the balance under a FLAG overdraft policy. */
  exceedsBalance: flag("exceeds_balance").notNull().default(false),
  status: text("status").notNull(),
  reason: text("reason"),
  approverEmployeeId: text("approver_employee_id").references(() => employees.id),
  decidedByUserId: text("decided_by_user_id"),
  decidedAt: instant("decided_at"),
  decisionNote: text("decision_note"),
  /** PORTAL | ASSISTANT */
  channel: text("channel").notNull().default("PORTAL"),
  cancellationRequestedAt: instant("cancellation_requested_at"),
  createdAt: instant("created_at").notNull(),
  updatedAt: instant("updated_at").notNull(),
}, (t) => [
  // A person's requests in the list's order (newest start, then newest filed, then id), read backwards: the
  // page needs no sort of its own, and the range checks by start date use its first two columns.
  index("leave_requests_emp_order_idx").on(t.employeeId, t.startDate, t.createdAt, t.id),
  index("leave_requests_approver_status_idx").on(t.approverEmployeeId, t.status),
  index("leave_requests_status_start_idx").on(t.status, t.startDate),
]);
