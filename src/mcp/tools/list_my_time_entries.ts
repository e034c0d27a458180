import { z } from "zod";
import { listTimeEntries, MAX_RANGE_DAYS, TIME_STATUSES, TIME_TYPES } from "../../services/time.ts";
import { isoDate, pageOut, paging } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** A time entry as the connector shows it (description and rejection note only with free text). */
export const timeEntryOut = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  breakMinutes: z.int(),
  totalHours: z.number(),
  type: z.enum(TIME_TYPES),
  projectCode: z.string().optional(),
  status: z.enum(TIME_STATUSES),
  createdAt: z.string(),
});

/** The person's time entries in a day range, with the sum. */
export const list_my_time_entries = defineTool({
  name: "list_my_time_entries",
  title: "My time entries",
  description:
    `The person's own time entries from 'from' to 'to' (both inclusive, at most ${MAX_RANGE_DAYS} days), oldest first, at most 50 per page, with the number of entries and the sum of hours over the whole range (not only this page). Optional filters: status, type. Descriptions and rejection notes only with include_free_text.`,
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({
    from: isoDate.describe("First day, YYYY-MM-DD."),
    to: isoDate.describe(`Last day, YYYY-MM-DD; at most ${MAX_RANGE_DAYS} days after 'from'.`),
    status: z.enum(TIME_STATUSES).optional(),
    type: z.enum(TIME_TYPES).optional(),
    include_free_text: z.boolean().optional().describe(
      "Include descriptions and rejection notes (default false).",
    ),
    ...paging,
  }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    count: z.int().describe("Entries in the whole range."),
    totalHours: z.number().describe("Sum of hours in the whole range."),
    items: z.array(timeEntryOut.extend({
      description: z.string().optional(),
      rejectionNote: z.string().optional(),
    })),
    ...pageOut,
  }),
  handler: async ({ deps, actor }, a) => {
    const r = await listTimeEntries(deps, actor, {
      from: a.from,
      to: a.to,
      status: a.status,
      type: a.type,
      limit: a.limit,
      offset: a.offset,
    });
    const items = a.include_free_text
      ? r.items
      : r.items.map(({ description: _d, rejectionNote: _n, ...e }) => e);
    return {
      data: { ...r, items },
      touched: [actor.employeeId!, ...items.map((e) => `time_entry:${e.id}`)],
      count: items.length,
    };
  },
});
