import { LANGS } from "../i18n/mod.ts";
import { rule, typeRule } from "../i18n/messages/mod.ts";
import { z } from "zod";
import {
  breakMinutes,
  decisionNote,
  entryDescription,
  hhmm,
  isoDate,
  leaveTypeCode,
  projectCode,
} from "../domain/fields.ts";
import { PortalEmployeeSummaryDTO as SummaryDTO } from "../services/summary_dto.ts";
import { SALARY_SCALES } from "../domain/sick.ts";
import { END_PORTIONS, START_PORTIONS } from "../domain/leave.ts";
import { LEAVE_STATUSES } from "../services/leave.ts";
import { CHANGE_FIELDS } from "../services/profile.ts";
import { TIME_STATUSES, TIME_TYPES } from "../services/time.ts";

// The states and kinds the services own, under the names the portal's modules use.
export { CHANGE_FIELDS, LEAVE_STATUSES };
export const TIME_ENTRY_TYPES = TIME_TYPES;
export const TIME_ENTRY_STATUSES = TIME_STATUSES;

/**
 * Shared field and record schemas of the portal. Named ones become `components.schemas` in the OpenAPI
 * document under the name given here; the handlers validate with the very same objects.
 */
export const namedSchemas: [z.ZodType, string][] = [];
function named<T extends z.ZodType>(schema: T, id: string): T {
  namedSchemas.push([schema, id]);
  return schema;
}

// The field types the connector validates with too.
export { hhmm, isoDate, projectCode };

/** An instant as ISO 8601 date-time (UTC). */
export const dateTime = z.string().meta({ format: "date-time", example: "2026-11-18T09:00:00.000Z" });

/** A record id in a path. */
export const idParam = z.strictObject({ id: z.string().min(1).max(64) });

/** The contract's `PortalEmployeeSummaryDTO` (the connector's `get_my_summary` returns it too). */
export const PortalEmployeeSummaryDTO = named(SummaryDTO, "PortalEmployeeSummaryDTO");

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
    note: z.string().optional().meta({
      description:
        "Only in the answer that records or changes the entry: how a clock time that happened twice " +
        "(the night the clocks go back) was read.",
    }),
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
  breakMinutes: breakMinutes.default(0),
  totalHours: z.number({ error: typeRule("rule.number") }).min(0, {
    message: rule("rule.between", { min: 0, max: 24 }),
  })
    .max(24, { message: rule("rule.between", { min: 0, max: 24 }) }).optional(),
  type: z.enum(TIME_ENTRY_TYPES, { error: rule("rule.oneOf", { values: TIME_ENTRY_TYPES.join(", ") }) })
    .default(
      "REGULAR",
    ),
  projectCode: projectCode.optional(),
  description: entryDescription.optional(),
});

/** A sick-leave absence as the contract shows it; `endDate` is left out while it is ongoing. */
export const SickLeaveEntry = named(
  z.strictObject({
    id: z.string(),
    startDate: dateTime,
    endDate: dateTime.optional(),
    isOngoing: z.boolean(),
    reason: z.string().optional().meta({
      description: "Only the owner and HR see it; never managers or assistants.",
    }),
    hasCertificate: z.boolean(),
    totalDays: z.number(),
    createdAt: dateTime,
  }),
  "SickLeaveEntry",
);

/** The body of `POST /employee/sick-leave/end`. */
export const SickLeaveEndBody = z.strictObject({
  action: z.literal("end", { error: rule("rule.literal", { value: "end" }) }),
  entryId: z.string({ error: typeRule("rule.string") }).min(1, { message: rule("rule.notEmpty") }),
  endDate: isoDate,
});

/** Salary continuation during illness under the employee's court scale. */
export const SalaryContinuation = named(
  z.strictObject({
    scale: z.enum(SALARY_SCALES),
    serviceYears: z.number(),
    weeksEntitled: z.number(),
    description: z.string(),
    owedFrom: isoDate.nullable().optional().meta({
      description:
        "Only while nothing is owed yet (Art. 324a para. 1 OR: the employment must have lasted, or " +
        "been concluded for, more than three months; `weeksEntitled` is then 0): the day from which it is, or " +
        "null when the employment was concluded for three months or less.",
    }),
  }),
  "SalaryContinuation",
);

