/**
 * The summary's schema, shared by the two doors that answer with it: the portal (`GET /me/summary`) and the
 * connector (`get_my_summary`). It sits below both so neither door imports the other.
 */
import { z } from "zod";
import { isoDate } from "../domain/fields.ts";

/** The contract's `PortalEmployeeSummaryDTO`: exactly these fields, all required, nothing else. */
export const PortalEmployeeSummaryDTO = z.strictObject({
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
});
