import { z } from "zod";

/**
 * Shared field and record schemas of the portal. Named ones become `components.schemas` in the OpenAPI
 * document under the name given here; the handlers validate with the very same objects.
 */
export const namedSchemas: [z.ZodType, string][] = [];
function named<T extends z.ZodType>(schema: T, id: string): T {
  namedSchemas.push([schema, id]);
  return schema;
}

/** True for a real calendar day in `YYYY-MM-DD` (29 February only in leap years). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** A calendar-valid date `YYYY-MM-DD`. */
export const isoDate = z.string({ error: "must be a date YYYY-MM-DD" })
  .refine(isCalendarDate, { message: "must be a calendar-valid date YYYY-MM-DD" })
  .meta({ format: "date", example: "2026-11-18" });

/** A time of day `HH:MM` (00:00–23:59). */
export const hhmm = z.string({ error: "must be a time HH:MM" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "must be a time HH:MM between 00:00 and 23:59" })
  .meta({ example: "08:00" });

/** An instant as ISO 8601 date-time (UTC). */
export const dateTime = z.string().meta({ format: "date-time", example: "2026-11-18T09:00:00.000Z" });

/** A record id in a path. */
export const idParam = z.strictObject({ id: z.string().min(1).max(64) });

export const TIME_ENTRY_TYPES = ["REGULAR", "OVERTIME", "COMPENSATION", "WEITERBILDUNG", "VORBEREITUNG"] as const;
export const TIME_ENTRY_STATUSES = ["DRAFT", "SUBMITTED", "APPROVED", "REJECTED"] as const;

/** The contract's `PortalEmployeeSummaryDTO`: exactly these fields, all required, nothing else. */
export const PortalEmployeeSummaryDTO = named(
  z.strictObject({
    leave: z.strictObject({
      year: z.int(),
      remaining: z.number(),
      entitlement: z.number(),
      used: z.number(),
      planned: z.number(),
    }).nullable(),
    timesheet: z.strictObject({
      weekStart: isoDate,
      totalHours: z.number(),
      targetHours: z.number(),
      draftCount: z.int(),
    }).nullable(),
    nextPayoutDate: isoDate.nullable(),
    latestPayslipPeriod: z.string().nullable(),
    todos: z.strictObject({
      feedbackDrafts: z.int(),
      surveyInvitations: z.int(),
      onboardingOpen: z.boolean(),
      documentsMissing: z.boolean(),
      total: z.int().meta({ description: "Drives the badge count." }),
    }),
  }),
  "PortalEmployeeSummaryDTO",
);

/** A time entry as the contract shows it; optional text fields are left out when empty. */
export const TimeEntry = named(
  z.strictObject({
    id: z.string(),
    date: isoDate,
    startTime: hhmm,
    endTime: hhmm,
    breakMinutes: z.int(),
    totalHours: z.number(),
    type: z.enum(TIME_ENTRY_TYPES),
    projectCode: z.string().optional(),
    description: z.string().optional(),
    status: z.enum(TIME_ENTRY_STATUSES),
    rejectionNote: z.string().optional(),
    createdAt: dateTime,
  }),
  "TimeEntry",
);

/**
 * The body of `POST /employee/time-entries`. Our design where the contract is silent: `startTime` and
 * `endTime` are required (`HH:MM`; an end at or before the start is an overnight shift), `totalHours` is
 * derived from them and the break; when sent it must agree with them (to the minute). `type` is optional
 * and defaults to REGULAR.
 */
export const TimeEntryBody = z.strictObject({
  date: isoDate,
  startTime: hhmm,
  endTime: hhmm,
  breakMinutes: z.int({ error: "must be a whole number of minutes" }).min(0, { message: "must be at least 0" })
    .max(1440, { message: "must be at most 1440" }).default(0),
  totalHours: z.number({ error: "must be a number" }).min(0, { message: "must be between 0 and 24" })
    .max(24, { message: "must be between 0 and 24" }).optional(),
  type: z.enum(TIME_ENTRY_TYPES, { error: `must be one of ${TIME_ENTRY_TYPES.join(", ")}` }).default("REGULAR"),
  projectCode: z.string().trim().max(50, { message: "must be at most 50 characters" }).optional(),
  description: z.string().trim().max(2000, { message: "must be at most 2000 characters" }).optional(),
});

/** A sick-leave absence as the contract shows it; `endDate` is left out while it is ongoing. */
export const SickLeaveEntry = named(
  z.strictObject({
    id: z.string(),
    startDate: dateTime,
    endDate: dateTime.optional(),
    isOngoing: z.boolean(),
    reason: z.string().optional().meta({ description: "Only the owner and HR see it; never managers or assistants." }),
    hasCertificate: z.boolean(),
    totalDays: z.number(),
    createdAt: dateTime,
  }),
  "SickLeaveEntry",
);

/** The body of `POST /employee/sick-leave/end`. */
export const SickLeaveEndBody = z.strictObject({
  action: z.literal("end", { error: "must be 'end'" }),
  entryId: z.string({ error: "must be a string" }).min(1, { message: "must not be empty" }),
  endDate: isoDate,
});

export const SCALES = ["BERNER", "ZUERCHER", "BASLER"] as const;

/** Salary continuation during illness under the employee's court scale. */
export const SalaryContinuation = named(
  z.strictObject({
    scale: z.enum(SCALES),
    serviceYears: z.number(),
    weeksEntitled: z.number(),
    description: z.string(),
  }),
  "SalaryContinuation",
);