// ---------------------------------------------------------------------------------------------------
// Self-service areas: query helpers and the records the portal answers with. Responses are
// strict: a field the handler returns that is not declared here is a bug and never leaves the server.
// ---------------------------------------------------------------------------------------------------

/**
 * A whole-number query parameter within bounds. Query strings arrive as text: only digits are taken (a
 * coercion would read an empty value, or `+`, which a query string turns into a space, as 0). The document
 * shows the parameter as the integer it is (`queryType`, read by the OpenAPI builder).
 */
export function intQuery(min: number, max: number, what: string) {
  const message = rule("rule.wholeFromTo", { min, max });
  return z.string({ error: message }).regex(/^[0-9]{1,15}$/, { message }).transform(Number)
    .pipe(z.number().int({ message }).min(min, { message }).max(max, { message }))
    .meta({ description: what, queryType: { type: "integer", minimum: min, maximum: max } });
}

/** A yes/no query parameter: `true` or `false`, shown in the document as the boolean it is. */
export function boolQuery(what: string) {
  return z.enum(["true", "false"], { error: rule("rule.boolean") }).transform((v) => v === "true")
    .meta({ description: what, queryType: { type: "boolean" } });
}

/** Paging of every list: at most 50 rows a page. */
export const pageQuery = {
  limit: intQuery(1, 50, "Rows per page, at most 50 (default 50).").optional(),
  offset: intQuery(0, 100_000, "Rows to skip (the previous page's `nextOffset`).").optional(),
};

/**
 * Paging of a list with keyset cursors: `cursor` (the previous page's `nextCursor`) starts after the last row
 * read, so a row added or removed meanwhile neither repeats nor skips one; `offset` still works in this
 * version and is deprecated.
 */
export const cursorPageQuery = {
  limit: pageQuery.limit,
  cursor: z.string().min(1).max(400).optional().meta({
    description:
      "Where the page starts: the previous page's `nextCursor` (opaque). Leave out for the first page.",
  }),
  offset: intQuery(0, 100_000, "Rows to skip (the previous page's `nextOffset`).").optional().meta({
    deprecated: true,
    description:
      "Deprecated: rows to skip (the previous page's `nextOffset`). A row added between two pages shows one " +
      "twice, a row removed skips one; use `cursor`. Not with `cursor`.",
  }),
};

/** The paging fields of a list response with keyset cursors. */
export function cursorPageFields<T extends z.ZodType>(item: T) {
  return {
    ...pageFields(item),
    nextOffset: z.int().nullable().meta({
      description:
        "Deprecated with `offset`: offset of the next page; null on the last page and after a cursor.",
    }),
    nextCursor: z.string().nullable().meta({
      description: "Pass as `cursor` for the next page; null on the last page.",
    }),
  };
}

/**
 * `updatedSince` of a list an app keeps offline: an instant (ISO 8601 with a zone, e.g. the previous sync's
 * `nextUpdatedSince`), as milliseconds for the services.
 */
export const updatedSinceQuery = z.iso.datetime({
  offset: true,
  error: rule("rule.dateTime"),
})
  .transform((v) => Date.parse(v))
  .optional()
  .meta({
    description:
      "Only what changed at or after this instant (the previous sync's `nextUpdatedSince`), in the " +
      "order of the change, with what left the list since in `deleted`. At most 90 days back (what left " +
      "a list is kept that long); older, or later than now, is a 400 naming this parameter, and the app " +
      "loads the whole list again with `1970-01-01T00:00:00Z` (every row, no deletions). Other date " +
      "filters do not apply.",
  });

/** The fields a list answers beside its page when asked with `updatedSince`. */
export const syncFields = {
  deleted: z.array(z.strictObject({ id: z.string(), deletedAt: dateTime })).optional().meta({
    description: "Only with `updatedSince`, on the last page (empty on the others): the ids that left the " +
      "list since, to drop from the app's copy (a list whose rows are never deleted answers it empty).",
  }),
  nextUpdatedSince: dateTime.nullable().optional().meta({
    description:
      "Only with `updatedSince`: on the last page, the `updatedSince` of the next sync, from the " +
      "server's clock (two minutes before the answer, so a write committing meanwhile is not missed; " +
      "a row may come twice); null while pages follow. The app never uses its own clock.",
  }),
};

