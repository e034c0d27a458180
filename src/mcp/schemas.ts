/**
 * Argument and result pieces the connector's tools share. Inputs are strict (an unknown argument is a
 * validation refusal, which is also how "a self-service write takes no free text" is enforced: there is
 * no argument to put it in). Outputs are plain objects: validating a result through them also strips any
 * field a service returns that the tool does not declare, so nothing undeclared ever reaches an assistant.
 */
import { z } from "zod";
import { isoDate } from "../domain/fields.ts";
import { MAX_ROWS } from "../services/common.ts";
import { PREVIEW_MINUTES, PREVIEW_VALIDITY } from "./previews.ts";

export { isoDate };

/** A calendar year argument. */
export const year = z.int().min(2000).max(2100).describe(
  "Calendar year, e.g. 2026. Defaults to the current year.",
);

/** Paging arguments of every list (contract: at most 50 rows per list). */
export const paging = {
  limit: z.int().min(1).max(MAX_ROWS).optional().describe(
    `Rows per page, 1 to ${MAX_ROWS} (default ${MAX_ROWS}).`,
  ),
  offset: z.int().min(0).max(100_000).optional().describe(
    "Rows to skip; pass the previous page's nextOffset.",
  ),
};

/** Paging fields of every list result. */
export const pageOut = {
  limit: z.int(),
  offset: z.int(),
  nextOffset: z.int().nullable().describe("Offset of the next page, or null on the last page."),
};

/** The only argument of a commit tool. */
export const previewIdArg = z.strictObject({
  previewId: z.string().min(1).max(100).describe("The previewId returned by the matching prepare_* tool."),
});

/** What every prepare tool adds to its preview. */
export const previewOut = {
  previewId: z.string().describe(
    "Pass this to the matching commit_* tool once the person agreed. Single use.",
  ),
  expiresAt: z.string().describe(
    `The preview expires at this instant (${PREVIEW_MINUTES} minutes after it was prepared).`,
  ),
};

/** A reference to a person as shown to the caller (name only). */
export const personRef = z.object({ employeeId: z.string(), name: z.string() });

/** A leave type as the services describe it. */
export const leaveTypeOut = z.object({
  code: z.string(),
  name: z.string(),
  deductsBalance: z.boolean(),
  overdraft: z.enum(["REFUSE", "FLAG"]),
});

/** A record id argument. */
/** A balance's carry-over by year of origin: the statutory days apart from the organisation's extra days. */
export const carriedDaysOut = z.array(z.object({
  year: z.int().describe("The leave year the days were left over from."),
  days: z.number(),
  kind: z.enum(["STATUTORY", "EXTRA"]).describe(
    "STATUTORY: the statutory minimum (OR Art. 329a), carried whatever the cap and owed until 31 December five " +
      "years after its year; EXTRA: the organisation's days above it, capped and lapsing with the carry-over.",
  ),
  lapsesOn: z.string().nullable().describe(
    "The last day they can be taken; null: the extra days never lapse.",
  ),
})).describe("The carry-over by year of origin, e.g. 4 statutory days from 2025 lapsing on 2030-12-31.");

export const recordId = (what: string) => z.string().min(1).max(64).describe(`The ${what} id.`);

/** The text block of a preview: it says plainly that nothing was filed yet and what to do next. */
export function previewText(commitTool: string, data: unknown): string {
  return `Preview only: nothing has been filed yet. Show this to the person; only after they agree, call ${commitTool} with the previewId (${PREVIEW_VALIDITY}).\n${
    JSON.stringify(data)
  }`;
}