/**
 * The envelope of a list that is never paged (a person's devices, assistants, archives; a year's absences): the
 * same `items` and `nextCursor` as every other list, so an app reads every list alike.
 */
export function wholeListFields<T extends z.ZodType>(item: T) {
  return {
    items: z.array(item),
    nextCursor: z.string().nullable().meta({ description: "Always null: the whole list is one page." }),
  };
}

/** A year query parameter. */
export const yearQuery = intQuery(2000, 2100, "Calendar (leave) year; default the current one.").optional();

/** The paging fields of every list response. */
export function pageFields<T extends z.ZodType>(item: T) {
  return {
    items: z.array(item).max(50),
    limit: z.int(),
    offset: z.int(),
    nextOffset: z.int().nullable().meta({ description: "Offset of the next page; null on the last page." }),
  };
}

/** The languages a person may choose (German, English, French, Italian). */
export const LANGUAGES = LANGS;

/** Another person as a list shows them: id and name only. */
export const PersonRef = named(z.strictObject({ employeeId: z.string(), name: z.string() }), "PersonRef");

/** The caller's own master data. `sensitive` is shown to the owner only and changed through HR. */
export const Profile = named(
  z.strictObject({
    id: z.string(),
    personnelNumber: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    signInEmail: z.string().nullable(),
    workEmail: z.string().nullable(),
    language: z.enum(LANGUAGES),
    contact: z.strictObject({
      phone: z.string().nullable(),
      privateEmail: z.string().nullable(),
      addressStreet: z.string().nullable(),
      addressPostalCode: z.string().nullable(),
      addressCity: z.string().nullable(),
      addressCountry: z.string().nullable(),
      emergencyContactName: z.string().nullable(),
      emergencyContactPhone: z.string().nullable(),
    }),
    employment: z.strictObject({
      canton: z.string().meta({ description: "The canton of work today: its public holidays apply." }),
      cantonChange: z.strictObject({ canton: z.string(), validFrom: isoDate }).nullable().meta({
        description: "A move of the place of work HR recorded for a later day: from `validFrom` on, that " +
          "canton's public holidays apply. Null when none is planned.",
      }),
      jobTitle: z.string().nullable(),
      department: z.string().nullable(),
      manager: PersonRef.nullable(),
      employmentStart: isoDate,
      employmentEnd: isoDate.nullable(),
      workloadPercent: z.number(),
      workingWeekdays: z.array(z.int().min(1).max(7)),
      weeklyHours: z.number(),
      salaryContinuationScale: z.enum(SALARY_SCALES),
    }),
    sensitive: z.strictObject({
      birthDate: isoDate.nullable(),
      ahvNumber: z.string().nullable(),
      iban: z.string().nullable(),
      nationality: z.string().nullable(),
      salary: z.strictObject({
        annualSalary: z.number(),
        currency: z.string(),
        payments: z.number(),
        validFrom: isoDate,
      }).nullable(),
    }).meta({ description: "Only the owner (and HR) sees these; change them with a change request." }),
    pendingChangeRequests: z.array(z.enum(CHANGE_FIELDS)),
  }),
  "Profile",
);

/** A request to HR to change a sensitive field (or a salary question). */
export const ProfileChangeRequest = named(
  z.strictObject({
    id: z.string(),
    field: z.enum(CHANGE_FIELDS),
    value: z.string(),
    comment: z.string().optional(),
    status: z.enum(["PENDING", "APPLIED", "REJECTED"]),
    decidedAt: dateTime.optional(),
    createdAt: dateTime,
  }),
  "ProfileChangeRequest",
);

export const LeaveType = named(
  z.strictObject({
    code: z.string(),
    name: z.string(),
    deductsBalance: z.boolean(),
    overdraft: z.enum(["REFUSE", "FLAG"]).meta({
      description: "REFUSE: filing beyond the balance is refused; FLAG: allowed and marked as exceeding.",
    }),
  }),
  "LeaveType",
);

/** A balance's carry-over by year of origin (balances and previews). */
const CarriedDaysList = z.array(z.strictObject({
  year: z.int().meta({ description: "The leave year the days were left over from." }),
  days: z.number(),
  kind: z.enum(["STATUTORY", "EXTRA"]).meta({
    description:
      "STATUTORY: the statutory minimum (OR Art. 329a), carried whatever the leave type's cap and expiry and " +
      "owed until 31 December five years after its year (OR Art. 128 no. 3); EXTRA: the organisation's days " +
      "above the minimum, capped and lapsing after `carryOverExpiresOn`.",
  }),
  lapsesOn: isoDate.nullable().meta({
    description: "The last day the days can be taken; null when the extra days have no expiry.",
  }),
})).meta({
  description:
    "`carryOver` by year of origin: the statutory days oldest first, then the extra days; they sum to " +
    "`carryOver`. Empty when nothing was carried and for types without a balance. E.g. " +
    '[{"year": 2025, "days": 4, "kind": "STATUTORY", "lapsesOn": "2030-12-31"}].',
});

export const LeaveBalance = named(
  z.strictObject({
    leaveType: LeaveType,
    year: z.int(),
    entitlement: z.number().nullable().meta({
      description:
        "Derived from the leave type's policy (age, service years, legal minimum of OR Art. 329a), pro rata for " +
        "entry and exit, in days of the person's own working week (a week off costs one week's days); null for " +
        "types without a balance. Rounded up to the half day, never below the exact pro-rata figure (OR Art. " +
        "329a para. 3): an entry on 1 July at 20 days a year is 20 × 184/365 = 10.08, so 10.5.",
    }),
    carryOver: z.number(),
    carryOverExpiresOn: isoDate.nullable(),
    carryOverLapsed: z.number(),
    carryOverAtRisk: z.number(),
    adjustments: z.number(),
    adjustmentHistory: z.array(z.strictObject({
      date: isoDate.meta({ description: "When HR made the correction (local date)." }),
      days: z.number(),
      note: z.string().meta({ description: "HR's reason, shown to the person." }),
    })).meta({
      description:
        "HR's corrections of this year's entitlement, oldest first; they sum to `adjustments` with any older " +
        "correction, except the imported opening balance's lines (an installation started during the year): " +
        "its carry-over is counted in `carryOver`, its days taken before the service in `used`.",
    }),
    available: z.number().nullable(),
    used: z.number().meta({
      description:
        "Approved days up to today, with the days taken before the service (imported opening balance).",
    }),
    planned: z.number(),
    pending: z.number().meta({ description: "Awaiting approval; shown apart, not deducted from remaining." }),
    closureDays: z.number(),
    remaining: z.number().nullable().meta({
      description: "available − used − planned; never clamped (see overdrawn).",
    }),
    overdrawn: z.boolean(),
    carryOverByYear: CarriedDaysList,
  }),
  "LeaveBalance",
);

export { END_PORTIONS, START_PORTIONS };
const daysByYear = z.record(z.string(), z.number()).meta({
  description: 'Leave year → days, e.g. {"2026": 2.5}.',
});

/** A leave request's supporting file (e.g. a wedding invitation), without its bytes. */
export const LeaveAttachment = z.strictObject({
  fileName: z.string().meta({
    description: "attachment.pdf, attachment.jpg or attachment.png: the type its content proved, never " +
      "the name it was uploaded under.",
  }),
  contentType: z.enum(["application/pdf", "image/jpeg", "image/png"]),
  sizeBytes: z.int(),
  uploadedAt: dateTime,
});

export const LeaveRequest = named(
  z.strictObject({
    id: z.string(),
    leaveType: LeaveType,
    startDate: isoDate,
    endDate: isoDate,
    startPortion: z.enum(START_PORTIONS),
    endPortion: z.enum(END_PORTIONS),
    days: z.number(),
    daysByYear,
    status: z.enum(LEAVE_STATUSES),
    exceedsBalance: z.boolean(),
    reason: z.string().optional(),
    approver: PersonRef.nullable().meta({
      description: "null: nobody in the reporting line can act; HR decides.",
    }),
    decisionNote: z.string().optional(),
    decidedAt: dateTime.optional(),
    channel: z.enum(["PORTAL", "ASSISTANT"]),
    cancellationRequestedAt: dateTime.optional(),
    createdAt: dateTime,
    canWithdraw: z.boolean(),
    canRequestCancellation: z.boolean(),
    attachment: LeaveAttachment.nullable().meta({
      description: "The requester's supporting file, or null; its bytes at " +
        "`GET /employee/leave/requests/{id}/attachment` (the requester) or " +
        "`GET /approvals/leave-requests/{id}/attachment` (the approver).",
    }),
  }),
  "LeaveRequest",
);

/** The body of a leave request and its preview. */
export const LeaveRequestBody = z.strictObject({
  leaveType: leaveTypeCode,
  startDate: isoDate,
  endDate: isoDate,
  startPortion: z.enum(START_PORTIONS, { error: rule("rule.either", { first: "FULL", last: "AFTERNOON" }) })
    .optional().meta({
      description: "AFTERNOON: only the afternoon of the first day is taken.",
    }),
  endPortion: z.enum(END_PORTIONS, { error: rule("rule.either", { first: "FULL", last: "MORNING" }) })
    .optional().meta({
      description:
        "MORNING: only the morning of the last day is taken. One half day: same start and end with one of them.",
    }),
  reason: z.string().trim().max(1000, { message: rule("rule.maxChars", { max: 1000 }) }).optional(),
});

export const LeavePreview = named(
  z.strictObject({
    leaveType: LeaveType,
    startDate: isoDate,
    endDate: isoDate,
    startPortion: z.enum(START_PORTIONS),
    endPortion: z.enum(END_PORTIONS),
    days: z.number().meta({ description: "Days deducted." }),
    daysByYear,
    holidaysInRange: z.array(z.strictObject({ date: isoDate, portion: z.number(), name: z.string() })),
    closureDaysInRange: z.int(),
    balances: z.array(z.strictObject({
      year: z.int(),
      days: z.number(),
      remainingBefore: z.number().meta({
        description: "Remaining less the requests already awaiting approval.",
      }),
      pending: z.number(),
      remainingAfter: z.number(),
      carryOverByYear: CarriedDaysList,
    })),
    exceedsBalance: z.boolean(),
    approver: PersonRef.nullable(),
    approverIsHr: z.boolean(),
  }),
  "LeavePreview",
);

/** A list of time entries with the count and sum over the whole range. */
export const TimeEntryList = named(
  z.strictObject({
    from: isoDate,
    to: isoDate,
    count: z.int(),
    totalHours: z.number().meta({ description: "Sum over the whole range and filter, not only this page." }),
    ...cursorPageFields(TimeEntry),
    ...syncFields,
  }),
  "TimeEntryList",
);

export const TimeEntryPreview = named(
  z.strictObject({
    date: isoDate,
    startTime: hhmm,
    endTime: hhmm,
    breakMinutes: z.int(),
    totalHours: z.number(),
    type: z.enum(TIME_ENTRY_TYPES),
    overnight: z.boolean(),
    dayEntries: z.array(TimeEntry),
    dayTotalHoursBefore: z.number(),
    dayTotalHoursAfter: z.number(),
    note: z.string().optional().meta({
      description:
        "How a clock time that happened twice (the night the clocks go back) is read: the first of " +
        "the two, unless `totalHours` matches the second.",
    }),
  }),
  "TimeEntryPreview",
);

/** A week of the caller's time sheet. */
export const TimeWeek = named(
  z.strictObject({
    weekStart: isoDate,
    weekEnd: isoDate,
    totalHours: z.number().meta({ description: "Hours of the week's entries except rejected ones." }),
    targetHours: z.number().meta({
      description:
        "Contract hours × workload, less public holidays and approved absences (leave, sickness, closure).",
    }),
    differenceHours: z.number(),
    workloadPercent: z.number(),
    draftCount: z.int(),
    submittedCount: z.int(),
    approvedCount: z.int(),
    rejectedCount: z.int(),
    status: z.enum(["EMPTY", "OPEN", "DRAFT", "SUBMITTED", "APPROVED", "REJECTED", "MIXED"]),
    days: z.array(z.strictObject({
      date: isoDate,
      hours: z.number(),
      targetHours: z.number(),
      holiday: z.number(),
      absence: z.number(),
    })),
    entries: z.array(TimeEntry).max(100),
  }),
  "TimeWeek",
);

/** A sick-leave absence with the certificate state and the take-back window. */
export const SickLeaveRecord = named(
  SickLeaveEntry.extend({
    degree: z.int().meta({ description: "Degree of incapacity in percent: 100 unable to work, 50 half." }),
    certificateState: z.enum(["NONE", "REQUESTED", "UPLOADED", "ACCEPTED"]),
    channel: z.enum(["PORTAL", "ASSISTANT"]),
    canTakeBack: z.boolean(),
    takeBackUntil: dateTime,
    status: z.enum(["REPORTED", "TAKEN_BACK"]).meta({
      description: "TAKEN_BACK: the employee took the report back within 24 hours; it counts nowhere.",
    }),
    takenBackAt: dateTime.optional().meta({ description: "When the report was taken back." }),
  }),
  "SickLeaveRecord",
);

const ContinuationUse = z.strictObject({
  serviceYearStart: isoDate,
  daysUsed: z.number().meta({
    description:
      "Calendar days drawn, each at its degree of incapacity (a day at 50 % draws 0.5); days of the " +
      "first three months, when nothing is owed (Art. 324a para. 1 OR), draw nothing.",
  }),
  weeksEntitled: z.number(),
  daysEntitled: z.int(),
  daysRemaining: z.number(),
  owedFrom: isoDate.nullable().optional().meta({
    description: "Only while nothing is owed yet: the day from which it is, or null when never (see " +
      "SalaryContinuation).",
  }),
});

export const SickLeaveYear = named(
  z.strictObject({
    year: z.int(),
    items: z.array(SickLeaveRecord),
    nextCursor: z.string().nullable().meta({
      description:
        "Null: the year's list is one page; with `updatedSince`, the next page's `cursor` (null on " +
        "the last page).",
    }),
    ...syncFields,
    totals: z.strictObject({
      absences: z.int(),
      days: z.int().meta({
        description: "Calendar days within the year; an ongoing absence counts up to today.",
      }),
      ongoing: z.int(),
      withCertificate: z.int(),
    }),
    salaryContinuation: ContinuationUse.meta({
      description:
        "Sick days drawn in the current service year across all absences, against the scale's entitlement.",
    }),
  }),
  "SickLeaveYear",
);

export const SickReportBody = z.strictObject({
  startDate: isoDate,
  endDate: isoDate.nullable().optional().meta({
    description: "Leave out (or null) while the absence is ongoing.",
  }),
  reason: z.string().trim().max(1000, { message: rule("rule.maxChars", { max: 1000 }) }).optional().meta({
    description: "Only HR sees it (and you); never your manager or an assistant.",
  }),
  degree: z.int({ error: typeRule("rule.wholePercent") }).min(1, {
    message: rule("rule.fromTo", { min: 1, max: 100 }),
  })
    .max(100, { message: rule("rule.fromTo", { min: 1, max: 100 }) }).optional().meta({
      description: "Degree of incapacity in percent (default 100). A day at 50 % draws half a day of the " +
        "salary continuation, so it lasts twice as long.",
    }),
});

export const SickReportPreview = named(
  z.strictObject({
    startDate: isoDate,
    endDate: isoDate.nullable(),
    isOngoing: z.boolean(),
    degree: z.int(),
    daysCovered: z.int(),
    salaryContinuation: z.strictObject({
      serviceYearStart: isoDate,
      daysEntitled: z.int(),
      daysUsedBefore: z.number(),
      daysUsedAfter: z.number(),
    }),
  }),
  "SickReportPreview",
);

export const PayslipSummary = named(
  z.strictObject({
    id: z.string(),
    period: z.string().meta({ description: "YYYY-MM" }),
    periodLabel: z.string(),
    paymentDate: isoDate,
    hasDocument: z.boolean(),
  }),
  "PayslipSummary",
);

export const Payslip = named(
  PayslipSummary.extend({
    currency: z.string(),
    gross: z.number(),
    net: z.number(),
    lines: z.array(z.strictObject({ label: z.string(), amount: z.number() })),
    documentName: z.string().optional(),
  }),
  "Payslip",
);

const SalaryStep = z.strictObject({
  validFrom: isoDate,
  annualSalary: z.number(),
  payments: z.number(),
  monthlySalary: z.number(),
  currency: z.string(),
  reason: z.string().optional(),
});

export const Compensation = named(
  z.strictObject({
    current: SalaryStep.nullable(),
    upcoming: z.array(SalaryStep),
    history: z.array(SalaryStep).max(50),
  }),
  "Compensation",
);

export const HolidayCalendar = named(
  z.strictObject({
    year: z.int(),
    canton: z.string(),
    publicHolidays: z.array(z.strictObject({
      date: isoDate,
      name: z.string(),
      portion: z.number().meta({ description: "1: the whole day off; 0.5: the afternoon off." }),
      isoWeekday: z.int(),
    })),
    halfDayHolidays: z.array(
      z.strictObject({ date: isoDate, name: z.string(), portion: z.number(), isoWeekday: z.int() }),
    )
      .meta({ description: "The days that cost only half a vacation day (e.g. 24 December afternoon)." }),
    schoolHolidays: z.array(z.strictObject({ name: z.string(), startDate: isoDate, endDate: isoDate })),
  }),
  "HolidayCalendar",
);

export const ClosureCalendar = named(
  z.strictObject({
    year: z.int(),
    closures: z.array(z.strictObject({
      id: z.string(),
      name: z.string(),
      startDate: isoDate,
      endDate: isoDate,
      deductsLeave: z.boolean(),
      vacationDaysCharged: z.number(),
      days: z.array(z.strictObject({ date: isoDate, workThrough: z.boolean(), vacationCost: z.number() })),
    })),
    workThroughDays: z.array(z.strictObject({ date: isoDate, closureId: z.string() })),
  }),
  "ClosureCalendar",
);

export const TeamAbsence = named(
  z.strictObject({
    employeeId: z.string(),
    name: z.string(),
    kind: z.enum(["LEAVE", "SICK"]),
    status: z.string(),
    startDate: isoDate,
    endDate: isoDate,
  }),
  "TeamAbsence",
);

const DecisionBalance = z.strictObject({
  year: z.int(),
  days: z.number(),
  remainingBefore: z.number(),
  remainingAfter: z.number(),
});

export const LeaveApproval = named(
  z.strictObject({
    kind: z.enum(["LEAVE_REQUEST", "LEAVE_CANCELLATION"]),
    employee: PersonRef,
    request: LeaveRequest,
    balances: z.array(DecisionBalance).meta({ description: "The requester's remaining days if approved." }),
    teamAbsences: z.array(TeamAbsence).max(50),
    attachment: LeaveAttachment.nullable().meta({
      description: "The requester's supporting file (e.g. a wedding invitation), or null; its bytes at " +
        "`GET /approvals/leave-requests/{id}/attachment`.",
    }),
  }),
  "LeaveApproval",
);

export const DecisionBody = z.strictObject({
  decision: z.enum(["APPROVE", "REJECT"], {
    error: rule("rule.either", { first: "APPROVE", last: "REJECT" }),
  }),
  note: decisionNote.optional(),
});

export const TimesheetApproval = named(
  z.strictObject({
    id: z.string().meta({
      description: "The item's id (the week and the person), as `deleted` names it with `updatedSince`.",
    }),
    employee: PersonRef,
    weekStart: isoDate,
    totalHours: z.number(),
    targetHours: z.number(),
    submittedCount: z.int(),
    entries: z.array(TimeEntry),
  }),
  "TimesheetApproval",
);

export const TeamCalendar = named(
  z.strictObject({
    from: isoDate,
    to: isoDate,
    members: z.array(z.strictObject({ employeeId: z.string(), name: z.string(), canton: z.string() })).max(
      50,
    ),
    absences: z.array(TeamAbsence).max(50),
    publicHolidays: z.array(z.strictObject({
      canton: z.string(),
      days: z.array(z.strictObject({ date: isoDate, portion: z.number() })),
    })),
    closures: z.array(z.strictObject({
      name: z.string(),
      startDate: isoDate,
      endDate: isoDate,
      deductsLeave: z.boolean().meta({ description: "True: the closure's days are taken from vacation." }),
      cantons: z.array(z.string()).meta({ description: "Where it applies; empty: everywhere." }),
    })).max(50).meta({
      description:
        "Company closures in the range that apply in a canton of the team, in the reader's language.",
    }),
    schoolHolidays: z.array(z.strictObject({
      canton: z.string(),
      name: z.string(),
      startDate: isoDate,
      endDate: isoDate,
    })).max(100).meta({
      description: "School holidays of the team's cantons in the range (as HR imported them).",
    }),
  }),
  "TeamCalendar",
);
